"""Scotland Yard AIs side by side: every (Mr X, detectives) pairing on the same seeded games.

Game ``k`` of every pairing starts from ``standard_game(seed + k)`` and seeds both players with
``seed + k``, so pairings differ only by their players. Games run in worker processes; each game
records its winner, length, capture round, illegal moves and the time of every decision.
"""

from __future__ import annotations

import signal
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from game.tournament.ratings import wilson  # the one 95% Wilson interval, shared by every bench

RESULT_COLUMNS = ["mrx", "detectives", "games", "mrx_wins", "mrx_win_rate", "ci_low", "ci_high",
                  "mean_rounds", "mean_capture_round", "captures", "illegal_moves", "errors",
                  "mean_move_ms", "max_move_ms", "moves_over_budget", "max_move_cpu_ms",
                  "moves_over_budget_cpu", "move_time"]
GAME_COLUMNS = ["mrx", "detectives", "game", "seed", "winner", "rounds", "log_length", "capture_round",
                "illegal_moves", "errors", "decisions", "mean_move_ms", "max_move_ms", "moves_over_budget",
                "max_move_cpu_ms", "moves_over_budget_cpu"]
OVER_BUDGET = 1.2   # a move over 120% of the budget counts as over




@dataclass
class GameRow:
    mrx: str
    detectives: str
    game: int
    seed: int
    winner: str
    rounds: int
    log_length: int
    capture_round: int | None
    illegal_moves: int
    errors: int
    decisions: int
    mean_move_ms: float
    max_move_ms: float
    moves_over_budget: int
    max_move_cpu_ms: float
    moves_over_budget_cpu: int


def play_one(job: tuple[str, str, int, int, float]) -> GameRow:
    mrx_name, det_name, k, seed, move_time = job
    from game.scotlandyard import standard_game
    from game.scotlandyard.ai import make_detectives, make_mrx
    from game.scotlandyard.ai.runner import play_game

    s = seed + k
    result = play_game(standard_game(s), make_mrx(mrx_name, seed=s, move_time=move_time),
                       make_detectives(det_name, seed=s, move_time=move_time))
    times = result.mrx_times + result.detective_times
    return GameRow(mrx_name, det_name, k, s, result.winner, result.rounds, result.mrx_moves,
                   result.captured_round, result.illegal_moves, len(result.errors), len(times),
                   1000 * sum(times) / max(1, len(times)), 1000 * max(times, default=0.0),
                   sum(1 for t in times if t > move_time * OVER_BUDGET),
                   1000 * max(result.cpu_times, default=0.0),
                   sum(1 for t in result.cpu_times if t > move_time * OVER_BUDGET))


def _worker_init() -> None:
    # a worker ends at once when the bench terminates it (the parent may have its own handler)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def run(mrx: list[str], detectives: list[str], games: int, seed: int, workers: int, move_time: float,
        progress=None) -> list[GameRow]:
    """Play every pairing; ``progress(done, total)`` after each game."""
    jobs = [(m, d, k, seed, move_time) for m in mrx for d in detectives for k in range(games)]
    rows: list[GameRow] = []
    total = len(jobs)
    if workers <= 1:
        for job in jobs:
            rows.append(play_one(job))
            if progress:
                progress(len(rows), total)
    else:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_init)
        try:
            futures = [pool.submit(play_one, job) for job in jobs]
            for fut in as_completed(futures):
                rows.append(fut.result())
                if progress:
                    progress(len(rows), total)
        except BaseException:
            # interrupted (Ctrl-C, SIGTERM) or a worker died: leave no worker behind
            for proc in list(getattr(pool, "_processes", {}).values()):
                proc.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    order = {(m, d): i for i, (m, d) in enumerate((m, d) for m in mrx for d in detectives)}
    rows.sort(key=lambda r: (order[(r.mrx, r.detectives)], r.game))
    return rows


def summarise(rows: list[GameRow], move_time: float) -> list[dict]:
    out = []
    pairs = []
    for r in rows:
        if (r.mrx, r.detectives) not in pairs:
            pairs.append((r.mrx, r.detectives))
    for m, d in pairs:
        mine = [r for r in rows if r.mrx == m and r.detectives == d]
        n = len(mine)
        wins = sum(1 for r in mine if r.winner == "MRX")
        low, high = wilson(wins, n)
        caps = [r.capture_round for r in mine if r.capture_round is not None]
        decisions = sum(r.decisions for r in mine)
        out.append({
            "mrx": m, "detectives": d, "games": n, "mrx_wins": wins,
            "mrx_win_rate": round(wins / n, 4) if n else 0.0,
            "ci_low": round(low, 4), "ci_high": round(high, 4),
            "mean_rounds": round(sum(r.rounds for r in mine) / n, 2) if n else 0.0,
            "mean_capture_round": round(sum(caps) / len(caps), 2) if caps else None,
            "captures": len(caps),
            "illegal_moves": sum(r.illegal_moves for r in mine),
            "errors": sum(r.errors for r in mine),
            "mean_move_ms": round(sum(r.mean_move_ms * r.decisions for r in mine) / max(1, decisions), 3),
            "max_move_ms": round(max((r.max_move_ms for r in mine), default=0.0), 3),
            "moves_over_budget": sum(r.moves_over_budget for r in mine),
            "max_move_cpu_ms": round(max((r.max_move_cpu_ms for r in mine), default=0.0), 3),
            "moves_over_budget_cpu": sum(r.moves_over_budget_cpu for r in mine),
            "move_time": move_time,
        })
    return out


def game_dicts(rows: list[GameRow]) -> list[dict]:
    out = []
    for r in rows:
        d = asdict(r)
        d["mean_move_ms"] = round(d["mean_move_ms"], 3)
        d["max_move_ms"] = round(d["max_move_ms"], 3)
        d["max_move_cpu_ms"] = round(d["max_move_cpu_ms"], 3)
        out.append(d)
    return out


def now() -> float:
    return time.perf_counter()
