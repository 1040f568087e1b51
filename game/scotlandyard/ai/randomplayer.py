"""``random``: a uniformly random available move, for either side (a baseline)."""

from __future__ import annotations

from game.scotlandyard.ai.base import Decision, DetectivesPlayer, MrXPlayer, describe_move, sorted_moves


def _pick(player, view) -> Decision:
    moves = sorted_moves(view.available_moves())
    if not moves:
        raise ValueError("no move is available: the game is over or it is not this side's turn")
    move = moves[int(player.rng.integers(len(moves)))]
    return Decision(move, f"{describe_move(move)}: a random move (1 of {len(moves)})")


class RandomMrX(MrXPlayer):
    name = "random"

    def choose(self, view) -> Decision:
        return _pick(self, view)


class RandomDetectives(DetectivesPlayer):
    name = "random"

    def choose(self, view) -> Decision:
        return _pick(self, view)
