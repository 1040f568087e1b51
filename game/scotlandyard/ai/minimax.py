"""``minimax``: the seed's Mr X (report 004), rebuilt from its description.

* Distances: fewest rides between every pair of stations over any transport (the seed's
  breadth-first all-pairs table).
* The score of a move to ``target``: the sum of the distances from ``target`` to every detective,
  plus the target's freedom (how many stations are next to it), plus a ticket score
  ``50 - 10 * tickets used`` (a double move uses three: both rides and the double card) with 10
  more off for each secret ticket; all multiplied by a security number that is 0 when a detective
  could ride to ``target`` on his next move, else 1.
* Alpha-beta minimax over one round: Mr X's move (every available move, doubles included) is the
  maximising layer, then each detective is a minimising layer of his own, in the game's order;
  the leaf is scored with the detectives where those layers left them.

The minimising layers are searched exactly; a bound (each remaining detective's best distance,
ignoring that detectives block each other) prunes branches that cannot matter. Ties go to the
first move in an order shuffled by the seed.
"""

from __future__ import annotations

import time

from game.scotlandyard.ai.base import Decision, MrXPlayer
from game.scotlandyard.ai.context import mrx_context
from game.scotlandyard.ai.sim import SECRET, TICKET_NAMES, Graph, Sim

INF = float("inf")


def ticket_score(move) -> int:
    if len(move) == 2:
        used, secrets = 1, int(move[0] == SECRET)
    else:
        used, secrets = 3, int(move[0] == SECRET) + int(move[2] == SECRET)
    return 50 - 10 * used - 10 * secrets


def security(sim: Sim, target: int) -> int:
    """0 if some detective could ride to ``target`` next (a ticket for it, the station free of
    other detectives), else 1."""
    for i, loc in enumerate(sim.dl):
        tk = sim.dt[i]
        for t, d in sim.g.det_rides[loc]:
            if d == target and tk[t] > 0:
                return 0
    return 1


def _min_layers(g: Graph, sim: Sim, target: int, alpha: float, base: float) -> float:
    """The detectives' best reply, one minimising layer per detective: the lowest
    ``base + sum of distances`` they can reach (alpha-beta cut when it is <= alpha)."""
    dist = g.dist
    n = len(sim.dl)
    options = []
    for i in range(n):
        moves = [d for t, d in g.det_rides[sim.dl[i]] if sim.dt[i][t] > 0]
        options.append(sorted(set(moves), key=lambda d: dist[d][target]))
    lower = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        best = min((dist[d][target] for d in options[i]), default=dist[sim.dl[i]][target])
        lower[i] = lower[i + 1] + best
    locs = list(sim.dl)

    def layer(i: int, partial: float, beta: float) -> float:
        if i == n:
            return base + partial
        moves = [d for d in options[i] if d not in locs[:i] and d not in locs[i + 1:]]
        if not moves:  # a stuck detective is skipped
            return layer(i + 1, partial + dist[locs[i]][target], beta)
        value = INF
        here = locs[i]
        for d in moves:
            if base + partial + dist[d][target] + lower[i + 1] >= min(value, beta):
                break  # sorted by distance: no later move can do better
            locs[i] = d
            v = layer(i + 1, partial + dist[d][target], min(value, beta))
            locs[i] = here
            if v < value:
                value = v
                if value <= alpha:
                    return value  # Mr X already has a better move
        return value

    return layer(0, 0.0, INF)


def minimax_decide(g: Graph, sim: Sim, rng, deadline: float | None = None) -> tuple[tuple, float, str]:
    """The best move, its value and ''. Moves are searched best-first by a static order; at the
    ``deadline`` (``time.perf_counter()``) the best so far is returned."""
    moves = sim.mrx_moves()
    order = [moves[i] for i in rng.permutation(len(moves))]
    dist = g.dist
    scored = []
    for m in order:
        target = m[-1]
        base = ticket_score(m) + g.degree[target]
        now = sum(dist[d][target] for d in sim.dl)
        scored.append((security(sim, target), base + now, base, m))
    scored.sort(key=lambda x: (-x[0], -x[1]))  # stable: ties keep the shuffled order
    alpha = -INF
    best = None
    for k, (sec, _, base, m) in enumerate(scored):
        if deadline is not None and best is not None and k % 16 == 0 and time.perf_counter() > deadline:
            break
        if sec == 0:
            value = 0.0
            if value > alpha:
                alpha, best = value, m
            continue
        value = _min_layers(g, sim, m[-1], alpha, base)
        if value > alpha:
            alpha, best = value, m
    return best, alpha, ""


def _describe(move) -> str:
    if len(move) == 2:
        return f"{TICKET_NAMES[move[0]]} to {move[1]}"
    return f"{TICKET_NAMES[move[0]]} to {move[1]} then {TICKET_NAMES[move[2]]} to {move[3]}"


class MinimaxMrX(MrXPlayer):
    name = "minimax"

    def choose(self, view) -> Decision:
        t0 = time.perf_counter()
        ctx = mrx_context(view)
        move, value, _ = minimax_decide(ctx.g, ctx.sim, self.rng, t0 + 0.8 * self.move_time)
        target = move[-1]
        total = sum(ctx.g.dist[d][target] for d in ctx.sim.dl)
        if value <= 0:
            why = "every move lets a detective reach him next; score 0"
        else:
            why = (f"score {value:.0f} after the detectives' best reply ({total} rides from all detectives "
                   f"now, {ctx.g.degree[target]} exits, ticket score {ticket_score(move)})")
        return Decision(ctx.moves[move], f"{_describe(move)}: {why}")
