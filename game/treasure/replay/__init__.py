"""Replays: the versioned replay document, recording, loading with validation, checking, seeking.

Pure Python and numpy, like the rules: nothing here imports pygame, so replays can be recorded,
checked and benchmarked headless.
"""

from __future__ import annotations

from pathlib import Path

from .document import FORMAT, HUMAN, MAX_REPLAY_BYTES, VERSION, RecordedAction, Replay, ReplayError, parse_replay
from .playback import Mark, Playback, ReplayMismatch, check_replay
from .recorder import Recorder, record_steps, replays_dir, save_auto, save_new, saved_replays


def load_replay(path: str | Path) -> Replay:
    """Read a replay file; ReplayError (what and where) for anything but a well-formed replay."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_REPLAY_BYTES + 1)  # never more than the limit, whatever the file's size
    except OSError as exc:
        raise ReplayError(f"{path}: cannot read it ({exc.strerror})") from None
    if len(raw) > MAX_REPLAY_BYTES:
        raise ReplayError(f"{path}: larger than {MAX_REPLAY_BYTES} bytes: not a replay")
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark is fine, as in map files
    except UnicodeDecodeError as exc:
        raise ReplayError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    return parse_replay(text, str(path))


__all__ = ["FORMAT", "HUMAN", "VERSION", "Mark", "Playback", "RecordedAction", "Recorder", "Replay", "ReplayError",
           "ReplayMismatch", "check_replay", "load_replay", "parse_replay", "record_steps", "replays_dir",
           "save_auto", "save_new", "saved_replays"]
