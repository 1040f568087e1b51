"""A Scotland Yard AI in its own process, so its search never competes with the frame loop.

The MCTS players think for up to ``move_time`` of pure Python per move: on a thread of the
arcade's process they would share the interpreter lock with the frame loop and make frames late.
In the window each AI side therefore lives in a child process (``spawn``: a fresh interpreter
that imports the AIs and nothing of pygame), kept for the whole game so a player keeps its memory
from move to move. The thinking worker's thread only waits on a pipe.

The child is sent its side's view only (a ``MrXView`` for Mr X, a ``DetectivesView`` for the
detectives: they pickle, the standard board by name), never the game's state.
:meth:`PlayerProcess.close` kills it at once. No pygame here.
"""

from __future__ import annotations

import multiprocessing
import threading


class PlayerCrashed(RuntimeError):
    """The AI raised (or its process died); the message says what happened."""


def _serve(conn, side: str, spec: str, seed: int, move_time: float) -> None:
    try:
        from game.scotlandyard.ai import make_detectives, make_mrx

        player = (make_mrx if side == "mrx" else make_detectives)(spec, seed=seed, move_time=move_time)
        failure = ""
    except Exception as exc:  # noqa: BLE001 - reported on the first request
        player, failure = None, f"cannot build {spec!r}: {type(exc).__name__}: {exc}"
    started = False
    while True:
        try:
            rid, view = conn.recv()
        except (EOFError, OSError):
            return
        if player is None:
            conn.send((rid, "error", failure, ""))
            continue
        try:
            if not started:
                started = True
                start = getattr(player, "start", None)
                if start is not None:
                    start(view)
            decision = player.choose(view)
            move = getattr(decision, "move", decision)
            conn.send((rid, "ok", str(move), str(getattr(decision, "reason", "") or "")))
        except Exception as exc:  # noqa: BLE001
            conn.send((rid, "error", f"{type(exc).__name__}: {exc}"[:160], ""))


class PlayerProcess:
    def __init__(self, side: str, spec: str, seed: int, move_time: float) -> None:
        self.side, self.spec, self.seed, self.move_time = side, spec, seed, move_time
        self._context = multiprocessing.get_context("spawn")
        self._proc = None
        self._conn = None
        self._next = 0
        self._lock = threading.Lock()
        self._state_lock = threading.Lock()
        self.closed = False

    def _ensure(self) -> None:
        with self._state_lock:
            if self.closed:
                raise PlayerCrashed("the game was left")
            if self._proc is None or not self._proc.is_alive():
                parent, child = self._context.Pipe()
                proc = self._context.Process(target=_serve, args=(child, self.side, self.spec, self.seed,
                                                                  self.move_time),
                                             name=f"sy-{self.side}-{self.spec}", daemon=True)
                proc.start()
                child.close()
                self._proc, self._conn = proc, parent

    def decide(self, view) -> tuple[str, str]:
        """The AI's (move text, reason) for ``view``; runs on the thinking worker's thread."""
        with self._lock:
            self._ensure()
            self._next += 1
            rid = self._next
            conn = self._conn
            try:
                conn.send((rid, view))
                while True:
                    got, kind, first, second = conn.recv()
                    if got == rid:
                        break
            except (EOFError, OSError, BrokenPipeError):
                raise PlayerCrashed(f"the AI's process ended ({self.spec})") from None
        if kind == "error":
            raise PlayerCrashed(first)
        return first, second

    def close(self) -> None:
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
