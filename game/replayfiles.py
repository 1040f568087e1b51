"""Where and how replays are saved, for every game: the per-user data folder, atomic saving that
never overwrites, the list of saved replays. Pure Python (no pygame, no game's rules): a game's
replay document only needs a ``dumps() -> str`` method.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from game.files import make_ordinary, move_into_place

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
        make_ordinary(tmp)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        try:
            move_into_place(tmp, path, overwrite=False)
        except FileExistsError:
            raise FileExistsError(f"{path} exists; a replay is never overwritten") from None
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


# -- reading a replay's JSON, for every game --------------------------------------------------------

MAX_REPLAY_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 32  # a replay nests 5 deep; nothing needs more than this


class ReplayJSONError(ValueError):
    """A replay file whose text is not JSON we read: the message says what and where."""


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ReplayJSONError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ReplayJSONError(f"{name} is not a JSON number")


def _check_tree(doc: Any) -> str | None:
    """Why the decoded JSON cannot be a replay's (too deep, a lone surrogate), or None.
    Iterative, so it cannot overflow the stack however the document is built."""
    stack: list[tuple[Any, str, int]] = [(doc, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            return f"nested more than {MAX_DEPTH} deep at {where or 'the top'}"
        if isinstance(value, str):
            if any("\ud800" <= ch <= "\udfff" for ch in value):
                return f"{where or 'the top'}: a string holds a lone surrogate (\\ud800-\\udfff), which is not text"
        elif isinstance(value, dict):
            for key, item in value.items():
                if any("\ud800" <= ch <= "\udfff" for ch in key):
                    return f"{where or 'the top'}: a key holds a lone surrogate, which is not text"
                stack.append((item, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                stack.append((item, f"{where}[{i}]", depth + 1))
    return None


def strict_json(text: str, source: str) -> Any:
    """A replay file's JSON, read strictly: at most MAX_REPLAY_BYTES characters, no key twice in
    one object, no NaN or Infinity, no number of thousands of digits, no lone surrogate, nested at
    most MAX_DEPTH deep. ReplayJSONError (a ValueError) naming ``source`` otherwise; never another
    exception, whatever the text."""
    if not isinstance(text, str):
        raise ReplayJSONError(f"{source}: not text")
    if len(text) > MAX_REPLAY_BYTES:
        raise ReplayJSONError(f"{source}: larger than {MAX_REPLAY_BYTES} characters: not a replay")
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark, as maps may have one
    try:
        doc = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        unended = exc.msg.startswith("Unterminated string")  # it ran to the end of the text
        what = "a string starts here and never ends" if unended else exc.msg
        cut = " (the file looks truncated)" if unended or exc.pos >= len(text.rstrip()) else ""
        raise ReplayJSONError(f"{source}: not valid JSON at line {exc.lineno} column {exc.colno}: "
                              f"{what}{cut}") from None
    except ReplayJSONError as exc:
        raise ReplayJSONError(f"{source}: not a replay: {exc}") from None
    except RecursionError:
        raise ReplayJSONError(f"{source}: not a replay: JSON nested far too deep") from None
    except (ValueError, OverflowError) as exc:  # e.g. a number of more than 4300 digits
        raise ReplayJSONError(f"{source}: not valid JSON: {str(exc)[:120]}") from None
    problem = _check_tree(doc)
    if problem is not None:
        raise ReplayJSONError(f"{source}: not a replay: {problem}")
    return doc


def read_replay_text(path: str | os.PathLike) -> str:
    """A replay file's text: UTF-8 (a byte order mark is fine), at most MAX_REPLAY_BYTES (no more
    is read, whatever the file's size); ReplayJSONError naming the file otherwise."""
    from game.files import read_text_at_most

    # a byte order mark is fine, as in map files
    return read_text_at_most(Path(path), MAX_REPLAY_BYTES, ReplayJSONError, "a replay", encoding="utf-8-sig",
                             say_what_if_not_text=False)


def read_replay_json(path: str | os.PathLike) -> Any:
    """:func:`strict_json` of a replay file's text (:func:`read_replay_text`)."""
    return strict_json(read_replay_text(path), str(path))
