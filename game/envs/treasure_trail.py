"""The pirate's walk as evidence, without a search per tile he walks.

:class:`game.treasure.agents.knowledge.Knowledge` rules out, for every step of the pirate's trail, the
tiles the walking rule would not have reached that way: a tile t stays possible only if it lies
on a shortest path through the whole trail (``d(p0, t) = k + d(p_k, t)``), and no neighbour the
rule prefers at step i (a *rival*) also starts a shortest path to t. It measures those distances
with a breadth-first search from every trail tile and every rival (16,000 tiles each on a
128x128 map).

Everything it asks can be read off one search, from the prison p0. Call the *DAG* the edges
u -> w between neighbours with ``d(p0, w) = d(p0, u) + 1``. A tile v lies on a shortest path
from p0 to t exactly when t descends from v in the DAG (``d(p0, v) + d(v, t) = d(p0, t)``).
The trail follows the DAG (the pirate walks a shortest path from his prison), so:

* the tiles still on a shortest path through the trail are the descendants of its last tile
  p_k (without p_k itself, where he stands);
* for such a tile t, a rival n of trail tile p_i starts a shortest path from p_i to t exactly
  when n is a DAG child of p_i and t descends from n. (Every tile on a shortest path from p_i
  to a t below p_i is itself below p_i, so the two DAGs agree there.)

So one update is ``possible &= desc(p_k) - {p_k} - union of desc(rival)``, the same set
:meth:`Knowledge._apply_trail` computes, call for call. The descendant sets of every tile
reachable from a prison are built once per (board, prison), bottom-up in the DAG as Python
integers used as bit sets (a few milliseconds on the largest shipped map; kept per board like
the knowledge module's search cache). A trail that does not follow the DAG, which the rules
never produce, is handed to the original searches.
"""

from __future__ import annotations

import weakref

import numpy as np

from game.treasure.agents.knowledge import Knowledge, distances_from, rival_steps
from game.treasure.board import DIRECTIONS, UNREACHABLE, Board, Pos

_DAGS: "weakref.WeakKeyDictionary[Board, dict[Pos, PrisonDag]]" = weakref.WeakKeyDictionary()


class PrisonDag:
    """Shortest-path DAG from one prison, with every tile's descendant set as a bit set over
    the tiles numbered by distance from the prison (bit i = the i-th tile in that order)."""

    def __init__(self, board: Board, prison: Pos):
        h, w = board.shape
        dist = distances_from(board, prison).ravel()
        reach = np.flatnonzero(dist != UNREACHABLE)
        order = reach[np.argsort(dist[reach], kind="stable")]
        n = order.size
        number = np.full(h * w, -1, dtype=np.int64)
        number[order] = np.arange(n)
        self.shape = (h, w)
        self.order = order  # grid index (flat) of each numbered tile
        self.number = number  # the reverse: number of each grid tile, -1 if unreachable
        self.level = dist  # flat distances from the prison
        self.nbytes = (n + 7) // 8
        self.n = n
        # For each direction, the number of v's DAG child that way (a neighbour one step farther
        # from the prison), or -1.
        rows, cols = np.divmod(order, w)
        way = []
        for dr, dc in DIRECTIONS.values():
            r, c = rows + dr, cols + dc
            inside = (r >= 0) & (r < h) & (c >= 0) & (c < w)
            nb = np.where(inside, r * w + c, 0)
            child = np.where(inside & (dist[nb] == dist[order] + 1), number[nb], -1)
            way.append(child.tolist())
        desc = [0] * n  # desc[v]: v's descendants, bit 0 = v itself (relative to v, so the sets stay short)
        for v, a, b, c, d in zip(range(n - 1, -1, -1), *(reversed(x) for x in way)):
            acc = 1
            if a >= 0:
                acc |= desc[a] << (a - v)
            if b >= 0:
                acc |= desc[b] << (b - v)
            if c >= 0:
                acc |= desc[c] << (c - v)
            if d >= 0:
                acc |= desc[d] << (d - v)
            desc[v] = acc
        self._desc = desc

    def tile_number(self, pos: Pos) -> int:
        return int(self.number[pos[0] * self.shape[1] + pos[1]])

    def depth(self, pos: Pos) -> int:
        return int(self.level[pos[0] * self.shape[1] + pos[1]])

    def below(self, number: int) -> int:
        """The descendants of tile ``number`` (itself included), as a bit set over numbers."""
        return self._desc[number] << number

    def to_mask(self, bits: int) -> np.ndarray:
        """A bit set over numbers as a bool grid."""
        packed = np.frombuffer(bits.to_bytes(self.nbytes, "little"), dtype=np.uint8)
        flags = np.unpackbits(packed, count=self.n, bitorder="little").view(bool)
        out = np.zeros(self.shape[0] * self.shape[1], dtype=bool)
        out[self.order] = flags
        return out.reshape(self.shape)


def prison_dag(board: Board, prison: Pos) -> PrisonDag:
    """The DAG from ``prison`` on ``board`` (built once per board and prison)."""
    per_board = _DAGS.setdefault(board, {})
    dag = per_board.get(prison)
    if dag is None:
        dag = per_board[prison] = PrisonDag(board, prison)
    return dag


class TrailKnowledge(Knowledge):
    """:class:`~game.treasure.agents.knowledge.Knowledge` with the pirate's walk read off the prison's
    DAG (see the module docstring): the same candidate tiles, update for update."""

    def _apply_trail(self, trail: tuple[Pos, ...]) -> None:
        board = self.board
        start = trail[0]
        if not (board.on_map(start) and board.passable[start]):
            return super()._apply_trail(trail)
        dag = prison_dag(board, start)
        k = len(trail) - 1
        first_new = max(self.trail_seen - 1, 0)
        for i in range(first_new, k + 1):
            tile = trail[i]
            if not board.on_map(tile) or dag.tile_number(tile) < 0 or dag.depth(tile) != i:
                return super()._apply_trail(trail)
            if i > 0 and abs(tile[0] - trail[i - 1][0]) + abs(tile[1] - trail[i - 1][1]) != 1:
                return super()._apply_trail(trail)
        last = dag.tile_number(trail[-1])
        keep = dag.below(last) & ~(1 << last)
        bad = 0
        for i, n in rival_steps(board, trail, first_new):
            if dag.depth(n) == i + 1:  # a DAG child of trail[i]: a shortest path goes on from there
                bad |= dag.below(dag.tile_number(n))
        self.possible &= dag.to_mask(keep & ~bad)
        self.trail_seen = len(trail)
