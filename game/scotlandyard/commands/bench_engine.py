"""``run.py sy bench-engine``: engine speed on random full standard games (no AI)."""

from __future__ import annotations

import argparse
import random
import statistics
import time

from game.cli import UsageError

HELP = ("Scotland Yard engine speed: random full standard games; prints the median time per game and "
        "Mr X's available_moves time with double moves (last line median_ms=...)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=200, help="number of random games (default 200)")
    parser.add_argument("--seed", type=int, default=0, help="game i uses seed SEED+i (default 0)")


def _uncached(state):
    """The same state without its cached moves/winner, so timing measures the computation."""
    from game.scotlandyard.model import GameState

    fresh = GameState._make(state._game, state._locs, state._tix, (), state._log, None)
    fresh._remaining = state._remaining
    return fresh


def run(args) -> int:
    from game.scotlandyard import Board, Ticket, standard_game

    if args.games < 1:
        raise UsageError(f"--games must be at least 1, got {args.games}")
    Board.standard()  # load the board and build its move tables outside the timings
    standard_game(0).available_moves()
    game_ms, plies, mrx_ms, mrx_counts = [], [], [], []
    for i in range(args.games):
        seed = args.seed + i
        rng = random.Random(seed)
        t0 = time.perf_counter()
        state = standard_game(seed)
        trail = [state]
        while not state.winner:
            moves = state.legal_moves()
            state = state.advance(moves[rng.randrange(len(moves))])
            trail.append(state)
        game_ms.append((time.perf_counter() - t0) * 1000)
        plies.append(len(trail) - 1)
        for s in trail:  # Mr X to move with a DOUBLE ticket and two free log slots
            if (s.is_mrx_turn and not s.winner and s.tickets(s.players[0])[Ticket.DOUBLE] > 0
                    and len(s.travel_log) + 2 <= len(s.setup.reveals)):
                fresh = _uncached(s)
                t1 = time.perf_counter()
                found = fresh.available_moves()
                mrx_ms.append((time.perf_counter() - t1) * 1000)
                mrx_counts.append(len(found))
    print(f"games={args.games} seeds={args.seed}..{args.seed + args.games - 1}")
    print(f"moves per game: median {statistics.median(plies):.0f}, max {max(plies)}")
    print(f"time per game: median {statistics.median(game_ms):.3f} ms, "
          f"p90 {statistics.quantiles(game_ms, n=10)[-1] if len(game_ms) > 1 else game_ms[0]:.3f} ms "
          "(target: median under 20 ms)")
    if mrx_ms:
        print(f"Mr X available_moves with doubles: median {statistics.median(mrx_ms):.4f} ms over "
              f"{len(mrx_ms)} positions, median {statistics.median(mrx_counts):.0f} moves "
              "(target: median under 0.5 ms)")
        print(f"mrx_moves_median_ms={statistics.median(mrx_ms):.4f}")
    print(f"median_ms={statistics.median(game_ms):.3f}")
    return 0
