"""Turn order (RULES §3), the five actions and their validity (§4), the pirate (§6)."""

from dataclasses import replace

import numpy as np
import pytest

from game.treasure import events as ev
from game.treasure.actions import Forfeit, LargeScan, MoveLarge, MoveSmall, Teleport, Verify, parse_action
from game.treasure.board import walking_distance
from game.treasure.config import RulesConfig
from game.treasure.engine import LOSE, WIN, RulesError, action_error, new_game, step
from game.treasure.observation import observe

from .boards import make_board

# 9x9: a ring of sea, region 1 in the north, 2 in the south, a mountain wall with a gap,
# one prison in the far south-east. Treasure at (2, 6).
ROWS = [
    "0 0 0 0 0 0 0 0 0",
    "0 1 1 1 1 1 1 1 0",
    "0 1 1 1 1 1 1 1 0",
    "0 1 1 1 1 1 1 1 0",
    "0 2M 2M 2M 2 2 2 2 0",
    "0 2 2 2 2 2 2 2 0",
    "0 2 2 2 2 2 2 2 0",
    "0 2 2 2 2 2 2 2P 0",
    "0 0 0 0 0 0 0 0 0",
]
BOARD = make_board(ROWS, treasure=(2, 6), reveal=2, free=3)


def start(agent=(5, 2), seed=1, board=BOARD, config=None):
    state, _ = new_game(board, seed, config)
    return replace(state, agent=agent)


def refused_reason(state, action):
    new, events = step(state, action)
    assert new is state, "an invalid action must leave the state as it was"
    assert len(events) == 1 and isinstance(events[0], ev.ActionRefused)
    assert events[0].reason == action_error(state, action)
    return events[0].reason


# --- setting up --------------------------------------------------------------------------------
def test_new_game_runs_turn_one_up_to_the_agent():
    state, events = new_game(BOARD, 7)
    kinds = [type(e) for e in events]
    assert kinds == [ev.GameStarted, ev.TurnStarted, ev.HintGiven]
    assert state.turn == 1 and state.actions_left == 2 and state.verified == (True,)
    assert state.hints[0].truth
    assert BOARD.eligible[state.agent]
    assert state.prison == (7, 7) and not state.revealed and not state.free


def test_spawn_is_uniform_over_ordinary_land():
    spawns = {new_game(BOARD, s)[0].agent for s in range(300)}
    assert all(BOARD.eligible[p] for p in spawns)
    assert len(spawns) > 30


def test_a_board_whose_treasure_no_prison_reaches_is_refused():
    walled = make_board([r.replace("2M 2M 2M 2 2 2 2", "2M 2M 2M 2M 2M 2M 2M") for r in ROWS], treasure=(2, 6))
    with pytest.raises(RulesError, match="no prison"):
        new_game(walled, 0)


# --- VERIFY ------------------------------------------------------------------------------------
def test_verify_reveals_the_truth_and_costs_an_action():
    state = start()
    state, _ = step(state, LargeScan())
    state, _ = step(state, LargeScan())  # turn 2: hint 2 is given
    assert state.turn == 2 and state.verified == (True, None)
    new, events = step(state, Verify(2))
    assert new.verified == (True, state.hints[1].truth)
    assert new.actions_left == 1
    assert isinstance(events[0], ev.HintVerified) and events[0].truth == state.hints[1].truth


@pytest.mark.parametrize("k,reason", [(0, "no hint 0"), (3, "no hint 3"), (1, "already verified")])
def test_verify_invalid(k, reason):
    state = start()
    state, _ = step(step(state, LargeScan())[0], LargeScan())
    assert reason in refused_reason(state, Verify(k))


# --- moves ---------------------------------------------------------------------------------------
def test_move_small_moves_then_scans_3x3():
    state = start(agent=(5, 2))
    new, events = step(state, MoveSmall("E", 2))
    assert new.agent == (5, 4) and new.actions_left == 1
    moved = events[0]
    assert isinstance(moved, ev.AgentMoved) and moved.path == ((5, 2), (5, 3), (5, 4))
    scan = events[1]
    assert isinstance(scan, ev.Scanned) and scan.size == 3 and not scan.found
    expected = np.zeros(BOARD.shape, bool)
    expected[4:7, 3:6] = True
    np.testing.assert_array_equal(new.scanned, expected)


def test_move_large_moves_without_scanning():
    state = start(agent=(5, 1))
    new, events = step(state, MoveLarge("E", 4))
    assert new.agent == (5, 5) and not new.scanned.any()
    assert [type(e) for e in events] == [ev.AgentMoved]


@pytest.mark.parametrize("agent,action,reason", [
    ((5, 2), MoveSmall("E", 3), "MOVE_SMALL moves 1-2 tiles"),
    ((5, 2), MoveSmall("E", 0), "MOVE_SMALL moves 1-2 tiles"),
    ((5, 2), MoveLarge("E", 2), "MOVE_LARGE moves 3-4 tiles"),
    ((5, 2), MoveLarge("E", 5), "MOVE_LARGE moves 3-4 tiles"),
    ((5, 2), MoveSmall("X", 1), "unknown direction"),
    ((5, 1), MoveSmall("W", 1), "crosses sea at (5, 0)"),
    ((5, 2), MoveSmall("N", 1), "crosses a mountain at (4, 2)"),
    ((6, 2), MoveLarge("N", 3), "crosses a mountain at (4, 2)"),  # the wall is crossed, not landed on
    ((2, 2), MoveLarge("S", 4), "crosses a mountain"),
    ((1, 7), MoveSmall("E", 2), "crosses sea at (1, 8)"),
])
def test_move_invalid(agent, action, reason):
    assert reason in refused_reason(start(agent=agent), action)


def test_moves_leaving_the_map_are_refused():
    board = make_board(["1 1 1", "1 1 1P", "1 1 1"], treasure=(0, 0))
    state = start(agent=(0, 1), board=board)
    assert "leaves the map" in refused_reason(state, MoveSmall("N", 1))


def test_moving_through_the_gap_is_valid():
    state = start(agent=(5, 4))
    new, _ = step(state, MoveLarge("N", 3))
    assert new.agent == (2, 4)


# --- LARGE_SCAN --------------------------------------------------------------------------------
def test_large_scan_is_5x5_clipped_to_the_map():
    state = start(agent=(7, 7))
    new, events = step(state, LargeScan())
    expected = np.zeros(BOARD.shape, bool)
    expected[5:9, 5:9] = True
    np.testing.assert_array_equal(new.scanned, expected)
    assert new.agent == (7, 7) and isinstance(events[0], ev.Scanned) and events[0].size == 5


def test_a_scan_covering_the_treasure_wins_at_once():
    state = start(agent=(3, 5))
    new, events = step(state, LargeScan())
    assert new.outcome == WIN and new.over
    assert isinstance(events[-1], ev.GameOver) and events[-1].result == WIN
    assert new.turn == 1  # no new turn begins after a win
    assert "game is over" in refused_reason(new, LargeScan())


def test_a_small_scan_after_a_move_can_win():
    new, _ = step(start(agent=(2, 3)), MoveSmall("E", 2))
    assert new.outcome == WIN


# --- TELEPORT -----------------------------------------------------------------------------------
def test_teleport_is_free_and_once_per_game():
    state = start(agent=(5, 2))
    new, events = step(state, Teleport(1, 1))
    assert new.agent == (1, 1) and new.actions_left == 2 and new.teleport_used
    assert isinstance(events[0], ev.Teleported) and events[0].slot == 0
    assert "already used" in refused_reason(new, Teleport(2, 2))


def test_teleport_onto_a_prison_is_allowed():
    assert step(start(), Teleport(7, 7))[0].agent == (7, 7)


@pytest.mark.parametrize("target,reason", [((0, 0), "sea"), ((4, 1), "mountain"), ((9, 3), "off the map"),
                                           ((-1, 3), "off the map")])
def test_teleport_invalid(target, reason):
    assert reason in refused_reason(start(), Teleport(*target))


# --- forfeits and junk -------------------------------------------------------------------------
def test_forfeit_loses_one_action_and_changes_nothing_else():
    state = start()
    new, events = step(state, Forfeit("MOVE_SMALL Q 9", "unknown direction"))
    assert new.actions_left == 1 and new.agent == state.agent
    assert isinstance(events[0], ev.ActionForfeited)


def test_something_that_is_not_an_action_is_refused():
    assert "not an action" in refused_reason(start(), "LARGE_SCAN")


# --- turn order, reveal, release, pirate -----------------------------------------------------------
def play_scans(state, turns):
    log = []
    for _ in range(turns * 2):
        state, events = step(state, LargeScan())
        log.extend(events)
        if state.over:
            break
    return state, log


def test_two_actions_per_turn_then_the_pirate_phase():
    state = start(agent=(6, 1))
    state, log = play_scans(state, 1)
    order = [type(e).__name__ for e in log]
    assert order == ["Scanned", "Scanned", "TurnStarted", "PrisonRevealed", "HintGiven"]
    assert state.turn == 2 and state.revealed and not state.free


def test_release_then_the_pirate_walks_two_tiles_a_turn_on_a_shortest_path():
    state = start(agent=(6, 1))
    state, log = play_scans(state, 2)  # turn 3 is the free turn: he moves at once
    freed = [e for e in log if isinstance(e, ev.PirateFreed)]
    moved = [e for e in log if isinstance(e, ev.PirateMoved)]
    assert freed and freed[0].turn == 3 and freed[0].position == (7, 7)
    assert moved[0].turn == 3 and moved[0].path == ((7, 7), (6, 7), (5, 7))  # N first, then keeps N
    assert observe(state).pirate == (5, 7)


def test_the_pirate_reaching_the_treasure_loses():
    state = start(agent=(6, 1))
    state, log = play_scans(state, 10)
    assert state.outcome == LOSE
    dist = walking_distance(BOARD.passable, (7, 7))
    assert len(state.pirate_route) - 1 == dist[BOARD.treasure]
    over = log[-1]
    assert isinstance(over, ev.GameOver) and over.result == LOSE and over.by == BOARD.treasure


def test_when_f_comes_before_r_the_reveal_happens_at_f():
    board = make_board(ROWS, treasure=(2, 6), reveal=4, free=2)
    state, log = play_scans(start(agent=(6, 1), board=board), 1)
    turns = {type(e).__name__: e.turn for e in log if isinstance(e, (ev.PrisonRevealed, ev.PirateFreed))}
    assert turns == {"PrisonRevealed": 2, "PirateFreed": 2}


def test_config_numbers_are_used():
    cfg = RulesConfig(actions_per_turn=3, pirate_speed=1, large_scan=3)
    state = start(agent=(6, 1), config=cfg)
    assert state.actions_left == 3
    state, log = play_scans(state, 3)
    moves = [e for e in log if isinstance(e, ev.PirateMoved)]
    assert all(len(m.path) == 2 for m in moves)
    assert all(e.size == 3 for e in log if isinstance(e, ev.Scanned))


def test_observation_holds_only_public_information():
    state = start(agent=(6, 1))
    obs = observe(state)
    assert obs.board.treasure is None and obs.prison is None and obs.pirate is None
    assert obs.hints[0].verified is True
    assert not hasattr(obs.hints[0], "truth")
    state, _ = play_scans(state, 1)
    obs = observe(state)
    assert obs.prison == (7, 7) and obs.hints[1].verified is None
    assert not any(isinstance(v, np.random.Generator) for v in vars(obs).values())


def test_action_text_round_trips():
    for action in (Verify(3), MoveSmall("N", 2), MoveLarge("W", 4), LargeScan(), Teleport(5, 9)):
        assert parse_action(action.text()) == action
    with pytest.raises(ValueError, match="expected VERIFY"):
        parse_action("DANCE 3")


def test_components_label_walkable_pieces():
    board = make_board(["1 1 1M 1 1", "1 1 1M 1 1P", "1M 1M 1M 1 1", "1 1M 1 1 1"], treasure=(0, 0))
    labels = board.components
    assert labels[0, 0] == labels[1, 1] != labels[0, 4]
    assert labels[0, 2] == 0 and labels[3, 0] not in (0, labels[0, 0], labels[0, 4])
    assert labels[3, 2] == labels[1, 4]
