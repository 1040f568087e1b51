"""The replay file: a versioned JSON document that holds a whole game (RULES §7).

A replay carries the map text itself (not a path), the seed, the rules config and every action
with who made it and why, plus the outcome and the SHA-256 of the game's LOG, so playing it
back can tell whether it reproduced the game. Reading one never trusts it: :func:`parse_replay`
checks the shape of every field and raises :class:`ReplayError` saying what is wrong and where.
Whether the actions still make the same game is the checker's job (:mod:`game.replay.playback`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from game.treasure.actions import Action, Forfeit, parse_action
from game.treasure.board import Board
from game.treasure.config import RulesConfig
from game.treasure.mapfile import MapFormatError, format_map, parse_map

FORMAT = "treasure-island-replay"
VERSION = 1
HUMAN = "human"
UNFINISHED = "UNFINISHED"
RESULTS = ("WIN", "LOSE", UNFINISHED)


class ReplayError(ValueError):
    """A replay that cannot be used: the message says what and where."""


def app_version() -> str:
    try:
        from importlib.metadata import version

        return version("treasure-island-arcade")
    except Exception:  # noqa: BLE001 - not installed: a source checkout
        return "0.1.0"


@dataclass(frozen=True)
class RecordedAction:
    n: int  # 0-based index among the game's actions
    turn: int  # the turn it was taken on
    action: Action  # a Forfeit for a program agent's invalid action
    by: str  # the agent's name, or "human"
    reason: str = ""

    @property
    def where(self) -> str:
        return f"action {self.n} (turn {self.turn})"

    def to_json(self) -> dict[str, Any]:
        if isinstance(self.action, Forfeit):
            action: Any = {"forfeit": {"attempted": self.action.attempted, "reason": self.action.reason}}
        else:
            action = self.action.text()
        return {"n": self.n, "turn": self.turn, "action": action, "by": self.by, "reason": self.reason}


@dataclass(frozen=True)
class Outcome:
    result: str  # WIN, LOSE or UNFINISHED
    turns: int
    log_sha256: str


@dataclass
class Replay:
    board: Board
    seed: int
    rules: RulesConfig
    actions: list[RecordedAction]
    outcome: Outcome
    agent: str = ""  # the agent in the seat (the LOG's AGENT line); actions say who made each
    created: str = ""
    app_version: str = ""
    map_text: str = ""
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. "branched_from"

    def to_json(self) -> dict[str, Any]:
        doc = {
            "format": FORMAT,
            "version": VERSION,
            "map": self.map_text or format_map(self.board),
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "agent": self.agent,
            "actions": [a.to_json() for a in self.actions],
            "outcome": {"result": self.outcome.result, "turns": self.outcome.turns,
                        "log_sha256": self.outcome.log_sha256},
            "created": self.created or now_iso(),
            "app_version": self.app_version or app_version(),
        }
        doc.update(self.extra)
        return doc

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


# --- reading ---------------------------------------------------------------------------------

def parse_replay(text: str, source: str = "<replay>") -> Replay:
    """Read and check a replay document; raises :class:`ReplayError` with what and where."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        cut = " (the file looks truncated)" if exc.pos >= len(text.rstrip()) else ""
        raise ReplayError(f"{source}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}{cut}") from None
    if not isinstance(doc, dict):
        raise ReplayError(f"{source}: not a replay (expected a JSON object, found {type(doc).__name__})")
    fmt = doc.get("format")
    if fmt != FORMAT:
        raise ReplayError(f"{source}: not a replay: format is {fmt!r}, expected {FORMAT!r}")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ReplayError(f"{source}: bad format version {version!r} (expected a whole number >= 1)")
    if version > VERSION:
        raise ReplayError(f"{source}: made by a newer version of the game (replay format {version}); "
                          f"this one reads format {VERSION} — update the game to open it")
    need = {"map": str, "seed": int, "rules": dict, "actions": list, "outcome": dict}
    for key, kind in need.items():
        if key not in doc:
            raise ReplayError(f"{source}: missing {key!r}")
        if not isinstance(doc[key], kind) or isinstance(doc[key], bool):
            raise ReplayError(f"{source}: {key!r} should be {kind.__name__}, found {type(doc[key]).__name__}")
    if doc["seed"] < 0:
        raise ReplayError(f"{source}: 'seed' must be >= 0, not {doc['seed']}")
    try:
        board = parse_map(doc["map"], "map").board
    except MapFormatError as exc:
        raise ReplayError(f"{source}: the map inside is not valid: {exc}") from None
    try:
        rules = RulesConfig.from_dict(doc["rules"])
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"{source}: bad rules: {exc}") from None
    actions = [_action(source, i, raw) for i, raw in enumerate(doc["actions"])]
    outcome = _outcome(source, doc["outcome"])
    agent = doc.get("agent", "")
    if not isinstance(agent, str):
        raise ReplayError(f"{source}: 'agent' should be a string")
    known = {"format", "version", "map", "seed", "rules", "agent", "actions", "outcome", "created", "app_version"}
    return Replay(board, doc["seed"], rules, actions, outcome, agent, str(doc.get("created", "")),
                  str(doc.get("app_version", "")), doc["map"], {k: v for k, v in doc.items() if k not in known})


def _action(source: str, i: int, raw: Any) -> RecordedAction:
    where = f"{source}: action {i}"
    if not isinstance(raw, dict):
        raise ReplayError(f"{where}: expected an object, found {type(raw).__name__}")
    n, turn = raw.get("n"), raw.get("turn")
    if not _whole(n) or n != i:
        raise ReplayError(f"{where}: numbered {n!r} (actions missing, repeated or out of order)")
    if not _whole(turn) or turn < 1:
        raise ReplayError(f"{where}: bad turn {turn!r}")
    where = f"{source}: action {i} (turn {turn})"
    by, reason = raw.get("by", ""), raw.get("reason", "")
    if not isinstance(by, str) or not by:
        raise ReplayError(f"{where}: 'by' should name the agent or 'human'")
    if not isinstance(reason, str):
        raise ReplayError(f"{where}: 'reason' should be a string")
    text = raw.get("action")
    if isinstance(text, dict):
        body = text.get("forfeit")
        if not (isinstance(body, dict) and isinstance(body.get("attempted"), str)
                and isinstance(body.get("reason"), str)):
            raise ReplayError(f"{where}: a forfeit needs 'attempted' and 'reason' strings")
        action: Action = Forfeit(body["attempted"], body["reason"])
    elif isinstance(text, str):
        try:
            action = parse_action(text)
        except ValueError as exc:
            raise ReplayError(f"{where}: {exc}") from None
        if action.text() != text:
            raise ReplayError(f"{where}: {text!r} is not written the way the game writes it ({action.text()!r})")
    else:
        raise ReplayError(f"{where}: missing 'action'")
    return RecordedAction(i, turn, action, by, reason)


def _outcome(source: str, raw: dict) -> Outcome:
    result, turns, digest = raw.get("result"), raw.get("turns"), raw.get("log_sha256")
    if result not in RESULTS:
        raise ReplayError(f"{source}: outcome result {result!r} (expected one of {', '.join(RESULTS)})")
    if not _whole(turns) or turns < 0:
        raise ReplayError(f"{source}: outcome turns {turns!r}")
    if not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)):
        raise ReplayError(f"{source}: outcome log_sha256 should be 64 hex digits")
    return Outcome(result, turns, digest)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and not (isinstance(value, float) and math.isnan(value))
