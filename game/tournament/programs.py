"""What an outside program (a ``cmd:`` player) is, for the results database: its command and a
digest of the files and folders the command names. A program rebuilt at the same path (``cp
newbot ./player``) is then a new player: its tournament is a new one, never resumed from the
old program's results."""

from __future__ import annotations

import hashlib
import os
import shlex
from pathlib import Path

MAX_HASHED_BYTES = 64 << 20  # a larger file counts by its size and time, not its bytes
MAX_FOLDER_FILES = 5000      # a class folder (java -cp DIR) counts by its first files' sizes and times


def program_digest(command: str, base: str | os.PathLike | None = None) -> str:
    """12 hex digits of the bytes of every file the command names (a script, a binary, a
    ``-cp`` folder's files by size and time), relative names read against ``base`` (default:
    the current folder), as the judge resolves them. Names found only on ``PATH`` (``python3``,
    ``java``) do not count: the interpreter is not the player."""
    try:
        argv = shlex.split(command)
    except ValueError:
        return "unparsed"
    base = Path(base or os.getcwd())
    h = hashlib.sha256()
    for arg in argv:
        if arg.startswith("-"):
            continue
        path = Path(arg) if os.path.isabs(arg) else base / arg
        try:
            if path.is_file():
                h.update(b"file " + arg.encode() + b"\0")
                _file(h, path)
            elif path.is_dir():
                h.update(b"folder " + arg.encode() + b"\0")
                _folder(h, path)
        except OSError as exc:
            h.update(f"unreadable {exc.errno}".encode())
    return h.hexdigest()[:12]


def _file(h, path: Path) -> None:
    st = path.stat()
    if st.st_size > MAX_HASHED_BYTES:
        h.update(f"{st.st_size} {st.st_mtime_ns}".encode())
        return
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)


def _folder(h, path: Path) -> None:
    seen = 0
    for root, dirs, files in os.walk(path):
        dirs.sort()
        for name in sorted(files):
            full = Path(root) / name
            try:
                st = full.stat()
            except OSError:
                continue
            h.update(f"{full.relative_to(path)} {st.st_size} {st.st_mtime_ns}\n".encode())
            seen += 1
            if seen >= MAX_FOLDER_FILES:
                return


def player_file(spec: str) -> Path | None:
    """The user's own file a player spec names, when it lies outside this project's ``game``
    package (whose code counts already, in :func:`~game.tournament.schedule.code_version`):
    ``path/to/file.py:Class`` names the file; ``module:Class`` (or ``module.Class``) the file the
    module would be loaded from, found without importing it. ``None`` for a built-in name, a
    ``cmd:`` program (see :func:`program_digest`) or a module of the project's own."""
    if spec.startswith("cmd:") or (":" not in spec and "." not in spec):
        return None
    path, colon, attr = spec.rpartition(":")
    if colon and path.endswith(".py"):
        found = Path(path).expanduser()
        found = found if found.is_absolute() else Path(os.getcwd()) / found
    else:
        module = path if colon else spec.rpartition(".")[0]
        found = _module_origin(module) if module else None
    if found is None:
        return None
    try:
        found = found.resolve()
    except OSError:
        return found
    from .executors import ROOT

    return None if found.is_relative_to(ROOT / "game") else found


def _module_origin(name: str) -> Path | None:
    """Where ``import name`` would load ``name`` from, without running any of its code (nor its
    packages' ``__init__``): a module already imported gives its ``__file__``; otherwise the
    top-level package is found on ``sys.path`` and each part below it in its parent's folders."""
    import importlib.machinery
    import importlib.util
    import sys

    module = sys.modules.get(name)
    if module is not None:
        file = getattr(module, "__file__", None)
        return Path(file) if file else None
    parts = name.split(".")
    try:
        spec = importlib.util.find_spec(parts[0])  # a top-level name: nothing is imported
        for i in range(1, len(parts)):
            if spec is None or spec.submodule_search_locations is None:
                return None
            spec = importlib.machinery.PathFinder.find_spec(".".join(parts[: i + 1]),
                                                            list(spec.submodule_search_locations))
    except (ImportError, ValueError, AttributeError):
        return None
    if spec is None or not spec.has_location or not spec.origin:
        return None
    return Path(spec.origin)


def player_digest(spec: str) -> str | None:
    """``path digest`` of the user's file a player spec names (:func:`player_file`), so that a
    user's agent edited in place is a new player, as a rebuilt ``cmd:`` program is; ``None`` when
    the spec names no file of the user's."""
    file = player_file(spec)
    if file is None:
        return None
    h = hashlib.sha256()
    try:
        _file(h, file)
    except OSError as exc:
        return f"{file} unreadable ({exc.strerror or exc})"
    return f"{file} {h.hexdigest()[:12]}"


def players_digest(specs) -> str:
    """What the tournament's name adds for its outside players: each ``cmd:`` program by its
    files, each user's agent or bot by its file ('' when there is none of either)."""
    lines = []
    for spec in sorted(set(specs)):
        if spec.startswith("cmd:"):
            lines.append(f"{spec} {program_digest(spec[len('cmd:'):])}")
        else:
            found = player_digest(spec)
            if found is not None:
                lines.append(f"{spec} {found}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:8] if lines else ""
