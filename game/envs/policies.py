"""Policies: functions from (observation, action mask) to an action index, for every environment.

A policy is any callable ``policy(observation, mask) -> int``: the observation as the environment
returns it (for the PettingZoo environments, the ``"observation"`` part of the dict) and the
int8 mask. This module turns our agents and bots into such policies, so they can play inside
the environments beside a trained policy; :mod:`game.envs.agents` goes the other way.

* :func:`random_policy`: a uniformly random unmasked index (any environment).
* :func:`treasure_policy`: one of our Treasure Island agents (``default``, ``greedy``, ...,
  or ``module:Class``) reading the arrays of ``TreasureIsland-v0``.
* :func:`duel_policy` and :func:`scotland_yard_policy`: our duel bots and Scotland Yard AIs on
  ``duel_v0`` and ``scotland_yard_v0``.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from game.treasure.actions import Action
from game.treasure.config import RulesConfig

Policy = Callable[[object, np.ndarray], int]


def random_policy(seed: int | None = None) -> Policy:
    """A uniformly random valid index (the mask's ones)."""
    rng = np.random.default_rng(seed)

    def policy(observation, mask) -> int:
        options = np.flatnonzero(mask)
        if options.size == 0:
            raise ValueError("the mask allows no action")
        return int(options[rng.integers(options.size)])

    policy.__name__ = "random"
    return policy


class TreasurePolicy:
    """One of our Treasure Island agents as a policy on ``TreasureIsland-v0``'s arrays.

    It rebuilds the engine's public Observation from the arrays (:func:`decode_observation`),
    asks the agent, and encodes its action with the environment's codec. A new game is noticed by
    its first decision (turn 1, first action, teleport unused) or a new map; the agent object is
    then made afresh with its seed, as the bench and the arcade do. The agent's teleport is
    index-encoded like any action. An invalid action is returned as its index all the same, so
    the environment forfeits it as the runner would; only what has no index at all (not an
    action, or a move the codec cannot express) is replaced by the first valid index, counted in
    ``replaced``.
    """

    def __init__(self, agent: str = "default", seed: int = 0, *, env=None, config: RulesConfig | None = None,
                 codec=None):
        from game.treasure.agents import agent_class

        self.agent_cls = agent_class(agent)
        self.name = agent
        self.seed = seed
        self._env = getattr(env, "unwrapped", env)  # read on every call: reset may change the rules
        self._config = config or RulesConfig()
        self._codec = codec
        if self._env is None and codec is None:
            raise ValueError("give the environment (env=...) or its action codec (codec=...)")
        self.agent = None
        self.board = None
        self.games = 0
        self.replaced = 0

    @property
    def config(self) -> RulesConfig:
        return self._env.config if self._env is not None else self._config

    @property
    def codec(self):
        return self._env.codec if self._env is not None else self._codec

    def __call__(self, observation, mask) -> int:
        from .treasure import decode_observation

        board = self.board
        pub = decode_observation(observation, self.config, board)
        first = pub.turn == 1 and pub.actions_left == self.config.actions_per_turn and pub.teleports_used == 0
        if self.agent is None or first or pub.board is not board:
            self.board = pub.board
            self.agent = self.agent_cls(seed=self.seed + self.games)
            self.games += 1
            self.agent.start(pub)
        returned = self.agent.act(pub)
        action = getattr(returned, "action", returned)
        try:
            index = self.codec.encode(action) if isinstance(action, Action) else -1
        except ValueError:
            index = -1
        if not 0 <= index < len(mask):
            self.replaced += 1
            index = int(np.flatnonzero(mask)[0])
        return index


def treasure_policy(agent: str = "default", seed: int = 0, *, env=None, **kwargs) -> TreasurePolicy:
    return TreasurePolicy(agent, seed, env=env, **kwargs)


class DuelPolicy:
    """One of our duel bots (``make_bot`` name or ``module:Class``) as a policy on ``duel_v0``'s
    arrays: it rebuilds the course input from them and maps the bot's move to its index. One
    policy per seat; a new game (the round going back) gets a fresh bot, as the judge does."""

    def __init__(self, bot: str = "default", seed: int = 0, move_time: float = 0.05):
        from game.duel.bots import bot_class

        bot_class(bot)  # fail now, with the bot's name
        self.name, self.seed, self.move_time = bot, seed, move_time
        self.bot = None
        self._round = None

    def __call__(self, observation, mask) -> int:
        from game.duel.bots import make_bot
        from game.duel.protocol import MOVES

        from .duel_v0 import DuelEncoder

        obs = DuelEncoder.decode(observation)
        if self.bot is None or self._round is None or obs.round <= self._round:
            self.bot = make_bot(self.name, seed=self.seed, move_time=self.move_time)
        self._round = obs.round
        decision = self.bot.act(obs)
        move = getattr(decision, "move", decision)
        return MOVES.index(move) if move in MOVES else 0  # not a move: index 0, played as the rules say


def duel_policy(bot: str = "default", seed: int = 0, move_time: float = 0.05) -> DuelPolicy:
    return DuelPolicy(bot, seed, move_time)


class ScotlandYardPolicy:
    """One of our Scotland Yard AIs (``make_mrx``/``make_detectives`` name or ``module:Class``) as
    a policy on ``scotland_yard_v0``'s arrays.

    ``side="mrx"``: the arrays give Mr X's full knowledge (his station and the public record), from
    which the state is rebuilt (``DetectivesView.determinise``) for his ``MrXView``; a double move
    is answered as its first ride, and the second ride is returned at the next call.
    ``side="detectives"``: one team player for every detective seat, as in the game; it gets the
    detectives' view rebuilt from the arrays, its public history included, with the seat asked as
    the only detective still to move (the environment fixes the order the rules leave free).
    A new game gets a fresh player: Mr X's first decision has an empty history, the detectives'
    first has only Mr X's first turn in it.
    """

    def __init__(self, side: str, name: str = "random", seed: int = 0, *, env=None, move_time: float = 0.2):
        if side not in ("mrx", "detectives"):
            raise ValueError(f"side must be 'mrx' or 'detectives', not {side!r}")
        base = getattr(env, "unwrapped", env)
        if base is None or not hasattr(base, "encoder"):
            raise ValueError("give the scotland_yard_v0 environment (env=...)")
        self.side, self.name, self.seed, self.move_time = side, name, seed, move_time
        self.encoder = base.encoder
        self.player = None
        self.games = 0
        self._second: int | None = None

    def _new_player(self, view):
        from game.scotlandyard.ai import make_detectives, make_mrx

        make = make_mrx if self.side == "mrx" else make_detectives
        self.player = make(self.name, seed=self.seed + self.games, move_time=self.move_time)
        self.games += 1
        self.player.start(view)

    def __call__(self, observation, mask) -> int:
        from dataclasses import replace

        from game.scotlandyard.views import MrXView

        enc = self.encoder
        view = enc.detectives_view(observation)
        if self.side == "mrx":
            pending = enc.pending(observation)
            if pending is not None and self._second is not None:
                index, self._second = self._second, None
                return index
            fresh = not view.history
            view = MrXView(view.determinise(enc.mrx_location(observation)))
        else:
            seat = int(np.flatnonzero(observation["seat"])[0])
            fresh = len(view.history) == 1
            view = replace(view, remaining=(enc.pieces[seat],))
        if self.player is None or fresh:
            self._new_player(view)
        decision = self.player.choose(view)
        move = getattr(decision, "move", decision)
        indices = enc.codec.indices(move)
        if len(indices) == 2:
            self._second = indices[1]
        return indices[0]


def scotland_yard_policy(side: str, name: str = "random", seed: int = 0, *, env=None,
                         move_time: float = 0.2) -> ScotlandYardPolicy:
    return ScotlandYardPolicy(side, name, seed, env=env, move_time=move_time)
