"""The duel's and Scotland Yard's options screens keep every text at a legible 16 px or more
(a review measured their footer at 14 px at 1280x720, 13 px at 960x540)."""

import pygame
import pytest

from game.arcade.app import make_context
from game.duel.arcade.scenes import DuelOptionsScene
from game.scotlandyard.arcade.scenes import SyOptionsScene


@pytest.mark.parametrize("size", [(800, 450), (960, 540), (1280, 720)])
@pytest.mark.parametrize("scene_class", [DuelOptionsScene, SyOptionsScene])
def test_every_text_on_the_options_screen_is_legible(display, size, scene_class):
    ctx = make_context(size, sprites_dir="", maps=[])
    scene = scene_class(ctx)
    sizes = {}
    real = ctx.text.draw

    def spy(surface, text, font_size, *args, **kwargs):
        sizes[text] = font_size
        return real(surface, text, font_size, *args, **kwargs)

    ctx.text.draw = spy
    scene.draw(pygame.Surface(size))
    assert scene.footer in sizes and len(sizes) > 5
    assert min(sizes.values()) >= 16, {t: s for t, s in sizes.items() if s < 16}
