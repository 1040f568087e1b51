"""scotland_yard_v0: PettingZoo's api_test and seed_test, masks against the engine's available
moves (double moves as two decisions), stuck detectives skipped, the same game as the engine,
Mr X's station never in a detective's observation, and our AIs as policies in both directions."""

import warnings
from dataclasses import replace

import numpy as np
import pytest

with warnings.catch_warnings():  # pettingzoo.test loads PettingZoo's own environments the deprecated way
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

from game.envs import scotland_yard_v0 as sy
from game.envs.agents import PolicyDetectives, PolicyMrX, policy_detectives
from game.envs.policies import random_policy, scotland_yard_policy
from game.scotlandyard.ai import make_detectives, make_mrx
from game.scotlandyard.model import DEFAULT_DETECTIVE_TICKETS, DEFAULT_MRX_TICKETS, GameState, Player, Tickets, new_game
from game.scotlandyard.moves import DoubleMove, SingleMove
from game.scotlandyard.pieces import Piece
from game.scotlandyard.views import DetectivesView, MrXView

# api_test's advice for other kinds of environments (a Dict observation, agents named player_N).
pytestmark = [pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
              pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
              pytest.mark.filterwarnings("ignore:We recommend agents to be named")]

SHORT = (False, False, True, False, False, False, False, True, False, False)  # 10 Mr X moves


def short_env(**kwargs):
    return sy.raw_env(reveals=SHORT, **kwargs)


def play(env, policies, seed=0, options=None, limit=5000, each=None):
    env.reset(seed=seed, options=options)
    for agent in env.agent_iter(limit):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        if each is not None:
            each(env, agent, obs)
        env.step(policies[agent](obs["observation"], obs["action_mask"]))


def test_pettingzoo_api_test_passes():
    api_test(sy.env(reveals=SHORT), num_cycles=400)


def test_pettingzoo_api_test_passes_with_two_detectives_on_the_standard_length():
    api_test(sy.env(detectives=2), num_cycles=200)


def test_pettingzoo_seed_test_passes():
    seed_test(lambda **kw: sy.env(reveals=SHORT, **kw), num_cycles=400)


def expected_mask(env, agent):
    """Index by index, from the engine's available moves only (not from the codec's mask)."""
    codec = env.codec
    n = codec.N
    out = np.zeros(codec.n, dtype=np.int8)
    if agent != env.agent_selection or env.game.winner:
        return out
    game = env.game
    piece = env.piece_of[agent]
    src = game.location(piece)
    available = game.available_moves()
    firsts = {(m.ticket1, m.destination1) for m in available if isinstance(m, DoubleMove)}
    for i in range(codec.n):
        ticket, station, first = codec.decode(i)
        if first:
            ok = env.pending is None and (ticket, station) in firsts
        elif env.pending is not None:
            ok = DoubleMove(piece, src, *env.pending, ticket, station) in available
        else:
            ok = SingleMove(piece, src, ticket, station) in available
        out[i] = ok
    assert i == 8 * n - 1
    return out


def test_masks_are_exactly_the_engines_available_moves_double_moves_included():
    env = short_env()
    seen = {"double": 0, "secret": 0, "checks": 0}

    def check(env, agent, obs):
        for other in env.possible_agents:
            mask = obs["action_mask"] if other == agent else env.observe(other)["action_mask"]
            np.testing.assert_array_equal(mask, expected_mask(env, other), err_msg=other)
        seen["checks"] += 1
        seen["double"] += env.pending is not None
        seen["secret"] += bool(obs["action_mask"][3 * env.codec.N: 4 * env.codec.N].any())

    for seed in range(2):
        policies = {a: random_policy(seed * 10 + i) for i, a in enumerate(env.possible_agents)}
        play(env, policies, seed=seed, each=check)
    assert seen["checks"] > 30 and seen["double"] > 0 and seen["secret"] > 0


def test_same_decisions_give_the_engines_game_and_a_double_is_one_engine_move():
    env = short_env()
    rng = np.random.default_rng(0)
    env.reset(seed=3)
    state = env.game
    pending = None
    moves = 0
    for agent in env.agent_iter(3000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        index = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        ticket, station, first = env.codec.decode(index)
        piece = env.piece_of[agent]
        env.step(index)
        if first:
            pending = (ticket, station)
            assert env.game == state and env.agent_selection == agent, "the first ride alone does not move"
            continue
        src = state.location(piece)
        move = DoubleMove(piece, src, *pending, ticket, station) if pending else SingleMove(piece, src, ticket, station)
        pending = None
        state = state.advance(move)
        moves += 1
        assert env.game == state
    assert state.winner and moves > 10


def test_a_stuck_detective_is_skipped():
    env = short_env(detectives=2)
    mrx = Player(Piece.MRX, DEFAULT_MRX_TICKETS, 45)
    stuck = Player(Piece.RED, Tickets({}), 26)  # no tickets: never has a move
    free = Player(Piece.GREEN, DEFAULT_DETECTIVE_TICKETS, 29)
    selected = []
    play(env, {a: random_policy(i) for i, a in enumerate(env.possible_agents)}, options={"players": (mrx, (stuck, free))},
         each=lambda env, agent, obs: selected.append(agent))
    assert "red" not in selected and selected.count("green") >= 3 and selected[0] == "mrx"
    assert env.game.location(Piece.RED) == 26


def test_a_masked_action_raises_in_the_raw_env_and_loses_in_the_wrapped_one():
    env = short_env()
    env.reset(seed=0)
    bad = int(np.flatnonzero(env.observe("mrx")["action_mask"] == 0)[0])
    with pytest.raises(sy.IllegalAction, match="not available; available: "):
        env.step(bad)
    wrapped = sy.env(reveals=SHORT)
    wrapped.reset(seed=0)
    wrapped.step(bad)
    assert wrapped.rewards["mrx"] == -1 and all(wrapped.terminations.values())


def test_rewards_at_the_end_only_winners_plus_one_losers_minus_one():
    env = short_env()
    totals = {a: 0.0 for a in env.possible_agents}
    env.reset(seed=5)
    policies = {a: random_policy(i) for i, a in enumerate(env.possible_agents)}
    for agent in env.agent_iter(5000):
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if not terminated:
            assert reward == 0.0
            env.step(policies[agent](obs["observation"], obs["action_mask"]))
        else:
            env.step(None)
    mrx_won = Piece.MRX in env.game.winner
    assert totals["mrx"] == (1.0 if mrx_won else -1.0)
    assert all(totals[a] == -totals["mrx"] for a in env.possible_agents[1:])


def hidden_variant(state: GameState, station: int) -> GameState:
    """The same public record with Mr X elsewhere, and his hidden rides rewritten to lead there."""
    history = []
    for move in state.history:  # the log keeps what was public; the moves say where he really went
        if isinstance(move, DoubleMove):
            move = DoubleMove(Piece.MRX, 1, move.ticket1, 2, move.ticket2, 3)
        elif move.piece is Piece.MRX:
            move = SingleMove(Piece.MRX, 1, move.ticket, 2)
        history.append(move)
    node = None
    for move in history:
        node = (node, move)
    other = GameState._make(state._game, (station,) + state._locs[1:], state._tix, (), state._log, node)
    other._remaining = state._remaining
    return other


def test_detectives_never_observe_mr_x_but_he_does():
    env = short_env()
    policies = {a: random_policy(i) for i, a in enumerate(env.possible_agents)}
    compared = 0

    def check(env, agent, obs):
        nonlocal compared
        if env.pending is not None:
            return
        real = env.game
        free = [s for s in env.codec.stations if s not in {d.location for d in real.detectives}
                and s != real.mrx_location]
        before = {a: env.observe(a) for a in env.possible_agents}
        variant = hidden_variant(real, free[len(free) // 2])
        env.game = variant
        try:
            after = {a: env.observe(a) for a in env.possible_agents}
        finally:
            env.game = real
        # and the encoder's whole path from a state, not only the environment's running arrays
        for state_public in (env.encoder.public(DetectivesView.of(variant)),):
            reference = env.encoder.public(DetectivesView.of(real))
            for key in reference:
                np.testing.assert_array_equal(reference[key], state_public[key], key)
        for a in env.possible_agents[1:]:
            for key in before[a]["observation"]:
                np.testing.assert_array_equal(before[a]["observation"][key], after[a]["observation"][key], key)
        assert not np.array_equal(before["mrx"]["observation"]["stations"], after["mrx"]["observation"]["stations"])
        compared += 1

    play(env, policies, seed=1, each=check)
    assert compared > 20


def test_the_arrays_hold_the_detectives_whole_view_history_included():
    env = short_env()
    policies = {a: random_policy(i) for i, a in enumerate(env.possible_agents)}
    checked = 0

    def check(env, agent, obs):
        nonlocal checked
        view = DetectivesView.of(env.game)
        assert env.encoder.detectives_view(obs["observation"]) == replace(view, winner=frozenset())
        if agent == "mrx":
            assert env.encoder.mrx_location(obs["observation"]) == env.game.mrx_location
        checked += 1

    for seed in (2, 3, 4):
        play(env, policies, seed=seed, each=check)
    assert checked > 30


def lowest(observation, mask):
    return int(np.flatnonzero(mask)[0])


def test_our_mr_x_as_a_policy_plays_the_game_he_plays_on_the_engine():
    env = short_env()
    mrx_policy = scotland_yard_policy("mrx", "random", 4, env=env)
    play(env, {"mrx": mrx_policy, **{a: lowest for a in env.possible_agents[1:]}}, seed=6)
    # The same game without the environment: RandomMrX on the real state, detectives as above.
    mrx, dets = sy.start_players(6, 5)
    game = new_game(env.setup, mrx, dets)
    player = make_mrx("random", seed=4)
    player.start(MrXView(game))
    while not game.winner:
        if game.is_mrx_turn:
            game = game.advance(player.choose(MrXView(game)).move)
        else:
            movers = {m.piece for m in game.legal_moves()}
            piece = next(p for p in game.remaining if p in movers)
            moves = [m for m in game.legal_moves() if m.piece is piece]
            game = game.advance(min(moves, key=lambda m: env.codec.indices(m)[0]))
    assert game.history == env.game.history


class RandomThroughArrays(PolicyMrX):
    """Our random Mr X behind a policy: arrays in, index out (a stand-in for a trained policy)."""

    def policy(self, observation, mask):
        if not hasattr(self, "_inner"):
            self._inner = scotland_yard_policy("mrx", "random", self.seed, env=self._env)
        return self._inner(observation, mask)


LowestDetectives = policy_detectives("tests.envs.test_scotland_yard_env:lowest", name="lowest")


def test_a_policy_is_a_player_make_mrx_and_make_detectives_load_by_dotted_path():
    env = short_env()
    RandomThroughArrays._env = env
    mrx, dets = sy.start_players(8, 5)
    game = new_game(env.setup, mrx, dets)
    through = make_mrx("tests.envs.test_scotland_yard_env:RandomThroughArrays", seed=2)
    direct = make_mrx("random", seed=2)
    team = make_detectives("tests.envs.test_scotland_yard_env:LowestDetectives", seed=0)
    assert isinstance(through, PolicyMrX) and isinstance(team, PolicyDetectives)
    doubles = 0
    while not game.winner:
        if game.is_mrx_turn:
            move = through.choose(MrXView(game)).move
            assert move == direct.choose(MrXView(game)).move
            doubles += isinstance(move, DoubleMove)
        else:
            move = team.choose(DetectivesView.of(game)).move
            assert move in game.available_moves()
        game = game.advance(move)
    assert len(game.history) > 5 and doubles > 0, "the two-decision double move was exercised"


def test_rgb_array_is_the_arcades_detectives_view_of_the_current_state():
    env = sy.env(reveals=SHORT, render_mode="rgb_array", render_size=(400, 300))
    env.reset(seed=0)
    first = env.render()
    assert first.shape == (300, 400, 3) and first.dtype == np.uint8 and first.std() > 5
    for _ in range(3):
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    second = env.render()
    renderer = env.unwrapped._renderer
    assert renderer.session.state == env.unwrapped.game and not np.array_equal(first, second)
    env.close()
