"""The default agent's knowledge never rules out the real treasure, and the pirate inference bites."""

from dataclasses import replace as dc_replace

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.treasure.agents.knowledge import (Knowledge, _rivals, box_sum, distances_near, entropy2, reachable_from_prisons,
                                   scan_reach, walk_steps, walkable_from)
from game.treasure.agents.logical import LogicalAgent, LogicalSettings, _Sums
from game.treasure.actions import LargeScan, Teleport
from game.treasure.board import UNREACHABLE, Board, walking_distance
from game.treasure.config import RulesConfig
from game.treasure.engine import new_game, step
from game.treasure.observation import observe

from ...conftest import PEER_MAPS
from ..boards import make_board
from ..test_properties import random_board


def test_rivals_follow_the_walk_rule():
    assert _rivals(None, "N") == []
    assert _rivals(None, "S") == ["N", "E"]
    assert _rivals("E", "E") == []  # kept his direction: nothing else is learnt
    assert _rivals("W", "N") == ["W"]  # could not keep W
    assert _rivals("W", "S") == ["N", "E", "W"]


def test_box_sum_matches_a_direct_sum():
    rng = np.random.default_rng(0)
    p = rng.random((7, 9))
    got = box_sum(p, 3)
    for r in range(7):
        for c in range(9):
            assert got[r, c] == pytest.approx(p[max(0, r - 1):r + 2, max(0, c - 1):c + 2].sum())


def test_entropy2():
    assert entropy2(0.5) == pytest.approx(1.0)
    assert entropy2(0.0) == entropy2(1.0) == 0.0
    assert entropy2(0.1) == pytest.approx(entropy2(0.9))


def _open_field(n=15):
    region = np.ones((n, n), dtype=np.int32)
    region[0, :] = region[-1, :] = region[:, 0] = region[:, -1] = 0
    prison = np.zeros((n, n), bool)
    prison[n - 2, n - 2] = True
    return region, prison


@pytest.mark.parametrize("truth_model", ["random", "bluff"])
def test_knowledge_keeps_the_treasure_on_random_boards(truth_model):
    cfg = RulesConfig(truth_model=truth_model)
    checked = 0
    for seed in range(60):
        board = random_board(seed, 10, 12)
        if board is None:
            continue
        state, _ = new_game(board, seed, cfg)
        agent = LogicalAgent(seed)
        agent.start(observe(state))
        while not state.over:
            decision = agent.act(observe(state))
            assert agent.knowledge.possible[board.treasure], f"seed {seed}: the treasure was ruled out"
            p = agent.probabilities()
            assert p.sum() == pytest.approx(1.0) and p[board.treasure] > 0
            assert not (p > 0)[~board.eligible].any()
            state, events = step(state, decision.action)
            assert not any(type(e).__name__ == "ActionRefused" for e in events)
            checked += 1
    assert checked > 200


def test_the_pirate_walk_narrows_the_candidates_to_his_way():
    region, prison = _open_field()
    board = Board(region, np.zeros_like(prison), prison, (2, 3), 1, 1)
    state, _ = new_game(board, 0)
    knowledge = Knowledge(observe(state))
    before = int(knowledge.possible.sum())
    for _ in range(4):  # the agent only scans (4 actions = 2 turns); the pirate walks 2 tiles a turn
        state, _ = step(state, LargeScan())
    obs = observe(state)
    assert obs.pirate_trail == ((13, 13), (12, 13), (11, 13), (10, 13), (9, 13), (8, 13), (7, 13))
    without_walk = Knowledge(obs)
    without_walk.update(obs)  # the same record, but the walk ignored:
    without_walk.possible = obs.board.eligible & ~obs.scanned
    for h in obs.hints:
        if h.verified is not None:
            without_walk.possible &= h.mask if h.verified else ~h.mask
    knowledge.update(obs)
    after = knowledge.possible
    assert after[board.treasure]
    # Six steps north from (13, 13): every tile south of row 7 is ruled out, and so is his own tile.
    assert not after[8:, :].any() and not after[7, 13]
    assert after.sum() < without_walk.possible.sum() < before


def test_the_teleport_never_lands_in_a_pocket_walled_by_mountains():
    # The 1-tile pocket at (3, 2) is walled by mountains. The probability sits on the land ring
    # around the walls, so a 5x5 scan from the pocket would cover all of it; but from the
    # pocket one cannot walk anywhere. The teleport must pick walkable land next to the mass.
    rows = ["0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
            "0 1 1 1 1 0 2 2 2 2 2 2 2 2 2 2 2 0",
            "0 1 1M 1M 1M 0 2 2 2 2 2 2 2 2 2 2 2 0",
            "0 1 1M 1 1M 0 2 2 2 2 2 2 2 2 2 2 2 0",
            "0 1 1M 1M 1M 0 2 2 2 2 2 2 2 2 2 2 2P 0",
            "0 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2 2 0",
            "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"]
    board = make_board(rows, treasure=(1, 1), reveal=1, free=9)
    assert board.components[3, 3] != board.components[1, 1]  # the pocket is its own piece
    state, _ = new_game(board, 0)
    state = dc_replace(state, agent=(5, 15))
    obs = observe(state)
    p = np.zeros(board.shape)
    ring = [(1, c) for c in range(1, 5)] + [(5, c) for c in range(1, 5)] + [(r, 1) for r in range(2, 5)]
    for tile in ring:
        p[tile] = 1.0 / len(ring)
    agent = LogicalAgent(0)
    agent.start(obs)
    s5 = box_sum(p, 5)
    decision = agent._teleport(obs, p, s5, None, None, *agent._landing_spot(board, p, s5))
    assert decision is not None and isinstance(decision.action, Teleport)
    assert decision.action.target != (3, 3)
    assert board.components[decision.action.target] == board.components[1, 1]


# West: a piece of land with a prison. Middle: an islet with no prison. East: a second piece
# with a prison, which cannot reach the treasure in the west.
THREE_PIECES = [
    "0 0 0 0 0 0 0  0 0  0 0 0",
    "0 1 1 1 0 2 2M 2 0 3 3  0",
    "0 1 1 1 0 2 2M 2 0 3 3P 0",
    "0 1 1P 1 0 2 2 2 0 3 3  0",
    "0 0 0 0 0 0 0  0 0  0 0 0",
]


def test_the_treasure_is_only_where_a_prison_can_walk():
    board = make_board(THREE_PIECES, treasure=(1, 1), reveal=3, free=5)
    reach = reachable_from_prisons(board)
    assert reach[1, 1] and reach[2, 10] and not reach[2, 5] and not reach[0, 0]
    state, _ = new_game(board, 1)
    state = dc_replace(state, agent=(3, 10))  # its scans never reach the treasure
    obs = observe(state)
    knowledge = Knowledge(obs)
    knowledge.update(obs)
    # From turn 1: the islet can never hold it (the map would be refused), both pieces can.
    assert not knowledge.possible[1:4, 5:8].any()
    assert knowledge.possible[1, 1] and knowledge.possible[1, 9]
    # Once the prison is known (turn 3), only the land he can walk on from it is left.
    while state.turn < 3:
        state, _ = step(state, LargeScan())
        assert not state.over
    obs = observe(state)
    assert obs.prison == (3, 2)  # the only prison that reaches the treasure
    knowledge.update(obs)
    assert knowledge.possible[1, 1] and not knowledge.possible[:, 8:].any()


def test_a_move_is_worth_the_scan_it_sets_up():
    # Nothing is in reach of a scan from (1, 1); the candidates are 4-5 rows south. A move
    # south that scans nothing is still worth the large scan it makes possible next.
    board = make_board(["0 0 0 0 0 0 0 0"] + ["0 1 1 1 1 1 1 0"] * 7 + ["0 1 1 1 1 1 1P 0", "0 0 0 0 0 0 0 0"],
                       treasure=(5, 1), reveal=9, free=12)
    state, _ = new_game(board, 0)
    state = dc_replace(state, agent=(1, 1))
    obs = observe(state)
    p = np.zeros(board.shape)
    p[5, 1] = p[6, 2] = 0.5
    agent = LogicalAgent(0, LogicalSettings(lookahead=1.0))
    agent.start(obs)
    to_target = np.abs(np.indices(board.shape) - np.array([6, 1])[:, None, None]).sum(0)
    options = {o.action.text(): o for o in agent._scan_and_move_options(obs, obs.agent, _Sums(p), to_target, 1.0, None)}
    south, east = options["MOVE_LARGE S 4"], options["MOVE_LARGE E 4"]
    assert south.mass == east.mass == 0.0
    planned_south = agent._with_follow_up(obs, south, _Sums(p), [], to_target, 1.0)
    planned_east = agent._with_follow_up(obs, east, _Sums(p), [], to_target, 1.0)
    # From (5, 1) one scan covers both tiles: a certain win, worth at least win_weight.
    assert planned_south.value >= south.value + agent.settings.win_weight
    assert planned_east.value < planned_south.value - 1.0
    assert "; then " in planned_south.reason and "100%" in planned_south.reason


@pytest.mark.skipif(not PEER_MAPS.is_dir(), reason=f"reference data not found at {PEER_MAPS}")
def test_a_two_action_plan_wins_the_race_a_single_action_loses():
    # A real game that the agent lost while it looked one action ahead: on turn 6 it verified a
    # hint (1 bit) instead of stepping south, which set up a large scan over the treasure
    # before the pirate reached it on turn 7.
    from game.treasure.agents.runner import play_game
    from game.treasure.mapfile import read_map

    board = read_map(PEER_MAPS / "nhatanh2212__Treasure-Hunting" / "MAP_2.txt")
    one_ahead = play_game(board, 11, LogicalAgent(11, LogicalSettings(lookahead=0.0)))
    assert one_ahead.result == "LOSE"
    planned = play_game(board, 11, LogicalAgent(11))
    assert planned.result == "WIN" and planned.state.turn < one_ahead.state.turn


@pytest.mark.skipif(not PEER_MAPS.is_dir(), reason=f"reference data not found at {PEER_MAPS}")
def test_the_teleport_is_spent_on_the_race_when_the_pirate_is_coming():
    # Turn 6, the pirate walks out of (3, 8) toward the treasure at (7, 8); the agent stands at
    # (7, 4) with its teleport unused. Keeping it, it verified two hints and lost on turn 7.
    from game.treasure.agents.runner import play_game
    from game.treasure.mapfile import read_map

    board = read_map(PEER_MAPS / "nhatanh2212__Treasure-Hunting" / "MAP_2.txt")
    kept = play_game(board, 383, LogicalAgent(383, LogicalSettings(race_margin=-1.0)))
    assert kept.result == "LOSE"
    raced = play_game(board, 383, LogicalAgent(383))
    assert raced.result == "WIN"
    teleports = [a for a in raced.actions if isinstance(a.action, Teleport)]
    assert len(teleports) == 1 and "the pirate is coming" in teleports[0].reason


# --- the shortcuts the agent takes for speed give the same numbers as the plain computations ---

@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(5, 14), st.integers(5, 14), st.integers(0, 10**6), st.integers(0, 6))
def test_bounded_searches_agree_with_the_full_one(seed, h, w, pick, margin):
    board = random_board(seed, h, w)
    assume(board is not None)
    land = np.argwhere(board.passable)
    source, around = (tuple(int(v) for v in land[(pick + k * 7) % len(land)]) for k in range(2))
    full = walking_distance(board.passable, source)
    # Stopped `margin` steps past `around`: exact up to there, UNREACHABLE beyond, never wrong.
    part = walking_distance(board.passable, source, until=around, margin=margin)
    if full[around] == UNREACHABLE:
        assert np.array_equal(part, full)
    else:
        near = full <= full[around] + margin
        assert np.array_equal(part[near], full[near])
        assert (part[~near] == UNREACHABLE).all()
        # What the agent asks: distances to `source` from tiles within `margin` of `around`.
        close = walking_distance(board.passable, around) <= margin
        got = distances_near(board, source, around, margin)
        assert np.array_equal(got[close], full[close])
    # Reachability from the board's pieces; short walks in a cropped square.
    assert np.array_equal(walkable_from(board, source), full != UNREACHABLE)
    for tile in map(tuple, land):
        expect = int(full[tile]) if full[tile] <= margin else None
        assert walk_steps(board, source, tile, margin) == expect
    walk = (full != UNREACHABLE).astype(np.float64)
    assert np.array_equal(scan_reach(board, source, 5), box_sum(walk, 5) > 0.5)


def test_window_sums_match_slices_with_and_without_a_scanned_window():
    rng = np.random.default_rng(3)
    p = rng.random((20, 17))
    p /= p.sum()
    whole, local = _Sums(p), _Sums(p, around=(10, 8), reach=6)
    scanned = (8, 13, 5, 10)
    rest = p.copy()
    rest[8:13, 5:10] = 0.0
    rest /= rest.sum()
    mass = float(p[8:13, 5:10].sum())
    for r0 in range(4, 15):
        for c0 in range(2, 13):
            window = (r0, r0 + 3, c0, c0 + 3)
            expect = float(p[r0:r0 + 3, c0:c0 + 3].sum())
            assert whole(window) == pytest.approx(expect, abs=1e-12)
            assert local(window) == pytest.approx(expect, abs=1e-12)
            assert whole.without(scanned, mass)(window) == pytest.approx(
                float(rest[r0:r0 + 3, c0:c0 + 3].sum()), abs=1e-12)
    # Windows over the same tiles are worth exactly the same, and empty ones exactly 0.
    q = np.zeros((6, 6))
    q[2, 2] = 0.3
    sums = _Sums(q)
    assert sums((0, 3, 0, 3)) == sums((1, 4, 1, 4)) == sums((2, 3, 2, 3))
    assert sums((3, 6, 3, 6)) == 0.0


def test_the_best_next_action_is_the_best_of_all_options():
    board = make_board(["0 0 0 0 0 0 0 0 0 0"] + ["0 1 1 1 1 1 1 1 1 0"] * 7 + ["0 1 1 1 1 1 1 1 1P 0"]
                       + ["0 0 0 0 0 0 0 0 0 0"],
                       treasure=(5, 5), reveal=3, free=5)
    state, _ = new_game(board, 0)
    state = dc_replace(state, agent=(4, 4))
    obs = observe(state)
    agent = LogicalAgent(0)
    agent.start(obs)
    rng = np.random.default_rng(1)
    to_target = np.abs(np.indices(board.shape) - np.array([7, 7])[:, None, None]).sum(0)
    for _ in range(20):
        p = rng.random(board.shape) * board.passable
        p /= p.sum()
        options = agent._scan_and_move_options(obs, obs.agent, _Sums(p), to_target, 0.4, None)
        best = max(options, key=lambda o: o.value)
        got = agent._best_next(obs, obs.agent, _Sums(p), to_target, 0.4, 0.0)
        assert (got.action, got.value, got.reason) == (best.action, best.value, best.reason)
        assert agent._best_next(obs, obs.agent, _Sums(p), to_target, 0.4, best.value + 1).reason == "verify a hint"
