"""The agent's actions as small immutable command objects (RULES §4).

The engine validates and applies them; agents and the human player produce them. Each action
has a stable one-line text form (``MOVE_SMALL E 2``) used by logs and replays, and
:func:`parse_action` reads it back.

Fields are not checked when an action is made (the engine's ``action_error`` says what is
wrong with one), but numpy integers are turned into the ``int`` they stand for, and numpy
strings into ``str``, so ``MoveSmall("N", np.int64(1))`` is the same action as
``MoveSmall("N", 1)``. Only these exact classes are actions the engine accepts: a subclass
could change what a move does or what it costs.
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass

from .board import DIRECTIONS, Pos


def _plain(value):
    """numpy and other integer types as ``int`` (never bool), str subclasses as ``str``."""
    if type(value) is int or type(value) is str:  # the common case, fast
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, bool) and type(value) is not int:
        if type(value).__name__ in ("bool_", "bool"):  # numpy.bool_ is not a number here
            return value
        try:
            return int(value)
        except Exception:  # noqa: BLE001 - a strange Integral: leave it for the engine to refuse
            return value
    if isinstance(value, str) and type(value) is not str:
        return str.__str__(value)
    return value


@dataclass(frozen=True)
class Action:
    costs_action = True

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


@dataclass(frozen=True)
class Verify(Action):
    hint: int  # the hint's number k (hint k was given on turn k)

    def __post_init__(self) -> None:
        if type(self.hint) is not int:
            object.__setattr__(self, "hint", _plain(self.hint))

    def text(self) -> str:
        return f"VERIFY {self.hint}"


@dataclass(frozen=True)
class Move(Action):
    direction: str  # N, E, S or W
    steps: int

    def __post_init__(self) -> None:
        if type(self.steps) is not int or type(self.direction) is not str:  # else nothing to do: fast
            object.__setattr__(self, "direction", _plain(self.direction))
            object.__setattr__(self, "steps", _plain(self.steps))

    @property
    def delta(self) -> Pos:
        return DIRECTIONS[self.direction]


@dataclass(frozen=True)
class MoveSmall(Move):
    """Move 1-2 tiles straight, then scan the small square around the new position."""

    def text(self) -> str:
        return f"MOVE_SMALL {self.direction} {self.steps}"


@dataclass(frozen=True)
class MoveLarge(Move):
    """Move 3-4 tiles straight; no scan."""

    def text(self) -> str:
        return f"MOVE_LARGE {self.direction} {self.steps}"


@dataclass(frozen=True)
class LargeScan(Action):
    def text(self) -> str:
        return "LARGE_SCAN"


@dataclass(frozen=True)
class Teleport(Action):
    """Once per game, free: it costs none of the turn's actions."""

    row: int
    col: int
    costs_action = False

    def __post_init__(self) -> None:
        if type(self.row) is not int or type(self.col) is not int:
            object.__setattr__(self, "row", _plain(self.row))
            object.__setattr__(self, "col", _plain(self.col))

    @property
    def target(self) -> Pos:
        return (self.row, self.col)

    def text(self) -> str:
        return f"TELEPORT {self.row} {self.col}"


@dataclass(frozen=True)
class Forfeit(Action):
    """What a program agent's invalid action becomes: it loses that action (RULES §4)."""

    attempted: str
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "attempted", _plain(self.attempted))
        object.__setattr__(self, "reason", _plain(self.reason))

    def text(self) -> str:
        return f"FORFEIT {self.attempted!r} {self.reason!r}"


ACTION_TYPES = (Verify, MoveSmall, MoveLarge, LargeScan, Teleport, Forfeit)  # exactly these classes


def parse_action(text: str) -> Action:
    """Inverse of ``Action.text()`` for the five real actions. Raises ValueError."""
    parts = text.split()
    if not parts:
        raise ValueError("empty action")
    name, args = parts[0].upper(), parts[1:]
    try:
        if name == "VERIFY" and len(args) == 1:
            return Verify(int(args[0]))
        if name in ("MOVE_SMALL", "MOVE_LARGE") and len(args) == 2:
            direction = args[0].upper()
            if direction not in DIRECTIONS:
                raise ValueError(f"unknown direction {args[0]!r} (expected N, E, S or W)")
            cls = MoveSmall if name == "MOVE_SMALL" else MoveLarge
            return cls(direction, int(args[1]))
        if name == "LARGE_SCAN" and not args:
            return LargeScan()
        if name == "TELEPORT" and len(args) == 2:
            return Teleport(int(args[0]), int(args[1]))
    except ValueError as exc:
        raise ValueError(f"bad action {text!r}: {exc}") from None
    raise ValueError(
        f"bad action {text!r}: expected VERIFY k, MOVE_SMALL D n, MOVE_LARGE D n, LARGE_SCAN or TELEPORT row col"
    )
