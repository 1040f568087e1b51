"""The island: region ids, mountains, prisons and the treasure, as read-only numpy arrays.

Coordinates are ``(row, col)``, row 0 at the top (RULES §1). A ``Board`` is immutable: every
array it holds is read-only, so states, observations and views can share it freely.
Derived arrays (passable tiles, region boundaries, distance to the sea, ...) are computed once
per board on first use and cached, because hints and agents ask for them every turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

import numpy as np

Pos = tuple[int, int]

# 4-neighbourhood in the order the rules use for ties: N, E, S, W.
DIRECTIONS: dict[str, Pos] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
DIRECTION_ORDER = ("N", "E", "S", "W")
DIRECTION_INDEX = {name: i for i, name in enumerate(DIRECTION_ORDER)}

UNREACHABLE = np.iinfo(np.int32).max


def _frozen(array: np.ndarray) -> np.ndarray:
    array = np.ascontiguousarray(array)
    array.flags.writeable = False
    return array


@dataclass(frozen=True, eq=False)
class Board:
    """One island map plus the two turn numbers its file carries.

    ``treasure`` is ``None`` on the public copy an agent sees (:meth:`public`).
    """

    region: np.ndarray  # int32 (H, W); 0 is the sea
    mountain: np.ndarray  # bool (H, W)
    prison: np.ndarray  # bool (H, W)
    treasure: Pos | None
    reveal_turn: int  # r
    free_turn: int  # f
    n_regions: int = field(default=0)  # R, sea included; 0 means "max id + 1"

    def __post_init__(self) -> None:
        region = np.asarray(self.region, dtype=np.int32)
        if region.ndim != 2:
            raise ValueError("region must be a 2-D array")
        object.__setattr__(self, "region", _frozen(region))
        object.__setattr__(self, "mountain", _frozen(np.asarray(self.mountain, dtype=bool)))
        object.__setattr__(self, "prison", _frozen(np.asarray(self.prison, dtype=bool)))
        for name in ("mountain", "prison"):
            if getattr(self, name).shape != region.shape:
                raise ValueError(f"{name} has shape {getattr(self, name).shape}, expected {region.shape}")
        if self.treasure is not None:
            object.__setattr__(self, "treasure", (int(self.treasure[0]), int(self.treasure[1])))
        needed = int(region.max()) + 1 if region.size else 1
        object.__setattr__(self, "n_regions", max(int(self.n_regions), needed))

    # --- shape -------------------------------------------------------------------------
    @property
    def height(self) -> int:
        return self.region.shape[0]

    @property
    def width(self) -> int:
        return self.region.shape[1]

    @property
    def shape(self) -> tuple[int, int]:
        return self.region.shape  # type: ignore[return-value]

    def on_map(self, pos: Pos) -> bool:
        return 0 <= pos[0] < self.height and 0 <= pos[1] < self.width

    # --- tile classes ------------------------------------------------------------------
    @cached_property
    def land(self) -> np.ndarray:
        return _frozen(self.region > 0)

    @cached_property
    def passable(self) -> np.ndarray:
        """Where the agent may stand and the pirate may walk: land that is not mountain."""
        return _frozen(self.land & ~self.mountain)

    @cached_property
    def eligible(self) -> np.ndarray:
        """Tiles that could hold the treasure: land, not mountain, not prison (RULES §1)."""
        return _frozen(self.passable & ~self.prison)

    @cached_property
    def eligible_count(self) -> int:
        return int(np.count_nonzero(self.eligible))

    @cached_property
    def land_regions(self) -> tuple[int, ...]:
        ids = np.unique(self.region[self.land])
        return tuple(int(i) for i in ids)

    @cached_property
    def prisons(self) -> tuple[Pos, ...]:
        rows, cols = np.nonzero(self.prison)
        return tuple((int(r), int(c)) for r, c in zip(rows, cols))

    @cached_property
    def free_run(self) -> np.ndarray:
        """free_run[d, r, c]: how many passable tiles follow (r, c) in direction d (N, E, S, W),
        so a move of n tiles that way is possible iff free_run >= n. Capped at 255."""
        h, w = self.shape
        out = np.zeros((4, h, w), dtype=np.uint8)
        p = self.passable.astype(np.int32)
        run = np.zeros(w, dtype=np.int32)
        for r in range(1, h):  # N: look at row r-1
            run = np.minimum((run + 1) * p[r - 1], 255)
            out[0, r] = run
        run = np.zeros(w, dtype=np.int32)
        for r in range(h - 2, -1, -1):  # S
            run = np.minimum((run + 1) * p[r + 1], 255)
            out[2, r] = run
        run = np.zeros(h, dtype=np.int32)
        for c in range(w - 2, -1, -1):  # E
            run = np.minimum((run + 1) * p[:, c + 1], 255)
            out[1, :, c] = run
        run = np.zeros(h, dtype=np.int32)
        for c in range(1, w):  # W
            run = np.minimum((run + 1) * p[:, c - 1], 255)
            out[3, :, c] = run
        return _frozen(out)

    @cached_property
    def components(self) -> np.ndarray:
        """Labels 1..K of the 4-connected pieces of passable land (0 elsewhere): where one can
        walk from where."""
        h, w = self.shape
        stride = w + 2
        pad = np.zeros((h + 2, w + 2), dtype=bool)
        pad[1:-1, 1:-1] = self.passable
        open_ = pad.ravel().tolist()
        labels = [0] * len(open_)
        current = 0
        for start, ok in enumerate(open_):
            if not ok or labels[start]:
                continue
            current += 1
            labels[start] = current
            stack = [start]
            while stack:
                i = stack.pop()
                for j in (i - stride, i + 1, i + stride, i - 1):
                    if open_[j] and not labels[j]:
                        labels[j] = current
                        stack.append(j)
        out = np.asarray(labels, dtype=np.int32).reshape(h + 2, w + 2)[1:-1, 1:-1]
        return _frozen(out)

    @cached_property
    def public_copy(self) -> "Board":
        return replace(self, treasure=None)

    @cached_property
    def treasure_mask(self) -> np.ndarray:
        mask = np.zeros(self.shape, dtype=bool)
        if self.treasure is not None:
            mask[self.treasure] = True
        return _frozen(mask)

    # --- derived geometry --------------------------------------------------------------
    @cached_property
    def region_boundary(self) -> np.ndarray:
        """Land tiles with a 4-neighbour in another land region."""
        out = np.zeros(self.shape, dtype=bool)
        reg, land = self.region, self.land
        for a, b in ((np.s_[1:, :], np.s_[:-1, :]), (np.s_[:, 1:], np.s_[:, :-1])):
            differ = land[a] & land[b] & (reg[a] != reg[b])
            out[a] |= differ
            out[b] |= differ
        return _frozen(out)

    @cached_property
    def adjacent_region_pairs(self) -> tuple[tuple[int, int], ...]:
        """Sorted pairs (i, j), i < j, of land regions that share a 4-edge."""
        reg, land = self.region, self.land
        pairs: set[tuple[int, int]] = set()
        for a, b in ((np.s_[1:, :], np.s_[:-1, :]), (np.s_[:, 1:], np.s_[:, :-1])):
            differ = land[a] & land[b] & (reg[a] != reg[b])
            x, y = reg[a][differ], reg[b][differ]
            lo, hi = np.minimum(x, y), np.maximum(x, y)
            pairs.update(zip(lo.tolist(), hi.tolist()))
        return tuple(sorted(pairs))

    def pair_boundary(self, i: int, j: int) -> np.ndarray:
        """Tiles of region i with a 4-neighbour in j, and of j with one in i."""
        reg = self.region
        out = np.zeros(self.shape, dtype=bool)
        for a, b in ((np.s_[1:, :], np.s_[:-1, :]), (np.s_[:, 1:], np.s_[:, :-1])):
            ij = (reg[a] == i) & (reg[b] == j)
            ji = (reg[a] == j) & (reg[b] == i)
            out[a] |= ij | ji
            out[b] |= ij | ji
        return out

    @cached_property
    def sea_distance(self) -> np.ndarray:
        """Manhattan distance from every tile to the nearest sea tile (UNREACHABLE if no sea)."""
        return _frozen(manhattan_distance_to(~self.land))

    @cached_property
    def mountain_regions(self) -> tuple[int, ...]:
        return tuple(int(i) for i in np.unique(self.region[self.mountain & self.land]))

    @cached_property
    def distance_to_treasure(self) -> np.ndarray:
        """Walking distance over passable tiles to the treasure (UNREACHABLE where none)."""
        if self.treasure is None:
            raise ValueError("this board has no treasure (it is a public copy)")
        return _frozen(walking_distance(self.passable, self.treasure))

    # --- copies ------------------------------------------------------------------------
    def public(self) -> "Board":
        """The same island without the treasure: what an agent is allowed to see."""
        if self.treasure is None:
            return self
        return self.public_copy

    def with_treasure(self, treasure: Pos) -> "Board":
        return replace(self, treasure=treasure)

    def same_as(self, other: "Board") -> bool:
        return (
            self.shape == other.shape
            and np.array_equal(self.region, other.region)
            and np.array_equal(self.mountain, other.mountain)
            and np.array_equal(self.prison, other.prison)
            and self.treasure == other.treasure
            and self.reveal_turn == other.reveal_turn
            and self.free_turn == other.free_turn
            and self.n_regions == other.n_regions
        )

    def __repr__(self) -> str:
        return (
            f"Board({self.width}x{self.height}, regions={self.n_regions}, "
            f"treasure={self.treasure}, r={self.reveal_turn}, f={self.free_turn})"
        )


def walking_distance(passable: np.ndarray, source: Pos, until: Pos | None = None, margin: int = 0) -> np.ndarray:
    """4-connected BFS distance over ``passable`` from ``source`` (UNREACHABLE elsewhere).

    With ``until``, the search stops ``margin`` steps past the distance of ``until``: every
    tile within that distance is exact, farther tiles are left UNREACHABLE."""
    h, w = passable.shape
    dist = np.full((h, w), UNREACHABLE, dtype=np.int32)
    if not passable[source]:
        return dist
    # BFS on a flat index with a padded grid: far faster in pure Python than tuples.
    pad = np.zeros((h + 2, w + 2), dtype=bool)
    pad[1:-1, 1:-1] = passable
    open_ = pad.ravel().tolist()  # cleared as tiles are reached: one test per neighbour
    stride = w + 2
    flat = [UNREACHABLE] * len(open_)
    start = (source[0] + 1) * stride + source[1] + 1
    flat[start] = 0
    open_[start] = False
    frontier = [start]
    d = 0
    stop = UNREACHABLE
    goal = -1 if until is None else (until[0] + 1) * stride + until[1] + 1
    if goal == start:
        stop = margin
    while frontier and d < stop:
        d += 1
        nxt = []
        for i in frontier:
            for j in (i - stride, i + 1, i + stride, i - 1):
                if open_[j]:
                    open_[j] = False
                    flat[j] = d
                    nxt.append(j)
        if goal >= 0 and flat[goal] == d:
            stop = d + margin
        frontier = nxt
    full = np.asarray(flat, dtype=np.int64).reshape(h + 2, w + 2)[1:-1, 1:-1]
    dist[:] = full
    return dist


def manhattan_distance_to(targets: np.ndarray) -> np.ndarray:
    """Manhattan distance from every tile to the nearest True tile of ``targets``.

    Uses the separable two-pass transform (rows then columns), O(H*W*(H+W)) worst case
    in numpy but vectorised per line, which is fast for maps up to 512x512.
    """
    h, w = targets.shape
    big = h + w + 1
    if not targets.any():
        return np.full((h, w), UNREACHABLE, dtype=np.int32)
    # Horizontal pass: distance along the row to the nearest target.
    d = np.where(targets, 0, big).astype(np.int32)
    for c in range(1, w):
        np.minimum(d[:, c], d[:, c - 1] + 1, out=d[:, c])
    for c in range(w - 2, -1, -1):
        np.minimum(d[:, c], d[:, c + 1] + 1, out=d[:, c])
    # Vertical pass: min over rows r' of d[r', c] + |r - r'| via two sweeps.
    for r in range(1, h):
        np.minimum(d[r], d[r - 1] + 1, out=d[r])
    for r in range(h - 2, -1, -1):
        np.minimum(d[r], d[r + 1] + 1, out=d[r])
    return d


def tiles(mask: np.ndarray) -> list[Pos]:
    rows, cols = np.nonzero(mask)
    return [(int(r), int(c)) for r, c in zip(rows, cols)]
