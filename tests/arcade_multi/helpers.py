"""Drive the arcade like the window does: synthetic events, a fake clock, an off-screen surface."""

import pygame

from game.arcade.app import build_app, make_context
from game.shell.clock import FakeClock
from game.shell.input import key_code
from game.shell.loop import FixedStepLoop, run_app

SIZE = (1280, 720)
STEP = 1 / 60

# A small point-symmetric duel board: A top-left, B bottom-right.
ROWS = [
    "A.m.x.",
    ".x.s.n",
    "m..b.t",
    "t.b..m",
    "n.s.x.",
    ".x.m.B",
]


def key(name, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key_code(name), mod=mod, unicode=unicode)


def board():
    from game.duel.board import DuelBoard

    return DuelBoard(ROWS)


class Harness:
    """An app on an off-screen surface whose frames advance a fake clock by one step each."""

    def __init__(self, first_scene_factory, size=SIZE):
        self.ctx = make_context(size, sprites_dir="", maps=[])
        self.first = first_scene_factory(self.ctx)
        self.app = build_app(self.first)
        self.clock = FakeClock()
        self.loop = FixedStepLoop(self.clock)
        self.surface = pygame.Surface(size)

    @property
    def top(self):
        return self.app.stack.top

    def frames(self, n=1, events=()):
        pending = list(events)

        def feed():
            out, pending[:] = list(pending), []
            return out

        run_app(self.app, self.clock, max_frames=n, loop=self.loop, events=feed, surface=self.surface,
                present=lambda: None, pace=lambda: self.clock.advance(STEP))

    def press(self, *names):
        self.frames(1, [key(n) for n in names])
