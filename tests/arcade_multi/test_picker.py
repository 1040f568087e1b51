"""The game picker: every registered game, keyboard and mouse, then that game's options."""

import pygame
import pytest

from game.arcade.app import make_context
from game.arcade.browser import ReplayListScene
from game.arcade.picker import GamePickerScene
from game.treasure.arcade.scenes import TitleScene
from game.registry import games
from game.shell.input import CLICK, Click, Intention
from game.shell.scenes import Quit, Replace

SIZE = (1280, 720)


@pytest.fixture
def ctx(display):
    return make_context(SIZE, sprites_dir="", maps=[])


def test_the_picker_lists_every_registered_game_in_order(ctx):
    picker = GamePickerScene(ctx)
    assert [g.info.id for g in picker.games] == [g.id for g in games()]
    assert picker.games[0].playable  # Treasure Island


def test_enter_on_treasure_island_opens_its_title(ctx):
    picker = GamePickerScene(ctx, selected="treasure")
    transition = picker.handle(Intention("menu_go"))
    assert isinstance(transition, Replace) and isinstance(transition.scene, TitleScene)


def test_a_game_without_an_arcade_is_shown_but_refused_on_screen(ctx):
    from game.arcade.games import ArcadeGame
    from game.registry import GameInfo

    unbuilt = ArcadeGame(GameInfo(id="future", title="Future Game", summary="not yet"), None)
    picker = GamePickerScene(ctx, [unbuilt] + GamePickerScene(ctx).games)
    assert picker.games[picker.row].playable  # the cursor starts on a game that can be played
    picker.row = 0
    assert picker.handle(Intention("menu_go")) is None
    assert "coming soon" in picker.message
    picker.draw(pygame.Surface(SIZE))  # drawn dimmed, without an icon


def test_mouse_click_on_a_card_opens_it(ctx):
    picker = GamePickerScene(ctx, selected="treasure")
    picker.draw(pygame.Surface(SIZE))
    rect = picker._rects[0]
    transition = picker.handle(Intention(CLICK, Click(1, rect.center)))
    assert isinstance(transition, Replace) and isinstance(transition.scene, TitleScene)


def test_replays_row_opens_the_replay_list_and_esc_comes_back(ctx):
    picker = GamePickerScene(ctx)
    picker.row = len(picker.games)
    transition = picker.handle(Intention("menu_go"))
    assert isinstance(transition.scene, ReplayListScene)
    back = transition.scene.handle(Intention("menu_back"))
    assert isinstance(back.scene, GamePickerScene)


def test_esc_quits(ctx):
    assert isinstance(GamePickerScene(ctx).handle(Intention("menu_back")), Quit)


def test_esc_on_treasure_islands_title_goes_back_to_the_picker(ctx):
    title = GamePickerScene(ctx, selected="treasure").handle(Intention("menu_go")).scene
    back = title.handle(Intention("menu_back"))
    assert isinstance(back, Replace) and isinstance(back.scene, GamePickerScene)
    assert back.scene.games[back.scene.row].info.id == "treasure"


def test_the_picker_draws_no_text_under_16_px_at_960x540(display, monkeypatch):
    """Legible at 960x540, like every Treasure Island scene: the cards' summaries and the footer too."""
    from game.arcade.crisptext import CrispText

    sizes: dict[int, str] = {}
    original = CrispText.render

    def spy(self, text, size, colour, background=None):
        if text.strip():
            sizes.setdefault(size, text)
        return original(self, text, size, colour, background)

    monkeypatch.setattr(CrispText, "render", spy)
    ctx = make_context((960, 540), sprites_dir="", maps=[])
    picker = GamePickerScene(ctx)
    picker.message = "Cannot open a game: a reason"
    picker.draw(pygame.Surface((960, 540)))
    smallest = min(sizes)
    assert smallest >= 16, f"{sizes[smallest]!r} drawn at {smallest}"
