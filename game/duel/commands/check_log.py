"""`run.py duel check-log`: replay recorded logs through the engine and compare byte for byte."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.cli import UsageError

from ..log import first_difference, replay_log
from .common import load_map

HELP = "replay course logs through our rules; print each log that differs and reproduced=N/M"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", required=True, metavar="PATH", help="the map the games were played on")
    p.add_argument("logs", nargs="+", metavar="LOG")


def run(args: argparse.Namespace) -> int:
    board = load_map(args.map)
    texts = [(name, read_log(name)) for name in args.logs]  # every log read first: bad input stops the run
    reproduced = 0
    for name, recorded in texts:
        replay = replay_log(board, recorded)
        diff = first_difference(recorded, replay.text)
        if diff is None:
            reproduced += 1
            continue
        print(f"{name}: differs at line {diff.line}: recorded {_show(diff.recorded)}, "
              f"engine {_show(diff.regenerated)}")
    print(f"reproduced={reproduced}/{len(args.logs)}")
    return 0 if reproduced == len(args.logs) else 1


MAX_LOG_BYTES = 64 * 1024 * 1024  # a course game writes far less (DUEL.md §7)


def read_log(name: str) -> str:
    """A log's text; UsageError (one line naming the file) for a file that is missing, a folder,
    unreadable, not UTF-8 text (the judge writes every output as UTF-8) or implausibly large."""
    from game.files import read_text_at_most

    if Path(name).is_dir():
        raise UsageError(f"{name}: is a folder, not a log file")
    return read_text_at_most(name, MAX_LOG_BYTES, UsageError, "a course log")


def _show(line: str | None) -> str:
    if line is None:
        return "<no line>"
    shown = line if len(line) <= 60 else line[:57] + "..."
    return repr(shown.encode("utf-8", errors="surrogateescape").decode("utf-8", errors="replace"))


__all__ = ["HELP", "add_arguments", "run", "UsageError"]
