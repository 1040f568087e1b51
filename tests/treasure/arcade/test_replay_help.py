"""The replay's help says what a digit does there: G's turn number, not a move length or a hint."""

from game.treasure.arcade import keys
from game.treasure.arcade.replay import REPLAY_BINDINGS


def test_the_digit_row_of_each_help_says_what_a_digit_does_there():
    replay = dict(REPLAY_BINDINGS.describe())
    play = dict(keys.bindings(keys.PLAY_KEYS, digits="digit").describe())
    assert replay["0-9"] == keys.REPLAY_DIGITS and "move length" not in replay["0-9"]
    assert "G's turn number" in replay["0-9"] and "0: fit the map" in replay["0-9"]
    assert play["0-9"] == keys.PLAY_DIGITS and "move length" in play["0-9"]
