"""The agent interface: an agent sees an :class:`Observation` and returns one action.

An agent may keep memory between calls (it is one object per game). It returns either a bare
:class:`~game.treasure.actions.Action` or a :class:`Decision` carrying a one-line reason a
person can read. The teleport costs no action: an agent may return it and will be asked again.

The game does not trust agents (``docs/UNTRUSTED-AGENTS.md``): an exception, an answer of the
wrong type, a reason that is not a string, or a call that takes longer than the time limit
(default 10 s, ``--agent-time``) forfeits that action, with the reason in the LOG; after a
time-out the agent is not asked again in that game. The observation is read-only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.treasure.actions import Action, LargeScan, MoveLarge, MoveSmall, Verify
from game.treasure.engine import action_error
from game.treasure.observation import Observation


@dataclass(frozen=True)
class Decision:
    action: Action
    reason: str = ""


class Agent:
    """Base class. Subclasses set ``name`` and implement :meth:`act`."""

    name = "agent"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def start(self, obs: Observation) -> None:
        """Called once before the first action of a game."""

    def act(self, obs: Observation) -> Action | Decision:
        raise NotImplementedError

    def probabilities(self) -> np.ndarray | None:
        """This agent's current probability for every tile holding the treasure, if it has one."""
        return None


def valid_actions(obs: Observation) -> list[Action]:
    """Every valid action except the teleport, in a fixed order."""
    out: list[Action] = [LargeScan()]
    cfg = obs.config
    for direction in "NESW":
        for n in range(cfg.small_move[0], cfg.small_move[1] + 1):
            out.append(MoveSmall(direction, n))
        for n in range(cfg.large_move[0], cfg.large_move[1] + 1):
            out.append(MoveLarge(direction, n))
    out.extend(Verify(h.index) for h in obs.hints if h.verified is None)
    return [a for a in out if action_error(obs, a) is None]


class RandomValidAgent(Agent):
    """The trivial agent of the engine benchmark: a uniformly random valid action."""

    name = "random-valid"

    def act(self, obs: Observation) -> Decision:
        options = valid_actions(obs)
        action = options[int(self.rng.integers(len(options)))]
        return Decision(action, "a random valid action")
