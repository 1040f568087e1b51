"""One duel as the arcade plays it: the rules' states, who plays each side, and the history.

No drawing here (and no pygame): the scenes ask a :class:`DuelSession` what the player to move
is, start its decision on the thinking worker (:meth:`decision_job`), then hand the answer to
:meth:`apply_decision`; a human's key goes to :meth:`human_move`, which refuses an invalid move
with the reason and changes nothing (the course's error rule is for programs, not people).

The history keeps every state with the events that led to it, so the view animates the last
entry, the timeline draws the whole game and a replay seeks by index.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.arcade.turns import HUMAN, TurnSession
from game.arcade.turns import Seat as _Seat

from game.duel.board import DuelBoard
from game.duel.config import DuelConfig
from game.duel.protocol import MOVES, Decision
from game.duel.rules import (
    INVALID_OUTPUT,
    TIME_OUT,
    DuelState,
    fault,
    initial_state,
    legal_moves,
    observe,
    step,
    why_invalid,
)

SIDES = ("A", "B")


class SetupError(ValueError):
    """A player or map the options name that cannot be used (the message says which and why)."""


@dataclass(frozen=True)
class Entry:
    """One history entry: the state after ``move`` by ``player`` and the events it caused.

    The first entry of a game has ``player == ""`` (the start). ``fault`` is the error kind when
    the player erred (then ``move`` is what it said, if anything); ``seconds`` is how long the
    decision took (0 for a human).
    """

    state: DuelState
    events: tuple
    player: str = ""
    move: str = ""
    reason: str = ""
    by: str = ""
    seconds: float = 0.0
    fault: str = ""


@dataclass
class Seat(_Seat):
    """Who plays one side: ``spec`` is a bot name, ``module:Class``, ``cmd:PROGRAM`` or ``human``;
    ``proc`` is a BotProcess when bots think in their own process."""

    bot: object | None = None

    @property
    def program(self) -> bool:
        return self.spec.startswith("cmd:")

    @property
    def label(self) -> str:
        if self.human:
            return "you"
        return self.spec[4:] if self.program else self.spec


def read_board(path: str | Path) -> DuelBoard:
    """A duel map file (DUEL.md §1) as a board; SetupError naming the file, line and problem."""
    try:
        from game.duel.mapfile import read_map  # the engine's reader, once it ships
    except ImportError:
        read_map = None
    if read_map is not None:
        try:
            board = read_map(path)
        except (OSError, ValueError) as exc:
            raise SetupError(str(exc)) from None
        return getattr(board, "board", board)
    return parse_board_text(_read_text(path), str(path))


def _read_text(path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise SetupError(f"{path}: cannot read the map ({exc})") from None


def parse_board_text(text: str, source: str = "<map>") -> DuelBoard:
    """``M N`` then ``M`` rows of ``N`` cells joined by spaces (used until the engine's reader ships)."""
    lines = text.replace("\r\n", "\n").split("\n")
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise SetupError(f"{source}: line 1: expected 'M N', the file is empty")
    head = lines[0].split()
    if len(head) != 2 or not all(h.isdigit() for h in head):
        raise SetupError(f"{source}: line 1: expected 'M N', got {lines[0]!r}")
    m, n = int(head[0]), int(head[1])
    if len(lines) - 1 != m:
        raise SetupError(f"{source}: the header says {m} rows, the file has {len(lines) - 1}")
    grid = []
    for i, line in enumerate(lines[1:], start=2):
        cells = line.split()
        if len(cells) != n:
            raise SetupError(f"{source}: line {i}: expected {n} cells, got {len(cells)}")
        grid.append("".join(cells))
    try:
        return DuelBoard(grid)
    except ValueError as exc:
        raise SetupError(f"{source}: {exc}") from None


def board_text(board: DuelBoard) -> str:
    return f"{board.rows} {board.cols}\n" + "\n".join(" ".join(row) for row in board.grid) + "\n"


class DuelSession(TurnSession):
    """A game between two seats, advanced one decision at a time on request."""

    sides = SIDES
    entry_side = "player"

    def __init__(self, board: DuelBoard, players: dict[str, str], *, seed: int = 0,
                 config: DuelConfig | None = None, move_time: float = 0.3, map_name: str = "map",
                 bot_factory=None, process_bots: bool = False) -> None:
        self.board = board
        self.config = config or DuelConfig()
        self.map_name = map_name
        self._bot_factory = bot_factory
        super().__init__(players, seed=seed, move_time=move_time, process_bots=process_bots and bot_factory is None)

    # -- players --------------------------------------------------------------------------------

    def _make_seat(self, side: str) -> Seat:
        spec = self.specs[side]
        seat = Seat(spec)
        if seat.human or seat.program:
            return seat
        seed = self.seed + (0 if side == "A" else 1)
        if self.process_bots:
            from game.duel.bots import BotNotFound, bot_class

            from .botproc import BotProcess

            try:
                bot_class(spec)  # a wrong name fails here, at once, not in the child
            except BotNotFound as exc:
                raise SetupError(f"player {side}: {exc}") from None
            seat.proc = BotProcess(spec, seed, self.move_time)
            return seat
        factory = self._bot_factory
        if factory is None:
            from game.duel.bots import make_bot as factory
        try:
            seat.bot = factory(spec, seed, self.move_time)
        except Exception as exc:  # noqa: BLE001 - BotNotFound and a user class that fails to build
            raise SetupError(f"player {side}: {exc}") from None
        return seat

    def close(self) -> None:
        """Kill the bots' processes and remove the programs' folders (leaving the game)."""
        super().close()
        import shutil

        for folder in self.__dict__.pop("_workdirs", {}).values():
            shutil.rmtree(folder, ignore_errors=True)

    def first_entry(self) -> Entry:
        return Entry(initial_state(self.board, self.config), ())

    # -- reading --------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def mover(self) -> str:
        return self.state.mover

    # -- advancing ------------------------------------------------------------------------------

    def decision_job(self):
        """A callable for the worker that returns the mover's ``(move, reason)``, and a kill hook
        (or None). Only for a side a bot or a program plays."""
        side = self.mover
        seat = self.seats[side]
        obs = observe(self.state)
        if seat.program:
            return self._program_job(seat, obs)
        if seat.proc is not None:
            proc = seat.proc
            return (lambda: proc.decide(obs)), None  # leaving kills it (close), an override lets it finish
        bot = seat.bot

        def decide():
            returned = bot.act(obs)
            if isinstance(returned, Decision):
                return returned.move, returned.reason
            return returned, ""

        return decide, None

    def _program_job(self, seat: Seat, obs):
        """A ``cmd:`` program, run by the judge, which kills its process group at the limit."""
        from . import programs

        runner = programs.ProgramRun(seat.spec[4:], obs.to_text(), self.config.time_limit, self.workdir(obs.me))
        return runner.run, runner.kill

    def workdir(self, side: str) -> str:
        """The program's own working folder for this game (kept between its moves)."""
        import tempfile

        folders = self.__dict__.setdefault("_workdirs", {})
        if side not in folders:
            folders[side] = tempfile.mkdtemp(prefix=f"duel-{side}-")
        return folders[side]

    def apply_decision(self, side: str, result, error: BaseException | None, seconds: float) -> Entry | None:
        """The worker's answer for ``side``: a move, a bad answer (invalid output) or a crash
        (time out, as the course's judge reports one). None if it is no longer ``side``'s turn."""
        if self.over or side != self.mover:
            return None
        by = self.seats[side].spec
        if error is not None:
            kind = getattr(error, "fault", TIME_OUT)
            reason = f"{type(error).__name__}: {error}"[:120]
            return self._push(*fault(self.state, kind), side, "", reason, by, seconds, kind)
        move, reason = result
        if not isinstance(move, str) or move not in MOVES:
            return self._push(*fault(self.state, INVALID_OUTPUT), side, str(move)[:20], str(reason or ""), by,
                              seconds, INVALID_OUTPUT)
        new, events = step(self.state, move)
        faulted = new.outcome.message if new.over and new.outcome.offender else ""
        return self._push(new, events, side, move, str(reason or ""), by, seconds, faulted)

    def human_move(self, move: str) -> Entry | str:
        """A person's move for the side to move: refused (the reason, nothing changes) if it is
        an invalid move, unless no move is legal, when the course's rule ends the game."""
        if self.over:
            return "the game is over"
        state = self.state
        reason = why_invalid(state, move)
        if reason and legal_moves(state):
            return reason
        new, events = step(state, move)
        faulted = new.outcome.message if new.over and new.outcome.offender else ""
        return self._push(new, events, state.mover, move, "boxed in" if reason else "", HUMAN, 0.0, faulted)

    def apply_recorded(self, player: str, move: str, kind: str = "", reason: str = "", by: str = "",
                       seconds: float = 0.0) -> Entry:
        """Replay one recorded decision exactly (codec and branch)."""
        if kind and kind != "invalid move":
            return self._push(*fault(self.state, kind, move), player, move, reason, by, seconds, kind)
        new, events = step(self.state, move)
        faulted = new.outcome.message if new.over and new.outcome.offender else ""
        return self._push(new, events, player, move, reason, by, seconds, faulted)

    def _push(self, state, events, player, move, reason, by, seconds, kind) -> Entry:
        entry = Entry(state, tuple(events), player, move, reason, by, seconds, kind)
        self.history.append(entry)
        self.version += 1
        return entry

    def play_to_round(self, round_no: int) -> None:
        """Bots play on until round ``round_no`` has begun (or the game ends)."""
        self.play_until(lambda: self.state.round >= round_no)

    # -- branching --------------------------------------------------------------------------------

    @classmethod
    def from_entries(cls, board, players, entries: list[Entry], **kwargs) -> "DuelSession":
        session = cls(board, players, **kwargs)
        session.history = list(entries)
        session.branch_length = len(entries)
        session.version += 1
        return session


@dataclass
class Tally:
    """Items left on the board by kind, for the panel."""

    counts: dict[str, int] = field(default_factory=dict)


_ITEMS_CACHE: dict = {}


def items_left(state: DuelState) -> dict[str, int]:
    """Items still on the board by kind (cached per board and set of taken items)."""
    key = (id(state.board), state.taken)
    cached = _ITEMS_CACHE.get(key)
    if cached is not None:
        return cached
    if len(_ITEMS_CACHE) > 64:
        _ITEMS_CACHE.clear()
    counts = {k: 0 for k in "mnstb"}
    for i, item in enumerate(state.board.item_at):
        if item and not (state.taken >> i) & 1:
            counts[item] += 1
    _ITEMS_CACHE[key] = counts
    return counts
