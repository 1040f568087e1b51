"""Helpers the duel's commands share: loading a map with a one-line error."""

from __future__ import annotations

from game.cli import UsageError

from ..board import DuelBoard
from ..mapfile import MapFormatError, read_map


def load_map(path: str) -> DuelBoard:
    try:
        return read_map(path)
    except MapFormatError as exc:
        raise UsageError(f"rejected map: {exc}") from None
