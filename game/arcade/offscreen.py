"""Rendering without a window, for the screenshot and bench-frames commands.

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
