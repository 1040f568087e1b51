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

from .boardview import OVERLAYS  # noqa: E402


def init() -> None:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def parse_overlays(text: str | None, default: set[str]) -> set[str]:
    """``"all"``, ``"none"`` or a comma list of overlay names; ValueError for unknown names."""
    if text is None:
        return set(default)
    text = text.strip().lower()
    if text == "all":
        return set(OVERLAYS)
    if text in ("", "none"):
        return set()
    names = {n.strip().replace("-", "_") for n in text.split(",") if n.strip()}
    unknown = names - set(OVERLAYS)
    if unknown:
        raise ValueError(f"unknown overlay {', '.join(sorted(unknown))}: use all, none or some of "
                         f"{', '.join(OVERLAYS)}")
    return names


def frame_surface(size: tuple[int, int]) -> pygame.Surface:
    """A surface to draw arcade frames on, converted for fast blits."""
    return pygame.Surface(size).convert()


def render_at_turn(map_path: str, seed: int, agent: str, turn: int, size: tuple[int, int], overlays: set[str],
                   hint: int | None = None, rules=None) -> pygame.Surface:
    """The arcade frame once the game has reached ``turn`` (animations finished), with
    ``overlays`` and hint ``hint``'s area highlighted; ``rules`` a variant (None: the default)."""
    from .app import make_context, start_play

    ctx = make_context(size, config=rules)
    play = start_play(ctx, map_path, seed, agent, overlays=overlays, speed="instant")
    play.match.advance_to_turn(turn)
    play.view.catch_up()
    play.view.director.finish_all()
    if hint is not None and 1 <= hint <= len(play.match.state.hints):
        play.selected_hint = hint
        play.set_focus()
    surface = pygame.Surface(size)
    play.draw(surface)
    return surface


def save_png(surface: pygame.Surface, path: str) -> None:
    """Write ``surface`` to ``path``; OSError, with pygame's reason, if it cannot be written."""
    try:
        pygame.image.save(surface, path)
    except pygame.error as exc:
        raise OSError(str(exc)) from None
