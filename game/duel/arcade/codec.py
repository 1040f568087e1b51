"""Duel replays: the versioned document, and course logs read as replays. No pygame.

A replay document is JSON::

    {"format": "treasure-duel-replay", "version": 1, "game": "duel",
     "map": "<the map file's text>", "rules": {"rounds": 1000, ...},
     "players": {"A": "default", "B": "human"}, "seed": 0,
     "moves": [{"p": "A", "m": "UP", "r": "reason", "by": "default", "ms": 3}, ...],
     "outcome": {"winner": "A Win", "message": "game clear", "offender": "",
                 "score_a": 12, "score_b": 7, "round": 412},   # or {"winner": "UNFINISHED", ...}
     "created": "...", "branched_from": "..."}

A move that was an error carries ``"f"`` (``"time out"``, ``"invalid output format"``,
``"invalid move"``). Loading replays every move through the rules and refuses, with file and
move number, a document whose moves do not reproduce its outcome.

A course log (``move_player_be_A.log``: ``A UP`` / ``B LEFT`` lines, then the winner, both
scores and the end message) opens as a replay given its map: :func:`from_course_log`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from game.duel.config import DuelConfig
from game.duel.protocol import MOVES
from game.duel.rules import ERRORS, INVALID_MOVE, INVALID_OUTPUT, TIME_OUT

from .session import DuelSession, Entry, SetupError, board_text, parse_board_text, read_board

FORMAT = "treasure-duel-replay"
VERSION = 1
UNFINISHED = "UNFINISHED"


class DuelReplayError(ValueError):
    """A replay or log that cannot be opened; the message names the file, where and why."""


@dataclass
class DuelReplay:
    """A whole recorded game: its setup and every history entry (states computed on load)."""

    board: object
    config: DuelConfig
    players: dict[str, str]
    entries: list[Entry]
    seed: int = 0
    source: str = ""
    created: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def final(self):
        return self.entries[-1].state

    def round_index(self) -> list[int]:
        """For each round r (from 1), the first history index showing round r (A about to move)."""
        firsts: list[int] = []
        for i, entry in enumerate(self.entries):
            while len(firsts) < entry.state.round:
                firsts.append(i)
        return firsts


# -- writing -------------------------------------------------------------------------------------


def outcome_json(state) -> dict:
    if state.outcome is None:
        return {"winner": UNFINISHED, "message": "", "offender": "", "score_a": state.score_a,
                "score_b": state.score_b, "round": state.round}
    o = state.outcome
    return {"winner": o.winner, "message": o.message, "offender": o.offender, "score_a": state.score_a,
            "score_b": state.score_b, "round": state.round}


def config_json(config: DuelConfig) -> dict:
    return {"rounds": config.rounds, "stun_turns": config.stun_turns, "error_score": config.error_score,
            "time_limit": config.time_limit, "effects": {k: list(v) for k, v in config.effects}}


def config_from_json(raw: dict, source: str) -> DuelConfig:
    if not isinstance(raw.get("effects", {}), dict):
        raise DuelReplayError(f"{source}: bad rules: 'effects' should be an object")
    try:
        effects = tuple((k, (str(v[0]), int(v[1]))) for k, v in raw.get("effects", {}).items()) or None
        kwargs = {k: raw[k] for k in ("rounds", "stun_turns", "error_score", "time_limit") if k in raw}
        if effects:
            kwargs["effects"] = effects
        return DuelConfig(**kwargs)
    except (TypeError, ValueError, IndexError) as exc:
        raise DuelReplayError(f"{source}: bad rules: {exc}") from None


def to_document(session: DuelSession) -> dict:
    moves = []
    for entry in session.history[1:]:
        move = {"p": entry.player, "m": entry.move}
        if entry.fault:
            move["f"] = entry.fault
        if entry.reason:
            move["r"] = entry.reason
        move["by"] = entry.by
        move["ms"] = round(entry.seconds * 1000, 1)
        moves.append(move)
    doc = {"format": FORMAT, "version": VERSION, "game": "duel", "map": board_text(session.board),
           "map_name": session.map_name, "rules": config_json(session.config), "players": dict(session.specs),
           "seed": session.seed, "moves": moves, "outcome": outcome_json(session.state),
           "created": datetime.now(timezone.utc).isoformat(timespec="seconds")}
    if session.branched_from:
        doc["branched_from"] = session.branched_from
    return doc


class Document:
    """What ``game.replayfiles.save_auto``/``save_new`` write (they call ``dumps()``)."""

    def __init__(self, doc: dict) -> None:
        self.doc = doc

    def dumps(self) -> str:
        return json.dumps(self.doc, indent=1, ensure_ascii=False) + "\n"


def save(session: DuelSession, target: str | Path | None = None) -> Path:
    """Record ``session`` in the per-user replays folder (or at ``target``), never overwriting."""
    from game.arcade.turns import save_replay

    return save_replay(Document(to_document(session)), target,
                       f"duel-{session.map_name}-{session.specs['A']}-vs-{session.specs['B']}")


# -- reading ---------------------------------------------------------------------------------------


def parse_document(doc: dict, source: str = "<replay>") -> DuelReplay:
    if doc.get("format") != FORMAT:
        raise DuelReplayError(f"{source}: not a duel replay: format is {doc.get('format')!r}, expected {FORMAT!r}")
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DuelReplayError(f"{source}: bad format version {version!r} (expected a whole number >= 1)")
    if version > VERSION:
        raise DuelReplayError(f"{source}: made by a newer version (duel replay format {version}); this one reads "
                              f"{VERSION}")
    for key, kind in (("map", str), ("moves", list), ("players", dict), ("outcome", dict)):
        if not isinstance(doc.get(key), kind):
            raise DuelReplayError(f"{source}: {key!r} missing or not a {kind.__name__}")
    for key, kind in (("rules", dict), ("seed", int), ("map_name", str), ("created", str)):
        if key in doc and (not isinstance(doc[key], kind) or isinstance(doc[key], bool)):
            raise DuelReplayError(f"{source}: {key!r} should be a {kind.__name__}, found {type(doc[key]).__name__}")
    if not 0 <= doc.get("seed", 0) < 2**63:
        raise DuelReplayError(f"{source}: 'seed' must be between 0 and 2**63 - 1")
    try:
        board = parse_board_text(doc["map"], f"{source}: map")
    except SetupError as exc:
        raise DuelReplayError(str(exc)) from None
    config = config_from_json(doc.get("rules") or {}, source)
    players = {side: str(doc["players"].get(side, "?")) for side in ("A", "B")}
    session = _replayer(board, players, config, doc.get("seed", 0), doc.get("map_name", "replay"))
    for n, raw in enumerate(doc["moves"], start=1):  # as the replay screen counts them
        where = f"{source}: move {n}"
        if not isinstance(raw, dict):
            raise DuelReplayError(f"{where}: expected an object")
        player, move, kind = raw.get("p"), raw.get("m", ""), raw.get("f", "")
        if session.over:
            raise DuelReplayError(f"{where}: the game was already over")
        if player != session.mover:
            raise DuelReplayError(f"{where}: recorded for {player!r} but it is {session.mover}'s turn")
        if kind and kind not in ERRORS:
            raise DuelReplayError(f"{where}: unknown error kind {kind!r}")
        if not kind and move not in MOVES:
            raise DuelReplayError(f"{where}: {move!r} is not a move")
        ms = raw.get("ms", 0)
        seconds = float(ms) / 1000 if isinstance(ms, (int, float)) else 0.0
        entry = session.apply_recorded(player, move, kind, str(raw.get("r", "")), str(raw.get("by", "")), seconds)
        if kind == INVALID_MOVE and not entry.fault:
            raise DuelReplayError(f"{where}: recorded as an invalid move, but {move} is legal here")
    _check_outcome(session.state, doc["outcome"], source)
    known = {"format", "version", "game", "map", "map_name", "rules", "players", "seed", "moves", "outcome", "created"}
    return DuelReplay(board, config, players, session.history, int(doc.get("seed", 0) or 0), source,
                      str(doc.get("created", "")), {k: v for k, v in doc.items() if k not in known})


def _replayer(board, players, config, seed, map_name) -> DuelSession:
    """A session that only replays (no bots are built: the recorded moves are applied)."""
    specs = {side: "human" for side in ("A", "B")}
    session = DuelSession(board, specs, config=config, seed=int(seed or 0), map_name=str(map_name))
    session.specs = dict(players)
    return session


def _check_outcome(state, recorded: dict, source: str) -> None:
    got = outcome_json(state)
    for key in ("winner", "score_a", "score_b", "message"):
        if key in recorded and recorded[key] != got[key]:
            raise DuelReplayError(f"{source}: the moves end with {key} {got[key]!r}, the replay says "
                                  f"{recorded[key]!r}")


def load(path: str | Path) -> DuelReplay:
    from game.replayfiles import ReplayJSONError, read_replay_json

    path = Path(path)
    try:
        doc = read_replay_json(path)
    except ReplayJSONError as exc:
        raise DuelReplayError(str(exc)) from None
    if not isinstance(doc, dict):
        raise DuelReplayError(f"{path}: not a replay (expected a JSON object)")
    try:
        return parse_document(doc, str(path))
    except (TypeError, AttributeError, KeyError, IndexError, OverflowError) as exc:  # a field of a wrong kind
        raise DuelReplayError(f"{path}: not a valid duel replay ({type(exc).__name__}: {str(exc)[:100]})") from None


# -- course logs -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CourseLog:
    moves: list[tuple[str, str]]  # (player, output as logged)
    winner: str
    score_a: int
    score_b: int
    message: str


def parse_course_log(text: str, source: str = "<log>") -> CourseLog:
    """``A UP`` / ``B LEFT`` lines, then ``A Win``/``B Win``/``Tie``, ``A Score: P``, ``B Score: Q``
    and the end message (DUEL.md §7). An invalid output spanning lines is kept as one entry."""
    lines = text.replace("\r\n", "\n").split("\n")
    if len(lines) < 4:
        raise DuelReplayError(f"{source}: too short for a course log (needs the result, two scores and the "
                              f"end message)")
    tail = lines[-4:]
    body = lines[:-4]
    if tail[0] not in ("A Win", "B Win", "Tie"):
        raise DuelReplayError(f"{source}: line {len(body) + 1}: expected 'A Win', 'B Win' or 'Tie', got {tail[0]!r}")
    scores = []
    for k, side in enumerate("AB"):
        line = tail[1 + k]
        prefix = f"{side} Score: "
        value = line[len(prefix):]
        digits = value.lstrip("-")
        if not line.startswith(prefix) or not (digits.isascii() and digits.isdigit()) or len(digits) > 4000:
            raise DuelReplayError(f"{source}: line {len(body) + 2 + k}: expected '{prefix}<number>' (at most "
                                  f"4000 digits), got {line[:60]!r}")
        scores.append(int(value))
    moves: list[tuple[str, str]] = []
    for n, line in enumerate(body, start=1):
        if line[:2] in ("A ", "B ") or line in ("A", "B"):
            moves.append((line[0], line[2:]))
        elif moves:  # a program's several lines of invalid output
            moves[-1] = (moves[-1][0], moves[-1][1] + "\n" + line)
        else:
            raise DuelReplayError(f"{source}: line {n}: expected 'A <move>' or 'B <move>', got {line!r}")
    return CourseLog(moves, tail[0], scores[0], scores[1], tail[3])


def from_course_log(log_path: str | Path, map_path: str | Path, config: DuelConfig | None = None) -> DuelReplay:
    """A course log replayed on its map; DuelReplayError if the log does not follow the rules or
    its final scores differ from the engine's."""
    log_path = Path(log_path)
    try:
        text = log_path.read_text(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise DuelReplayError(f"{log_path}: cannot read it ({exc.strerror})") from None
    log = parse_course_log(text, str(log_path))
    try:
        board = read_board(map_path)
    except SetupError as exc:
        raise DuelReplayError(str(exc)) from None
    session = _replayer(board, {"A": "log", "B": "log"}, config or DuelConfig(), 0, Path(map_path).stem)
    for n, (player, output) in enumerate(log.moves, start=1):
        where = f"{log_path}: move {n}"
        if session.over:
            raise DuelReplayError(f"{where}: the game was already over ({session.state.outcome.message or 'round limit'})")
        if player != session.mover:
            raise DuelReplayError(f"{where}: {player} moves but it is {session.mover}'s turn")
        if output in MOVES:
            session.apply_recorded(player, output, "", "", "log")
        else:
            session.apply_recorded(player, output, INVALID_OUTPUT, "", "log")
    if not session.over and log.message == TIME_OUT:
        session.apply_recorded(session.mover, "", TIME_OUT, "", "log")
    state = session.state
    if not state.over:
        raise DuelReplayError(f"{log_path}: the log ends at round {state.round} but the game is not over "
                              f"(the log says {log.message!r})")
    got = (state.outcome.winner, state.score_a, state.score_b, state.outcome.message)
    want = (log.winner, log.score_a, log.score_b, log.message)
    if got != want:
        raise DuelReplayError(f"{log_path}: the engine ends with {got[0]}, A {got[1]}, B {got[2]}, {got[3]!r}; "
                              f"the log says {want[0]}, A {want[1]}, B {want[2]}, {want[3]!r}")
    return DuelReplay(board, session.config, {"A": "A (log)", "B": "B (log)"}, session.history, 0, str(log_path))


class DuelCodec:
    """What the registry's ``replay_codec`` names: load a replay (or a course log with its map)
    and say in one line what it holds. No pygame."""

    formats = (FORMAT,)
    reads_logs = True  # a course log opens with the map it was played on

    def load(self, path, map_path=None) -> DuelReplay:
        return from_course_log(path, map_path) if map_path else load(path)

    def summary(self, replay: DuelReplay) -> str:
        state = replay.final
        moves = len(replay.entries) - 1
        if state.outcome is None:
            return f"{moves} moves reproduce an UNFINISHED game at round {state.round} (A {state.score_a}, " \
                   f"B {state.score_b})"
        message = state.outcome.message or "round limit"
        return f"{moves} moves reproduce {state.outcome.winner}: A {state.score_a}, B {state.score_b} " \
               f"({message}, round {state.round})"


CODEC = DuelCodec()
