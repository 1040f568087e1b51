"""Hand-built boards for tests: a grid of map cells, e.g. ``"0 1 1M 2P"`` per row."""

from __future__ import annotations

import numpy as np

from game.treasure.board import Board


def make_board(rows: list[str], treasure, reveal: int = 2, free: int = 4) -> Board:
    cells = [row.split() for row in rows]
    h, w = len(cells), len(cells[0])
    assert all(len(r) == w for r in cells), "ragged test board"
    region = np.zeros((h, w), dtype=np.int32)
    mountain = np.zeros((h, w), dtype=bool)
    prison = np.zeros((h, w), dtype=bool)
    for r, row in enumerate(cells):
        for c, cell in enumerate(row):
            region[r, c] = int(cell.rstrip("MP"))
            mountain[r, c] = cell.endswith("M")
            prison[r, c] = cell.endswith("P")
    return Board(region, mountain, prison, treasure, reveal, free)


def mask_of(rows: list[str]) -> np.ndarray:
    """``#`` is in the area, ``.`` is not."""
    return np.array([[ch == "#" for ch in row.replace(" ", "")] for row in rows], dtype=bool)


# A 6x6 island: regions 1 (west), 2 (east), 3 (south); a mountain in 1, a prison in 2.
ISLAND = [
    "0 0 0  0 0  0",
    "0 1 1  2 2  0",
    "0 1 1M 2 2P 0",
    "0 1 1  2 2  0",
    "0 3 3  3 3  0",
    "0 0 0  0 0  0",
]
