"""greedy and mirror play as the issue describes them."""

from game.duel.bots import make_bot
from game.duel.bots.greedy import item_value
from game.duel.bots.mirror import last_move_of_a

from .test_registry_simple import move_of, obs_of


def test_item_values_depend_on_the_score():
    assert item_value(10, "m") == 1 and item_value(10, "n") == -1
    assert item_value(10, "s") == 10          # doubling
    assert item_value(7, "t") == 3 - 7        # halving, floored
    assert item_value(-3, "t") == 1           # -3 // 2 == -2: halving helps a negative score
    assert item_value(5, "b") == 0


def test_greedy_prefers_value_per_step():
    # A mushroom 1 step away (1 per step) beats a star 3 steps away at score 2 (2/3 per step)...
    obs = obs_of([". A m", ". . .", "s . .", ". . B"], score_a=2)
    assert move_of(make_bot("greedy").act(obs)) == "RIGHT"
    # ...but at score 9 the star (9/3 per step) wins.
    obs = obs_of([". A m", ". . .", "s . .", ". . B"], score_a=9)
    assert move_of(make_bot("greedy").act(obs)) in ("DOWN", "LEFT")


def test_greedy_walks_around_mines():
    # The mushroom is 2 steps away through a mine, 4 steps around it: greedy goes around.
    obs = obs_of(["A b m", ". x .", ". . .", "x x B"])
    assert move_of(make_bot("greedy").act(obs)) == "DOWN"


def test_greedy_ignores_worthless_items():
    # A poison mushroom next to it, a mushroom farther: greedy goes for the mushroom.
    obs = obs_of(["n A . m", ". . . B"])
    assert move_of(make_bot("greedy").act(obs)) == "RIGHT"


def test_mirror_copies_as_b_turned_by_180_degrees():
    # A moved RIGHT from (0,0) (the mirror image of B's (3,3)); B answers LEFT.
    obs = obs_of([". A . .", ". . . .", ". . . .", ". . . B"], me="B")
    assert last_move_of_a(obs) == "RIGHT"
    assert move_of(make_bot("mirror").act(obs)) == "LEFT"
    obs = obs_of([". . . .", "A . . .", ". . . .", ". . . B"], me="B")
    assert move_of(make_bot("mirror").act(obs)) == "UP"


def test_mirror_walks_when_there_is_nothing_to_copy():
    # As A, and as B when the position was not symmetric, it plays the walker's move.
    obs_a = obs_of(["A . .", ". . .", ". . B"], me="A")
    obs_b = obs_of([". . . .", ". . . .", "A . . .", ". . . B"], me="B", round_=5)
    assert last_move_of_a(obs_b) is None
    for obs in (obs_a, obs_b):
        for seed in range(5):
            assert move_of(make_bot("mirror", seed=seed).act(obs)) == move_of(make_bot("walker", seed=seed).act(obs))


def test_mirror_keeps_a_symmetric_game_symmetric():
    from .arena import parse_map, play

    text = (Path_shared() / "88map").read_text() if Path_shared() else None
    board = parse_map(text) if text else parse_map("A . m\n. x .\nm . B")
    result = play(board, make_bot("walker", seed=3), make_bot("mirror"), rounds=200)
    assert result.scores[0] == result.scores[1] and result.winner == "Tie"


def Path_shared():
    from pathlib import Path

    p = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "duel"
    return p if p.is_dir() else None
