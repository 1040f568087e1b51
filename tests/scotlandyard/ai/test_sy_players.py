"""Every built-in player returns an available move with a reason, within its budget, repeatably;
the baselines behave as the seed report describes them."""

import time

import pytest

from game.scotlandyard import (
    Board, DetectivesView, GameSetup, MrXView, Piece, Player, Ticket, Transport, new_game, standard_game,
)
from game.scotlandyard.ai import make_detectives, make_mrx
from game.scotlandyard.ai.minimax import security, ticket_score
from game.scotlandyard.ai.runner import play_game

MRX_NAMES = ("default", "minimax", "random")
DETECTIVE_NAMES = ("default", "chaser", "random")


@pytest.mark.parametrize("mrx", MRX_NAMES)
@pytest.mark.parametrize("detectives", DETECTIVE_NAMES)
def test_a_game_between_any_two_players_has_no_illegal_move_and_no_error(mrx, detectives):
    result = play_game(standard_game(4), make_mrx(mrx, seed=4, move_time=0.01),
                       make_detectives(detectives, seed=4, move_time=0.01), keep_decisions=True)
    assert result.illegal_moves == 0 and not result.errors
    assert result.winner in ("MRX", "DETECTIVES")
    assert all(reason for _, reason in result.decisions)


def _capped(player, iterations=40):
    # the searches stop at a number of simulations or on the clock, whichever comes first; with a
    # generous clock the count decides and the choice repeats exactly
    if hasattr(player, "max_iterations"):
        player.max_iterations = iterations
    return player


@pytest.mark.parametrize("name", ("default", "minimax"))
def test_mrx_players_are_repeatable_given_a_seed(name):
    view = MrXView.of(standard_game(9))
    a = _capped(make_mrx(name, seed=3, move_time=5.0)).choose(view)
    b = _capped(make_mrx(name, seed=3, move_time=5.0)).choose(view)
    assert a.move == b.move and a.reason == b.reason and a.move in view.available_moves()


def test_detectives_are_repeatable_given_a_seed():
    state = standard_game(9)
    state = state.advance(sorted(state.available_moves(), key=str)[0])
    view = DetectivesView.of(state)
    a = _capped(make_detectives("default", seed=3, move_time=5.0)).choose(view)
    b = _capped(make_detectives("default", seed=3, move_time=5.0)).choose(view)
    assert a.move == b.move and a.reason == b.reason and a.move in view.available_moves()


def test_default_players_keep_to_their_budget():
    state = standard_game(2)
    player = make_mrx("default", move_time=0.05)
    player.start(MrXView.of(state))
    t0 = time.perf_counter()
    player.choose(MrXView.of(state))
    # not a speed test (a loaded machine may be slow): a hang guard against a search that ignored
    # its 0.05 s budget and ran on unbounded
    assert time.perf_counter() - t0 < 10.0


def _line_game(mrx_at, det_at, det_tickets=None):
    """A line of taxi stations 1-2-...-9 with a bus 1-9; one detective."""
    edges = [(i, i + 1, Transport.TAXI) for i in range(1, 9)] + [(1, 9, Transport.BUS)]
    board = Board.from_edges(range(1, 10), edges)
    mrx = Player(Piece.MRX, {Ticket.TAXI: 5, Ticket.BUS: 5}, mrx_at)
    det = Player(Piece.RED, det_tickets or {Ticket.TAXI: 5, Ticket.BUS: 5}, det_at)
    return new_game(GameSetup(board, (False,) * 6), mrx, [det])


def test_minimax_scores_tickets_as_the_seed_does():
    assert ticket_score((0, 5)) == 40            # one ticket
    assert ticket_score((4, 5)) == 30            # a secret costs ten more
    assert ticket_score((0, 5, 1, 6)) == 20      # a double uses three tickets


def test_minimax_security_is_zero_where_a_detective_can_ride_next():
    from game.scotlandyard.ai.context import mrx_context

    ctx = mrx_context(MrXView.of(_line_game(5, 3)))
    assert security(ctx.sim, 4) == 0 and security(ctx.sim, 6) == 1


def test_minimax_runs_from_the_detective():
    state = _line_game(5, 3)
    decision = make_mrx("minimax").choose(MrXView.of(state))
    assert decision.move.destination == 6


def test_chaser_moves_toward_the_nearest_possible_station():
    state = _line_game(6, 2)
    state = state.advance(next(m for m in state.available_moves() if m.destination == 7))
    view = DetectivesView.of(state)
    decision = make_detectives("chaser").choose(view)
    assert decision.move.destination == 3     # toward the hidden Mr X's possible stations


def test_default_detectives_take_a_capture_they_can_see():
    # Mr X is revealed on 5, next to the detective on 6: the detective steps onto him
    edges = [(i, i + 1, Transport.TAXI) for i in range(1, 9)]
    board = Board.from_edges(range(1, 10), edges)
    mrx = Player(Piece.MRX, {Ticket.TAXI: 5}, 4)
    det = Player(Piece.RED, {Ticket.TAXI: 5}, 6)
    state = new_game(GameSetup(board, (True, False, False)), mrx, [det])
    state = state.advance(next(m for m in state.available_moves() if m.destination == 5))
    for name in ("default", "chaser"):
        decision = make_detectives(name, move_time=0.05).choose(DetectivesView.of(state))
        assert decision.move.destination == 5, name


def test_default_detectives_run_at_most_a_fixed_number_of_simulations_whatever_the_budget():
    # more simulations did not catch the minimax Mr X more often (1000 a decision let him escape
    # more often than 300), so a long budget runs no more of them than MAX_SIMULATIONS
    import re

    from game.scotlandyard.ai.mcts_detectives import MAX_SIMULATIONS

    detectives = make_detectives("default", seed=6, move_time=5.0)
    per_decision = []
    original_choose, original_simulate = detectives.choose, detectives._simulate

    def simulate(*args):
        per_decision[-1] += 1
        return original_simulate(*args)

    def choose(view):
        per_decision.append(0)
        decision = original_choose(view)
        shown = re.search(r"in (\d+) simulations", decision.reason)
        assert (int(shown.group(1)) if shown else 0) <= per_decision[-1]
        return decision

    detectives._simulate, detectives.choose = simulate, choose
    result = play_game(standard_game(6), make_mrx("minimax", seed=6), detectives)
    assert result.illegal_moves == 0 and not result.errors
    searched = [n for n in per_decision if n]
    assert searched, "no decision was searched: the test shows nothing"
    assert max(searched) <= MAX_SIMULATIONS
    # the budget of 5 s would allow 30000: the cap, not the clock or an early stop, ended some
    assert max(searched) == MAX_SIMULATIONS


def test_simulation_cap_is_the_rate_times_the_budget_within_its_bounds():
    from game.scotlandyard.ai import mcts_detectives, mcts_mrx
    from game.scotlandyard.ai.base import simulation_cap

    assert simulation_cap(0.01, 3000, 96, 150) == 96       # too short a budget: the minimum
    assert simulation_cap(0.04, 3000, 96, 150) == 120      # the rate times the budget
    assert simulation_cap(5.0, 3000, 96, 150) == 150       # a long budget: the cap
    # As the docs say: from 0.05 s a move up, both searches stop on their cap, not on the budget,
    # so every budget from there up plays the same games.
    for module, cap in ((mcts_mrx, 150), (mcts_detectives, 300)):
        assert module.MAX_SIMULATIONS == cap
        for budget in (0.05, 0.3, 1.0, 10.0):
            assert simulation_cap(budget, module.ITERATIONS_PER_SECOND, module.MIN_ITERATIONS,
                                  module.MAX_SIMULATIONS) == cap
