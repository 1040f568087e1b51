"""A ``cmd:`` program's move, run off the frame loop and killable at once.

One fresh process per move (DUEL.md §6), run by the judge's own :func:`run_program`, so the arcade
runs a program exactly as ``duel play`` and the bench do: no shell, its own process group (killed at
the limit and after every move, children included, on Linux even those that left the group), at most
64 KiB of its output kept, its stderr appended to ``stderr.txt`` in its working folder, and a move
that ends when the program exits (a child left holding the output open does not keep the arcade
waiting). The arcade's thinking worker calls :meth:`ProgramRun.run`; leaving the game calls
:meth:`ProgramRun.kill` from the frame loop, which never waits for the program.

The output is read as the course's judge reads it (DUEL.md §4): universal newlines, exactly one
final character dropped, the rest must be a move. An error is raised as :class:`ProgramFault`
carrying the course's error kind, which :meth:`DuelSession.apply_decision` turns into the fault.
"""

from __future__ import annotations

import os
import threading

from game.duel.judge import STDERR_FILE, decode_output, kill_running, run_program, split_command
from game.duel.protocol import MOVES, not_a_move
from game.duel.rules import INVALID_OUTPUT, TIME_OUT


class ProgramFault(RuntimeError):
    def __init__(self, fault: str, detail: str) -> None:
        super().__init__(detail)
        self.fault = fault


def read_output(raw: bytes) -> str:
    """The move a program printed, or ProgramFault(INVALID_OUTPUT)."""
    return _move_in(*decode_output(raw))


def _move_in(text: str, valid_utf8: bool) -> str:
    said = text[:-1]
    if not valid_utf8 or said not in MOVES:
        raise ProgramFault(INVALID_OUTPUT, not_a_move(text))
    return said


class ProgramRun:
    def __init__(self, command: str, input_text: str, time_limit: float, workdir: str | None = None) -> None:
        try:
            self.argv = split_command(command)
        except ValueError:
            self.argv = []
        self.workdir = workdir
        self.input = input_text
        self.time_limit = time_limit
        self.pid: int | None = None      # the running program's (and its group's) id
        self._cancel = threading.Event()

    @property
    def killed(self) -> bool:
        return self._cancel.is_set()

    def run(self) -> tuple[str, str]:
        if not self.argv:
            raise ProgramFault(TIME_OUT, "empty command")
        if self.killed:
            raise ProgramFault(TIME_OUT, "cancelled")
        folder = self.workdir or os.getcwd()
        stderr = os.path.join(self.workdir, STDERR_FILE) if self.workdir else None
        result = run_program(self.argv, self.input, folder, self.time_limit, stderr,
                             cancel=self._cancel, on_start=self._started)
        if self.killed:
            raise ProgramFault(TIME_OUT, "cancelled")
        if result.output is None:
            raise ProgramFault(TIME_OUT, result.note or result.status)
        return _move_in(result.output, result.valid_utf8), ""

    def _started(self, pid: int) -> None:
        self.pid = pid
        if self.killed:  # killed while it was being started
            kill_running(pid)

    def kill(self) -> None:
        """Kill the program's whole process group now (never waits)."""
        self._cancel.set()
        if self.pid is not None:
            kill_running(self.pid)
