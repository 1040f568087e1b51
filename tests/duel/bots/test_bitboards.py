"""The search model's bitboards against plain per-cell breadth-first searches.

The default bot's evaluation works on bitboards (one int per set of cells, a breadth-first layer
a few shifts): these check the bitboard search, the item masks kept by play/undo, and the
evaluation's territory against straightforward per-cell code on generated boards of many shapes.
"""

from __future__ import annotations

import random

import pytest

from game.duel.bots.default import evaluate
from game.duel.bots.sim import MINE, POISON, PSTAR, State
from game.duel.generator import generate_board
from game.duel.rules import initial_state, observe

SHAPES = [(8, 8), (9, 9), (5, 17), (12, 30), (20, 20), (30, 30), (21, 18), (2, 6), (64, 64)]


def _plain_bfs(geo, start: int, passable) -> list[int]:
    """Steps from ``start`` to every cell over cells where ``passable(cell)``; -1 where unreached."""
    dist = [-1] * geo.n
    dist[start] = 0
    frontier = [start]
    while frontier:
        nxt = []
        for cell in frontier:
            for x in geo.nbrs[cell]:
                if dist[x] == -1 and passable(x):
                    dist[x] = dist[cell] + 1
                    nxt.append(x)
        frontier = nxt
    return dist


def _layer_steps(geo, layers: list[int]) -> list[int]:
    cell_of = {b: c for c, b in enumerate(geo.bits)}
    steps = [-1] * geo.n
    for d, layer in enumerate(layers):
        while layer:
            low = layer & -layer
            layer ^= low
            c = cell_of[low]  # a KeyError: a bit that is no cell (the spare one at a row's end)
            assert steps[c] == -1, "a cell in two layers"
            steps[c] = d
    return steps


def _states(seed: int):
    """Positions from generated boards: each player scattered by a few random legal moves."""
    rng = random.Random(seed)
    for rows, cols in SHAPES:
        board = generate_board(rows, cols, seed=rng.randrange(10**6))
        st = State.from_observation(observe(initial_state(board)))
        for _ in range(rng.randrange(0, 3 * (rows + cols))):
            legal = st.legal(st.turn)
            if not legal or st.over():
                break
            st.play(rng.choice(legal)[1])
        yield st


def _mask(st: State, kinds) -> int:
    return sum(st.geo.bits[c] for c in range(st.geo.n) if st.items[c] in kinds)


def _all_masks(st: State) -> list[int]:
    """The item masks, counted afresh from the items."""
    masks = [0] * (MINE + 1)
    for c, it in enumerate(st.items):
        if it:
            masks[it] |= st.geo.bits[c]
    return masks


@pytest.mark.parametrize("seed", range(4))
def test_layers_are_the_plain_search(seed):
    for st in _states(seed):
        geo = st.geo
        pa, pb = st.pos
        walls_too = {MINE, POISON, PSTAR}
        for kinds in ({MINE}, walls_too):
            passable = geo.open_mask & ~_mask(st, kinds) & ~geo.bits[pb]
            want = _plain_bfs(geo, pa, lambda x: geo.open[x] and st.items[x] not in kinds and x != pb)
            assert _layer_steps(geo, geo.layers(pa, passable)) == want
        # One step out from a cell: its open neighbours, never a cell across a row's end.
        for c in geo.open_cells[::7]:
            assert geo.around(geo.bits[c]) == sum(geo.bits[x] for x in geo.nbrs[c])


@pytest.mark.parametrize("seed", range(3))
def test_item_masks_follow_play_undo_and_copy(seed):
    rng = random.Random(seed)
    for st in _states(seed):
        before = list(st.masks)
        undos = []
        for _ in range(40):
            legal = st.legal(st.turn)
            if not legal or st.over():
                break
            undos.append(st.play(rng.choice(legal)[1]))
            assert st.masks == _all_masks(st)
        twin = st.copy()
        while undos:
            st.undo(undos.pop())
            assert st.masks == _all_masks(st)
        assert st.masks == before
        # The copy keeps its own masks: undoing on the original left them as they were.
        assert twin.masks == _all_masks(twin)


@pytest.mark.parametrize("seed", range(3))
def test_territory_is_who_reaches_each_cell_first(seed):
    """A cell is A's when A stands on it at an earlier ply than B could (the mover first, a
    stunned player later by two plies a turn), walking round mines and never through the other."""
    rng = random.Random(seed)
    for st in _states(seed):
        st.stun = [rng.choice([0, 0, 1, 3]), rng.choice([0, 0, 2])]
        geo = st.geo
        pa, pb = st.pos
        da = _plain_bfs(geo, pa, lambda x: st.items[x] != MINE and x != pb)
        db = _plain_bfs(geo, pb, lambda x: st.items[x] != MINE and x != pa)
        off_a = 2 * st.stun[0] - (st.turn == 0)
        off_b = 2 * st.stun[1] - (st.turn == 1)
        va = sum(1 for c in geo.open_cells if da[c] >= 0 and (db[c] < 0 or 2 * da[c] + off_a < 2 * db[c] + off_b))
        vb = sum(1 for c in geo.open_cells if db[c] >= 0) - sum(
            1 for c in geo.open_cells if da[c] >= 0 and db[c] >= 0 and 2 * da[c] + off_a < 2 * db[c] + off_b)
        info = evaluate(st, detail=True)
        assert info.region == (va, vb)
        assert info.value == evaluate(st)
