"""The Treasure Duel as a PettingZoo AEC environment, ``duel_v0`` (see docs/RL.md).

Agents ``"A"`` and ``"B"``; ``agent_selection`` is the rules' mover, so a stunned player's
skipped turns simply never come up (the engine skips them, DUEL.md §3). Each agent observes a
dict ``{"observation": ..., "action_mask": int8 (4,)}``:

* ``observation["board"]``: int8 planes ``(8, M, N)``: me, the other player, walls, then the
  items ``b`` (mine), ``m``, ``n``, ``s``, ``t`` still on the board;
* ``observation["scores"]``: float64 ``(2,)``, my score then the other's (scores are unbounded
  integers; doubles are exact to 2**53);
* ``observation["round"]``: int32 ``(1,)``; ``observation["seat"]``: int8 ``(1,)``, 0 for A, 1 for B.

That is the course's input (DUEL.md §6) and nothing more: stun is not in it, as in the course.
The observation is what :func:`game.duel.rules.observe` (the bots' own view) says, as arrays.

Actions: ``Discrete(4)``, index k = ``MOVES[k]`` (UP, RIGHT, DOWN, LEFT). The mask holds the
legal moves (zeros off-turn, and all zeros when the mover is boxed in: every move is then an
error). A masked move is played as it is and the course's rule applies: ``invalid move`` ends
the game at once with the offender's score set to -100 (DUEL.md §4).

Rewards, at the end only: +1 / -1 / 0 for win / loss / tie (``reward="win"``), or the final
score difference, mine minus the other's (``reward="score"``). Zero-sum either way.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from game.duel.board import DuelBoard
from game.duel.config import DuelConfig
from game.duel.protocol import MOVES, DuelObservation
from game.duel.rules import DuelState, initial_state, legal_moves, observe, step

AGENTS = ("A", "B")
PLANES = ("me", "other", "x", "b", "m", "n", "s", "t")
# A small point-symmetric map of our own for when none is given (8x8, like the course's smaller map).
DEFAULT_MAP = (
    "A.m..s.n",
    ".x..b..m",
    "m..x..t.",
    "..n..m..",
    "..m..n..",
    ".t..x..m",
    "m..b..x.",
    "n.s..m.B",
)


def load_board(source) -> DuelBoard:
    """A DuelBoard from a DuelBoard, a map file path, a sequence of row strings, or None."""
    if isinstance(source, DuelBoard):
        return source
    if source is None:
        return DuelBoard(DEFAULT_MAP)
    if isinstance(source, (str, os.PathLike)) and Path(source).is_file():
        from game.duel.mapfile import read_map

        return read_map(source)
    if isinstance(source, str):
        raise ValueError(f"no duel map file at {source!r}")
    return DuelBoard(tuple(source))


def load_config(config) -> DuelConfig:
    if config is None:
        return DuelConfig()
    if isinstance(config, DuelConfig):
        return config
    if isinstance(config, dict):
        return DuelConfig(**config)
    raise TypeError(f"config must be a DuelConfig or a dict of its settings, not {type(config).__name__}")


class DuelEncoder:
    """A course input (:class:`~game.duel.protocol.DuelObservation`) -> the arrays, and back.
    Shared by the environment, our bots as policies and a trained policy as a bot."""

    def __init__(self, rows: int, cols: int, rounds: int = 1000):
        self.rows, self.cols = rows, cols
        self.space = spaces.Dict({
            "board": spaces.Box(0, 1, (len(PLANES), rows, cols), np.int8),
            "scores": spaces.Box(-np.inf, np.inf, (2,), np.float64),
            "round": spaces.Box(0, rounds, (1,), np.int32),
            "seat": spaces.Box(0, 1, (1,), np.int8),
        })

    def encode(self, obs: DuelObservation) -> dict[str, np.ndarray]:
        codes = np.frombuffer("".join(obs.grid).encode("ascii"), dtype=np.uint8).reshape(obs.rows, obs.cols)
        other = "B" if obs.me == "A" else "A"
        wanted = np.frombuffer((obs.me + other + "xbmnst").encode("ascii"), dtype=np.uint8)
        board = (codes[None, :, :] == wanted[:, None, None]).astype(np.int8)
        return {
            "board": board,
            "scores": np.array([obs.my_score, obs.their_score], dtype=np.float64),
            "round": np.array([obs.round], dtype=np.int32),
            "seat": np.array([AGENTS.index(obs.me)], dtype=np.int8),
        }

    def encode_state(self, state: DuelState, me: str) -> dict[str, np.ndarray]:
        """What :meth:`encode` gives for ``observe(state, me)``, read from the state's public fields
        without building the course's text grid (the environment's fast path; a test checks
        that both agree)."""
        board = state.board
        static = self._static_for(board)
        cells = board.rows * board.cols
        board_planes = np.empty((len(PLANES), board.rows, board.cols), dtype=np.int8)
        flat = board_planes.reshape(len(PLANES), cells)
        flat[0] = 0
        flat[1] = 0
        mine, theirs = (state.pos_a, state.pos_b) if me == "A" else (state.pos_b, state.pos_a)
        flat[0, mine] = 1
        flat[1, theirs] = 1
        flat[2:] = static
        if state.taken:
            taken = np.unpackbits(np.frombuffer(state.taken.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8),
                                  bitorder="little")[:cells].astype(bool)
            flat[3:, taken] = 0
        my_score, their_score = (state.score_a, state.score_b) if me == "A" else (state.score_b, state.score_a)
        return {
            "board": board_planes,
            "scores": np.array([my_score, their_score], dtype=np.float64),
            "round": np.array([state.round], dtype=np.int32),
            "seat": np.array([0 if me == "A" else 1], dtype=np.int8),
        }

    def _static_for(self, board: DuelBoard) -> np.ndarray:
        """Walls and the items as they lay at the start, flattened: (6, cells)."""
        if getattr(self, "_static_board", None) is not board:
            codes = board.codes.ravel()
            wanted = np.frombuffer(b"xbmnst", dtype=np.uint8)
            self._static = (codes[None, :] == wanted[:, None]).astype(np.int8)
            self._static_board = board
        return self._static

    @staticmethod
    def decode(arrays: dict[str, np.ndarray]) -> DuelObservation:
        """The course input the arrays were made from."""
        board = np.asarray(arrays["board"])
        me = AGENTS[int(arrays["seat"][0])]
        other = "B" if me == "A" else "A"
        letters = np.frombuffer((me + other + "xbmnst").encode("ascii"), dtype=np.uint8)
        codes = np.full(board.shape[1:], ord("."), dtype=np.uint8)
        for k in range(len(PLANES)):
            codes[board[k] != 0] = letters[k]
        grid = tuple(row.tobytes().decode("ascii") for row in codes)
        mine, theirs = (int(x) for x in arrays["scores"])
        score_a, score_b = (mine, theirs) if me == "A" else (theirs, mine)
        return DuelObservation(round=int(arrays["round"][0]), grid=grid, score_a=score_a, score_b=score_b, me=me)


def legal_mask(state: DuelState, agent: str) -> np.ndarray:
    mask = np.zeros(4, dtype=np.int8)
    if state.outcome is None and state.mover == agent:
        for move in legal_moves(state, agent):
            mask[MOVES.index(move)] = 1
    return mask


def env(**kwargs):
    """The environment with PettingZoo's usual guards (order enforcing, action bounds)."""
    e = raw_env(**kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """``duel_v0``. Keyword options: ``map`` (a DuelBoard, a map file or row strings; default an
    8x8 map of our own), ``config`` (a DuelConfig or a dict, e.g. ``{"rounds": 50}``), ``reward``
    (``"win"`` or ``"score"``), ``render_mode`` (``"rgb_array"`` or ``"human"``), ``render_size``.
    ``reset(seed, options={"map": ...})`` switches to another map of the same size. The duel has no
    chance: the seed is accepted (and given to the action spaces) but the game depends only on
    the map and the moves."""

    metadata = {"render_modes": ["human", "rgb_array"], "name": "duel_v0", "is_parallelizable": False,
                "render_fps": 8}

    def __init__(self, map=None, config=None, reward: str = "win", render_mode: str | None = None,
                 render_size: tuple[int, int] = (960, 640)):
        super().__init__()
        if reward not in ("win", "score"):
            raise ValueError(f"reward must be 'win' or 'score', not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.board = load_board(map)
        self.config = load_config(config)
        self.reward_mode = reward
        self.render_mode = render_mode
        self.render_size = render_size
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.encoder = DuelEncoder(self.board.rows, self.board.cols, self.config.rounds)
        self.observation_spaces = {a: spaces.Dict({"observation": self.encoder.space,
                                                   "action_mask": spaces.Box(0, 1, (4,), np.int8)}) for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(4) for a in AGENTS}
        self.state_: DuelState | None = None
        self.moves: list[int] = []
        self._renderer = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None):
        options = options or {}  # other keys are ignored (PettingZoo's api_test passes some)
        if "map" in options:
            board = load_board(options["map"])
            if (board.rows, board.cols) != (self.board.rows, self.board.cols):
                raise ValueError(f"the map is {board.rows}x{board.cols}; this environment's spaces are "
                                 f"{self.board.rows}x{self.board.cols}")
            self.board = board
        if seed is not None:
            for i, agent in enumerate(AGENTS):
                self.action_spaces[agent].seed(seed + i)
        self.agents = list(AGENTS)
        self.state_ = initial_state(self.board, self.config)
        self.moves = []  # (player, move) pairs: with the map and config, the episode's replay
        self.rewards = {a: 0.0 for a in AGENTS}
        self._cumulative_rewards = {a: 0.0 for a in AGENTS}
        self.terminations = {a: False for a in AGENTS}
        self.truncations = {a: False for a in AGENTS}
        self.infos = {a: {} for a in AGENTS}
        self.agent_selection = self.state_.mover or "A"
        if self.state_.over:
            self._finish()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str):
        return {"observation": self.encoder.encode_state(self.state_, agent),
                "action_mask": legal_mask(self.state_, agent)}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        index = int(action)
        self.state_, events = step(self.state_, MOVES[index])  # an illegal move is the rules' fault
        self.moves.append((agent, MOVES[index]))
        self.rewards = {a: 0.0 for a in AGENTS}
        if self.state_.over:
            self._finish()
        else:
            self.agent_selection = self.state_.mover
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        state = self.state_
        if self.reward_mode == "win":
            value = {"A Win": 1.0, "B Win": -1.0}.get(state.outcome.winner, 0.0)
        else:
            value = float(state.score_a - state.score_b)
        self.rewards = {"A": value, "B": -value}
        self.terminations = {a: True for a in AGENTS}
        outcome = state.outcome
        for a in AGENTS:
            self.infos[a] = {"winner": outcome.winner, "message": outcome.message, "offender": outcome.offender,
                             "score_a": state.score_a, "score_b": state.score_b}

    def state(self) -> np.ndarray:
        """The whole board as A sees it (everything is public in the duel)."""
        return self.encoder.encode(observe(self.state_, "A"))["board"]

    def render(self):
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() was called without a render_mode (use 'rgb_array' or 'human')")
            return None
        if self._renderer is None:
            from game.envs.arcade.duel_frames import DuelFrames

            self._renderer = DuelFrames(self.render_size, window=self.render_mode == "human")
        frame = self._renderer.show(self.board, self.config, self.moves, self.state_)
        return frame if self.render_mode == "rgb_array" else None

    def close(self):
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None
