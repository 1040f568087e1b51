"""Tournaments for every game: a schedule of independent games, pluggable executors (local
processes or a Dask cluster), a results database and ratings. Nothing here imports pygame.

A game takes part by giving a play function ``Job -> Outcome`` (named ``"module:function"``
so a worker process or a remote Dask worker can import it) and building its jobs.
"""

from .db import DatabaseError, ResultsDB, default_db_path
from .executors import DaskExecutor, Failure, LocalExecutor, SchedulerUnreachable, SerialExecutor, make_executor
from .runner import TournamentRun, run_tournament, tournament_name
from .schedule import Job, Outcome, digest, make_options

__all__ = ["DatabaseError", "ResultsDB", "default_db_path", "DaskExecutor", "Failure", "LocalExecutor",
           "SchedulerUnreachable", "SerialExecutor", "make_executor", "TournamentRun", "run_tournament",
           "tournament_name", "Job", "Outcome", "digest", "make_options"]
