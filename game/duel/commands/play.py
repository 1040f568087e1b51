"""`run.py duel play`: one game between two bots or programs, judged as the course did."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli import UsageError, output_file, positive_seconds
from game.files import atomic_write_text

from ..config import DuelConfig
from ..match import PlayerSpecError, play_match
from .common import load_map

HELP = "play one duel: bots by name or programs (cmd:COMMAND) run once per move; writes the course's log"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", required=True, metavar="PATH", help="a map file (the course's format)")
    p.add_argument("--a", required=True, metavar="SPEC", help="player A: a bot name or cmd:COMMAND")
    p.add_argument("--b", required=True, metavar="SPEC", help="player B: a bot name or cmd:COMMAND")
    p.add_argument("--log", metavar="FILE", help="write the log here (default: standard output)")
    p.add_argument("--time-limit", type=float, default=DuelConfig().time_limit, metavar="S",
                   help="wall-clock seconds per program run, start-up included (default 1)")
    p.add_argument("--seed", type=int, default=0, help="seed of the built-in bots (A gets N, B N+1)")
    p.add_argument("--workdir", metavar="DIR",
                   help="programs run in DIR/A and DIR/B, kept afterwards with their stderr.txt "
                        "(default: a temporary folder removed after the game)")


def run(args: argparse.Namespace) -> int:
    positive_seconds(args.time_limit, "--time-limit")
    for option, spec in (("--a", args.a), ("--b", args.b)):
        if spec.startswith("cmd:") and not spec[4:].strip():
            raise UsageError(f"{option}: cmd: needs a command, as in cmd:./mybot")
    board = load_map(args.map)
    if args.workdir:
        workdir = Path(args.workdir)
        try:
            workdir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(f"--workdir {args.workdir}: {exc.strerror}") from None
    else:
        workdir = None
    log_path = output_file(args.log, "--log") if args.log else None  # before the game
    config = DuelConfig(time_limit=args.time_limit)
    try:
        result = play_match(board, args.a, args.b, config=config, seed=args.seed, workdir=workdir)
    except PlayerSpecError as exc:
        raise UsageError(str(exc)) from None
    for note in result.notes:
        print(f"run.py duel play: {note}", file=sys.stderr)
    if log_path is not None:
        try:
            atomic_write_text(log_path, result.log_text, newline="")
        except OSError as exc:
            raise UsageError(f"--log {args.log}: {exc.strerror}") from None
        print(result.summary())
    else:
        sys.stdout.write(result.log_text)
        sys.stdout.flush()
        print("\n" + result.summary(), file=sys.stderr)
    return 0
