"""The AIs' fast internal model agrees with the engine, move for move, over random games."""

import random

from hypothesis import given, settings, strategies as st

from game.scotlandyard import DetectivesView, MrXView, Piece, standard_game
from game.scotlandyard.ai.base import sorted_moves
from game.scotlandyard.ai.context import detectives_context, mrx_context, to_internal


def _sim_of(state):
    """The sim for the state, with Mr X's true station (built through the views)."""
    ctx = mrx_context(MrXView.of(state))
    if not state.is_mrx_turn:
        dctx = detectives_context(DetectivesView.of(state))
        dctx.sim.mrx = state.mrx_location
        return dctx
    return ctx


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_sim_moves_and_winner_match_the_engine_over_a_random_game(seed):
    rng = random.Random(seed)
    state = standard_game(seed)
    ctx = _sim_of(state)
    sim = ctx.sim
    index_of = {p: i for i, p in enumerate(ctx.pieces)}
    while True:
        engine_moves = {to_internal(m, index_of) for m in state.available_moves()}
        assert set(sim.moves()) == engine_moves
        engine_winner = None
        if state.winner:
            engine_winner = "MRX" if Piece.MRX in state.winner else "DETECTIVES"
        assert sim.winner == engine_winner
        if state.winner:
            break
        move = rng.choice(sorted_moves(state.available_moves()))
        state = state.advance(move)
        sim.play(to_internal(move, index_of))
        assert sim.mrx == state.mrx_location
        assert sim.dl == [d.location for d in state.detectives]
        assert sim.log_len == len(state.travel_log)
