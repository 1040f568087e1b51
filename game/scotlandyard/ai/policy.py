"""Heuristics shared by the default AIs: how far, how many places, how covered.

* :func:`category_bias` -- location categorisation (Nijssen & Winands): when Mr X rides, each
  station he could reach is weighted by its category, here its distance to the nearest detective
  (Mr X rarely rides next to a detective); the tracker runs with these weights.
* :func:`detective_move_costs` / :func:`best_detective_move` -- the detectives' team objective:
  Mr X's room (stations he reaches before any detective) and the rank-weighted distance to the
  detectives, averaged over his possible stations, escape routes, a bonus for landing on a
  likely station, ticket rationing; the team moves the detective whose move lowers it most.
* :func:`objective_reply` -- that objective's whole round after one of Mr X's moves (his model of
  the detectives).
* :func:`mrx_move_scores` -- Mr X's static score of each move: distance from the detectives,
  how many places the detectives will think he can be, and what the tickets cost.
"""

from __future__ import annotations

import math

import numpy as np

from game.scotlandyard.ai.sim import SECRET, Graph, Sim
from game.scotlandyard.ai.tracker import PossibleLocations

# how likely Mr X rides to a station by its distance to the nearest detective then. One ride
# away weighed 0.08 before 24 Nov 2026; 0.02 (a Mr X who stops next to a detective is rarer still)
# cut the minimax Mr X's escapes from the default detectives from 22 to 13 in 1000 count-bound
# games (docs/SCOTLAND-YARD-AI.md, ninth round)
RIDE_WEIGHTS = (0.0, 0.02, 0.6, 1.0, 1.3, 1.5, 1.6)
CAPTURE_BONUS = 6.0
ROOM_CAP = 40          # room counted up to this many stations
ROOM_WEIGHT = 30.0      # Mr X's room (stations he reaches before any detective), per possible station
TICKET_PRESSURE = 0.12  # times rounds left / (tickets of that kind left + 1)
STUCK_PENALTY = 4.0     # a move after which the detective can hardly move (tickets run out)
MOBILITY_FULL = 6.0     # stations within two rides that count as free to move
TRAP_WEIGHT = 3.0       # a possible station all of whose exits the detectives can reach
EXIT_WEIGHT = 2.0       # the share of a possible station's exits the detectives can reach
DIST_CAP = 8


_NP_CACHE: dict[int, np.ndarray] = {}


def ddist_array(g: Graph) -> np.ndarray:
    arr = _NP_CACHE.get(id(g))
    if arr is None:
        arr = np.array(g.ddist, dtype=np.int16)
        np.minimum(arr, DIST_CAP, out=arr)
        _NP_CACHE[id(g)] = arr
    return arr


def category_bias(g: Graph, det_locs) -> list[float]:
    """Location categorisation at the moment Mr X rides: how likely he is to ride to each station,
    by its distance to the nearest detective (for ``public_tracker(..., bias=category_bias)``)."""
    dd = g.ddist
    top = len(RIDE_WEIGHTS) - 1
    rows = [dd[d] for d in det_locs]
    out = [0.0] * g.size
    for s in g.stations:
        near = min((row[s] for row in rows), default=top)
        out[s] = RIDE_WEIGHTS[near if near < top else top]
    return out


def mrx_dist_array(g: Graph) -> np.ndarray:
    key = -id(g)
    arr = _NP_CACHE.get(key)
    if arr is None:
        arr = _NP_CACHE[key] = np.array(g.dist, dtype=np.int16)
    return arr


# how much the k-th nearest detective to a possible station counts: the nearest most, but every
# detective is drawn toward the likely places (a pure k-median leaves all but one idle)
RANK_WEIGHTS = (1.0, 0.5, 0.3, 0.2, 0.1, 0.05)


def _rank_weights(n: int) -> np.ndarray:
    c = list(RANK_WEIGHTS[:n]) + [0.05] * max(0, n - len(RANK_WEIGHTS))
    return np.asarray(c, dtype=np.float64)


def team_cost(g: Graph, det_locs, weights: dict[int, float]) -> float:
    """The detectives' objective for a placement (lower is better)."""
    if not weights:
        return 0.0
    arr = ddist_array(g)
    stations = np.fromiter(weights.keys(), dtype=np.int64, count=len(weights))
    w = np.fromiter(weights.values(), dtype=np.float64, count=len(weights))
    block = np.sort(arr[np.asarray(det_locs)][:, stations], axis=0)
    return float(_rank_weights(len(det_locs)) @ block @ w)


def detective_move_costs(g: Graph, sim: Sim, moves, weights: dict[int, float]) -> list[float]:
    """For each detective move ``(i, t, d)``: the team objective after it (lower is better): the
    expected rank-weighted distance from Mr X's possible stations to the detectives, less a bonus
    for landing on a likely station, plus a little for spending scarce tickets."""
    if not moves:
        return []
    if not weights:
        return [0.0] * len(moves)
    arr = ddist_array(g)
    stations = np.fromiter(weights.keys(), dtype=np.int64, count=len(weights))
    w = np.fromiter(weights.values(), dtype=np.float64, count=len(weights))
    block = arr[np.asarray(sim.dl)][:, stations]                 # detectives x stations
    m = len(moves)
    cube = np.repeat(block[None, :, :], m, axis=0)               # moves x detectives x stations
    idx = np.asarray([mv[0] for mv in moves])
    dests = np.asarray([mv[2] for mv in moves])
    cube[np.arange(m), idx, :] = arr[dests][:, stations]
    # Mr X's room: for each possible station, how many stations he reaches before any detective
    det_rows = arr[np.asarray(sim.dl)]                           # detectives x all stations
    n = len(sim.dl)
    if n > 1:  # each detective's front without him: the nearest other detective's distance
        two = np.partition(det_rows, 1, axis=0)[:2]
        excl = np.where(np.arange(n)[:, None] == det_rows.argmin(axis=0)[None, :], two[1], two[0])
    else:
        excl = np.full(det_rows.shape, 99, np.int16)
    fronts = np.minimum(excl[idx], arr[dests])                   # moves x all stations
    mdist = mrx_dist_array(g)[stations]                         # possible stations x all stations
    room = (mdist[None, :, :] < fronts[:, None, :]).sum(axis=2)  # moves x possible stations
    cube.sort(axis=1)
    costs = np.tensordot(cube, _rank_weights(len(sim.dl)), axes=([1], [0])) @ w
    costs = costs + ROOM_WEIGHT * (np.minimum(room, ROOM_CAP) @ w) / ROOM_CAP
    out = []
    weight_of = weights.get
    # escape routes as bit sets (bit s = station s): a detective's reach next round, Mr X's exits
    exit_bits, ride_cache = _route_bits(g)
    base = [_ride_bits(g, loc, sim.dt[j], ride_cache) for j, loc in enumerate(sim.dl)]
    others = []
    for i in range(n):
        r = 0
        for j in range(n):
            if j != i:
                r |= base[j]
        others.append(r)
    exit_sets = [(p, wp, exit_bits[p], len(g.neighbours[p])) for p, wp in weights.items() if g.neighbours[p]]
    rounds_left = max(1, len(sim.reveals) - sim.log_len)
    for k, (i, t, d) in enumerate(moves):
        c = float(costs[k]) - CAPTURE_BONUS * weight_of(d, 0.0)
        # escape routes: where Mr X could go next from each possible station without landing in
        # a detective's reach; a station with none left is a trap
        tk = list(sim.dt[i])
        tk[t] -= 1
        open_ = ~(others[i] | _ride_bits(g, d, tk, ride_cache))
        trap = 0.0
        for p, wp, exits, n_exits in exit_sets:
            if p == d:
                continue
            safe = (exits & open_).bit_count()
            trap += wp * (TRAP_WEIGHT * (safe == 0) + EXIT_WEIGHT * (1.0 - safe / n_exits))
        c -= trap
        # tickets: a detective who runs out of a kind is stuck on stations served only by it
        left = sim.dt[i][t] - 1
        c += TICKET_PRESSURE * rounds_left / (left + 1.0)
        c += STUCK_PENALTY * (1.0 - min(1.0, mobility(g, d, tk) / MOBILITY_FULL))
        out.append(c)
    return out


def _route_bits(g: Graph):
    """Per board (remembered): each station's exits as a bit set, and a cache for
    :func:`_ride_bits`."""
    found = g.__dict__.get("_route_bits")
    if found is None:
        exits = [0] * g.size
        for s in range(g.size):
            for x in g.neighbours[s]:
                exits[s] |= 1 << x
        found = g.__dict__["_route_bits"] = (exits, {})
    return found


def _ride_bits(g: Graph, station: int, tickets, cache: dict) -> int:
    """A detective's reach in one ride from ``station`` with ``tickets``, the station itself
    included, as a bit set."""
    key = (station, tickets[0] > 0, tickets[1] > 0, tickets[2] > 0)
    bits = cache.get(key)
    if bits is None:
        bits = 1 << station
        for t, x in g.det_rides[station]:
            if tickets[t] > 0:
                bits |= 1 << x
        cache[key] = bits
    return bits


def objective_reply(g: Graph, sim: Sim, move, belief: PossibleLocations, bias=None) -> list[tuple]:
    """The detectives' round after Mr X's ``move`` as their team objective plays it: each step the
    detective and ride that lower :func:`detective_move_costs` most, over their belief (``belief``:
    the public tracker replayed with :func:`category_bias`, before the move), which takes in the
    log entries the move writes and strikes out each station they land on. This is exactly how
    the ``greedy`` detectives play, and the ``default`` detectives' choice whenever their search
    does not overrule it. It depends on the public entries only, never on where Mr X really is
    (``sim`` is copied and his station hidden), so every move writing the same entries gets the
    same reply. ``bias``: ``category_bias`` at the detectives' stations now, if already computed.
    Returns their moves in order; empty if the game ends with his move."""
    s = sim.copy()
    here = tuple(sim.dl)
    entries = entries_for(sim, move)
    s.play_mrx(move)
    if s.winner is not None:
        return []
    s.mrx = -1
    t = belief.copy()
    if bias is None:
        bias = category_bias(g, here)
    for ticket, loc in entries:
        t.mrx_moved(ticket, loc, here, bias)
    path = []
    while s.winner is None and s.to_move >= 0:
        moves = sorted(s.detective_moves())
        if not moves:
            break
        costs = detective_move_costs(g, s, moves, t.probabilities())
        _, m = min(zip(costs, moves))
        s.play_detective(m)
        t.detective_at(m[2])
        path.append(m)
    return path


def mobility(g: Graph, station: int, tickets) -> int:
    """How many stations a detective can reach within two rides with ``tickets`` (remembered per
    graph: the team objective asks it for every move it scores)."""
    cache = g.__dict__.setdefault("_mobility", {})
    key = (station, tuple(tickets))
    found = cache.get(key)
    if found is None:
        if len(cache) > 50_000:
            cache.clear()
        found = cache[key] = _mobility(g, station, tickets)
    return found


def _mobility(g: Graph, station: int, tickets) -> int:
    rides = g.det_rides
    seen = set()
    for t1, a in rides[station]:
        if tickets[t1] > 0:
            seen.add(a)
            for t2, b in rides[a]:
                if tickets[t2] > (1 if t2 == t1 else 0):
                    seen.add(b)
    return len(seen)


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


def detectives_reaching(g, sim, dest: int) -> int:
    """How many detectives could ride onto ``dest`` on their next move (a ticket for the ride in hand)."""
    reach = 0
    for i, loc in enumerate(sim.dl):
        tk = sim.dt[i]
        for t, x in g.det_rides[loc]:
            if x == dest and tk[t] > 0:
                reach += 1
                break
    return reach


def mrx_move_features(g: Graph, sim: Sim, tracker: PossibleLocations, move):
    """(nearest detective hops, detectives who could ride there next, possible places after,
    revealed?, sum of the detectives' hops)."""
    dest = move[-1]
    dd = g.ddist
    dists = [dd[d][dest] for d in sim.dl]
    near = min(dists)
    reach = detectives_reaching(g, sim, dest)
    after = tracker_after(tracker, sim, move)
    revealed = entries_for(sim, move)[-1][1] is not None
    return near, reach, after, revealed, sum(min(x, 8) for x in dists)


def _room_arrays(g: Graph):
    """Per board (remembered): the detectives' distances uncapped (``ddist_array`` caps them),
    and which indices are stations."""
    found = g.__dict__.get("_room_arrays")
    if found is None:
        mask = np.zeros(g.size, dtype=bool)
        mask[list(g.stations)] = True
        found = g.__dict__["_room_arrays"] = (np.array(g.ddist, dtype=np.int16), mask)
    return found


def mrx_room(g: Graph, station: int, det_locs) -> int:
    """Mr X's territory: how many stations he could reach from ``station`` before any detective
    could (each detective's fewest rides, uncapped)."""
    ddist, mask = _room_arrays(g)
    front = ddist[list(det_locs)].min(axis=0)
    return int(np.count_nonzero((mrx_dist_array(g)[station] < front) & mask))


def believed_room(g: Graph, det_locs, prob: dict) -> float:
    """Mr X's room as the detectives see it: territory averaged over the places they think he
    could be (what the default detectives try to shrink; the larger, the thinner they spread)."""
    if not prob:
        return 0.0
    full = ddist_array(g)
    front = full[np.asarray(det_locs)].min(axis=0)
    stations = np.fromiter(prob.keys(), dtype=np.int64, count=len(prob))
    w = np.fromiter(prob.values(), dtype=np.float64, count=len(prob))
    room = (mrx_dist_array(g)[stations] < front[None, :]).sum(axis=1)
    return float(room @ w)


def mrx_risk(feats, dest) -> float:
    """Chance a detective rides onto Mr X next: each detective who can reach him picks his
    station with its probability among the places the detectives think he could be (x 1.5), but
    never less than ``RISK_ROOT / sqrt(places)`` (certainly on a reveal)."""
    near, reach, after, revealed, _ = feats
    if not reach:
        return 0.0
    p_here = 1.0 if revealed else min(1.0, 1.5 * after.prob.get(dest, 1.0))
    if RISK_ROOT and not revealed:
        # measured: detectives guess far better than "uniform over the places he could be" (the
        # default detectives caught him on the next move in 43% of the moves he ended in a
        # detective's reach with 13 or more places, 57% with 5-12, 86% with 2-4)
        p_here = max(p_here, min(1.0, RISK_ROOT / math.sqrt(max(1, len(after)))))
    return 1.0 - (1.0 - p_here) ** reach


def mrx_static_score(g: Graph, sim: Sim, tracker: PossibleLocations, move, feats=None) -> float:
    """Higher is better for Mr X; roughly a survival chance scaled to [0, 1]."""
    feats = feats or mrx_move_features(g, sim, tracker, move)
    near, reach, after, revealed, total = feats
    dest = move[-1]
    risk = mrx_risk(feats, dest)
    free = sum(1 for n in g.neighbours[dest] if n not in sim.dl)
    room = mrx_room(g, dest, sim.dl)
    base = (0.3 + 0.01 * min(total, 25) + PLACES_WEIGHT * math.log2(1 + len(after)) + 0.005 * min(free, 10)
            + TERRITORY_WEIGHT * min(room, TERRITORY_CAP) / TERRITORY_CAP)
    if BELIEF_WEIGHT:
        base += BELIEF_WEIGHT * min(believed_room(g, sim.dl, after.prob), TERRITORY_CAP) / TERRITORY_CAP
    score = (1.0 - risk) * base
    # tickets: a secret or a double is worth keeping for the moments after a reveal
    if len(move) == 4:
        score -= DOUBLE_COST
    secrets = sum(1 for t in (move[0], move[2] if len(move) == 4 else None) if t == SECRET)
    score -= SECRET_COST * secrets
    return score


DOUBLE_COST = 0.15
TERRITORY_WEIGHT = 1.0
TERRITORY_CAP = 150
BELIEF_WEIGHT = 0.0     # measured: weighing the believed room did not help (13-14 vs 23 wins in 60)
SECRET_COST = 0.04
PLACES_WEIGHT = 0.04    # per doubling of the places the detectives will think he can be
# the chance a detective who can ride onto Mr X picks his station is taken as at least
# RISK_ROOT / sqrt(places he could be); measured against chaser detectives 254 escapes in 300
# games with it, 238 without; against the default detectives 41 and 38-41 in 200 (seeds 0-199)
RISK_ROOT = 1.6


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
    dd = g.ddist
    safe_single = any(len(m) == 2 and m[0] != SECRET and min(dd[d][m[1]] for d in sim.dl) >= 2 for m in moves)
    danger = danger and (not safe_single or (just_revealed and min(dd[d][sim.mrx] for d in sim.dl) <= 1))
    for m in moves:
        if len(m) == 2:
            if m[0] == SECRET and (r[n] or not (just_revealed or few)):
                continue
            out.append(m)
        else:
            if not danger:
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
