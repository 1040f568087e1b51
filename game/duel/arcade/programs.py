"""A ``cmd:`` program's move, run off the frame loop and killable at once.

One fresh process per move (DUEL.md §6), in its own process group so a kill takes its children
too. The arcade's thinking worker calls :meth:`ProgramRun.run`; leaving the game calls
:meth:`ProgramRun.kill` from the frame loop, which never waits for the program.

The output is read as the course's judge reads it (DUEL.md §4): universal newlines, exactly one
final character dropped, the rest must be a move. An error is raised as :class:`ProgramFault`
carrying the course's error kind, which :meth:`DuelSession.apply_decision` turns into the fault.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading

from game.duel.judge import split_command
from game.duel.protocol import MOVES, not_a_move
from game.duel.rules import INVALID_OUTPUT, TIME_OUT


class ProgramFault(RuntimeError):
    def __init__(self, fault: str, detail: str) -> None:
        super().__init__(detail)
        self.fault = fault


def read_output(raw: bytes) -> str:
    """The move a program printed, or ProgramFault(INVALID_OUTPUT)."""
    try:
        text, valid = raw.decode("utf-8"), True
    except UnicodeDecodeError:
        text, valid = raw.decode("utf-8", errors="replace"), False
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    said = text[:-1]
    if not valid or said not in MOVES:
        raise ProgramFault(INVALID_OUTPUT, not_a_move(text))
    return said


class ProgramRun:
    def __init__(self, command: str, input_text: str, time_limit: float, workdir: str | None = None) -> None:
        try:
            self.argv = split_command(command)
        except ValueError:
            self.argv = []
        self.workdir = workdir
        self.input = input_text.encode()
        self.time_limit = time_limit
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()
        self.killed = False

    def run(self) -> tuple[str, str]:
        if not self.argv:
            raise ProgramFault(TIME_OUT, "empty command")
        with self._lock:
            if self.killed:
                raise ProgramFault(TIME_OUT, "cancelled")
            try:
                self._proc = subprocess.Popen(self.argv, cwd=self.workdir, stdin=subprocess.PIPE,
                                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                              start_new_session=True, close_fds=True)
            except OSError as exc:
                raise ProgramFault(TIME_OUT, f"cannot start {self.argv[0]!r}: {exc.strerror}") from None
        try:
            out, _ = self._proc.communicate(self.input, timeout=self.time_limit)
        except subprocess.TimeoutExpired:
            self.kill()
            self._proc.communicate()
            raise ProgramFault(TIME_OUT, f"no answer within {self.time_limit:g} s") from None
        except OSError as exc:  # it closed its input early and died: a crash
            self.kill()
            self._proc.wait()
            raise ProgramFault(TIME_OUT, f"the program failed: {exc}") from None
        finally:
            self._kill_group()  # a child it forked never outlives its move
        if self.killed:
            raise ProgramFault(TIME_OUT, "cancelled")
        if self._proc.returncode != 0:
            raise ProgramFault(TIME_OUT, f"exited with status {self._proc.returncode}")
        return read_output(out), ""

    def kill(self) -> None:
        """Kill the program's whole process group now (never waits)."""
        with self._lock:
            self.killed = True
        self._kill_group()

    def _kill_group(self) -> None:
        proc = self._proc
        if proc is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
