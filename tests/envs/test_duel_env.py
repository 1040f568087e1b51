"""duel_v0: PettingZoo's api_test and seed_test, the legal-move mask against the rules, the
course's error rule for an illegal move, rewards, the same game as the rules engine, and our
bots as policies in both directions."""

import warnings

import numpy as np
import pytest

with warnings.catch_warnings():  # pettingzoo.test loads PettingZoo's own environments the deprecated way
    warnings.simplefilter("ignore", DeprecationWarning)
    from pettingzoo.test import api_test, seed_test

from game.duel.board import DuelBoard
from game.duel.config import DuelConfig
from game.duel.match import play_match
from game.duel.protocol import MOVES
from game.duel.rules import INVALID_MOVE, initial_state, legal_moves, observe, step
from game.envs import duel_v0
from game.envs.agents import PolicyBot, policy_bot
from game.envs.duel_v0 import DuelEncoder
from game.envs.policies import duel_policy, random_policy

# api_test's advice for other kinds of environments (a Dict observation, agents named player_N).
pytestmark = [pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
              pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
              pytest.mark.filterwarnings("ignore:We recommend agents to be named")]

SHORT = {"rounds": 40}

# 4x5, point-symmetric: A boxed in by a wall and B's corner is not; items on both halves.
SMALL = ("A.m.n", "xs.b.", ".b.sx", "n.m.B")


def run(env, policies, seed=0, limit=2000):
    """Play to the end with one policy per agent; returns the final rewards and infos."""
    env.reset(seed=seed)
    rewards = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(limit):
        obs, reward, terminated, truncated, info = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(policies[agent](obs["observation"], obs["action_mask"]))
    return rewards


def test_pettingzoo_api_test_passes():
    api_test(duel_v0.env(config=SHORT), num_cycles=300)


def test_pettingzoo_api_test_passes_on_a_small_map_with_the_score_reward():
    api_test(duel_v0.env(map=SMALL, config=SHORT, reward="score"), num_cycles=300)


def test_pettingzoo_seed_test_passes():
    seed_test(lambda **kw: duel_v0.env(config=SHORT, **kw), num_cycles=300)


def test_mask_is_exactly_the_legal_moves_and_zero_off_turn():
    env = duel_v0.raw_env(config=SHORT)
    policy = random_policy(1)
    checked = 0
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter(400):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            state = env.state_
            legal = legal_moves(state, agent)
            assert obs["action_mask"].dtype == np.int8 and obs["action_mask"].shape == (4,)
            assert [MOVES[k] for k in np.flatnonzero(obs["action_mask"])] == legal
            for k, move in enumerate(MOVES):  # masked <=> the rules call it an invalid move
                after, _ = step(state, move)
                faulted = after.outcome is not None and after.outcome.message == INVALID_MOVE
                assert faulted == (not obs["action_mask"][k])
            other = "B" if agent == "A" else "A"
            assert not env.observe(other)["action_mask"].any()
            checked += 1
            env.step(policy(obs["observation"], obs["action_mask"]))
    assert checked > 100


def test_same_moves_give_the_rules_engines_game():
    env = duel_v0.raw_env(config=SHORT)
    rng = np.random.default_rng(4)
    env.reset(seed=0)
    state = initial_state(env.board, env.config)
    for agent in env.agent_iter(500):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert agent == state.mover
        assert DuelEncoder.decode(obs["observation"]) == observe(state, agent), "the course input, nothing more"
        for seat in ("A", "B"):  # the environment's fast path agrees with encoding the course input
            fast, slow = env.observe(seat)["observation"], env.encoder.encode(observe(state, seat))
            for key in slow:
                np.testing.assert_array_equal(fast[key], slow[key], key)
        legal = np.flatnonzero(obs["action_mask"])
        k = int(rng.choice(legal)) if len(legal) else 0
        state, _ = step(state, MOVES[k])
        env.step(k)
        assert env.state_ == state
    assert state.outcome is not None


def test_an_illegal_move_is_the_courses_invalid_move_error():
    env = duel_v0.raw_env(config=SHORT)
    env.reset(seed=0)
    assert env.agent_selection == "A"
    up = MOVES.index("UP")  # A starts in the top-left corner: UP leaves the board
    assert not env.observe("A")["action_mask"][up]
    env.step(up)
    state = env.state_
    assert state.outcome.message == INVALID_MOVE and state.outcome.offender == "A" and state.score_a == -100
    assert env.rewards == {"A": -1.0, "B": 1.0}
    assert all(env.terminations.values()) and env.infos["A"]["winner"] == "B Win"


def test_rewards_are_win_loss_tie_or_the_score_difference():
    walkers = {"A": duel_policy("walker", 0), "B": duel_policy("walker", 1)}
    won = run(duel_v0.raw_env(config=SHORT), walkers)
    walkers = {"A": duel_policy("walker", 0), "B": duel_policy("walker", 1)}
    env = duel_v0.raw_env(config=SHORT, reward="score")
    diff = run(env, walkers)
    final = env.state_
    assert diff == {"A": float(final.score_a - final.score_b), "B": float(final.score_b - final.score_a)}
    assert won["A"] == {"A Win": 1.0, "B Win": -1.0, "Tie": 0.0}[final.outcome.winner] and won["B"] == -won["A"]


def test_a_boxed_in_player_has_an_empty_mask_and_any_move_loses():
    board = DuelBoard(("Ax.", "x.m", ".mB"))
    env = duel_v0.raw_env(map=board, config=SHORT)
    env.reset()
    assert not env.observe("A")["action_mask"].any()
    env.step(0)
    assert env.state_.outcome.message == INVALID_MOVE and env.rewards["A"] == -1.0


def test_our_bots_as_policies_play_the_judges_game():
    board = duel_v0.load_board(None)
    config = DuelConfig(rounds=60)
    for bot in ("walker", "random"):
        env = duel_v0.raw_env(map=board, config=config)
        run(env, {"A": duel_policy(bot, 7), "B": duel_policy(bot, 8)})
        judged = play_match(board, bot, bot, config=config, seed=7)
        assert env.state_ == judged.final


class WalkerThroughArrays(PolicyBot):
    """The walker bot behind a policy: arrays in, index out (a stand-in for a trained policy)."""

    name = "walker-through-arrays"

    def policy(self, observation, mask):
        if not hasattr(self, "_inner"):
            self._inner = duel_policy("walker", self.seed)
        return self._inner(observation, mask)


def first_legal(observation, mask):
    return int(np.flatnonzero(mask)[0]) if mask.any() else 0


FirstLegal = policy_bot("tests.envs.test_duel_env:first_legal", name="first-legal")


def test_a_policy_is_a_bot_the_judge_loads_by_dotted_path():
    board = duel_v0.load_board(None)
    config = DuelConfig(rounds=60)
    through = play_match(board, "tests.envs.test_duel_env:WalkerThroughArrays", "walker", config=config, seed=3)
    direct = play_match(board, "walker", "walker", config=config, seed=3)
    assert through.log_text == direct.log_text
    first = play_match(board, "tests.envs.test_duel_env:FirstLegal", "random", config=config, seed=3)
    assert first.final.outcome.offender != "A"


def test_rgb_array_is_the_duel_arcades_frame_of_the_current_state():
    env = duel_v0.env(config=SHORT, render_mode="rgb_array", render_size=(320, 200))
    env.reset(seed=0)
    first = env.render()
    assert first.shape == (200, 320, 3) and first.dtype == np.uint8 and first.std() > 10
    env.step(int(np.flatnonzero(env.observe("A")["action_mask"])[0]))
    second = env.render()
    assert env.unwrapped._renderer.session.state == env.unwrapped.state_ and not np.array_equal(first, second)
    env.close()


def test_reset_refuses_a_map_of_another_size():
    env = duel_v0.raw_env(config=SHORT)
    with pytest.raises(ValueError, match="spaces are"):
        env.reset(options={"map": SMALL})


def test_made_by_name_from_pettingzoos_registry():
    import pettingzoo

    if not hasattr(pettingzoo, "make"):
        pytest.skip("PettingZoo before 1.27 has no registry (env() still works)")
    made = pettingzoo.make("aec", "duel_v0", config={"rounds": 5})
    assert made.unwrapped.config.rounds == 5
    assert pettingzoo.make("aec", "scotland_yard_v0", detectives=2).unwrapped.possible_agents == ["mrx", "red", "green"]
