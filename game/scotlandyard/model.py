"""The Scotland Yard game model (SCOTLAND-YARD.md), the API of Bristol's cw-model in Python.

Pure and immutable: :meth:`GameState.advance` returns a new state and never changes its input.
Everything here is a value (``Board``, ``GameSetup``, ``Player``, ``Tickets``, moves, log entries)
except :class:`Model`, which holds the current state and its observers.

Speed: a search calls ``available_moves``/``advance`` millions of times, so a state keeps its
players as plain tuples (stations, ticket counts indexed by ``Ticket._value_``), the move objects
for each (piece, station) are built once per board and reused, and a state works out its moves and
its winner only when asked, once. ``legal_moves()`` gives the same moves as ``available_moves()``
as a tuple in a fixed order (use it where a seeded choice must repeat: a frozenset's order changes
from one process to the next).
"""

from __future__ import annotations

import enum
import random
from collections import abc
from collections.abc import Mapping, Set
from dataclasses import dataclass
from typing import Iterable, Iterator

from game.scotlandyard.board import Board
from game.scotlandyard.moves import DoubleMove, LogEntry, Move, SingleMove
from game.scotlandyard.pieces import DETECTIVES, Piece, Ticket

__all__ = [
    "Ordered", "Tickets", "Player", "GameSetup", "SetupError", "IllegalMove", "GameState", "new_game",
    "standard_game", "Model", "Observer", "ObserverSet", "Event", "DEFAULT_MRX_TICKETS", "DEFAULT_DETECTIVE_TICKETS",
    "STANDARD_REVEALS", "STANDARD24MOVES", "MRX_STARTS", "DETECTIVE_STARTS", "default_mrx_tickets",
    "default_detective_tickets", "standard_setup", "standard_players",
]

_T = Ticket.TAXI._value_, Ticket.BUS._value_, Ticket.UNDERGROUND._value_
_DOUBLE = Ticket.DOUBLE._value_
_SECRET = Ticket.SECRET._value_
_TICKET_OF = tuple(Ticket)  # index -> Ticket
_NAMED_TICKETS = {t.name: t for t in Ticket}


# --------------------------------------------------------------------------------------------
# values
# --------------------------------------------------------------------------------------------
class Ordered(tuple):
    """An immutable, ordered sequence (a tuple) that also equals a list with the same items, as
    the coursework's immutable lists do: ``state.travel_log == [LogEntry.hidden(TAXI)]`` holds."""

    __slots__ = ()

    def __eq__(self, other):
        if isinstance(other, list):
            return tuple.__eq__(self, tuple(other))
        return tuple.__eq__(self, other)

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    __hash__ = tuple.__hash__

    def __repr__(self) -> str:
        return tuple.__repr__(self)


class Tickets(Mapping):
    """A stock of tickets: a count for every kind (a kind never given counts 0). Immutable,
    hashable, equal to any mapping with the same non-zero counts."""

    __slots__ = ("_counts",)

    def __init__(self, counts: Mapping | Iterable = ()):
        if isinstance(counts, Tickets):
            self._counts = counts._counts
            return
        values = [0, 0, 0, 0, 0]
        items = counts.items() if isinstance(counts, Mapping) else counts
        for kind, count in items:
            if isinstance(kind, str) and kind.upper() in _NAMED_TICKETS:
                kind = _NAMED_TICKETS[kind.upper()]
            if not isinstance(kind, Ticket):
                raise TypeError(f"ticket kinds are Ticket members, got {kind!r}")
            if isinstance(count, bool) or not isinstance(count, int):
                raise TypeError(f"a ticket count is an integer, got {count!r} for {kind.name}")
            values[kind._value_] += count
        self._counts = tuple(values)

    @classmethod
    def _of(cls, counts: tuple[int, ...]) -> "Tickets":
        obj = object.__new__(cls)
        obj._counts = counts
        return obj

    def __getitem__(self, kind: Ticket) -> int:
        if not isinstance(kind, Ticket):
            raise KeyError(kind)
        return self._counts[kind._value_]

    def __iter__(self) -> Iterator[Ticket]:
        return iter(_TICKET_OF)

    def __len__(self) -> int:
        return 5

    def count(self, kind: Ticket) -> int:
        """How many of ``kind`` (the coursework's ``getCount``)."""
        return self[kind]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tickets):
            return self._counts == other._counts
        if isinstance(other, Mapping):
            try:
                return self._counts == Tickets(other)._counts
            except TypeError:
                return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._counts)

    def __repr__(self) -> str:
        return "Tickets({" + ", ".join(f"{t.name}: {c}" for t, c in zip(_TICKET_OF, self._counts)) + "})"

    def __reduce__(self):
        return (Tickets._of, (self._counts,))


@dataclass(frozen=True, slots=True)
class Player:
    """A piece, its tickets (any mapping Ticket -> count; kinds left out count 0) and its station.
    Building one never checks the rules of a game (``new_game`` does)."""

    piece: Piece
    tickets: Tickets
    location: int

    def __post_init__(self):
        if not isinstance(self.piece, Piece):
            raise TypeError(f"a player's piece is a Piece, got {self.piece!r}")
        object.__setattr__(self, "tickets", Tickets(self.tickets))
        if isinstance(self.location, bool) or not isinstance(self.location, int):
            raise TypeError(f"a player's location is a station number, got {self.location!r}")

    @property
    def is_mrx(self) -> bool:
        return self.piece is Piece.MRX

    @property
    def is_detective(self) -> bool:
        return self.piece is not Piece.MRX

    def has(self, ticket: Ticket) -> bool:
        return self.tickets[ticket] > 0

    def has_at_least(self, ticket: Ticket, count: int) -> bool:
        return self.tickets[ticket] >= count

    def use(self, ticket: Ticket) -> "Player":
        """This player with one ``ticket`` fewer."""
        return self._with(ticket, -1)

    def give(self, ticket: Ticket) -> "Player":
        """This player with one ``ticket`` more."""
        return self._with(ticket, +1)

    def at(self, location: int) -> "Player":
        return Player(self.piece, self.tickets, location)

    def _with(self, ticket: Ticket, delta: int) -> "Player":
        counts = list(self.tickets._counts)
        counts[ticket._value_] += delta
        return Player(self.piece, Tickets._of(tuple(counts)), self.location)


@dataclass(frozen=True, slots=True)
class GameSetup:
    """The board and the reveal list (one boolean per Mr X move: does that log slot show where he
    went?). Building one never checks it (``new_game`` does)."""

    board: Board
    reveals: Ordered

    def __post_init__(self):
        if self.reveals is not None:
            object.__setattr__(self, "reveals", Ordered(bool(r) for r in self.reveals))

    @property
    def moves(self) -> Ordered:
        """The coursework's name for the reveal list."""
        return self.reveals

    @property
    def graph(self) -> Board:
        """The coursework's name for the board."""
        return self.board


class SetupError(ValueError):
    """A setup, Mr X or detectives that cannot make a game (SCOTLAND-YARD.md §3)."""


class IllegalMove(ValueError):
    """A move that is not available in the state it was given to."""


class Event(str, enum.Enum):
    """What a model tells its observers after a move."""

    MOVE_MADE = "MOVE_MADE"
    GAME_OVER = "GAME_OVER"

    __hash__ = str.__hash__

    def __str__(self) -> str:
        return self.value


DEFAULT_MRX_TICKETS = Tickets({Ticket.TAXI: 4, Ticket.BUS: 3, Ticket.UNDERGROUND: 3,
                               Ticket.DOUBLE: 2, Ticket.SECRET: 5})
DEFAULT_DETECTIVE_TICKETS = Tickets({Ticket.TAXI: 11, Ticket.BUS: 8, Ticket.UNDERGROUND: 4})
STANDARD_REVEALS: tuple[bool, ...] = tuple(i in (2, 7, 12, 17, 23) for i in range(24))
DETECTIVE_STARTS: tuple[int, ...] = (26, 29, 50, 53, 91, 94, 103, 112, 117, 123, 138, 141, 155, 174)
MRX_STARTS: tuple[int, ...] = (35, 45, 51, 71, 78, 104, 106, 127, 132, 166, 170, 172)
STANDARD24MOVES = STANDARD_REVEALS  # the coursework's name


def default_mrx_tickets() -> Tickets:
    """Mr X's default stock (the coursework's ``defaultMrXTickets()``)."""
    return DEFAULT_MRX_TICKETS


def default_detective_tickets() -> Tickets:
    """A detective's default stock (the coursework's ``defaultDetectiveTickets()``)."""
    return DEFAULT_DETECTIVE_TICKETS


# --------------------------------------------------------------------------------------------
# move tables, one per board, built lazily
# --------------------------------------------------------------------------------------------
class _Tables:
    """Per board: for each station its neighbours with the non-secret tickets that reach them, and
    (per piece) the move objects, so a state filters ready-made moves instead of building them.
    Stations not on the board get empty tables."""

    __slots__ = ("rides", "single", "double")

    def __init__(self, board: Board):
        rides = {}
        for s in board.stations:
            row = []
            for n in board.neighbours(s):
                kinds = sorted({t.ticket._value_ for t in board.transports(s, n)} - {_SECRET})
                row.append((n, tuple(kinds)))
            rides[s] = tuple(row)
        self.rides: dict[int, tuple[tuple[int, tuple[int, ...]], ...]] = rides
        self.single: dict[tuple[Piece, int], tuple] = {}
        self.double: dict[int, tuple] = {}
        # Built whole, up front (about 25 ms for the standard board): a cache filled as games
        # are played would remember where Mr X has been, and views hold the board.
        for piece in Piece:
            for s in board.stations:
                self.singles(piece, s)
        for s in board.stations:
            self.doubles(s)

    def singles(self, piece: Piece, s: int):
        """``((n, ((ticket_index, move), ...)), ...)`` for every neighbour of ``s``; the SECRET
        move comes last in each row."""
        key = (piece, s)
        table = self.single.get(key)
        if table is None:
            new = tuple.__new__
            table = tuple(
                (n, tuple((t, new(SingleMove, (piece, s, _TICKET_OF[t], n))) for t in kinds + (_SECRET,)))
                for n, kinds in self.rides.get(s, ()))
            self.single[key] = table
        return table

    def doubles(self, s: int):
        """``((t1, d1, ((t2, d2, move), ...)), ...)``: every double move of Mr X from ``s`` that the
        board allows, grouped by its first ride."""
        table = self.double.get(s)
        if table is None:
            new = tuple.__new__
            mrx = Piece.MRX
            rows = []
            for d1, firsts in self.singles(mrx, s):
                for t1, _ in firsts:
                    group = tuple(
                        (t2, d2, new(DoubleMove, (mrx, s, _TICKET_OF[t1], d1, _TICKET_OF[t2], d2)))
                        for d2, seconds in self.singles(mrx, d1) for t2, _ in seconds)
                    rows.append((t1, d1, group))
            table = tuple(rows)
            self.double[s] = table
        return table


def _tables(board: Board) -> _Tables:
    tables = board._tables
    if tables is None:
        tables = _Tables(board)
        object.__setattr__(board, "_tables", tables)  # a cache: equal boards build equal tables
    return tables


class _Game:
    """What every state of one game shares: setup, pieces, tables."""

    __slots__ = ("setup", "board", "tables", "pieces", "index", "reveals", "n_reveals", "detectives")

    def __init__(self, setup: GameSetup, pieces: tuple[Piece, ...]):
        self.setup = setup
        self.board = setup.board
        self.tables = _tables(setup.board)
        self.pieces = Ordered(pieces)
        self.index = {p: i for i, p in enumerate(pieces)}
        self.reveals = setup.reveals
        self.n_reveals = len(setup.reveals)
        self.detectives = tuple(range(1, len(pieces)))


# --------------------------------------------------------------------------------------------
# the state
# --------------------------------------------------------------------------------------------
class GameState:
    """One moment of a game. Immutable; build the first one with :func:`new_game`.

    Internals (read-only, for views and search): ``_locs[i]`` and ``_tix[i]`` are the station and
    ticket counts of ``players[i]`` (Mr X is 0); ``_remaining`` holds the indices of the detectives
    still to move in this round, empty when Mr X is to move.
    """

    __slots__ = ("_game", "_locs", "_tix", "_remaining", "_log", "_history", "_moves", "_moveset",
                 "_winner", "_occ")

    def __init__(self, *args, **kwargs):
        raise TypeError("create a game with new_game(setup, mrx, detectives) or standard_game(seed)")

    @classmethod
    def _make(cls, game: _Game, locs: tuple, tix: tuple, remaining: tuple, log: tuple,
              history) -> "GameState":
        self = object.__new__(cls)
        self._game = game
        self._locs = locs
        self._tix = tix
        self._log = log
        self._history = history
        self._moves = None
        self._moveset = None
        self._winner = None
        occ = frozenset(locs[1:])
        self._occ = occ
        # A round is over as soon as no detective still to move has a move (§4).
        if remaining and not any(self._detective_can_move(i) for i in remaining):
            remaining = ()
        self._remaining = remaining
        return self

    # --- the coursework's questions -------------------------------------------------------
    @property
    def setup(self) -> GameSetup:
        return self._game.setup

    @property
    def players(self) -> tuple[Piece, ...]:
        """Mr X, then the detectives in the order given."""
        return self._game.pieces

    @property
    def travel_log(self) -> tuple[LogEntry, ...]:
        """Mr X's log so far, one entry per ride (an :class:`Ordered` tuple)."""
        return Ordered(self._log)

    def tickets(self, piece: Piece) -> Tickets | None:
        """A count for every ticket kind, or ``None`` for a piece not in the game."""
        i = self._game.index.get(piece)
        return None if i is None else Tickets._of(self._tix[i])

    def detective_location(self, piece: Piece) -> int | None:
        """A detective's station; ``None`` for a colour not in the game and for Mr X (secret)."""
        i = self._game.index.get(piece)
        return None if not i else self._locs[i]

    @property
    def winner(self) -> frozenset[Piece]:
        """Empty while the game goes on (SCOTLAND-YARD.md §7)."""
        w = self._winner
        if w is None:
            w = self._winner = self._judge()
        return w

    def available_moves(self) -> frozenset[Move]:
        """Every move of the side to move (empty once there is a winner)."""
        s = self._moveset
        if s is None:
            s = self._moveset = frozenset(self.legal_moves())
        return s

    def advance(self, move: Move) -> "GameState":
        """The state after ``move``; raises :class:`IllegalMove` if it is not available."""
        if move is None:
            raise TypeError("the move is missing (None)")
        if move not in self.available_moves():
            if self.winner:
                raise IllegalMove(f"{move}: the game is over")
            side = "Mr X" if not self._remaining else ", ".join(p.name for p in self.remaining)
            raise IllegalMove(f"{move}: not an available move ({side} to move)")
        return self._apply(move)

    # --- extras ---------------------------------------------------------------------------
    def legal_moves(self) -> tuple[Move, ...]:
        """The available moves as a tuple in a fixed order (the same set as ``available_moves``)."""
        m = self._moves
        if m is None:
            m = self._moves = () if self.winner else self._generate()
        return m

    @property
    def board(self) -> Board:
        return self._game.board

    @property
    def is_over(self) -> bool:
        return bool(self.winner)

    @property
    def is_mrx_turn(self) -> bool:
        """Mr X is to move (also true of a finished game whose last turn was his)."""
        return not self._remaining

    @property
    def remaining(self) -> tuple[Piece, ...]:
        """The detectives still to move in this round (empty when Mr X is to move)."""
        pieces = self._game.pieces
        return tuple(pieces[i] for i in self._remaining)

    @property
    def mrx_location(self) -> int:
        """Mr X's station: omniscient (a detectives' view has no such thing)."""
        return self._locs[0]

    def location(self, piece: Piece) -> int | None:
        """Any piece's station, Mr X's included (omniscient); ``None`` for a piece not in the game."""
        i = self._game.index.get(piece)
        return None if i is None else self._locs[i]

    def player(self, piece: Piece) -> Player | None:
        i = self._game.index.get(piece)
        if i is None:
            return None
        return Player(piece, Tickets._of(self._tix[i]), self._locs[i])

    @property
    def mrx(self) -> Player:
        return self.player(Piece.MRX)

    @property
    def detectives(self) -> tuple[Player, ...]:
        return tuple(self.player(p) for p in self._game.pieces[1:])

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move made since the game began, in order (omniscient)."""
        out = []
        node = self._history
        while node is not None:
            node, move = node
            out.append(move)
        out.reverse()
        return tuple(out)

    def rounds_left(self) -> int:
        """Mr X's moves still to come (free log slots)."""
        return self._game.n_reveals - len(self._log)

    def _key(self):
        return (self._game.setup, self._game.pieces, self._locs, self._tix, self._remaining, self._log)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self._locs, self._tix, self._remaining, len(self._log)))

    def __repr__(self) -> str:
        side = "MRX" if not self._remaining else ",".join(p.name for p in self.remaining)
        places = " ".join(f"{p.name}@{loc}" for p, loc in zip(self._game.pieces, self._locs))
        return f"<GameState {places} log={len(self._log)}/{self._game.n_reveals} to move: {side}>"

    def __reduce__(self):
        return (_rebuild, (self._game.setup, self._game.pieces, self._locs, self._tix,
                           self._remaining, self._log, self.history))

    # --- rules ----------------------------------------------------------------------------
    def _detective_can_move(self, i: int) -> bool:
        counts = self._tix[i]
        occ = self._occ
        secret = counts[_SECRET] > 0
        for n, kinds in self._game.tables.rides.get(self._locs[i], ()):
            if n in occ:
                continue
            if secret:
                return True
            for t in kinds:
                if counts[t] > 0:
                    return True
        return False

    def _mrx_can_move(self) -> bool:
        return self._detective_can_move(0)  # same test: any free neighbour with a ticket for it

    def _judge(self) -> frozenset[Piece]:
        game = self._game
        if self._locs[0] in self._occ:
            return frozenset(game.pieces[1:])
        if not self._remaining:
            if len(self._log) >= game.n_reveals:
                return _MRX_WINS
            if not self._mrx_can_move():
                return frozenset(game.pieces[1:])
            if not any(self._detective_can_move(i) for i in game.detectives):
                return _MRX_WINS
        return _NOBODY

    def _generate(self) -> tuple[Move, ...]:
        tables = self._game.tables
        pieces = self._game.pieces
        occ = self._occ
        out: list[Move] = []
        append = out.append
        if self._remaining:
            for i in self._remaining:
                counts = self._tix[i]
                for n, row in tables.singles(pieces[i], self._locs[i]):
                    if n in occ:
                        continue
                    for t, move in row:
                        if counts[t] > 0:
                            append(move)
            return tuple(out)
        counts = self._tix[0]
        s = self._locs[0]
        for n, row in tables.singles(Piece.MRX, s):
            if n in occ:
                continue
            for t, move in row:
                if counts[t] > 0:
                    append(move)
        if counts[_DOUBLE] > 0 and len(self._log) + 2 <= self._game.n_reveals:
            for t1, d1, group in tables.doubles(s):
                if counts[t1] < 1 or d1 in occ:
                    continue
                for t2, d2, move in group:
                    if d2 in occ:
                        continue
                    if counts[t2] > (1 if t2 == t1 else 0):
                        append(move)
        return tuple(out)

    def _apply(self, move: Move) -> "GameState":
        game = self._game
        history = (self._history, move)
        i = game.index[move[0]]
        if i == 0:
            counts = list(self._tix[0])
            log = self._log
            reveals = game.reveals
            if len(move) == 4:
                t, d = move[2], move[3]
                counts[t._value_] -= 1
                log = log + (LogEntry(t, d if reveals[len(log)] else None),)
            else:
                t1, d1, t2, d = move[2], move[3], move[4], move[5]
                counts[t1._value_] -= 1
                counts[t2._value_] -= 1
                counts[_DOUBLE] -= 1
                n = len(log)
                log = log + (LogEntry(t1, d1 if reveals[n] else None),
                             LogEntry(t2, d if reveals[n + 1] else None))
            locs = (d,) + self._locs[1:]
            tix = (tuple(counts),) + self._tix[1:]
            return GameState._make(game, locs, tix, game.detectives, log, history)
        t = move[2]._value_
        mover = list(self._tix[i])
        mover[t] -= 1
        mrx = list(self._tix[0])
        mrx[t] += 1  # Mr X receives the ticket a detective spends (§6)
        tix = list(self._tix)
        tix[0] = tuple(mrx)
        tix[i] = tuple(mover)
        locs = list(self._locs)
        locs[i] = move[3]
        remaining = tuple(j for j in self._remaining if j != i)
        return GameState._make(game, tuple(locs), tuple(tix), remaining, self._log, history)


_MRX_WINS = frozenset({Piece.MRX})
_NOBODY: frozenset[Piece] = frozenset()


def _rebuild(setup, pieces, locs, tix, remaining, log, history):
    node = None
    for move in history:
        node = (node, move)
    state = GameState._make(_Game(setup, pieces), locs, tix, (), log, node)
    state._remaining = remaining
    return state


# --------------------------------------------------------------------------------------------
# creating a game
# --------------------------------------------------------------------------------------------
def _detective_sequence(given: tuple) -> tuple:
    """``new_game``'s detectives, given as one sequence or one by one, as a tuple."""
    if len(given) == 1 and not isinstance(given[0], Player):
        if given[0] is None:
            raise TypeError("the detectives are missing (None)")
        if isinstance(given[0], (str, bytes)) or not isinstance(given[0], abc.Iterable):
            raise TypeError(f"the detectives must be Player values or a sequence of them, "
                            f"got {type(given[0]).__name__}")
        return tuple(given[0])
    return given


def new_game(setup: GameSetup, mrx: Player, *detectives: Player | Iterable[Player]) -> GameState:
    """The first state of a game: Mr X to move, empty log. Raises ``TypeError`` for a missing
    setup or player and :class:`SetupError` for a setup that cannot make a game (§3).

    The detectives come as one sequence (``new_game(setup, mrx, [red, blue])``) or one by one,
    as the coursework's factory takes them (``new_game(setup, mrx, red, blue)``)."""
    if setup is None:
        raise TypeError("the setup is missing (None)")
    if mrx is None:
        raise TypeError("Mr X is missing (None)")
    detectives = _detective_sequence(detectives)
    for i, d in enumerate(detectives):
        if d is None:
            raise TypeError(f"detective {i} is missing (None)")
    if not isinstance(setup, GameSetup):
        raise TypeError(f"the setup must be a GameSetup, got {type(setup).__name__}")
    if setup.board is None:
        raise TypeError("the setup has no board (None)")
    if setup.reveals is None:
        raise TypeError("the setup has no reveal list (None)")
    for p in (mrx,) + detectives:
        if not isinstance(p, Player):
            raise TypeError(f"players must be Player values, got {type(p).__name__}")

    if not mrx.is_mrx:
        raise SetupError(f"the player given as Mr X has the {mrx.piece.name} piece, not MRX")
    for d in detectives:
        if d.is_mrx:
            raise SetupError("a detective has the MRX piece (there is exactly one Mr X)")
    seen: set[Piece] = set()
    for d in detectives:
        if d.piece in seen:
            raise SetupError(f"two detectives have the same colour: {d.piece.name}")
        seen.add(d.piece)
    stations: dict[int, Piece] = {}
    for d in detectives:
        if d.location in stations:
            raise SetupError(f"two detectives stand on the same station {d.location}: "
                             f"{stations[d.location].name} and {d.piece.name}")
        stations[d.location] = d.piece
    for d in detectives:
        for kind in (Ticket.SECRET, Ticket.DOUBLE):
            if d.tickets[kind] > 0:
                raise SetupError(f"detective {d.piece.name} holds a {kind.name} ticket "
                                 "(detectives have no SECRET or DOUBLE tickets)")
    if not setup.reveals:
        raise SetupError("the reveal list is empty (Mr X must have at least one move)")
    if not setup.board.stations:
        raise SetupError("the board has no stations")
    if not detectives:
        raise SetupError("there is no detective")
    for p in (mrx,) + detectives:
        if p.location not in setup.board:
            raise SetupError(f"{p.piece.name} stands on station {p.location}, which is not on the board")
    for p in (mrx,) + detectives:
        for kind, count in p.tickets.items():
            if count < 0:
                raise SetupError(f"{p.piece.name} has a negative number of {kind.name} tickets ({count})")
    if mrx.location in stations:
        raise SetupError(f"Mr X starts on station {mrx.location}, where detective "
                         f"{stations[mrx.location].name} stands")

    players = (mrx,) + detectives
    game = _Game(setup, tuple(p.piece for p in players))
    return GameState._make(game, tuple(p.location for p in players),
                           tuple(p.tickets._counts for p in players), (), (), None)


def standard_setup() -> GameSetup:
    return GameSetup(Board.standard(), STANDARD_REVEALS)


def standard_players(seed: int) -> tuple[Player, tuple[Player, ...]]:
    """Mr X and the five detectives of the standard game, start stations drawn by
    ``random.Random(seed)``: ``sample(DETECTIVE_STARTS, 5)`` (in the order RED, GREEN, BLUE, WHITE,
    YELLOW), then ``choice(MRX_STARTS)``."""
    rng = random.Random(seed)
    spots = rng.sample(DETECTIVE_STARTS, len(DETECTIVES))
    mrx_spot = rng.choice(MRX_STARTS)
    mrx = Player(Piece.MRX, DEFAULT_MRX_TICKETS, mrx_spot)
    return mrx, tuple(Player(p, DEFAULT_DETECTIVE_TICKETS, s) for p, s in zip(DETECTIVES, spots))


def standard_game(seed: int = 0) -> GameState:
    """The standard game (§9) with start stations drawn from ``seed`` (see :func:`standard_players`)."""
    mrx, detectives = standard_players(seed)
    return new_game(standard_setup(), mrx, detectives)


# --------------------------------------------------------------------------------------------
# the model and its observers
# --------------------------------------------------------------------------------------------
class ObserverSet(Set):
    """The registered observers, for observers that cannot be hashed (a plain ``@dataclass``, a
    class with ``__eq__`` but no ``__hash__``). A set as Python's sets are (``in``, ``len``, ``==``
    against any set, order not significant), but compared by ``==`` alone, as registering is;
    iterated in the order the observers registered."""

    __slots__ = ("_items",)
    __hash__ = None  # as a set's: its members may not be hashable

    def __init__(self, items: Iterable = ()):
        self._items = tuple(items)

    @classmethod
    def _from_iterable(cls, items):
        return cls(items)

    def __contains__(self, item) -> bool:
        return item in self._items  # identity, then ==: as list.remove finds it

    def __iter__(self):
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Set):
            return NotImplemented
        return len(self) == len(other) and all(item in self for item in other)

    def __repr__(self) -> str:
        return f"ObserverSet({list(self._items)!r})"


class Observer:
    """What a model tells after each move; subclass it and override ``on_model_changed``. Any
    object can be registered: one with no ``on_model_changed`` is told nothing, as an observer
    that keeps this class's does (the coursework's interface method does nothing by default)."""

    def on_model_changed(self, state: GameState, event: Event) -> None:
        """Called once per move with the new state and its event."""


class Model:
    """The current state of a game and its observers (SCOTLAND-YARD.md §8).

    An observer is any object, usually an :class:`Observer`; after each ``choose_move`` every
    registered observer is told once, in the order they registered, by a call of its
    ``on_model_changed(state, event)`` with the new state and ``Event.GAME_OVER`` (if it has a
    winner) or ``Event.MOVE_MADE``. An observer without that method is told nothing.
    """

    def __init__(self, state: GameState):
        if state is None:
            raise TypeError("the model needs a game state (None given)")
        if not isinstance(state, GameState):
            raise TypeError(f"the model needs a GameState, got {type(state).__name__}")
        self._state = state
        self._observers: list = []

    @classmethod
    def create(cls, setup: GameSetup, mrx: Player, *detectives: Player | Iterable[Player]) -> "Model":
        """A model of a new game; the detectives as :func:`new_game` takes them."""
        return cls(new_game(setup, mrx, *detectives))

    @property
    def state(self) -> GameState:
        return self._state

    @property
    def observers(self) -> Set:
        """The observers registered now, as a set: a ``frozenset`` when every one can be hashed,
        else an :class:`ObserverSet` (the same answers, compared by ``==``)."""
        try:
            return frozenset(self._observers)
        except TypeError:  # an observer that cannot be hashed may still be registered
            return ObserverSet(self._observers)

    def register(self, observer) -> None:
        if observer is None:
            raise TypeError("cannot register None as an observer")
        if observer in self._observers:
            raise ValueError(f"observer {observer!r} is already registered")
        self._observers.append(observer)

    def unregister(self, observer) -> None:
        if observer is None:
            raise TypeError("cannot unregister None")
        if observer not in self._observers:
            raise ValueError(f"observer {observer!r} is not registered")
        self._observers.remove(observer)

    def choose_move(self, move: Move) -> GameState:
        if move is None:
            raise TypeError("the move is missing (None)")
        state = self._state.advance(move)
        self._state = state
        event = Event.GAME_OVER if state.winner else Event.MOVE_MADE
        for observer in list(self._observers):
            told = getattr(observer, "on_model_changed", None)
            if told is not None:
                told(state, event)
        return state
