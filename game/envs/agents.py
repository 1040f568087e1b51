"""A trained policy as one of our agents, bots or AIs: the way from an environment back to the
bench and the arcade.

Treasure Island: subclass :class:`PolicyAgent` (or call :func:`policy_agent`) in your own module
and pass it as ``--agent yourmodule:YourAgent`` to ``run.py``, ``run.py play`` or ``run.py bench``;
the class builds ``TreasureIsland-v0``'s arrays and mask from the engine's Observation with the
environment's own encoder and asks your policy for an index::

    from game.envs.agents import PolicyAgent

    class MyAgent(PolicyAgent):
        name = "my-ppo"
        max_size = (64, 64)          # what the policy was trained with (default: the map's size)
        max_hints = None             # likewise (default: the environment's default for the map)

        def policy(self, observation, mask):
            return int(model.predict(observation, action_masks=mask.astype(bool))[0])

``policy`` may also be a ``"module:function"`` string (:func:`policy_agent` builds such a
class in one line). An index the mask forbids is passed to the engine as it is, so it is
refused and forfeited like any agent's invalid action (RULES §4): counted, never replaced.
"""

from __future__ import annotations


import numpy as np

from game.treasure.agents.base import Agent, Decision
from game.treasure.actions import Forfeit
from game.treasure.observation import Observation


def _resolve(target: str):
    """``module:function``, ``module.function`` or ``path/to/policy.py:function``."""
    from game.registry import load_target

    return load_target(target)


class PolicyAgent(Agent):
    name = "policy"
    policy_path: str | None = None  # "module:function" when :meth:`policy` is not overridden
    max_size: tuple[int, int] | None = None
    max_hints: int | None = None

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.encoder = None
        self._key = None
        self._policy = _resolve(self.policy_path) if self.policy_path else None

    def policy(self, observation, mask) -> int:
        if self._policy is None:
            raise NotImplementedError("override policy(observation, mask) or set policy_path = 'module:function'")
        return self._policy(observation, mask)

    def start(self, obs: Observation) -> None:
        from .treasure import TreasureEncoder, turn_bound
        from .treasure_codec import TreasureActionCodec

        board = obs.board
        max_shape = self.max_size or board.shape
        max_hints = self.max_hints or turn_bound(board, obs.config)
        key = (max_shape, max_hints, obs.config)
        if self.encoder is None or self._key != key:
            self.encoder = TreasureEncoder(TreasureActionCodec(obs.config, max_hints, max_shape))
            self._key = key
        self.encoder.set_board(board)

    def act(self, obs: Observation) -> Decision:
        if self.encoder is None:
            self.start(obs)
        arrays, mask = self.encoder.encode(obs)
        index = int(self.policy(arrays, mask))
        try:
            action = self.encoder.codec.decode(index)
        except ValueError as exc:
            return Decision(Forfeit(f"index {index}", str(exc)), f"policy index {index}")
        return Decision(action, f"policy index {index}")


def policy_agent(policy: str, *, name: str = "policy", max_size: tuple[int, int] | None = None,
                 max_hints: int | None = None) -> type[PolicyAgent]:
    """A :class:`PolicyAgent` class for the policy function at ``"module:function"``."""
    return type(f"PolicyAgent_{name}", (PolicyAgent,), {"name": name, "policy_path": policy, "max_size": max_size,
                                                        "max_hints": max_hints})


# --- Treasure Duel --------------------------------------------------------------------------------
from game.duel.protocol import MOVES, Bot  # noqa: E402 - kept beside the duel's adapter
from game.duel.protocol import Decision as DuelDecision  # noqa: E402


class PolicyBot(Bot):
    """A trained ``duel_v0`` policy as a duel bot, for ``make_bot("yourmodule:YourBot")``
    (``run.py duel play --a yourmodule:YourBot``). Override :meth:`policy` or set ``policy_path``.
    A masked index is answered as that move, so the judge applies the course's rule."""

    name = "policy"
    policy_path: str | None = None

    def __init__(self, seed: int = 0, move_time: float = 0.3):
        super().__init__(seed=seed, move_time=move_time)
        self._policy = _resolve(self.policy_path) if self.policy_path else None
        self._encoder = None

    def policy(self, observation, mask) -> int:
        if self._policy is None:
            raise NotImplementedError("override policy(observation, mask) or set policy_path = 'module:function'")
        return self._policy(observation, mask)

    def act(self, obs) -> DuelDecision:
        from game.duel.bots.common import legal_moves

        from .duel_v0 import DuelEncoder

        if self._encoder is None or (self._encoder.rows, self._encoder.cols) != (obs.rows, obs.cols):
            self._encoder = DuelEncoder(obs.rows, obs.cols)
        arrays = self._encoder.encode(obs)
        mask = np.zeros(4, dtype=np.int8)
        for move in legal_moves(obs):
            mask[MOVES.index(move)] = 1
        index = int(self.policy(arrays, mask))
        return DuelDecision(MOVES[index] if 0 <= index < 4 else f"index {index}", f"policy index {index}")


def policy_bot(policy: str, *, name: str = "policy") -> type[PolicyBot]:
    """A :class:`PolicyBot` class for the policy function at ``"module:function"``."""
    return type(f"PolicyBot_{name}", (PolicyBot,), {"name": name, "policy_path": policy})


# --- Scotland Yard --------------------------------------------------------------------------------
from game.scotlandyard.ai.base import Decision as SYDecision  # noqa: E402
from game.scotlandyard.ai.base import DetectivesPlayer, MrXPlayer  # noqa: E402


def _sy_encoder(setup, pieces):
    from .scotland_yard_v0 import SYEncoder

    return SYEncoder(setup, pieces)


class _PolicyPlayer:
    policy_path: str | None = None

    def _init_policy(self):
        self._policy = _resolve(self.policy_path) if self.policy_path else None
        self._encoder = None

    def policy(self, observation, mask) -> int:
        if self._policy is None:
            raise NotImplementedError("override policy(observation, mask) or set policy_path = 'module:function'")
        return self._policy(observation, mask)

    def _enc(self, setup, pieces):
        if self._encoder is None or self._encoder.setup != setup or self._encoder.pieces != pieces:
            self._encoder = _sy_encoder(setup, pieces)
        return self._encoder


class PolicyMrX(_PolicyPlayer, MrXPlayer):
    """A trained ``scotland_yard_v0`` Mr X policy as a Mr X player, for
    ``make_mrx("yourmodule:YourMrX")`` (``--mrx yourmodule:YourMrX``). A double move is asked as
    two decisions, exactly as in the environment. An index the mask forbids becomes the move it
    names, which the game then refuses as not available (it is never replaced)."""

    name = "policy"

    def __init__(self, seed: int = 0, move_time: float = 1.0):
        super().__init__(seed=seed, move_time=move_time)
        self._init_policy()

    def choose(self, view) -> SYDecision:
        from game.scotlandyard.moves import DoubleMove, SingleMove
        from game.scotlandyard.pieces import Piece
        from game.scotlandyard.views import DetectivesView

        state = view.state
        enc = self._enc(state.setup, state.players)
        public = enc.public(DetectivesView.of(state))
        moves = state.legal_moves()
        obs = enc.finish(public, 0, 0, state.mrx_location)
        index = int(self.policy(obs, enc.codec.mask(moves)))
        ticket, station, first = enc.codec.decode(index)
        if not first:
            return SYDecision(SingleMove(Piece.MRX, state.mrx_location, ticket, station), f"policy index {index}")
        pending = (ticket, station)
        obs2 = enc.finish(public, 0, 0, state.mrx_location, pending)
        second = int(self.policy(obs2, enc.codec.mask(moves, pending)))
        t2, d2, _ = enc.codec.decode(second)
        return SYDecision(DoubleMove(Piece.MRX, state.mrx_location, ticket, station, t2, d2),
                          f"policy indices {index}, {second}")


class PolicyDetectives(_PolicyPlayer, DetectivesPlayer):
    """A trained ``scotland_yard_v0`` detective policy as the detectives' team player, for
    ``make_detectives("yourmodule:YourDetectives")``. The team is asked once per detective move;
    like the environment it lets the first detective (in game order) still to move who has a move
    decide, observing as that detective."""

    name = "policy"

    def __init__(self, seed: int = 0, move_time: float = 1.0):
        super().__init__(seed=seed, move_time=move_time)
        self._init_policy()

    def choose(self, view) -> SYDecision:
        from game.scotlandyard.moves import SingleMove

        enc = self._enc(view.setup, view.players)
        moves = view.legal_moves()
        movers = {m.piece for m in moves}
        piece = next(p for p in view.remaining if p in movers)
        seat = view.players.index(piece)
        obs = enc.finish(enc.public(view), seat, seat)
        index = int(self.policy(obs, enc.codec.mask(tuple(m for m in moves if m.piece is piece))))
        ticket, station, _ = enc.codec.decode(index)
        return SYDecision(SingleMove(piece, view.detective_location(piece), ticket, station), f"policy index {index}")


def policy_mrx(policy: str, *, name: str = "policy") -> type[PolicyMrX]:
    return type(f"PolicyMrX_{name}", (PolicyMrX,), {"name": name, "policy_path": policy})


def policy_detectives(policy: str, *, name: str = "policy") -> type[PolicyDetectives]:
    return type(f"PolicyDetectives_{name}", (PolicyDetectives,), {"name": name, "policy_path": policy})
