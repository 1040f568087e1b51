"""`run.py duel bench`: every pair of bots on every map, both sides; a table, JSON/CSV and a chart."""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time
from pathlib import Path

from game.cli import UsageError, bench_seeds, positive_seconds
from game.duel.config import DuelConfig

HELP = "duel tournament: every pair of bots (or cmd: programs) on every map, both sides, seeded variants"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--bots", default="default,greedy,mirror,walker,random",
                   help="comma-separated bot names, module:Class paths or cmd:COMMAND programs")
    p.add_argument("--maps", nargs="*", default=[], metavar="MAP", help="map files (globs are expanded)")
    p.add_argument("--generated", type=int, default=0, metavar="K",
                   help="also K maps from the generator, 8..30 on each side, square and not (seeded by --seed)")
    p.add_argument("--games", type=int, default=4,
                   help="games per pair, map and side: on a map file game 0 as the map is; the others, "
                        "and every game on a generated board, after a seeded opening of 2-20 random "
                        "moves per player (drawn again if it would hand a copycat the game)")
    p.add_argument("--seed", type=int, default=0, help="game i uses seed + i (bots, openings)")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    p.add_argument("--move-time", type=float, default=0.3, metavar="S",
                   help="per-move budget of in-process bots, seconds (default 0.3)")
    p.add_argument("--time-limit", type=float, default=DuelConfig().time_limit, metavar="S",
                   help="wall-clock limit per move of cmd: programs, start-up included, seconds "
                        "(default: the course's 1)")
    p.add_argument("--focus", metavar="BOT",
                   help="play only the pairs that include this bot (default: every pair)")
    p.add_argument("--out", default="out/duel-bench", help="folder for results.json/.csv, games.csv, winrate.png")
    from game.tournament.cli import add_tournament_arguments

    add_tournament_arguments(p)


def _maps(patterns: list[str]):
    from game.duel.bots.benchmark import MapSpec
    from game.duel.mapfile import MapFormatError, read_map

    from game.tournament.cli import duplicate_maps

    def read(path: str) -> str:
        with open(path, encoding="utf-8") as f:  # as the duel's jobs read it
            return f.read()

    specs, seen = [], set()
    for pattern in patterns:
        paths = sorted(glob.glob(pattern, recursive=True)) if any(ch in pattern for ch in "*?[") else [pattern]
        if not paths:
            raise UsageError(f"--maps {pattern}: no file matches")
        for path in paths:
            if not os.path.isfile(path):
                raise UsageError(f"--maps {path}: no such file")
            try:
                read_map(path)
            except MapFormatError as exc:
                raise UsageError(f"rejected map: {exc}") from None
            label = Path(path).name
            if label in seen:
                label = path
            seen.add(label)
            specs.append(MapSpec(label=label, path=path))
    drop = duplicate_maps([m.path for m in specs], "duel bench", read)  # a map given twice: played once
    return [m for i, m in enumerate(specs) if i not in drop]


def run(args: argparse.Namespace) -> int:
    from game.duel.bots import BotNotFound, bot_class
    from game.duel.bots import benchmark as bench

    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if len(bots) < 2:
        raise UsageError("--bots needs at least two bots")
    if len(set(bots)) != len(bots):
        raise UsageError("--bots names a bot twice")
    for b in bots:
        if b.startswith("cmd:"):
            if not b[4:].strip():
                raise UsageError("--bots: cmd: needs a command, as in cmd:./mybot")
            continue
        try:
            bot_class(b)
        except BotNotFound as exc:
            raise UsageError(f"--bots: {exc}") from None
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    bench_seeds(args.seed, args.games)
    if args.workers < 1:
        raise UsageError(f"--workers must be at least 1, not {args.workers}")
    positive_seconds(args.move_time, "--move-time")
    positive_seconds(args.time_limit, "--time-limit")
    if args.generated < 0:
        raise UsageError(f"--generated must be >= 0, not {args.generated}")
    maps = _maps(args.maps) + bench.generated_maps(args.generated, args.seed)
    if not maps:
        raise UsageError("no maps: give --maps FILES and/or --generated K")
    if args.focus is not None and args.focus not in bots:
        raise UsageError(f"--focus {args.focus}: not one of --bots")
    # The course's limit is stored as no option, so results kept from before the option existed
    # still count as the same games.
    limit = None if args.time_limit == DuelConfig().time_limit else args.time_limit
    specs = bench.schedule(bots, maps, args.games, args.seed, args.move_time, focus=args.focus, time_limit=limit)
    from game.duel.tournament import run_specs
    from game.tournament.cli import Progress, executor, open_db, out_folder, report, sigterm_as_interrupt, write_error

    out = out_folder(args.out, OUTPUTS)  # now, not after every game has been played
    started = time.perf_counter()
    db = open_db(args)
    bar = Progress("duel bench")
    try:
        # Through the tournament runner: local processes or a Dask cluster, every game stored as
        # it finishes; Ctrl+C (or SIGTERM) keeps what finished, and the same command plays the rest.
        with sigterm_as_interrupt():
            rows, run = run_specs(specs, executor=executor(args, args.workers), db=db, tournament=args.tournament,
                                  progress=bar)
    finally:
        bar.stop()
        db.close()
    print(report(run, db))
    if not rows:
        print("duel bench: no game finished")
        return 130 if run.interrupted else 1
    summary = _with_every_bot(bench.summarise(rows, bots), bots, rows)
    print(bench.table(summary))
    config = {"bots": bots, "focus": args.focus, "maps": [m.label for m in maps], "games": args.games,
              "seed": args.seed,
              "move_time": args.move_time, "time_limit": args.time_limit, "workers": args.workers, "total_games": len(rows),
              "seconds": round(time.perf_counter() - started, 1)}
    try:
        written = bench.write_outputs(out, rows, summary, config)
    except OSError as exc:  # checked before the games; a disk that fills up meanwhile still says so in a line
        raise write_error(out, exc) from None
    problems = program_problems(rows)
    if problems:
        print(f"what went wrong, with the number of games (first {len(problems)} kinds):", file=sys.stderr)
        for text, count in problems:
            print(f"{count:>6}  {text}", file=sys.stderr)
    broken = sum(1 for r in rows if r.winner == "error")
    if broken:
        print(f"{broken} game(s) could not be played, counted for neither side (column 'not played'; see games.csv, "
              f"column end)")
    print("wrote " + ", ".join(str(p) for p in written))
    return 130 if run.interrupted else 0


OUTPUTS = ("results.json", "results.csv", "games.csv", "winrate.png")


def _with_every_bot(summary: list[dict], bots: list[str], rows) -> list[dict]:
    """Every bot gets its overall row, even one none of whose games was played (an interrupted
    run): games 0, and its interval 0-1, nothing known (the table shows n/a)."""
    from game.tournament.ratings import wilson

    have = {(s["bot"], s["opponent"]) for s in summary}
    out = []
    for bot in bots:
        out.extend(s for s in summary if s["bot"] == bot)
        if (bot, "all") not in have:
            template = dict(summary[0]) if summary else {}
            low, high = wilson(0, 0)
            blank = {k: 0 for k in template}
            blank.update({"bot": bot, "opponent": "all", "games": 0, "wins": 0, "losses": 0, "ties": 0,
                          "win_rate": 0.0, "ci_low": low, "ci_high": high, "mean_score": 0.0, "mean_move_ms": 0.0,
                          "max_move_ms": 0.0, "moves": 0, "bench_errors": 0})
            out.append(blank)
    for s in out:
        if s["games"] == 0:
            s["ci_low"], s["ci_high"] = wilson(0, 0)
    return out


def program_problems(rows, most: int = 12) -> list[tuple[str, int]]:
    """The games' notes (a program that could not start, exited, timed out, printed what is not
    a move; a bot that raised) without their round, most frequent first, so that a bench says
    why a player erred and not only that it did (DUEL.md: every problem in one line)."""
    import re
    from collections import Counter

    found = Counter(re.sub(r", round \d+\)", ")", part) for r in rows if r.note for part in r.note.split("; "))
    return found.most_common(most)
