"""The words of the game: transports, tickets and pieces (SCOTLAND-YARD.md §1-2).

Members hash by identity (they are singletons): Enum's own ``__hash__`` is a Python call, and a
search puts thousands of moves (tuples holding these) into sets.
"""

from __future__ import annotations

import enum


def _by_value(self, other):
    """Order members of one enum by value, so moves (tuples of these) can be sorted."""
    if type(other) is type(self):
        return self._value_ < other._value_
    return NotImplemented


class Ticket(enum.Enum):
    """What a ride costs. ``SECRET`` (the black ticket) pays for any transport, the ferry only by
    it; ``DOUBLE`` pays for no ride but lets Mr X ride twice in one turn."""

    TAXI = 0
    BUS = 1
    UNDERGROUND = 2
    DOUBLE = 3
    SECRET = 4

    __hash__ = object.__hash__
    __lt__ = _by_value

    @staticmethod
    def from_transport(transport: "Transport") -> "Ticket":
        """The ticket a ride by ``transport`` costs (FERRY costs SECRET)."""
        return _TICKET_FOR[transport]


class Transport(enum.Enum):
    """A way to ride between two stations."""

    TAXI = 0
    BUS = 1
    UNDERGROUND = 2
    FERRY = 3

    __hash__ = object.__hash__
    __lt__ = _by_value

    @property
    def ticket(self) -> Ticket:
        """The ticket a ride costs (FERRY costs SECRET)."""
        return _TICKET_FOR[self]

    def required_ticket(self) -> Ticket:  # the coursework's name
        return _TICKET_FOR[self]


_TICKET_FOR = {Transport.TAXI: Ticket.TAXI, Transport.BUS: Ticket.BUS,
               Transport.UNDERGROUND: Ticket.UNDERGROUND, Transport.FERRY: Ticket.SECRET}


class Piece(enum.Enum):
    """Mr X (black) and the five detectives, by colour."""

    MRX = 0
    RED = 1
    GREEN = 2
    BLUE = 3
    WHITE = 4
    YELLOW = 5

    __hash__ = object.__hash__
    __lt__ = _by_value

    @property
    def is_mrx(self) -> bool:
        return self is Piece.MRX

    @property
    def is_detective(self) -> bool:
        return self is not Piece.MRX

    @property
    def colour(self) -> str:
        """A colour to draw the piece in (hex RGB)."""
        return _COLOURS[self]


_COLOURS = {Piece.MRX: "#000000", Piece.RED: "#f44336", Piece.GREEN: "#4caf50",
            Piece.BLUE: "#2196f3", Piece.WHITE: "#ffffff", Piece.YELLOW: "#ffeb3b"}

DETECTIVES: tuple[Piece, ...] = (Piece.RED, Piece.GREEN, Piece.BLUE, Piece.WHITE, Piece.YELLOW)
TICKETS: tuple[Ticket, ...] = tuple(Ticket)
