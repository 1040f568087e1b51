"""Panel text never runs past the panel's edge."""

from game.treasure.arcade.panel import fit_text, wrap
from game.shell.text import TextRenderer


def test_fit_text_cuts_with_an_ellipsis_to_the_width():
    t = TextRenderer()
    text = "HINT 8 type 15: the treasure is in a region with a mountain (regions 1, 2, 4, 8, 9, 10 and 11)"
    for width in (60, 150, 300):
        cut = fit_text(t, text, 17, width)
        assert t.measure(cut, 17)[0] <= width
        assert cut.endswith("...") and text.startswith(cut[:-3])
    assert fit_text(t, "short", 17, 500) == "short"


def test_wrap_keeps_every_word_within_the_width_and_in_order():
    t = TextRenderer()
    text = "the agent digs at (4, 7): hints 2 and 5 leave three cells, the nearest first " * 3
    for width in (120, 240, 400):
        lines = wrap(t, text, 17, width, 50)
        assert len(lines) > 1
        assert all(t.measure(line, 17)[0] <= width for line in lines)
        assert " ".join(lines).split() == text.split()


def test_wrap_breaks_a_word_wider_than_the_line():
    t = TextRenderer()
    path = "/home/player/replays/" + "a-very-long-folder-name/" * 6 + "game.jsonl"
    text = f"cannot read {path}: line 3 is not JSON"
    width = 200
    lines = wrap(t, text, 17, width, 20)
    assert all(t.measure(line, 17)[0] <= width for line in lines)
    # Nothing is lost: the path's pieces join up again, and the words around it are whole.
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert lines[0].startswith("cannot read")
    assert lines[-1].endswith("is not JSON")


def test_wrap_ends_the_last_line_with_an_ellipsis_that_fits():
    t = TextRenderer()
    text = "why: " + "verify hint 3 before the pirate escapes, " * 8
    width = 220
    lines = wrap(t, text, 17, width, 2)
    assert len(lines) == 2
    assert all(t.measure(line, 17)[0] <= width for line in lines)
    assert lines[-1].endswith("...")
    assert text.startswith(lines[0])
    assert text[len(lines[0]):].lstrip().startswith(lines[-1][:-3])  # the words that follow, then the cut
    one = wrap(t, text, 17, width, 1)
    assert len(one) == 1 and one[0].endswith("...") and t.measure(one[0], 17)[0] <= width
    assert wrap(t, "short", 17, width, 1) == ["short"]
    assert wrap(t, "", 17, width) == [""]
