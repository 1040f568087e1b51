"""`run.py bench-engine`: how fast the engine plays whole games with a trivial agent."""

from __future__ import annotations

import argparse
import statistics
import time

from game.cli import UsageError

from .common import load_map

HELP = "benchmark the engine: N seeded games with a random-valid agent; prints median ms per game"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", required=True, metavar="PATH")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed + i")


def run(args: argparse.Namespace) -> int:
    from game.treasure.agents.base import RandomValidAgent
    from game.treasure.agents.runner import play_game

    if args.games < 1:
        raise UsageError("--games must be at least 1")
    board, path = load_map(args.map)
    play_game(board, 10**6, RandomValidAgent(0))  # warm the board's cached geometry
    times, turns, wins = [], [], 0
    started = time.perf_counter()
    for i in range(args.games):
        t0 = time.perf_counter()
        record = play_game(board, args.seed + i, RandomValidAgent(args.seed + i))
        times.append(time.perf_counter() - t0)
        turns.append(record.state.turn)
        wins += record.result == "WIN"
    total = time.perf_counter() - started
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"map={path} size={board.width}x{board.height} games={args.games} agent=random-valid")
    print(f"games_per_s={args.games / total:.1f} mean_turns={statistics.mean(turns):.1f} wins={wins}")
    print(f"p95_ms={p95 * 1000:.2f}")
    print(f"median_ms={statistics.median(times) * 1000:.2f}")
    return 0
