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
    reproduced = 0
    for name in args.logs:
        try:
            raw = Path(name).read_bytes()
        except OSError as exc:
            print(f"{name}: cannot read: {exc.strerror}")
            continue
        # surrogateescape keeps every byte, so a log that is not UTF-8 still compares exactly.
        recorded = raw.decode("utf-8", errors="surrogateescape")
        replay = replay_log(board, recorded)
        diff = first_difference(recorded, replay.text)
        if diff is None:
            reproduced += 1
            continue
        print(f"{name}: differs at line {diff.line}: recorded {_show(diff.recorded)}, "
              f"engine {_show(diff.regenerated)}")
    print(f"reproduced={reproduced}/{len(args.logs)}")
    return 0 if reproduced == len(args.logs) else 1


def _show(line: str | None) -> str:
    if line is None:
        return "<no line>"
    shown = line if len(line) <= 60 else line[:57] + "..."
    return repr(shown.encode("utf-8", errors="surrogateescape").decode("utf-8", errors="replace"))


__all__ = ["HELP", "add_arguments", "run", "UsageError"]
