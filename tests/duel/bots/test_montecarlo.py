"""The ``montecarlo`` sparring partner: tree search guided by random games (UCT), a third kind of
student bot beside the hunters and the alpha-beta ``searcher``, never tuned against."""

import random

from game.duel.bots import make_bot
from game.duel.bots.sparring import MonteCarloBot, _Node
from game.duel.bots.sim import State
from game.duel.generator import generate_board
from game.duel.protocol import Decision

from .arena import parse_map, play
from .test_registry_simple import obs_of


def test_it_boxes_the_other_in_when_one_step_does_it():
    # B at the end of a corridor, A two cells along it: A's step LEFT leaves B no legal move (its
    # score becomes -100, a lost game in every playout), worth more than the mushroom to the right.
    obs = obs_of(["B . A m", "x x x .", "m . . ."], score_a=0, score_b=5)
    decision = make_bot("montecarlo").act(obs)
    assert isinstance(decision, Decision)
    assert decision.move == "LEFT", decision
    assert decision.reason.startswith("600 playouts, ") and decision.reason.endswith("% for it"), decision


def test_it_does_not_step_into_a_pocket_the_other_closes():
    # The mushroom on A's left is a one-cell pocket and B stands next to its mouth: taking it,
    # A is boxed in on B's reply, so A goes the other way.
    obs = obs_of(["m A . .", "x B . .", ". . . m"])
    assert make_bot("montecarlo").act(obs).move == "RIGHT"


def test_its_only_move_and_boxed_in():
    assert make_bot("montecarlo").act(obs_of(["A . x", "x x B"])) == Decision("RIGHT", "only legal move")
    assert make_bot("montecarlo").act(obs_of(["A B", "x x"])).reason == "boxed in"


def test_a_stunned_player_is_searched_through_its_skipped_turns():
    # The tree and the playouts step a stunned player's turns as skipped (cell -1): the position
    # after a search is the one it started from, and a skipped turn is the only child.
    st = State.from_observation(obs_of(["A . m", ". . .", "m . B"]), stun_other=2)
    st.play(st.legal(0)[0][1])  # A moves; B, stunned, is to move
    before = (list(st.items), list(st.pos), list(st.score), list(st.stun), st.round, st.turn)
    bot = MonteCarloBot(seed=0)
    root = _Node()
    for _ in range(50):
        bot._iterate(st, root, random.Random(0))
    assert (list(st.items), list(st.pos), list(st.score), list(st.stun), st.round, st.turn) == before
    assert root.moves == [(-1, -1)] and root.visits == 50 and root.children[-1].visits == 50


def test_same_position_same_move_and_it_beats_random():
    board = parse_map("\n".join(generate_board(9, 9, seed=433774).grid))
    assert len({make_bot("montecarlo", seed=3).act(board).move for _ in range(3)}) == 1
    result = play(board, make_bot("montecarlo", seed=1), make_bot("random", seed=2), rounds=120)
    assert result.end != "invalid move" or result.scores[0] != -100
    assert result.scores[0] > result.scores[1], result.scores
