"""Scotland Yard replays: the engine's JSON game record, with the players' reasons. No pygame.

A replay is a game record (``game.scotlandyard.record``, format ``scotland-yard-record``) so
``run.py sy play --record`` files open as replays too. The arcade adds one optional key, read by
nothing else::

    "notes": [{"r": "TAXI to 67: keeps ...", "by": "default", "ms": 412.0}, ...]   # one per move

Loading replays every move through the engine (the record module refuses, naming the file and
the move, a record whose moves are not available or whose winner differs) and works out the
public possible locations of every position once, so seeking is an index.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from game.scotlandyard.moves import DoubleMove
from game.scotlandyard.record import FORMAT, RecordError, make_record, read_record, replay

from .session import Entry, SySession, public_possible, side_of, winner_text


class SyReplayError(ValueError):
    """A replay that cannot be opened; the message names the file, where and why."""


@dataclass
class SyReplay:
    entries: list[Entry]
    players: dict[str, str]
    seed: int | None = None
    source: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def final(self):
        return self.entries[-1].state

    def reveal_marks(self) -> list[int]:
        """History indices whose move wrote a reveal slot of the travel log."""
        out = []
        for i in range(1, len(self.entries)):
            before, after = self.entries[i - 1].state.travel_log, self.entries[i].state.travel_log
            if any(e.location is not None for e in after[len(before):]):
                out.append(i)
        return out

    def round_index(self) -> list[int]:
        """For each Mr X turn r (from 1), the history index where he is about to make it."""
        return [i for i, e in enumerate(self.entries) if e.state.is_mrx_turn and not e.state.winner] or [0]


def to_record(session: SySession) -> dict:
    moves = [e.move for e in session.history[1:]]
    record = make_record(session.history[0].state, moves, seed=session.seed,
                         names=dict(session.specs), final=session.state if session.over else None)
    record["notes"] = [{"r": e.reason, "by": e.by, "ms": round(e.seconds * 1000, 1)} for e in session.history[1:]]
    record["created"] = datetime.now().isoformat(timespec="seconds")
    if session.branched_from:
        record["branched_from"] = session.branched_from
    return record


class Document:
    """What ``game.replayfiles.save_auto``/``save_new`` write (they call ``dumps()``)."""

    def __init__(self, record: dict) -> None:
        self.record = record

    def dumps(self) -> str:
        from game.scotlandyard.record import dumps

        return dumps(self.record)


def save(session: SySession, target: str | Path | None = None) -> Path:
    """Record ``session`` in the per-user replays folder (or at ``target``), never overwriting."""
    from game.arcade.turns import save_replay

    return save_replay(Document(to_record(session)), target,
                       f"sy-{session.specs['mrx']}-vs-{session.specs['detectives']}")


def parse_record(record: dict, source: str = "<replay>") -> SyReplay:
    seed = record.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= 2**64 - 1):
        shown = repr(seed) if len(repr(seed)) <= 40 else repr(seed)[:37] + "..."
        raise SyReplayError(f"{source}: 'seed' must be null or a whole number between 0 and 2**64 - 1, not {shown}")
    try:
        states = replay(record, source)
    except RecordError as exc:
        raise SyReplayError(str(exc)) from None
    notes = record.get("notes") if isinstance(record.get("notes"), list) else []
    names = record.get("names") if isinstance(record.get("names"), dict) else {}
    entries = [Entry(states[0], tracker=public_possible(states[0]))]
    from game.scotlandyard.moves import parse_move

    for i, state in enumerate(states[1:]):
        move = parse_move(record["moves"][i])
        note = notes[i] if i < len(notes) and isinstance(notes[i], dict) else {}
        ms = note.get("ms", 0)
        entries.append(Entry(state, move, side_of(states[i]), str(note.get("r", "") or ""),
                             str(note.get("by", "") or ""), float(ms) / 1000 if isinstance(ms, (int, float)) else 0.0,
                             public_possible(state, entries[-1].tracker)))
    players = {"mrx": str(names.get("mrx", "?")), "detectives": str(names.get("detectives", "?"))}
    return SyReplay(entries, players, seed, source)


def load(path: str | Path) -> SyReplay:
    path = Path(path)
    try:
        record = read_record(path)
    except RecordError as exc:
        raise SyReplayError(str(exc)) from None
    try:
        return parse_record(record, str(path))
    except (TypeError, AttributeError, KeyError, IndexError, OverflowError) as exc:  # a field of a wrong kind
        raise SyReplayError(f"{path}: not a valid record ({type(exc).__name__}: {str(exc)[:100]})") from None


class SyCodec:
    """What the registry's ``replay_codec`` names: load a replay and say in one line what it holds."""

    formats = (FORMAT,)
    reads_logs = False

    def load(self, path, map_path=None) -> SyReplay:
        return load(path)

    def summary(self, replay: SyReplay) -> str:
        state = replay.final
        moves = len(replay.entries) - 1
        doubles = sum(isinstance(e.move, DoubleMove) for e in replay.entries[1:])
        result = winner_text(state) or f"an unfinished game ({len(state.travel_log)} of Mr X's 24 moves made)"
        return f"{moves} moves ({doubles} double) reproduce {result}"


CODEC = SyCodec()


def describe(doc: dict) -> dict[str, str]:
    names = doc.get("names") if isinstance(doc.get("names"), dict) else {}
    winner = doc.get("winner")
    if isinstance(winner, list) and winner:
        result = "Mr X escapes" if "MRX" in winner else "detectives win"
    else:
        result = "unfinished"
    moves = doc.get("moves") if isinstance(doc.get("moves"), list) else []
    sides = ["mrx" if isinstance(m, str) and m.upper().startswith("MRX") else "detectives" for m in moves]
    notes = doc.get("notes") if isinstance(doc.get("notes"), list) else []
    by_person = 0  # moves a person made: on a side seated as human, or one taken over with O
    for i, side in enumerate(sides):
        note = notes[i] if i < len(notes) and isinstance(notes[i], dict) else {}
        by_person += names.get(side) == "human" or note.get("by") == "human"
    human = "all" if moves and by_person == len(moves) else "yes" if by_person else "no"
    if doc.get("branched_from"):
        human += " (branch)"
    return {"game": "Scotland Yard", "players": f"Mr X {names.get('mrx', '?')} vs {names.get('detectives', '?')}",
            "map": "London", "result": result, "length": str(sides.count("mrx")), "human": human}  # Mr X turns
