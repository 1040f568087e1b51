"""Issue #13: help, pause, game over and the replay timeline are written once
(game.arcade.common, game.arcade.timeline). Treasure Island and the Treasure Duel push the very
same overlay classes, and every overlay key does the same in both games."""

import pygame
import pytest

from game.arcade import common
from game.treasure.arcade import replay as replayscene, scenes
from game.arcade.common import OVERLAY_BINDINGS, GameOverOverlay, HelpOverlay, PauseOverlay
from game.arcade.thinking import Thinker
from game.arcade.timeline import Timeline
from game.duel.arcade.scenes import DuelOptionsScene, DuelPlayScene
from game.duel.arcade.session import DuelSession

from ..treasure.arcade.conftest import make_board
from ..treasure.arcade.helpers import Harness as TreasureHarness
from ..treasure.arcade.helpers import key
from .helpers import Harness as DuelHarness
from .helpers import board as duel_board

GAMES = ("treasure", "duel")


class Game:
    """One game's play scene in a harness, seen the same way whatever the game."""

    def __init__(self, name: str, *, autoplay: bool = False) -> None:
        self.name = name
        if name == "treasure":
            self.h = TreasureHarness(make_board(), seed=2, speed="instant")
            self.play = self.h.play
            if autoplay:
                self.h.press("a")
        else:
            def make(ctx):
                session = DuelSession(duel_board(), {"A": "greedy", "B": "walker"}, seed=1, map_name="tiny")
                return DuelPlayScene(ctx, session, thinker=Thinker(synchronous=True), autoplay=autoplay,
                                     speed="instant")

            self.h = DuelHarness(make)
            self.play = self.h.first

    @property
    def top(self):
        return self.h.app.stack.top

    def press(self, *names):
        self.h.frames(1, [name if isinstance(name, pygame.event.EventType) else key(name) for name in names])

    def frames(self, n):
        self.h.frames(n)

    def history(self) -> int:
        return len(self.play.match.steps) if self.name == "treasure" else len(self.play.session.history)

    def over(self) -> bool:
        return self.play.match.over if self.name == "treasure" else self.play.session.over

    def menu_type(self):
        return scenes.TitleScene if self.name == "treasure" else DuelOptionsScene


def finished(name: str) -> Game:
    game = Game(name, autoplay=True)
    for _ in range(200):
        if isinstance(game.top, GameOverOverlay):
            return game
        game.frames(5)
    raise AssertionError(f"the {name} game never ended")


def test_treasure_island_names_the_shared_overlays_and_no_copies():
    assert scenes.HelpOverlay is HelpOverlay and scenes.PauseOverlay is PauseOverlay
    assert scenes.GameOverOverlay is GameOverOverlay and replayscene.ReplayPauseOverlay is PauseOverlay
    assert scenes.Chain is common.Chain and scenes.shade is common.shade
    for overlay in (HelpOverlay, PauseOverlay, GameOverOverlay):
        assert overlay.bindings is OVERLAY_BINDINGS


@pytest.mark.parametrize("name", GAMES)
def test_both_games_push_the_same_overlay_classes(display, name):
    game = Game(name)
    game.press("f1")
    assert type(game.top) is HelpOverlay and game.top.host is game.play
    game.press("escape")
    game.press("p")
    assert type(game.top) is PauseOverlay and game.top.host is game.play
    game.press("escape")
    assert game.top is game.play
    game = finished(name)
    assert type(game.top) is GameOverOverlay and game.top.host is game.play


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("closer", ["escape", "space", "return", "kp_enter", "p", "f1", "h"])
def test_the_game_over_box_closes_on_the_same_keys_and_restarts_nothing(display, name, closer):
    game = finished(name)
    length = game.history()
    game.press(closer)
    assert game.top is game.play and game.over() and game.history() == length
    game.frames(20)
    assert game.top is game.play and game.history() == length  # it does not come back by itself


@pytest.mark.parametrize("name", GAMES)
def test_r_plays_again_from_the_game_over_box_and_q_goes_to_the_options(display, name):
    game = finished(name)
    game.press("r")
    assert game.top is game.play and game.history() == 1 and not game.over()
    game = finished(name)
    game.press("q")
    assert isinstance(game.top, game.menu_type())


@pytest.mark.parametrize("name", GAMES)
def test_n_is_a_new_seed_only_where_the_game_has_one(display, name):
    game = finished(name)
    game.press("n")
    if name == "treasure":
        assert game.top is game.play and game.history() == 1
    else:  # the duel offers no new seed: N does nothing, the box stays
        assert isinstance(game.top, GameOverOverlay) and game.over()
    line = game.top.keys_line() if isinstance(game.top, GameOverOverlay) else ""
    assert "N:" not in line


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("closer", ["escape", "p", "f1", "h", "return", "space", "q"])
def test_help_closes_on_the_same_keys(display, name, closer):
    game = Game(name)
    game.press("f1")
    game.press(closer)
    assert game.top is game.play


@pytest.mark.parametrize("name", GAMES)
def test_pause_keys_are_the_same(display, name):
    game = Game(name)
    game.press("space")
    game.frames(3)
    game.press("p")
    game.press("r")
    assert game.top is game.play and game.history() == 1  # R restarts from the pause
    game.press("escape")
    assert type(game.top) is PauseOverlay
    game.press("q")
    assert isinstance(game.top, game.menu_type())
    game = Game(name)
    game.press("p")
    game.press(key("q", mod=pygame.KMOD_CTRL))
    assert not game.h.app.running


@pytest.mark.parametrize("name", GAMES)
def test_the_help_is_opaque_and_lists_every_key(display, name):
    game = Game(name)
    game.press("f1")
    help_ = game.top
    surface = pygame.Surface((960, 540))
    surface.fill((255, 0, 0))
    help_.draw(surface)
    assert surface.get_at((2, 2))[:3] == common.BACKDROP and surface.get_at((958, 300))[:3] == common.BACKDROP
    _, _, columns, _, _ = help_.layout((960, 540))
    assert [k for column in columns for k, _ in column] == [k for k, _ in game.play.key_rows()]


class _Host:
    """The least a host gives the game-over box, and where the game ended."""

    def __init__(self, ctx, anchor):
        self.ctx, self.anchor = ctx, anchor
        self.board_rect = pygame.Rect(0, 0, 600, 500)

    def over_lines(self):
        return "OVER", (255, 210, 60), ["one line", "another"]

    def over_anchor(self):
        return self.anchor


def test_the_game_over_box_keeps_clear_of_where_the_game_ended(display):
    from game.arcade.app import make_context

    ctx = make_context((960, 540), sprites_dir="", maps=[])
    low = GameOverOverlay(_Host(ctx, (300, 450))).box()
    high = GameOverOverlay(_Host(ctx, (300, 40))).box()
    assert low.bottom < 250 and high.top > 250  # the other half of the board
    centred = GameOverOverlay(_Host(ctx, None)).box()
    assert centred.center == (300, 250)


class _StripHost(_Host):
    """A wide board drawn as a strip across a tall board area (a 12x30 duel in a portrait window)."""

    def __init__(self, ctx, drawn):
        super().__init__(ctx, (300, 250))
        self.board_rect = pygame.Rect(0, 0, 420, 1200)
        self.drawn = drawn

    def board_drawn_rect(self):
        return self.drawn


def test_the_game_over_box_goes_beside_a_board_that_leaves_room_for_it(display):
    from game.arcade.app import make_context

    ctx = make_context((720, 1280), sprites_dir="", maps=[])
    strip = pygame.Rect(0, 530, 420, 170)
    box = GameOverOverlay(_StripHost(ctx, strip)).box()
    assert not box.colliderect(strip) and box.top >= strip.bottom  # below the board, all of it in sight
    assert pygame.Rect(0, 0, 420, 1200).contains(box)
    # A board that fills its area leaves no room: the box goes on it, away from the anchor.
    full = GameOverOverlay(_StripHost(ctx, pygame.Rect(0, 0, 420, 1200))).box()
    assert full.size == box.size and full.bottom == 1200 - ctx.px(8)


def test_both_games_replays_use_the_shared_timeline_and_treasure_island_keeps_its_markers(display, tmp_path):
    from ..treasure.arcade.test_override import replay_scene

    _, scene, _ = replay_scene(make_board(), tmp_path)
    assert isinstance(scene.timeline, Timeline) and scene.timeline.progress
    shapes = {mark[2] for mark in scene.timeline.marks}
    assert "diamond" in shapes  # the end of the game
    assert scene.timeline.units == list(scene.playback.turns)  # a tick where each turn starts
    assert scene.x_of(scene.last) == scene.timeline.rect.right - 1
    from game.arcade.replayscene import CursorReplayScene
    from game.duel.arcade.replay import DuelReplayScene
    from game.scotlandyard.arcade.replay import SyReplayScene

    # The duel and Scotland Yard scrub through one shared replay scene, which draws the shared timeline.
    assert issubclass(DuelReplayScene, CursorReplayScene) and issubclass(SyReplayScene, CursorReplayScene)
    assert CursorReplayScene.__init__.__globals__["Timeline"] is Timeline


def test_treasure_islands_record_names_its_arcade_entry_like_every_game():
    from game.arcade import games
    from game.treasure.arcade.entry import ARCADE
    from game.treasure.info import GAME

    assert GAME.arcade == "game.treasure.arcade.entry:ARCADE" and games.load_entry(GAME) is ARCADE
    assert not hasattr(games, "BUILT_IN")  # no fallback: every game's record names its entry


def test_q_from_a_treasure_island_game_opened_from_the_picker_comes_back_to_a_title_whose_esc_goes_back(
        display, tmp_path):
    """As Q in the duel goes to its options, whose Esc goes to the picker."""
    from game.arcade.app import make_context
    from game.arcade.picker import GamePickerScene
    from game.shell.input import Intention
    from game.shell.scenes import Replace
    from game.treasure.mapfile import write_map

    path = tmp_path / "island.txt"
    write_map(make_board(), path)
    ctx = make_context((960, 540), sprites_dir="", maps=[path])
    title = GamePickerScene(ctx, selected="treasure").handle(Intention("menu_go")).scene
    title.seed_text = "3"
    play = title.start().scene
    assert isinstance(play, scenes.PlayScene)
    again = play.handle(Intention("menu")).scene
    assert isinstance(again, scenes.TitleScene)
    back = again.handle(Intention("menu_back"))
    assert isinstance(back, Replace) and isinstance(back.scene, GamePickerScene)
    transition = PauseOverlay(play).handle(Intention("menu"))  # Q in the pause: the same title
    assert isinstance(transition, common.Chain) and transition.second.scene.back is not None


def test_a_treasure_island_replay_lays_itself_out_again_on_a_resize(display, tmp_path):
    """The help's host relays a resize: the replay scene's map, panel and timeline follow it."""
    from game.shell.input import RESIZE, Intention

    from ..treasure.arcade.test_override import replay_scene

    _, scene, _ = replay_scene(make_board(), tmp_path)
    before = (scene.view.camera.viewport.w, scene.timeline.rect.w)
    scene.handle(Intention("help"))
    HelpOverlay(scene).handle(Intention(RESIZE, (1600, 900)))
    assert scene.ctx.size == (1600, 900)
    assert scene.view.camera.viewport.w > before[0] and scene.timeline.rect.w > before[1]
    assert scene.timeline.rect == scene.timeline_rect() and scene.panel.rect.right == 1600


def test_the_pause_box_draws_in_a_window_a_few_pixels_wide(display):
    # A fuzz resized the window to 15 px wide: the box's width went negative and pygame raised.
    h = DuelHarness(lambda ctx: DuelPlayScene(ctx, DuelSession(duel_board(), {"A": "greedy", "B": "walker"}),
                                              thinker=Thinker(synchronous=True)))
    pause = PauseOverlay(h.top)
    for size in ((15, 300), (4, 4), (300, 15)):
        surface = pygame.Surface(size)
        surface.fill((200, 200, 200))
        pause.draw(surface)
        pixels = pygame.surfarray.array3d(surface)
        # it drew: the whole frame is veiled (no pixel keeps the bright fill), nothing was skipped
        assert pixels.shape[:2] == size and (pixels != 200).any(axis=2).all(), size
