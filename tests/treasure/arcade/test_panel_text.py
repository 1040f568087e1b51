"""Panel text never runs past the panel's edge."""

from game.treasure.arcade.panel import fit_text
from game.shell.text import TextRenderer


def test_fit_text_cuts_with_an_ellipsis_to_the_width():
    t = TextRenderer()
    text = "HINT 8 type 15: the treasure is in a region with a mountain (regions 1, 2, 4, 8, 9, 10 and 11)"
    for width in (60, 150, 300):
        cut = fit_text(t, text, 17, width)
        assert t.measure(cut, 17)[0] <= width
        assert cut.endswith("...") and text.startswith(cut[:-3])
    assert fit_text(t, "short", 17, 500) == "short"
