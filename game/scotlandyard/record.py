"""Game records: a game is its setup, its players' start and the list of moves (plus the seed
that drew the start, for the standard game). JSON, one file per game, for logs and replays.

::

    {"format": "scotland-yard-record", "version": 1,
     "seed": 3,                                   # null when the start was not drawn from a seed
     "board": "standard",                         # or {"stations": [...], "edges": [[1, 8, "TAXI"], ...]}
     "reveals": [false, false, true, ...],
     "players": [{"piece": "MRX", "location": 35, "tickets": {"TAXI": 4, ...}}, ...],
     "names": {"mrx": "random", "detectives": "random"},   # optional, free text
     "moves": ["MRX 35 TAXI 22", "RED 26 TAXI 15", ...],    # stable text form, see moves.py
     "winner": ["RED", "GREEN", ...]}             # as the engine judged it (checked on replay)

:func:`replay` rebuilds every state from a record and refuses a record whose moves are not
available or whose winner differs, naming the file and the move.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from game.files import atomic_write_text
from game.scotlandyard.board import Board
from game.scotlandyard.model import GameSetup, GameState, IllegalMove, Player, SetupError, new_game
from game.scotlandyard.moves import Move, MoveSyntaxError, parse_move
from game.scotlandyard.pieces import Piece, Transport

FORMAT = "scotland-yard-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed (the message names the file and what is wrong)."""


def make_record(start: GameState, moves: Sequence[Move], *, seed: int | None = None,
                names: dict[str, str] | None = None, final: GameState | None = None) -> dict[str, Any]:
    """The record of a game that began at ``start`` (the first state) and went through ``moves``."""
    board = start.setup.board
    if board == Board.standard():
        board_field: Any = "standard"
    else:
        board_field = {"stations": list(board.stations),
                       "edges": [[a, b, t.name] for a, b, t in sorted(board.edges, key=lambda e: (e[0], e[1], e[2]._value_))]}
    players = [{"piece": p.piece.name, "location": p.location,
                "tickets": {t.name: c for t, c in p.tickets.items()}}
               for p in (start.mrx,) + start.detectives]
    record: dict[str, Any] = {"format": FORMAT, "version": VERSION, "seed": seed, "board": board_field,
                              "reveals": list(start.setup.reveals), "players": players}
    if names:
        record["names"] = dict(names)
    record["moves"] = [str(m) for m in moves]
    if final is not None:
        record["winner"] = sorted(p.name for p in final.winner)
    return record


def dumps(record: dict[str, Any]) -> str:
    """The record as JSON text: one key per line, one player and one move per line."""
    items = list(record.items())
    lines = ["{"]
    for i, (key, value) in enumerate(items):
        if key in ("moves", "players") and value:
            text = "[\n  " + ",\n  ".join(json.dumps(m) for m in value) + "\n ]"
        else:
            text = json.dumps(value)
        lines.append(f" {json.dumps(key)}: {text}" + ("," if i < len(items) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_record(path: str | Path, record: dict[str, Any]) -> None:
    """Write atomically (a temporary file then a rename), so a failure never leaves half a file."""
    path = Path(path)
    try:
        atomic_write_text(path, dumps(record))
    except OSError as exc:
        raise RecordError(f"{path}: cannot write the record ({exc.strerror or exc})") from None


def read_record(path: str | Path) -> dict[str, Any]:
    from game.replayfiles import ReplayJSONError, read_replay_json

    path = Path(path)
    try:
        record = read_replay_json(path)
    except ReplayJSONError as exc:
        raise RecordError(str(exc)) from None
    check_record(record, str(path))
    return record


def check_record(record: Any, where: str = "record") -> None:
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"{where}: expected a JSON object with \"format\": \"{FORMAT}\"")
    if record.get("version") != VERSION:
        raise RecordError(f"{where}: record version {record.get('version')!r}, this program reads version {VERSION}")
    for key, kind in (("reveals", list), ("players", list), ("moves", list)):
        if not isinstance(record.get(key), kind):
            raise RecordError(f"{where}: expected \"{key}\" to be a list")


def _board(field: Any, where: str) -> Board:
    if field == "standard":
        return Board.standard()
    try:
        edges = [(int(a), int(b), Transport[t]) for a, b, t in field["edges"]]
        return Board.from_edges([int(s) for s in field["stations"]], edges)
    except (KeyError, TypeError, ValueError):
        raise RecordError(f"{where}: expected \"board\" to be \"standard\" or "
                          "{\"stations\": [...], \"edges\": [[a, b, \"TAXI\"], ...]}") from None


def start_of(record: dict[str, Any], where: str = "record") -> GameState:
    """The first state of a recorded game."""
    check_record(record, where)
    board = _board(record.get("board"), where)
    players = []
    for i, p in enumerate(record["players"]):
        try:
            players.append(Player(Piece[p["piece"]], dict(p["tickets"]), int(p["location"])))
        except (KeyError, TypeError, ValueError):
            raise RecordError(f"{where}: player {i + 1}: expected {{\"piece\": \"MRX|RED|...\", "
                              "\"location\": N, \"tickets\": {\"TAXI\": N, ...}}") from None
    if not players:
        raise RecordError(f"{where}: the record has no players")
    try:
        return new_game(GameSetup(board, tuple(bool(r) for r in record["reveals"])), players[0], players[1:])
    except (SetupError, TypeError) as exc:
        raise RecordError(f"{where}: the recorded setup is not a valid game ({exc})") from None


def replay(record: dict[str, Any], where: str = "record") -> list[GameState]:
    """Every state of a recorded game, the first one included."""
    state = start_of(record, where)
    states = [state]
    for i, text in enumerate(record["moves"], 1):
        try:
            state = state.advance(parse_move(text))
        except (MoveSyntaxError, IllegalMove) as exc:
            raise RecordError(f"{where}: move {i} ({text!r}): {exc}") from None
        states.append(state)
    recorded = record.get("winner", [])
    if not isinstance(recorded, list) or not all(isinstance(p, str) for p in recorded):
        raise RecordError(f"{where}: expected \"winner\" to be a list of piece names")
    if "winner" in record and sorted(p.name for p in state.winner) != sorted(recorded):
        raise RecordError(f"{where}: the record says the winner is {record['winner']}, "
                          f"the replay gives {sorted(p.name for p in state.winner)}")
    return states
