"""Easing curves, tweens, sequences and groups, all driven by the ``dt`` the loop passes.

Nothing here reads a clock: an animation only moves when ``update(dt)`` is called, so the
fixed-step loop makes animations deterministic and tests can step them exactly.

Every animation (``Tween``, ``Wait``, ``Call``, ``Sequence``, ``Parallel``) has the same small
shape: ``update(dt) -> leftover`` and ``done``. ``update`` returns the part of ``dt`` it did not
need once finished, so a ``Sequence`` hands that time to its next step and a chain of tweens
ends at exactly the same moment as one tween of the summed duration.

A finished tween's ``value`` is exactly its end value (not a float a few ulps off), so views can
compare positions and snap sprites onto tiles.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any, Protocol, Union

Value = Union[float, tuple[float, ...]]
Easing = Callable[[float], float]

# Sums of fixed steps (60 x 1/60) miss 1.0 by a few ulps; treat that as "arrived".
_EPSILON = 1e-9


# -- easing curves: f(0) == 0, f(1) == 1, t in [0, 1] ------------------------------------------


def linear(t: float) -> float:
    return t


def in_quad(t: float) -> float:
    return t * t


def out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - 2 * (1 - t) * (1 - t)


def in_cubic(t: float) -> float:
    return t * t * t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - 4 * (1 - t) ** 3


def out_back(t: float, overshoot: float = 1.70158) -> float:
    """Overshoots the end a little and settles back: a "pop" for markers and panels."""
    u = t - 1
    return 1 + (overshoot + 1) * u**3 + overshoot * u**2


def smoothstep(t: float) -> float:
    return t * t * (3 - 2 * t)


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "in_quad": in_quad,
    "out_quad": out_quad,
    "in_out_quad": in_out_quad,
    "in_cubic": in_cubic,
    "out_cubic": out_cubic,
    "in_out_cubic": in_out_cubic,
    "out_back": out_back,
    "smoothstep": smoothstep,
}


def lerp(start: Value, end: Value, t: float) -> Value:
    """Interpolate floats, or tuples of floats component by component."""
    if isinstance(start, tuple):
        return tuple(a + (b - a) * t for a, b in zip(start, end))  # type: ignore[arg-type]
    return start + (end - start) * t  # type: ignore[operator]


def _as_value(value: Any) -> Value:
    if isinstance(value, (tuple, list)):
        return tuple(float(v) for v in value)
    return float(value)


class Animation(Protocol):
    """Anything a ``Sequence`` or ``TweenGroup`` can drive."""

    @property
    def done(self) -> bool: ...

    def update(self, dt: float) -> float: ...


class Tween:
    """Moves a value from ``start`` to ``end`` over ``duration`` seconds along ``easing``.

    ``apply``, if given, receives the new value after every update (including the final one),
    which is how a tween inside a ``Sequence`` drives an object's attribute.
    """

    def __init__(
        self,
        start: Any,
        end: Any,
        duration: float,
        easing: Easing | str = linear,
        apply: Callable[[Value], Any] | None = None,
    ) -> None:
        self.start = _as_value(start)
        self.end = _as_value(end)
        if isinstance(self.start, tuple) != isinstance(self.end, tuple) or (
            isinstance(self.start, tuple) and len(self.start) != len(self.end)  # type: ignore[arg-type]
        ):
            raise ValueError(f"start {start!r} and end {end!r} have different shapes")
        if duration < 0:
            raise ValueError("duration must not be negative")
        self.duration = float(duration)
        self.easing: Easing = EASINGS[easing] if isinstance(easing, str) else easing
        self.apply = apply
        self.elapsed = 0.0
        self._settled = False  # the end value has been applied

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration - _EPSILON

    @property
    def progress(self) -> float:
        """Un-eased share of the duration that has passed, in [0, 1]."""
        if self.done:
            return 1.0
        return self.elapsed / self.duration

    @property
    def value(self) -> Value:
        if self.done:
            return self.end
        return lerp(self.start, self.end, self.easing(self.progress))

    def update(self, dt: float) -> float:
        self.elapsed += dt
        if self.apply is not None and not self._settled:
            self.apply(self.value)
        self._settled = self.done
        return max(self.elapsed - self.duration, 0.0) if self.done else 0.0


class Wait:
    """Does nothing for ``duration`` seconds: a pause inside a ``Sequence``."""

    def __init__(self, duration: float) -> None:
        if duration < 0:
            raise ValueError("duration must not be negative")
        self.duration = float(duration)
        self.elapsed = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration - _EPSILON

    def update(self, dt: float) -> float:
        self.elapsed += dt
        return max(self.elapsed - self.duration, 0.0) if self.done else 0.0


class Call:
    """Calls ``action()`` once, on its first update, and takes no time."""

    def __init__(self, action: Callable[[], Any]) -> None:
        self.action = action
        self.done = False

    def update(self, dt: float) -> float:
        if not self.done:
            self.done = True
            self.action()
        return dt


class Sequence:
    """Plays its steps one after another; time left over by one step goes to the next."""

    def __init__(self, *steps: Animation) -> None:
        self.steps: list[Animation] = list(steps)
        self.index = 0

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def update(self, dt: float) -> float:
        while self.index < len(self.steps):
            dt = self.steps[self.index].update(dt)
            if not self.steps[self.index].done:
                return 0.0
            self.index += 1
        return dt


class Parallel:
    """Plays its steps together; done when all are. Leftover is what the longest left over."""

    def __init__(self, *steps: Animation) -> None:
        self.steps: list[Animation] = list(steps)

    @property
    def done(self) -> bool:
        return all(step.done for step in self.steps)

    def update(self, dt: float) -> float:
        leftovers = [step.update(dt) for step in self.steps if not step.done]
        return min(leftovers, default=dt) if self.done else 0.0


class TweenGroup:
    """The animations running now. ``busy`` tells a view whether to wait before the next move.

    Adding with a ``key`` replaces the animation already running under that key, so a camera
    re-targeted mid-glide or a piece moved again mid-slide does not get two fighting tweens.
    """

    def __init__(self) -> None:
        self._running: list[tuple[Any, Animation]] = []

    @property
    def busy(self) -> bool:
        return bool(self._running)

    def __len__(self) -> int:
        return len(self._running)

    def add(self, animation: Animation, key: Any = None) -> Animation:
        if key is not None:
            self.cancel(key)
        self._running.append((key, animation))
        return animation

    def extend(self, animations: Iterable[Animation]) -> None:
        for animation in animations:
            self.add(animation)

    def get(self, key: Any) -> Animation | None:
        return next((a for k, a in self._running if k is not None and k == key), None)

    def cancel(self, key: Any) -> None:
        self._running = [(k, a) for k, a in self._running if k is None or k != key]

    def clear(self) -> None:
        self._running.clear()

    def update(self, dt: float) -> None:
        """Advance everything; drop what finished. Animations added during this call wait."""
        current = list(self._running)
        for _, animation in current:
            animation.update(dt)
        finished = {id(a) for _, a in current if a.done}
        self._running = [(k, a) for k, a in self._running if id(a) not in finished]

    def finish_all(self, rounds: int = 8) -> None:
        """Jump every animation to its end (the user skipped ahead in a replay).

        Animations that ``Call`` steps add while finishing are finished too, up to ``rounds``
        generations deep, so a callback that keeps adding work cannot hang the caller.
        """
        for _ in range(rounds):
            if not self._running:
                return
            self.update(math.inf)
