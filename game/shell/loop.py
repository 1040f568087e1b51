"""A fixed-timestep game loop ("Fix Your Timestep"), and a helper that runs an app with it.

Game logic advances in equal steps (60 Hz by default) whatever the frame rate, so tweens,
autoplay speed and replays behave the same on a fast desktop, a slow laptop and in a test.
Drawing happens once per frame and receives ``alpha``, how far the clock has run into the next
step, for views that want to interpolate.

Two guards keep a slow or stalled frame (a window drag, a debugger pause, a slow disk) from
turning into a burst of catch-up work: the time one frame may add is clamped to ``max_frame``,
and at most ``max_steps`` updates run per frame; time beyond that is dropped, so the game slows
down instead of spiralling.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from game.shell.clock import Clock

STEP = 1 / 60
MAX_FRAME = 0.25
MAX_STEPS = 10

# Float sums of 1/60 drift by a few ulps; without this slack, N frames of exactly one step each
# could run N-1 steps and then 2.
_EPSILON = 1e-9


class FixedStepLoop:
    """Turns wall-clock time from ``clock`` into whole update steps of ``step`` seconds.

    The time origin is the first reading of the clock, taken here; call :meth:`reset` after a
    long pause (loading a map) so the pause is not replayed as catch-up steps.
    """

    def __init__(
        self,
        clock: Clock,
        step: float = STEP,
        max_frame: float = MAX_FRAME,
        max_steps: int = MAX_STEPS,
    ) -> None:
        if step <= 0:
            raise ValueError("step must be positive")
        if max_frame < step:
            raise ValueError("max_frame must be at least one step")
        if max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        self.clock = clock
        self.step = float(step)
        self.max_frame = float(max_frame)
        self.max_steps = int(max_steps)
        self.ticks = 0  # update steps run since construction
        self.alpha = 0.0  # interpolation factor given to the last render, in [0, 1)
        self._accumulator = 0.0
        self._last = clock.now()

    def reset(self) -> None:
        """Forget time that has passed so far: the next frame starts from now."""
        self._last = self.clock.now()
        self._accumulator = 0.0

    def frame(self, update: Callable[[float], Any], render: Callable[[float], Any]) -> int:
        """Run the updates this frame owes, then render once; return how many updates ran."""
        now = self.clock.now()
        elapsed = min(max(now - self._last, 0.0), self.max_frame)
        self._last = now
        self._accumulator += elapsed

        steps = 0
        while self._accumulator >= self.step - _EPSILON and steps < self.max_steps:
            update(self.step)
            self._accumulator -= self.step
            steps += 1
        if self._accumulator >= self.step - _EPSILON:
            # Over the catch-up cap: drop whole steps, keep the fraction for a smooth alpha.
            self._accumulator %= self.step
        self.ticks += steps

        self.alpha = min(max(self._accumulator / self.step, 0.0), 1.0 - _EPSILON)
        render(self.alpha)
        return steps


class App(Protocol):
    """What :func:`run_app` drives: events in, fixed updates, one draw per frame."""

    @property
    def running(self) -> bool: ...

    def handle_event(self, event: Any) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: Any, alpha: float) -> None: ...


def run_app(
    app: App,
    clock: Clock,
    *,
    max_frames: int | None = None,
    loop: FixedStepLoop | None = None,
    events: Callable[[], Iterable[Any]] | None = None,
    surface: Any = None,
    present: Callable[[], Any] | None = None,
    pace: Callable[[], Any] | None = None,
) -> int:
    """Run frames until ``app.running`` turns false (or ``max_frames``); return frames run.

    Each frame: feed every pending event to the app, stop if it quit, run the owed updates,
    draw, present, then ``pace()``. The defaults are the real ones (``pygame.event.get``, the
    display surface, ``pygame.display.flip``); tests pass fakes, and a ``pace`` that advances a
    ``FakeClock``. With a real clock pass a pace that waits (e.g. :func:`frame_limiter`), or the
    loop spins a CPU core.
    """
    if events is None or present is None or surface is None:
        import pygame

        events = events or pygame.event.get
        present = present or pygame.display.flip
        surface = surface if surface is not None else pygame.display.get_surface()
    loop = loop or FixedStepLoop(clock)

    def render(alpha: float) -> None:
        app.draw(surface, alpha)

    frames = 0
    while app.running and (max_frames is None or frames < max_frames):
        for event in events():
            app.handle_event(event)
        if not app.running:
            break
        loop.frame(app.update, render)
        present()
        frames += 1
        if pace is not None:
            pace()
    return frames


def frame_limiter(fps: int = 120) -> Callable[[], Any]:
    """A ``pace`` for real runs: sleeps so frames come at most ``fps`` times a second.

    Not for tests: it waits on real time.
    """
    import pygame

    limiter = pygame.time.Clock()
    return lambda: limiter.tick(fps)
