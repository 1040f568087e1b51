"""The ``greedy`` baseline: a shortest path to the reachable item with the best value per step.

An item's value depends on the score ``S`` it would change: a mushroom is worth 1, a poison
mushroom -1, a star ``S`` (it doubles the score), a poison star ``S // 2 - S``. Mines are
avoided (walked around, never targeted); only items worth more than nothing are targets. Ties
(same value per step) go to the nearer item, then to a draw from the seed.
"""

from __future__ import annotations

import random

from game.duel.protocol import MOVES, Bot, Decision, DuelObservation

from .common import bfs, legal_moves
from .sim import ITEM_CODE, ITEM_NAME, MINE, apply_item


def item_value(score: int, letter: str) -> int:
    """How much stepping on the item changes the score now (a mine: 0)."""
    code = ITEM_CODE[letter]
    return 0 if code == MINE else apply_item(score, code) - score


class GreedyBot(Bot):
    name = "greedy"

    def act(self, obs: DuelObservation) -> Decision:
        rng = random.Random(f"{self.seed}/{obs.round}/{obs.me}/greedy")
        legal = legal_moves(obs)
        if not legal:
            return Decision(MOVES[0], "boxed in: no legal move")
        mines = frozenset((r, c) for r, row in enumerate(obs.grid) for c, ch in enumerate(row) if ch == "b")
        start = obs.position(obs.me)
        reach = bfs(obs.grid, start, blocked=mines)
        best = None
        for (r, c), (d, first) in reach.items():
            ch = obs.grid[r][c]
            if d == 0 or ch not in "mnst":
                continue
            value = item_value(obs.my_score, ch)
            if value <= 0:
                continue
            key = (-value / d, d, rng.random())
            if best is None or key < best[0]:
                best = (key, first, ch, d, value)
        if best is not None:
            _, first, ch, d, value = best
            return Decision(first, f"{ITEM_NAME[ITEM_CODE[ch]]} in {d} (+{value})")
        safe = [m for m in legal if self._target(obs, m) != "b"]
        return Decision(rng.choice(safe or legal), "no item worth taking in reach")

    @staticmethod
    def _target(obs: DuelObservation, move: str) -> str:
        from game.duel.protocol import DELTAS

        r, c = obs.position(obs.me)
        dr, dc = DELTAS[move]
        return obs.grid[r + dr][c + dc]
