"""A duel bot in its own process, so its thinking never competes with the frame loop.

A Python bot running on a thread of the arcade's process shares the interpreter lock with the
frame loop: a busy bot makes frames late even though it runs "in the background". In the window
every built-in bot therefore lives in a child process (started with ``spawn``: a fresh
interpreter that imports the bots and nothing of pygame), one per side, kept for the whole game
so a bot keeps its memory from move to move. The thinking worker's thread only waits on a pipe.

:meth:`BotProcess.close` kills the process at once (leaving or restarting a game); a thread
still waiting for its answer then gets an error, which the scene drops since the job was
cancelled. A bot that raises answers with the error (the course counts a crash as a time-out).
No pygame here.
"""

from __future__ import annotations

import multiprocessing
import threading


class BotCrashed(RuntimeError):
    """The bot raised (or its process died); the message says what happened."""


def _serve(conn, spec: str, seed: int, move_time: float) -> None:
    from game.duel.bots import make_bot
    from game.duel.protocol import Decision

    try:
        bot = make_bot(spec, seed, move_time)
    except Exception as exc:  # noqa: BLE001 - reported on the first request
        bot, failure = None, f"cannot build bot {spec!r}: {type(exc).__name__}: {exc}"
    while True:
        try:
            rid, obs = conn.recv()
        except (EOFError, OSError):
            return
        if bot is None:
            conn.send((rid, "error", failure, ""))
            continue
        try:
            returned = bot.act(obs)
            if isinstance(returned, Decision):
                conn.send((rid, "ok", returned.move, str(returned.reason or "")))
            else:
                conn.send((rid, "ok", returned, ""))
        except Exception as exc:  # noqa: BLE001 - the course's time-out, with the reason
            conn.send((rid, "error", f"{type(exc).__name__}: {exc}"[:160], ""))


class BotProcess:
    def __init__(self, spec: str, seed: int, move_time: float) -> None:
        self.spec, self.seed, self.move_time = spec, seed, move_time
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
                raise BotCrashed("the game was left")
            if self._proc is None or not self._proc.is_alive():
                parent, child = self._context.Pipe()
                proc = self._context.Process(target=_serve, args=(child, self.spec, self.seed, self.move_time),
                                             name=f"duel-bot-{self.spec}", daemon=True)
                proc.start()
                child.close()
                self._proc, self._conn = proc, parent

    def decide(self, obs) -> tuple[str, str]:
        """The bot's (move, reason) for ``obs``; runs on the thinking worker's thread."""
        with self._lock:
            self._ensure()
            self._next += 1
            rid = self._next
            conn = self._conn
            try:
                conn.send((rid, obs))
                while True:
                    got, kind, first, second = conn.recv()
                    if got == rid:
                        break
            except (EOFError, OSError, BrokenPipeError):
                raise BotCrashed(f"the bot's process ended ({self.spec})") from None
        if kind == "error":
            raise BotCrashed(first)
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
