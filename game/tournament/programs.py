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
