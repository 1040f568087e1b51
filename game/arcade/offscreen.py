"""Rendering without a window, for the screenshot and bench-frames commands (which import no
pygame themselves: what draws lives in the arcade package).

Importing this module sets the dummy SDL drivers before pygame starts, so nothing opens on
screen; a 1x1 display mode exists only so surfaces can be converted for fast blits.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402


def init() -> None:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def frame_surface(size: tuple[int, int]) -> pygame.Surface:
    """A surface to draw arcade frames on, converted for fast blits."""
    return pygame.Surface(size).convert()


def save_png(surface: pygame.Surface, path: str) -> None:
    """Write ``surface`` to ``path``; OSError, with pygame's reason, if it cannot be written."""
    try:
        pygame.image.save(surface, path)
    except pygame.error as exc:
        raise OSError(str(exc)) from None


def render(scene, size: tuple[int, int]) -> pygame.Surface:
    """One frame of ``scene`` on a fresh surface of ``size`` (the arcade's background behind it)."""
    surface = pygame.Surface(size)
    surface.fill((10, 12, 22))
    scene.draw(surface)
    return surface
