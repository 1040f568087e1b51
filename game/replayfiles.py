"""Where and how replays are saved, for every game: the per-user data folder, atomic saving that
never overwrites, the list of saved replays. Pure Python (no pygame, no game's rules): a game's
replay document only needs a ``dumps() -> str`` method.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

APP_NAME = "treasure-island-arcade"
DATA_ENV = "TREASURE_ISLAND_DATA"  # overrides the per-user data folder (tests use it)


def data_dir() -> Path:
    override = os.environ.get(DATA_ENV)
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def replays_dir() -> Path:
    return data_dir() / "replays"


def save_new(replay, path: str | os.PathLike) -> Path:
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


def save_auto(replay, stem: str, folder: str | os.PathLike | None = None) -> Path:
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



def saved_replays(folder: str | os.PathLike | None = None) -> list[Path]:
    """Saved replays, newest first."""
    folder = Path(folder) if folder is not None else replays_dir()
    if not folder.is_dir():
        return []
    files = [p for p in folder.glob("*.json") if p.is_file()]
    return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
