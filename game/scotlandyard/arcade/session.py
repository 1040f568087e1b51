"""One Scotland Yard game as the arcade plays it, and what each side may see of it. No pygame.

A :class:`SySession` holds the history (every state, the move into it, who made it and why), the
two seats (an AI by name, or ``human``) and the sides a person took over with ``O``. The scenes
start an AI's decision on the thinking worker with :meth:`SySession.decision_job`, hand the
answer to :meth:`SySession.apply_decision`, and give a person's move to
:meth:`SySession.human_move`, which refuses an unavailable move with the reason and changes
nothing.

:func:`seen` is the only way the screen learns a position: in the detectives' view it keeps
Mr X's station only at his last reveal (and when the game is over), his travel log as the
detectives read it, his AI's reasons hidden (they may name his station) and the possible
locations worked out from public information only (:func:`public_possible`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.arcade.turns import HUMAN, TurnSession
from game.arcade.turns import Seat as _Seat

from game.scotlandyard import DetectivesView, MrXView, Piece, Ticket, standard_game
from game.scotlandyard.ai.base import describe_move
from game.scotlandyard.model import GameState
from game.scotlandyard.moves import DoubleMove, Move, MoveSyntaxError, SingleMove, parse_move

SIDES = ("mrx", "detectives")
SIDE_NAMES = {"mrx": "Mr X", "detectives": "the detectives"}
VIEWS = ("spectator", "detectives", "mrx")
VIEW_NAMES = {"spectator": "spectator view (everything)", "detectives": "detectives' view",
              "mrx": "Mr X's view"}
HIDDEN_REASON = "(Mr X's reasons are hidden from the detectives)"


class SetupError(ValueError):
    """A player the options name that cannot be used (the message says which and why)."""


def side_of(state: GameState) -> str:
    return "mrx" if state.is_mrx_turn else "detectives"


def destination(move: Move) -> int:
    return move.destination2 if isinstance(move, DoubleMove) else move.destination


def legs(move: Move) -> list[tuple[int, Ticket, int]]:
    """``(from, ticket, to)`` of each ride of a move (two for a double move)."""
    if isinstance(move, DoubleMove):
        return [(move.source, move.ticket1, move.destination1), (move.destination1, move.ticket2, move.destination2)]
    return [(move.source, move.ticket, move.destination)]


def public_possible(state: GameState, previous=None):
    """A tracker of where Mr X may be, fed with the detectives' view only (public information).

    ``previous`` (the tracker of an earlier position of the same game) is copied and brought up
    to date, so a whole game costs one pass. None when the AI package (which owns the tracker)
    is not installed.
    """
    try:
        from game.scotlandyard.ai.context import public_tracker
    except ImportError:
        return None
    view = DetectivesView.of(state)
    base = previous.copy() if previous is not None else None
    try:
        return public_tracker(view, base)
    except Exception:  # noqa: BLE001 - a heat map is a help, never a reason to stop the game
        return None


@dataclass(frozen=True)
class Entry:
    """One history entry: the state after ``move`` (None for the start) by ``side``.

    ``reason`` is the player's one-line reason; ``by`` names the player (an AI's name or
    ``human``); ``seconds`` is how long the decision took. ``tracker`` is the public possible
    locations after this entry (None without the AI package); ``note`` says what went wrong when
    an AI failed and the first available move was played for it.
    """

    state: GameState
    move: Move | None = None
    side: str = ""
    reason: str = ""
    by: str = ""
    seconds: float = 0.0
    tracker: Any = field(default=None, compare=False, repr=False)
    note: str = ""

    @property
    def possible(self) -> dict[int, float]:
        return self.tracker.probabilities() if self.tracker is not None else {}


@dataclass(frozen=True)
class LogSlot:
    """One of the 24 travel-log slots as a view shows it."""

    ticket: Ticket | None  # None: not used yet
    station: int | None  # shown station (a reveal, or any slot outside the detectives' view)
    reveal: bool  # this slot is a reveal round
    revealed: bool  # the station is public (a reveal slot already played)


@dataclass(frozen=True)
class Seen:
    """What one view shows of a position. Built only by :func:`seen`."""

    mode: str
    detectives: tuple[tuple[Piece, int], ...]
    mrx: int | None  # Mr X's true station: None in the detectives' view between reveals
    last_seen: int | None  # his station at the last reveal (public)
    last_seen_slot: int | None
    log: tuple[LogSlot, ...]
    possible: dict[int, float]
    over: bool


def seen(entry: Entry, mode: str) -> Seen:
    """What ``mode`` (spectator, detectives, mrx) shows of ``entry``'s position."""
    state = entry.state
    over = bool(state.winner)
    public = DetectivesView.of(state)
    last = public.last_revealed()
    hide = mode == "detectives" and not over
    reveals = state.setup.reveals
    log = state.travel_log
    path = mrx_path(state) if not hide else []
    slots = []
    for i, reveal in enumerate(reveals):
        if i < len(log):
            e = log[i]
            station = e.location if e.location is not None else (path[i] if i < len(path) else None)
            slots.append(LogSlot(e.ticket, station, reveal, e.location is not None))
        else:
            slots.append(LogSlot(None, None, reveal, False))
    return Seen(mode, tuple((d.piece, d.location) for d in state.detectives),
                None if hide else state.mrx_location, last[1] if last else None, last[0] if last else None,
                tuple(slots), entry.possible, over)


def mrx_path(state: GameState) -> list[int]:
    """Mr X's station after each ride, from the state's full history (hidden information)."""
    out = []
    for move in state.history:
        if move.piece is Piece.MRX:
            out.extend(to for _, _, to in legs(move))
    return out


def shown_reason(entry: Entry, mode: str) -> str:
    """Why the move was made, as the view may tell it: hidden from the detectives while the game
    lasts (Mr X's reasons may name his station), and without the move itself where the reason
    begins with it (``GREEN: TAXI to 131: 26 places ...``, as the AIs say it): the line above the
    reason already shows the move, and the room is the why's."""
    if entry.side == "mrx" and mode == "detectives" and not entry.state.winner:
        return HIDDEN_REASON
    reason = entry.reason or ""
    if entry.move is not None:
        head = describe_move(entry.move) + ": "
        if reason.startswith(head) and len(reason) > len(head):
            return reason[len(head):]
    return reason


def shown_move(entry: Entry, mode: str) -> str:
    """The move as the view may tell it (Mr X's tickets only, in the detectives' view)."""
    move = entry.move
    if move is None:
        return ""
    if entry.side == "mrx" and mode == "detectives" and not entry.state.winner:
        log = entry.state.travel_log
        n = 2 if isinstance(move, DoubleMove) else 1
        parts = [f"{e.ticket.name} to {e.location if e.location is not None else '?'}" for e in log[-n:]]
        return "Mr X: " + ("DOUBLE " if n == 2 else "") + " then ".join(parts)
    if isinstance(move, DoubleMove):
        return (f"Mr X: DOUBLE {move.ticket1.name} to {move.destination1} then "
                f"{move.ticket2.name} to {move.destination2}")
    who = "Mr X" if move.piece is Piece.MRX else move.piece.name.title()
    return f"{who}: {move.ticket.name} {move.source} to {move.destination}"


def winner_text(state: GameState) -> str:
    if not state.winner:
        return ""
    if Piece.MRX in state.winner:
        why = "his travel log is full" if len(state.travel_log) == len(state.setup.reveals) else \
            "no detective can move"
        return f"Mr X escapes: {why}"
    caught = state.mrx_location in {d.location for d in state.detectives}
    if caught:
        who = next(d.piece.name.title() for d in state.detectives if d.location == state.mrx_location)
        return f"The detectives win: {who} catches Mr X at {state.mrx_location}"
    return f"The detectives win: Mr X cannot move from {state.mrx_location}"


# ------------------------------------------------------------------------------------------------
# seats and the session
# ------------------------------------------------------------------------------------------------


@dataclass
class Seat(_Seat):
    """One side's player: ``proc`` is a PlayerProcess when AIs think in their own process."""

    player: object | None = None
    started: bool = False


def ai_names(side: str) -> list[str]:
    try:
        from game.scotlandyard.ai import DETECTIVE_PLAYERS, MRX_PLAYERS
    except ImportError:
        return []
    return list(MRX_PLAYERS if side == "mrx" else DETECTIVE_PLAYERS)


def check_spec(side: str, spec: str) -> None:
    """SetupError unless ``spec`` names a player for ``side`` (built to check, then dropped)."""
    if spec == HUMAN:
        return
    try:
        from game.scotlandyard.ai import AiNotFound, make_detectives, make_mrx
    except ImportError as exc:
        raise SetupError(f"no Scotland Yard AIs are installed ({exc})") from None
    try:
        (make_mrx if side == "mrx" else make_detectives)(spec, seed=0, move_time=0.1)
    except AiNotFound as exc:
        raise SetupError(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - a user's class that fails to build
        raise SetupError(f"{SIDE_NAMES[side]}: {spec!r} cannot be built: {type(exc).__name__}: {exc}") from None


class SySession(TurnSession):
    """A game between two seats (``mrx``, ``detectives``), advanced one decision at a time."""

    sides = SIDES

    def __init__(self, players: dict[str, str], *, seed: int = 0, move_time: float = 1.0,
                 process_bots: bool = False, start: GameState | None = None, player_factory=None) -> None:
        self._factory = player_factory
        self._start = start
        super().__init__(players, seed=seed, move_time=float(move_time),
                         process_bots=process_bots and player_factory is None)

    # -- players --------------------------------------------------------------------------------

    def _make_seat(self, side: str) -> Seat:
        spec = self.specs[side]
        seat = Seat(spec)
        if seat.human:
            return seat
        seed = self.seed + (0 if side == "mrx" else 1)
        if self.process_bots:
            check_spec(side, spec)
            from .botproc import PlayerProcess

            seat.proc = PlayerProcess(side, spec, seed, self.move_time)
            return seat
        if self._factory is not None:
            seat.player = self._factory(side, spec, seed, self.move_time)
            return seat
        try:
            from game.scotlandyard.ai import make_detectives, make_mrx

            seat.player = (make_mrx if side == "mrx" else make_detectives)(spec, seed=seed, move_time=self.move_time)
        except ImportError as exc:
            raise SetupError(f"no Scotland Yard AIs are installed ({exc})") from None
        except Exception as exc:  # noqa: BLE001 - AiNotFound and a user class that fails to build
            raise SetupError(f"{SIDE_NAMES[side]}: {exc}") from None
        return seat

    def first_entry(self) -> Entry:
        start = self._start if self._start is not None else standard_game(self.seed)
        return Entry(start, tracker=public_possible(start))

    # -- reading --------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return bool(self.state.winner)

    @property
    def mover(self) -> str:
        return side_of(self.state)

    @property
    def round(self) -> int:
        """Mr X's turn number (1 for his first move), as the travel log counts."""
        return len(self.state.travel_log) + (1 if self.state.is_mrx_turn else 0)

    # -- advancing ------------------------------------------------------------------------------

    def decision_job(self):
        """A callable for the worker returning ``(move, reason)`` for the side to move, and a
        kill hook (or None). Only for a side an AI plays. The AI gets its own side's view."""
        side = self.mover
        seat = self.seats[side]
        state = self.state
        view = MrXView.of(state) if side == "mrx" else DetectivesView.of(state)
        if seat.proc is not None:
            proc = seat.proc
            return (lambda: proc.decide(view)), None
        player = seat.player

        def decide():
            if not seat.started:
                seat.started = True
                start = getattr(player, "start", None)
                if start is not None:
                    start(view)
            decision = player.choose(view)
            return getattr(decision, "move", decision), str(getattr(decision, "reason", "") or "")

        return decide, None

    def apply_decision(self, side: str, result, error: BaseException | None, seconds: float) -> Entry | None:
        """The worker's answer for ``side``. An AI that fails or answers an unavailable move
        loses nothing of the game: the first available move (fixed order) is played for it and
        the entry's ``note`` says why. None if it is no longer ``side``'s turn."""
        if self.over or side != self.mover:
            return None
        by = self.seats[side].spec
        legal = self.state.legal_moves()
        note = ""
        move, reason = (None, "") if result is None else result
        if isinstance(move, str):
            try:
                move = parse_move(move)
            except MoveSyntaxError:
                pass
        if error is not None:
            note = f"{by} failed ({type(error).__name__}: {error})"[:160]
        elif move not in self.state.available_moves():
            note = f"{by} answered {move}, which is not available"[:160]
        if note:
            move, reason = legal[0], f"{note}; played the first available move instead"
        return self._push(move, side, str(reason or ""), by, seconds, note)

    def human_move(self, move: Move) -> Entry | str:
        """A person's move for the side to move; the reason (and no change) if it is refused."""
        if self.over:
            return "the game is over"
        why = why_refused(self.state, move)
        if why:
            return why
        return self._push(move, self.mover, "", HUMAN, 0.0, "")

    def apply_recorded(self, move: Move, reason: str = "", by: str = "", seconds: float = 0.0) -> Entry:
        return self._push(move, self.mover, reason, by, seconds, "")

    def _push(self, move, side, reason, by, seconds, note) -> Entry:
        state = self.state.advance(move)
        entry = Entry(state, move, side, reason, by, seconds, public_possible(state, self.history[-1].tracker), note)
        self.history.append(entry)
        self.version += 1
        return entry

    def play_to_round(self, round_no: int) -> None:
        """AIs play on until it is Mr X's turn with at least ``round_no - 1`` moves in his log (a
        double move may pass ``round_no``), or the game ends."""
        self.play_until(lambda: self.state.is_mrx_turn and len(self.state.travel_log) >= round_no - 1)

    @classmethod
    def from_entries(cls, players: dict[str, str], entries: list[Entry], **kwargs) -> "SySession":
        session = cls(players, start=entries[0].state, **kwargs)
        session.history = list(entries)
        session.branch_length = len(entries)
        session.version += 1
        return session


# ------------------------------------------------------------------------------------------------
# what a person may do, in words
# ------------------------------------------------------------------------------------------------


def moves_to(state: GameState, piece: Piece, station: int) -> list[SingleMove]:
    """The single moves of ``piece`` that end on ``station``."""
    return [m for m in state.legal_moves()
            if isinstance(m, SingleMove) and m.piece is piece and m.destination == station]


def doubles_via(state: GameState, ticket1: Ticket, first: int, station: int) -> list[DoubleMove]:
    return [m for m in state.legal_moves() if isinstance(m, DoubleMove) and m.ticket1 is ticket1
            and m.destination1 == first and m.destination2 == station]


def first_legs(state: GameState) -> set[tuple[Ticket, int]]:
    return {(m.ticket1, m.destination1) for m in state.legal_moves() if isinstance(m, DoubleMove)}


def reachable(state: GameState, piece: Piece) -> set[int]:
    return {m.destination for m in state.legal_moves() if isinstance(m, SingleMove) and m.piece is piece}


def why_refused(state: GameState, move: Move) -> str:
    """Why ``move`` is not available, in words ("" if it is)."""
    if move in state.available_moves():
        return ""
    if state.winner:
        return "the game is over"
    piece = move.piece
    if piece is Piece.MRX and not state.is_mrx_turn:
        return "it is the detectives' turn"
    if piece is not Piece.MRX and state.is_mrx_turn:
        return "it is Mr X's turn"
    if piece is not Piece.MRX and piece not in state.remaining:
        return f"{piece.name.title()} has already moved this round"
    board = state.board
    tickets = state.tickets(piece)
    for src, ticket, dst in legs(move):
        if dst not in board.neighbours(src):
            return f"{dst} is not one ride from {src}"
        rides = board.transports(src, dst)
        if ticket is not Ticket.SECRET and not any(t.ticket is ticket for t in rides):
            names = "/".join(sorted(t.name.lower() for t in rides))
            return f"no {ticket.name.lower()} line joins {src} and {dst} (only {names})"
        if tickets[ticket] < 1:
            return f"no {ticket.name} ticket left"
    if isinstance(move, DoubleMove):
        if tickets[Ticket.DOUBLE] < 1:
            return "no DOUBLE ticket left"
        if len(state.travel_log) + 2 > len(state.setup.reveals):
            return "a double move needs two slots left in the travel log"
    occupied = {d.location for d in state.detectives}
    if piece is not Piece.MRX and destination(move) in occupied:
        return f"another detective stands on {destination(move)}"
    if piece is Piece.MRX and any(dst in occupied for _, _, dst in legs(move)):
        return "a detective stands there"
    return "not an available move"


def why_station_refused(state: GameState, piece: Piece, station: int) -> str:
    """Why ``piece`` cannot go to ``station`` this turn (for a click on an unavailable station)."""
    here = state.mrx_location if piece is Piece.MRX else state.detective_location(piece)
    if station == here:
        return f"{piece_name(piece)} is already on {station}"
    board = state.board
    if station not in board.neighbours(here):
        return f"{station} is not one ride from {here}"
    rides = board.transports(here, station)
    tickets = state.tickets(piece)
    if piece is not Piece.MRX and station in {d.location for d in state.detectives}:
        return f"another detective stands on {station}"
    if piece is Piece.MRX and station in {d.location for d in state.detectives}:
        return f"a detective stands on {station}"
    names = ", ".join(sorted(t.name for t in rides))
    return f"no ticket left for {names} from {here} to {station}" + (
        " (you hold " + ", ".join(f"{t.name} {tickets[t]}" for t in (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
                                   + ((Ticket.SECRET,) if piece is Piece.MRX else ())) + ")")


def piece_name(piece: Piece) -> str:
    return "Mr X" if piece is Piece.MRX else piece.name.title()
