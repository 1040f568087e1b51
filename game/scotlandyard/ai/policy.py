"""Heuristics shared by the default AIs: how far, how many places, how covered.

* :func:`location_weights` -- location categorisation (Nijssen & Winands): the tracker's
  probability of each possible station times a weight for its category, here the distance from
  the station to the nearest detective (Mr X rarely waits next to a detective).
* :func:`coverage_cost` / :func:`best_detective_move` -- the detectives' team objective: the
  expected distance from Mr X's (weighted) possible stations to the nearest detective, with a
  bonus for landing on a likely station; the team moves the detective whose move lowers it most.
* :func:`mrx_move_scores` -- Mr X's static score of each move: distance from the detectives,
  how many places the detectives will think he can be, and what the tickets cost.
"""

from __future__ import annotations

import math

import numpy as np

from game.scotlandyard.ai.sim import DOUBLE, SECRET, Graph, Sim
from game.scotlandyard.ai.tracker import PossibleLocations

# weight of a possible station by its distance to the nearest detective (index = hops, capped)
CATEGORY_WEIGHTS = (0.0, 0.35, 0.8, 1.0, 1.15, 1.25, 1.3)
CAPTURE_BONUS = 6.0
DIST_CAP = 8


_NP_CACHE: dict[int, np.ndarray] = {}


def ddist_array(g: Graph) -> np.ndarray:
    arr = _NP_CACHE.get(id(g))
    if arr is None:
        arr = np.array(g.ddist, dtype=np.int16)
        np.minimum(arr, DIST_CAP, out=arr)
        _NP_CACHE[id(g)] = arr
    return arr


def location_weights(g: Graph, tracker: PossibleLocations, det_locs) -> dict[int, float]:
    """Possible stations -> probability, sharpened by location categorisation."""
    prob = tracker.prob
    if not prob:
        return {}
    dd = g.ddist
    out = {}
    for s, w in prob.items():
        near = min((dd[d][s] for d in det_locs), default=6)
        out[s] = w * CATEGORY_WEIGHTS[min(near, len(CATEGORY_WEIGHTS) - 1)]
    total = sum(out.values())
    if total <= 0:
        return dict(prob)
    return {s: w / total for s, w in out.items()}


def coverage_cost(g: Graph, det_locs, stations: np.ndarray, weights: np.ndarray) -> float:
    if len(stations) == 0:
        return 0.0
    arr = ddist_array(g)
    near = arr[np.asarray(det_locs)][:, stations].min(axis=0)
    return float(near @ weights)


def detective_move_costs(g: Graph, sim: Sim, moves, weights: dict[int, float]) -> list[float]:
    """For each detective move ``(i, t, d)``: the team objective after it (lower is better)."""
    if not weights:
        return [0.0] * len(moves)
    arr = ddist_array(g)
    stations = np.fromiter(weights.keys(), dtype=np.int64, count=len(weights))
    w = np.fromiter(weights.values(), dtype=np.float64, count=len(weights))
    locs = np.asarray(sim.dl)
    block = arr[locs][:, stations]                       # detectives x stations
    n = len(sim.dl)
    others = []
    for i in range(n):
        if n == 1:
            others.append(np.full(len(stations), DIST_CAP, dtype=np.int16))
        else:
            others.append(np.delete(block, i, axis=0).min(axis=0))
    dests = np.asarray([m[2] for m in moves])
    rows = arr[dests][:, stations]                        # moves x stations
    costs = []
    weight_of = weights.get
    for k, (i, t, d) in enumerate(moves):
        near = np.minimum(rows[k], others[i])
        c = float(near @ w) - CAPTURE_BONUS * weight_of(d, 0.0)
        # spend the scarce tickets only for a gain
        c += (0.0, 0.02, 0.06)[t] * (1.0 + (sim.dt[i][t] <= 1))
        costs.append(c)
    return costs


def best_detective_move(g: Graph, sim: Sim, moves, weights, rng=None):
    costs = detective_move_costs(g, sim, moves, weights)
    best = min(costs)
    options = [m for m, c in zip(moves, costs) if c <= best + 1e-9]
    if rng is not None and len(options) > 1:
        return options[int(rng.integers(len(options)))], best
    return options[0], best


# --- Mr X ----------------------------------------------------------------------------------------
def entries_for(sim: Sim, move) -> list[tuple[int, int | None]]:
    """The travel-log entries Mr X's ``move`` writes (ticket, station if revealed)."""
    r = sim.reveals
    n = sim.log_len
    if len(move) == 2:
        return [(move[0], move[1] if r[n] else None)]
    return [(move[0], move[1] if r[n] else None), (move[2], move[3] if r[n + 1] else None)]


def tracker_after(tracker: PossibleLocations, sim: Sim, move) -> PossibleLocations:
    t = tracker.copy()
    for ticket, loc in entries_for(sim, move):
        t.mrx_moved(ticket, loc, sim.dl)
    return t


def mrx_move_features(g: Graph, sim: Sim, tracker: PossibleLocations, move):
    """(nearest detective hops, detectives one hop away, possible places after, revealed?)."""
    dest = move[-1]
    dd = g.ddist
    dists = [dd[d][dest] for d in sim.dl]
    near = min(dists)
    adjacent = sum(1 for x in dists if x <= 1)
    after = tracker_after(tracker, sim, move)
    revealed = entries_for(sim, move)[-1][1] is not None
    return near, adjacent, after, revealed


def mrx_static_score(g: Graph, sim: Sim, tracker: PossibleLocations, move, feats=None) -> float:
    """Higher is better for Mr X; roughly a survival chance scaled to [0, 1]."""
    near, adjacent, after, revealed = feats or mrx_move_features(g, sim, tracker, move)
    dest = move[-1]
    size = len(after)
    p_here = after.prob.get(dest, 1.0)
    if revealed:
        p_here = 1.0
    # chance a detective next to him picks his station among the places he could be
    risk = 0.0
    if adjacent:
        per = min(1.0, p_here * 2.5) if not revealed else 1.0
        risk = 1.0 - (1.0 - per) ** adjacent
    free = sum(1 for n in g.neighbours[dest] if n not in sim.dl)
    score = (1.0 - risk) * (0.45 + 0.07 * min(near, 5) + 0.06 * math.log2(1 + size) + 0.01 * min(free, 8))
    # tickets: a secret or a double is worth keeping for the moments after a reveal
    if len(move) == 4:
        score -= 0.12
    secrets = sum(1 for t in (move[0], move[2] if len(move) == 4 else None) if t == SECRET)
    score -= 0.05 * secrets
    return score


def mrx_in_danger(g: Graph, sim: Sim) -> bool:
    dd = g.ddist
    return min(dd[d][sim.mrx] for d in sim.dl) <= 2


def filtered_mrx_moves(g: Graph, sim: Sim, tracker: PossibleLocations, moves):
    """Move filtering (Nijssen & Winands): secret tickets only when they hide something (just
    after a reveal, or when the detectives know few places) and never on a reveal move; double
    moves only when a detective is close; one double per destination pair of ticket kinds."""
    n = sim.log_len
    r = sim.reveals
    just_revealed = n > 0 and r[n - 1]
    few = len(tracker) <= 3
    danger = mrx_in_danger(g, sim)
    out = []
    seen_double = set()
    for m in moves:
        if len(m) == 2:
            if m[0] == SECRET and (r[n] or not (just_revealed or few)):
                continue
            out.append(m)
        else:
            if not (danger or just_revealed):
                continue
            if m[0] == SECRET and r[n]:
                continue
            if m[2] == SECRET and r[n + 1]:
                continue
            key = (m[1], m[3], m[0] == SECRET, m[2] == SECRET)
            if key in seen_double:
                continue
            seen_double.add(key)
            out.append(m)
    if not out:
        out = list(moves)
    return out
