"""The duel's board: an immutable grid held as numpy arrays, plus the lookup tables the rules use.

A board is the map as it was at the start of the game (both players on it). Everything that
changes during a game (positions, taken items) lives in the rules' state, so one board is shared
by every state of a game and never copied. The per-step tables (``neighbours``, ``item_at``) are
plain tuples because indexing a tuple is far cheaper than indexing a numpy array from Python.
"""

from __future__ import annotations

import numpy as np

from .config import MAX_SIDE, MIN_SIDE
from .protocol import DELTAS, ITEMS, MOVES

CELLS = "AB.x" + ITEMS
ITEM_CODES = np.frombuffer(ITEMS.encode(), dtype=np.uint8)


class DuelBoard:
    """``rows`` strings of ``cols`` cells each (``A``, ``B``, ``.``, ``x``, ``b m n s t``).

    ``codes`` is the grid as a read-only ``uint8`` array of ASCII codes; ``walls`` and ``items``
    are read-only boolean masks. Cells are also numbered ``r * cols + c`` (``index``), which is how
    the rules store positions.
    """

    __slots__ = ("grid", "rows", "cols", "codes", "walls", "items", "start_a", "start_b",
                 "item_count", "neighbours", "item_at", "floor", "_hash")

    def __init__(self, grid):
        grid = tuple(grid)
        if not (MIN_SIDE <= len(grid) <= MAX_SIDE):
            raise ValueError(f"a board has {MIN_SIDE}..{MAX_SIDE} rows, not {len(grid)}")
        cols = len(grid[0])
        if not (MIN_SIDE <= cols <= MAX_SIDE):
            raise ValueError(f"a board has {MIN_SIDE}..{MAX_SIDE} columns, not {cols}")
        for r, row in enumerate(grid):
            if len(row) != cols:
                raise ValueError(f"row {r} has {len(row)} cells, row 0 has {cols}")
            bad = set(row) - set(CELLS)
            if bad:
                raise ValueError(f"row {r} holds unknown cells {''.join(sorted(bad))!r}")
        joined = "".join(grid)
        if joined.count("A") != 1 or joined.count("B") != 1:
            raise ValueError("a board holds exactly one A and one B")
        self.grid: tuple[str, ...] = grid
        self.rows = len(grid)
        self.cols = cols
        codes = np.frombuffer(joined.encode("ascii"), dtype=np.uint8).reshape(self.rows, cols).copy()
        codes.flags.writeable = False
        self.codes = codes
        walls = codes == ord("x")
        items = np.isin(codes, ITEM_CODES)
        walls.flags.writeable = False
        items.flags.writeable = False
        self.walls = walls
        self.items = items
        self.start_a = joined.index("A")
        self.start_b = joined.index("B")
        self.item_count = int(items.sum())
        # What lies on each cell once the players are lifted off it.
        self.floor: tuple[str, ...] = tuple("." if ch in "AB" else ch for ch in joined)
        # item_at[i]: the item letter on cell i at the start, or "" (walls and floor too).
        self.item_at: tuple[str, ...] = tuple(ch if ch in ITEMS else "" for ch in joined)
        self.neighbours = self._neighbour_table()
        self._hash = hash(grid)

    def _neighbour_table(self) -> tuple[tuple[int, ...], ...]:
        """neighbours[i][k]: the cell that move MOVES[k] from cell i reaches, or -1 for the
        edge of the board or a wall. Built with whole-array operations."""
        rows, cols = self.rows, self.cols
        r, c = np.divmod(np.arange(rows * cols), cols)
        open_cell = ~self.walls.ravel()
        columns = []
        for move in MOVES:
            dr, dc = DELTAS[move]
            nr, nc = r + dr, c + dc
            inside = (nr >= 0) & (nr < rows) & (nc >= 0) & (nc < cols)
            target = np.where(inside, nr * cols + nc, 0)
            ok = inside & open_cell[target]
            columns.append(np.where(ok, target, -1))
        table = np.stack(columns, axis=1).tolist()
        return tuple(tuple(row) for row in table)

    # -- coordinates ---------------------------------------------------------------------------
    def index(self, row: int, col: int) -> int:
        return row * self.cols + col

    def coords(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)

    def cell(self, row: int, col: int) -> str:
        return self.grid[row][col]

    # -- identity --------------------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, DuelBoard) and other.grid == self.grid

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"DuelBoard({self.rows}x{self.cols}, items={self.item_count})"

    def is_point_symmetric(self) -> bool:
        """Cell (i, j) mirrors (M-1-i, N-1-j) with A and B swapped, as on the course's maps."""
        swapped = self.codes.copy()
        swapped[self.codes == ord("A")] = ord("B")
        swapped[self.codes == ord("B")] = ord("A")
        return bool(np.array_equal(self.codes, swapped[::-1, ::-1]))
