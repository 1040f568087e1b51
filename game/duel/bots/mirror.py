"""The ``mirror`` baseline: as B, copy A's last move turned by 180 degrees; otherwise a walker.

On a point-symmetric board, B answering A's move with the opposite move keeps the position
symmetric. A's last move is read off the board: if A stands one step from the mirror image of B's
cell, that step is the move A just made from the symmetric position. When there is no such step
(as A, after the symmetry broke, or when the copied move is not legal), it plays like ``walker``.
"""

from __future__ import annotations

from game.duel.protocol import DELTAS, MOVES, Bot, Decision, DuelObservation

from .common import legal_moves
from .simple import WalkerBot

OPPOSITE = {"UP": "DOWN", "DOWN": "UP", "LEFT": "RIGHT", "RIGHT": "LEFT"}


def last_move_of_a(obs: DuelObservation) -> str | None:
    """A's last move if the position was point-symmetric before it, else None."""
    ar, ac = obs.position("A")
    br, bc = obs.position("B")
    pr, pc = obs.rows - 1 - br, obs.cols - 1 - bc  # where A stood if the position was symmetric
    for move in MOVES:
        dr, dc = DELTAS[move]
        if (pr + dr, pc + dc) == (ar, ac):
            return move
    return None


class MirrorBot(Bot):
    name = "mirror"

    def __init__(self, seed: int = 0, move_time: float = 0.3):
        super().__init__(seed=seed, move_time=move_time)
        self._walker = WalkerBot(seed=seed, move_time=move_time)

    def act(self, obs: DuelObservation) -> Decision:
        if obs.me == "B":
            move = last_move_of_a(obs)
            if move is not None:
                mirrored = OPPOSITE[move]
                if mirrored in legal_moves(obs):
                    return Decision(mirrored, f"mirrors A's {move}")
        decision = self._walker.act(obs)
        return Decision(decision.move, "walks: " + decision.reason)
