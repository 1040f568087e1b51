"""One duel from start to finish: the judge loop, for in-process bots and for programs alike.

How to call it (the bench, the arcade and ``run.py duel play`` all do)::

    from game.duel.match import play_match, make_player
    result = play_match(board, "greedy", "cmd:./mybot", seed=1)       # names, specs or players
    result = play_match(board, MyBot(seed=1), OtherBot(seed=2))      # Bot instances
    result.winner, result.score_a, result.score_b, result.message, result.log_text

    # or move by move, for a live view:
    player = make_player("cmd:./mybot", workdir="/tmp/duel/A")
    state, events, record = judge_answer(state, player.answer(observe(state)))

A player is a :class:`game.duel.protocol.Bot` (called in process, its answer logged as if it had
printed the move and a newline; an exception is a crash, so ``time out``), a built-in bot name
(``game.duel.bots.make_bot``), or ``cmd:COMMAND``: a program run once per move by
:mod:`game.duel.judge` in its own working folder. ``on_event(state, events)`` is called after
every step, for a live view. Per-move times are wall clock; the time limit is enforced on
programs only (in-process bots keep to their own ``move_time``).
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .board import DuelBoard
from .config import DuelConfig
from .judge import OUTPUT_CAP, STDERR_FILE, RunResult, run_program, split_command
from .log import Record, format_log, record_text
from .protocol import MOVES, Bot, Decision, DuelObservation, not_a_move
from .rules import (INVALID_MOVE, INVALID_OUTPUT, TIME_OUT, DuelState, fault, initial_state, legal_moves, observe, step,
                    why_invalid)


@dataclass(frozen=True)
class Answer:
    """What the judge got from a player for one move: the output as read (universal newlines),
    or ``None`` for a time-out/crash; the reason a bot gave, if any; a note on what went wrong."""
    output: str | None
    seconds: float
    reason: str = ""
    valid_utf8: bool = True
    note: str = ""


class BotPlayer:
    """An in-process :class:`Bot`."""

    def __init__(self, bot: Bot, label: str | None = None):
        self.bot = bot
        self.label = label or getattr(bot, "name", type(bot).__name__)

    def answer(self, obs: DuelObservation) -> Answer:
        started = time.perf_counter()
        try:
            decision = self.bot.act(obs)
        except Exception as exc:  # a crashing bot is the course's time-out
            last = traceback.extract_tb(exc.__traceback__)[-1]
            return Answer(None, time.perf_counter() - started,
                          note=f"{self.label} raised {type(exc).__name__}: {exc} ({Path(last.filename).name}:{last.lineno})")
        seconds = time.perf_counter() - started
        if isinstance(decision, Decision):
            move, reason = decision.move, decision.reason
        else:
            move, reason = decision, ""
        return Answer(f"{move}\n", seconds, reason=str(reason))

    def close(self) -> None:
        pass


class ProgramPlayer:
    """A program speaking the course protocol, started afresh for every move in ``workdir``
    (kept for the whole game, so a bot may leave itself files between moves)."""

    def __init__(self, command: str, workdir: str | os.PathLike, time_limit: float, *,
                 output_cap: int = OUTPUT_CAP, label: str | None = None):
        self.argv = split_command(command)
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.time_limit = time_limit
        self.output_cap = output_cap
        self.label = label or f"cmd:{command}"
        self.stderr_path = self.workdir / STDERR_FILE

    def answer(self, obs: DuelObservation) -> Answer:
        with open(self.stderr_path, "ab") as err:
            err.write(f"== round {obs.round}, {obs.me} ==\n".encode())
        run: RunResult = run_program(self.argv, obs.to_text(), self.workdir, self.time_limit,
                                     self.stderr_path, self.output_cap)
        note = f"{self.label} ({obs.me}, round {obs.round}): {run.note}" if run.note else ""
        return Answer(run.output, run.seconds, valid_utf8=run.valid_utf8, note=note)

    def close(self) -> None:
        pass


class PlayerSpecError(ValueError):
    """A player spec that names no bot (unknown name, empty command)."""


def make_player(spec, *, seed: int = 0, config: DuelConfig = DuelConfig(),
                workdir: str | os.PathLike | None = None, move_time: float = 0.3):
    """A player from a spec: a Bot, a player object (with ``answer``), ``cmd:COMMAND`` or a bot
    name for ``game.duel.bots.make_bot``. Programs need ``workdir`` (their own folder)."""
    if hasattr(spec, "answer"):
        return spec
    if isinstance(spec, Bot) or hasattr(spec, "act"):
        return BotPlayer(spec)
    if not isinstance(spec, str):
        raise PlayerSpecError(f"not a player: {spec!r}")
    if spec.startswith("cmd:"):
        command = spec[4:].strip()
        if workdir is None:
            raise PlayerSpecError("a program needs a working folder")
        try:
            return ProgramPlayer(command, workdir, config.time_limit)
        except ValueError as exc:
            raise PlayerSpecError(f"bad command {spec!r}: {exc}") from None
    from .bots import BotNotFound, make_bot  # imported here: the rules never need the bots

    try:
        return BotPlayer(make_bot(spec, seed=seed, move_time=move_time), label=spec)
    except BotNotFound as exc:
        raise PlayerSpecError(str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - a user's class whose constructor fails in any way
        lines = str(exc).strip().splitlines()
        why = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
        raise PlayerSpecError(f"cannot create bot {spec!r}: {why[:200]}") from None


@dataclass
class MatchResult:
    log_text: str
    final: DuelState
    records: list[Record]
    events: list
    times: dict[str, list[float]]            # seconds per move, by player
    reasons: list[tuple[str, int, str]]      # (player, round, reason) of in-process bots
    notes: list[str]                         # one line per problem (for the judge's stderr)
    errors: Counter = field(default_factory=Counter)   # (player, kind) -> 1

    @property
    def winner(self) -> str:
        return self.final.outcome.winner

    @property
    def score_a(self) -> int:
        return self.final.score_a

    @property
    def score_b(self) -> int:
        return self.final.score_b

    @property
    def message(self) -> str:
        return self.final.outcome.message

    @property
    def rounds(self) -> int:
        return self.final.round

    def summary(self) -> str:
        end = self.message or "all rounds played"
        return (f"{self.winner}: A {self.score_a}, B {self.score_b} ({end}; "
                f"{self.rounds} round{'s' if self.rounds != 1 else ''})")


def play_match(board: DuelBoard, player_a, player_b, *, config: DuelConfig = DuelConfig(), seed: int = 0,
               workdir: str | os.PathLike | None = None, move_time: float = 0.3,
               on_event: Callable[[DuelState, list], None] | None = None) -> MatchResult:
    """Play one game. Bots named by spec get seeds ``seed`` (A) and ``seed + 1`` (B). Programs run
    in ``workdir/A`` and ``workdir/B`` (kept); without ``workdir`` a temporary folder is made and
    removed after the game."""
    temporary = None
    needs_dir = any(isinstance(p, str) and p.startswith("cmd:") for p in (player_a, player_b))
    if workdir is None and needs_dir:
        temporary = tempfile.mkdtemp(prefix="duel-")
        workdir = temporary
    try:
        players = {
            "A": make_player(player_a, seed=seed, config=config,
                             workdir=Path(workdir) / "A" if workdir else None, move_time=move_time),
            "B": make_player(player_b, seed=seed + 1, config=config,
                             workdir=Path(workdir) / "B" if workdir else None, move_time=move_time),
        }
        return _play(board, players, config, on_event)
    finally:
        if temporary is not None:
            shutil.rmtree(temporary, ignore_errors=True)


def judge_answer(state: DuelState, answer: Answer) -> tuple[DuelState, list, Record | None]:
    """Apply one player's answer as the course's judge did: no output is a time-out (no record);
    otherwise the output minus its last character is recorded, then it must be a move (and valid
    UTF-8), else the game ends with invalid output format. For live views that drive players
    themselves; :func:`play_match` uses it for every move."""
    if answer.output is None:
        state, events = fault(state, TIME_OUT)
        return state, events, None
    text = record_text(answer.output)
    record = Record(state.mover, text)
    if answer.valid_utf8 and text in MOVES:
        state, events = step(state, text)
    else:
        state, events = fault(state, INVALID_OUTPUT)
    return state, events, record


def _said_note(before: DuelState, answer: Answer, message: str) -> str:
    """What a player said that lost it the game, in words (its answer's own note covers a time
    out or a crash): what it printed and what was expected, or why the move is invalid."""
    if answer.output is None:
        return ""
    if message == INVALID_OUTPUT:
        return f"invalid output format: {not_a_move(answer.output)}"
    if message == INVALID_MOVE:  # the output was a move, else it would be invalid output
        why = why_invalid(before, record_text(answer.output))
        return f"invalid move: {why}" + ("" if legal_moves(before) else " (boxed in: no legal move)")
    return ""


def _play(board, players, config, on_event) -> MatchResult:
    state = initial_state(board, config)
    records: list[Record] = []
    events: list = []
    times: dict[str, list[float]] = {"A": [], "B": []}
    reasons: list[tuple[str, int, str]] = []
    notes: list[str] = []
    errors: Counter = Counter()
    while state.outcome is None:
        me = state.mover
        obs = observe(state)
        answer = players[me].answer(obs)
        times[me].append(answer.seconds)
        if answer.note:
            notes.append(answer.note)
        if answer.reason:
            reasons.append((me, state.round, answer.reason))
        before = state
        state, new, record = judge_answer(state, answer)
        if record is not None:
            records.append(record)
        events.extend(new)
        if state.outcome is not None and state.outcome.offender:
            errors[(state.outcome.offender, state.outcome.message)] += 1
            said = _said_note(before, answer, state.outcome.message)
            if said:
                notes.append(f"{getattr(players[me], 'label', me)} ({me}, round {obs.round}): {said}")
        if on_event is not None:
            on_event(state, new)
    return MatchResult(format_log(records, state), state, records, events, times, reasons, notes, errors)
