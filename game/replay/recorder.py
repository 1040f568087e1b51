"""Making replays from games as they are played, and saving them without ever overwriting.

:class:`Recorder` is fed what happened (the events of the start, then each action with its
events, reason and author) and keeps the same LOG the headless runner writes, so the digest in
the replay is the digest of that LOG. Saving is atomic (a temporary file, then a hard link that
fails if the name is taken), so a half-written replay never appears and an existing one is
never replaced.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path
from typing import Iterable

from game.treasure.actions import Action
from game.treasure.board import Board
from game.treasure.config import RulesConfig
from game.treasure.engine import GameState
from game.treasure.events import Event
from game.treasure.log import GameLog, map_header, one_line
from game.treasure.mapfile import format_map

from .document import UNFINISHED, Outcome, RecordedAction, Replay, now_iso

APP_NAME = "treasure-island-arcade"
DATA_ENV = "TREASURE_ISLAND_DATA"  # overrides the per-user data folder (tests use it)


class Recorder:
    def __init__(self, board: Board, seed: int, rules: RulesConfig | None, agent: str,
                 start_events: Iterable[Event]) -> None:
        self.board = board
        self.seed = int(seed)
        self.rules = rules or RulesConfig()
        self.agent = agent
        self.log = GameLog(map_header(board, seed, agent or None, self.rules))
        self.log.record(start_events)
        self.actions: list[RecordedAction] = []

    def record(self, turn: int, action: Action, events: Iterable[Event], reason: str, by: str) -> None:
        """One applied action: ``turn`` is the turn it was taken on (before the step). The
        reason and author are kept as one bounded line of text (the LOG writes the reason so
        anyway), so whatever an agent said, the replay can be saved and read back."""
        reason, by = one_line(reason), one_line(by, 60) or "agent"
        self.actions.append(RecordedAction(len(self.actions), turn, action, by, reason))
        self.log.record(events, reason)

    def replay(self, final: GameState, **extra) -> Replay:
        outcome = Outcome(final.outcome or UNFINISHED, final.turn, self.log.digest())
        return Replay(self.board, self.seed, self.rules, list(self.actions), outcome, self.agent,
                      now_iso(), "", format_map(self.board), dict(extra))


def record_steps(board: Board, seed: int, rules: RulesConfig | None, agent: str, steps, **extra) -> Replay:
    """A replay from a history of steps (``state, events, action, reason, by``), first step = start."""
    steps = list(steps)
    recorder = Recorder(board, seed, rules, agent, steps[0].events)
    for before, entry in zip(steps, steps[1:]):
        recorder.record(before.state.turn, entry.action, entry.events, entry.reason, entry.by)
    return recorder.replay(steps[-1].state, **extra)


# --- where and how replays are saved --------------------------------------------------------

def data_dir() -> Path:
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def replays_dir() -> Path:
    return data_dir() / "replays"


def save_new(replay: Replay, path: str | os.PathLike) -> Path:
    """Write ``path`` atomically; FileExistsError if it exists (never overwrites)."""
    path = Path(path)
    text = replay.dumps()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix="." + path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; a replay is an ordinary file
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)  # atomic and fails if the name is taken
        except FileExistsError:
            raise FileExistsError(f"{path} exists; a replay is never overwritten") from None
        except OSError:  # a file system without hard links: check, then rename
            if path.exists():
                raise FileExistsError(f"{path} exists; a replay is never overwritten") from None
            os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def save_auto(replay: Replay, stem: str, folder: str | os.PathLike | None = None) -> Path:
    """Save under a fresh name in the replays folder: ``stem.json``, ``stem-1.json``, ..."""
    folder = Path(folder) if folder is not None else replays_dir()
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", stem).strip("-.") or "game"
    for k in range(10_000):
        name = f"{stem}.json" if k == 0 else f"{stem}-{k}.json"
        try:
            return save_new(replay, folder / name)
        except FileExistsError:
            continue
    raise FileExistsError(f"no free replay name for {stem!r} in {folder}")


def default_stem(map_name: str, seed: int) -> str:
    from datetime import datetime

    return f"{map_name}-seed{seed}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"


def saved_replays(folder: str | os.PathLike | None = None) -> list[Path]:
    """Saved replays, newest first."""
    folder = Path(folder) if folder is not None else replays_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
