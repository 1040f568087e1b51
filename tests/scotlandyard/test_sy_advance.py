"""SCOTLAND-YARD.md §4 (turn order) and §6 (advancing): tickets, the travel log, turns."""

import pytest

from game.scotlandyard import DoubleMove, IllegalMove, LogEntry, SingleMove
from tests.scotlandyard.helpers import (
    BLUE, BUS, DOUBLE, MRX, RED, SECRET, TAXI, UNDERGROUND, det, game_on, line_board, mrx, standard,
)


def S(piece, source, ticket, destination):
    return SingleMove(piece, source, ticket, destination)


def counts(state, piece):
    return dict(state.tickets(piece))


def test_mrx_single_move_pays_moves_and_writes_a_hidden_entry():
    state = standard(mrx(45), det(RED, 26))
    after = state.advance(S(MRX, 45, TAXI, 46))
    assert after.mrx_location == 46
    assert after.tickets(MRX)[TAXI] == 3  # 4 - 1, and nobody else gets it
    assert after.tickets(RED) == state.tickets(RED)
    assert after.travel_log == (LogEntry(TAXI, None),)


def test_log_entries_show_the_station_on_reveal_slots_only():
    board = line_board(10)
    state = game_on(board, (False, True, False), mrx(1, taxi=10), det(RED, 10, taxi=10))
    state = state.advance(S(MRX, 1, TAXI, 2)).advance(S(RED, 10, TAXI, 9))
    state = state.advance(S(MRX, 2, TAXI, 3)).advance(S(RED, 9, TAXI, 8))
    state = state.advance(S(MRX, 3, TAXI, 4))
    assert state.travel_log == (LogEntry(TAXI, None), LogEntry(TAXI, 3), LogEntry(TAXI, None))
    assert LogEntry.hidden(TAXI) == LogEntry(TAXI) and LogEntry.reveal(BUS, 3).location == 3


def test_double_move_pays_three_tickets_and_writes_two_entries():
    state = standard(mrx(1, taxi=2, bus=1, double=2), det(RED, 100))
    after = state.advance(DoubleMove(MRX, 1, BUS, 46, TAXI, 45))
    assert after.mrx_location == 45
    assert counts(after, MRX) == {TAXI: 1, BUS: 0, UNDERGROUND: 0, DOUBLE: 1, SECRET: 0}
    assert after.travel_log == (LogEntry(BUS, None), LogEntry(TAXI, None))


@pytest.mark.parametrize("reveals, expected", [
    ((False, True, False), (LogEntry(TAXI, None), LogEntry(TAXI, 3))),
    ((True, False, False), (LogEntry(TAXI, 2), LogEntry(TAXI, None))),
    ((True, True), (LogEntry(TAXI, 2), LogEntry(TAXI, 3))),
])
def test_each_ride_of_a_double_move_uses_its_own_slot_and_reveal_flag(reveals, expected):
    state = game_on(line_board(6), reveals, mrx(1, taxi=2, double=1), det(RED, 6, taxi=1))
    after = state.advance(DoubleMove(MRX, 1, TAXI, 2, TAXI, 3))
    assert after.travel_log == expected


def test_double_move_across_a_reveal_in_the_standard_game():
    # slots 1 and 2 (0-based): slot 2 is the first reveal of the standard game
    state = standard(mrx(45, taxi=4, double=2), det(RED, 100, taxi=5), det(BLUE, 194, taxi=5))
    state = state.advance(S(MRX, 45, TAXI, 46)).advance(S(RED, 100, TAXI, 101))
    state = state.advance(S(BLUE, 194, TAXI, 195))
    state = state.advance(DoubleMove(MRX, 46, TAXI, 47, TAXI, 34))
    assert state.travel_log == (LogEntry(TAXI, None), LogEntry(TAXI, None), LogEntry(TAXI, 34))


def test_a_detectives_ticket_goes_to_mrx_only_when_used():
    state = standard(mrx(45, taxi=1), det(RED, 1))
    state = state.advance(S(MRX, 45, TAXI, 46))
    assert counts(state, MRX) == {TAXI: 0, BUS: 0, UNDERGROUND: 0, DOUBLE: 0, SECRET: 0}
    after = state.advance(S(RED, 1, BUS, 58))
    assert after.tickets(RED)[BUS] == 7
    assert counts(after, MRX) == {TAXI: 0, BUS: 1, UNDERGROUND: 0, DOUBLE: 0, SECRET: 0}  # §10.5
    assert after.detective_location(RED) == 58


def test_mrx_tickets_leave_the_game():
    state = standard(mrx(1, underground=2), det(RED, 100))
    after = state.advance(S(MRX, 1, UNDERGROUND, 46))
    assert after.tickets(MRX)[UNDERGROUND] == 1
    assert sum(after.tickets(RED).values()) == sum(state.tickets(RED).values())


def test_detectives_move_in_any_order_then_mrx():
    start = standard(mrx(45), det(RED, 1), det(BLUE, 100)).advance(S(MRX, 45, TAXI, 46))
    one = start.advance(S(RED, 1, TAXI, 8)).advance(S(BLUE, 100, TAXI, 101))
    two = start.advance(S(BLUE, 100, TAXI, 101)).advance(S(RED, 1, TAXI, 8))
    assert one == two
    assert one.is_mrx_turn and {m.piece for m in one.available_moves()} == {MRX}


def test_a_detective_with_no_move_is_skipped_and_keeps_its_tickets():
    state = standard(mrx(45), det(RED, 1), det(BLUE, 100, taxi=0, bus=0, underground=0))
    state = state.advance(S(MRX, 45, TAXI, 46))
    assert state.remaining == (RED, BLUE)
    assert {m.piece for m in state.available_moves()} == {RED}
    state = state.advance(S(RED, 1, TAXI, 8))
    assert state.is_mrx_turn
    assert state.detective_location(BLUE) == 100
    assert dict(state.tickets(BLUE)) == {TAXI: 0, BUS: 0, UNDERGROUND: 0, DOUBLE: 0, SECRET: 0}


def test_the_round_ends_when_the_rest_are_stuck_only_because_another_blocks_them():
    # 1-2-3-4-5-6 by taxi. BLUE at 6 can only go to 5; RED steps onto 5 and BLUE is stuck.
    state = game_on(line_board(6), (False,) * 5, mrx(1, taxi=5), det(RED, 4, taxi=5), det(BLUE, 6, taxi=5))
    state = state.advance(S(MRX, 1, TAXI, 2))
    assert S(BLUE, 6, TAXI, 5) in state.available_moves()
    state = state.advance(S(RED, 4, TAXI, 5))
    assert state.is_mrx_turn and state.winner == frozenset()
    assert {m.piece for m in state.available_moves()} == {MRX}


def test_a_blocked_detective_still_to_move_may_move_once_freed():
    state = game_on(line_board(6), (False,) * 5, mrx(1, taxi=5), det(RED, 5, taxi=5), det(BLUE, 6, taxi=5))
    state = state.advance(S(MRX, 1, TAXI, 2))
    assert {m.piece for m in state.available_moves()} == {RED}
    state = state.advance(S(RED, 5, TAXI, 4))
    assert state.available_moves() == {S(BLUE, 6, TAXI, 5)}


def test_advance_returns_a_new_state_and_leaves_the_old_one_unchanged():
    state = standard(mrx(45), det(RED, 1))
    before = (state.mrx_location, dict(state.tickets(MRX)), state.travel_log, state.available_moves())
    state.advance(S(MRX, 45, TAXI, 46))
    assert (state.mrx_location, dict(state.tickets(MRX)), state.travel_log, state.available_moves()) == before


def test_a_move_not_available_is_illegal():
    state = standard(mrx(45), det(RED, 1))
    for bad in (S(MRX, 45, TAXI, 1), S(RED, 1, TAXI, 8), S(MRX, 45, BUS, 46), S(MRX, 44, TAXI, 45),
                S(MRX, 45, DOUBLE, 46), DoubleMove(MRX, 45, TAXI, 46, TAXI, 1)):
        with pytest.raises(IllegalMove):
            state.advance(bad)
    assert issubclass(IllegalMove, ValueError)


def test_every_move_is_illegal_once_the_game_is_over():
    over = game_on(line_board(3), (False, False), mrx(1, taxi=1), det(RED, 3, taxi=1))
    over = over.advance(S(MRX, 1, TAXI, 2)).advance(S(RED, 3, TAXI, 2))
    assert over.winner == {RED}
    assert over.available_moves() == frozenset()
    with pytest.raises(IllegalMove, match="over"):
        over.advance(S(MRX, 2, TAXI, 1))


def test_states_moves_and_views_survive_pickling_and_copying():
    import copy
    import pickle

    from game.scotlandyard import DetectivesView, standard_game

    state = standard_game(2)
    state = state.advance(state.legal_moves()[5])
    for obj in (state, state.legal_moves()[0], DetectivesView.of(state), state.tickets(MRX), state.mrx):
        assert pickle.loads(pickle.dumps(obj)) == obj
        assert copy.deepcopy(obj) == obj
    again = pickle.loads(pickle.dumps(state))
    assert again.history == state.history and again.available_moves() == state.available_moves()
