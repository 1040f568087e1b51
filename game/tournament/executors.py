"""Executors: who plays a tournament's games. Local processes or a Dask cluster, one interface.

An executor takes the dotted name of a game's play function (``"module:function"``, a
function ``Job -> Outcome``) and the jobs, and yields ``(job, outcome)`` pairs as the games
finish, in whatever order they finish. A game whose worker died is played again, once (on Dask:
as often as the scheduler allows, see :class:`DaskExecutor`); if it kills its worker a second
time it comes back as a :class:`Failure`: never a result, but noted (a one-seat game's player is
charged with it).

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


class SerialExecutor:
    """Plays every game in this process, one after another. Only for tests and tools that want
    no child process: a game that kills its process (``os._exit``, a segfault) ends the caller
    too. Benches use :class:`LocalExecutor`, one worker process for ``--workers 1``."""

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
    """In a worker: Ctrl+C is for the runner, which keeps what finished and stops the workers (a
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
                # as the runner's own close() does: SIGTERM, which a game may handle (the duel
                # judge kills its programs, its folders go); exit anyway if nothing does
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(3.0)
                os._exit(1)
            except PermissionError:
                pass

    threading.Thread(target=watch, name="runner-watchdog", daemon=True).start()


LEFTOVER_GRACE = 0.5  # seconds a game's own threads get to end after it returns


def _leftover_threads(before: set) -> list:
    """Threads a job started that are still running after it (an agent stuck past its time
    limit, spinning on in its daemon thread), after a short grace for ones that are ending. A
    thread a game keeps idle for its next game says so with ``thread.idle_between_games = True``
    (Treasure Island's runner reuses its game threads): it is not a leftover."""
    import threading
    import time

    deadline = time.monotonic() + LEFTOVER_GRACE
    while True:
        left = [t for t in threading.enumerate() if t.ident not in before and t.is_alive()
                and not getattr(t, "idle_between_games", False)]
        if not left or time.monotonic() >= deadline:
            return left
        left[0].join(timeout=max(0.0, deadline - time.monotonic()))


def _worker_main(conn, runner_pid: int) -> None:
    """A worker process: plays the jobs the runner sends, one at a time, each answered with
    ``(outcome or Failure, retiring)``. A job that leaves threads of its own running (a stuck
    agent spins on in a daemon thread, and would slow every later game here) retires the worker
    once its answer is sent: a game's outcome depends only on its job, never on what this process
    played before. A ``SystemExit`` (a game's SIGTERM handler, such as the duel judge's, which
    kills its programs and lets the game's cleanup run on the way out) ends the worker."""
    import pickle
    import threading

    try:
        _worker_setup(runner_pid)
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):  # the runner is gone
                os._exit(0)
            if message is None:
                os._exit(0)
            play, job = message
            before = {t.ident for t in threading.enumerate()}
            try:
                result = play_one(play, job)
            except SystemExit:
                raise
            except BaseException as exc:  # noqa: BLE001 - a KeyboardInterrupt raised by a game's own code
                result = Failure(f"{type(exc).__name__} in the game")
            retiring = bool(_leftover_threads(before))
            try:
                conn.send((result, retiring))
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                conn.send((Failure(f"its outcome could not be sent back: {type(exc).__name__}: {exc}"), retiring))
            if retiring:
                os._exit(0)  # the stuck thread goes with the process; the runner starts a new worker
    except SystemExit as exc:
        os._exit(exc.code if isinstance(exc.code, int) else 1)


class _Worker:
    """One worker process of a :class:`LocalExecutor`, and the job it is playing."""

    def __init__(self, ctx) -> None:
        self.conn, child = ctx.Pipe(duplex=True)
        self.process = ctx.Process(target=_worker_main, args=(child, os.getpid()), name="tournament-worker")
        self.process.start()
        child.close()
        self.job: Job | None = None
        self.attempt = 0

    def stop(self, wait: float = 5.0) -> None:
        """End the process: SIGTERM (a game's cleanup runs), then SIGKILL if it stays."""
        self.terminate()
        self.reap(wait)

    def terminate(self) -> None:
        """Close the pipe and send SIGTERM (a game's cleanup runs); never waits."""
        try:
            self.conn.close()
        except OSError:
            pass
        if self.process.is_alive():
            self.process.terminate()

    def reap(self, wait: float = 5.0) -> None:
        """Wait up to ``wait`` seconds for the process to end, then SIGKILL it."""
        self.process.join(timeout=wait)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(timeout=5)


class LocalExecutor:
    """Local worker processes, one game at a time each, the runner knowing which game each worker
    plays. A worker that dies (a segfault, ``os._exit``, the kernel's OOM killer) costs only its
    own game, which is played again, once, by a fresh worker; a game that kills its worker a
    second time comes back as a :class:`Failure`. A worker whose game left threads running
    retires after reporting it (not a death: the game counts) and a fresh worker takes its place.
    One worker is one child process too: no game can end the bench itself."""

    name = "local"

    def __init__(self, workers: int):
        self.workers = max(1, workers)
        self._live: list[_Worker] = []
        self.retired = 0  # workers replaced because a game left threads running
        self.deaths = 0   # workers that died during a game

    def run(self, play: str, jobs: Sequence[Job]) -> Iterator[tuple[Job, Outcome | Failure]]:
        from multiprocessing.connection import wait as wait_for

        ctx = _context()
        waiting: deque = deque((job, 0) for job in jobs)  # (job, attempts so far)
        try:
            while waiting or any(w.job is not None for w in self._live):
                # every idle worker gets a game; new workers while there are games and room
                for worker in list(self._live):
                    if worker.job is None and not worker.process.is_alive():
                        self._live.remove(worker)
                        worker.stop(0)
                while waiting and len(self._live) < self.workers:
                    self._live.append(_Worker(ctx))
                for worker in self._live:
                    if worker.job is None and waiting:
                        job, attempt = waiting.popleft()
                        worker.job, worker.attempt = job, attempt
                        try:
                            worker.conn.send((play, job))
                        except OSError:
                            pass  # it died meanwhile: seen below as its process ending
                busy = [w for w in self._live if w.job is not None]
                ready = set(wait_for([w.conn for w in busy] + [w.process.sentinel for w in busy]))
                for worker in busy:
                    if worker.conn not in ready and worker.process.sentinel not in ready:
                        continue
                    job, attempt = worker.job, worker.attempt
                    answer = None
                    try:
                        if worker.conn.poll():
                            answer = worker.conn.recv()
                    except (EOFError, OSError):
                        answer = None
                    except Exception as exc:  # noqa: BLE001 - an outcome that cannot be unpickled here
                        answer = (Failure(f"its outcome could not be read: {type(exc).__name__}: {exc}"), False)
                    if answer is None:
                        if worker.process.is_alive() and worker.conn not in ready:
                            continue  # only a spurious wake-up
                        # the worker died during this game
                        worker.job = None
                        self._live.remove(worker)
                        worker.stop(1.0)
                        self.deaths += 1
                        if attempt + 1 >= MAX_ATTEMPTS:
                            yield job, Failure(f"its worker process died {MAX_ATTEMPTS} times "
                                               f"({_how_it_ended(worker.process)})")
                        else:
                            waiting.appendleft((job, attempt + 1))  # a fresh worker plays it again
                        continue
                    result, retiring = answer
                    worker.job = None
                    if retiring:  # a deliberate exit after a game that left threads running
                        self._live.remove(worker)
                        worker.stop(5.0)
                        self.retired += 1
                    yield job, result
        finally:
            self.close()

    def close(self) -> None:
        """End every worker now; games still running are not waited for (an interrupted run
        ends now). SIGTERM lets a game clean up (the duel judge kills its programs)."""
        live, self._live = self._live, []
        for worker in live:  # every one told first, so they end together
            worker.terminate()
        for worker in live:
            worker.reap(5)


def _how_it_ended(process) -> str:
    code = process.exitcode
    if code is None:
        return "no exit status"
    if code < 0:
        import signal

        try:
            return f"the last time killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"the last time killed by signal {-code}"
    return f"the last time exit status {code}"


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
    A game whose worker dies is rescheduled by the Dask scheduler on another worker, as many times
    as the scheduler's ``distributed.scheduler.allowed-failures`` says (Dask's default 3: a game
    that kills every worker it runs on is tried on four), then comes back as a :class:`Failure`.
    No ``retries`` are added on top (the play function never raises: an exception in a game is a
    :class:`Failure` already). For the local executor's two attempts, start the scheduler with
    ``DASK_DISTRIBUTED__SCHEDULER__ALLOWED_FAILURES=1``. Each job's result comes back once.
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
            future = self.client.submit(play_one, play, job, key=f"game-{job.key}", pure=False, retries=0)
            futures[future] = job
        try:
            for future in as_completed(list(futures)):
                job = futures.pop(future)
                try:
                    yield job, future.result()
                except Exception as exc:  # noqa: BLE001 - workers lost, allowed-failures + 1 of them
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
    """``--scheduler`` wins; otherwise local worker processes (one for ``--workers 1``: a game
    that kills its process never ends the bench)."""
    if scheduler:
        return DaskExecutor(scheduler)
    return LocalExecutor(workers)


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
