"""The default Mr X's model of the detectives' reply (``policy.objective_reply``): their round as
their team objective plays it over their own belief. It must be the greedy detectives' round
exactly, depend only on what the detectives can see, and be trusted only as far as it has come
true in the game."""

from game.scotlandyard import DetectivesView, MrXView, standard_game
from game.scotlandyard.ai import make_detectives, make_mrx
from game.scotlandyard.ai.context import mrx_context, public_tracker, to_internal
from game.scotlandyard.ai.policy import category_bias, entries_for, objective_reply
from game.scotlandyard.ai.sim import TAXI


def _mrx_move(state, pick):
    """Mr X's first available single ride that ``pick(internal move)`` accepts."""
    ctx = mrx_context(MrXView.of(state))
    for internal, move in sorted(ctx.moves.items()):
        if len(internal) == 2 and pick(internal):
            return internal, move
    raise AssertionError("no such move")


def _detectives_round(state, player):
    """Play the detectives' round through the engine; their moves as (index, ticket, station)."""
    view = DetectivesView.of(state)
    index_of = {d.piece: i for i, d in enumerate(view.detectives)}
    played = []
    while not state.winner and not state.is_mrx_turn:
        view = DetectivesView.of(state)
        move = player.choose(view).move
        played.append(to_internal(move, index_of))
        state = state.advance(move)
    return state, played


def test_the_modelled_reply_is_the_greedy_detectives_round():
    for seed in (3, 11, 27):
        state = standard_game(seed)
        view = MrXView.of(state)
        ctx = mrx_context(view)
        belief = public_tracker(view, bias=category_bias)
        internal, move = _mrx_move(state, lambda m: m[0] == TAXI)
        path = objective_reply(ctx.g, ctx.sim, internal, belief)
        greedy = make_detectives("greedy", seed=seed, move_time=0.05)
        after, played = _detectives_round(state.advance(move), greedy)
        assert len(path) == len(played) == len(ctx.sim.dl)
        assert path == played, (seed, path, played)


def test_the_modelled_reply_depends_on_the_public_log_entry_not_on_his_station():
    state = standard_game(8)
    ctx = mrx_context(MrXView.of(state))
    g, sim = ctx.g, ctx.sim
    belief = public_tracker(MrXView.of(state), bias=category_bias)
    taxis = [m for m in sorted(ctx.moves) if len(m) == 2 and m[0] == TAXI]
    assert len(taxis) >= 2 and not sim.reveals[sim.log_len]
    assert entries_for(sim, taxis[0]) == entries_for(sim, taxis[1])
    replies = [objective_reply(g, sim, m, belief) for m in taxis]
    assert all(r == replies[0] for r in replies)
    # he is not where the model looks for him: a copy of the position, his station unchanged
    assert sim.mrx == int(MrXView.of(state).location)


def test_trust_follows_how_often_the_model_foresaw_the_detectives():
    state = standard_game(4)
    view = MrXView.of(state)
    player = make_mrx("default", seed=1, move_time=0.05)
    player.start(view)
    sim = mrx_context(view).sim
    assert 0.0 < player._trust(sim) < 1.0           # no evidence yet: the prior alone
    for _ in range(10):                              # the detectives stood where it said
        player.foreseen = list(sim.dl)
        trust = player._trust(sim)
    assert trust == 1.0
    for _ in range(20):                              # then never
        player.foreseen = [-1] * len(sim.dl)
        trust = player._trust(sim)
    assert trust == 0.0


def test_against_the_greedy_detectives_the_model_comes_true_and_is_used():
    from game.scotlandyard.ai.runner import play_game

    seen = []

    class Watching(type(make_mrx("default"))):
        def _simulate(self, root_sim, root_prob, move, rng, mix=0.0):
            seen.append(mix)
            return super()._simulate(root_sim, root_prob, move, rng, mix)

    mrx = Watching(seed=2, move_time=5.0)   # a long budget: the count, not the clock on a loaded
    mrx.max_iterations = 40                  # machine, ends every search, so the game repeats exactly
    play_game(standard_game(2), mrx, make_detectives("greedy", seed=2, move_time=0.05))
    assert mrx.model_seen >= 5 * len(standard_game(2).detectives)
    assert mrx.model_hits >= 0.9 * mrx.model_seen
    assert max(seen) > 0.8
