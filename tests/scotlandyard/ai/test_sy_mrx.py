"""The default Mr X (``mcts_mrx``): he does not stand where a detective can ride next when he can
help it, and a double move gets him out when every single ride ends in a detective's reach."""

from game.scotlandyard import Board, GameSetup, MrXView, Piece, Player, Ticket, Transport, new_game
from game.scotlandyard.ai import make_mrx
from game.scotlandyard.ai.context import mrx_context


def _game(edges, stations, mrx_at, mrx_tickets, detectives, slots=8):
    board = Board.from_edges(stations, [(a, b, Transport.TAXI) for a, b in edges])
    mrx = Player(Piece.MRX, mrx_tickets, mrx_at)
    pieces = (Piece.RED, Piece.GREEN, Piece.BLUE)
    dets = [Player(p, {Ticket.TAXI: 10}, at) for p, at in zip(pieces, detectives)]
    return new_game(GameSetup(board, (False,) * slots), mrx, dets)


def _reach(state) -> set:
    """Every station some detective could ride onto on the detectives' next turn."""
    ctx = mrx_context(MrXView.of(state))
    g, sim = ctx.g, ctx.sim
    return {x for i, loc in enumerate(sim.dl) for t, x in g.det_rides[loc] if sim.dt[i][t] > 0}


def _choose(state, seed):
    player = make_mrx("default", seed=seed, move_time=0.05)
    player.max_iterations = 60           # the count, not the clock, ends the search: repeatable
    view = MrXView.of(state)
    player.start(view)
    return player.choose(view)


def test_mrx_takes_a_safe_station_over_one_a_detective_can_reach():
    # a taxi line 1-...-9; Mr X on 5, a detective on 3: 4 is in its reach, 6 is not
    state = _game([(i, i + 1) for i in range(1, 9)], range(1, 10), 5, {Ticket.TAXI: 5}, [3])
    reach = _reach(state)
    assert 4 in reach and 6 not in reach
    for seed in range(5):
        decision = _choose(state, seed)
        assert decision.move.destination == 6, decision.reason
        assert decision.reason.startswith("TAXI to 6")


def test_mrx_spends_a_double_move_when_every_single_ride_ends_in_reach():
    # Mr X on 5 between detectives on 3 and 7 (a line 1-9, a branch 6-10-11-12): both single rides
    # (to 4 and to 6) end where a detective can ride next; a double move gets him out of reach
    edges = [(i, i + 1) for i in range(1, 9)] + [(6, 10), (10, 11), (11, 12)]
    state = _game(edges, range(1, 13), 5, {Ticket.TAXI: 5, Ticket.DOUBLE: 1}, [3, 7])
    reach = _reach(state)
    assert {4, 6} <= reach
    for seed in range(5):
        move = _choose(state, seed).move
        assert move.is_double, move
        assert move.destination2 not in reach


def test_mrx_keeps_his_double_move_when_a_single_ride_is_safe():
    # the same corridor with one detective on 8: the rides to 4 and to 6 are out of its reach, so
    # the double ticket stays in his hand for a worse moment
    edges = [(i, i + 1) for i in range(1, 9)] + [(6, 10), (10, 11), (11, 12)]
    state = _game(edges, range(1, 13), 5, {Ticket.TAXI: 5, Ticket.DOUBLE: 1}, [8])
    reach = _reach(state)
    assert not {4, 6} & reach
    for seed in range(5):
        move = _choose(state, seed).move
        assert not move.is_double, move
        assert move.destination not in reach


def test_mrx_search_uses_at_most_a_fixed_number_of_simulations_whatever_the_budget():
    # more simulations made him weaker (the playouts' detectives are a rough model), so a long
    # budget runs no more of them than MAX_SIMULATIONS
    import re

    from game.scotlandyard import standard_game
    from game.scotlandyard.ai.mcts_mrx import MAX_SIMULATIONS

    view = MrXView.of(standard_game(5))
    player = make_mrx("default", seed=1, move_time=5.0)
    player.start(view)
    counted = []
    original = player._simulate

    def counting(*args):
        counted.append(1)
        return original(*args)

    player._simulate = counting
    decision = player.choose(view)
    assert 0 < len(counted) <= MAX_SIMULATIONS
    shown = int(re.search(r"in (\d+) simulations", decision.reason).group(1))
    assert shown <= len(counted)


def test_mrx_playouts_score_his_move_before_the_detectives_last_round_by_the_learned_value(monkeypatch):
    # a playout plays HORIZON - 1 rounds of the simulated detectives, then scores Mr X's next move
    # by the learned survival value (the detectives' last round is not played)
    import random

    from game.scotlandyard import standard_game
    import game.scotlandyard.ai.mcts_mrx as mx

    rounds, leaves = [], []
    rollout, learned = mx._rollout_detectives, mx.survival_probability

    def counting_rollout(*args):
        rounds[-1] += 1
        return rollout(*args)

    def counting_leaf(x):
        leaves[-1] = learned(x)
        return leaves[-1]

    monkeypatch.setattr(mx, "_rollout_detectives", counting_rollout)
    monkeypatch.setattr(mx, "survival_probability", counting_leaf)
    view = MrXView.of(standard_game(5))
    player = make_mrx("default", seed=1, move_time=0.05)
    player.start(view)
    ctx = mrx_context(view)
    from game.scotlandyard.ai.context import public_tracker

    tracker = public_tracker(view)
    rng = random.Random(3)
    scored = 0
    for move in sorted(ctx.moves)[:10]:
        rounds.append(0)
        leaves.append(None)
        value = player._simulate(ctx.sim, tracker.prob, move, rng)
        assert rounds[-1] <= mx.HORIZON - 1
        if leaves[-1] is not None:       # reached the leaf: all the rounds before it were played
            scored += 1
            assert rounds[-1] == mx.HORIZON - 1 and value == leaves[-1] and 0.0 < value < 1.0
        else:                            # a capture within the playout
            assert value == 0.0
    assert scored > 0
