"""Running a bot program for one move, as the course's judge did, but safely.

The course's judge started a fresh process for every move, gave it the input on stdin, waited at
most 1 s of wall clock (start-up included) and read its standard output. What it decided, and
what we reproduce (DUEL.md §4):

* the program did not finish in time, exited with a non-zero status, was killed by a signal or
  could not be started at all (missing or non-executable command): ``time out``, no log line;
* otherwise its output, read with universal newlines, is logged minus its last character and
  must then be exactly a move, else ``invalid output format``; bytes that are not UTF-8 are
  ``invalid output format`` too (logged with replacement characters).

Safety, beyond the course: no shell (the command is split like a shell would, then executed
directly); the program runs in a new session, and its whole process group is killed at the limit AND
after every normal exit, so a forked child never outlives its move. A child that leaves the group
(``setsid``, a daemon's double fork) is found too, on Linux: every run gets its own mark in its
environment (``TREASURE_DUEL_RUN``), which children inherit, and after the group the judge kills
every process still carrying it (found in ``/proc``, as Jenkins finds a build's strays). At most
``output_cap`` bytes of output are kept (the rest is read and thrown away until the program ends or
the limit comes, so the verdict stays the course's: a flood that ends in time with status 0 is
invalid output, one that runs past the limit is a time-out); stderr goes to a file in the program's
own working folder, at most ``STDERR_CAP`` bytes of it over a game (the rest is read and thrown
away). A judge stopped by SIGTERM or SIGHUP kills the running program's group, and its strays,
before it ends. A run ends when the started process exits: its answer is what it wrote to standard
output by then. The course's judge sent the output to a file and read it as soon as the program
ended, so a child left running (even one holding standard output open) never delayed or changed a
move there; here such a child is also killed at once.
"""

from __future__ import annotations

import atexit
import os
import secrets
import selectors
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

OUTPUT_CAP = 64 * 1024
STDERR_FILE = "stderr.txt"
STDERR_CAP = 1024 * 1024  # what a program's stderr file keeps, over all its moves


@dataclass(frozen=True)
class RunResult:
    """One program run. ``output`` is the decoded, newline-normalised standard output when the
    program exited 0 within the limit, else ``None`` (the course's ``time out``)."""

    output: str | None
    seconds: float
    status: str          # "ok", "timeout", "exit N", "signal N", "not started"
    valid_utf8: bool = True
    truncated: bool = False
    note: str = ""       # one line saying what went wrong, for the judge's stderr


def split_command(command: str, base: str | os.PathLike | None = None) -> list[str]:
    """Split ``command`` like a POSIX shell (quotes, backslashes; no variables, globs or pipes).

    The program runs in its own working folder, so a relative path the user typed is made
    absolute against ``base`` (default: the current folder) when it names something that exists
    there: ``cmd:./bot`` and ``cmd:python mybot.py`` work from where the judge was started.
    """
    argv = shlex.split(command)
    if not argv:
        raise ValueError("empty command")
    base = Path(base or os.getcwd())
    out = []
    for k, arg in enumerate(argv):
        if not arg.startswith("-") and not os.path.isabs(arg) and (k > 0 or "/" in arg):
            candidate = base / arg
            if candidate.exists():
                arg = str(candidate)
        out.append(arg)
    return out


def decode_output(data: bytes) -> tuple[str, bool]:
    """A program's output as the course's judge read it: UTF-8 (with replacement characters where
    it is not, and False) and universal newlines."""
    try:
        text, ok = data.decode("utf-8"), True
    except UnicodeDecodeError:
        text, ok = data.decode("utf-8", errors="replace"), False
    return text.replace("\r\n", "\n").replace("\r", "\n"), ok


RUN_MARK = "TREASURE_DUEL_RUN"   # the environment variable that marks one run's processes
STRAY_WAIT = 1.0                 # seconds at most to scan for a run's strays once its group is killed
_STRAY_PAUSE = 0.002             # between scans, so a killed stray gets the CPU to die
_PF_KTHREAD = 0x00200000         # a kernel thread, in the flags of /proc/PID/stat


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _processes() -> frozenset[tuple[str, int]]:
    """The processes alive now, each as its /proc entry's name (the pid) and inode number: a new
    process gets a new inode even where it reuses an old pid, and the listing costs no read of any
    process's files. Empty where there is no /proc."""
    try:
        with os.scandir("/proc") as entries:
            return frozenset((entry.name, entry.inode()) for entry in entries if entry.name.isdigit())
    except OSError:
        return frozenset()


@dataclass(frozen=True)
class _Mark:
    """What marks one run's processes: ``env`` is ``TREASURE_DUEL_RUN=<token>`` as it stands in
    their environment; ``before`` the processes that were already alive when the run began, which
    cannot be the run's and are never read (reading a process's environment is most of a scan's
    cost, about 20 microseconds a process)."""

    env: bytes
    before: frozenset[tuple[str, int]]


MARKED, CLEAR, PENDING = "marked", "clear", "pending"


def classify(environ: bytes, env: bytes, stat: str = "", cmdline: bytes = b"") -> str:
    """Is a process one of the run's? From its ``/proc/PID/environ`` (and, when that is empty,
    its ``stat`` and ``cmdline``): MARKED if its environment holds ``env``, CLEAR if it cannot be
    the run's, PENDING if it cannot be told yet. An empty environment is a kernel thread's, a
    dead process's, one started with none at all (it has its command line), or one in the middle
    of ``exec``: the kernel sets up the new environment and command line only after the old
    program's close-on-exec files are closed, so a bot's ``subprocess.Popen`` can return, and the
    bot exit, while its child still reads as empty. That one is PENDING: looked at again."""
    if environ:
        return MARKED if env in environ.split(b"\0") else CLEAR
    try:
        fields = stat.rsplit(")", 1)[1].split()
        state, flags = fields[0], int(fields[6])
    except (IndexError, ValueError):
        return CLEAR      # gone before its stat was read
    if state in "ZXx" or flags & _PF_KTHREAD or cmdline:
        return CLEAR
    return PENDING


def _read_at(folder: int, name: str) -> bytes:
    fd = os.open(name, os.O_RDONLY | os.O_CLOEXEC, dir_fd=folder)
    try:
        chunks = []
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _environ_at(folder: int) -> bytes:
    """The environment of the process whose /proc folder is open as ``folder``. Where its main
    thread has ended while other threads run on, its own file reads as gone: a live thread's then."""
    try:
        return _read_at(folder, "environ")
    except ProcessLookupError:
        pass
    try:
        tasks = os.open("task", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=folder)
    except OSError:
        return b""
    try:
        for tid in os.listdir(tasks):
            try:
                environ = _read_at(tasks, f"{tid}/environ")
            except OSError:
                continue
            if environ:
                return environ
        return b""
    finally:
        os.close(tasks)


def _probe_at(folder: int, env: bytes) -> str:
    """:func:`classify` for the process whose /proc folder is open as ``folder``."""
    try:
        environ = _environ_at(folder)
        if environ:
            return classify(environ, env)
        return classify(environ, env, _read_at(folder, "stat").decode(errors="replace"),
                        _read_at(folder, "cmdline"))
    except OSError:   # ended, or not ours to read (another user's, or made unreadable)
        return CLEAR


def _kill_at(folder: int, pid: int) -> None:
    """SIGKILL the process whose /proc folder is open as ``folder``: through that folder, which
    names that very process, never one that has taken its pid since (Linux 5.1+); by pid where
    that cannot be done."""
    try:
        signal.pidfd_send_signal(folder, signal.SIGKILL)
        return
    except ProcessLookupError:
        return    # it has ended
    except (AttributeError, OSError):
        pass
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def _kill_marked(mark: _Mark) -> tuple[int, int]:
    """SIGKILL every process begun since the run began whose environment carries the run's mark;
    how many were found, and how many could not be told yet (PENDING in :func:`classify`). Each
    process's /proc folder is opened once, read and signalled through, so what is read and what is
    killed are the same process even if its pid is reused meanwhile."""
    found = pending = 0
    for name, _ in _processes() - mark.before:   # the judge itself is among those before
        try:
            folder = os.open(f"/proc/{name}", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        except OSError:
            continue
        try:
            seen = _probe_at(folder, mark.env)
            if seen == PENDING:
                pending += 1
            elif seen == MARKED:
                found += 1
                _kill_at(folder, int(name))
        finally:
            os.close(folder)
    return found, pending


def _kill_run(pgid: int, mark: _Mark | None) -> None:
    """Kill one run: its process group, then every process that left the group but still carries
    the run's mark, looking again until no process is marked or pending (a stray may fork while
    it is being found, or still be in the middle of ``exec``), for STRAY_WAIT seconds at most."""
    _kill_group(pgid)
    if mark is None:
        return
    end = time.monotonic() + STRAY_WAIT
    while True:
        found, pending = _kill_marked(mark)
        if not (found or pending) or time.monotonic() >= end:
            return
        time.sleep(_STRAY_PAUSE)


# The runs going on now: the process group of each program and the mark in its environment. A
# judge stopped by SIGTERM or SIGHUP (``kill``, ``timeout``, a closed terminal) kills them, then
# exits as Ctrl+C would (exit status 128 + the signal), running the ``finally`` blocks that remove
# temporary folders: Python's default for those signals ends the process at once and leaves the
# programs running.
_LIVE_GROUPS: dict[int, _Mark] = {}
_HANDLED: set[int] = set()


def _stop_on_signal(signum, frame) -> None:
    for pgid, mark in list(_LIVE_GROUPS.items()):
        _kill_run(pgid, mark)
    import multiprocessing

    # A second one ends a command at once; a bench's worker process ignores it (its pool may send
    # one more as it shuts down) and leaves when the game's cleanup is done, or its watchdog ends it.
    signal.signal(signum, signal.SIG_IGN if multiprocessing.parent_process() is not None else signal.SIG_DFL)
    raise SystemExit(128 + signum)  # as Ctrl+C does: the temporary folders are removed on the way


def kill_running(pid: int) -> None:
    """Kill the group of a program :func:`run_program` is running now, from any thread; nothing
    if that run has ended (its pid may then name another process). Only the group, so that the
    caller (the arcade's frame loop) never waits on a scan of /proc: the run's own thread kills
    the strays as its ``run_program`` ends, at once, since its program has ended."""
    if pid in _LIVE_GROUPS:
        _kill_group(pid)


@atexit.register
def _kill_left_running() -> None:
    """A program still running when the interpreter ends (the arcade quit while a worker thread
    waited on one) is killed with it, never left behind."""
    for pgid, mark in list(_LIVE_GROUPS.items()):
        _kill_run(pgid, mark)


def install_cleanup() -> None:
    """Kill every running program's group if this process gets SIGTERM or SIGHUP. Only from the
    main thread (Python's rule for signal handlers), and only where nobody set a handler already;
    :func:`run_program` calls it. The arcade runs programs from a worker thread, where this does
    nothing: there SDL turns SIGTERM into a quit event, and leaving the scene kills its program."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    for signum in (signal.SIGTERM, signal.SIGHUP):
        if signum not in _HANDLED and signal.getsignal(signum) in (signal.SIG_DFL, None):
            signal.signal(signum, _stop_on_signal)
            _HANDLED.add(signum)


def _exited_unreaped(pid: int) -> bool:
    """Has ``pid`` exited? It is left a zombie, so its process group id cannot be reused before
    we kill the group."""
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return True
    return info is not None


class _StderrSink:
    """A program's stderr, appended to its file until the file holds STDERR_CAP bytes; the rest
    is read and thrown away (a program that floods its stderr cannot fill the disk)."""

    def __init__(self, path) -> None:
        self.file = None
        self.room = 0
        if path is None:
            return
        try:
            self.room = STDERR_CAP - (os.path.getsize(path) if os.path.exists(path) else 0)
            if self.room > 0:
                self.file = open(path, "ab")
        except OSError:
            self.file = None

    def write(self, chunk: bytes) -> None:
        if self.file is None or self.room <= 0:
            return
        piece = chunk[: self.room]
        self.room -= len(piece)
        try:
            self.file.write(piece)
            if self.room <= 0:
                self.file.write(f"\n[judge: stderr.txt stops at {STDERR_CAP} bytes]\n".encode())
        except OSError:
            self.room = 0

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def run_program(argv: list[str], stdin_text: str, cwd: str | os.PathLike, time_limit: float,
                stderr_path: str | os.PathLike | None = None, output_cap: int = OUTPUT_CAP,
                cancel=None, on_start=None) -> RunResult:
    """Run ``argv`` once: write ``stdin_text``, read its output, enforce the limit, kill its group.

    ``cancel`` (a ``threading.Event``, optional) lets another thread stop the run early, e.g. a
    view the user leaves: the group is killed within about 50 ms and the status is "cancelled".
    ``on_start(pid)`` is told the program's pid (its group's id) once it runs, so that the other
    thread can also kill it at once with :func:`kill_running`."""
    install_cleanup()
    token = secrets.token_hex(12)
    mark = _Mark(f"{RUN_MARK}={token}".encode(), _processes())   # before the clock starts
    started = time.monotonic()
    deadline = started + time_limit
    sink = _StderrSink(stderr_path)
    try:
        proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE if sink.file is not None else subprocess.DEVNULL,
                                start_new_session=True, close_fds=True,
                                env={**os.environ, RUN_MARK: token})
    except OSError as exc:
        sink.close()
        reason = exc.strerror or str(exc)
        return RunResult(None, time.monotonic() - started, "not started",
                         note=f"cannot run {argv[0]!r}: {reason}")
    pid = proc.pid
    _LIVE_GROUPS[pid] = mark
    result = None
    try:
        if on_start is not None:
            on_start(pid)
        result = _converse(proc, stdin_text.encode("utf-8"), started, deadline, output_cap, sink, cancel, mark)
        return result
    finally:
        # The leader is not reaped yet, so pid still names its group. A program that exited had its
        # strays killed already, in _converse; one stopped at the limit or cancelled has not.
        exited = result is not None and result.status not in ("timeout", "cancelled")
        _kill_run(pid, None if exited else mark)
        _LIVE_GROUPS.pop(pid, None)
        sink.close()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        proc.wait()


def _converse(proc: subprocess.Popen, data: bytes, started: float, deadline: float, cap: int,
              sink: _StderrSink, cancel=None, mark: _Mark | None = None) -> RunResult:
    stdin_fd = proc.stdin.fileno()
    stdout_fd = proc.stdout.fileno()
    stderr_fd = proc.stderr.fileno() if proc.stderr is not None else -1
    os.set_blocking(stdin_fd, False)
    os.set_blocking(stdout_fd, False)
    if stderr_fd >= 0:
        os.set_blocking(stderr_fd, False)
    selector = selectors.DefaultSelector()
    try:
        pidfd = os.pidfd_open(proc.pid)  # readable once the process exits (Linux 5.3+)
    except (AttributeError, OSError):
        pidfd = -1
    kept: list[bytes] = []
    kept_size = 0
    truncated = False

    def drain(fd: int, take) -> bool:
        """Pass what the pipe holds now to ``take``; False at end of file."""
        while True:
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                return True
            if not chunk:
                return False
            take(chunk)
            if time.monotonic() >= deadline:
                return True

    def keep(chunk: bytes) -> None:
        nonlocal kept_size, truncated
        if kept_size < cap:
            piece = chunk[: cap - kept_size]
            kept.append(piece)
            kept_size += len(piece)
            truncated = truncated or len(piece) < len(chunk)
        else:
            truncated = True  # read and thrown away: the verdict waits for the exit

    def read_available() -> bool:
        return drain(stdout_fd, keep)

    def read_stderr() -> bool:
        return drain(stderr_fd, sink.write)

    try:
        selector.register(stdout_fd, selectors.EVENT_READ, "out")
        if stderr_fd >= 0:
            selector.register(stderr_fd, selectors.EVENT_READ, "err")
        if data:
            selector.register(stdin_fd, selectors.EVENT_WRITE, "in")
        else:
            proc.stdin.close()
        if pidfd >= 0:
            selector.register(pidfd, selectors.EVENT_READ, "exit")
        written = 0
        exited = False
        while not exited:
            now = time.monotonic()
            if now >= deadline:
                return RunResult(None, now - started, "timeout",
                                 note=f"ran past the time limit of {deadline - started:g} s")
            if cancel is not None and cancel.is_set():
                return RunResult(None, now - started, "cancelled", note="cancelled")
            wait = deadline - now if pidfd >= 0 else min(deadline - now, 0.002)
            if cancel is not None:
                wait = min(wait, 0.05)
            for key, _ in selector.select(wait):
                if key.data == "out":
                    if not read_available():
                        selector.unregister(stdout_fd)
                elif key.data == "err":
                    if not read_stderr():
                        selector.unregister(stderr_fd)
                elif key.data == "in":
                    try:
                        written += os.write(stdin_fd, data[written: written + 65536])
                    except BlockingIOError:
                        continue
                    except (BrokenPipeError, ConnectionResetError):
                        written = len(data)  # it does not read its input: its business
                    if written >= len(data):
                        selector.unregister(stdin_fd)
                        proc.stdin.close()
                elif key.data == "exit":
                    exited = True
            if pidfd < 0 and not exited:
                exited = _exited_unreaped(proc.pid)
        seconds = time.monotonic() - started
        # The answer is what was written by the time the program ended (the course's judge read
        # its output file then). Kill what it left behind first, so the pipe's remaining bytes are
        # finite, then take them. The leader is not reaped yet, so its pid still names the group.
        _kill_run(proc.pid, mark)
        read_available()
        if stderr_fd >= 0:
            read_stderr()
        status = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        if status is not None and status.si_code == os.CLD_EXITED and status.si_status != 0:
            return RunResult(None, seconds, f"exit {status.si_status}",
                             note=f"exited with status {status.si_status}")
        if status is not None and status.si_code in (os.CLD_KILLED, os.CLD_DUMPED):
            return RunResult(None, seconds, f"signal {status.si_status}",
                             note=f"killed by signal {status.si_status}")
        text, ok = decode_output(b"".join(kept))
        note = ""
        if truncated:
            note = f"printed more than {cap} bytes; the log keeps the first {cap}"
        elif not ok:
            note = "printed bytes that are not UTF-8"
        return RunResult(text, seconds, "ok", valid_utf8=ok, truncated=truncated, note=note)
    finally:
        selector.close()
        if pidfd >= 0:
            os.close(pidfd)
