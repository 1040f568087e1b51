"""One game being watched: the engine state, the agent, and everything that happened so far.

No drawing here. The arcade's scenes ask a :class:`Match` to advance by one action or one turn;
the view reads :attr:`Match.steps` (every state with the events that led to it and the agent's
reason) and animates them. The whole history is kept, so a view can show any earlier state
(replays and scrubbing build on that).

A program agent's invalid action becomes a :class:`~game.treasure.actions.Forfeit`, exactly as
in :mod:`game.treasure.agents.runner`, so a broken agent can never stall the arcade. An agent that raises
forfeits that action too: a spectator should see the error, not a crash.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np

from game.treasure.actions import Action, Forfeit
from game.treasure.board import Board
from game.treasure.config import RulesConfig
from game.treasure.engine import GameState, action_error, new_game, step
from game.treasure.events import Event, TurnStarted
from game.treasure.observation import Observation, observe
from game.treasure.agents.runner import DEFAULT_TIME_LIMIT, ask_agent, release_agent, start_agent


@dataclass(frozen=True)
class Step:
    """One entry of the history: the state after ``action`` and the events it caused.

    The first step of a game has ``action=None``: its events are the game's start (turn 1's
    reveal/hint/pirate phases).
    """

    state: GameState
    events: tuple[Event, ...]
    action: Action | None
    reason: str
    by: str


class Match:
    """A game between the engine and one program agent, advanced on request."""

    def __init__(
        self,
        board: Board,
        seed: int,
        agent_name: str = "default",
        config: RulesConfig | None = None,
        *,
        agent_factory: Callable[[str, int], object] | None = None,
        agent_time_limit: float | None = DEFAULT_TIME_LIMIT,
    ) -> None:
        self.board = board
        self.config = config
        self.agent_name = agent_name
        if agent_factory is None:
            from game.treasure.agents import make_agent

            agent_factory = make_agent
        self._agent_factory = agent_factory
        self.agent_seconds = 0.0  # time spent inside the agent, for the frame benchmark
        # Seconds an agent may take for one action (None: no limit); past it the action is
        # forfeited and the agent retired for the game, as in headless play (game.treasure.agents.runner).
        self.time_limit: float | None = agent_time_limit
        self.branched_from: str | None = None  # the replay this game continues, if any
        self.restart(seed)

    @classmethod
    def from_history(cls, board: Board, seed: int, agent_name: str, config: RulesConfig | None, steps: list[Step],
                     *, branched_from: str | None = None, agent_factory=None) -> "Match":
        """A match that continues an earlier game (a replay's prefix): its history is ``steps``."""
        match = cls(board, seed, agent_name, config, agent_factory=agent_factory)
        match.steps = list(steps)
        match.branch_length = len(match.steps)
        match.branched_from = branched_from
        match._obs_for = None
        match._suggestion = None
        match._version += 1
        return match

    # -- reading ------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.steps[-1].state

    @property
    def states(self) -> list[GameState]:
        return [s.state for s in self.steps]

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def version(self) -> int:
        """Changes whenever the history does: views cache on it."""
        return self._version

    def observation(self) -> Observation:
        if self._obs_for is not self.state:
            self._obs = observe(self.state)
            self._obs_for = self.state
        return self._obs

    def probabilities(self) -> np.ndarray | None:
        """The agent's heat map for the current state, if it keeps one."""
        getter = getattr(self.agent, "probabilities", None)
        if getter is None:
            return None
        try:
            heat = getter()
        except Exception:  # noqa: BLE001 - a broken agent must not break the view
            return None
        if heat is None:
            return None
        heat = np.asarray(heat, dtype=float)
        return heat if heat.shape == self.board.shape else None

    # -- advancing ----------------------------------------------------------------------------

    def restart(self, seed: int | None = None) -> None:
        """A new game on the same board: the same seed again unless one is given."""
        if seed is not None:
            self.seed = int(seed)
        state, events = new_game(self.board, self.seed, self.config)
        previous = getattr(self, "agent", None)
        self.agent = self._agent_factory(self.agent_name, self.seed)
        if previous is not None:
            release_agent(previous)
        self.steps: list[Step] = [Step(state, tuple(events), None, "", "")]
        self._obs_for = None
        self._suggestion: tuple[GameState, object, str] | None = None
        self.branched_from = None
        self.branch_length = 1  # a branch (from_history) is saved only once something new is played
        self._version = getattr(self, "_version", 0) + 1
        started = time.perf_counter()
        # A start() that raises or hangs is reported when the first action is asked for: the
        # runner retires an agent that ran out of time, so that action is forfeited too.
        self._start_problem = start_agent(self.agent, observe(state), self.time_limit)
        self.agent_seconds += time.perf_counter() - started

    def advance_action(self) -> Step | None:
        """Ask the agent for one action and apply it. None if the game is over."""
        state = self.state
        if state.over:
            return None
        action, reason = self.suggest()
        error = action_error(state, action)
        if error is not None:
            text = action.text() if isinstance(action, Action) else repr(action)[:60]
            action = Forfeit(text, error)
        new_state, events = step(state, action)
        entry = Step(new_state, tuple(events), action, reason, getattr(self.agent, "name", self.agent_name))
        self.steps.append(entry)
        self._version += 1
        return entry

    def suggest(self) -> tuple[object, str]:
        """What the agent would do now, asked once per state (the human override's ghost)."""
        state = self.state
        if self._suggestion is None or self._suggestion[0] is not state:
            action, reason = self._decide()
            self._suggestion = (state, action, reason)
        return self._suggestion[1], self._suggestion[2]

    def apply(self, action: Action, reason: str = "", by: str = "human") -> Step | str:
        """Apply an action chosen outside the agent (the human). An invalid one is refused:
        the engine's reason comes back as a string and nothing changes."""
        error = action_error(self.state, action)
        if error is not None:
            return error
        new_state, events = step(self.state, action)
        entry = Step(new_state, tuple(events), action, reason, by)
        self.steps.append(entry)
        self._version += 1
        return entry

    def recording(self):
        """The whole game so far as a replay document (see :mod:`game.treasure.replay`)."""
        from game.treasure.replay import record_steps

        extra = {"branched_from": self.branched_from} if self.branched_from else {}
        return record_steps(self.board, self.seed, self.config, self.agent_name, self.steps, **extra)

    def advance_turn(self) -> list[Step]:
        """Actions until the next turn starts (or the game ends)."""
        out: list[Step] = []
        start_turn = self.state.turn
        while not self.over and self.state.turn == start_turn:
            entry = self.advance_action()
            if entry is None:
                break
            out.append(entry)
            if any(isinstance(e, TurnStarted) for e in entry.events):
                break
        return out

    def advance_to_turn(self, turn: int, max_actions: int = 100_000) -> None:
        """Play on until turn ``turn`` has started or the game is over (for screenshots)."""
        for _ in range(max_actions):
            if self.over or self.state.turn >= turn:
                return
            self.advance_action()

    def _decide(self) -> tuple[object, str]:
        if self._start_problem is not None:
            problem, self._start_problem = self._start_problem, None
            return Forfeit("(crash)", problem), problem
        started = time.perf_counter()
        try:
            # The one guarded call (game.treasure.agents.runner): exceptions, wrong types, bad reasons and
            # the time limit all come back as a Forfeit with its reason; it never raises.
            decision = ask_agent(self.agent, observe(self.state), self.time_limit)
        finally:
            self.agent_seconds += time.perf_counter() - started
        if isinstance(decision.action, Forfeit):
            return decision.action, decision.action.reason
        return decision.action, decision.reason


def candidates(board: Board, obs: Observation) -> np.ndarray:
    """Tiles that may still hold the treasure, from public information only."""
    mask = board.eligible & ~obs.scanned
    for hint in obs.hints:
        if hint.verified is True:
            mask = mask & hint.mask
        elif hint.verified is False:
            mask = mask & ~hint.mask
    return mask


def pirate_turns_left(state) -> int | None:
    """How many turns the pirate still needs to stand on the treasure (a spoiler: his route is
    secret), counting the turns he waits in prison; None when the game has no route for him."""
    route = getattr(state, "pirate_route", ())
    if not route:
        return None
    speed = max(1, state.config.pirate_speed)
    walked = state.pirate_steps if state.free else 0
    remaining = max(0, len(route) - 1 - walked)
    waiting = 0 if state.free else max(0, state.board.free_turn - state.turn)
    return waiting + -(-remaining // speed)


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 turn``, ``2 turns``, ``0 hints``; ``many`` for irregular plurals."""
    return f"{n} {word if n == 1 else (many or word + 's')}"
