"""The LOG file of RULES §8, with line templates documented in ``docs/LOG_FORMAT.md``.

The templates below are a stable contract: tools parse these lines. Change them only by adding
new line kinds.
"""

from __future__ import annotations

import hashlib
import re
from typing import Iterable

from . import events as ev

MAX_TEXT = 200  # characters of an agent's reason or attempted action kept in a LOG line
_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def one_line(text: object, limit: int = MAX_TEXT) -> str:
    """Agent-given text as one bounded line: control characters (newlines included), line
    separators and lone surrogates escaped as ``\\n``, ``\\x07``, ``\\ud800``; longer than
    ``limit`` characters: cut, ending in ``…``. Already-safe text comes back unchanged, so
    escaping twice changes nothing more."""
    if type(text) is not str:
        text = str.__str__(text) if isinstance(text, str) else ""
    if _UNSAFE.search(text):
        text = _UNSAFE.sub(_escape, text)
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def _escape(match: re.Match) -> str:
    ch = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch) or (
        f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")


def _p(pos) -> str:
    return f"({pos[0]}, {pos[1]})"


def event_lines(event: ev.Event, reason: str = "") -> list[str]:
    """The log lines of one event. ``reason`` is the agent's one-line reason for an action."""
    reason = one_line(reason)
    why = f" | {reason}" if reason else ""
    if isinstance(event, ev.GameStarted):
        return [f"AGENT START {_p(event.agent)}"]
    if isinstance(event, ev.TurnStarted):
        return [f"TURN {event.turn}"]
    if isinstance(event, ev.PrisonRevealed):
        return [f"PIRATE REVEAL prison {_p(event.prison)}"]
    if isinstance(event, ev.PirateFreed):
        return [f"PIRATE FREE at {_p(event.position)}"]
    if isinstance(event, ev.HintGiven):
        h = event.hint
        return [f"HINT {h.index} type {h.kind}: {h.text}"]
    if isinstance(event, ev.PirateMoved):
        return ["PIRATE MOVE " + " -> ".join(_p(p) for p in event.path)]
    if isinstance(event, ev.HintVerified):
        verdict = "TRUE" if event.truth else "FALSE"
        return [f"ACTION {event.turn}.{event.slot} VERIFY {event.hint_index} -> {verdict}{why}"]
    if isinstance(event, ev.AgentMoved):
        return [f"ACTION {event.turn}.{event.slot} {one_line(event.action.text())} {_p(event.path[0])} -> "
                f"{_p(event.path[-1])}{why}"]
    if isinstance(event, ev.Scanned):
        found = "TREASURE" if event.found else "nothing"
        lines = []
        if event.size > 3:  # the large scan is an action of its own; the small one follows a move
            lines.append(f"ACTION {event.turn}.{event.slot} LARGE_SCAN at {_p(event.centre)}{why}")
        lines.append(f"SCAN {event.size}x{event.size} at {_p(event.centre)} -> {found}")
        return lines
    if isinstance(event, ev.Teleported):
        return [f"ACTION {event.turn}.0 TELEPORT {_p(event.start)} -> {_p(event.target)}{why}"]
    if isinstance(event, ev.ActionForfeited):
        return [f"ACTION {event.turn}.{event.slot} INVALID {one_line(event.attempted)}: {one_line(event.reason)}"]
    if isinstance(event, ev.GameOver):
        if event.result == "WIN":
            return [f"WIN turn {event.turn}: the scan at {_p(event.by)} found the treasure at {_p(event.treasure)}"]
        return [f"LOSE turn {event.turn}: the pirate reached the treasure at {_p(event.treasure)}"]
    return []  # ActionRefused: nothing happened, nothing to log


class GameLog:
    """Collects log lines as a game goes; :meth:`text` gives the whole LOG file."""

    def __init__(self, header: Iterable[str] = ()):
        self.lines: list[str] = ["START GAME", *header]
        self.result: str | None = None
        self.turns = 0

    def record(self, events: Iterable[ev.Event], reason: str = "") -> None:
        for event in events:
            # The small scan after a move is the same action: it carries no second reason.
            is_small_scan = isinstance(event, ev.Scanned) and event.size <= 3
            self.lines.extend(event_lines(event, "" if is_small_scan else reason))
            if isinstance(event, (ev.TurnStarted, ev.GameOver)):
                self.turns = max(self.turns, event.turn)
            if isinstance(event, ev.GameOver):
                self.result = event.result

    def text(self) -> str:
        result = self.result or "UNFINISHED"
        body = [result, str(self.turns), *self.lines]
        return "\n".join([str(len(body))] + body) + "\n"

    def digest(self) -> str:
        return hashlib.sha256(self.text().encode("utf-8")).hexdigest()


def map_header(board, seed: int, agent_name: str | None = None, config=None) -> list[str]:
    line = (f"MAP {board.width}x{board.height} regions {board.n_regions} "
            f"reveal {board.reveal_turn} free {board.free_turn} seed {seed}")
    lines = [line]
    if config is not None:
        lines.append(f"RULES truth {config.truth_model}" + (f" liar_rate {config.liar_rate}"
                                                          if config.truth_model == "bluff" else ""))
    if agent_name:
        lines.append(f"AGENT {one_line(agent_name)}")
    return lines
