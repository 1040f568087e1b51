"""Thinking off the frame loop: agents and bots decide on a worker thread.

The frame loop never waits for a decision. A scene asks a :class:`Thinker` to ``start`` a job
(any callable: an agent's ``act``, a duel bot's ``act``, the judge running a ``cmd:`` program),
then polls it each frame with :meth:`Thinker.poll`; meanwhile animation, camera and keys stay
live and the scene draws a small "thinking" indicator (:func:`draw_indicator`).

Leaving or restarting while a job runs calls :meth:`Thinker.cancel`: the job's result is thrown
away when it comes, and its ``on_cancel`` hook runs at once (for a program, the hook kills its
process group), so nothing blocks and no process is left behind. A Python bot cannot be
interrupted, so its thread (a daemon) simply ends when the bot returns within its budget.

While a worker runs Python code, it and the frame loop share the interpreter lock; the switch
interval is lowered (:data:`SWITCH_INTERVAL`) while jobs are under way so a busy bot cannot hold
a frame for CPython's default 5 ms slices.

The result of a job is whatever the callable returned, or the exception it raised
(:attr:`Job.error`): the scene decides what a crash means (Treasure Island forfeits the action,
the duel's judge rules decide for the duel).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

SWITCH_INTERVAL = 0.0005  # seconds; CPython's default is 0.005
_active_jobs = 0
_lock = threading.Lock()
_saved_interval: float | None = None


def _job_started() -> None:
    global _active_jobs, _saved_interval
    with _lock:
        if _active_jobs == 0:
            _saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(min(SWITCH_INTERVAL, _saved_interval))
        _active_jobs += 1


def _job_ended() -> None:
    global _active_jobs
    with _lock:
        _active_jobs = max(0, _active_jobs - 1)
        if _active_jobs == 0 and _saved_interval is not None:
            sys.setswitchinterval(_saved_interval)


@dataclass
class Job:
    """One decision under way on its own daemon thread."""

    fn: Callable[[], Any]
    tag: Any = None  # what the job is for (a state, a side): the caller checks it on delivery
    on_cancel: Callable[[], Any] | None = None
    result: Any = None
    error: BaseException | None = None
    seconds: float = 0.0  # wall time the callable took (set when done)
    cancelled: bool = False
    _done: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def run(self) -> None:
        started = time.perf_counter()
        try:
            self.result = self.fn()
        except BaseException as exc:  # noqa: BLE001 - handed to the scene, never raised in the loop
            self.error = exc
        finally:
            self.seconds = time.perf_counter() - started
            self._done.set()
            _job_ended()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job ends (headless commands and tests only, never in the frame loop)."""
        return self._done.wait(timeout)

    def cancel(self) -> None:
        if self.cancelled:
            return
        self.cancelled = True
        if self.on_cancel is not None and not self.done:
            try:
                self.on_cancel()
            except Exception:  # noqa: BLE001 - a failing kill must not break leaving the game
                pass


class Thinker:
    """At most one job at a time, for one scene.

    ``synchronous=True`` runs each job inside :meth:`start` (headless screenshots, fast
    benchmarks and the "instant" speed, where nobody watches the frames); the API is the same.
    ``clock`` (a :class:`game.shell.clock.Clock`) times the indicator, so tests with a fake
    clock see a deterministic "thinking for N s".
    """

    def __init__(self, *, synchronous: bool = False, clock=None) -> None:
        self.synchronous = synchronous
        self.clock = clock
        self.job: Job | None = None
        self._started_at = 0.0
        self.jobs_run = 0

    def _now(self) -> float:
        return self.clock.now() if self.clock is not None else time.perf_counter()

    @property
    def busy(self) -> bool:
        """A job is under way (started, not yet collected)."""
        return self.job is not None and not self.job.cancelled

    @property
    def thinking_for(self) -> float:
        """Seconds the current job has been running (0 when idle)."""
        if self.job is None or self.job.done:
            return 0.0
        return max(0.0, self._now() - self._started_at)

    def start(self, fn: Callable[[], Any], *, tag: Any = None, on_cancel: Callable[[], Any] | None = None) -> Job:
        """Start ``fn`` (cancelling any job still under way) and return its job."""
        self.cancel()
        job = Job(fn, tag, on_cancel)
        self.job = job
        self.jobs_run += 1
        self._started_at = self._now()
        _job_started()
        if self.synchronous:
            job.run()
        else:
            job._thread = threading.Thread(target=job.run, name="arcade-thinker", daemon=True)
            job._thread.start()
        return job

    def poll(self) -> Job | None:
        """The finished job, once (then the thinker is idle again); None while it runs."""
        job = self.job
        if job is None or not job.done:
            return None
        self.job = None
        return None if job.cancelled else job

    def cancel(self) -> None:
        """Forget the job under way: its result is dropped and its ``on_cancel`` runs now."""
        job, self.job = self.job, None
        if job is not None:
            job.cancel()


def draw_indicator(surface, text_renderer, rect, seconds: float, scale: float, label: str = "thinking",
                   corner: str = "topleft") -> None:
    """A small pulsing "thinking" badge in a corner of ``rect`` (``topleft`` or ``bottomleft``).

    Three dots fill in turn (one per third of a second) so a long think is visibly alive.
    """
    import pygame

    size = max(12, int(20 * scale))
    dots = int(seconds * 3) % 4
    text = f"{label}{'.' * dots}{' ' * (3 - dots)} {seconds:4.1f}s"
    rendered = text_renderer.render(text, size, (255, 230, 140))
    pad = max(3, int(6 * scale))
    box = pygame.Rect(rect.x + pad, rect.y + pad, rendered.get_width() + 2 * pad, rendered.get_height() + pad)
    if corner == "bottomleft":
        box.bottom = rect.bottom - pad
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    veil.fill((8, 10, 24, 200))
    surface.blit(veil, box)
    pygame.draw.rect(surface, (255, 230, 140), box, 1, border_radius=pad)
    surface.blit(rendered, (box.x + pad, box.y + pad // 2))
