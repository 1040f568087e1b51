"""Making replays from games as they are played, and saving them without ever overwriting.

:class:`Recorder` is fed what happened (the events of the start, then each action with its
events, reason and author) and keeps the same LOG the headless runner writes, so the digest in
the replay is the digest of that LOG. Saving (atomic, never overwriting) is
:mod:`game.replayfiles`, shared by every game.
"""

from __future__ import annotations

from typing import Iterable

# Where and how replays are saved is shared by every game (game.replayfiles); re-exported here
# for Treasure Island's callers.
from game.replayfiles import APP_NAME, DATA_ENV, data_dir, replays_dir, save_auto, save_new, saved_replays  # noqa: F401
from game.treasure.actions import Action
from game.treasure.board import Board
from game.treasure.config import RulesConfig
from game.treasure.engine import GameState
from game.treasure.events import Event
from game.treasure.log import GameLog, map_header, one_line
from game.treasure.mapfile import format_map

from .document import UNFINISHED, Outcome, RecordedAction, Replay, now_iso


class Recorder:
    def __init__(self, board: Board, seed: int, rules: RulesConfig | None, agent: str,
                 start_events: Iterable[Event]) -> None:
        self.board = board
        self.seed = int(seed)
        self.rules = rules or RulesConfig()
        self.agent = agent
        self.log = GameLog(map_header(board, seed, agent or None, self.rules))
        self.log.record(start_events)
        self.actions: list[RecordedAction] = []

    def record(self, turn: int, action: Action, events: Iterable[Event], reason: str, by: str) -> None:
        """One applied action: ``turn`` is the turn it was taken on (before the step). The
        reason and author are kept as one bounded line of text (the LOG writes the reason so
        anyway), so whatever an agent said, the replay can be saved and read back."""
        reason, by = one_line(reason), one_line(by, 60) or "agent"
        self.actions.append(RecordedAction(len(self.actions), turn, action, by, reason))
        self.log.record(events, reason)

    def replay(self, final: GameState, **extra) -> Replay:
        outcome = Outcome(final.outcome or UNFINISHED, final.turn, self.log.digest())
        return Replay(self.board, self.seed, self.rules, list(self.actions), outcome, self.agent,
                      now_iso(), "", format_map(self.board), dict(extra))


def record_steps(board: Board, seed: int, rules: RulesConfig | None, agent: str, steps, **extra) -> Replay:
    """A replay from a history of steps (``state, events, action, reason, by``), first step = start."""
    steps = list(steps)
    recorder = Recorder(board, seed, rules, agent, steps[0].events)
    for before, entry in zip(steps, steps[1:]):
        recorder.record(before.state.turn, entry.action, entry.events, entry.reason, entry.by)
    return recorder.replay(steps[-1].state, **extra)


def default_stem(map_name: str, seed: int) -> str:
    from datetime import datetime

    return f"{map_name}-seed{seed}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
