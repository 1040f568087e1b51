"""Executors: who plays a tournament's games. Local processes or a Dask cluster, one interface.

An executor takes the dotted name of a game's play function (``"module:function"``, a
function ``Job -> Outcome``) and the jobs, and yields ``(job, outcome)`` pairs as the games
finish, in whatever order they finish. A game whose worker died is played again, once; if it
kills its worker a second time it comes back as a :class:`Failure` and is never counted.

Same jobs, same outcomes, whatever the executor: a game depends only on its job (seeded
players, the setup's text in the job), never on which process or machine plays it.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import shutil
import tempfile
import traceback
from collections import deque
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from .schedule import Job, Outcome

ROOT = Path(__file__).resolve().parent.parent.parent
MAX_ATTEMPTS = 2  # a game whose worker dies is played once more, never a third time


class SchedulerUnreachable(RuntimeError):
    """The Dask scheduler could not be reached (the message names its address)."""


@dataclass(frozen=True)
class Failure:
    """A game that could not be played: its worker died twice, or the play function raised."""

    reason: str


def resolve_play(play: str):
    module_name, _, attr = play.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def play_one(play: str, job: Job) -> Outcome | Failure:
    """Play one job in this process. An exception in a game's code is a :class:`Failure` with
    its last traceback line, not the end of the tournament."""
    try:
        outcome = resolve_play(play)(job)
    except Exception as exc:  # noqa: BLE001 - one broken game must not end the run
        last = traceback.format_exception_only(type(exc), exc)[-1].strip()
        return Failure(f"{type(exc).__name__} in the game: {last}")
    if not isinstance(outcome, Outcome):
        return Failure(f"{play} returned {type(outcome).__name__}, not an Outcome")
    return outcome


def play_in_worker(play: str, job: Job) -> Outcome | Failure:
    """:func:`play_one` in a pool worker. A ``SystemExit`` there (a game's SIGTERM handler, such
    as the duel judge's, which kills its programs and lets the game's cleanup run on the way out)
    ends the worker, not only the game: a pool worker catches every exception of a task and would
    go on to play the game queued behind it, so an interrupted bench took minutes to stop."""
    try:
        return play_one(play, job)
    except SystemExit as exc:
        os._exit(exc.code if isinstance(exc.code, int) else 1)


class SerialExecutor:
    """Plays every game in this process, one after another (``--workers 1``)."""

    name = "serial"

    def run(self, play: str, jobs: Sequence[Job]) -> Iterator[tuple[Job, Outcome | Failure]]:
        for job in jobs:
            yield job, play_one(play, job)

    def close(self) -> None:
        pass


def _context():
    """Not fork where we can help it: forking a process that runs threads (an agent's time-limit
    thread, a Dask client, the test runner's timer) can copy a held lock into the child, which
    then hangs. A forkserver child re-imports ``__main__`` from its file, so a program read from
    standard input (``python - < script``) has to fork."""
    import __main__

    main_file = getattr(__main__, "__file__", None)
    if main_file is not None and not os.path.exists(main_file):
        return multiprocessing.get_context("fork")
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def _worker_setup(runner_pid: int) -> None:
    """In a worker: Ctrl+C is for the runner, which keeps what finished and stops the pool (a
    worker that died of it would only print a traceback). And a worker never outlives its runner:
    if the runner is killed outright, a watchdog ends the worker within a second."""
    import signal
    import threading
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(runner_pid, 0)
            except ProcessLookupError:
                # as the runner's own end of a pool does: SIGTERM, which a game may handle (the
                # duel judge kills its programs, its folders go); exit anyway if nothing does
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(3.0)
                os._exit(1)
            except PermissionError:
                pass

    threading.Thread(target=watch, name="runner-watchdog", daemon=True).start()


class LocalExecutor:
    """Local worker processes. At most two games per worker are in flight (one playing, one
    queued, so no worker waits for the runner), so that when a worker dies (the pool breaks)
    the games it may have been playing are known: those in flight. Each of them is played again in a fresh pool, alone, so a game that kills its worker
    again is known for certain to be the one (a :class:`Failure`), while the games that only
    shared the pool with it are played normally; games still waiting were never started."""

    name = "local"

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self.pool: ProcessPoolExecutor | None = None

    def _new_pool(self) -> ProcessPoolExecutor:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=_context(),
                                        initializer=_worker_setup, initargs=(os.getpid(),))
        return self.pool

    def run(self, play: str, jobs: Sequence[Job]) -> Iterator[tuple[Job, Outcome | Failure]]:
        waiting = deque(jobs)
        suspects: deque = deque()  # in flight when a worker died: each is played again, alone
        in_flight: dict = {}       # future -> (job, played alone)
        pool = self._new_pool()
        try:
            while waiting or suspects or in_flight:
                broken = False
                try:
                    if suspects:
                        if not in_flight:  # a suspect plays alone: if the pool breaks now, it did it
                            in_flight[pool.submit(play_in_worker, play, suspects[0])] = (suspects[0], True)
                            suspects.popleft()
                    else:
                        while waiting and len(in_flight) < 2 * self.workers:  # one queued behind each
                            in_flight[pool.submit(play_in_worker, play, waiting[0])] = (waiting[0], False)
                            waiting.popleft()
                except BrokenProcessPool:
                    broken = True  # a worker died since the last look; the futures say which games
                if in_flight:
                    done, _ = wait(list(in_flight), return_when=FIRST_COMPLETED)
                    if any(isinstance(f.exception(), BrokenProcessPool) for f in done):
                        broken = True
                    if broken:  # every game in flight finished or died with the pool: settle them all
                        done, _ = wait(list(in_flight))
                    for future in done:
                        job, alone = in_flight.pop(future)
                        if not isinstance(future.exception(), BrokenProcessPool):
                            yield job, future.result()
                        elif alone:
                            yield job, Failure(f"its worker process died {MAX_ATTEMPTS} times, "
                                               f"the second time playing it alone")
                        else:
                            suspects.append(job)
                if broken:
                    pool = self._new_pool()
        finally:
            for future in in_flight:
                future.cancel()

    def close(self) -> None:
        if self.pool is not None:
            pool, self.pool = self.pool, None
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            # Games still running are not waited for (an interrupted run ends now).
            for process in processes:
                if process.is_alive():
                    process.terminate()
            for process in processes:
                process.join(timeout=5)


def _stage_project() -> Path:
    """A copy of what a worker needs (the ``game`` package and ``maps``) in a temporary folder
    named after the project, for Dask to ship to every worker."""
    stage = Path(tempfile.mkdtemp(prefix="arcade-ship-")) / "treasure_arcade_project"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "game", stage / "game", ignore=ignore)
    if (ROOT / "maps").is_dir():
        shutil.copytree(ROOT / "maps", stage / "maps", ignore=ignore)
    return stage


class DaskExecutor:
    """Games on a Dask distributed cluster (``--scheduler tcp://HOST:PORT``).

    The project's code and maps go to the workers through Dask itself (an ``UploadDirectory``
    plugin: each worker's nanny unpacks them and puts them on ``sys.path``), so a worker needs
    only Python with the project's dependencies installed. Maps travel inside the jobs anyway.
    A game whose worker dies is rescheduled by Dask on another worker (``retries``); each job's
    result comes back once.
    """

    name = "dask"

    def __init__(self, address: str | None = None, client=None, ship_code: bool = True, timeout: float = 10.0):
        try:
            from distributed import Client
        except ImportError as exc:  # pragma: no cover - dask is a dependency
            raise SchedulerUnreachable(f"Dask is not installed: {exc}") from None
        self._own_client = client is None
        if client is None:
            try:
                client = Client(address, timeout=timeout)
            except (OSError, TimeoutError, ValueError) as exc:
                raise SchedulerUnreachable(f"cannot reach the Dask scheduler at {address}: {exc}") from None
        self.client = client
        self._stage: Path | None = None
        if ship_code:
            from distributed.diagnostics.plugin import UploadDirectory

            self._stage = _stage_project()
            # To the scheduler too (it unpacks the task graph, which names our functions), and
            # workers restart so that the processes that play have the code on their path.
            client.register_plugin(UploadDirectory(str(self._stage), update_path=True, restart_workers=True,
                                                   skip_words=(), mode="all"))

    def run(self, play: str, jobs: Sequence[Job]) -> Iterator[tuple[Job, Outcome | Failure]]:
        from distributed import as_completed

        futures = {}
        for job in jobs:
            future = self.client.submit(play_one, play, job, key=f"game-{job.key}", pure=False,
                                        retries=MAX_ATTEMPTS - 1)
            futures[future] = job
        try:
            for future in as_completed(list(futures)):
                job = futures.pop(future)
                try:
                    yield job, future.result()
                except Exception as exc:  # noqa: BLE001 - a lost worker, twice
                    yield job, Failure(f"the cluster could not play it: {type(exc).__name__}: {exc}")
        finally:
            for future in futures:
                future.cancel()

    def close(self) -> None:
        if self._own_client:
            self.client.close()
        if self._stage is not None:
            shutil.rmtree(self._stage.parent, ignore_errors=True)


def make_executor(workers: int = 1, scheduler: str | None = None):
    """``--scheduler`` wins; otherwise local processes (in this process for one worker)."""
    if scheduler:
        return DaskExecutor(scheduler)
    if workers <= 1:
        return SerialExecutor()
    return LocalExecutor(workers)


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
