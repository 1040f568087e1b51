"""Rules and actions of the wrong type are refused with a reason, never a crash later (#18)."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.treasure.agents import make_agent
from game.treasure.agents.base import RandomValidAgent
from game.treasure.agents.runner import play_game
from game.treasure.actions import Action, Forfeit, LargeScan, Move, MoveSmall, Teleport, Verify
from game.treasure.config import LIMITS, RulesConfig
from game.treasure.engine import action_error, new_game, step
from game.treasure.log import one_line
from game.treasure.mapfile import MAX_TURN, format_map, parse_map

from .boards import ISLAND, make_board


@pytest.fixture(scope="module")
def board():
    return make_board(ISLAND, (1, 1))


@pytest.mark.parametrize("settings_,says", [
    ({"teleports": "1"}, "teleports must be a whole number"),
    ({"teleports": {"a": 1}}, "teleports must be a whole number"),
    ({"teleports": True}, "teleports must be a whole number"),
    ({"max_hint_draws": 2.5}, "max_hint_draws must be a whole number"),
    ({"square_share": [1.5, 2.5]}, "square_share[0] must be a share in (0, 1]"),
    ({"small_rect_share": 5}, "small_rect_share must be a list of 2 numbers"),
    ({"small_move": [2, 1]}, "lo <= hi"),
    ({"pirate_speed": 10**6}, "pirate_speed must be between 1 and 1000"),
    ({"liar_rate": float("nan")}, "liar_rate must be a number in [0, 1]"),
    ({"truth_model": ["random"]}, "truth_model must be one of"),
    ({"first_hint_true": 1}, "first_hint_true must be true or false"),
    ({"hint_weights": [0] * 15}, "some type other than 6"),
    ({"large_scan": 4}, "odd side length"),
    ({"gravity": 9.8}, "unknown rules settings: gravity"),
])
def test_rules_of_the_wrong_type_or_range_are_refused(settings_, says):
    with pytest.raises((TypeError, ValueError)) as info:
        RulesConfig.from_dict(settings_)
    assert says in str(info.value)


def test_numpy_numbers_in_rules_are_the_numbers_they_are():
    cfg = RulesConfig(teleports=np.int64(2), small_move=(np.int32(1), 2), liar_rate=np.float32(0.5))
    assert type(cfg.teleports) is int and cfg.small_move == (1, 2) and type(cfg.small_move[0]) is int
    assert cfg == RulesConfig(teleports=2, liar_rate=float(np.float32(0.5)))
    assert RulesConfig.from_dict(RulesConfig().to_dict()) == RulesConfig()


@st.composite
def any_valid_rules(draw):
    values = {}
    for name, (low, high) in LIMITS.items():
        if name.endswith("_share"):
            a, b = sorted(draw(st.floats(0.01, 1.0)) for _ in range(2))
            values[name] = (a, b)
        elif name == "hint_weights":
            values[name] = tuple(draw(st.lists(st.integers(0, 5), min_size=15, max_size=15)).__iter__())
            if not any(values[name][:5] + values[name][6:]):
                values[name] = (1,) + values[name][1:]
        elif name in ("small_move", "large_move", "tiles_hint_count", "regions_in_count", "regions_out_count",
                      "sea_distance"):
            a, b = sorted(draw(st.integers(low, min(high, 30))) for _ in range(2))
            values[name] = (a, b)
        elif name in ("small_scan", "large_scan"):
            values[name] = 2 * draw(st.integers(0, 6)) + 1
        else:
            values[name] = draw(st.integers(low, min(high, 40)))
    values["truth_model"] = draw(st.sampled_from(["random", "bluff"]))
    values["liar_rate"] = draw(st.floats(0, 1))
    values["first_hint_true"] = draw(st.booleans())
    return RulesConfig(**values)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=any_valid_rules(), seed=st.integers(0, 2**32))
def test_any_rules_that_validate_play_without_a_crash(board, rules, seed):
    record = play_game(board, seed, RandomValidAgent(seed), rules, max_actions=40, time_limit=None)
    assert len(record.actions) <= 40 and record.errors == 0


@pytest.mark.parametrize("action,says", [
    (Teleport(1.0, 2.0), "TELEPORT needs a whole row and column, not 1.0, 2.0"),
    (Teleport("1", "2"), "TELEPORT needs a whole row and column, not '1', '2'"),
    (Teleport(10**40, 0), "not a huge number"),
    (Action(), "a Action is not one of the game's actions"),
    (Move("N", 1), "a Move is not one of the game's actions"),
    (MoveSmall("N", True), "MOVE_SMALL needs a whole number of tiles, not True"),
    (MoveSmall("N", 1.0), "MOVE_SMALL needs a whole number of tiles, not 1.0"),
    (MoveSmall(["N"], 1), "unknown direction a list"),
    (Verify(True), "VERIFY needs a whole hint number, not True"),
    (Forfeit(1, None), "a FORFEIT needs text"),
    (object(), "a object is not an action"),
    ("LARGE_SCAN", "'LARGE_SCAN' is not an action"),
])
def test_actions_with_fields_of_the_wrong_type_are_refused_not_crashed_on(board, action, says):
    state, _ = new_game(board, 1)
    error = action_error(state, action)
    assert error is not None and says in error
    again, events = step(state, action)
    assert again is state and len(events) == 1


def test_a_subclass_cannot_change_what_an_action_does(board):
    class FreeScan(LargeScan):
        costs_action = False

    class Leap(MoveSmall):
        @property
        def delta(self):
            return (5, 5)

    state, _ = new_game(board, 1)
    assert "not one of the game's actions" in action_error(state, FreeScan())
    assert "not one of the game's actions" in action_error(state, Leap("N", 1))


def test_numpy_integers_make_the_same_actions():
    assert MoveSmall(np.str_("N"), np.int64(2)) == MoveSmall("N", 2)
    assert type(MoveSmall("N", np.int8(1)).steps) is int
    assert Teleport(np.int32(3), np.uint16(4)).text() == "TELEPORT 3 4"
    assert Verify(np.int64(1)) == Verify(1)


def test_one_line_escapes_control_characters_and_bounds_length():
    assert one_line("a\nb\r\x00\u2028\ud800") == "a\\nb\\r\\x00\\u2028\\ud800"
    long = one_line("x" * 1000)
    assert len(long) == 200 and long.endswith("…") and one_line(long) == long
    assert one_line(None) == "" and one_line("plain reason") == "plain reason"


def test_the_largest_turn_numbers_play(board):
    text = format_map(board).split("\n")
    text[1], text[2] = str(MAX_TURN), str(MAX_TURN)
    far = parse_map("\n".join(text)).board
    for name in ("default", "greedy", "random"):
        record = play_game(far, 3, make_agent(name, 3), max_actions=12, time_limit=None)
        assert record.errors == 0 and record.invalid_actions == 0, name
