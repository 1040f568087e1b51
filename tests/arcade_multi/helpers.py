"""Drive the arcade like the window does: synthetic events, a fake clock, an off-screen surface.

The duel's tests and Scotland Yard's (``tests/scotlandyard/arcade/helpers.py``) share the
:class:`Harness`, the events and the private data folder fixture written here."""

import pygame
import pytest

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


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Replays never go to the real data folder (used by the conftests)."""
    monkeypatch.setenv("TREASURE_ISLAND_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


def key(name, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key_code(name), mod=mod, unicode=unicode)


def click(pos, button=1):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos)]


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
