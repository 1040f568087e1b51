"""SCOTLAND-YARD.md §5: available moves, in named positions of the standard board.

Station 1's connections on the standard board: taxi to 8 and 9, bus to 46 and 58, underground to
46. Station 194: taxi to 192, 193, 195 and the ferry to 157.
"""

from game.scotlandyard import DoubleMove, SingleMove
from tests.scotlandyard.helpers import (
    BLUE, BUS, DOUBLE, GREEN, MRX, RED, SECRET, TAXI, UNDERGROUND, det, game_on, line_board, mrx, standard,
)


def S(piece, source, ticket, destination):
    return SingleMove(piece, source, ticket, destination)


def D(source, t1, d1, t2, d2):
    return DoubleMove(MRX, source, t1, d1, t2, d2)


def test_mrx_single_moves_one_per_transport_and_ticket_held():
    state = standard(mrx(1, taxi=1, bus=1, underground=1), det(RED, 100))
    assert state.available_moves() == {
        S(MRX, 1, TAXI, 8), S(MRX, 1, TAXI, 9), S(MRX, 1, BUS, 46), S(MRX, 1, UNDERGROUND, 46),
        S(MRX, 1, BUS, 58)}


def test_no_ticket_no_ride():
    state = standard(mrx(1, bus=1), det(RED, 100))
    assert state.available_moves() == {S(MRX, 1, BUS, 46), S(MRX, 1, BUS, 58)}


def test_a_detective_blocks_the_station_it_stands_on():
    state = standard(mrx(1, taxi=1, bus=1, underground=1), det(RED, 9), det(BLUE, 46))
    assert state.available_moves() == {S(MRX, 1, TAXI, 8), S(MRX, 1, BUS, 58)}


def test_secret_gives_one_move_per_free_neighbour_whatever_the_transports():
    state = standard(mrx(1, secret=1), det(RED, 9))
    assert state.available_moves() == {S(MRX, 1, SECRET, 8), S(MRX, 1, SECRET, 46), S(MRX, 1, SECRET, 58)}


def test_the_ferry_is_ridden_only_with_a_secret_ticket():
    with_secret = standard(mrx(194, taxi=1, secret=1), det(RED, 100))
    assert with_secret.available_moves() == {
        S(MRX, 194, TAXI, 192), S(MRX, 194, TAXI, 193), S(MRX, 194, TAXI, 195),
        S(MRX, 194, SECRET, 192), S(MRX, 194, SECRET, 193), S(MRX, 194, SECRET, 195),
        S(MRX, 194, SECRET, 157)}
    without = standard(mrx(194, taxi=1, bus=5, underground=5), det(RED, 100))
    assert without.available_moves() == {S(MRX, 194, TAXI, 192), S(MRX, 194, TAXI, 193),
                                         S(MRX, 194, TAXI, 195)}


def test_double_moves_need_a_ticket_for_each_ride():
    state = standard(mrx(1, taxi=2, double=1), det(RED, 100))
    singles = {S(MRX, 1, TAXI, 8), S(MRX, 1, TAXI, 9)}
    doubles = {D(1, TAXI, 8, TAXI, 1), D(1, TAXI, 8, TAXI, 18), D(1, TAXI, 8, TAXI, 19),
               D(1, TAXI, 9, TAXI, 1), D(1, TAXI, 9, TAXI, 19), D(1, TAXI, 9, TAXI, 20)}
    assert state.available_moves() == singles | doubles
    one_taxi = standard(mrx(1, taxi=1, double=1), det(RED, 100))
    assert one_taxi.available_moves() == singles


def test_double_moves_use_the_tickets_left_after_the_first_ride():
    state = standard(mrx(1, taxi=1, bus=1, double=1), det(RED, 100))
    doubles = {m for m in state.available_moves() if isinstance(m, DoubleMove)}
    assert doubles == {
        D(1, BUS, 46, TAXI, 33), D(1, BUS, 46, TAXI, 45), D(1, BUS, 46, TAXI, 47), D(1, BUS, 46, TAXI, 61),
        D(1, BUS, 58, TAXI, 44), D(1, BUS, 58, TAXI, 45), D(1, BUS, 58, TAXI, 57), D(1, BUS, 58, TAXI, 59),
        D(1, BUS, 58, TAXI, 74), D(1, BUS, 58, TAXI, 75)}
    # the way back: a bus ride to 46 or 58 cannot be followed by a bus ride (one bus ticket), and
    # a taxi ride to 8 or 9 is followed by nothing (no bus from there)


def test_double_moves_avoid_detectives_at_either_stop():
    state = standard(mrx(1, taxi=2, double=1), det(RED, 19), det(GREEN, 8))
    doubles = {m for m in state.available_moves() if isinstance(m, DoubleMove)}
    assert doubles == {D(1, TAXI, 9, TAXI, 1), D(1, TAXI, 9, TAXI, 20)}


def test_no_double_move_without_a_double_ticket_or_two_free_log_slots():
    assert not any(isinstance(m, DoubleMove)
                   for m in standard(mrx(1, taxi=2), det(RED, 100)).available_moves())
    one_slot = standard(mrx(1, taxi=2, double=1), det(RED, 100), reveals=(False,))
    assert one_slot.available_moves() == {S(MRX, 1, TAXI, 8), S(MRX, 1, TAXI, 9)}
    two_slots = standard(mrx(1, taxi=2, double=1), det(RED, 100), reveals=(False, False))
    assert any(isinstance(m, DoubleMove) for m in two_slots.available_moves())


def test_two_free_slots_are_counted_from_the_log():
    # three slots; after one move two are free (doubles allowed), after two moves one is free.
    board = line_board(6)
    state = game_on(board, (False, False, False), mrx(1, taxi=5, double=1), det(RED, 6, taxi=5))
    assert any(isinstance(m, DoubleMove) for m in state.available_moves())
    state = state.advance(S(MRX, 1, TAXI, 2)).advance(S(RED, 6, TAXI, 5))
    assert len(state.travel_log) == 1
    assert any(isinstance(m, DoubleMove) for m in state.available_moves())
    state = state.advance(S(MRX, 2, TAXI, 3)).advance(S(RED, 5, TAXI, 6))
    assert len(state.travel_log) == 2
    assert not any(isinstance(m, DoubleMove) for m in state.available_moves())


def test_detectives_moves_are_the_union_of_those_still_to_move_and_may_land_on_mrx():
    state = standard(mrx(9, taxi=1), det(RED, 1), det(BLUE, 8), det(GREEN, 20, bus=1))
    state = state.advance(S(MRX, 9, TAXI, 19))
    red = {S(RED, 1, TAXI, 9), S(RED, 1, BUS, 46), S(RED, 1, UNDERGROUND, 46), S(RED, 1, BUS, 58)}
    blue = {S(BLUE, 8, TAXI, 18), S(BLUE, 8, TAXI, 19)}  # 19 is Mr X's station: allowed
    assert state.available_moves() == red | blue  # GREEN has only a bus ticket and no bus at 20


def test_detectives_never_get_secret_moves():
    state = standard(mrx(45), det(RED, 108), det(BLUE, 194)).advance(S(MRX, 45, TAXI, 46))
    assert all(m.ticket is not SECRET for m in state.available_moves())
    assert S(BLUE, 194, SECRET, 157) not in state.available_moves()


def test_a_detective_who_has_moved_waits_for_mrx():
    state = standard(mrx(45), det(RED, 1), det(BLUE, 100)).advance(S(MRX, 45, TAXI, 46))
    state = state.advance(S(RED, 1, TAXI, 8))
    assert {m.piece for m in state.available_moves()} == {BLUE}


def test_moves_compare_and_hash_by_value():
    assert S(MRX, 1, TAXI, 8) == S(MRX, 1, TAXI, 8)
    assert hash(S(MRX, 1, TAXI, 8)) == hash(SingleMove(MRX, 1, TAXI, 8))
    assert S(MRX, 1, TAXI, 8) != S(MRX, 1, BUS, 8)
    assert D(1, TAXI, 8, TAXI, 1) == DoubleMove(MRX, 1, TAXI, 8, TAXI, 1)
    assert S(MRX, 1, TAXI, 8) != (MRX, 1, TAXI, 8)  # a move equals only a move of its kind
    assert D(1, TAXI, 8, TAXI, 1).destination == 1 and S(MRX, 1, TAXI, 8).destination == 8
    assert D(1, BUS, 46, TAXI, 33).tickets == (DOUBLE, BUS, TAXI)
