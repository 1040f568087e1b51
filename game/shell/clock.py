"""Where "now" comes from.

The loop asks a clock for the time instead of calling ``time`` itself, so tests can hand it a
``FakeClock`` and decide exactly how much time passes between frames: no sleeps, no flaky timing.
"""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    """Anything that tells the time in seconds; only differences between readings matter."""

    def now(self) -> float: ...


class SystemClock:
    """The real monotonic clock (``time.perf_counter``): high resolution, never jumps back."""

    def now(self) -> float:
        return time.perf_counter()


class FakeClock:
    """A clock that only moves when told to, for tests and for headless frame rendering."""

    def __init__(self, start: float = 0.0) -> None:
        self._now = float(start)

    def now(self) -> float:
        return self._now

    def advance(self, dt: float) -> None:
        """Let ``dt`` seconds pass. Time never runs backwards, so a negative ``dt`` is a bug."""
        if dt < 0:
            raise ValueError(f"cannot advance a clock by a negative time ({dt})")
        self._now += float(dt)
