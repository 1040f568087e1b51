"""Scotland Yard frames without a window: the screenshot command, golden tests, benchmarks."""

from __future__ import annotations

from game.arcade.offscreen import render  # sets the dummy SDL drivers first (no window)
from game.arcade.thinking import Thinker

from .scenes import SyPlayScene
from .session import SySession


def play_scene_at(players: dict[str, str], round_no: int, size: tuple[int, int], *, seed: int = 0,
                  move_time: float = 0.2, text: bool = True, mode: str = "spectator") -> SyPlayScene:
    """A play scene whose AIs have played until Mr X's move ``round_no`` is next (animations over)."""
    from game.arcade.app import make_context

    ctx = make_context(size, sprites_dir="", maps=[])
    session = SySession(players, seed=seed, move_time=move_time)
    session.play_to_round(round_no)
    return SyPlayScene(ctx, session, text=text, thinker=Thinker(synchronous=True), mode=mode)


__all__ = ["play_scene_at", "render"]
