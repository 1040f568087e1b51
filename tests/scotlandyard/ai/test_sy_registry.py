"""The player registry: names, dotted paths, and the random players' contract."""

from dataclasses import dataclass

import pytest

from game.scotlandyard.ai import AiNotFound, Decision, make_detectives, make_mrx, move_key


@dataclass(frozen=True)
class FakeMove:
    piece: str
    source: int
    ticket: str
    destination: int


class FakeView:
    def __init__(self, moves):
        self._moves = frozenset(moves)

    def available_moves(self):
        return self._moves


MOVES = [FakeMove("MRX", 1, t, d) for t in ("TAXI", "BUS") for d in (8, 9, 46)]


def test_unknown_name_is_ai_not_found_and_a_value_error():
    with pytest.raises(AiNotFound):
        make_mrx("nobody")
    with pytest.raises(ValueError):
        make_detectives("nobody")
    with pytest.raises(AiNotFound):
        make_mrx("game.scotlandyard.ai.randomplayer:NoSuchClass")
    with pytest.raises(AiNotFound):
        make_mrx("no.such.module:Thing")


def test_dotted_path_builds_the_named_class():
    player = make_mrx("game.scotlandyard.ai.randomplayer:RandomMrX", seed=3, move_time=0.5)
    assert player.name == "random" and player.seed == 3 and player.move_time == 0.5


def test_random_players_return_an_available_move_with_a_reason():
    for player in (make_mrx("random", seed=1), make_detectives("random", seed=1)):
        decision = player.choose(FakeView(MOVES))
        assert isinstance(decision, Decision)
        assert decision.move in MOVES
        assert decision.reason


def test_random_players_are_deterministic_given_a_seed():
    picks = [[make_mrx("random", seed=s).choose(FakeView(MOVES)).move for _ in range(3)] for s in (5, 5)]
    assert picks[0] == picks[1]
    player = make_mrx("random", seed=5)
    several = {move_key(player.choose(FakeView(MOVES)).move) for _ in range(40)}
    assert len(several) > 1, "a random player that always picks the same move"
