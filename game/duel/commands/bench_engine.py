"""`run.py duel bench-engine`: full games between two in-process random walkers, timed.

The walkers live here and call the rules directly (``legal_moves`` + ``step``), with no input text
and no judge, so the number is the engine's own cost per game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.cli import UsageError

from ..config import DuelConfig
from ..protocol import MOVES
from ..rules import initial_state, step
from .common import load_map

HELP = "benchmark the rules: N full games between two random walkers; prints median ms per game"


def play_walkers(board, seed: int, config: DuelConfig = DuelConfig()):
    """One game between two random walkers that pick among the legal moves (any move, hence an
    invalid one, when boxed in). Returns the final state."""
    rng = random.Random(seed)
    choice = rng.choice
    state = initial_state(board, config)
    neighbours = board.neighbours
    while state.outcome is None:
        if state.mover == "A":
            here, other = state.pos_a, state.pos_b
        else:
            here, other = state.pos_b, state.pos_a
        row = neighbours[here]
        legal = [MOVES[k] for k in (0, 1, 2, 3) if row[k] >= 0 and row[k] != other]
        state, _ = step(state, choice(legal) if legal else MOVES[0])
    return state


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", required=True, metavar="PATH")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0, help="first seed; game i uses seed + i")


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    board = load_map(args.map)
    play_walkers(board, -1)  # warm-up
    times, rounds, results = [], [], {"A Win": 0, "B Win": 0, "Tie": 0}
    started = time.perf_counter()
    for i in range(args.games):
        t0 = time.perf_counter()
        final = play_walkers(board, args.seed + i)
        times.append(time.perf_counter() - t0)
        rounds.append(final.round)
        results[final.outcome.winner] += 1
    total = time.perf_counter() - started
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"map={args.map} size={board.rows}x{board.cols} games={args.games} players=random-walker,random-walker")
    print(f"games_per_s={args.games / total:.1f} mean_rounds={statistics.mean(rounds):.1f} "
          f"a_wins={results['A Win']} b_wins={results['B Win']} ties={results['Tie']}")
    print(f"p95_ms={p95 * 1000:.2f}")
    print(f"median_ms={statistics.median(times) * 1000:.2f}")
    return 0
