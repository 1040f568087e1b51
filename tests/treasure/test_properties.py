"""Properties of the engine on random small boards (hypothesis)."""

import copy

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.treasure.agents.base import valid_actions
from game.treasure import events as ev
from game.treasure.actions import Teleport
from game.treasure.board import Board, walking_distance
from game.treasure.engine import new_game, step
from game.treasure.log import GameLog
from game.treasure.mapfile import reachable_prisons
from game.treasure.observation import observe


def random_board(seed: int, height: int, width: int) -> Board | None:
    rng = np.random.default_rng(seed)
    region = rng.integers(1, 5, size=(height, width))
    region[rng.random((height, width)) < 0.2] = 0
    mountain = (rng.random((height, width)) < 0.12) & (region > 0)
    free = np.flatnonzero((region > 0) & ~mountain)
    if free.size < 3:
        return None
    picks = rng.choice(free, size=int(rng.integers(2, min(4, free.size) + 1)), replace=False)
    prison = np.zeros((height, width), bool)
    prison.ravel()[picks[1:]] = True
    treasure = divmod(int(picks[0]), width)
    board = Board(region, mountain, prison, treasure, int(rng.integers(1, 4)), int(rng.integers(1, 6)))
    return board if reachable_prisons(board) else None


boards = st.builds(random_board, st.integers(0, 10**6), st.integers(4, 12), st.integers(4, 12))
choices = st.lists(st.integers(0, 10**6), min_size=1, max_size=60)


def choose(state, pick: int):
    obs = observe(state)
    options = valid_actions(obs)
    if not obs.teleport_used and pick % 7 == 0:
        land = np.flatnonzero(state.board.passable)
        r, c = divmod(int(land[pick % land.size]), state.board.width)
        options.append(Teleport(r, c))
    return options[pick % len(options)]


def play(board, seed, picks):
    state, events = new_game(board, seed)
    states, all_events = [state], list(events)
    for pick in picks:
        if state.over:
            break
        state, events = step(state, choose(state, pick))
        states.append(state)
        all_events.extend(events)
    return states, all_events


common = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@common
@given(boards, st.integers(0, 2**31), choices)
def test_same_map_seed_and_actions_give_the_same_game(board, seed, picks):
    assume(board is not None)
    states_a, events_a = play(board, seed, picks)
    states_b, events_b = play(board, seed, picks)
    assert all(a.same_as(b) for a, b in zip(states_a, states_b))
    log_a, log_b = GameLog(), GameLog()
    log_a.record(events_a)
    log_b.record(events_b)
    assert log_a.text() == log_b.text()


@common
@given(boards, st.integers(0, 2**31), choices)
def test_agent_never_stands_on_sea_or_mountain(board, seed, picks):
    assume(board is not None)
    states, _ = play(board, seed, picks)
    assert all(board.passable[s.agent] for s in states)


@common
@given(boards, st.integers(0, 2**31), st.lists(st.integers(0, 10**6), min_size=40, max_size=80))
def test_pirate_walks_a_shortest_path_at_most_two_tiles_a_turn(board, seed, picks):
    assume(board is not None)
    states, events = play(board, seed, picks)
    moves = [e for e in events if isinstance(e, ev.PirateMoved)]
    assert len({m.turn for m in moves}) == len(moves)  # at most one move a turn
    walked = [states[0].prison]
    for m in moves:
        assert 1 <= len(m.path) - 1 <= 2
        assert m.path[0] == walked[-1]
        walked.extend(m.path[1:])
    for a, b in zip(walked, walked[1:]):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 and board.passable[b]
    route = states[0].pirate_route
    assert len(route) - 1 == walking_distance(board.passable, route[0])[board.treasure]
    assert walked == list(route[: len(walked)])


@common
@given(boards, st.integers(0, 2**31), choices)
def test_verified_hints_never_rule_out_the_treasure(board, seed, picks):
    assume(board is not None)
    states, _ = play(board, seed, picks)
    final = states[-1]
    candidates = board.eligible.copy()
    for hint, verdict in zip(final.hints, final.verified):
        if verdict is not None:
            candidates &= hint.mask if verdict else ~hint.mask
    assert candidates[board.treasure]


def snapshot(state):
    return (copy.deepcopy({k: v for k, v in vars(state).items() if k not in ("rng", "board")}),
            state.rng.bit_generator.state, state.scanned.copy(), [h.mask.copy() for h in state.hints])


@common
@given(boards, st.integers(0, 2**31), choices)
def test_step_never_mutates_its_input(board, seed, picks):
    assume(board is not None)
    state, _ = new_game(board, seed)
    for pick in picks:
        if state.over:
            break
        before = snapshot(state)
        action = choose(state, pick)
        new, _ = step(state, action)
        step(state, Teleport(-1, -1))  # refused: must not change anything either
        after = snapshot(state)
        assert before[1] == after[1]
        np.testing.assert_array_equal(before[2], after[2])
        assert all(np.array_equal(a, b) for a, b in zip(before[3], after[3]))
        assert {k: v for k, v in before[0].items() if k != "scanned" and k != "hints"} == \
               {k: v for k, v in after[0].items() if k != "scanned" and k != "hints"}
        state = new
