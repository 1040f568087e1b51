"""What each side sees of a game (SCOTLAND-YARD.md §11), so that AIs cannot cheat by construction.

How an AI uses a view
---------------------
* ``view = DetectivesView.of(state)`` (or ``detectives_view(state)``) holds public information
  only: the setup (board, reveal list), every detective's station and tickets, Mr X's ticket
  counts, the travel log, whose turn it is, the public history (detectives' moves and Mr X's log
  entries, in play order) and the winner. It holds **no** reference to the state, and no field
  from which Mr X's station or hidden path can be recovered.
* ``view.available_moves()`` is exactly ``state.available_moves()`` whenever the detectives are to
  move (Mr X's station never blocks a detective, so their moves do not depend on it), and empty
  when it is Mr X's turn or the game is over. ``view.legal_moves()`` gives them as a tuple in a
  fixed order, for seeded choices.
* To search forward, guess where Mr X is: ``view.determinise(station) -> GameState`` is the full
  state with Mr X on ``station`` and everything else as the view shows it (past hidden stations are
  not needed: the rules never look back). Then ``state.advance(move)`` as usual.
  ``view.determinise`` raises ``ValueError`` for a station that is not on the board or that a
  detective holds (he would have been caught).
* ``MrXView.of(state)`` is Mr X's view: he knows everything, so it exposes his station and the
  state itself (``view.state``) for search; ``view.available_moves()`` is the state's moves when he
  is to move, else empty.
* ``view.after(move)``: the same side's view of the state after a move of the game (for a Mr X
  view any move; a detectives' view can only follow detective moves, since Mr X's moves are hidden —
  build a new view from the real state instead).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Union

from game.scotlandyard.model import GameSetup, GameState, Player, Tickets, _Game
from game.scotlandyard.moves import LogEntry, Move, SingleMove
from game.scotlandyard.pieces import Piece

__all__ = ["DetectivesView", "MrXView", "PublicEvent", "detectives_view", "mrx_view", "public_history"]

# One item of the public history: a detective's move, or the log entries of one Mr X turn (two
# entries for a double move).
PublicEvent = Union[SingleMove, tuple[LogEntry, ...]]


def public_history(state: GameState) -> tuple[PublicEvent, ...]:
    """The game so far as the detectives saw it: their own moves, and for each Mr X turn the log
    entries it wrote."""
    out: list[PublicEvent] = []
    slot = 0
    log = state.travel_log
    for move in state.history:
        if move.piece is Piece.MRX:
            n = 2 if move.is_double else 1
            out.append(tuple(log[slot:slot + n]))
            slot += n
        else:
            out.append(move)
    return tuple(out)


@dataclass(frozen=True, eq=True)
class DetectivesView:
    """Public information only (SCOTLAND-YARD.md §11). Build with :meth:`of`."""

    setup: GameSetup
    players: tuple[Piece, ...]                 # Mr X first, then the detectives in game order
    detectives: tuple[Player, ...]             # stations and tickets of every detective
    mrx_tickets: Tickets                       # public: follows from his stock, log and gifts
    travel_log: tuple[LogEntry, ...]
    remaining: tuple[Piece, ...]               # detectives still to move; empty on Mr X's turn
    winner: frozenset[Piece]
    history: tuple[PublicEvent, ...]

    @classmethod
    def of(cls, state: GameState) -> "DetectivesView":
        return cls(
            setup=state.setup,
            players=state.players,
            detectives=state.detectives,
            mrx_tickets=state.tickets(Piece.MRX),
            travel_log=state.travel_log,
            remaining=state.remaining,
            winner=state.winner,
            history=public_history(state),
        )

    # --- questions like the state's --------------------------------------------------------
    @property
    def board(self):
        return self.setup.board

    @property
    def reveals(self) -> tuple[bool, ...]:
        return self.setup.reveals

    @property
    def is_mrx_turn(self) -> bool:
        return not self.remaining

    @property
    def is_over(self) -> bool:
        return bool(self.winner)

    def tickets(self, piece: Piece) -> Tickets | None:
        if piece is Piece.MRX:
            return self.mrx_tickets
        for d in self.detectives:
            if d.piece is piece:
                return d.tickets
        return None

    def detective_location(self, piece: Piece) -> int | None:
        for d in self.detectives:
            if d.piece is piece:
                return d.location
        return None

    def last_revealed(self) -> tuple[int, int] | None:
        """``(slot, station)`` of the latest revealed log entry, or ``None`` before the first reveal."""
        for i in range(len(self.travel_log) - 1, -1, -1):
            if self.travel_log[i].location is not None:
                return i, self.travel_log[i].location
        return None

    def rounds_left(self) -> int:
        return len(self.setup.reveals) - len(self.travel_log)

    # --- moves and search ----------------------------------------------------------------
    def legal_moves(self) -> tuple[Move, ...]:
        """The detectives' available moves in a fixed order (empty on Mr X's turn or when over)."""
        if self.winner or not self.remaining:
            return ()
        return self._shadow().legal_moves()

    def available_moves(self) -> frozenset[Move]:
        return frozenset(self.legal_moves())

    def determinise(self, mrx_station: int) -> GameState:
        """The full state this view would be if Mr X stood on ``mrx_station`` (for search)."""
        if mrx_station not in self.setup.board:
            raise ValueError(f"station {mrx_station} is not on the board")
        if any(d.location == mrx_station for d in self.detectives):
            raise ValueError(f"a detective stands on {mrx_station}: Mr X cannot be there")
        return self._state_with(mrx_station)

    def after(self, move: SingleMove) -> "DetectivesView":
        """The view after a detective's move (Mr X's moves are hidden: build a new view instead).

        Its ``winner`` is what follows from public information: the outcome that is the same on
        every station Mr X may stand on (the log full at the round's end, every detective stuck,
        Mr X stuck wherever he is). A capture is not known without his station: the view of the
        real state after the move (:meth:`of`) has it."""
        if move.piece is Piece.MRX:
            raise ValueError("a detectives' view cannot follow Mr X's hidden move; "
                             "make a new view from the game's state")
        if move not in self.available_moves():
            raise ValueError(f"{move}: not an available move for the detectives")
        after = self._shadow()._apply(move)
        view = DetectivesView(
            setup=self.setup, players=self.players, detectives=after.detectives,
            mrx_tickets=after.tickets(Piece.MRX), travel_log=self.travel_log,
            remaining=after.remaining, winner=frozenset(), history=self.history + (move,))
        winner = view._known_winner()
        return dataclasses.replace(view, winner=winner) if winner else view

    def _known_winner(self) -> frozenset[Piece]:
        """The winner with Mr X on any station no detective holds, if it is the same on all."""
        if self.remaining:
            return frozenset()  # mid-round only a capture ends the game (model.GameState._judge)
        held = {d.location for d in self.detectives}
        known = None
        for station in self.setup.board.stations:
            if station in held:
                continue
            winner = self._state_with(station).winner
            if known is None:
                known = winner
            elif winner != known:
                return frozenset()
        return known or frozenset()

    def _shadow(self) -> GameState:
        # The detectives' moves never depend on Mr X's station; put him on a station no detective
        # holds (any will do) to reuse the engine's move generation.
        held = {d.location for d in self.detectives}
        free = next((s for s in self.setup.board.stations if s not in held), None)
        if free is None:
            raise ValueError("every station holds a detective")
        return self._state_with(free)

    def _state_with(self, mrx_station: int) -> GameState:
        game = _Game(self.setup, self.players)
        locs = (mrx_station,) + tuple(d.location for d in self.detectives)
        tix = (self.mrx_tickets._counts,) + tuple(d.tickets._counts for d in self.detectives)
        index = {p: i for i, p in enumerate(self.players)}
        remaining = tuple(index[p] for p in self.remaining)
        state = GameState._make(game, locs, tix, (), self.travel_log, None)
        state._remaining = remaining
        return state


@dataclass(frozen=True, eq=True)
class MrXView:
    """Mr X's view: he knows everything (``state`` is the full state)."""

    state: GameState

    @classmethod
    def of(cls, state: GameState) -> "MrXView":
        return cls(state)

    @property
    def setup(self) -> GameSetup:
        return self.state.setup

    @property
    def board(self):
        return self.state.setup.board

    @property
    def location(self) -> int:
        return self.state.mrx_location

    @property
    def tickets_left(self) -> Tickets:
        return self.state.tickets(Piece.MRX)

    @property
    def detectives(self) -> tuple[Player, ...]:
        return self.state.detectives

    @property
    def travel_log(self) -> tuple[LogEntry, ...]:
        return self.state.travel_log

    @property
    def winner(self) -> frozenset[Piece]:
        return self.state.winner

    @property
    def is_mrx_turn(self) -> bool:
        return self.state.is_mrx_turn

    def tickets(self, piece: Piece) -> Tickets | None:
        return self.state.tickets(piece)

    def detective_location(self, piece: Piece) -> int | None:
        return self.state.detective_location(piece)

    def legal_moves(self) -> tuple[Move, ...]:
        return self.state.legal_moves() if self.state.is_mrx_turn else ()

    def available_moves(self) -> frozenset[Move]:
        return frozenset(self.legal_moves())

    def after(self, move: Move) -> "MrXView":
        return MrXView(self.state.advance(move))

    def public(self) -> DetectivesView:
        """What the detectives see of the same moment."""
        return DetectivesView.of(self.state)


def detectives_view(state: GameState) -> DetectivesView:
    return DetectivesView.of(state)


def mrx_view(state: GameState) -> MrXView:
    return MrXView.of(state)
