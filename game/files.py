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
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private; this is an ordinary file
            write(f)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def atomic_write_text(path: str | os.PathLike, text: str, *, encoding: str = "utf-8",
                      newline: str | None = None) -> Path:
    return atomic_write(path, lambda f: f.write(text), encoding=encoding, newline=newline)

