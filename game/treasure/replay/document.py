"""The replay file: a versioned JSON document that holds a whole game (RULES §7).

A replay carries the map text itself (not a path), the seed, the rules config and every action
with who made it and why, plus the outcome and the SHA-256 of the game's LOG, so playing it
back can tell whether it reproduced the game. Reading one never trusts it: :func:`parse_replay`
checks the shape of every field and raises :class:`ReplayError` saying what is wrong and where.
Whether the actions still make the same game is the checker's job (:mod:`game.treasure.replay.playback`).

The LOG's digest does not cover everything that changes the game (the island's tiles, most
rules, who made each action, a forfeit's own reason), so format 2 also stores ``digests``: 16
hex digits of SHA-256 for every line of the island's canonical map text, for every rules value
and for every action's canonical JSON (number, turn, action, author, reason). The checker
verifies them after the play-back, so an edit is refused with what and where (the map line,
the rules setting, the action). Format 1 files (no digests) still open for watching; ``replay --check`` refuses them.

Any file is refused with a reason and never a traceback: at most :data:`MAX_REPLAY_BYTES`,
UTF-8 (a byte order mark is fine, as for maps), JSON without NaN/Infinity, duplicate keys,
lone surrogates or nesting deeper than :data:`MAX_DEPTH`.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from game.replayfiles import MAX_DEPTH, MAX_REPLAY_BYTES, ReplayJSONError, strict_json  # noqa: F401 (re-exported)
from game.treasure.actions import Action, Forfeit, parse_action
from game.treasure.board import Board
from game.treasure.config import RulesConfig
from game.treasure.mapfile import MapFormatError, format_map, parse_map

FORMAT = "treasure-island-replay"
VERSION = 2  # 2: with digests of the island, the rules and every action
MAX_SEED = 2**64 - 1
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
        """``action 4 ("n": 3, turn 2)``: counted from 1 as the replay screen counts, with the
        file's own 0-based ``n``."""
        return f'action {self.n + 1} ("n": {self.n}, turn {self.turn})'

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
    digests: dict[str, Any] | None = None  # as read from a file (None: made in memory, or format 1)
    version: int = VERSION  # the format the file was written in

    def content_digests(self) -> dict[str, Any]:
        return content_digests(self.board, self.rules, self.actions)

    def to_json(self) -> dict[str, Any]:
        doc = {
            "format": FORMAT,
            "version": VERSION,
            "map": self.map_text or format_map(self.board),
            "seed": self.seed,
            "rules": self.rules.to_dict(),
            "agent": self.agent if isinstance(self.agent, str) else str(self.agent),
            "actions": [a.to_json() for a in self.actions],
            "outcome": {"result": self.outcome.result, "turns": self.outcome.turns,
                        "log_sha256": self.outcome.log_sha256},
            "created": self.created or now_iso(),
            "app_version": self.app_version or app_version(),
            "digests": self.content_digests(),
        }
        doc.update(self.extra)
        return doc

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", errors="surrogatepass")).hexdigest()


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _short_digest(text: str) -> str:
    return _sha256(text)[:16]


def content_digests(board: Board, rules: RulesConfig, actions: list[RecordedAction]) -> dict[str, Any]:
    """What the LOG's digest does not cover, digested piece by piece so that an edit can be
    located: 16 hex digits of SHA-256 for every line of the canonical map text (5 header lines,
    then one per row), for every rules value, and for every action (its canonical JSON)."""
    return {
        "map": [_short_digest(line) for line in format_map(board).rstrip("\n").split("\n")],
        "rules": {key: _short_digest(_canonical(value)) for key, value in rules.to_dict().items()},
        "actions": [_short_digest(_canonical(a.to_json())) for a in actions],
    }


# --- reading ---------------------------------------------------------------------------------

def parse_replay(text: str, source: str = "<replay>") -> Replay:
    """Read and check a replay document; raises :class:`ReplayError` with what and where, for
    any text at all (never another exception)."""
    try:
        doc = strict_json(text, source)
    except ReplayJSONError as exc:
        raise ReplayError(str(exc)) from None
    if not isinstance(doc, dict):
        raise ReplayError(f"{source}: not a replay (expected a JSON object, found {type(doc).__name__})")
    fmt = doc.get("format")
    if fmt != FORMAT:
        raise ReplayError(f"{source}: not a replay: format is {_short(fmt)}, expected {FORMAT!r}")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ReplayError(f"{source}: bad format version {_short(version)} (expected a whole number >= 1)")
    if version > VERSION:
        raise ReplayError(f"{source}: made by a newer version of the game (replay format {version}); "
                          f"this one reads format {VERSION} — update the game to open it")
    need = {"map": str, "seed": int, "rules": dict, "actions": list, "outcome": dict}
    for key, kind in need.items():
        if key not in doc:
            raise ReplayError(f"{source}: missing {key!r}")
        if not isinstance(doc[key], kind) or isinstance(doc[key], bool):
            raise ReplayError(f"{source}: {key!r} should be {kind.__name__}, found {type(doc[key]).__name__}")
    if not 0 <= doc["seed"] <= MAX_SEED:
        raise ReplayError(f"{source}: 'seed' must be between 0 and 2**64 - 1, not {_short(doc['seed'])}")
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
    digests = None
    if version >= 2:
        digests = _digests(source, doc.get("digests"), len(actions))
    created, made_by = doc.get("created", ""), doc.get("app_version", "")
    known = {"format", "version", "map", "seed", "rules", "agent", "actions", "outcome", "created", "app_version",
             "digests"}
    return Replay(board, doc["seed"], rules, actions, outcome, agent, created if isinstance(created, str) else "",
                  made_by if isinstance(made_by, str) else "", doc["map"],
                  {k: v for k, v in doc.items() if k not in known}, digests, version)


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except ValueError:  # an int too long to print
        return "a huge number"
    return text if len(text) <= 40 else text[:37] + "..."


def _is_hex(value: Any, length: int) -> bool:
    return isinstance(value, str) and len(value) == length and all(c in "0123456789abcdef" for c in value)


def _digests(source: str, raw: Any, n_actions: int) -> dict[str, Any]:
    """The shape of the stored digests (their values are compared after the play-back)."""
    if raw is None:
        raise ReplayError(f"{source}: missing 'digests' (format 2 stores the digests of the island, rules "
                          "and actions)")
    if not isinstance(raw, dict) or set(raw) != {"map", "rules", "actions"}:
        raise ReplayError(f"{source}: 'digests' should be an object with 'map', 'rules' and 'actions'")
    lines, rules, actions = raw["map"], raw["rules"], raw["actions"]
    if not (isinstance(lines, list) and 6 <= len(lines) <= 5 + 512 and all(_is_hex(d, 16) for d in lines)):
        raise ReplayError(f"{source}: digests.map should list 16 hex digits for every line of the map")
    if not (isinstance(rules, dict) and all(_is_hex(d, 16) for d in rules.values())):
        raise ReplayError(f"{source}: digests.rules should give 16 hex digits for every rules value")
    if not (isinstance(actions, list) and all(_is_hex(d, 16) for d in actions)):
        raise ReplayError(f"{source}: digests.actions should list 16 hex digits for every action")
    return {"map": list(lines), "rules": dict(rules), "actions": list(actions)}


def _action(source: str, i: int, raw: Any) -> RecordedAction:
    where = f'{source}: action {i + 1} ("n": {i})'  # counted from 1, as the replay screen counts
    if not isinstance(raw, dict):
        raise ReplayError(f"{where}: expected an object, found {type(raw).__name__}")
    unknown = sorted(set(raw) - {"n", "turn", "action", "by", "reason"})
    if unknown:
        raise ReplayError(f"{where}: unknown field {_short(unknown[0])}")
    n, turn = raw.get("n"), raw.get("turn")
    if not _whole(n) or n != i:
        raise ReplayError(f"{where}: numbered {_short(n)} (actions missing, repeated or out of order)")
    if not _whole(turn) or not 1 <= turn < 2**31:
        raise ReplayError(f"{where}: bad turn {_short(turn)}")
    where = f'{source}: action {i + 1} ("n": {i}, turn {turn})'
    by, reason = raw.get("by", ""), raw.get("reason", "")
    if not isinstance(by, str) or not by:
        raise ReplayError(f"{where}: 'by' should name the agent or 'human'")
    if not isinstance(reason, str):
        raise ReplayError(f"{where}: 'reason' should be a string")
    text = raw.get("action")
    if isinstance(text, dict):
        body = text.get("forfeit")
        if not (set(text) == {"forfeit"} and isinstance(body, dict) and set(body) == {"attempted", "reason"}
                and isinstance(body.get("attempted"), str) and isinstance(body.get("reason"), str)):
            raise ReplayError(f"{where}: a forfeit needs 'attempted' and 'reason' strings")
        action: Action = Forfeit(body["attempted"], body["reason"])
    elif isinstance(text, str):
        if len(text) > 100:
            raise ReplayError(f"{where}: an action of {len(text)} characters ({_short(text)}) is not one of the game's")
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
    if not isinstance(result, str) or result not in RESULTS:
        raise ReplayError(f"{source}: outcome result {_short(result)} (expected one of {', '.join(RESULTS)})")
    if not _whole(turns) or not 0 <= turns < 2**31:
        raise ReplayError(f"{source}: outcome turns {_short(turns)}")
    if not (isinstance(digest, str) and len(digest) == 64 and all(c in "0123456789abcdef" for c in digest)):
        raise ReplayError(f"{source}: outcome log_sha256 should be 64 hex digits")
    return Outcome(result, turns, digest)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and not (isinstance(value, float) and math.isnan(value))
