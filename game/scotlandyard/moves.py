"""Moves and travel-log entries: small immutable values that compare by value.

``SingleMove(piece, source, ticket, destination)`` and
``DoubleMove(piece, source, ticket1, destination1, ticket2, destination2)`` are tuples underneath
(cheap to build and hash, which a tree search does millions of times), but a move only ever equals
a move of the same kind with the same fields. ``str(move)`` is the stable text form used in logs
and game records (``RED 13 TAXI 14``, ``MRX 35 DOUBLE TAXI 22 BUS 65``); :func:`parse_move`
reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter
from typing import Union

from game.scotlandyard.pieces import Piece, Ticket


class _Move(tuple):
    __slots__ = ()

    piece = property(itemgetter(0), doc="The piece that moves.")
    source = property(itemgetter(1), doc="The station it leaves.")

    def __eq__(self, other):
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    __hash__ = tuple.__hash__

    def __getnewargs__(self):
        return tuple(self)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    # the coursework's name
    def commenced_by(self) -> Piece:
        return self[0]


class SingleMove(_Move):
    """One ride: ``piece`` goes from ``source`` to ``destination`` paying ``ticket``."""

    __slots__ = ()

    def __new__(cls, piece: Piece, source: int, ticket: Ticket, destination: int):
        return tuple.__new__(cls, (piece, source, ticket, destination))

    ticket = property(itemgetter(2), doc="The ticket paid.")
    destination = property(itemgetter(3), doc="The station it ends on.")

    @property
    def tickets(self) -> tuple[Ticket, ...]:
        """Every ticket the move uses."""
        return (self[2],)

    @property
    def is_double(self) -> bool:
        return False

    def accept(self, visitor):
        """The coursework's visitor: calls ``visitor.visit_single(self)``."""
        return visitor.visit_single(self)

    def __repr__(self) -> str:
        p, s, t, d = self
        return f"SingleMove({p.name}, {s}, {t.name}, {d})"

    def __str__(self) -> str:
        p, s, t, d = self
        return f"{p.name} {s} {t.name} {d}"


class DoubleMove(_Move):
    """Mr X's two rides in one turn (paid with one ``DOUBLE`` plus ``ticket1`` and ``ticket2``)."""

    __slots__ = ()

    def __new__(cls, piece: Piece, source: int, ticket1: Ticket, destination1: int,
                ticket2: Ticket, destination2: int):
        return tuple.__new__(cls, (piece, source, ticket1, destination1, ticket2, destination2))

    ticket1 = property(itemgetter(2), doc="The ticket of the first ride.")
    destination1 = property(itemgetter(3), doc="Where the first ride ends.")
    ticket2 = property(itemgetter(4), doc="The ticket of the second ride.")
    destination2 = property(itemgetter(5), doc="Where the second ride (and the move) ends.")
    destination = property(itemgetter(5), doc="Where the move ends (same as destination2).")

    @property
    def tickets(self) -> tuple[Ticket, ...]:
        """Every ticket the move uses: DOUBLE, then the two rides' tickets."""
        return (Ticket.DOUBLE, self[2], self[4])

    @property
    def is_double(self) -> bool:
        return True

    def accept(self, visitor):
        """The coursework's visitor: calls ``visitor.visit_double(self)``."""
        return visitor.visit_double(self)

    def __repr__(self) -> str:
        p, s, t1, d1, t2, d2 = self
        return f"DoubleMove({p.name}, {s}, {t1.name}, {d1}, {t2.name}, {d2})"

    def __str__(self) -> str:
        p, s, t1, d1, t2, d2 = self
        return f"{p.name} {s} DOUBLE {t1.name} {d1} {t2.name} {d2}"


Move = Union[SingleMove, DoubleMove]


class MoveSyntaxError(ValueError):
    """Text that is not a move in the stable text form."""


_PIECES = {p.name: p for p in Piece}
_TICKETS = {t.name: t for t in Ticket}


def parse_move(text: str) -> Move:
    """Read ``RED 13 TAXI 14`` or ``MRX 35 DOUBLE TAXI 22 BUS 65`` (case-insensitive) back into a
    move. Raises :class:`MoveSyntaxError` saying what was expected."""
    parts = str(text).upper().split()
    expected = "expected 'PIECE FROM TICKET TO' or 'MRX FROM DOUBLE TICKET TO TICKET TO'"

    def station(word: str) -> int:
        if not word.isdigit():
            raise MoveSyntaxError(f"{text!r}: {word!r} is not a station number; {expected}")
        return int(word)

    def ticket(word: str) -> Ticket:
        if word not in _TICKETS or word == "DOUBLE":
            raise MoveSyntaxError(f"{text!r}: {word!r} is not a ride ticket "
                                  f"(TAXI, BUS, UNDERGROUND, SECRET); {expected}")
        return _TICKETS[word]

    if len(parts) not in (4, 7) or parts[0] not in _PIECES:
        raise MoveSyntaxError(f"{text!r}: {expected}")
    piece = _PIECES[parts[0]]
    if len(parts) == 4:
        return SingleMove(piece, station(parts[1]), ticket(parts[2]), station(parts[3]))
    if parts[2] != "DOUBLE":
        raise MoveSyntaxError(f"{text!r}: a seven-word move is a double move; {expected}")
    return DoubleMove(piece, station(parts[1]), ticket(parts[3]), station(parts[4]),
                      ticket(parts[5]), station(parts[6]))


def format_move(move: Move) -> str:
    """The stable text form of a move (same as ``str(move)``)."""
    return str(move)


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One slot of Mr X's travel log: the ticket he used, and where he went if the slot is a
    reveal (``location`` is ``None`` when hidden)."""

    ticket: Ticket
    location: int | None = None

    @classmethod
    def hidden(cls, ticket: Ticket) -> "LogEntry":
        return cls(ticket, None)

    @classmethod
    def reveal(cls, ticket: Ticket, location: int) -> "LogEntry":
        return cls(ticket, location)

    @property
    def is_revealed(self) -> bool:
        return self.location is not None

    def __str__(self) -> str:
        return f"{self.ticket.name} {'?' if self.location is None else self.location}"
