"""TreasureIsland-v0's frames: the arcade's play scene drawn off screen (``rgb_array``) or in a
window (``human``).

The frame is the arcade's own: a :class:`~game.treasure.arcade.match.Match` replays the episode's
actions (the engine is deterministic, so it reaches the environment's state) and a
:class:`~game.treasure.arcade.scenes.PlayScene` draws it with every animation finished.
"""

from __future__ import annotations

import numpy as np
import pygame

from game.arcade.app import make_context
from game.treasure.arcade.match import Match
from game.treasure.arcade.scenes import PlayScene


class _PolicySeat:
    """Stands in for the agent inside the arcade's match: the environment's caller decides."""

    name = "policy"

    def start(self, obs) -> None:
        pass

    def act(self, obs):
        raise RuntimeError("the environment's policy chooses the actions")


class TreasureFrames:
    def __init__(self, size: tuple[int, int], *, window: bool = False):
        self.size = size
        self.window = window
        self.match: Match | None = None
        self.scene: PlayScene | None = None
        self._key = None
        if window:
            from game.shell.display import open_display

            self.surface = open_display(fullscreen=False, size=size, caption="TreasureIsland-v0", resizable=False)
        else:
            from game.arcade import offscreen  # sets the dummy SDL drivers (no window) unless set already

            offscreen.init()
            self.surface = pygame.Surface(size)
        self.ctx = make_context(size)

    def show(self, board, seed, config, applied, state) -> np.ndarray:
        """Draw the game ``board`` + ``seed`` after the ``applied`` actions; ``state`` is the
        environment's state, which the replayed match must reach."""
        key = (id(board), seed, config)
        if self.match is None or key != self._key or len(self.match.steps) - 1 > len(applied):
            self.match = Match(board, seed, "policy", config, agent_factory=lambda name, s: _PolicySeat())
            self.scene = PlayScene(self.ctx, self.match, "env", speed="instant")
            self._key = key
        for action in applied[len(self.match.steps) - 1:]:
            result = self.match.apply(action, "", "policy")
            if isinstance(result, str):  # cannot happen: the environment applied the same actions
                raise RuntimeError(f"the arcade refused {action.text()}: {result}")
        if not self.match.state.same_as(state):
            raise RuntimeError("the arcade's replay of the episode differs from the environment's state")
        view = self.scene.view
        view.catch_up()
        view.director.finish_all()
        self.scene.draw(self.surface)
        if self.window:
            pygame.event.pump()
            pygame.display.flip()
        return np.transpose(pygame.surfarray.array3d(self.surface), (1, 0, 2)).copy()

    def close(self) -> None:
        if self.window:
            pygame.display.quit()
        self.match = self.scene = None
