"""The glue between the loop, the input mapper and the scene stack.

``SceneApp`` is the ``App`` that :func:`game.shell.loop.run_app` drives: each pygame event goes
through the ``InputMapper``, and each resulting intention to the scene stack; the loop's fixed
steps update the stack; each frame clears the screen and draws the visible scenes.

Closing the window quits every scene (their ``on_exit`` runs), so a game saves what it needs
in ``on_exit``, not in a window-close handler. A window resize reaches every scene, covered or
not, because each has a layout to redo.
"""

from __future__ import annotations

from typing import Any

from game.shell.input import RESIZE, WINDOW_CLOSE, InputMapper, Intention
from game.shell.scenes import Quit, SceneStack


class SceneApp:
    def __init__(self, stack: SceneStack, mapper: InputMapper, background: Any = (0, 0, 0)) -> None:
        self.stack = stack
        self.mapper = mapper
        self.background = background
        self.alpha = 0.0  # the loop's interpolation factor for this frame, for scenes that want it

    @property
    def running(self) -> bool:
        return self.stack.running

    def handle_event(self, event: Any) -> None:
        for intention in self.mapper.feed(event):
            self.handle_intention(intention)

    def handle_intention(self, intention: Intention) -> None:
        """Also the way in for intentions that come from elsewhere (autoplay, a test)."""
        if intention.name == WINDOW_CLOSE:
            self.stack.apply(Quit())
        elif intention.name == RESIZE:
            self.stack.broadcast(intention)
        elif self.stack.running:
            self.stack.handle(intention)

    def update(self, dt: float) -> None:
        self.stack.update(dt)

    def draw(self, surface: Any, alpha: float) -> None:
        self.alpha = alpha
        if self.background is not None:
            surface.fill(self.background)
        self.stack.draw(surface)
