"""Helpers shared by the commands: loading maps and agents with one-line errors."""

from __future__ import annotations

import secrets
import warnings
from pathlib import Path

from game.cli import UsageError
from game.paths import default_map
from game.treasure.board import Board
from game.treasure.mapfile import MapFormatError, MapWarning, read_map


def load_map(path: str | None) -> tuple[Board, Path]:
    if path is None:
        found = default_map()
        if found is None:
            raise UsageError("no map given and maps/ has none: pass --map PATH")
        path = str(found)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", MapWarning)
        try:
            board = read_map(path)
        except MapFormatError as exc:
            raise UsageError(f"rejected map: {exc}") from None
    for w in caught:
        print(f"run.py: warning: {w.message}", file=__import__("sys").stderr)
    return board, Path(path)


def load_agent(name: str, seed: int):
    from game.agents import AgentNotFound, make_agent

    try:
        return make_agent(name, seed)
    except AgentNotFound as exc:
        raise UsageError(str(exc)) from None


def choose_seed(seed: int | None) -> int:
    if seed is None:
        return secrets.randbelow(2**31)
    if seed < 0:
        raise UsageError(f"--seed must be >= 0, not {seed}")
    return seed


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise UsageError(f"expected a size WxH such as 1280x720, not {text!r}") from None
