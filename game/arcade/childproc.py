"""A game's player (bot, AI) in its own process, so its thinking never competes with the frame loop.

A Python player on a thread of the arcade's process shares the interpreter lock with the frame
loop: a busy player makes frames late even though it runs "in the background". In the window a
game's built-in players therefore live in child processes (``spawn``: a fresh interpreter that
imports the game's players and nothing of pygame), one per side, kept for the whole game so a
player keeps its memory from move to move. The thinking worker's thread only waits on a pipe.

A game supplies the child's entry: a module-level ``serve(conn, *args)`` that hands
:func:`serve_player` how to build its player and how the player answers; that loop answers each
``(request id, what the player sees)`` with ``(request id, "ok", move, reason)`` or
``(request id, "error", message, "")``. :meth:`ChildPlayer.close` kills the process at once
(leaving or restarting a game); a thread still waiting for its answer then gets ``crashed``, which
the scene drops since the job was cancelled. No pygame here.
"""

from __future__ import annotations

import multiprocessing
import threading


def serve_player(conn, build, answer, what: str) -> None:
    """The child's loop: ``build()`` makes the player once (if it fails, every request is answered
    with why, naming it as ``what``), then ``answer(player, seen)`` gives ``(move, reason)`` for each
    request; an exception there is answered as an error. Returns when the pipe closes."""
    try:
        player, failure = build(), ""
    except Exception as exc:  # noqa: BLE001 - reported on the first request
        player, failure = None, f"cannot build {what}: {type(exc).__name__}: {exc}"
    while True:
        try:
            rid, seen = conn.recv()
        except (EOFError, OSError):
            return
        if player is None:
            conn.send((rid, "error", failure, ""))
            continue
        try:
            move, reason = answer(player, seen)
            conn.send((rid, "ok", move, reason))
        except Exception as exc:  # noqa: BLE001 - the player's error, with the reason
            conn.send((rid, "error", f"{type(exc).__name__}: {exc}"[:160], ""))


class PlayerCrashed(RuntimeError):
    """The player raised (or its process died); the message says what happened."""


class ChildPlayer:
    """One side's player in a child process running ``serve(conn, *args)``.

    Subclasses set ``crashed`` (the error they raise) and ``what`` (how messages name the player).
    """

    crashed: type[RuntimeError] = PlayerCrashed
    what = "player"

    def __init__(self, serve, args: tuple, name: str, spec: str) -> None:
        self.spec = spec
        self._serve, self._args, self._name = serve, args, name
        self._context = multiprocessing.get_context("spawn")
        self._proc = None
        self._conn = None
        self._next = 0
        self._lock = threading.Lock()  # one request at a time (a stale one finishes first)
        self._state_lock = threading.Lock()
        self.closed = False

    def _ensure(self) -> None:
        with self._state_lock:
            if self.closed:
                raise self.crashed("the game was left")
            if self._proc is None or not self._proc.is_alive():
                parent, child = self._context.Pipe()
                proc = self._context.Process(target=self._serve, args=(child, *self._args), name=self._name,
                                             daemon=True)
                proc.start()
                child.close()
                self._proc, self._conn = proc, parent

    def decide(self, seen) -> tuple[str, str]:
        """The player's (move, reason) for what it sees; runs on the thinking worker's thread."""
        with self._lock:
            self._ensure()
            self._next += 1
            rid = self._next
            conn = self._conn
            try:
                conn.send((rid, seen))
                while True:
                    got, kind, first, second = conn.recv()
                    if got == rid:
                        break
            except (EOFError, OSError, BrokenPipeError):
                raise self.crashed(f"the {self.what}'s process ended ({self.spec})") from None
        if kind == "error":
            raise self.crashed(first)
        return first, second

    def close(self) -> None:
        """Kill the process now; never waits more than a moment."""
        with self._state_lock:
            self.closed = True
            proc, conn = self._proc, self._conn
            self._proc = self._conn = None
        if proc is not None and proc.is_alive():
            proc.kill()
            proc.join(timeout=0.5)
        if conn is not None:
            try:
                conn.close()
            except OSError:
                pass

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None
