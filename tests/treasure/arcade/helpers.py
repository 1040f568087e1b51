"""Drive the arcade like the window does: synthetic events, a fake clock, an off-screen surface."""

import pygame

from game.arcade.app import build_app, make_context
from game.treasure.arcade.match import Match
from game.arcade.common import GameOverOverlay
from game.treasure.arcade.scenes import PlayScene
from game.shell.clock import FakeClock
from game.shell.input import key_code
from game.shell.loop import FixedStepLoop, run_app

STEP = 1 / 60
SIZE = (800, 500)


def key(name_or_code, mod=0, unicode=""):
    code = key_code(name_or_code) if isinstance(name_or_code, str) else name_or_code
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode)


class Harness:
    def __init__(self, board, *, seed=3, agent_factory=None, speed="normal", quit_at_end=False, max_turns=None,
                 sprites_dir="", overlays=None):
        self.ctx = make_context(SIZE, sprites_dir=sprites_dir, maps=[], quit_at_end=quit_at_end,
                                max_turns=max_turns)
        self.match = Match(board, seed, agent_factory=agent_factory)
        self.play = PlayScene(self.ctx, self.match, "island", speed=speed, overlays=overlays)
        self.app = build_app(self.play)
        self.clock = FakeClock()
        self.loop = FixedStepLoop(self.clock)
        self.surface = pygame.Surface(SIZE)
        self.queue = []

    def frames(self, n=1, events=()):
        """Run ``n`` frames of 1/60 s; ``events`` arrive before the first."""
        self.queue = [list(events)] + [[] for _ in range(n - 1)]

        def next_events():
            return self.queue.pop(0) if self.queue else []

        return run_app(self.app, self.clock, loop=self.loop, max_frames=n, events=next_events, surface=self.surface,
                       present=lambda: None, pace=lambda: self.clock.advance(STEP))

    def press(self, *keys_):
        return self.frames(1, [key(k) if not isinstance(k, pygame.event.EventType) else k for k in keys_])

    def until_idle(self, limit=2000):
        for _ in range(limit):
            if not self.play.view.director.busy:
                return
            self.frames(1)
        raise AssertionError("animations never finished")

    @property
    def top(self):
        return self.app.stack.top


def finished(board, seed=2):
    """A watched game (autoplay, instant) played to its end: the game-over box is on top."""
    h = Harness(board, seed=seed, speed="instant")
    h.press("a")
    for _ in range(100):
        if isinstance(h.top, GameOverOverlay):
            return h
        h.frames(10)
    raise AssertionError("the game never ended")
