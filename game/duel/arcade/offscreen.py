"""Duel frames without a window: the screenshot command, golden tests and the frame benchmark."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.arcade.thinking import Thinker  # noqa: E402

from .scenes import DuelPlayScene  # noqa: E402
from .session import DuelSession  # noqa: E402


def play_scene_at(board, players: dict[str, str], round_no: int, size: tuple[int, int], *, map_name: str = "map",
                  seed: int = 0, text: bool = True) -> DuelPlayScene:
    """A play scene whose bots have played until round ``round_no`` began (animations over)."""
    from game.arcade.app import make_context

    ctx = make_context(size, sprites_dir="", maps=[])
    session = DuelSession(board, players, seed=seed, map_name=map_name)
    session.play_to_round(round_no)
    return DuelPlayScene(ctx, session, text=text, thinker=Thinker(synchronous=True))


def render(scene, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size)
    surface.fill((10, 12, 22))
    scene.draw(surface)
    return surface
