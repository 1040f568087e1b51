"""The detectives' team objective (``policy.detective_move_costs``) and Mr X's room
(``policy.mrx_room``) are computed with numpy arrays and bit sets for speed. Here they are checked
against the same definitions written plainly, over positions from random games."""

import random

from hypothesis import given, settings, strategies as st

from game.scotlandyard import DetectivesView, standard_game
from game.scotlandyard.ai.base import sorted_moves
from game.scotlandyard.ai.context import detectives_context, public_tracker
from game.scotlandyard.ai.policy import (
    CAPTURE_BONUS, DIST_CAP, EXIT_WEIGHT, MOBILITY_FULL, RANK_WEIGHTS, ROOM_CAP, ROOM_WEIGHT, STUCK_PENALTY,
    TICKET_PRESSURE, TRAP_WEIGHT, category_bias, detective_move_costs, mobility, mrx_room,
)


def _territory(g, station, det_locs):
    """Mr X's territory written plainly: stations he reaches before any detective could."""
    front = [min(g.ddist[d][s] for d in det_locs) for s in range(g.size)]
    return sum(1 for s in g.stations if g.dist[station][s] < front[s])


def _positions(seed: int, count: int):
    """The detectives' views along one random game (at most ``count``)."""
    rng = random.Random(seed)
    state = standard_game(seed)
    out = []
    while not state.winner and len(out) < count:
        if not state.is_mrx_turn:
            out.append(DetectivesView.of(state))
        state = state.advance(rng.choice(sorted_moves(state.available_moves())))
    return out


def _plain_costs(g, sim, moves, weights):
    """detective_move_costs as its docstring and comments define it, one loop at a time."""
    n = len(sim.dl)
    ranks = [RANK_WEIGHTS[k] if k < len(RANK_WEIGHTS) else 0.05 for k in range(n)]
    rounds_left = max(1, len(sim.reveals) - sim.log_len)
    out = []
    for i, t, d in moves:
        locs = list(sim.dl)
        locs[i] = d
        c = 0.0
        for p, wp in weights.items():
            dists = sorted(min(g.ddist[x][p], DIST_CAP) for x in locs)
            c += wp * sum(r * x for r, x in zip(ranks, dists))
            front = [min(min(g.ddist[x][s], DIST_CAP) for x in locs) for s in range(g.size)]
            room = sum(1 for s in range(g.size) if g.dist[p][s] < front[s])
            c += ROOM_WEIGHT * wp * min(room, ROOM_CAP) / ROOM_CAP
        c -= CAPTURE_BONUS * weights.get(d, 0.0)
        tk = list(sim.dt[i])
        tk[t] -= 1
        reach = {d} | {x for tt, x in g.det_rides[d] if tk[tt] > 0}
        for j, loc in enumerate(sim.dl):
            if j != i:
                reach |= {loc} | {x for tt, x in g.det_rides[loc] if sim.dt[j][tt] > 0}
        for p, wp in weights.items():
            exits = set(g.neighbours[p])
            if p == d or not exits:
                continue
            safe = len(exits - reach)
            c -= wp * (TRAP_WEIGHT * (safe == 0) + EXIT_WEIGHT * (1.0 - safe / len(exits)))
        c += TICKET_PRESSURE * rounds_left / (sim.dt[i][t] - 1 + 1.0)
        c += STUCK_PENALTY * (1.0 - min(1.0, mobility(g, d, tk) / MOBILITY_FULL))
        out.append(c)
    return out


@settings(max_examples=6, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_the_objective_matches_its_plain_definition(seed):
    checked = 0
    for view in _positions(seed, 12)[::3]:
        ctx = detectives_context(view)
        tracker = public_tracker(view, bias=category_bias)
        weights = tracker.probabilities()
        moves = sorted(ctx.moves)
        fast = detective_move_costs(ctx.g, ctx.sim, moves, weights)
        plain = _plain_costs(ctx.g, ctx.sim, moves, weights)
        assert len(fast) == len(plain) == len(moves)
        for a, b in zip(fast, plain):
            assert abs(a - b) <= 1e-9 * max(1.0, abs(b))
        checked += bool(moves and weights)
    assert checked > 0


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_mrx_room_is_his_territory_before_the_nearest_detective(seed):
    rng = random.Random(seed)
    for view in _positions(seed, 6):
        ctx = detectives_context(view)
        g, dl = ctx.g, ctx.sim.dl
        for station in rng.sample(list(g.stations), 8):
            assert mrx_room(g, station, dl) == _territory(g, station, dl)
