"""Point-symmetric duel maps of any size in 2..64 (DUEL.md §8), the same bytes for the same arguments.

A starts at the top-left corner, B at the bottom-right; cell ``(i, j)`` holds what ``(M-1-i, N-1-j)``
holds (A and B swapped), so neither side starts better. By default walls and items take the shares
they have on the course's 20x20 map. Walls that cut part of the board off are opened (with their
mirror images) along the cheapest path through walls, until every open cell, and so every item, is
reachable by both players.
"""

from __future__ import annotations

import random
from collections import deque

from .board import DuelBoard
from .config import MAX_SIDE, MIN_SIDE

# Shares of the cells other than A and B on the course's 20x20 map (142 walls, 118 m, 22 n,
# 12 s, 8 b, 6 t and 90 empty of 398).
COURSE_SHARES: dict[str, float] = {"x": 142 / 398, "m": 118 / 398, "n": 22 / 398, "s": 12 / 398,
                                   "b": 8 / 398, "t": 6 / 398}


def _apportion(total: int, shares: dict[str, float]) -> dict[str, int]:
    """Whole counts for ``shares`` of ``total`` orbits, the rest empty floor ``.``, by largest
    remainders (ties broken by letter, so the result never depends on dict order)."""
    shares = dict(shares)
    shares["."] = max(0.0, 1.0 - sum(shares.values()))
    want = {k: v * total for k, v in shares.items()}
    counts = {k: int(v) for k, v in want.items()}
    spare = total - sum(counts.values())
    for k in sorted(want, key=lambda k: (-(want[k] - counts[k]), k))[:spare]:
        counts[k] += 1
    return counts


def scaled_shares(walls: float | None = None, items: float | None = None) -> dict[str, float]:
    """The course's shares with the wall share and/or the total item share replaced (items keep
    the course's proportions among themselves)."""
    shares = dict(COURSE_SHARES)
    if walls is not None:
        shares["x"] = walls
    if items is not None:
        course_items = sum(v for k, v in COURSE_SHARES.items() if k != "x")
        for k in "bmnst":
            shares[k] = COURSE_SHARES[k] / course_items * items
    return shares


def generate_board(rows: int, cols: int, seed: int, shares: dict[str, float] | None = None) -> DuelBoard:
    if not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        raise ValueError(f"a board has {MIN_SIDE}..{MAX_SIDE} rows and columns, not {rows}x{cols}")
    shares = dict(COURSE_SHARES if shares is None else shares)
    if any(v < 0 for v in shares.values()) or sum(shares.values()) > 1 + 1e-9:
        raise ValueError("shares must be >= 0 and add up to at most 1")
    size = rows * cols
    last = size - 1
    key = ",".join(f"{k}={shares[k]:.6f}" for k in sorted(shares))
    rng = random.Random(f"treasure-duel:{rows}x{cols}:{seed}:{key}")

    # Orbits of the point symmetry: {i, last - i}; the middle cell of an odd x odd board is alone.
    orbits = [i for i in range(1, size) if i <= last - i]
    counts = _apportion(len(orbits), shares)
    labels = [k for k in sorted(counts) for _ in range(counts[k])]
    rng.shuffle(labels)
    cells = ["."] * size
    for i, label in zip(orbits, labels):
        cells[i] = cells[last - i] = label
    cells[0], cells[last] = "A", "B"
    if not any(ch in "bmnst" for ch in cells) and len(orbits):
        open_orbits = [i for i in orbits if cells[i] == "."] or orbits
        i = open_orbits[rng.randrange(len(open_orbits))]
        cells[i] = cells[last - i] = "m"  # a board needs something to collect
    _connect(cells, rows, cols)
    return DuelBoard(["".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)])


def _neighbours(i: int, rows: int, cols: int):
    r, c = divmod(i, cols)
    if r > 0:
        yield i - cols
    if c < cols - 1:
        yield i + 1
    if r < rows - 1:
        yield i + cols
    if c > 0:
        yield i - 1


def _reachable(cells: list[str], rows: int, cols: int, start: int) -> set[int]:
    seen = {start}
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for j in _neighbours(i, rows, cols):
            if j not in seen and cells[j] != "x":
                seen.add(j)
                queue.append(j)
    return seen


def _connect(cells: list[str], rows: int, cols: int) -> None:
    """Open walls (symmetrically) until every open cell is reachable from A's cell."""
    last = rows * cols - 1
    while True:
        reach = _reachable(cells, rows, cols, 0)
        cut_off = [i for i, ch in enumerate(cells) if ch != "x" and i not in reach]
        if not cut_off:
            return
        # 0-1 breadth-first search from A's region: walls cost 1, open cells 0; stop at the first
        # cut-off cell and open the walls on the way (and their mirror images).
        target = set(cut_off)
        cost = {i: 0 for i in reach}
        parent: dict[int, int] = {}
        queue = deque(reach)
        found = -1
        while queue:
            i = queue.popleft()
            if i in target:
                found = i
                break
            for j in _neighbours(i, rows, cols):
                step = 1 if cells[j] == "x" else 0
                if j not in cost or cost[i] + step < cost[j]:
                    cost[j] = cost[i] + step
                    parent[j] = i
                    if step:
                        queue.append(j)
                    else:
                        queue.appendleft(j)
        i = found
        while i in parent:
            if cells[i] == "x":
                cells[i] = cells[last - i] = "."
            i = parent[i]
