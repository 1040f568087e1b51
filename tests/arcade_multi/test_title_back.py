"""Treasure Island's title opened from the game picker: Esc goes back to the games, also after a
visit to the replay list, and its footer says so (a review found 'Esc: quit' and a lost way back)."""

import pygame
import pytest

from game.arcade.app import make_context
from game.arcade.browser import ReplayListScene
from game.arcade.picker import GamePickerScene
from game.shell.input import Intention
from game.treasure.arcade.scenes import TitleScene

SIZE = (1280, 720)


@pytest.fixture
def ctx(display):
    return make_context(SIZE, sprites_dir="", maps=[])


def _footer_words(scene, ctx):
    drawn = []
    real = ctx.text.draw

    def spy(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    ctx.text.draw = spy
    try:
        scene.draw(pygame.Surface(SIZE))
    finally:
        ctx.text.draw = real
    return " ".join(drawn)


def test_esc_goes_back_to_the_games_after_the_replay_list_too(ctx):
    title = GamePickerScene(ctx, selected="treasure").handle(Intention("menu_go")).scene
    assert isinstance(title, TitleScene) and title.back is not None
    assert "Esc: games" in _footer_words(title, ctx)
    title.row = title.ROWS.index("replays")
    replays = title.handle(Intention("menu_go")).scene
    assert isinstance(replays, ReplayListScene)
    again = replays.handle(Intention("menu_back")).scene
    assert isinstance(again, TitleScene)
    back = again.handle(Intention("menu_back"))
    assert isinstance(back.scene, GamePickerScene) and not again.confirm_quit


def test_a_title_of_its_own_quits_on_esc_and_says_so(ctx):
    title = TitleScene(ctx)
    assert "Esc: quit" in _footer_words(title, ctx)
    assert title.handle(Intention("menu_back")) is None and title.confirm_quit
