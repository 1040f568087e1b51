"""SCOTLAND-YARD.md §7 (game over, winners and their priority) and §10.1-10.3, 10.7.

Most positions use a row of stations joined by taxi (``line_board``): 1-2-3-...-n.
"""

from game.scotlandyard import Board, SingleMove, Transport
from tests.scotlandyard.helpers import (
    BLUE, GREEN, MRX, RED, TAXI, det, game_on, line_board, mrx, standard,
)

NOBODY = frozenset()


def S(piece, source, ticket, destination):
    return SingleMove(piece, source, ticket, destination)


def test_capture_wins_for_every_detective_including_stuck_ones():
    state = game_on(line_board(8), (False,) * 5, mrx(1, taxi=5), det(RED, 3, taxi=5),
                    det(BLUE, 8, taxi=0))
    state = state.advance(S(MRX, 1, TAXI, 2))
    assert state.winner == NOBODY
    state = state.advance(S(RED, 3, TAXI, 2))
    assert state.winner == {RED, BLUE}
    assert state.available_moves() == NOBODY


def test_log_full_wins_for_mrx_once_the_final_round_is_over():
    state = game_on(line_board(8), (True,), mrx(1, taxi=5), det(RED, 6, taxi=5), det(BLUE, 8, taxi=5))
    state = state.advance(S(MRX, 1, TAXI, 2))
    assert state.winner == NOBODY  # §10.2: the detectives still play the final round
    state = state.advance(S(RED, 6, TAXI, 5))
    assert state.winner == NOBODY and state.available_moves() == {S(BLUE, 8, TAXI, 7)}
    state = state.advance(S(BLUE, 8, TAXI, 7))
    assert state.winner == {MRX}
    assert state.available_moves() == NOBODY


def test_capture_in_the_final_round_beats_a_full_log():
    state = game_on(line_board(8), (True,), mrx(1, taxi=5), det(RED, 6, taxi=5), det(BLUE, 3, taxi=5))
    state = state.advance(S(MRX, 1, TAXI, 2)).advance(S(RED, 6, TAXI, 5))
    state = state.advance(S(BLUE, 3, TAXI, 2))
    assert state.winner == {RED, BLUE}


def test_mrx_who_cannot_move_loses_on_his_turn():
    # Mr X at the end of the row, his only neighbour held by a detective.
    state = game_on(line_board(5), (False,) * 5, mrx(1, taxi=5), det(RED, 2, taxi=5))
    assert state.winner == {RED}
    assert state.available_moves() == NOBODY


def test_mrx_without_tickets_loses_on_his_turn():
    state = game_on(line_board(5), (False,) * 5, mrx(3, taxi=0), det(RED, 5, taxi=5))
    assert state.winner == {RED}


def test_mrx_stuck_is_judged_only_on_his_turn_a_detective_may_hand_him_the_ticket():
    state = game_on(line_board(6), (False,) * 5, mrx(4, taxi=1), det(RED, 1, taxi=5))
    state = state.advance(S(MRX, 4, TAXI, 5))  # his last ticket
    assert state.winner == NOBODY and state.remaining == (RED,)
    state = state.advance(S(RED, 1, TAXI, 2))  # RED's taxi ticket goes to Mr X
    assert state.winner == NOBODY
    assert state.available_moves() == {S(MRX, 5, TAXI, 4), S(MRX, 5, TAXI, 6)}


def test_mrx_stuck_is_judged_only_on_his_turn_a_detective_may_leave_his_way():
    state = game_on(line_board(5), (False,) * 5, mrx(4, taxi=5), det(RED, 5, taxi=5), det(BLUE, 2, taxi=5))
    state = state.advance(S(MRX, 4, TAXI, 3)).advance(S(RED, 5, TAXI, 4))
    assert state.winner == NOBODY  # hemmed in at 3, but it is not his turn
    state = state.advance(S(BLUE, 2, TAXI, 1))
    assert state.winner == NOBODY
    assert state.available_moves() == {S(MRX, 3, TAXI, 2)}


def test_log_full_and_mrx_stuck_mrx_wins():  # §10.1
    state = game_on(line_board(4), (False,), mrx(1, taxi=1), det(RED, 4, taxi=1))
    state = state.advance(S(MRX, 1, TAXI, 2)).advance(S(RED, 4, TAXI, 3))
    assert state.is_mrx_turn and len(state.travel_log) == 1
    assert state.winner == {MRX}  # he has no ticket and 3 is held, but his log is full


def test_no_detective_can_move_mrx_wins_even_in_the_first_state():
    state = game_on(line_board(5), (False,) * 5, mrx(1, taxi=5), det(RED, 5, taxi=0), det(BLUE, 4, bus=3))
    assert state.winner == {MRX}
    assert state.available_moves() == NOBODY


def test_after_mrx_moves_detectives_who_cannot_move_end_the_round_and_mrx_wins():
    state = game_on(line_board(6), (False,) * 5, mrx(1, taxi=5), det(RED, 6, taxi=1))
    state = state.advance(S(MRX, 1, TAXI, 2)).advance(S(RED, 6, TAXI, 5))  # RED's last ticket
    assert state.is_mrx_turn
    assert state.winner == {MRX}


def test_mrx_stuck_and_no_detective_can_move_detectives_win():  # §10.3
    # 1-2-3: Mr X at 1 with no ticket, RED at 3 with no ticket.
    state = game_on(line_board(3), (False,) * 5, mrx(1, taxi=0), det(RED, 3, taxi=0))
    assert state.winner == {RED}


def test_winner_and_moves_are_never_both_non_empty_on_the_standard_board():
    state = standard(mrx(45), det(RED, 1), det(GREEN, 100))
    assert state.winner == NOBODY and state.available_moves()


def test_a_stuck_detective_does_not_win_alone_by_being_stuck():
    # BLUE can never move, RED can: the game goes on.
    board = Board.from_edges([1, 2, 3, 4, 9], [(1, 2, Transport.TAXI), (2, 3, Transport.TAXI),
                                               (3, 4, Transport.TAXI)])
    state = game_on(board, (False,) * 5, mrx(1, taxi=5), det(RED, 4, taxi=5), det(BLUE, 9, taxi=5))
    assert state.winner == NOBODY
    state = state.advance(S(MRX, 1, TAXI, 2))
    assert state.available_moves() == {S(RED, 4, TAXI, 3)}
