import pygame

from game.shell.app import SceneApp
from game.shell.clock import FakeClock
from game.shell.input import CLICK, InputMapper, Intention, KeyBindings
from game.shell.loop import run_app
from game.shell.scenes import BaseScene, Pop, Push, SceneStack

STEP = 1 / 60


class Board(BaseScene):
    def __init__(self, log):
        self.log = log
        self.seconds = 0.0

    def handle(self, intention):
        self.log.append(intention.name)
        if intention.name == "help":
            return Push(Help(self.log))
        return None

    def update(self, dt):
        self.seconds += dt

    def draw(self, surface):
        surface.fill((0, 0, 255), (0, 0, 10, 10))

    def on_exit(self):
        self.log.append("board saved")


class Help(BaseScene):
    is_overlay = True

    def __init__(self, log):
        self.log = log

    def handle(self, intention):
        return Pop() if intention.name == "back" else None

    def draw(self, surface):
        surface.fill((255, 255, 0), (5, 5, 10, 10))


def test_events_flow_through_the_mapper_into_scenes_and_the_window_close_quits():
    log = []
    board = Board(log)
    bindings = KeyBindings.from_table([("?", "help", "Help"), ("escape", "back", "Back")])
    app = SceneApp(SceneStack(board), InputMapper(bindings), background=(10, 10, 10))
    screen = pygame.Surface((40, 30))
    clock = FakeClock()
    frames = [
        [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(3, 3), button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(3, 3), button=1)],
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")],
        [],
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")],
        [pygame.event.Event(pygame.QUIT)],
    ]
    shots = []

    def present():
        shots.append(tuple(tuple(screen.get_at(point)) for point in [(2, 2), (12, 12), (30, 20)]))

    count = run_app(app, clock, events=lambda: frames.pop(0), surface=screen, present=present,
                    pace=lambda: clock.advance(STEP))
    assert count == 4
    assert log == [CLICK, "help", "board saved"]  # escape went to the help overlay, not the board
    blue, yellow, grey = (0, 0, 255, 255), (255, 255, 0, 255), (10, 10, 10, 255)
    assert shots[0] == (blue, grey, grey)
    assert shots[1] == (blue, yellow, grey)  # the overlay draws over the board
    assert shots[3] == (blue, grey, grey)  # popped again
    assert board.seconds == STEP * 1  # only frames where the board was on top updated it
    assert not app.running


def test_intentions_from_elsewhere_go_the_same_way():
    log = []
    app = SceneApp(SceneStack(Board(log)), InputMapper(KeyBindings()))
    app.handle_intention(Intention("next_turn"))
    assert log == ["next_turn"]


def test_a_resize_reaches_covered_scenes_too():
    log = []
    board = Board(log)
    stack = SceneStack(board)
    stack.apply(Push(Help(log)))
    app = SceneApp(stack, InputMapper(KeyBindings()))
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600))
    assert log == ["resize"]  # the covered board heard it; Help ignores it
    assert len(stack) == 2
