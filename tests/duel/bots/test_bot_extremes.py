"""Inputs the course's judge could send but no course game did: scores too large for a float, a
board of thousands of stars (a review's fuzzing of the program)."""

from game.duel.bots import make_bot
from game.duel.bots.default import STAR_CAP, _nearest_stars, _within_floats
from game.duel.bots.sim import STAR
from game.duel.protocol import DuelObservation

GRID = ("A.s.", ".m..", "..m.", ".s.B")


def _legal(obs):
    from game.duel.bots.common import legal_moves

    return legal_moves(obs)


def test_scores_too_large_for_a_float_are_weighed_not_fallen_back_on():
    for a, b in ((2 ** 1100, 7), (-(2 ** 1100), 3), (2 ** 5000, 2 ** 4999)):
        obs = DuelObservation(round=5, grid=GRID, score_a=a, score_b=b, me="A")
        scaled = _within_floats(obs)
        assert float(scaled.score_a) and abs(scaled.score_a).bit_length() <= 900
        assert (scaled.score_a > scaled.score_b) == (a > b)
        decision = make_bot("default", seed=1, move_time=0.1).act(obs)
        assert decision.move in _legal(obs) and "first legal move" not in decision.reason
    small = DuelObservation(round=5, grid=GRID, score_a=10 ** 250, score_b=-5, me="B")
    assert _within_floats(small) is small  # scores a float holds are left as they are


def test_the_plan_weighs_only_the_nearest_stars_on_a_board_of_thousands():
    items = [(c, STAR, 0, 0) for c in range(500)] + [(900, 1, 0, 0)]
    steps = {c: (c * 7919) % 503 for c in range(1000)}
    near = _nearest_stars(items, steps)
    assert len(near) == STAR_CAP and all(x[1] == STAR for x in near)
    assert max(steps[x[0]] for x in near) <= min(steps[x[0]] for x in items[:500] if x not in near)
    few = items[:STAR_CAP - 1] + [(900, 1, 0, 0)]
    assert _nearest_stars(few, steps) == items[:STAR_CAP - 1]  # under the cap: all, in their order
    n = 64
    rows = [["s"] * n for _ in range(n)]
    rows[0][0], rows[n - 1][n - 1], rows[0][1], rows[n - 1][n - 2] = "A", "B", "m", "m"
    obs = DuelObservation(round=1, grid=tuple("".join(r) for r in rows), score_a=0, score_b=0, me="A")
    assert make_bot("default", seed=1, move_time=0.2).act(obs).move in _legal(obs)
