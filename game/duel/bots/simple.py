"""The two trivial baselines: ``random`` and ``walker``.

Both draw their randomness from ``(seed, round, side)``, so a bot gives the same move for the
same input whether it runs in process or as a fresh program per move (as the course ran them).
"""

from __future__ import annotations

import random

from game.duel.protocol import MOVES, Bot, Decision, DuelObservation

from .common import legal_moves


def move_rng(seed: int, obs: DuelObservation, salt: str = "") -> random.Random:
    """A generator for one move, fixed by the bot's seed and what it sees (round and side)."""
    return random.Random(f"{seed}/{obs.round}/{obs.me}/{salt}")


class RandomBot(Bot):
    """A random legal move; when none is legal, any move (the game is lost anyway)."""

    name = "random"

    def act(self, obs: DuelObservation) -> Decision:
        rng = move_rng(self.seed, obs, "random")
        legal = legal_moves(obs)
        if legal:
            return Decision(rng.choice(legal), f"random among {len(legal)} legal moves")
        return Decision(rng.choice(MOVES), "boxed in: no legal move")


class WalkerBot(Bot):
    """From a random start direction, the first legal direction clockwise.

    The start direction is drawn afresh every move (the course's programs ran once per move), so
    the walker prefers the direction just clockwise of a blocked one.
    """

    name = "walker"

    def act(self, obs: DuelObservation) -> Decision:
        start = move_rng(self.seed, obs, "walker").randrange(4)
        legal = set(legal_moves(obs))
        for k in range(4):
            move = MOVES[(start + k) % 4]
            if move in legal:
                return Decision(move, f"first legal move clockwise from {MOVES[start]}")
        return Decision(MOVES[start], "boxed in: no legal move")
