"""Play one game: an agent against the engine, recording the log.

A program agent's invalid action (or anything that is not an action) is not retried: it becomes
a :class:`~game.treasure.actions.Forfeit`, which loses that action (RULES §4), so a broken agent
can never stall the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.treasure.actions import Action, Forfeit
from game.treasure.board import Board
from game.treasure.config import RulesConfig
from game.treasure.engine import GameState, action_error, new_game, step
from game.treasure.events import Event
from game.treasure.log import GameLog, map_header
from game.treasure.observation import observe

from .base import Agent, Decision


@dataclass
class PlayedAction:
    action: Action
    reason: str
    by: str
    turn: int


@dataclass
class GameRecord:
    state: GameState
    log: GameLog
    actions: list[PlayedAction] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    invalid_actions: int = 0

    @property
    def result(self) -> str | None:
        return self.state.outcome


def as_decision(returned: object) -> Decision:
    if isinstance(returned, Decision):
        return returned
    return Decision(returned, "")  # type: ignore[arg-type]  # not an Action: the engine refuses it


def play_game(board: Board, seed: int, agent: Agent, config: RulesConfig | None = None, *,
              max_actions: int | None = None, keep_events: bool = False) -> GameRecord:
    """Play to the end (or ``max_actions`` agent actions) and return the record."""
    state, events = new_game(board, seed, config)
    log = GameLog(map_header(board, seed, agent.name, state.config))
    log.record(events)
    record = GameRecord(state, log, events=list(events) if keep_events else [])
    agent.start(observe(state))
    while not state.over and (max_actions is None or len(record.actions) < max_actions):
        decision = as_decision(agent.act(observe(state)))
        action = decision.action
        reason = action_error(state, action)
        if reason is not None:
            record.invalid_actions += 1
            text = action.text() if isinstance(action, Action) else repr(action)[:60]
            action = Forfeit(text, reason)
            decision = Decision(action, "")
        turn = state.turn
        state, events = step(state, action)
        record.actions.append(PlayedAction(action, decision.reason, agent.name, turn))
        log.record(events, decision.reason)
        if keep_events:
            record.events.extend(events)
    record.state = state
    return record
