"""`run.py bench-replay FILE`: how long seeking to a point of a replay takes.

The replay is checked once (that pass builds the checkpoints), then every position is sought in
a random order, plus the extremes (start, end, and jumps between them), each from wherever the
previous seek left off, as the replay scene does. Prints a table, then ``max_seek_ms=<number>``
as the last line.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from game.cli import UsageError

HELP = "time seeking to every point of a replay (last line: max_seek_ms=<number>)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a replay JSON file")
    p.add_argument("--checkpoint-every", type=int, default=None, metavar="K",
                   help="keep a state every K actions (default: the replay module's default)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random seek order")


def run(args: argparse.Namespace) -> int:
    from game.arcade.games import game_of_replay  # no pygame until a duel replay is drawn

    from .replay import refused

    if args.checkpoint_every is not None and args.checkpoint_every < 1:
        raise UsageError(f"--checkpoint-every must be at least 1, not {args.checkpoint_every}")

    other = game_of_replay(args.file)
    if other is not None and other.info.id not in ("duel", "treasure") and hasattr(other.entry, "bench_replay"):
        try:
            return other.entry.bench_replay(args.file, seed=args.seed)
        except ValueError as exc:
            raise UsageError(f"replay refused: {exc}") from None
    if other is not None and other.info.id == "duel":
        from game.duel.arcade.bench import bench_replay
        from game.duel.arcade.codec import DuelReplayError

        try:
            return bench_replay(args.file, seed=args.seed)
        except DuelReplayError as exc:
            raise UsageError(f"replay refused: {exc}") from None
    from game.treasure.replay import Playback, ReplayError, load_replay
    from game.treasure.replay.playback import DEFAULT_CHECKPOINT_EVERY

    every = DEFAULT_CHECKPOINT_EVERY if args.checkpoint_every is None else args.checkpoint_every
    try:
        replay = load_replay(args.file)
        started = time.perf_counter()
        playback = Playback(replay, checkpoint_every=every)
        load_ms = (time.perf_counter() - started) * 1000
    except ReplayError as exc:
        raise UsageError(refused(args.file, exc)) from None
    n = len(playback)
    order = list(np.random.default_rng(args.seed).permutation(n))
    last = n - 1
    order += [0, last, 0, last, last // 2, 0, last, 1, last - 1]  # the extremes and long jumps
    times = []
    for i in order:
        started = time.perf_counter()
        playback.state_at(int(i))
        times.append((time.perf_counter() - started) * 1000)
    worst = max(times)
    board = replay.board
    print(f"replay: {args.file}  map {board.width}x{board.height}  {len(replay.actions)} actions  "
          f"{playback.final.turn} turns")
    print(f"check + checkpoints: {load_ms:.1f} ms  (a state every {every} actions, {len(playback.checkpoints)} kept)")
    print(f"seeks: {len(times)}  median {statistics.median(times):.3f} ms  "
          f"p95 {float(np.percentile(times, 95)):.3f} ms  max {worst:.3f} ms")
    print(f"max_seek_ms={worst:.3f}")
    return 0
