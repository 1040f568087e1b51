"""duel_v0's frames: the duel arcade's own play scene, drawn off screen (``rgb_array``) or in a
window (``human``).

A :class:`~game.duel.arcade.session.DuelSession` replays the episode's moves (the rules are
deterministic, so it reaches the environment's state) and a
:class:`~game.duel.arcade.scenes.DuelPlayScene` draws it, as the duel's screenshot command does.
The session's seats name the random bot only so that no seat is a person; they never move: only
the environment's moves are applied.
"""

from __future__ import annotations

import numpy as np

from game.arcade.thinking import Thinker
from game.duel.arcade.scenes import DuelPlayScene
from game.duel.arcade.session import DuelSession

from .frames import FrameTarget


class DuelFrames(FrameTarget):
    caption = "duel_v0"

    def __init__(self, size: tuple[int, int], *, window: bool = False):
        super().__init__(size, window=window)
        self.session: DuelSession | None = None
        self._key = None

    def show(self, board, config, moves: list[tuple[str, str]], state) -> np.ndarray:
        """Draw the game on ``board`` after ``moves`` ((player, move) pairs); ``state`` is the
        environment's, which the replayed session must reach."""
        key = (id(board), config)
        if self.session is None or key != self._key or len(self.session.history) - 1 > len(moves):
            self.session = DuelSession(board, {"A": "random", "B": "random"}, config=config, map_name="env")
            self._key = key
        for player, move in moves[len(self.session.history) - 1:]:
            self.session.apply_recorded(player, move)
        if self.session.state != state:
            raise RuntimeError("the arcade's replay of the episode differs from the environment's state")
        scene = DuelPlayScene(self.ctx, self.session, thinker=Thinker(synchronous=True))
        return self.draw(scene.draw)
