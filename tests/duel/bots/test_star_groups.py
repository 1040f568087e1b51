"""Star groups from short walks give what full-board distances gave (a review timed the full
walks at 0.66 s of a move on a 64x64 board of stars: past the program's limit)."""

import random

import pytest

from game.duel.bots.default import GROUP_MAX, GROUP_STEPS, _star_groups
from game.duel.bots.sim import Geometry
from game.duel.generator import generate_board


def _reference(geo, stars):
    """The groups as first written: every star's distances to the whole board."""
    if len(stars) < 2:
        return {}
    far = {c: geo.distances(c, -1) for c in stars}
    groups = {}
    for c in stars:
        here, k, hops = c, 1, 0
        left = [x for x in stars if x != c]
        while left and k < GROUP_MAX:
            nxt = min(left, key=lambda x: (far[here][x] if far[here][x] >= 0 else geo.n, x))
            h = far[here][nxt]
            if h < 0 or h > GROUP_STEPS:
                break
            left.remove(nxt)
            here, k, hops = nxt, k + 1, hops + h
        if k > 1:
            groups[c] = (k, hops)
    return groups


@pytest.mark.parametrize("seed", range(12))
def test_the_groups_are_those_of_full_distances(seed):
    rng = random.Random(seed)
    rows, cols = rng.randint(6, 30), rng.randint(6, 30)
    board = generate_board(rows, cols, seed)
    walls = "".join("x" if ch == "x" else "." for row in board.grid for ch in row)
    geo = Geometry(rows, cols, walls)
    open_cells = geo.open_cells
    stars = sorted(rng.sample(open_cells, min(len(open_cells), rng.randint(2, 80))))
    assert _star_groups(geo, stars) == _reference(geo, stars)


def test_a_board_full_of_stars_is_grouped_too():
    geo = Geometry(40, 40, "." * 1600)
    stars = list(range(0, 1600, 3))
    assert _star_groups(geo, stars) == _reference(geo, stars)
