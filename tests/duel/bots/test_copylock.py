"""The copy-lock check that sorts the games A ties against a copycat (game.duel.bots.copylock)."""

from game.duel.bots import make_bot
from game.duel.bots.copylock import copy_locked, escapes
from game.duel.mapfile import parse_map
from game.duel.rules import initial_state


def _start(rows: list[str]):
    text = f"{len(rows)} {len(rows[0].split())}\n" + "\n".join(rows) + "\n"
    return initial_state(parse_map(text, "test"))


SYMMETRIC = ["A . m .",
             ". x . m",
             "m . x .",
             ". m . B"]


def test_a_point_symmetric_start_without_a_centre_is_locked_whatever_a_does():
    state = _start(SYMMETRIC)
    assert copy_locked(state)
    assert not escapes(state, make_bot("mirror", seed=1), 50)


def test_a_mushroom_whose_mirror_image_is_gone_lets_a_win_the_copy_game():
    # The mushroom at (0, 2) has no mirror image at (3, 1): A takes it, B's mirror cell is empty.
    state = _start(["A . m .", ". x . m", "m . x .", ". . . B"])
    assert not copy_locked(state)
    assert escapes(state, make_bot("mirror", seed=1), 50)
    # One point behind, the same mushroom only brings A level: locked.
    assert copy_locked(state._replace(score_b=1))
    assert not escapes(state._replace(score_b=1), make_bot("mirror", seed=1), 50)


def test_a_mine_or_poison_star_without_its_mirror_image_is_never_counted_as_locked():
    # Stepping on the lone mine stuns A and not B: the copying stops. Halving a negative score
    # raises it. Either may change the result, so neither position is called locked.
    assert not copy_locked(_start(["A . b .", ". x . m", "m . x .", ". . . B"]))
    assert not copy_locked(_start(["A . t .", ". x . m", "m . x .", ". . . B"])._replace(score_a=-3, score_b=-3))
    # With its mirror image there, a mine stuns both alike: locked as before.
    assert copy_locked(_start(["A . b .", ". x . m", "m . x .", ". b . B"]))


def test_players_apart_are_not_locked_and_a_walker_that_never_copies_is_escaped():
    state = _start(["A . m .", ". x . m", "m . x B", ". m . ."])
    assert not copy_locked(state)
    assert escapes(state, make_bot("walker", seed=1), 10)


def test_a_pair_of_poison_stars_that_halves_the_gap_is_not_locked():
    # One behind, A takes a pair of mushrooms (2-3), then the poison stars (1-1), then the mushroom
    # at (1, 4) whose mirror image is gone: ahead. Two behind, that only brings it level.
    state = _start(["A . t . m .", ". m . . m .", ". . . . m .", ". m . t . B"])
    assert not copy_locked(state._replace(score_a=1, score_b=2))
    assert copy_locked(state._replace(score_a=3, score_b=5))


def test_the_line_is_walked_with_b_on_our_mirror_image_and_within_the_rounds_left():
    # A can reach the lone mushroom at (0, 3) only past the middle of row 1, where B, copying,
    # stands on the mirror image of A's cell: the poison stars bring it level, nothing more.
    assert copy_locked(_start(["A x x m", "m t t m", ". x x B"])._replace(score_a=1, score_b=2))
    # The game of the test above, one point behind, but with one move left: no time to walk it.
    state = _start(["A . t . m .", ". m . . m .", ". . . . m .", ". m . t . B"])
    assert copy_locked(state._replace(score_a=1, score_b=2, round=1000))
