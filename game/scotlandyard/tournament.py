"""Scotland Yard's part in the tournament runner (``game.tournament``): a bench game as a job,
and back. ``run.py sy bench`` builds the schedule (every Mr X against every detective team on
the same seeded starts) and the runner plays it on local processes or a Dask cluster, storing
every game as it finishes.

The setup is the standard game drawn from the job's seed (``standard_game(seed)``); the job's
setup text names it, so its digest identifies the setup in the results. The standard board is read
at run time from ``maps/scotland-yard/standard.txt``, so a digest of that file is one of the job's
options: an edited board is a new tournament, and a worker with another board refuses the job.
"""

from __future__ import annotations

import time

from game.tournament import Job, Outcome, make_options

from .ai.bench import GameRow, play_one

PLAY = "game.scotlandyard.tournament:play_job"
SETUP = "standard"  # the only setup the bench plays: standard_game(seed)

_TIMING = ("mean_move_ms", "max_move_ms", "moves_over_budget", "max_move_cpu_ms", "moves_over_budget_cpu")


def board_digest() -> str:
    """A digest of the standard board's file, which every game reads at run time."""
    from game.tournament import digest

    from .board import STANDARD_FILE

    if not _BOARD_DIGEST:
        _BOARD_DIGEST.append(digest(STANDARD_FILE.read_bytes().decode("utf-8", errors="replace")))
    return _BOARD_DIGEST[0]


_BOARD_DIGEST: list[str] = []


def jobs_of(mrx: list[str], detectives: list[str], games: int, seed: int, move_time: float) -> list[Job]:
    """Game ``k`` of every pairing starts from ``standard_game(seed + k)``."""
    options = make_options(move_time=move_time, board=board_digest())
    return [Job("scotlandyard", (m, d), SETUP, SETUP, seed + k, options)
            for m in mrx for d in detectives for k in range(games)]


def play_job(job: Job) -> Outcome:
    wanted = job.option("board")
    if wanted is not None and wanted != board_digest():
        raise RuntimeError(f"this worker's maps/scotland-yard/standard.txt differs from the one the job was made "
                           f"with (digest {board_digest()}, not {wanted})")
    started = time.perf_counter()
    row = play_one((job.players[0], job.players[1], 0, job.seed, job.option("move_time", 1.0)))
    seconds = time.perf_counter() - started
    mrx_won = row.winner == "MRX"  # the runner's winner: "MRX" or "DETECTIVES"
    detail = {"winner": row.winner, "log_length": row.log_length, "capture_round": row.capture_round,
              "decisions": row.decisions}
    return Outcome(seconds=seconds, ranks=(0, 1) if mrx_won else (1, 0), turns=row.rounds,
                   mean_move_seconds=row.mean_move_ms / 1000, max_move_seconds=row.max_move_ms / 1000,
                   errors=(("errors", row.errors), ("illegal_moves", row.illegal_moves)),
                   detail=tuple(sorted(detail.items())),
                   timing=tuple(sorted((k, getattr(row, k)) for k in _TIMING)))


def row_of(job: Job, outcome: Outcome, seed: int) -> GameRow:
    detail, errors, timing = dict(outcome.detail), dict(outcome.errors), dict(outcome.timing)
    return GameRow(job.players[0], job.players[1], job.seed - seed, job.seed, detail["winner"], outcome.turns,
                   detail["log_length"], detail["capture_round"], errors.get("illegal_moves", 0),
                   errors.get("errors", 0), detail["decisions"], **{k: timing.get(k, 0) for k in _TIMING})


def run_rows(mrx: list[str], detectives: list[str], games: int, seed: int, move_time: float, *, executor=None,
             db=None, tournament: str | None = None, progress=None):
    """Play every pairing through the tournament runner; ``(rows, run)``, rows in schedule order."""
    from game.tournament import run_tournament

    jobs = jobs_of(mrx, detectives, games, seed, move_time)
    run = run_tournament(PLAY, jobs, executor=executor, db=db, name=tournament, progress=progress)
    return [row_of(job, outcome, seed) for job, outcome in run.results], run
