"""The options every game's bench shares: where results go and who plays the games.

``--db PATH`` (default: ``results.sqlite`` in the per-user data folder), ``--scheduler
tcp://HOST:PORT`` (a Dask cluster; default: local worker processes) and ``--tournament NAME``.
Without a name, a tournament is named by its game, its schedule and its game's code (the game's
package and the shared code, not the other games'), so the same command on the same code resumes
an interrupted run, and a changed agent starts afresh instead of reading stale results.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from contextlib import contextmanager
from pathlib import Path

from game.cli import UsageError


def add_tournament_arguments(p) -> None:
    p.add_argument("--db", metavar="PATH", default=None,
                   help="results database (default: results.sqlite in the per-user data folder); "
                        "every game is stored as it finishes, and the same command resumes")
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT", default=None,
                   help="play the games on this Dask cluster (default: local worker processes)")
    p.add_argument("--tournament", metavar="NAME", default=None,
                   help="name the tournament (default: its game, schedule and code version)")


def out_folder(path: str, files: tuple[str, ...] = ()) -> Path:
    """The bench's ``--out`` folder, made now (before any game is played) and checked to take
    new files, and ``files`` (the names the bench writes there) checked to be no folder and, if
    there, writable: a clear one-line error if not, e.g. when a file already has that name or
    the folder is someone else's, never a traceback after every game has been played."""
    from game.cli import cannot_write_in

    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot create the folder ({exc.strerror})") from None
    why = cannot_write_in(out)
    if why is not None:
        raise UsageError(f"--out {out}: cannot write in the folder ({why})")
    for name in files:
        target = out / name
        if target.is_dir():
            raise UsageError(f"--out {out}: {name} there is a folder, and the bench writes a file of that name")
        if target.exists() and not os.access(target, os.W_OK):
            raise UsageError(f"--out {out}: cannot write {name} there (permission denied)")
    return out


def write_error(out: Path, exc: OSError) -> UsageError:
    """The one line for an output the bench could not write after all (the games are kept in the
    results database: the same command writes the files again without playing them)."""
    where = f" {Path(exc.filename).name}" if getattr(exc, "filename", None) else ""
    return UsageError(f"--out {out}: cannot write{where} ({exc.strerror or exc}); the games are kept in the results "
                      f"database, and the same command writes the files without playing them again")


def open_db(args):
    from . import DatabaseError, ResultsDB, default_db_path

    path = Path(args.db) if getattr(args, "db", None) else default_db_path()
    try:
        return ResultsDB(path)
    except DatabaseError as exc:
        raise UsageError(str(exc)) from None


def executor(args, workers: int):
    from . import SchedulerUnreachable, make_executor

    try:
        return make_executor(workers, getattr(args, "scheduler", None))
    except SchedulerUnreachable as exc:
        raise UsageError(str(exc)) from None


def report(run, db) -> str:
    """One line on what the runner did: played, resumed, failed, interrupted, where stored."""
    parts = [f"tournament {run.name}: {run.played} played"]
    if run.resumed:
        parts.append(f"{run.resumed} already in the database")
    if getattr(run, "stored_elsewhere", 0):
        parts.append(f"{run.stored_elsewhere} played here too but stored first by another run on the same database")
    if run.failures:
        parts.append(f"{len(run.failures)} could not be played")
    text = ", ".join(parts) + (f" (stored in {db.path})" if db is not None else "")
    if run.interrupted:
        text += "; interrupted: the same command plays the rest"
    return text


def drop_duplicate_maps(paths: list[str], command: str, read=None) -> list[str]:
    """The maps once each: a game is known by its map's text, so a map given twice (a glob and
    its file, or two files with the same text) would be one map's games merged under two names.
    The later one is left out, with one line on stderr naming both files."""
    drop = duplicate_maps(paths, command, read)
    return [path for i, path in enumerate(paths) if i not in drop]


def duplicate_maps(paths: list[str], command: str, read=None) -> set[int]:
    """The indices in ``paths`` of maps whose text an earlier one has (see
    :func:`drop_duplicate_maps`), each said in one line on stderr."""
    from game.tournament import digest

    def read_text(path: str) -> str:
        with open(path, encoding="utf-8-sig") as f:  # as the bench reads it for its jobs
            return f.read()

    read = read or read_text
    first: dict[str, str] = {}
    drop = set()
    for i, path in enumerate(paths):
        try:
            key = digest(read(path))
        except (OSError, UnicodeDecodeError):
            continue  # read again (and refused in a line) where the games are made
        if key in first:
            same = "is given twice" if os.path.realpath(first[key]) == os.path.realpath(path) else \
                f"has the same text as {first[key]}"
            print(f"{command}: --maps {path} {same}: playing it once, as {first[key]}", file=sys.stderr)
            drop.add(i)
            continue
        first[key] = path
    return drop


class Progress:
    """How far a bench has got, called with (games done, games in all) as each game finishes:
    rich's bar on a terminal (on the stream given, standard error by default, so that results
    piped from standard output stay clean), a plain line at every tenth otherwise (a log file,
    CI), or where rich cannot be imported."""

    def __init__(self, label: str = "bench", stream=None) -> None:
        self.stream = stream if stream is not None else sys.stderr  # the stream of the moment, not of import time
        self.label, self.start, self.last, self.first = label, time.perf_counter(), -1, None
        self.bar = self.task = None
        if self.stream.isatty():
            try:
                from rich.console import Console
                from rich.progress import (BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn,
                                           TimeElapsedColumn, TimeRemainingColumn)
            except ImportError:
                return
            self.bar = Bar(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                           TimeElapsedColumn(), TimeRemainingColumn(), console=Console(file=self.stream))

    def __call__(self, done: int, total: int) -> None:
        if self.first is None:
            self.first = done  # games a resumed run found stored: not played now, no part of the pace
        if self.bar is not None:
            if self.task is None:
                self.bar.start()
                self.task = self.bar.add_task(self.label, total=total, completed=done)
            self.bar.update(self.task, completed=done)
            return
        tenth = 10 * done // total if total else 10
        if tenth == self.last:
            return
        self.last = tenth
        elapsed = time.perf_counter() - self.start
        played = done - self.first
        left = f", about {elapsed * (total - done) / played:.0f}s left" if played > 0 and done < total else ""
        self.stream.write(f"{self.label}: {done}/{total} games, {elapsed:.0f}s{left}\n")
        self.stream.flush()

    def stop(self) -> None:
        if self.bar is not None and self.task is not None:
            self.bar.stop()


@contextmanager
def sigterm_as_interrupt():
    """Within it, SIGTERM (a plain ``kill``, a batch system ending the job) stops a bench as Ctrl+C
    does: the runner keeps every finished game, stops its workers and reports; the same command
    plays the rest. Outside the main thread (where no handler can be set) it does nothing, and a
    SIGTERM the caller chose to ignore (``signal.SIG_IGN``, inherited from whoever started the
    bench) stays ignored."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    previous = None
    try:
        if signal.getsignal(signal.SIGTERM) is not signal.SIG_IGN:
            previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:
        pass      # not the main thread
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
