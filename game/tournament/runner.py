"""Run a tournament: a schedule of jobs, an executor, the results database.

Every game's bench (``bench``, ``duel bench``, ``sy bench``) is a thin front end over
:func:`run_tournament`: it builds the jobs, names its play function, and summarises the
outcomes it gets back. Games stream back as they finish and go into the database one by one,
so an interrupted run (Ctrl+C, a lost cluster) keeps what finished, and running the same
tournament again plays only what is missing.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Callable, Sequence

from .db import ResultsDB
from .executors import Failure, SerialExecutor
from .schedule import Job, Outcome, code_version


def tournament_name(game: str, jobs: Sequence[Job]) -> str:
    """The default name of a tournament: its game, a digest of its schedule and the code's
    version, so the same command on the same code names the same tournament (a rerun resumes
    it) while a changed agent never reads results its old code played. Only this game's package
    and the shared code count (:func:`code_version`), and the files of outside players
    (:func:`~game.tournament.programs.players_digest`)."""
    h = hashlib.sha256("\n".join(sorted(j.key for j in jobs)).encode()).hexdigest()[:12]
    name = f"{game}-{h}-{code_version(game)}"
    # Outside players count by their files too: a cmd: program rebuilt in place, or a user's
    # agent (path/to/file.py:Class, module:Class outside the project) edited in place, is a new
    # player, whose tournament is a new one, never resumed from the old code's results.
    from .programs import players_digest

    outside = players_digest(p for j in jobs for p in j.players)
    if outside:
        name += "-" + outside
    return name


@dataclass
class TournamentRun:
    name: str
    results: list[tuple[Job, Outcome]] = field(default_factory=list)   # in the schedule's order
    failures: list[tuple[Job, str]] = field(default_factory=list)
    resumed: int = 0     # games found already finished in the database
    played: int = 0      # games played and stored by this run
    stored_elsewhere: int = 0  # games this run played that another run on the database had stored first
    interrupted: bool = False


def run_tournament(play: str, jobs: Sequence[Job], *, executor=None, db: ResultsDB | None = None,
                   name: str | None = None,
                   progress: Callable[[int, int], None] | None = None) -> TournamentRun:
    """Play every job not already in ``db`` for this tournament, storing each as it finishes.

    ``KeyboardInterrupt`` stops the run: the games finished so far are stored and returned
    (``interrupted`` is set); the caller reports them and exits.
    """
    executor = executor or SerialExecutor()
    game = jobs[0].game if jobs else "empty"
    run = TournamentRun(name or tournament_name(game, jobs))
    unique: dict[str, Job] = {}
    for job in jobs:
        unique.setdefault(job.key, job)
    finished: dict[str, Outcome] = {}
    if db is not None:
        stored = db.outcomes(run.name)
        finished = {k: o for k, o in stored.items() if k in unique}
        run.resumed = len(finished)
    todo = [job for key, job in unique.items() if key not in finished]
    total = len(unique)
    if progress:
        progress(len(finished), total)
    try:
        for job, outcome in executor.run(play, todo):
            if isinstance(outcome, Failure):
                run.failures.append((job, outcome.reason))
                if db is not None:  # never a result, but its players are shown (ratings)
                    db.add_failure(run.name, job, outcome.reason)
            else:
                # Two runs of one tournament on one database (two terminals): the game is stored
                # once, by whichever finished it first; this run reports only what it stored.
                if db is None or db.add(run.name, job, outcome):
                    run.played += 1
                else:
                    run.stored_elsewhere += 1
                finished[job.key] = outcome
            if progress:
                progress(len(finished) + len(run.failures), total)
    except KeyboardInterrupt:
        run.interrupted = True
    finally:
        executor.close()
    run.results = [(job, finished[key]) for key, job in unique.items() if key in finished]
    return run
