"""make_bot's registry and dotted paths, and the two trivial baselines (random, walker)."""

import pytest

from game.duel.bots import BotNotFound, make_bot
from game.duel.protocol import MOVES, Decision, DuelObservation


def obs_of(rows, me="A", round_=1, score_a=0, score_b=0):
    return DuelObservation(round=round_, grid=tuple(r.replace(" ", "") for r in rows),
                           score_a=score_a, score_b=score_b, me=me)


def move_of(answer):
    return answer.move if isinstance(answer, Decision) else answer


def test_builtin_names_make_bots():
    for name in ("random", "walker"):
        bot = make_bot(name, seed=3, move_time=0.1)
        assert bot.seed == 3 and bot.move_time == 0.1


def test_dotted_paths_both_forms():
    assert type(make_bot("game.duel.bots.simple:WalkerBot")).__name__ == "WalkerBot"
    assert type(make_bot("game.duel.bots.simple.RandomBot")).__name__ == "RandomBot"


def test_unknown_name_lists_the_known_ones():
    with pytest.raises(BotNotFound) as info:
        make_bot("nosuchbot")
    assert "random" in str(info.value) and "walker" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_path_to_something_that_is_not_a_bot():
    with pytest.raises(BotNotFound):
        make_bot("game.duel.protocol:MOVES")
    with pytest.raises(BotNotFound):
        make_bot("no.such.module:Bot")


@pytest.mark.parametrize("name", ["random", "walker"])
def test_only_legal_moves_when_one_exists(name):
    # A in a corridor: UP is the edge, LEFT the edge, DOWN a wall: only RIGHT is legal.
    obs = obs_of(["A . x", "x m .", ". . B"])
    for seed in range(20):
        assert move_of(make_bot(name, seed=seed).act(obs)) == "RIGHT"


@pytest.mark.parametrize("name", ["random", "walker"])
def test_boxed_in_still_answers_a_move(name):
    obs = obs_of(["A B", "x ."])
    assert move_of(make_bot(name).act(obs)) in MOVES


@pytest.mark.parametrize("name", ["random", "walker"])
def test_deterministic_given_seed(name):
    obs = obs_of([". . .", ". A .", ". . B"])
    a = [move_of(make_bot(name, seed=s).act(obs)) for s in range(30)]
    b = [move_of(make_bot(name, seed=s).act(obs)) for s in range(30)]
    assert a == b and len(set(a)) > 1  # fixed by the seed, yet varies across seeds


def test_walker_takes_first_legal_clockwise():
    # UP and RIGHT are walls: from either of those starts the walker goes DOWN (the next legal one
    # clockwise); starting at LEFT, LEFT itself is legal.
    obs = obs_of([". x .", ". A x", ". . B"])
    seen = {move_of(make_bot("walker", seed=s).act(obs)) for s in range(40)}
    assert seen == {"DOWN", "LEFT"}
