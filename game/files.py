"""Writing a file so that a failure never leaves half of it, nor touches any other file.

The text goes to a fresh temporary file beside the target (a unique name: never a file the user
has, such as ``LOG.txt.tmp``), which then replaces the target in one step; on any failure the
temporary file is removed and the target is as it was.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Callable, TextIO


def atomic_write(path: str | os.PathLike, write: Callable[[TextIO], None], *, encoding: str = "utf-8",
                 newline: str | None = None) -> Path:
    """Replace ``path`` with what ``write(f)`` writes to an open text file; OSError if it cannot be."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline=newline) as f:
            make_ordinary(tmp)
            write(f)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def make_ordinary(path: str | os.PathLike) -> None:
    """``mkstemp`` makes a file private; what we write is an ordinary file (0666 less the umask)."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(path, 0o666 & ~umask)


def move_into_place(tmp: str | os.PathLike, path: str | os.PathLike, *, overwrite: bool = True) -> None:
    """Move the finished temporary file ``tmp`` to ``path`` in one step: replacing what is there,
    or (without ``overwrite``) only if no file has the name, FileExistsError otherwise: a hard link
    (atomic, and it fails if the name is taken; ``tmp`` stays for the caller to remove), or on a
    file system without hard links a check, then a rename."""
    if overwrite:
        os.replace(tmp, path)
        return
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError:
        if Path(path).exists():
            raise FileExistsError(str(path)) from None
        os.replace(tmp, path)


def atomic_write_text(path: str | os.PathLike, text: str, *, encoding: str = "utf-8",
                      newline: str | None = None) -> Path:
    return atomic_write(path, lambda f: f.write(text), encoding=encoding, newline=newline)


def read_text_at_most(path: str | os.PathLike, limit: int, error: type[Exception], what: str,
                      encoding: str = "utf-8", say_what_if_not_text: bool = True) -> str:
    """A text file that must not be larger than ``limit`` bytes (no more is read, whatever its
    size): ``error`` with one line naming the file if it cannot be read, is larger, or is not
    ``encoding`` text (``what`` names what it was expected to be, e.g. "a replay"; said after the
    byte that is not text too, unless ``say_what_if_not_text`` is False: a replay command that
    also reads other kinds of files cannot say which)."""
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as exc:
        raise error(f"{path}: cannot read it ({exc.strerror or exc})") from None
    if len(raw) > limit:
        raise error(f"{path}: larger than {limit} bytes: not {what}")
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError as exc:
        tail = f": not {what}" if say_what_if_not_text else ""
        raise error(f"{path}: not UTF-8 text (byte {exc.start}){tail}") from None
