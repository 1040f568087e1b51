"""What happened: the engine returns these with every new state (RULES §3, §8).

Events are plain immutable values. The log writer, the arcade's animations and the replay
timeline all read them; none of them reads the engine's internals.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .board import Pos
from .hints import Hint


@dataclass(frozen=True)
class Event:
    turn: int


@dataclass(frozen=True)
class GameStarted(Event):
    agent: Pos
    seed: int


@dataclass(frozen=True)
class TurnStarted(Event):
    pass


@dataclass(frozen=True)
class PrisonRevealed(Event):
    prison: Pos


@dataclass(frozen=True)
class PirateFreed(Event):
    position: Pos


@dataclass(frozen=True)
class HintGiven(Event):
    hint: Hint  # holds the truth: the log and views must not show it before it is verified


@dataclass(frozen=True)
class PirateMoved(Event):
    path: tuple[Pos, ...]  # start first, then each tile he stepped on


@dataclass(frozen=True)
class ActionEvent(Event):
    slot: int  # 1..actions_per_turn: which of the turn's actions (0 for the free teleport)
    action: Action


@dataclass(frozen=True)
class HintVerified(ActionEvent):
    hint_index: int
    truth: bool


@dataclass(frozen=True)
class AgentMoved(ActionEvent):
    path: tuple[Pos, ...]  # start first, then each tile crossed


@dataclass(frozen=True)
class Scanned(ActionEvent):
    centre: Pos
    size: int
    found: bool


@dataclass(frozen=True)
class Teleported(ActionEvent):
    start: Pos
    target: Pos


@dataclass(frozen=True)
class ActionForfeited(ActionEvent):
    """A program agent's invalid action: the action is lost (RULES §4)."""

    attempted: str
    reason: str


@dataclass(frozen=True)
class ActionRefused(Event):
    """An invalid action, refused: nothing changed and nothing was spent."""

    action: object
    reason: str


@dataclass(frozen=True)
class GameOver(Event):
    result: str  # "WIN" or "LOSE"
    treasure: Pos
    by: Pos  # the scan centre (WIN) or the pirate's tile (LOSE)
