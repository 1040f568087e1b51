"""The ``searcher`` sparring partner: a plain alpha-beta bot, the other kind of strong student bot."""

import pytest

from game.duel.bots import make_bot
from game.duel.generator import generate_board
from game.duel.protocol import Decision

from .arena import parse_map, play
from .test_registry_simple import obs_of


def test_it_boxes_the_other_in_when_one_step_does_it():
    # B at the end of a corridor, A two cells along it: A's step LEFT leaves B no legal move (its
    # score becomes -100), worth more than the mushroom to the right.
    obs = obs_of(["B . A m", "x x x .", "m . . ."], score_a=0, score_b=5)
    decision = make_bot("searcher").act(obs)
    assert isinstance(decision, Decision)
    assert decision.move == "LEFT", decision


def test_it_does_not_step_into_a_pocket_the_other_closes():
    # The mushroom on A's left is a one-cell pocket and B stands next to its mouth: taking it,
    # A is boxed in on B's reply (score -100), so A goes the other way.
    obs = obs_of(["m A . .", "x B . .", ". . . m"])
    decision = make_bot("searcher").act(obs)
    assert decision.move == "RIGHT", decision


def test_same_position_same_move_and_only_legal_moves():
    board = parse_map("\n".join(generate_board(9, 9, seed=433774).grid))
    first = [make_bot("searcher", seed=s).act(board).move for s in range(3)]
    assert len(set(first)) == 1
    result = play(board, make_bot("searcher", seed=1), make_bot("random", seed=2), rounds=120)
    assert result.end != "invalid move" or result.scores[0] != -100
    assert result.scores[0] > result.scores[1], result.scores


def test_an_item_counts_for_the_player_that_reaches_it_first():
    # B is one step from the mushroom, A (to move) three: it is B's alone, worth 0.9 (one step)
    # to B in the evaluation and nothing to A. At equal steps it would be the mover's.
    from game.duel.bots.sim import State

    bot = make_bot("searcher")

    def value(rows):
        bot.st = State.from_observation(obs_of(rows))
        return bot._evaluate(0)

    gone = value(["B . . . A", ". . . . ."])
    assert value(["B m . . A", ". . . . ."]) - gone == pytest.approx(-0.9)
    assert value(["B . m . A", ". . . . ."]) - gone == pytest.approx(0.81)  # 2 steps each: A's
