"""A turn-based game as the arcade plays it, the part every game shares (no pygame).

A game's session (the duel's ``DuelSession``, Scotland Yard's ``SySession``) subclasses
:class:`TurnSession`: it has sides (``sides``), one :class:`Seat` a side (a bot or AI by name,
or ``human``), the sides a person took over with ``O`` (``overridden``), the history of every
position and a ``version`` that changes with each move, restart or take-over (the play scene
drops a late answer tagged with an older version). The game gives how a seat is made
(``_make_seat``), the first history entry (``first_entry``), whose turn it is (``mover``),
whether the game is over (``over``), and a decision's job and its answer (``decision_job``,
``apply_decision``); the rest is here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

HUMAN = "human"


def save_replay(document, target: str | Path | None, name: str) -> Path:
    """Write a replay ``document`` (``dumps()`` gives its text) at ``target``, never overwriting,
    or without one in the per-user replays folder as ``name-<date>-<time>``."""
    from game.replayfiles import save_auto, save_new

    if target is not None:
        return save_new(document, target)
    return save_auto(document, f"{name}-{datetime.now().strftime('%Y%m%d-%H%M%S')}")


@dataclass
class Seat:
    """Who plays one side: ``spec`` names the player (``human`` for a person); ``proc`` is its
    child process (:mod:`game.arcade.childproc`) when the players think in their own process."""

    spec: str
    proc: object | None = None

    @property
    def human(self) -> bool:
        return self.spec == HUMAN

    @property
    def label(self) -> str:
        return "you" if self.human else self.spec


class TurnSession:
    """A game between seats, advanced one decision at a time on request."""

    sides: tuple[str, ...] = ()
    entry_side = "side"  # the history entry's field that names who moved

    def __init__(self, players: dict[str, str], *, seed: int = 0, move_time: float = 1.0,
                 process_bots: bool = False) -> None:
        self.specs = {side: players.get(side, "default") for side in self.sides}
        self.seed = int(seed)
        self.move_time = move_time
        self.process_bots = process_bots
        self.overridden: set[str] = set()  # sides a person took over with O
        self.branched_from: str | None = None
        self.version = 0
        self.restart()

    # -- what a game gives -------------------------------------------------------------------------

    def _make_seat(self, side: str) -> Seat:
        raise NotImplementedError

    def first_entry(self):
        """The history's first entry: the start of a game."""
        raise NotImplementedError

    @property
    def over(self) -> bool:
        raise NotImplementedError

    @property
    def mover(self) -> str:
        raise NotImplementedError

    def decision_job(self):
        """A callable for the worker returning the mover's ``(move, reason)``, and a kill hook (or None)."""
        raise NotImplementedError

    def apply_decision(self, side: str, result, error: BaseException | None, seconds: float):
        raise NotImplementedError

    # -- players --------------------------------------------------------------------------------

    def close(self) -> None:
        """Kill the players' processes (leaving the game); never waits more than a moment."""
        for seat in getattr(self, "seats", {}).values():
            if seat.proc is not None:
                seat.proc.close()

    def restart(self) -> None:
        self.close()
        self.seats = {side: self._make_seat(side) for side in self.sides}
        self.history = [self.first_entry()]
        self.overridden = set()
        self.branch_length = 1  # a branch's prefix (from_entries): saved only once something new is played
        self.version += 1

    def is_human(self, side: str) -> bool:
        return side in self.overridden or self.seats[side].human

    @property
    def humans(self) -> list[str]:
        return [side for side in self.sides if self.is_human(side)]

    def name(self, side: str) -> str:
        label = self.seats[side].label
        return f"{label} (you)" if side in self.overridden else label

    # -- reading --------------------------------------------------------------------------------

    @property
    def state(self):
        return self.history[-1].state

    def last_entry(self, side: str):
        for entry in reversed(self.history):
            if getattr(entry, self.entry_side) == side:
                return entry
        return None

    # -- advancing without the worker -----------------------------------------------------------

    def play_sync(self, max_moves: int | None = None) -> None:
        """The players play without the worker (headless commands); stops at a human's turn."""
        played = 0
        while not self.over and (max_moves is None or played < max_moves):
            side = self.mover
            if self.is_human(side):
                return
            fn, _kill = self.decision_job()
            started = time.perf_counter()
            try:
                result, error = fn(), None
            except Exception as exc:  # noqa: BLE001
                result, error = None, exc
            self.apply_decision(side, result, error, time.perf_counter() - started)
            played += 1

    def play_until(self, reached) -> None:
        """The players play on until ``reached()`` (or the game ends, or a human is to move)."""
        while not self.over and not reached():
            before = len(self.history)
            self.play_sync(1)
            if len(self.history) == before:
                return
