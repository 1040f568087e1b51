"""scotland_yard_v0's frames: the Scotland Yard arcade's own play scene in its detectives' view
(never where Mr X hides: a frame is public), drawn off screen (``rgb_array``) or in a window
(``human``).

A :class:`~game.scotlandyard.arcade.session.SySession` started from the environment's first
state replays the engine's moves and a :class:`~game.scotlandyard.arcade.scenes.SyPlayScene`
draws it, as the screenshot command does. The seats name the random players only so that no
seat is a person (a person's seat would lock the view to the side to move); they never move.
"""

from __future__ import annotations

import numpy as np

from game.arcade.thinking import Thinker
from game.scotlandyard.arcade.scenes import SyPlayScene
from game.scotlandyard.arcade.session import SySession

from .frames import FrameTarget


class ScotlandYardFrames(FrameTarget):
    caption = "scotland_yard_v0"

    def __init__(self, size: tuple[int, int], *, window: bool = False):
        super().__init__(size, window=window)
        self.session: SySession | None = None
        self._start = None

    def show(self, start, state) -> np.ndarray:
        """Draw the game that began at ``start`` and has reached ``state`` (its history is the
        moves to replay)."""
        moves = state.history
        if self.session is None or self._start is not start or len(self.session.history) - 1 > len(moves):
            self.session = SySession({"mrx": "random", "detectives": "random"}, start=start, move_time=0.01)
            self._start = start
        for move in moves[len(self.session.history) - 1:]:
            self.session.apply_recorded(move)
        if self.session.state != state:
            raise RuntimeError("the arcade's replay of the episode differs from the environment's state")
        scene = SyPlayScene(self.ctx, self.session, thinker=Thinker(synchronous=True), mode="detectives")
        return self.draw(scene.draw)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()
        super().close()
