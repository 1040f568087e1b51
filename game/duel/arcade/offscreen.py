"""Duel frames without a window: the screenshot command, golden tests and the frame benchmark."""

from __future__ import annotations

from game.arcade.offscreen import render  # sets the dummy SDL drivers first (no window)
from game.arcade.thinking import Thinker

from .scenes import DuelPlayScene
from .session import DuelSession


def play_scene_at(board, players: dict[str, str], round_no: int, size: tuple[int, int], *, map_name: str = "map",
                  seed: int = 0, text: bool = True) -> DuelPlayScene:
    """A play scene whose bots have played until round ``round_no`` began (animations over)."""
    from game.arcade.app import make_context

    ctx = make_context(size, sprites_dir="", maps=[])
    session = DuelSession(board, players, seed=seed, map_name=map_name)
    session.play_to_round(round_no)
    return DuelPlayScene(ctx, session, text=text, thinker=Thinker(synchronous=True))


__all__ = ["play_scene_at", "render"]
