"""``chaser``: the seed's detectives (report 004): each moves toward the nearest of Mr X's
possible locations.

The possible locations come from the shared tracker (public information only). The detective to
move is the first in the game's order that still has a move this round; it picks the possible
station nearest to it (fewest rides it could take, ferry excluded) and the ride that brings it
closest to that station (onto it if it can). Ties are broken by the seeded generator.
"""

from __future__ import annotations

from game.scotlandyard.ai.base import Decision, DetectivesPlayer, describe_move
from game.scotlandyard.ai.context import detectives_context, public_tracker
from game.scotlandyard.ai.sim import Graph, Sim


def chaser_decide(g: Graph, sim: Sim, possible, rng) -> tuple[tuple, int, int]:
    moves = sim.detective_moves()
    i = min(m[0] for m in moves)
    mine = [m for m in moves if m[0] == i]
    dd = g.ddist
    here = sim.dl[i]
    cands = sorted(possible) or list(g.stations)
    nearest = min(dd[here][p] for p in cands)
    targets = [p for p in cands if dd[here][p] == nearest]
    target = targets[int(rng.integers(len(targets)))]
    best = min(dd[m[2]][target] for m in mine)
    options = [m for m in mine if dd[m[2]][target] == best]
    return options[int(rng.integers(len(options)))], target, best


class ChaserDetectives(DetectivesPlayer):
    name = "chaser"

    def __init__(self, seed: int = 0, move_time: float = 1.0):
        super().__init__(seed, move_time)
        self.tracker = None

    def choose(self, view) -> Decision:
        ctx = detectives_context(view)
        self.tracker = public_tracker(view, self.tracker)
        move, target, left = chaser_decide(ctx.g, ctx.sim, self.tracker.stations, self.rng)
        return Decision(ctx.moves[move], f"{describe_move(ctx.moves[move])}: toward {target}, the nearest "
                        f"place Mr X could be ({left} ride{'s' if left != 1 else ''} left); {len(self.tracker)} place(s) he could be")

    def possible_locations(self):
        return None if self.tracker is None else self.tracker.probabilities()
