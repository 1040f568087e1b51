"""The duel panel's player boxes: a bot's reason is read whole, on up to ``DETAIL_LINES`` lines."""

from types import SimpleNamespace

import pygame

from game.duel.arcade.panel import DETAIL_LINES, DuelPanel, describe, detail_text, shown_output
from game.duel.bots import make_bot
from game.duel.mapfile import read_map
from game.duel.rules import initial_state, observe
from game.paths import MAPS_DIR
from game.shell.text import TextRenderer

SIZE, ROOM = 14, 280  # the detail font and the box's room at 1280x720

REASON = ("LEFT: takes poison mushroom (4 -> 3); star in 13 (the other is nearer: worth the try; then 3 more "
          "stars within 5 steps), A needs 12; keeps 50% of the board; depth 11")


def move(reason="", move="LEFT", by="bot", seconds=0.0021):
    return SimpleNamespace(reason=reason, move=move, by=by, seconds=seconds)


def test_the_detail_says_the_move_and_its_time_once_then_why():
    assert detail_text(move(REASON), None).startswith("LEFT in 2 ms: takes poison mushroom (4 -> 3); star in 13")
    assert detail_text(move("star in 7 (+22)", "RIGHT"), None) == "RIGHT in 2 ms: star in 7 (+22)"  # greedy's
    assert detail_text(move(), None) == "LEFT in 2 ms"
    assert detail_text(move(move="", reason="no legal move"), None) == "- in 2 ms: no legal move"
    assert detail_text(move(by="human"), None) == "LEFT (you)"
    assert detail_text(move(REASON), 1.25) == "thinking... 1.2 s"
    assert detail_text(None, None) == ""


def test_a_programs_bad_output_is_shown_printable_and_as_a_fault():
    # golden game 5: A printed 20 blank lines, then DOWN (the course's "invalid output format")
    said = "\n" * 20 + "DOWN"
    assert shown_output(said) == "\\n×20DOWN"
    assert shown_output("RIGHT\r\n") == "RIGHT\\r\\n" and shown_output("a\\b\x00") == "a\\\\b\\x00"
    faulted = SimpleNamespace(reason="", move=said, by="bot", seconds=0.0, fault="invalid output format")
    assert detail_text(faulted, None) == "invalid output format, it printed \\n×20DOWN (0 ms)"
    assert all(ch.isprintable() for ch in detail_text(faulted, None))
    before = SimpleNamespace(round=1)
    entry = SimpleNamespace(player="A", fault="invalid output format", move=said, events=())
    assert describe(entry, before) == "T1 A: invalid output format (\\n×20DOWN)"


def test_the_default_bots_reason_begins_with_its_move():
    # detail_text drops that prefix: a change in the reasons' form shows here, not as "UP: UP:" on screen
    board = read_map(MAPS_DIR / "duel" / "duel20x20.txt")
    answer = make_bot("default", seed=0, move_time=0.05).act(observe(initial_state(board)))
    assert answer.reason.startswith(f"{answer.move}: "), answer.reason


def test_a_long_reason_wraps_whole_and_an_overlong_one_ends_in_an_ellipsis(display):
    panel = DuelPanel(pygame.Rect(0, 0, 320, 700), TextRenderer(), 1.0, sprites=None)
    text = detail_text(move(REASON), None)
    lines = panel.wrap(text, SIZE, ROOM, DETAIL_LINES)
    assert 1 < len(lines) <= DETAIL_LINES
    assert " ".join(lines) == text  # every word is shown
    assert all(panel.text.measure(line, SIZE)[0] <= ROOM for line in lines)

    lines = panel.wrap(text + " " + REASON, SIZE, ROOM, DETAIL_LINES)
    assert len(lines) == DETAIL_LINES and lines[-1].endswith("…")
    assert all(panel.text.measure(line, SIZE)[0] <= ROOM for line in lines)
    assert panel.wrap("UP in 1 ms", SIZE, ROOM, DETAIL_LINES) == ["UP in 1 ms"]
