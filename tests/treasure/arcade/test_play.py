import pygame

from game.treasure.arcade.scenes import GameOverOverlay, HelpOverlay, PauseOverlay, PlayScene
from game.shell.tweens import Sequence, Tween
from game.treasure.actions import LargeScan, MoveLarge, MoveSmall, Verify

from .helpers import Harness, finished, key
from .test_match import scripted


def walk_tweens(seq):
    for step in getattr(seq, "steps", []):
        if isinstance(step, Tween) and step.apply is not None and isinstance(step.end, tuple):
            yield step
        yield from walk_tweens(step) if isinstance(step, Sequence) else ()


def test_space_advances_exactly_one_action_and_the_walk_ends_at_the_engines_tile(display, board):
    h = Harness(board, seed=3, agent_factory=scripted(MoveLarge("E", 3), MoveSmall("S", 1)))
    start = h.match.state.agent
    path_ok = h.match.board.free_run[1][start] >= 3
    h.press("space")
    assert len(h.match.steps) == 2  # one action, not two
    entry = h.match.steps[-1]
    director = h.play.view.director
    assert director.busy
    if path_ok:
        tweens = list(walk_tweens(director.current))
        assert len(tweens) == 3  # a move of 3 tiles is seen as 3 steps
        assert tuple(map(round, tweens[-1].end)) == entry.state.agent
        h.frames(3)
        assert h.play.view.agent.walking
    h.until_idle()
    assert h.play.view.agent.tile == h.match.state.agent
    assert h.play.view.shown == 1


def test_enter_plays_a_whole_turn(display, board):
    h = Harness(board, seed=5, agent_factory=scripted(Verify(1), Verify(1)))  # forfeits: no lucky win
    h.press("return")
    assert h.match.state.turn == 2
    assert len(h.match.steps) == 3  # two actions


def test_autoplay_finishes_a_game_and_quits_at_the_end(display, board):
    h = Harness(board, seed=2, speed="fast", quit_at_end=True)
    h.press("a")
    for _ in range(200):
        if not h.app.running:
            break
        h.frames(30)
    assert h.match.over and not h.app.running


def test_autoplay_shows_the_game_over_screen_and_r_replays_the_seed(display, board):
    h = finished(board)
    assert isinstance(h.top, GameOverOverlay) and h.match.over
    first = h.match.steps[0].state.agent
    h.press("r")
    assert isinstance(h.top, PlayScene) and len(h.match.steps) == 1 and h.match.state.agent == first


def test_help_opens_with_f1_or_h_and_closes_with_escape(display, board):
    h = Harness(board)
    h.press("f1")
    assert isinstance(h.top, HelpOverlay)
    h.press("escape")
    assert isinstance(h.top, PlayScene)
    h.press("h")
    assert isinstance(h.top, HelpOverlay)
    h.press("h")
    assert isinstance(h.top, PlayScene)


def test_pause_stops_autoplay_until_resumed(display, board):
    h = Harness(board, speed="fast")
    h.press("a")
    h.press("p")
    assert isinstance(h.top, PauseOverlay)
    steps = len(h.match.steps)
    h.frames(120)
    assert len(h.match.steps) == steps  # paused: nothing moves on
    h.press("escape")
    h.frames(240)
    assert len(h.match.steps) > steps


def test_restart_and_new_seed(display, board):
    h = Harness(board, seed=3)
    h.press("space", "space")
    h.press("r")
    assert len(h.match.steps) == 1 and h.match.seed == 3
    h.press("n")
    assert len(h.match.steps) == 1


def test_the_camera_stays_clamped_to_the_map(display, board):
    h = Harness(board)
    camera = h.play.view.camera
    for _ in range(6):
        h.press(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PLUS, mod=0, unicode="+"))
    assert camera.map_rect.w > camera.viewport.w  # zoomed in past the viewport
    for _ in range(20):
        h.press(key("right", pygame.KMOD_CTRL), key("down", pygame.KMOD_CTRL))
    rect, view = camera.map_rect, camera.viewport
    assert rect.right >= view.right and rect.bottom >= view.bottom
    h.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=(2000, 2000), rel=(0, 0), buttons=(1, 0, 0)),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2000, 2000), button=1)])
    rect = camera.map_rect
    assert rect.left <= view.left and rect.top <= view.top
    h.press("0")
    assert view.contains(camera.map_rect)


def test_plain_arrows_and_reserved_letters_do_nothing_in_play(display, board):
    h = Harness(board)
    for name in ("up", "down", "left", "right", "l", "v", "t", "o", "g"):
        h.press(name)
    assert len(h.match.steps) == 1 and isinstance(h.top, PlayScene)


def test_overlay_toggles_and_hint_focus(display, board):
    h = Harness(board)
    view = h.play.view
    # The heat map moved to Shift+M when M became the mute key (issue #17).
    for name, overlay in (("e", "ruled_out"), (key("m", pygame.KMOD_SHIFT), "heat"), ("x", "treasure"),
                          ("i", "regions")):
        h.press(name)
        assert overlay in view.on
    h.press("c")
    assert "scanned" not in view.on
    h.press("pagedown")
    assert view.hint_focus == 1
    h.press("backspace")
    assert view.hint_focus is None
    h.frames(2)  # everything drawn at least once with the overlays on


def test_a_scan_shows_an_expanding_square(display, board):
    from game.treasure.arcade.animation import ScanEffect

    h = Harness(board, agent_factory=scripted(LargeScan()))
    h.press("space")
    h.frames(3)
    effects = h.play.view.effects.of(ScanEffect)
    assert effects and effects[0].size == 5


def test_the_hint_list_scrolls_with_the_wheel_and_follows_pgup_pgdn(display):
    from game.shell.input import WHEEL, Intention, Wheel

    from .conftest import make_board

    forfeits = scripted(*[Verify(1)] * 60)  # invalid, so forfeited: 25 turns without a lucky win
    h = Harness(make_board(reveal=30, free=40), seed=5, agent_factory=forfeits)
    for _ in range(24):
        h.press("return")
        h.until_idle()
    h.frames(1)
    panel, n = h.play.panel, len(h.match.state.hints)
    assert n == 25 and 0 < len(panel.hint_rows) < n  # not all fit: the newest are shown
    assert max(panel.hint_rows) == n and panel.hint_scroll == 0

    def wheel(steps, where):
        h.play.handle(Intention(WHEEL, Wheel(steps, where)))
        h.frames(1)

    zoom = h.play.view.camera.tile
    inside = panel.hint_area.center
    wheel(-3, inside)  # towards you: older hints
    assert panel.hint_scroll == 3 and max(panel.hint_rows) == n - 3
    assert h.play.view.camera.tile == zoom  # the wheel over the list does not zoom the map
    wheel(10, inside)
    assert panel.hint_scroll == 0
    wheel(-100, inside)
    assert panel.hint_scroll == n - 1 and list(panel.hint_rows) == [1]
    wheel(100, inside)
    # PgDn from nothing picks hint 1, the oldest: the list scrolls down to it; PgUp wraps to n.
    h.press("pagedown")
    assert 1 in panel.hint_rows and h.play.view.hint_focus == 1
    h.press("pageup")
    assert n in panel.hint_rows and panel.hint_scroll == 0
    for k in range(n - 1, 0, -1):  # every hint, one by one, comes into view
        h.press("pageup")
        assert h.play.selected_hint == k and k in panel.hint_rows
    # Elsewhere the wheel still zooms.
    wheel(1, h.play.view.camera.viewport.center)
    assert h.play.view.camera.tile != zoom
