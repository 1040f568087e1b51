"""Replays: the versioned replay document, recording, loading with validation, checking, seeking.

Pure Python and numpy, like the rules: nothing here imports pygame, so replays can be recorded,
checked and benchmarked headless.
"""

from __future__ import annotations

from pathlib import Path

from game.replayfiles import ReplayJSONError, read_replay_text

from .document import FORMAT, HUMAN, VERSION, RecordedAction, Replay, ReplayError, parse_replay
from .playback import Mark, Playback, ReplayMismatch, check_replay
from .recorder import Recorder, record_steps, replays_dir, save_auto, save_new, saved_replays


def load_replay(path: str | Path) -> Replay:
    """Read a replay file; ReplayError (what and where) for anything but a well-formed replay."""
    try:
        text = read_replay_text(path)
    except ReplayJSONError as exc:
        raise ReplayError(str(exc)) from None
    return parse_replay(text, str(path))


__all__ = ["FORMAT", "HUMAN", "VERSION", "Mark", "Playback", "RecordedAction", "Recorder", "Replay", "ReplayError",
           "ReplayMismatch", "check_replay", "load_replay", "parse_replay", "record_steps", "replays_dir",
           "save_auto", "save_new", "saved_replays"]
