"""Drive Scotland Yard's scenes like the window does: synthetic events, a fake clock, off-screen."""

import pygame

from game.arcade.app import build_app, make_context
from game.arcade.thinking import Thinker
from game.shell.clock import FakeClock
from game.shell.input import key_code
from game.shell.loop import FixedStepLoop, run_app

SIZE = (1280, 720)
STEP = 1 / 60


def key(name, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=key_code(name), mod=mod, unicode=unicode)


def click(pos, button=1):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos),
            pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos)]


def play_scene(players, *, seed=3, mode="spectator", **kwargs):
    from game.scotlandyard.arcade.scenes import SyPlayScene
    from game.scotlandyard.arcade.session import SySession

    def make(ctx):
        session = SySession(players, seed=seed, move_time=0.05)
        return SyPlayScene(ctx, session, thinker=Thinker(synchronous=True), mode=mode, **kwargs)
    return make


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

    def click_station(self, station, button=1):
        pos = self.top.view.station_screen(station)
        self.frames(1, click(pos, button))
        return pos
