"""A tournament's schedule: independent games, each fully described by a :class:`Job`.

A job names everything that decides its game: the game kind, the players by seat, the setup (a
map's text, or a setup name the game understands) and the seed. Two jobs with the same fields
are the same game, and play the same way on any machine, so a job's :attr:`Job.key` identifies
its result in the database whichever executor played it and however often the run was resumed.

The map's *text* travels in the job, not its path: a Dask worker on another machine has no
access to the user's files, and a digest of the text identifies the map in the results.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field


def code_version(game: str | None = None) -> str:
    """A digest of the project's Python sources: games played by the same code share it.

    With ``game`` (a job's game, which is its package's name under ``game/``), the other games'
    packages are left out: a change to Scotland Yard does not rename a duel tournament, so a
    duel bench still resumes after it. Shared code (the tournament, the shell) always counts."""
    if game not in _CODE_VERSIONS:
        from pathlib import Path

        from game.registry import GAME_MODULES

        packages = {m.split(".")[1] for m in GAME_MODULES}
        _CODE_VERSIONS[game] = sources_digest(Path(__file__).resolve().parent.parent, game, packages)
    return _CODE_VERSIONS[game]


def sources_digest(root, game: str | None, packages) -> str:
    """The digest :func:`code_version` gives: every ``*.py`` under ``root`` (paths and bytes),
    without the ``packages`` (top-level folders) of games other than ``game``; all of them when
    ``game`` is ``None`` or not one of ``packages``."""
    skip = set(packages) - {game} if game in packages else set()
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] in skip:
            continue
        h.update(str(rel).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:12]


_CODE_VERSIONS: dict[str | None, str] = {}


def digest(text: str) -> str:
    """A short, stable digest of a setup's text (what identifies a map in the results)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Job:
    """One game to play.

    ``players`` holds one player spec per seat in the game's own seat order (Treasure Island:
    the agent; the duel: A then B; Scotland Yard: Mr X then the detectives). ``setup_name`` is
    what a person reads (a map's file name); ``setup`` is what the game needs to rebuild the
    setup anywhere (a map's text); ``options`` holds the rest (move time, rules overrides, an
    opening), as JSON-able values.
    """

    game: str
    players: tuple[str, ...]
    setup_name: str
    setup: str
    seed: int
    options: tuple[tuple[str, object], ...] = field(default=())

    @property
    def setup_digest(self) -> str:
        return digest(self.setup)

    @property
    def key(self) -> str:
        """What makes this game this game: equal keys, equal games."""
        payload = json.dumps([self.game, list(self.players), self.setup_digest, self.seed,
                              [list(kv) for kv in self.options]], sort_keys=True, default=str)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:24]

    def option(self, name: str, default=None):
        for key, value in self.options:
            if key == name:
                return value
        return default


def make_options(**values) -> tuple[tuple[str, object], ...]:
    """Options as a sorted tuple, so that jobs stay hashable and keys stay stable."""
    return tuple(sorted((k, v) for k, v in values.items() if v is not None))


@dataclass(frozen=True)
class Outcome:
    """What one finished game reports, the same shape for every game.

    ``ranks`` has one entry per seat: 0 for the best, equal numbers for a tie (the duel's
    ``A Win`` is ``(0, 1)``; Scotland Yard's capture is ``(1, 0)`` with seats Mr X, detectives;
    Treasure Island's single seat wins with ``(0,)`` and loses with ``(1,)``). ``scores`` are the
    game's own numbers per seat; ``turns`` its length in its own unit (rounds, turns);
    ``seconds`` is the game's wall time. ``errors`` counts errors by kind and seat (``"A: time out"``); ``detail`` holds anything
    else the game's front end wants back (the end message, the capture round).
    """

    ranks: tuple[int, ...]
    scores: tuple[float, ...] = ()
    turns: int = 0
    mean_move_seconds: float = 0.0
    max_move_seconds: float = 0.0
    errors: tuple[tuple[str, int], ...] = ()
    detail: tuple[tuple[str, object], ...] = ()
    seconds: float = 0.0  # the whole game's wall time (like the move times, not part of the game)
    timing: tuple[tuple[str, float], ...] = ()  # a game's own timing figures (per side), never compared

    def as_dict(self) -> dict:
        return {"ranks": list(self.ranks), "scores": list(self.scores), "turns": self.turns, "seconds": self.seconds,
                "mean_move_seconds": self.mean_move_seconds, "max_move_seconds": self.max_move_seconds,
                "errors": dict(self.errors), "detail": dict(self.detail),
                "timing": dict(self.timing)}

    @classmethod
    def from_dict(cls, data: dict) -> "Outcome":
        return cls(ranks=tuple(data["ranks"]), scores=tuple(data.get("scores", ())), turns=int(data.get("turns", 0)),
                   mean_move_seconds=float(data.get("mean_move_seconds", 0.0)),
                   max_move_seconds=float(data.get("max_move_seconds", 0.0)),
                   errors=tuple(sorted(data.get("errors", {}).items())),
                   detail=tuple(sorted(data.get("detail", {}).items())), seconds=float(data.get("seconds", 0.0)),
                   timing=tuple(sorted(data.get("timing", {}).items())))

    def same_game_as(self, other: "Outcome") -> bool:
        """Equal in everything the rules decide (timings left out: they differ run to run)."""
        return (self.ranks, self.scores, self.turns, self.errors, self.detail) == \
            (other.ranks, other.scores, other.turns, other.errors, other.detail)
