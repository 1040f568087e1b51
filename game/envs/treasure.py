"""Treasure Island as a Gymnasium environment, ``TreasureIsland-v0`` (see docs/RL.md).

The environment is a thin adapter over the rules engine (:mod:`game.treasure.engine`): one
``step`` is one agent action, the pirate's phases run inside the engine, and the same map, seed
and actions give the same game as calling :func:`~game.treasure.engine.new_game` and
:func:`~game.treasure.engine.step` directly.

* **Actions**: ``Discrete(n)`` through :class:`~game.envs.treasure_codec.TreasureActionCodec`
  (scan, 16 moves, one index per hint, one per tile of the largest map for the teleport). The
  valid ones are ``info["action_mask"]`` (int8, shape ``(n,)``) and :meth:`action_masks`. An
  invalid index is not replaced by another action: the rules' own treatment of a program
  agent's invalid action applies (RULES §4: it loses that action, logged as a forfeit),
  ``info["illegal"]`` says why, and the step costs ``illegal_penalty`` on top.
* **Observations**: a ``Dict`` of arrays built from :func:`game.treasure.observation.observe`,
  so public information only (the treasure, the secret prison and the hints' truth are never
  read). Planes are padded with sea to the largest map the environment accepts.
* **Rewards**: ``win_reward`` when a scan finds the treasure, ``loss_reward`` when the pirate
  reaches it, ``-step_cost`` on every step, ``-illegal_penalty`` more for an invalid action.

No pygame here: ``render()`` imports the arcade's renderer when it is first called.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from game.treasure.agents.knowledge import Knowledge, distances_from
from game.treasure.actions import Action, Forfeit
from game.treasure.board import UNREACHABLE, Board
from game.treasure.config import RulesConfig
from game.treasure.engine import LOSE, WIN, GameState, action_error, new_game, step
from game.treasure.mapfile import read_map
from game.treasure.observation import Observation, PublicHint, observe, public_board

from .treasure_codec import TreasureActionCodec
from .treasure_trail import TrailKnowledge

HINT_NONE, HINT_UNVERIFIED, HINT_TRUE, HINT_FALSE = 0, 1, 2, 3
MAX_TURN = 1 << 20
REGION_HIGH = np.iinfo(np.int16).max


def load_board(source: Board | str | os.PathLike | None) -> Board:
    """A Board from a Board, a map file path, or None (the default shipped map)."""
    if isinstance(source, Board):
        return source
    if source is None:
        from game.paths import default_map

        source = default_map()
        if source is None:
            raise ValueError("no map given and no shipped map found in maps/")
    return read_map(Path(source))


def load_rules(rules: RulesConfig | dict | None) -> RulesConfig:
    if rules is None:
        return RulesConfig()
    if isinstance(rules, RulesConfig):
        return rules
    if isinstance(rules, dict):
        return RulesConfig.from_dict(rules)
    raise TypeError(f"rules must be a RulesConfig or a dict of its settings, not {type(rules).__name__}")


def turn_bound(board: Board, config: RulesConfig) -> int:
    """The last turn a game on ``board`` can reach, from public information: the pirate is free
    on turn f and walks ``pirate_speed`` tiles a turn along a shortest path from his prison to the
    treasure, which is at most the farthest walk from any prison. One hint a turn, so this also
    bounds the number of hints."""
    # The searches go to the knowledge module's cache, under the board observations carry: the
    # pirate's walk is read from the same searches (game.envs.treasure_trail).
    searched = board if board.treasure is None else public_board(board)
    far = 0
    for prison in board.prisons:
        dist = distances_from(searched, prison)
        finite = dist[(dist != UNREACHABLE) & board.eligible]
        if finite.size:
            far = max(far, int(finite.max()))
    return max(board.free_turn, 1) + math.ceil(far / config.pirate_speed)


def hint_status(verified: bool | None) -> int:
    if verified is None:
        return HINT_UNVERIFIED
    return HINT_TRUE if verified else HINT_FALSE


class TreasureIslandEnv(gym.Env):
    """One Treasure Island game per episode; the agent is the learner, the pirate the engine.

    Arguments (all keyword, all optional; ``gymnasium.make("TreasureIsland-v0", **kwargs)``):

    ``map``
        a :class:`~game.treasure.board.Board` or a map file path (default: the shipped 32x32
        island). ``reset(options={"map": ...})`` switches to another map that fits ``max_size``.
    ``rules``
        a :class:`~game.treasure.config.RulesConfig` or a dict of its settings.
    ``max_size``
        ``(rows, cols)`` of the largest map this environment accepts (default: the map's size).
        It fixes the observation planes and the teleport block of the action space.
    ``max_hints``
        the hint stack's depth and the number of VERIFY indices (default: the last turn the
        first map's game can reach, so no game outgrows it). A game that would need more hints
        is truncated.
    ``win_reward``, ``loss_reward``, ``step_cost``, ``illegal_penalty``
        the rewards (defaults 1, -1, 0.01, 0.1).
    ``render_mode``
        ``"rgb_array"`` (an arcade frame as an H x W x 3 uint8 array) or ``"human"`` (a window).
    ``render_size``
        ``(width, height)`` of a frame (default 960x540).
    """

    metadata = {"render_modes": ["human", "rgb_array"], "render_fps": 4}

    def __init__(self, map: Board | str | os.PathLike | None = None, rules: RulesConfig | dict | None = None, *,
                 max_size: tuple[int, int] | None = None, max_hints: int | None = None,
                 win_reward: float = 1.0, loss_reward: float = -1.0, step_cost: float = 0.01,
                 illegal_penalty: float = 0.1, render_mode: str | None = None,
                 render_size: tuple[int, int] = (960, 540)):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.render_size = (int(render_size[0]), int(render_size[1]))
        self.config = load_rules(rules)
        board = load_board(map)
        self.max_shape = tuple(int(x) for x in (max_size or board.shape))
        if len(self.max_shape) != 2 or min(self.max_shape) < 1:
            raise ValueError(f"max_size must be (rows, cols), not {max_size!r}")
        self.max_hints = int(max_hints) if max_hints is not None else turn_bound(board, self.config)
        self.rewards = {"win": float(win_reward), "loss": float(loss_reward), "step": float(step_cost),
                        "illegal": float(illegal_penalty)}
        self.codec = TreasureActionCodec(self.config, self.max_hints, self.max_shape)
        self.action_space = spaces.Discrete(self.codec.n)
        self.encoder = TreasureEncoder(self.codec)
        self.observation_space = self.encoder.space
        self._set_board(board)
        self.state: GameState | None = None
        self.actions: list[int] = []  # this episode's indices: with map and seed, its replay
        self.applied: list[Action] = []  # what the engine applied (an invalid index as a Forfeit)
        self._renderer = None

    def _set_rules(self, config: RulesConfig) -> None:
        if (config.small_move, config.large_move) != (self.config.small_move, self.config.large_move):
            raise ValueError(f"these rules move {config.small_move} and {config.large_move} tiles; this environment's "
                             f"action space was made for {self.config.small_move} and {self.config.large_move}")
        self.config = config
        self.codec = TreasureActionCodec(config, self.max_hints, self.max_shape)
        self.encoder.codec = self.codec
        if hasattr(self, "board"):
            self.encoder.set_board(self.board.public())

    def _set_board(self, board: Board) -> None:
        if board.height > self.max_shape[0] or board.width > self.max_shape[1]:
            raise ValueError(f"the map is {board.height}x{board.width}, larger than this environment's "
                             f"max_size {self.max_shape[0]}x{self.max_shape[1]}")
        self.board = board
        self.encoder.set_board(board.public())

    # --- gymnasium API ----------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None):
        """``seed`` is the game's seed (``new_game(board, seed)``); without one, a seed is drawn
        from the environment's generator. ``options``: ``{"map": Board or path}`` (it must fit
        ``max_size``) and ``{"rules": RulesConfig or dict}`` (with the same move lengths, which
        fix the action space). Both stay in force for the following resets."""
        super().reset(seed=seed)
        options = options or {}
        unknown = set(options) - {"map", "rules"}
        if unknown:
            raise ValueError(f"unknown reset options {sorted(unknown)}: only 'map' and 'rules'")
        if "rules" in options:
            self._set_rules(load_rules(options["rules"]))
        if "map" in options:
            self._set_board(load_board(options["map"]))
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**31 - 1))
        self.game_seed = game_seed
        self.state, events = new_game(self.board, game_seed, self.config)
        self.actions = []
        self.applied = []
        self._events = list(events)
        self.encoder.begin()
        obs = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, self._info()

    def step(self, action):
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        if self.state.over:
            raise RuntimeError("the game is over: call reset()")
        index = int(action)
        reward = -self.rewards["step"]
        illegal = None
        if not 0 <= index < self.codec.n:
            raise ValueError(f"action {index} is outside the action space 0..{self.codec.n - 1}")
        chosen: Action = self.codec.decode(index)
        reason = action_error(self.state, chosen)
        if reason is not None:
            illegal = reason
            chosen = Forfeit(chosen.text(), reason)  # RULES §4: a program's invalid action is lost
            reward -= self.rewards["illegal"]
        self.state, events = step(self.state, chosen)
        self.actions.append(index)
        self.applied.append(chosen)
        self._events = events
        terminated = self.state.over
        if self.state.outcome == WIN:
            reward += self.rewards["win"]
        elif self.state.outcome == LOSE:
            reward += self.rewards["loss"]
        truncated = not terminated and self.state.turn > self.max_hints
        obs = self._observe()
        info = self._info()
        info["action"] = chosen.text()
        if illegal is not None:
            info["illegal"] = illegal
        if self.render_mode == "human":
            self.render()
        return obs, float(reward), bool(terminated), bool(truncated), info

    def action_masks(self) -> np.ndarray:
        """The valid indices now, as a bool vector (what sb3-contrib's MaskablePPO asks for)."""
        return self._mask.astype(bool)

    def render(self):
        if self.render_mode is None:
            gym.logger.warn("render() was called without a render_mode (use 'rgb_array' or 'human')")
            return None
        if self.state is None:
            raise RuntimeError("call reset() before render()")
        if self._renderer is None:
            from game.envs.arcade.treasure_frames import TreasureFrames

            self._renderer = TreasureFrames(self.render_size, window=self.render_mode == "human")
        frame = self._renderer.show(self.board, self.game_seed, self.config, self.applied, self.state)
        return frame if self.render_mode == "rgb_array" else None

    def close(self):
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None

    # --- observation -------------------------------------------------------------------------
    def _observe(self) -> dict[str, np.ndarray]:
        obs, self._mask = self.encoder.encode(observe(self.state))
        return obs

    def public_observation(self) -> Observation:
        """The engine's own public view of the current state (what our agents read)."""
        return observe(self.state)

    def _info(self) -> dict[str, Any]:
        # Not the game seed (it fixes the treasure): that stays in ``self.game_seed`` for replays.
        # A copy: changing the info's mask must not change what action_masks() answers.
        return {"action_mask": self._mask.copy(), "turn": self.state.turn, "outcome": self.state.outcome}


class TreasureEncoder:
    """Public :class:`~game.treasure.observation.Observation` -> the environment's arrays and
    mask. One per game seat: it keeps the game's arrays between calls and updates them with what
    changed (call :meth:`begin` at each new game, and feed it the game's observations in order).
    Shared by the environment and :class:`game.envs.agents.PolicyAgent`, so a trained policy sees
    the same arrays in the bench and the arcade as in training.

    Every array it returns is a fresh copy that nothing else holds: the caller may keep and
    modify it (Gymnasium asks for that) without touching the encoder's own arrays."""

    def __init__(self, codec: TreasureActionCodec):
        self.codec = codec
        self.max_shape = codec.max_shape
        self.max_hints = codec.max_hints
        self.space = self._make_observation_space()
        self.board: Board | None = None

    def _make_observation_space(self) -> spaces.Dict:
        h, w = self.max_shape
        k = self.max_hints

        def plane(high=1, dtype=np.int8, shape=(h, w)):
            return spaces.Box(0, high, shape, dtype)

        def scalar(high, dtype=np.int32, n=1):
            return spaces.Box(0, high, (n,), dtype)

        return spaces.Dict({
            "land": plane(), "mountain": plane(), "prison": plane(),
            "region": plane(REGION_HIGH, np.int16),
            "scanned": plane(), "possible": plane(),
            "agent": plane(), "pirate": plane(), "revealed_prison": plane(),
            "pirate_trail": plane(REGION_HIGH, np.int16),
            "hint_area": plane(shape=(k, h, w)),
            "hint_status": scalar(HINT_FALSE, np.int8, k),
            "hint_kind": scalar(15, np.int8, k),
            "turn": scalar(MAX_TURN), "actions_left": scalar(127, np.int8),
            "teleports_used": scalar(127, np.int8), "pirate_free": scalar(1, np.int8),
            "reveal_turn": scalar(MAX_TURN), "free_turn": scalar(MAX_TURN),
            "map_size": spaces.Box(1, max(h, w), (2,), np.int32),
        })

    def _pad(self, array: np.ndarray, dtype=np.int8) -> np.ndarray:
        """``array`` in the max-size grid (zeros outside the map)."""
        out = np.zeros(self.max_shape, dtype=dtype)
        out[: array.shape[0], : array.shape[1]] = array
        return out

    def set_board(self, board: Board) -> None:
        """The (public) map of the games to come."""
        if board.height > self.max_shape[0] or board.width > self.max_shape[1]:
            raise ValueError(f"the map is {board.height}x{board.width}, larger than max_size "
                             f"{self.max_shape[0]}x{self.max_shape[1]}")
        self.board = board
        self._static = {
            "land": self._pad(board.land), "mountain": self._pad(board.mountain),
            "prison": self._pad(board.prison), "region": self._pad(board.region, np.int16),
            "reveal_turn": np.array([board.reveal_turn], np.int32),
            "free_turn": np.array([board.free_turn], np.int32),
            "map_size": np.array(board.shape, np.int32),
        }
        for array in self._static.values():
            array.flags.writeable = False  # copied into every observation, never changed
        self._teleport_plane = self.codec.teleport_plane(board)
        self._hint_area = np.zeros((self.max_hints, *self.max_shape), dtype=np.int8)
        self._hints_seen = 0
        self.begin()

    def begin(self) -> None:
        """A new game on the same map."""
        k, (h, w) = self.max_hints, self.max_shape
        self._hint_area[: self._hints_seen] = 0
        self._hints_seen = 0
        self._knowledge: Knowledge | None = None
        # This game's arrays, updated in place by encode() and copied into each observation.
        self._game = {
            "scanned": np.zeros((h, w), np.int8), "possible": np.zeros((h, w), np.int8),
            "agent": np.zeros((h, w), np.int8), "pirate": np.zeros((h, w), np.int8),
            "revealed_prison": np.zeros((h, w), np.int8), "pirate_trail": np.zeros((h, w), np.int16),
            "hint_status": np.zeros(k, np.int8), "hint_kind": np.zeros(k, np.int8),
        }
        self._agent: tuple[int, int] | None = None
        self._pirate: tuple[int, int] | None = None
        self._prison: tuple[int, int] | None = None
        self._trail: tuple = ()
        self._verified: tuple | None = None
        self._mask = np.zeros(self.codec.n, dtype=np.int8)  # valid indices while the game goes on
        self._mask_agent: tuple[int, int] | None = None
        self._mask_teleport: bool | None = None

    def _hint_stack(self) -> np.ndarray:
        """A new copy of the hint stack: the hints given so far, zeros below."""
        out = np.empty(self._hint_area.shape, dtype=np.int8)
        seen = self._hints_seen
        out[:seen] = self._hint_area[:seen]
        out[seen:] = 0
        return out

    def encode(self, pub: Observation) -> tuple[dict[str, np.ndarray], np.ndarray]:
        """The observation dict and the action mask (int8, shape (n,)) for ``pub``, the game's
        next observation since :meth:`begin`. Every array is new: Gymnasium callers may keep and
        modify what they are given."""
        if self._knowledge is None:
            self._knowledge = TrailKnowledge(pub)
        self._knowledge.update(pub)
        game = self._game
        board_h, board_w = pub.board.shape
        kind = game["hint_kind"]
        for hint in pub.hints[self._hints_seen: self.max_hints]:
            self._hint_area[hint.index - 1, :board_h, :board_w] = hint.mask
            kind[hint.index - 1] = hint.kind
        self._hints_seen = max(self._hints_seen, min(len(pub.hints), self.max_hints))
        if pub.verified is not self._verified:
            verified = pub.verified[: self.max_hints]
            status = game["hint_status"]
            status[:] = 0
            status[: len(verified)] = [hint_status(v) for v in verified]
            self._verified = pub.verified
        game["scanned"][:board_h, :board_w] = pub.scanned
        game["possible"][:board_h, :board_w] = self._knowledge.possible
        self._agent = _move(game["agent"], self._agent, pub.agent)
        self._pirate = _move(game["pirate"], self._pirate, pub.pirate)
        self._prison = _move(game["revealed_prison"], self._prison, pub.prison)
        trail, seen = pub.pirate_trail, self._trail
        if trail[: len(seen)] != seen:  # not the same walk: draw it again
            game["pirate_trail"][:] = 0
            seen = ()
        plane = game["pirate_trail"]
        for i in range(len(seen), len(trail)):
            plane[trail[i]] = i + 1
        self._trail = trail
        static = self._static
        obs = {
            "land": static["land"].copy(), "mountain": static["mountain"].copy(),
            "prison": static["prison"].copy(), "region": static["region"].copy(),
            "reveal_turn": static["reveal_turn"].copy(), "free_turn": static["free_turn"].copy(),
            "map_size": static["map_size"].copy(),
            "scanned": game["scanned"].copy(), "possible": game["possible"].copy(), "agent": game["agent"].copy(),
            "pirate": game["pirate"].copy(), "revealed_prison": game["revealed_prison"].copy(),
            "pirate_trail": game["pirate_trail"].copy(), "hint_area": self._hint_stack(),
            "hint_status": game["hint_status"].copy(), "hint_kind": game["hint_kind"].copy(),
            "turn": np.array([pub.turn], np.int32), "actions_left": np.array([pub.actions_left], np.int8),
            "teleports_used": np.array([pub.teleports_used], np.int8),
            "pirate_free": np.array([int(pub.pirate_free)], np.int8),
        }
        return obs, self._action_mask(pub)

    def _action_mask(self, pub: Observation) -> np.ndarray:
        """``codec.mask(pub)``, kept up to date in place and copied: only what changed is redone."""
        if pub.over:
            return np.zeros(self.codec.n, dtype=np.int8)
        codec, mask = self.codec, self._mask
        mask[0] = 1
        if pub.agent != self._mask_agent:
            runs = pub.board.free_run[:, pub.agent[0], pub.agent[1]]
            mask[1:codec.verify_base] = runs[codec._move_dir] >= codec._move_steps
            self._mask_agent = pub.agent
        # hint_status was just brought up to date: 1 exactly for the unverified hints
        mask[codec.verify_base:codec.teleport_base] = self._game["hint_status"] == HINT_UNVERIFIED
        teleport = pub.teleports_used < pub.config.teleports
        if teleport != self._mask_teleport:
            mask[codec.teleport_base:] = self._teleport_plane if teleport else 0
            self._mask_teleport = teleport
        return mask.copy()


def _move(plane: np.ndarray, old: tuple[int, int] | None, new: tuple[int, int] | None):
    """Move the single 1 of ``plane`` from ``old`` to ``new`` (either may be None)."""
    if new != old:
        if old is not None:
            plane[old] = 0
        if new is not None:
            plane[new] = 1
    return new


def decode_observation(obs: dict[str, np.ndarray], config: RulesConfig, board: Board | None = None) -> Observation:
    """The engine's :class:`~game.treasure.observation.Observation` rebuilt from the arrays
    alone (hint texts and parameters are not in the arrays: texts are empty). Pass the ``board``
    of the previous call when the map is unchanged: our agents cache per-board work on it.
    That this works is the proof that the arrays hold all the public information our agents use."""
    h, w = (int(x) for x in obs["map_size"])
    region = np.asarray(obs["region"][:h, :w], dtype=np.int32)
    mountain = np.asarray(obs["mountain"][:h, :w], dtype=bool)
    prison = np.asarray(obs["prison"][:h, :w], dtype=bool)
    reveal, free = int(obs["reveal_turn"][0]), int(obs["free_turn"][0])
    if board is None or not (board.shape == (h, w) and board.reveal_turn == reveal and board.free_turn == free
                             and np.array_equal(board.region, region) and np.array_equal(board.mountain, mountain)
                             and np.array_equal(board.prison, prison)):
        board = Board(region, mountain, prison, None, reveal, free)

    def tile(plane) -> tuple[int, int] | None:
        found = np.argwhere(plane[:h, :w])
        return (int(found[0][0]), int(found[0][1])) if len(found) else None

    verified: list[bool | None] = []
    hints = []
    for i, status in enumerate(obs["hint_status"].tolist()):
        if status == HINT_NONE:
            break
        v = None if status == HINT_UNVERIFIED else status == HINT_TRUE
        mask = np.asarray(obs["hint_area"][i, :h, :w], dtype=bool)
        mask.flags.writeable = False
        hints.append(PublicHint(i + 1, int(obs["hint_kind"][i]), "", mask, (), v))
        verified.append(v)
    trail_plane = obs["pirate_trail"][:h, :w]
    order = np.argwhere(trail_plane > 0)
    order = order[np.argsort(trail_plane[trail_plane > 0], kind="stable")]
    scanned = np.asarray(obs["scanned"][:h, :w], dtype=bool)
    scanned.flags.writeable = False
    return Observation(
        board=board, config=config, turn=int(obs["turn"][0]), actions_left=int(obs["actions_left"][0]),
        agent=tile(obs["agent"]), teleports_used=int(obs["teleports_used"][0]), reveal_turn=reveal,
        free_turn=free, prison=tile(obs["revealed_prison"]), pirate=tile(obs["pirate"]),
        pirate_free=bool(obs["pirate_free"][0]), pirate_trail=tuple((int(r), int(c)) for r, c in order),
        hints=tuple(hints), verified=tuple(verified), scanned=scanned, outcome=None,
    )
