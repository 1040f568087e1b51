"""A stack of scenes moved by transitions that handlers return as values.

A scene never pokes a global manager: its ``handle`` and ``update`` return ``Push``, ``Pop``,
``Replace``, ``Quit`` or ``None``, and :meth:`SceneStack.apply` performs it. So a scene can be
tested alone by calling it and looking at what it returns.

Rules of the stack:

* only the top scene gets input, unless it sets ``blocks_input = False``, in which case the
  scene below gets the same input too (down to the first scene that blocks); news for all
  scenes (a window resize) goes through :meth:`SceneStack.broadcast` instead;
* only the top scene updates, unless a covered scene sets ``updates_when_covered = True``
  (a game that keeps animating under a help overlay); updates run bottom to top;
* drawing starts at the highest scene that is not an overlay and goes up, so overlays (pause
  menu, help) draw over the scene below them;
* lifecycle: ``on_enter`` when a scene becomes part of the stack, ``on_exit`` when it leaves;
  optional ``on_cover`` / ``on_uncover`` when a scene is pushed over it or popped off it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Union


class Scene(Protocol):
    """What the stack needs from a scene. ``BaseScene`` gives no-op defaults for all of it."""

    is_overlay: bool

    def on_enter(self) -> None: ...

    def on_exit(self) -> None: ...

    def handle(self, intention: Any) -> Transition | None: ...

    def update(self, dt: float) -> Transition | None: ...

    def draw(self, surface: Any) -> None: ...


class BaseScene:
    """A scene that does nothing; subclass and override what you need."""

    is_overlay = False  # draws over the scene below instead of hiding it
    blocks_input = True  # False: input also reaches the scene below
    updates_when_covered = False  # True: keeps updating while another scene is on top

    def on_enter(self) -> None:
        pass

    def on_exit(self) -> None:
        pass

    def on_cover(self) -> None:
        pass

    def on_uncover(self) -> None:
        pass

    def handle(self, intention: Any) -> Transition | None:
        return None

    def update(self, dt: float) -> Transition | None:
        return None

    def draw(self, surface: Any) -> None:
        pass


@dataclass(frozen=True)
class Push:
    """Put ``scene`` on top; the current top is covered but stays."""

    scene: Scene


@dataclass(frozen=True)
class Pop:
    """Remove the top scene; the one below is uncovered. Popping the last scene ends the app."""


@dataclass(frozen=True)
class Replace:
    """Swap the top scene for ``scene`` (the scene below stays covered)."""

    scene: Scene


@dataclass(frozen=True)
class Quit:
    """Leave every scene, top first, and stop."""


Transition = Union[Push, Pop, Replace, Quit]


def _hook(scene: Scene, name: str) -> None:
    method = getattr(scene, name, None)
    if method is not None:
        method()


class SceneStack:
    """The scenes currently alive, bottom first. ``running`` is false once empty or quit."""

    def __init__(self, first: Scene | None = None) -> None:
        self._scenes: list[Scene] = []
        self.quit_requested = False
        if first is not None:
            self.apply(Push(first))

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def running(self) -> bool:
        return bool(self._scenes) and not self.quit_requested

    def __len__(self) -> int:
        return len(self._scenes)

    def apply(self, transition: Transition | None) -> None:
        """Perform one transition; ``None`` means "stay"."""
        if transition is None:
            return
        if isinstance(transition, Push):
            if self._scenes:
                _hook(self._scenes[-1], "on_cover")
            self._scenes.append(transition.scene)
            transition.scene.on_enter()
        elif isinstance(transition, Pop):
            if not self._scenes:
                return
            self._scenes.pop().on_exit()
            if self._scenes:
                _hook(self._scenes[-1], "on_uncover")
        elif isinstance(transition, Replace):
            if self._scenes:
                self._scenes.pop().on_exit()
            self._scenes.append(transition.scene)
            transition.scene.on_enter()
        elif isinstance(transition, Quit):
            while self._scenes:
                self._scenes.pop().on_exit()
            self.quit_requested = True
        else:
            raise TypeError(f"not a transition: {transition!r}")

    def handle(self, intention: Any) -> Transition | None:
        """Give ``intention`` to the top scene (and below, while scenes let input through).

        The first transition returned wins and is applied; it is also returned for callers
        that want to know what happened.
        """
        for scene in reversed(self._scenes):
            transition = scene.handle(intention)
            if transition is not None:
                self.apply(transition)
                return transition
            if getattr(scene, "blocks_input", True):
                break
        return None

    def broadcast(self, intention: Any) -> list[Transition]:
        """Give ``intention`` to every scene, bottom first, and apply what they return.

        For news every scene needs whether on top or not, such as a window resize that changes
        the layout of covered scenes too.
        """
        transitions = [t for t in (scene.handle(intention) for scene in list(self._scenes)) if t is not None]
        for transition in transitions:
            self.apply(transition)
        return transitions

    def update(self, dt: float) -> list[Transition]:
        """Update the top scene and covered scenes that asked to; apply what they return."""
        if not self._scenes:
            return []
        top = self._scenes[-1]
        updating = [s for s in self._scenes if s is top or getattr(s, "updates_when_covered", False)]
        transitions = [t for t in (scene.update(dt) for scene in updating) if t is not None]
        for transition in transitions:
            self.apply(transition)
        return transitions

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the highest opaque scene and the overlays above it."""
        start = len(self._scenes) - 1
        while start > 0 and self._scenes[start].is_overlay:
            start -= 1
        return self._scenes[max(start, 0) :]

    def draw(self, surface: Any) -> None:
        for scene in self.visible():
            scene.draw(surface)
