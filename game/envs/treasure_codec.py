"""Treasure Island's fixed integer action codec: one index per parametrised action.

One codec serves the Gymnasium environment's ``Discrete`` space, its action mask, the replays
of an episode (a list of indices) and the policy adapters. For rules ``cfg``, at most ``K``
hints and a largest map of ``H x W`` tiles, the indices are, in this order::

    0                         LARGE_SCAN
    1 ..                      MOVE_SMALL d n   for d in N, E, S, W, n in cfg.small_move (8 by default)
    ..                        MOVE_LARGE d n   for d in N, E, S, W, n in cfg.large_move (8 by default)
    verify_base + k - 1       VERIFY k         for k = 1..K
    teleport_base + r*W + c   TELEPORT r c     for every tile of the H x W block (row-major)

The teleport block is one index per tile of the largest map the environment accepts, so the
mask is exact (a tile is open iff it is on the map, land and not a mountain) and a policy's
output layer can be read as a map. Indices for tiles off a smaller map are always masked.

The mask is derived from the same check the engine applies (``action_error``): a test compares
the two over every index on random episodes.
"""

from __future__ import annotations

import numpy as np

from game.treasure.actions import Action, LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.board import DIRECTION_INDEX, DIRECTION_ORDER
from game.treasure.config import RulesConfig


class TreasureActionCodec:
    def __init__(self, config: RulesConfig, max_hints: int, max_shape: tuple[int, int]):
        if max_hints < 1:
            raise ValueError(f"max_hints must be at least 1, not {max_hints}")
        self.config = config
        self.max_hints = int(max_hints)
        self.max_shape = (int(max_shape[0]), int(max_shape[1]))
        self._moves: list[Action] = []
        for cls, (lo, hi) in ((MoveSmall, config.small_move), (MoveLarge, config.large_move)):
            for d in DIRECTION_ORDER:
                for n in range(lo, hi + 1):
                    self._moves.append(cls(d, n))
        self._move_index = {a: 1 + i for i, a in enumerate(self._moves)}
        self.verify_base = 1 + len(self._moves)
        self.teleport_base = self.verify_base + self.max_hints
        self.n = self.teleport_base + self.max_shape[0] * self.max_shape[1]
        # For the mask: move i needs free_run[d] >= steps from the agent's tile.
        self._move_dir = np.array([DIRECTION_INDEX[a.direction] for a in self._moves], dtype=np.intp)
        self._move_steps = np.array([a.steps for a in self._moves], dtype=np.int32)

    # --- index <-> action ------------------------------------------------------------------
    def decode(self, index: int) -> Action:
        """The action of ``index`` (ValueError outside ``0..n-1``)."""
        i = int(index)
        if not 0 <= i < self.n:
            raise ValueError(f"action index {i} is outside 0..{self.n - 1}")
        if i == 0:
            return LargeScan()
        if i < self.verify_base:
            return self._moves[i - 1]
        if i < self.teleport_base:
            return Verify(i - self.verify_base + 1)
        r, c = divmod(i - self.teleport_base, self.max_shape[1])
        return Teleport(r, c)

    def encode(self, action: Action) -> int:
        """The index of ``action``; ValueError for one this codec cannot express (a forfeit, a
        hint past ``max_hints``, a tile outside the largest map, a move length the rules lack)."""
        if isinstance(action, LargeScan):
            return 0
        if isinstance(action, (MoveSmall, MoveLarge)):
            index = self._move_index.get(action)
            if index is None:
                raise ValueError(f"{action.text()} has no index: the rules allow other move lengths")
            return index
        if isinstance(action, Verify):
            if not 1 <= action.hint <= self.max_hints:
                raise ValueError(f"VERIFY {action.hint} has no index: at most {self.max_hints} hints")
            return self.verify_base + action.hint - 1
        if isinstance(action, Teleport):
            h, w = self.max_shape
            if not (0 <= action.row < h and 0 <= action.col < w):
                raise ValueError(f"{action.text()} has no index: the largest map is {h}x{w}")
            return self.teleport_base + action.row * w + action.col
        raise ValueError(f"{action!r} has no index")

    def describe(self, index: int) -> str:
        return self.decode(index).text()

    # --- mask --------------------------------------------------------------------------------
    def mask(self, view, teleport_plane: np.ndarray | None = None) -> np.ndarray:
        """int8 of shape (n,): 1 exactly for the indices whose action is valid in ``view`` (a
        GameState or an Observation: validity is public). ``teleport_plane`` is the flattened
        max-size passable plane if the caller keeps one (saves recomputing it)."""
        out = np.zeros(self.n, dtype=np.int8)
        if view.over:
            return out
        out[0] = 1
        board = view.board
        r, c = view.agent
        runs = board.free_run[:, r, c]
        out[1:self.verify_base] = runs[self._move_dir] >= self._move_steps
        verified = view.verified
        for k, v in enumerate(verified[: self.max_hints]):
            if v is None:
                out[self.verify_base + k] = 1
        if view.teleports_used < view.config.teleports:
            if teleport_plane is None:
                teleport_plane = self.teleport_plane(board)
            out[self.teleport_base:] = teleport_plane
        return out

    def teleport_plane(self, board) -> np.ndarray:
        """The teleport block of the mask for ``board``: its passable tiles in the max-size grid."""
        h, w = self.max_shape
        plane = np.zeros((h, w), dtype=np.int8)
        plane[: board.height, : board.width] = board.passable
        return plane.ravel()

    def legal(self, view) -> list[int]:
        """The valid indices, sorted."""
        return np.flatnonzero(self.mask(view)).tolist()
