"""SCOTLAND-YARD.md §11: what each side sees. The detectives' view hides Mr X by construction."""

import dataclasses
import pickle
import random

import pytest

from game.scotlandyard import (
    STANDARD_REVEALS, Board, DetectivesView, DoubleMove, GameSetup, MrXView, SingleMove, new_game, standard_game,
)
from game.scotlandyard.model import GameState, _tables
from tests.scotlandyard.helpers import BLUE, GREEN, MRX, RED, TAXI, det, game_on, line_board, mrx, standard


def _play(seed, plies):
    rng = random.Random(seed)
    state = standard_game(seed)
    states = [state]
    for _ in range(plies):
        if state.winner:
            break
        moves = state.legal_moves()
        state = state.advance(moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def _reachable_objects(root):
    """Every object reachable from a view's fields (containers and dataclasses followed)."""
    seen, stack, out = set(), [root], []
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        out.append(obj)
        if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
            stack.extend(getattr(obj, f.name) for f in dataclasses.fields(obj))
        elif isinstance(obj, (tuple, list, frozenset, set)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.keys())
            stack.extend(obj.values())
    return out


def test_the_detectives_view_holds_no_state_and_no_mrx_move():
    for state in _play(1, 60):
        view = DetectivesView.of(state)
        objects = _reachable_objects(view)
        assert not any(isinstance(o, GameState) for o in objects)
        assert not any(isinstance(o, DoubleMove) or (isinstance(o, SingleMove) and o.piece is MRX)
                       for o in objects)
        assert not hasattr(view, "__dict__") or set(vars(view)) <= {f.name for f in dataclasses.fields(view)}


def test_two_states_that_differ_only_in_hidden_stations_give_equal_views():
    a = standard(mrx(45), det(RED, 1), det(BLUE, 100)).advance(SingleMove(MRX, 45, TAXI, 46))
    b = standard(mrx(45), det(RED, 1), det(BLUE, 100)).advance(SingleMove(MRX, 45, TAXI, 59))
    assert a.mrx_location != b.mrx_location
    assert DetectivesView.of(a) == DetectivesView.of(b)
    assert pickle.dumps(DetectivesView.of(a)) == pickle.dumps(DetectivesView.of(b))


def test_the_view_shows_the_public_facts():
    state = standard(mrx(45), det(RED, 1), det(BLUE, 100)).advance(SingleMove(MRX, 45, TAXI, 46))
    state = state.advance(SingleMove(RED, 1, TAXI, 8))
    view = DetectivesView.of(state)
    assert view.remaining == (BLUE,) and not view.is_mrx_turn
    assert view.detective_location(RED) == 8 and view.detective_location(MRX) is None
    assert view.tickets(MRX) == state.tickets(MRX) and view.tickets(RED) == state.tickets(RED)
    assert view.travel_log == state.travel_log
    assert view.history == (state.travel_log[:1], SingleMove(RED, 1, TAXI, 8))


def test_detectives_moves_from_the_view_match_the_state():
    for seed in range(5):
        for state in _play(seed, 80):
            view = DetectivesView.of(state)
            if state.is_mrx_turn:
                assert view.available_moves() == frozenset()
            else:
                assert view.available_moves() == state.available_moves()
                assert set(view.legal_moves()) == state.available_moves()


def test_determinise_puts_mrx_on_the_guessed_station_and_keeps_the_rest():
    states = _play(2, 30)
    state = next(s for s in states[1:] if not s.is_mrx_turn and not s.winner)
    view = DetectivesView.of(state)
    guess = state.mrx_location
    full = view.determinise(guess)
    assert full == state
    assert full.available_moves() == state.available_moves()
    other = next(s for s in state.board.stations if s not in {p.location for p in view.detectives})
    assert view.determinise(other).mrx_location == other
    with pytest.raises(ValueError):
        view.determinise(view.detectives[0].location)
    with pytest.raises(ValueError):
        view.determinise(500)


def test_view_after_a_detective_move_matches_the_view_of_the_next_state():
    state = standard(mrx(45), det(RED, 1), det(BLUE, 100)).advance(SingleMove(MRX, 45, TAXI, 46))
    move = SingleMove(RED, 1, TAXI, 8)
    assert DetectivesView.of(state).after(move) == DetectivesView.of(state.advance(move))


def test_view_after_a_move_knows_the_outcomes_that_do_not_need_mr_x_station():
    # The log is full once RED moves (one reveal slot; GREEN has no tickets): Mr X has won
    # wherever he is.
    state = game_on(line_board(9), (False,), mrx(5, taxi=1), det(RED, 1, taxi=5), det(GREEN, 9, taxi=0))
    state = state.advance(SingleMove(MRX, 5, TAXI, 6))
    move = SingleMove(RED, 1, TAXI, 2)
    assert DetectivesView.of(state).after(move).winner == state.advance(move).winner == {MRX}
    # A capture needs his station: the view does not know it, the real state's view does.
    state = game_on(line_board(4), (False, False), mrx(1, taxi=1), det(RED, 3, taxi=1))
    state = state.advance(SingleMove(MRX, 1, TAXI, 2))
    capture = SingleMove(RED, 3, TAXI, 2)
    assert state.advance(capture).winner == {RED}
    assert DetectivesView.of(state).after(capture).winner == frozenset()
    assert DetectivesView.of(state.advance(capture)).winner == {RED}


@pytest.mark.parametrize("seed", range(6))
def test_view_after_never_claims_an_outcome_the_game_does_not_have(seed):
    rng = random.Random(seed)
    state = standard_game(seed)
    known = 0
    while not state.winner:
        move = rng.choice(state.legal_moves())
        if not state.is_mrx_turn:
            claimed = DetectivesView.of(state).after(move).winner
            assert claimed in (frozenset(), state.advance(move).winner)
            known += bool(claimed)
        state = state.advance(move)
    assert known <= 1


def test_mrx_view_knows_everything_and_moves_only_on_his_turn():
    state = standard(mrx(45), det(RED, 1))
    view = MrXView.of(state)
    assert view.location == 45 and view.available_moves() == state.available_moves()
    after = view.after(SingleMove(MRX, 45, TAXI, 46))
    assert after.location == 46 and after.available_moves() == frozenset()
    assert after.public() == DetectivesView.of(after.state)


def test_the_board_a_view_holds_remembers_nothing_of_the_games_played():
    fresh = Board.from_edges(Board.standard().stations, Board.standard().edges)
    before = (set(_tables(fresh).single), set(_tables(fresh).double))
    state = new_game(GameSetup(fresh, STANDARD_REVEALS), mrx(45), [det(RED, 1), det(BLUE, 100)])
    rng = random.Random(0)
    while not state.winner:
        state = state.advance(rng.choice(state.legal_moves()))
    assert (set(_tables(fresh).single), set(_tables(fresh).double)) == before
