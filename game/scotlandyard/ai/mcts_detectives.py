"""``default`` detectives: Monte-Carlo search over determinised Mr X locations.

How the team plays one detective move (it is asked once per detective move and picks which
detective goes next):

* **Where Mr X can be.** The shared tracker, replayed from the public history with *location
  categorisation* (Nijssen & Winands): at each of Mr X's rides, a station is weighted by its
  distance to the nearest detective at that moment (Mr X rarely rides next to a detective). The
  result is a probability for every possible station.
* **Prior (move filtering).** Every available move of every detective still to move is scored by
  the team objective (``policy.detective_move_costs``): Mr X's *room* (how many stations he could
  reach before any detective) averaged over his possible stations, the rank-weighted distance
  from those stations to the detectives, escape routes left open, a bonus for landing on a likely
  station, and ticket rationing. Only the best few moves go to the search.
* **Search.** UCB1 over those moves, with progressive bias toward the prior. Each simulation
  draws Mr X's station from the weighted possible set (a determinisation), plays the move, lets
  the rest of the team close in on that station, and lets Mr X flee (epsilon-greedy: the ride
  that keeps him farthest from the detectives, a double move when cornered) for a few rounds.
* **Reward with coalition reduction.** A capture by the detective whose move is judged scores 1,
  by another detective ``1 - COALITION_REDUCTION``; otherwise a score from Mr X's room and
  distance at the end.

With little time the prior decides; with more, the simulations correct it.
"""

from __future__ import annotations

import math
import random
import time

from game.scotlandyard.ai.base import Decision, DetectivesPlayer, describe_move, simulation_cap
from game.scotlandyard.ai.context import detectives_context, public_tracker
from game.scotlandyard.ai.policy import category_bias, detective_move_costs
from game.scotlandyard.ai.sim import SECRET, Sim

EXPLORATION = 0.4
PRIOR_WEIGHT = 3.0
MAX_CANDIDATES = 3
HORIZON = 2
MIN_ITERATIONS = 96       # before stopping early
EPSILON = 0.1
COALITION_REDUCTION = 0.1
ITERATIONS_PER_SECOND = 6000
# Never more simulations than this per decision, whatever the budget. Count-bound against the
# minimax Mr X (seeds 0-499): 1000 simulations let him escape 11 times where 300 let him escape 6,
# and a bench at the default 1 s (about 1000 a decision) 5 times in 250 where 0.05 s (300) let him
# escape once on the same seeds: more did not help and took three times as long
# (docs/SCOTLAND-YARD-AI.md, "Tenth round").
MAX_SIMULATIONS = 300
SEARCH_SHARE = 0.5        # of the move budget: a round has five detective moves, CPU is shared
CLEAR_GAP = 0.3           # the prior decides alone when its best move is this far ahead


def _settled(stats: dict, total: int) -> bool:
    """Stop early once one move has most of the visits and twice the next one's: the rest of the
    budget could not change the choice (and CPU is shared)."""
    if total < MIN_ITERATIONS:
        return False
    visits = sorted((n for n, _ in stats.values()), reverse=True)
    return visits[0] >= 0.6 * total and (len(visits) < 2 or visits[0] >= 2 * visits[1])


def _draw(items, weights, rng):
    r = rng.random() * sum(weights)
    for it, w in zip(items, weights):
        r -= w
        if r <= 0:
            return it
    return items[-1]


def _detectives_close_in(sim: Sim, rng, mover: int) -> int | None:
    """The rest of a round in a determinised world: each detective rides toward Mr X. Returns the
    index of the detective who caught him, if one did."""
    g = sim.g
    dd = g.ddist
    x = sim.mrx
    for i in range(len(sim.dl)):
        if sim.winner is not None or sim.to_move < 0:
            break
        if not (sim.to_move >> i) & 1:
            continue
        moves = sim.detective_singles(i)
        if not moves:
            continue
        if rng.random() < EPSILON:
            move = moves[int(rng.random() * len(moves))]
        else:
            best = min(dd[m[2]][x] for m in moves)
            opts = [m for m in moves if dd[m[2]][x] == best]
            move = opts[int(rng.random() * len(opts))]
        sim.play_detective(move)
        if sim.winner == "DETECTIVES":
            return i
    return None


def _mrx_flees(sim: Sim, rng) -> None:
    g = sim.g
    dd = g.ddist
    singles = sim.mrx_singles()
    if not singles:
        sim.check()
        return
    if rng.random() < EPSILON:
        sim.play_mrx(singles[int(rng.random() * len(singles))])
        return
    best, best_v = None, -1.0
    for m in singles:
        if m[0] == SECRET:
            continue
        v = min(dd[d][m[1]] for d in sim.dl) * 10 + g.degree[m[1]] + rng.random()
        if v > best_v:
            best, best_v = m, v
    if best is None:
        best = singles[0]
        best_v = min(dd[d][best[1]] for d in sim.dl) * 10
    if best_v < 20 and sim.can_double():
        for m in sim.mrx_moves(doubles=True):
            if len(m) == 4:
                v = min(dd[d][m[3]] for d in sim.dl) * 10 + g.degree[m[3]] - 5 + rng.random()
                if v > best_v:
                    best, best_v = m, v
    sim.play_mrx(best)


def _end_score(sim: Sim) -> float:
    g = sim.g
    dd = g.ddist
    near = min(dd[d][sim.mrx] for d in sim.dl)
    return max(0.0, 0.5 - 0.1 * (near - 1))


class MctsDetectives(DetectivesPlayer):
    name = "default"

    def __init__(self, seed: int = 0, move_time: float = 1.0):
        super().__init__(seed, move_time)
        self.tracker = None
        self.weights: dict[int, float] = {}
        self.prng = random.Random(seed)
        # Simulations per decision: ITERATIONS_PER_SECOND x the budget, at most MAX_SIMULATIONS, so
        # that a game repeats exactly given the seeds; the clock stops the search sooner on a
        # loaded machine.
        self.max_iterations: int | None = None

    def possible_locations(self):
        return dict(self.weights) or None

    def choose(self, view) -> Decision:
        t0 = time.perf_counter()
        deadline = t0 + SEARCH_SHARE * self.move_time
        ctx = detectives_context(view)
        self.tracker = public_tracker(view, self.tracker, bias=category_bias)
        self.weights = self.tracker.probabilities()
        g, sim = ctx.g, ctx.sim
        moves = sorted(ctx.moves)
        costs = detective_move_costs(g, sim, moves, self.weights)
        ranked = sorted(zip(costs, moves))
        cands = [m for _, m in ranked[:MAX_CANDIDATES]]
        best_cost = ranked[0][0]
        # the prior in [0, 1]: 1 for the best move, less the further its cost is behind
        prior = {m: math.exp(-(c - best_cost)) for c, m in ranked[:MAX_CANDIDATES]}
        stats = {m: [0, 0.0] for m in cands}
        stations = list(self.weights)
        weights = [self.weights[s] for s in stations]
        rng = self.prng
        n_total = 0
        clear = len(ranked) > 1 and ranked[1][0] - ranked[0][0] > CLEAR_GAP
        self.searched = len(cands) > 1 and bool(stations) and not clear
        if self.searched:
            cap = self.max_iterations or simulation_cap(self.move_time, ITERATIONS_PER_SECOND,
                                                          MIN_ITERATIONS, MAX_SIMULATIONS)
            while n_total < cap and time.perf_counter() < deadline:
                n_total += 1
                log_n = math.log(n_total + 1)
                pick, pick_u = None, -1e9
                for m in cands:
                    n, w = stats[m]
                    if n == 0:
                        u = 10.0 + prior[m]
                    else:
                        u = w / n + EXPLORATION * math.sqrt(log_n / n) + PRIOR_WEIGHT * prior[m] / (n + 1)
                    if u > pick_u:
                        pick, pick_u = m, u
                x = _draw(stations, weights, rng)
                value = self._simulate(sim, x, pick, rng)
                st = stats[pick]
                st[0] += 1
                st[1] += value
                if n_total % 32 == 0 and _settled(stats, n_total):
                    break
        if n_total:
            choice = max(cands, key=lambda m: (stats[m][0], prior[m]))
        else:
            choice = cands[0]
        m = ctx.moves[choice]
        n, w = stats[choice]
        likely = max(self.weights.items(), key=lambda kv: kv[1]) if self.weights else None
        k = len(self.weights)
        text = f"{describe_move(m)}: {k} place{'s' if k != 1 else ''} Mr X could be"
        if likely and k > 1:
            text += f", likeliest {likely[0]} ({likely[1]:.0%})"
        elif likely:
            text += f" ({likely[0]})"
        if n:
            text += f"; scored {w / n:.2f} in {n} simulations (1 = caught him)"
        return Decision(m, text)

    def _simulate(self, root: Sim, x: int, move, rng) -> float:
        sim = root.copy()
        sim.mrx = x
        sim.winner = None
        mover = move[0]
        sim.play_detective(move)
        if sim.winner == "DETECTIVES":
            return 1.0
        rounds = 0
        while sim.winner is None:
            if sim.to_move >= 0:
                who = _detectives_close_in(sim, rng, mover)
                if who is not None:
                    return 1.0 if who == mover else 1.0 - COALITION_REDUCTION
                if sim.winner is not None:
                    break
                continue
            rounds += 1
            if rounds > HORIZON:
                break
            _mrx_flees(sim, rng)
        if sim.winner == "DETECTIVES":
            return 1.0 - COALITION_REDUCTION
        if sim.winner == "MRX":
            return 0.0
        return _end_score(sim)
