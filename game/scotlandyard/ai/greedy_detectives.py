"""``greedy`` detectives: the team's coverage heuristic alone (no search); the default AI's prior."""

from __future__ import annotations

from game.scotlandyard.ai.base import Decision, DetectivesPlayer, describe_move
from game.scotlandyard.ai.context import detectives_context, public_tracker
from game.scotlandyard.ai.policy import best_detective_move, category_bias


class GreedyDetectives(DetectivesPlayer):
    name = "greedy"

    def __init__(self, seed: int = 0, move_time: float = 1.0):
        super().__init__(seed, move_time)
        self.tracker = None
        self.weights = {}

    def choose(self, view) -> Decision:
        ctx = detectives_context(view)
        self.tracker = public_tracker(view, self.tracker, bias=category_bias)
        self.weights = self.tracker.probabilities()
        moves = sorted(ctx.moves)
        move, cost = best_detective_move(ctx.g, ctx.sim, moves, self.weights, self.rng)
        m = ctx.moves[move]
        k = len(self.tracker)
        return Decision(m, f"{describe_move(m)}: best team score {cost:.1f} (Mr X's room and distance over "
                        f"the {k} place{'s' if k != 1 else ''} he could be; lower is better)")

    def possible_locations(self):
        return self.weights or None
