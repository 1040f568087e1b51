"""The course's game log (DUEL.md §7): writing it, and replaying a recorded one through the rules.

A log is one line ``A <output>`` / ``B <output>`` per program run that exited 0 within the limit
(the output read with universal newlines, minus its last character; invalid output appears
verbatim, even across several lines), then the result, both scores and the end message, which has
no newline after it. Time-outs, crashes and stunned turns write no line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .board import DuelBoard
from .config import DuelConfig
from .protocol import MOVES
from .rules import INVALID_OUTPUT, TIME_OUT, DuelState, fault, initial_state, step


class Record(NamedTuple):
    """One logged program run: the player and its output as the log shows it."""
    player: str
    text: str


def format_record(record: Record) -> str:
    return f"{record.player} {record.text}\n"


def format_trailer(state: DuelState) -> str:
    outcome = state.outcome
    if outcome is None:
        raise ValueError("the game is not over")
    return f"{outcome.winner}\nA Score: {state.score_a}\nB Score: {state.score_b}\n{outcome.message}"


def format_log(records, final: DuelState) -> str:
    return "".join(map(format_record, records)) + format_trailer(final)


def record_text(output: str) -> str:
    """What the log keeps of an output already read with universal newlines: all but its last
    character (the course's judge drops exactly one)."""
    return output[:-1]


def universal_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


# -- replaying a recorded log --------------------------------------------------------------------
@dataclass
class Replay:
    """A recorded log replayed: the records read, the final state and the log they regenerate."""
    records: list[Record]
    final: DuelState
    text: str


def replay_log(board: DuelBoard, recorded: str, config: DuelConfig = DuelConfig()) -> Replay:
    """Replay ``recorded`` through the rules and regenerate its log.

    The last four lines are the trailer; every other line is read as the next record of the
    player the rules say moves next. A line that is one of MOVES is that move; anything else is
    invalid output, whose record runs to the trailer (it may span lines) and ends the game. When
    the records run out before the game is over, the player to move produced no line: a time-out.
    A record that reads as a valid move can still be the first line of a multi-line (or
    undecodable) invalid output; if the straightforward reading does not reproduce a log that ends
    in ``invalid output format``, the latest record from which that reading does is taken.
    """
    lines = recorded.split("\n")
    body = lines[:-4] if len(lines) >= 4 else []
    trailer = "\n".join(lines[-4:]) if len(lines) >= 4 else recorded
    state = initial_state(board, config)
    records: list[Record] = []
    starts: list[tuple[int, DuelState, int]] = []  # (line, state, records so far) at each record
    i = 0
    while state.outcome is None:
        player = state.mover
        if i >= len(body) or not body[i].startswith(player + " "):
            state, _ = fault(state, TIME_OUT)
            break
        starts.append((i, state, len(records)))
        content = body[i][2:]
        if content in MOVES:
            records.append(Record(player, content))
            state, _ = step(state, content)
            i += 1
        else:
            records.append(Record(player, "\n".join(body[i:])[2:]))
            state, _ = fault(state, INVALID_OUTPUT)
            i = len(body)
    text = format_log(records, state)
    if text != recorded and lines[-1] == INVALID_OUTPUT:
        for line, start, count in reversed(starts):
            ended, _ = fault(start, INVALID_OUTPUT)
            if format_trailer(ended) != trailer:
                continue
            candidate = records[:count] + [Record(start.mover, "\n".join(body[line:])[2:])]
            candidate_text = format_log(candidate, ended)
            if candidate_text == recorded:
                return Replay(candidate, ended, candidate_text)
    return Replay(records, state, text)


class Difference(NamedTuple):
    line: int          # 1-based
    recorded: str | None
    regenerated: str | None


def first_difference(recorded: str, regenerated: str) -> Difference | None:
    if recorded == regenerated:
        return None
    a = recorded.split("\n")
    b = regenerated.split("\n")
    for k in range(max(len(a), len(b))):
        x = a[k] if k < len(a) else None
        y = b[k] if k < len(b) else None
        if x != y:
            return Difference(k + 1, x, y)
    # Same lines, different bytes: impossible for str.split, kept for safety.
    return Difference(len(a), a[-1], b[-1])
