"""Each hint type's area on small hand-built boards, with the exact expected mask written out."""

import numpy as np
import pytest

from game.treasure.config import RulesConfig
from game.treasure.hints import HintContext, draw_hint, hint_area, hint_text, informative

from .boards import ISLAND, make_board, mask_of

island = make_board(ISLAND, treasure=(3, 3))
open5 = make_board(["1 1 1 1 1"] * 4 + ["1 1 1 1 1P"], treasure=(0, 0))


def check(kind, board, params, expected_rows):
    np.testing.assert_array_equal(hint_area(kind, board, params), mask_of(expected_rows))


def test_type1_listed_tiles_are_excluded():
    check(1, open5, {"tiles": [(1, 1), (2, 3)]}, ["#####", "#.###", "###.#", "#####", "#####"])


def test_type2_one_of_regions():
    check(2, island, {"regions": [1, 3]},
          ["......", ".##...", ".##...", ".##...", ".####.", "......"])


def test_type3_not_in_regions_includes_sea():
    check(3, island, {"regions": [2]},
          ["######", "###..#", "###..#", "###..#", "######", "######"])


def test_type4_large_rectangle():
    check(4, open5, {"top": 1, "left": 0, "height": 3, "width": 4}, [".....", "####.", "####.", "####.", "....."])


def test_type5_not_in_small_rectangle():
    check(5, open5, {"top": 3, "left": 3, "height": 2, "width": 2}, ["#####", "#####", "#####", "###..", "###.."])


def test_type6_nearer_to_agent_than_prison_strictly():
    # r + c < (4 - r) + (4 - c)  <=>  r + c < 4; ties (r + c == 4) are not nearer.
    check(6, open5, {"agent": (0, 0), "prison": (4, 4)}, ["####.", "###..", "##...", "#....", "....."])


@pytest.mark.parametrize("row,col,rows", [
    (2, None, [".....", ".....", "#####", ".....", "....."]),
    (None, 1, [".#...", ".#...", ".#...", ".#...", ".#..."]),
    (0, 4, ["#####", "....#", "....#", "....#", "....#"]),
])
def test_type7_row_and_or_column(row, col, rows):
    check(7, open5, {"row": row, "col": col}, rows)


def test_type8_not_in_row_nor_column():
    check(8, open5, {"row": 0, "col": 4}, [".....", "####.", "####.", "####.", "####."])


def test_type9_border_of_two_regions():
    check(9, island, {"regions": [1, 3]},
          ["......", "......", "......", ".##...", ".##...", "......"])
    check(9, island, {"regions": [1, 2]},
          ["......", "..##..", "..##..", "..##..", "......", "......"])


def test_type10_any_border_between_land_regions():
    check(10, island, {}, ["......", "..##..", "..##..", ".####.", ".####.", "......"])


def test_type11_within_k_of_the_sea():
    board = make_board(["0 0 0 0 0 0 0"] + ["0 1 1 1 1 1 0"] * 5 + ["0 0 0 0 0 0 0"], treasure=(3, 3))
    check(11, board, {"distance": 2},
          [".......", ".#####.", ".#####.", ".##.##.", ".#####.", ".#####.", "......."])
    check(11, board, {"distance": 3},
          [".......", ".#####.", ".#####.", ".#####.", ".#####.", ".#####.", "......."])


@pytest.mark.parametrize("side,rows", [
    ("top", [".....", ".....", "#####", "#####", "#####"]),
    ("bottom", ["#####", "#####", ".....", ".....", "....."]),
    ("left", ["..###"] * 5),
    ("right", ["##..."] * 5),
])
def test_type12_empty_half(side, rows):
    check(12, open5, {"side": side}, rows)


@pytest.mark.parametrize("direction,rows", [
    ("N", ["#####", ".###.", ".....", ".....", "....."]),
    ("S", [".....", ".....", ".....", ".###.", "#####"]),
    ("E", ["....#", "...##", "...##", "...##", "....#"]),
    ("W", ["#....", "##...", "##...", "##...", "#...."]),
    ("NE", ["...##", "...##", ".....", ".....", "....."]),
    ("SW", [".....", ".....", ".....", "##...", "##..."]),
])
def test_type13_direction_from_the_centre(direction, rows):
    check(13, open5, {"origin": (2, 2), "from": "centre", "direction": direction}, rows)


def test_type13_direction_from_the_prison():
    check(13, open5, {"origin": (4, 4), "from": "prison", "direction": "NW"},
          ["####.", "####.", "####.", "####.", "....."])


def test_type14_between_two_nested_squares():
    check(14, open5, {"outer": (0, 0, 5), "inner": (1, 1, 2)}, ["#####", "#..##", "#..##", "#####", "#####"])


def test_type15_regions_with_a_mountain():
    check(15, island, {"regions": [1]}, ["......", ".##...", ".##...", ".##...", "......", "......"])


def test_texts_are_one_line_english():
    texts = [
        hint_text(4, (16, 16), {"top": 2, "left": 5, "height": 10, "width": 10}),
        hint_text(2, (16, 16), {"regions": [1, 3, 4]}),
        hint_text(13, (16, 16), {"origin": (8, 8), "from": "centre", "direction": "SE"}),
        hint_text(12, (16, 16), {"side": "left"}),
    ]
    assert texts == [
        "the treasure is in the rectangle rows 2-11, cols 5-14",
        "the treasure is in one of regions 1, 3 and 4",
        "the treasure lies south-east of the map centre (8, 8)",
        "the left half of the map (cols 0-7) has no treasure",
    ]
    assert all("\n" not in t for t in texts)


def test_informative_rejects_empty_and_all_eligible_areas():
    assert not informative(np.zeros(island.shape, bool), island)
    assert not informative(island.land.copy(), island)  # every possible tile: says nothing
    assert informative(hint_area(2, island, {"regions": [1]}), island)


def _draws(board, prison, n, cfg=RulesConfig(), first_index=2):
    rng = np.random.default_rng(0)
    ctx = HintContext(board, (1, 1), prison)
    return [draw_hint(first_index, ctx, board.treasure, rng, cfg) for _ in range(n)]


def test_prison_hints_only_after_the_reveal():
    before = _draws(island, None, 300)
    assert all(h.kind != 6 for h in before)
    assert all(h.param("from") == "centre" for h in before if h.kind == 13)
    after = _draws(island, (2, 4), 400)
    assert any(h.kind == 6 for h in after)
    assert any(h.kind == 13 and h.param("from") == "prison" for h in after)


def test_every_type_is_drawn_and_rare_types_are_rarer():
    board = make_board(["0 0 0 0 0 0 0 0"] + ["0 1 1 1M 2 2 2 0", "0 1 1 1 2 2 2P 0", "0 3 3 3 4 4 4 0",
                                             "0 3 3M 3 4 4 4 0", "0 3 3 3 4 4 4 0", "0 1 1 1 2 2P 2 0"]
                       + ["0 0 0 0 0 0 0 0"], treasure=(3, 2))
    kinds = np.bincount([h.kind for h in _draws(board, (2, 6), 3000)], minlength=16)
    assert all(kinds[k] > 0 for k in range(1, 16))
    for rare in (7, 12, 14):
        assert kinds[rare] < min(kinds[k] for k in (2, 4, 13))


def test_every_drawn_hint_is_informative_and_consistent_with_its_params():
    for h in _draws(island, (2, 4), 500):
        assert informative(h.mask, island)
        np.testing.assert_array_equal(h.mask, hint_area(h.kind, island, dict(h.params)))
        assert h.truth == bool(h.mask[island.treasure])
        assert not h.mask.flags.writeable


def test_first_hint_is_always_true():
    for seed in range(200):
        rng = np.random.default_rng(seed)
        h = draw_hint(1, HintContext(island, (1, 1), None), island.treasure, rng, RulesConfig())
        assert h.truth


def test_random_truth_model_gives_both_truths_and_bluff_lies_at_its_rate():
    random_model = _draws(island, (2, 4), 400)
    assert 0 < sum(h.truth for h in random_model) < 400
    bluff = _draws(island, (2, 4), 600, RulesConfig(truth_model="bluff", liar_rate=0.25))
    lies = sum(not h.truth for h in bluff) / len(bluff)
    assert 0.18 < lies < 0.32
