"""TreasureIsland-v0: Gymnasium's checker, the action codec and its mask against the rules'
own validity check, the same game as the engine, public information only, and our agents as
policies in both directions."""

from dataclasses import replace

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import game.envs  # noqa: F401 - registers TreasureIsland-v0
from game.treasure.agents import agent_class, make_agent
from game.treasure.agents.runner import play_game
from game.envs.agents import PolicyAgent, policy_agent
from game.envs.policies import random_policy, treasure_policy
from game.envs.treasure import TreasureEncoder, TreasureIslandEnv, decode_observation
from game.envs.treasure_codec import TreasureActionCodec
from game.paths import MAPS_DIR
from game.treasure.actions import Forfeit, LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.config import RulesConfig
from game.treasure.engine import action_error, new_game, step
from game.treasure.mapfile import read_map
from game.treasure.observation import observe

ISLAND16 = MAPS_DIR / "island16.txt"


@pytest.fixture(scope="module")
def board16():
    return read_map(ISLAND16)


def play(env, policy, seed, max_steps=400):
    """One episode; returns (observations, masks, rewards, infos)."""
    obs, info = env.reset(seed=seed)
    seen = [(obs, info)]
    rewards = []
    for _ in range(max_steps):
        obs, reward, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
        seen.append((obs, info))
        rewards.append(reward)
        if terminated or truncated:
            break
    return seen, rewards


# --- the ecosystem's checker ----------------------------------------------------------------
def test_gymnasium_check_env_passes_with_every_render_mode_it_can_test():
    env = gym.make("TreasureIsland-v0", map=ISLAND16, render_mode="rgb_array", render_size=(320, 200))
    # spaces, seeding, unmasked random steps, determinism, both render modes, double close
    check_env(env.unwrapped)
    env.close()


def test_registered_under_its_name_and_with_the_module_prefix():
    env = gym.make("TreasureIsland-v0", map=ISLAND16)
    assert isinstance(env.unwrapped, TreasureIslandEnv)
    env2 = gym.make("game.envs:TreasureIsland-v0", map=ISLAND16, step_cost=0.0)
    assert env2.unwrapped.rewards["step"] == 0.0
    env.close()
    env2.close()


# --- the action codec -------------------------------------------------------------------------
def test_codec_indices_cover_the_five_actions_in_a_fixed_order():
    codec = TreasureActionCodec(RulesConfig(), max_hints=10, max_shape=(16, 20))
    assert codec.decode(0) == LargeScan()
    assert codec.decode(1) == MoveSmall("N", 1) and codec.decode(2) == MoveSmall("N", 2)
    assert codec.decode(9) == MoveLarge("N", 3) and codec.decode(16) == MoveLarge("W", 4)
    assert codec.verify_base == 17 and codec.decode(17) == Verify(1) and codec.decode(26) == Verify(10)
    assert codec.teleport_base == 27 and codec.decode(27 + 3 * 20 + 5) == Teleport(3, 5)
    assert codec.n == 27 + 16 * 20
    for i in range(codec.n):
        assert codec.encode(codec.decode(i)) == i
    for bad in (Forfeit("x", "y"), Verify(11), Teleport(16, 0), MoveSmall("N", 3)):
        with pytest.raises(ValueError):
            codec.encode(bad)
    with pytest.raises(ValueError):
        codec.decode(codec.n)


@pytest.mark.parametrize("max_size", [None, (20, 24)])
def test_mask_is_exactly_the_rules_validity_over_random_episodes(max_size):
    """A masked index is never valid, an unmasked one always is: every index, every step,
    including the teleport block past the edge of a map smaller than max_size."""
    env = TreasureIslandEnv(map=ISLAND16, max_size=max_size)
    codec = env.codec
    actions = [codec.decode(i) for i in range(codec.n)]
    policy = random_policy(5)
    checked = 0
    for seed in range(3):
        obs, info = env.reset(seed=seed)
        for _ in range(40):
            valid = np.array([action_error(env.state, a) is None for a in actions], dtype=np.int8)
            assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (codec.n,)
            np.testing.assert_array_equal(info["action_mask"], valid)
            np.testing.assert_array_equal(env.action_masks(), valid.astype(bool))
            checked += 1
            obs, _, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
            if terminated or truncated:
                assert not info["action_mask"].any(), "nothing is valid once the game is over"
                break
    assert checked > 20


# --- the same game as the engine --------------------------------------------------------------
def test_same_seed_and_actions_give_the_engines_game(board16):
    """Invalid indices included: the engine is given the rules' forfeit for them."""
    env = TreasureIslandEnv(map=board16)
    rng = np.random.default_rng(0)
    for seed in (1, 2):
        obs, info = env.reset(seed=seed)
        state, _ = new_game(board16, seed)
        assert env.state.same_as(state)
        for _ in range(60):
            index = int(rng.integers(env.codec.n)) if rng.random() < 0.3 else random_policy(int(rng.integers(1 << 30)))(
                obs, info["action_mask"])
            action = env.codec.decode(index)
            reason = action_error(state, action)
            state, _ = step(state, action if reason is None else Forfeit(action.text(), reason))
            obs, _, terminated, _, info = env.step(index)
            assert env.state.same_as(state)
            assert ("illegal" in info) == (reason is not None)
            if terminated:
                break


def test_an_invalid_index_is_forfeited_by_the_rules_and_penalised_never_replaced(board16):
    env = TreasureIslandEnv(map=board16, step_cost=0.01, illegal_penalty=0.5)
    _, info = env.reset(seed=4)
    bad = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = env.state
    _, reward, terminated, _, info = env.step(bad)
    assert info["illegal"] == action_error(before, env.codec.decode(bad))
    assert info["action"].startswith("FORFEIT")
    assert env.state.actions_taken == before.actions_taken + 1 and env.state.agent == before.agent
    assert reward == pytest.approx(-0.51) and not terminated


def test_rewards_win_loss_and_cost_per_step(board16):
    env = TreasureIslandEnv(map=board16, win_reward=2.0, loss_reward=-3.0, step_cost=0.25)
    outcomes = set()
    for seed in range(6):
        for name in ("default", "random"):
            _, rewards = play(env, treasure_policy(name, seed, env=env), seed)
            assert all(r == -0.25 for r in rewards[:-1])
            outcome = env.state.outcome
            outcomes.add(outcome)
            assert rewards[-1] == pytest.approx(-0.25 + (2.0 if outcome == "WIN" else -3.0))
    assert outcomes == {"WIN", "LOSE"}


def test_a_game_longer_than_the_hint_stack_is_truncated(board16):
    env = TreasureIslandEnv(map=board16, max_hints=2)
    verify_1 = env.codec.encode(Verify(1))  # hint 1 is known true: an invalid action, forfeited
    steps = []
    _, info = env.reset(seed=0)
    for _ in range(4):
        _, _, terminated, truncated, info = env.step(verify_1)
        steps.append((terminated, truncated, env.state.turn))
    assert steps == [(False, False, 1), (False, False, 2), (False, False, 2), (False, True, 3)]


def test_reset_switches_maps_within_max_size(board16):
    env = TreasureIslandEnv(map=board16, max_size=(32, 32))
    obs, _ = env.reset(seed=1, options={"map": MAPS_DIR / "island32.txt"})
    assert obs["map_size"].tolist() == [32, 32] and obs["land"].shape == (32, 32)
    obs, _ = env.reset(seed=1, options={"map": board16})
    assert obs["map_size"].tolist() == [16, 16] and not obs["land"][16:, :].any()
    with pytest.raises(ValueError, match="larger than"):
        env.reset(seed=1, options={"map": MAPS_DIR / "island64.txt"})
    with pytest.raises(ValueError, match="unknown reset options"):
        env.reset(seed=1, options={"seed": 3})


def test_reset_changes_the_rules_that_keep_the_action_space(board16):
    env = TreasureIslandEnv(map=board16)
    env.reset(seed=2, options={"rules": {"actions_per_turn": 3, "truth_model": "bluff"}})
    assert env.state.actions_left == 3 and env.state.config.truth_model == "bluff"
    state, _ = new_game(board16, 2, RulesConfig(actions_per_turn=3, truth_model="bluff"))
    assert env.state.same_as(state)
    env.reset(seed=2)
    assert env.state.actions_left == 3, "the rules stay for the following resets"
    with pytest.raises(ValueError, match="action space was made for"):
        env.reset(seed=2, options={"rules": {"small_move": [1, 3]}})


# --- public information only ------------------------------------------------------------------
def hidden_variant(state, rng):
    """The same public record with different secrets: another treasure tile, another prison
    while it is secret, the unverified hints' truths flipped, the pirate's unwalked route and the
    generator changed."""
    board = state.board
    tiles = np.argwhere(board.eligible & ~state.scanned)
    treasure = tuple(int(x) for x in tiles[rng.integers(len(tiles))])
    changes = {"board": board.with_treasure(treasure), "rng": np.random.default_rng(12345)}
    if not state.revealed:
        others = [p for p in board.prisons if p != state.prison]
        if others:
            changes["prison"] = others[0]
            changes["pirate_route"] = (others[0],)
            changes["pirate_steps"] = 0
    else:
        walked = state.pirate_route[: state.pirate_steps + 1]
        changes["pirate_route"] = walked + ((0, 0),) * 3
    changes["hints"] = tuple(replace(h, truth=not h.truth) if v is None else h
                             for h, v in zip(state.hints, state.verified))
    return replace(state, **changes)


def test_changing_the_hidden_state_leaves_the_observation_unchanged(board16):
    env = TreasureIslandEnv(map=board16)
    rng = np.random.default_rng(3)
    compared = 0
    for seed in range(3):
        env.reset(seed=seed)
        states = [env.state]
        policy = random_policy(seed)
        obs, info = env.reset(seed=seed)
        for _ in range(25):
            obs, _, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
            if terminated or truncated:
                break
            states.append(env.state)
        real, fake = TreasureEncoder(env.codec), TreasureEncoder(env.codec)
        real.set_board(board16.public())
        fake.set_board(board16.public())
        for state in states:
            other = hidden_variant(state, rng)
            assert other.treasure != state.treasure or other.hints != state.hints
            a, mask_a = real.encode(observe(state))
            b, mask_b = fake.encode(observe(other))
            assert a.keys() == b.keys()
            for key in a:
                np.testing.assert_array_equal(a[key], b[key], err_msg=key)
            np.testing.assert_array_equal(mask_a, mask_b)
            compared += 1
    assert compared > 20


def test_the_observation_space_holds_no_treasure_and_every_array_is_fresh(board16):
    env = TreasureIslandEnv(map=board16)
    obs, _ = env.reset(seed=0)
    assert "treasure" not in " ".join(obs)
    obs2, *_ = env.step(0)
    for key in obs:
        assert not np.shares_memory(obs[key], obs2[key]), key
    assert env.observation_space.contains(obs2)


# --- our agents as policies, and a policy as our agent ----------------------------------------
def test_the_arrays_rebuild_the_engines_public_observation(board16):
    env = TreasureIslandEnv(map=board16)
    obs, info = env.reset(seed=2)
    policy = random_policy(2)
    for _ in range(30):
        pub = observe(env.state)
        back = decode_observation(obs, env.config)
        for name in ("turn", "actions_left", "agent", "teleports_used", "prison", "pirate", "pirate_free",
                     "pirate_trail", "verified", "reveal_turn", "free_turn"):
            assert getattr(back, name) == getattr(pub, name), name
        np.testing.assert_array_equal(back.scanned, pub.scanned)
        assert back.board.same_as(pub.board)
        assert [(h.index, h.kind) for h in back.hints] == [(h.index, h.kind) for h in pub.hints]
        for h, g in zip(back.hints, pub.hints):
            np.testing.assert_array_equal(h.mask, g.mask)
        obs, _, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
        if terminated or truncated:
            break


@pytest.mark.parametrize("name", ["default", "greedy"])
def test_our_agent_as_a_policy_plays_the_game_the_runner_plays(board16, name):
    env = TreasureIslandEnv(map=board16)
    for seed in (0, 3):
        policy = treasure_policy(name, seed, env=env)
        play(env, policy, seed)
        record = play_game(board16, seed, make_agent(name, seed))
        assert [a.text() for a in env.applied] == [p.action.text() for p in record.actions]
        assert env.state.outcome == record.result and policy.replaced == 0


class DefaultThroughArrays(PolicyAgent):
    """The default agent behind a policy: arrays in, index out (a stand-in for a trained one)."""

    name = "default-through-arrays"

    def policy(self, observation, mask):
        if not hasattr(self, "_inner"):
            codec = self.encoder.codec
            self._inner = treasure_policy("default", self.seed, codec=codec, config=codec.config)
        return self._inner(observation, mask)


def masked_random(observation, mask):
    return int(np.flatnonzero(mask)[-1])


RandomPolicyAgent = policy_agent("tests.envs.test_treasure_env:masked_random", name="last-valid")


def test_a_policy_is_an_agent_the_bench_and_arcade_load_by_dotted_path(board16):
    cls = agent_class("tests.envs.test_treasure_env:DefaultThroughArrays")
    for seed in (1, 5):
        through = play_game(board16, seed, cls(seed=seed))
        direct = play_game(board16, seed, make_agent("default", seed))
        assert [p.action.text() for p in through.actions] == [p.action.text() for p in direct.actions]
        assert through.invalid_actions == 0
    record = play_game(board16, 0, make_agent("tests.envs.test_treasure_env:RandomPolicyAgent", 0), max_actions=30)
    assert record.invalid_actions == 0 and len(record.actions) > 0


def test_a_policy_index_the_mask_forbids_is_refused_and_forfeited_by_the_runner(board16):
    class Stubborn(PolicyAgent):
        def policy(self, observation, mask):
            return int(np.flatnonzero(mask == 0)[0])

    record = play_game(board16, 0, Stubborn(seed=0), max_actions=4)
    assert record.invalid_actions == 4
    assert all(isinstance(p.action, Forfeit) for p in record.actions)


# --- rendering --------------------------------------------------------------------------------
def test_rgb_array_is_an_arcade_frame_of_the_current_state(board16):
    env = TreasureIslandEnv(map=board16, render_mode="rgb_array", render_size=(400, 240))
    obs, info = env.reset(seed=1)
    first = env.render()
    assert first.shape == (240, 400, 3) and first.dtype == np.uint8 and first.std() > 10
    env.step(int(np.flatnonzero(info["action_mask"])[1]))
    second = env.render()
    assert not np.array_equal(first, second), "the frame follows the game"
    env.close()


# --- the arrays kept between steps: same content as built from scratch, never shared ----------
def fresh_arrays(env, pub):
    """The observation and mask a new encoder builds from the public record alone (the
    candidate tiles by the knowledge module's own searches): what the incremental one must give."""
    from game.treasure.agents.knowledge import public_possible

    enc = TreasureEncoder(env.codec)
    enc.set_board(pub.board)
    obs, mask = enc.encode(pub)
    obs["possible"] = np.zeros_like(obs["possible"])
    h, w = pub.board.shape
    obs["possible"][:h, :w] = public_possible(pub)
    return obs, env.codec.mask(pub)


@pytest.mark.parametrize("map_name", ["island16.txt", "island32.txt", "island64.txt"])
def test_the_incremental_arrays_are_the_ones_built_from_scratch(map_name):
    """Every plane, the hint stack, the `possible` plane (the pirate's walk read off the prison's
    shortest-path DAG) and the mask, step by step, against a new encoder fed only the current
    public record and the knowledge module's searches."""
    env = TreasureIslandEnv(map=MAPS_DIR / map_name)
    checked = walked = 0
    for seed in range(8):
        policy = random_policy(seed)
        obs, info = env.reset(seed=seed)
        for _ in range(200):
            pub = observe(env.state)
            want, want_mask = fresh_arrays(env, pub)
            for key in want:
                np.testing.assert_array_equal(obs[key], want[key], err_msg=f"{key} seed {seed} turn {pub.turn}")
            np.testing.assert_array_equal(info["action_mask"], want_mask)
            checked += 1
            walked += len(pub.pirate_trail) > 2
            obs, _, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
            if terminated or truncated:
                break
    assert checked > 60 and walked > 10, (checked, walked)


def test_the_walk_off_the_dag_is_the_knowledge_modules_searches(board16):
    """Trails the rules never produce (a detour, a jump) fall back to the original searches and
    give the same candidate tiles."""
    from game.treasure.agents.knowledge import Knowledge
    from game.envs.treasure_trail import TrailKnowledge, prison_dag

    state, _ = new_game(board16, 1)
    pub = observe(state)
    board = pub.board
    prison = board.prisons[0]
    dag = prison_dag(board, prison)
    # a shortest walk of 3 steps, then one step back (off the DAG)
    walk = [prison]
    while len(walk) < 4:
        r, c = walk[-1]
        nxt = [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
               if board.on_map((r + dr, c + dc)) and dag.depth((r + dr, c + dc)) == len(walk)]
        assert nxt, "the test map has a 3-step walk from its first prison"
        walk.append(nxt[-1])
    for trail in (tuple(walk), tuple(walk) + (walk[-2],)):
        view = replace(pub, prison=prison, pirate=trail[-1], pirate_free=True, pirate_trail=trail)
        a, b = Knowledge(view), TrailKnowledge(view)
        a.update(view)
        b.update(view)
        np.testing.assert_array_equal(a.possible, b.possible)
        # and step by step, as the trail grows
        a, b = Knowledge(view), TrailKnowledge(view)
        for k in range(1, len(trail) + 1):
            part = replace(view, pirate=trail[k - 1], pirate_trail=trail[:k])
            a.update(part)
            b.update(part)
            np.testing.assert_array_equal(a.possible, b.possible)


def test_changing_a_returned_array_changes_nothing_the_environment_keeps(board16):
    """Scribbling over every array of every observation and info (and keeping them) leaves the
    environment's later observations, masks and game exactly those of an untouched twin."""
    a, b = TreasureIslandEnv(map=board16), TreasureIslandEnv(map=board16)
    for seed in range(3):
        obs_a, info_a = a.reset(seed=seed)
        obs_b, info_b = b.reset(seed=seed)
        kept = []
        policy = random_policy(seed)
        for _ in range(80):
            index = policy(obs_b, info_b["action_mask"])
            for key in obs_b:
                np.testing.assert_array_equal(obs_a[key], obs_b[key], err_msg=key)
            np.testing.assert_array_equal(info_a["action_mask"], info_b["action_mask"])
            np.testing.assert_array_equal(a.action_masks(), b.action_masks())
            for array in (*obs_a.values(), info_a["action_mask"]):
                array[...] = 1
                assert array.flags.writeable
            kept.append((obs_a, info_a))
            obs_a, _, done_a, trunc_a, info_a = a.step(index)
            obs_b, _, done_b, trunc_b, info_b = b.step(index)
            assert a.state.same_as(b.state) and (done_a, trunc_a) == (done_b, trunc_b)
            for old, _ in kept[-3:]:
                for key in obs_a:
                    assert not np.shares_memory(old[key], obs_a[key]), key
            if done_a or trunc_a:
                break
