"""Putting the arcade together, for every game: context, first scene, the app object, the real run loop.

:func:`build_app` makes everything from plain values and an existing surface, so tests and the
headless commands drive the same objects the window does, with a fake clock and synthetic
events.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.shell.app import SceneApp
from game.shell.input import InputMapper, Intention
from game.shell.scenes import SceneStack
from game.shell.text import TextRenderer

from .common import Chain
from .context import Context


class ArcadeStack(SceneStack):
    """A scene stack that also understands :class:`Chain` (two transitions in a row)."""

    def apply(self, transition) -> None:
        if isinstance(transition, Chain):
            super().apply(transition.first)
            super().apply(transition.second)
        else:
            super().apply(transition)


class ArcadeApp(SceneApp):
    """SceneApp whose key table follows the top scene, with typed text for scenes that want it."""

    def handle_event(self, event) -> None:
        top = self.stack.top
        self.mapper.bindings = getattr(top, "bindings", None) or self.mapper.bindings
        intentions = self.mapper.feed(event)
        if (event.type == pygame.KEYDOWN and getattr(top, "wants_text", False) and not intentions
                and getattr(event, "unicode", "") and event.unicode.isprintable()):
            intentions = [Intention("text", event.unicode)]
        for intention in intentions:
            self.handle_intention(intention)


def make_context(size: tuple[int, int], *, sprites_dir=None, maps: list[Path] | None = None,
                 quit_at_end: bool = False, max_turns: int | None = None, config=None,
                 agent_time: float | None = 10.0) -> Context:
    """The context every scene shares. Treasure Island's sprites and agents are not loaded here:
    :class:`Context` loads them when a scene first asks (a duel or Scotland Yard never does)."""
    from game.paths import SPRITES_DIR, shipped_maps

    if sprites_dir is None:  # an art preview may point elsewhere; the default is sprites/
        sprites_dir = os.environ.get("TREASURE_SPRITES_DIR") or SPRITES_DIR
    return Context(size=size, text=TextRenderer(), maps=shipped_maps() if maps is None else maps,
                   quit_at_end=quit_at_end, max_turns=max_turns, config=config, agent_time=agent_time,
                   sprites_dir=sprites_dir)


def build_app(first_scene, bindings=None) -> ArcadeApp:
    bindings = bindings or getattr(first_scene, "bindings", None)
    if not bindings:  # a scene without a key table gets Treasure Island's watch keys
        from game.treasure.arcade import keys

        bindings = keys.bindings(keys.PLAY_KEYS)
    mapper = InputMapper(bindings)
    return ArcadeApp(ArcadeStack(first_scene), mapper, background=(10, 12, 22))


def run_in_window(first_scene, *, fullscreen: bool, size: tuple[int, int] | None, caption: str,
                  **context):
    """Open the display, make the first scene with ``first_scene(ctx)`` (``context`` goes to
    :func:`make_context`) and run it until the window closes; pygame is shut down after.
    Returns that first scene (the caller may report how its game ended)."""
    from game.shell.clock import SystemClock
    from game.shell.display import open_display
    from game.shell.loop import frame_limiter, run_app

    surface = open_display(fullscreen=fullscreen, size=size, caption=caption)
    try:
        ctx = make_context(surface.get_size(), **context)
        ctx.think_async = True  # agents and bots decide on the worker: the window never freezes
        first = first_scene(ctx)
        run_app(build_app(first), SystemClock(), surface=surface, pace=frame_limiter(120))
    finally:
        pygame.quit()
    return first
