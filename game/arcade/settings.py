"""What the arcade remembers between sessions: the last map and seed, the rules chosen on the
title screen, the sound volume. One small JSON file in the per-user data folder (beside the
replays); a missing or broken file is the same as an empty one and is never fatal."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

FILE_NAME = "arcade-settings.json"


def settings_path() -> Path:
    from game.replayfiles import data_dir

    return data_dir() / FILE_NAME


def load_settings() -> dict[str, Any]:
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def update_settings(**values: Any) -> None:
    """Merge ``values`` into the file, written atomically; a failure to write is ignored (the
    arcade works the same, it only forgets)."""
    data = load_settings()
    data.update(values)
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1)
        os.replace(tmp, path)
    except OSError:
        pass
