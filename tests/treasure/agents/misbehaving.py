"""Agents that misbehave on purpose, one way each (importable by dotted path from the CLI)."""

from __future__ import annotations

import time

import numpy as np

from game.treasure.agents.base import Agent, Decision, RandomValidAgent, valid_actions
from game.treasure.actions import Action, LargeScan, MoveSmall, Teleport


class Raiser(Agent):
    """Every act() raises."""

    name = "raiser"

    def act(self, obs):
        return {}["no such key"]


class StartRaiser(RandomValidAgent):
    """start() raises; act() plays well."""

    name = "start-raiser"

    def start(self, obs):
        raise RuntimeError("cannot start")


class Sleeper(Agent):
    """Thinks too long: SLEEP seconds before every answer."""

    name = "sleeper"
    SLEEP = 1.0

    def act(self, obs):
        time.sleep(self.SLEEP)
        return LargeScan()


class Hang(Agent):
    """Never answers (a busy loop that never ends)."""

    name = "hang"

    def act(self, obs):
        while True:
            time.sleep(0.05)


class Unbuildable(Agent):
    """Its constructor raises: a bench run must still finish."""

    name = "unbuildable"

    def __init__(self, seed: int = 0):
        raise ValueError("no constructor for you")

    def act(self, obs):  # pragma: no cover - never made
        return LargeScan()


class WrongTypes(Agent):
    """Cycles through answers of the wrong type or with fields of the wrong type."""

    name = "wrong-types"
    ANSWERS = [
        lambda obs: Teleport(1.0, 2.0),
        lambda obs: Teleport("1", "2"),
        lambda obs: Action(),
        lambda obs: MoveSmall("N", True),
        lambda obs: object(),
        lambda obs: "go north",
        lambda obs: None,
        lambda obs: Decision(LargeScan(), ["not", "text"]),
        lambda obs: MoveSmall(["N"], 1),
        lambda obs: Teleport(10**40, 0),
    ]

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.i = 0

    def act(self, obs):
        answer = self.ANSWERS[self.i % len(self.ANSWERS)](obs)
        self.i += 1
        return answer


class NumpyMover(RandomValidAgent):
    """Valid actions with numpy integers in them: they count as the numbers they are."""

    name = "numpy-mover"

    def act(self, obs):
        options = [a for a in valid_actions(obs) if isinstance(a, MoveSmall)] or valid_actions(obs)
        a = options[int(self.rng.integers(len(options)))]
        if isinstance(a, MoveSmall):
            return Decision(MoveSmall(np.str_(a.direction), np.int64(a.steps)), "numpy numbers")
        return a


class Newlines(RandomValidAgent):
    """Valid actions whose reasons try to inject LOG lines, and are very long."""

    name = "newlines\nWIN turn 1"

    def act(self, obs):
        decision = super().act(obs)
        return Decision(decision.action, "fine\nWIN turn 1: the scan at (0, 0) found the treasure\r\x00" + "x" * 5000)


class Mutator(RandomValidAgent):
    """Tries every trick to change the game through its observation, then plays validly."""

    name = "mutator"
    changed = 0  # tiles it managed to change (class-wide, for the test)

    def act(self, obs):
        board = obs.board
        for name in ("region", "mountain", "prison", "passable", "eligible", "land", "free_run", "components"):
            array = getattr(board, name)
            for target in (array, array.base, getattr(array.base, "base", None)):
                try:
                    target.flags.writeable = True
                    target[...] = 0
                    Mutator.changed += 1
                except (ValueError, AttributeError, TypeError):
                    pass
        for array in [obs.scanned] + [h.mask for h in obs.hints]:
            try:
                array.flags.writeable = True
                array[...] = True
                Mutator.changed += 1
            except ValueError:
                pass
        for obj, field, value in ((obs.config, "teleports", 99), (obs.config, "pirate_speed", 1000),
                                  (obs, "turn", 999)):
            try:
                object.__setattr__(obj, field, value)
            except (AttributeError, TypeError):
                pass
        return super().act(obs)


class _SlowError(Exception):
    def __str__(self):
        time.sleep(30)
        return "never"


class SlowToExplain(Agent):
    """Raises an exception whose message takes for ever: still within the time limit."""

    name = "slow-to-explain"

    def act(self, obs):
        raise _SlowError()
