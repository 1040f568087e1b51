"""Seeded island generator: fresh, fair Treasure Island maps of any size (RULES §1, §2, §6).

One call, one seed, one map: every random choice comes from a single
``numpy.random.default_rng(seed)`` and nothing depends on hash order or the clock, so the same
arguments always give the same board (and, through :func:`~game.treasure.mapfile.format_map`,
the same bytes). Only numpy: the rules package never imports pygame.

How an island is made, and why each step is shaped the way it is:

1. **Coast.** Fractal value noise, an elliptical fall-off and a push away from the map edge
   (both on noise-bent coordinates) give a height field; an Eden-style growth from the
   highest point near the centre takes exactly ``land_target(W, H)`` tiles, best first.
   Exact size means the limits on regions and prisons are checked *before* any random draw,
   from ``W`` and ``H`` alone, so a bad argument is refused for every seed alike. One-tile
   channels and lakes are then filled: the sea is one piece with the map border.
2. **Islets** (optional). Each islet is a small blob at least ``ISLET_GAP`` sea tiles from
   all other land and is *its own region*, counted in ``regions - 1``, so no region is ever
   split by the sea. Islets only appear with at least ``ISLET_MIN_LAND_REGIONS`` land regions
   (so a smallish region is not out of place) and only where the sea has room; otherwise
   the map has none. They carry no mountains, prisons or treasure.
3. **Regions.** Seeds spread by farthest-point sampling grow over the main island as a
   Voronoi diagram in noise-bent coordinates (organic borders), relaxed three times towards
   their centroids (Lloyd), then balanced by handing border tiles from big regions to small
   ones. Labels spread from tile to tile, any stray piece is given to a neighbour, and every
   hand-over passes a local "simple tile" test (:data:`_SIMPLE`): each region is one
   4-connected piece.
4. **Mountains.** Ranges follow ridged noise, gathered into massifs by a coarser noise, on
   about ``mountain_share`` of the main island, at most half of any region. Pockets of
   passable land they enclose are buried (tiny ones) or opened by a pass cut through the
   range: the passable main island is one 4-connected piece, so every prison reaches the
   treasure (RULES §6) and an agent anywhere on it can walk anywhere on it. Where most
   peaks come out alone (small islands, whose few mountain tiles fall on separate bits of
   the ridge bands), the lone peaks are moved next to the ranges, so mountains form ranges.
5. **Prisons and treasure.** Prisons (2, one more per 1500 land tiles, at most 10 unless
   asked) are spread by noisy farthest-point sampling and never touch each other, not even
   diagonally; the treasure lies on ordinary land, a few tiles from every prison when the
   island allows, so the pirate does not start next to it.
6. **Turns.** ``r`` is drawn in 2..4 and ``f = r + round(max(W, H) / 5)`` unless given: the
   rule behind the most-used public maps, so benchmark numbers compare with theirs.
"""

from __future__ import annotations

import heapq
import numbers
from dataclasses import dataclass

import numpy as np

from .board import Board, manhattan_distance_to

MIN_SIDE = 8
MAX_SIDE = 512
LAND_SHARE = 0.5  # share of the box inside the sea margin that the main island covers
MIN_REGION_TILES = 4  # fewer land tiles per region than this and a region means nothing
MAX_MOUNTAIN_SHARE = 0.3  # above this the island stops being walkable in any useful sense
POCKET_ALLOWANCE = 0.1  # buried pockets may add this share of the mountain budget, no more
REGION_MOUNTAIN_CAP = 0.5  # no region may be more than half mountain
RANGE_MIN = 3  # mountain tiles in one 8-connected piece for it to read as a range
RANGE_SHARE = 0.75  # fewer of the mountains than this in ranges: the lone peaks are moved
LAND_PER_EXTRA_PRISON = 1500
MAX_DEFAULT_PRISONS = 10
MAX_TURN = 10_000
ISLET_MIN_LAND_REGIONS = 6  # fewer land regions than this: no islets
ISLET_GAP = 3  # sea tiles between an islet and any other land, at least
BALANCE_LOW, BALANCE_HIGH = 0.55, 1.6  # region sizes aimed for, as a share of the mean
BALANCE_PASSES = 40  # passes of tile hand-overs at most; they settle in a few

# Shape knobs, tuned by looking at rendered maps (python run.py render-map).
NOISE_WEIGHT = 0.75  # height = NOISE_WEIGHT * noise + (1 - NOISE_WEIGHT) * fall-off - edge push
COAST_PERSISTENCE = 0.7  # amplitude kept per octave: higher gives a more ragged coast
COAST_BONUS_MIN, COAST_BONUS_SCALE = 0.03, 1.6  # coast smoothing, see _flood_island
WARP, EDGE_PENALTY, EDGE_ZONE = 0.3, 1.0, 0.35  # outline bending and edge push, see _island_height
RIDGE_FINEST, RIDGE_CELLS, RIDGE_MAX_CELL = 4, 6, 24  # ridge noise: finest cell, cells across, cap
ZONE_FLOOR = 0.5  # mountain score kept outside the massif zones
JITTER = 0.01  # a little randomness in mountain edges


class GeneratorError(ValueError):
    """An argument the generator refuses; the message is one line meant for a person."""


# --- arguments ---------------------------------------------------------------------------


def sea_margin(width: int, height: int) -> int:
    """Rows/columns of sea kept along the map border: one on small maps, more on big ones."""
    return max(1, round(min(width, height) / 25))


def land_target(width: int, height: int) -> int:
    """Tiles of the main island before lakes are filled; depends on the size only."""
    m = sea_margin(width, height)
    return round(LAND_SHARE * (width - 2 * m) * (height - 2 * m))


def max_regions(width: int, height: int) -> int:
    """Largest ``regions`` (sea included) a ``width`` x ``height`` island can hold."""
    return land_target(width, height) // MIN_REGION_TILES + 1


def max_prisons(width: int, height: int) -> int:
    """Most prisons that always fit: each one blocks at most its 3x3 block of passable land."""
    passable = land_target(width, height) * (1 - MAX_MOUNTAIN_SHARE * (1 + POCKET_ALLOWANCE))
    return max(2, int((passable - 2) // 9) + 1)


def default_prisons(land_tiles: int, width: int, height: int) -> int:
    """Two prisons, one more per ~1500 land tiles, capped so large maps stay playable."""
    wanted = 2 + land_tiles // LAND_PER_EXTRA_PRISON
    return min(wanted, MAX_DEFAULT_PRISONS, max_prisons(width, height))


def default_free_turn(reveal_turn: int, width: int, height: int) -> int:
    """``f = r + round(max(W, H) / 5)``: the rule behind the most-used public maps."""
    return reveal_turn + round(max(width, height) / 5)


def _integer(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise GeneratorError(f"{name} must be a whole number, got {value!r}")
    return int(value)


@dataclass(frozen=True)
class GeneratorConfig:
    """Every knob of one generated map, checked on creation (raises :class:`GeneratorError`)."""

    width: int
    height: int
    regions: int  # sea included, as line 4 of the map file: ``regions - 1`` land regions
    seed: int
    mountain_share: float = 0.08
    prisons: int | None = None
    reveal_turn: int | None = None
    free_turn: int | None = None
    islets: bool = True

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        for name in ("width", "height"):
            value = _integer(name, getattr(self, name))
            if not MIN_SIDE <= value <= MAX_SIDE:
                raise GeneratorError(f"{name} must be between {MIN_SIDE} and {MAX_SIDE}, got {value}")
            set_(self, name, value)
        w, h = self.width, self.height
        regions = _integer("regions", self.regions)
        top = max_regions(w, h)
        if not 2 <= regions <= top:
            raise GeneratorError(
                f"regions must be between 2 and {top} for a {w}x{h} map "
                f"(sea included, at least {MIN_REGION_TILES} land tiles per region), got {regions}"
            )
        set_(self, "regions", regions)
        seed = _integer("seed", self.seed)
        if seed < 0:
            raise GeneratorError(f"seed must be 0 or more, got {seed}")
        set_(self, "seed", seed)
        share = self.mountain_share
        if isinstance(share, bool) or not isinstance(share, numbers.Real) or not np.isfinite(share):
            raise GeneratorError(f"mountain share must be a number, got {share!r}")
        if not 0 <= share <= MAX_MOUNTAIN_SHARE:
            raise GeneratorError(f"mountain share must be between 0 and {MAX_MOUNTAIN_SHARE}, got {share}")
        set_(self, "mountain_share", float(share))
        if self.prisons is not None:
            prisons = _integer("prisons", self.prisons)
            top = max_prisons(w, h)
            if not 2 <= prisons <= top:
                raise GeneratorError(f"prisons must be between 2 and {top} for a {w}x{h} map, got {prisons}")
            set_(self, "prisons", prisons)
        for name, label in (("reveal_turn", "reveal turn"), ("free_turn", "free turn")):
            value = getattr(self, name)
            if value is not None:
                value = _integer(label, value)
                if not 1 <= value <= MAX_TURN:
                    raise GeneratorError(f"{label} must be between 1 and {MAX_TURN}, got {value}")
                set_(self, name, value)
        if not isinstance(self.islets, (bool, np.bool_)):
            raise GeneratorError(f"islets must be True or False, got {self.islets!r}")
        set_(self, "islets", bool(self.islets))


def generate_island(
    width: int,
    height: int,
    regions: int,
    seed: int,
    *,
    mountain_share: float = 0.08,
    prisons: int | None = None,
    reveal_turn: int | None = None,
    free_turn: int | None = None,
    islets: bool = True,
) -> Board:
    """A fresh island, the same one for the same arguments. See the module docstring."""
    config = GeneratorConfig(width, height, regions, seed, mountain_share, prisons,
                             reveal_turn, free_turn, islets)
    return generate(config)


def generate(config: GeneratorConfig) -> Board:
    """Build the board :func:`generate_island` describes from a checked config."""
    rng = np.random.default_rng(config.seed)
    w, h = config.width, config.height
    height_field = _island_height(rng, h, w)
    main = _flood_island(height_field, land_target(w, h), sea_margin(w, h))
    main = _fill_lakes(_close_straits(main))

    islets = _place_islets(rng, main, config) if config.islets else []
    k = config.regions - 1 - len(islets)
    region = _partition(rng, main, k)
    for n, islet in enumerate(islets):
        region[islet] = k + 1 + n
    region = _renumber(region)

    mountain = _raise_mountains(rng, main, region, config.mountain_share)
    passable = main & ~mountain
    count = config.prisons or default_prisons(int(main.sum()), w, h)
    prison = _place_prisons(rng, passable, count)
    treasure = _place_treasure(rng, passable & ~prison, prison, w, h)

    reveal = config.reveal_turn if config.reveal_turn is not None else int(rng.integers(2, 5))
    free = config.free_turn if config.free_turn is not None else default_free_turn(reveal, w, h)
    return Board(region, mountain, prison, treasure, reveal, free, config.regions)


# --- noise and coast ---------------------------------------------------------------------


def _smoothstep(t: np.ndarray) -> np.ndarray:
    return t * t * (3.0 - 2.0 * t)


def _value_noise(rng: np.random.Generator, h: int, w: int, cell: float) -> np.ndarray:
    """Random values on a grid of ``cell``-sized squares, smoothly interpolated to (h, w)."""
    gh, gw = int(h / cell) + 3, int(w / cell) + 3
    grid = rng.random((gh, gw))
    oy, ox = rng.random(2)  # random phase, so octaves do not share grid lines
    y = np.arange(h) / cell + oy
    x = np.arange(w) / cell + ox
    y0, x0 = y.astype(int), x.astype(int)
    ty, tx = _smoothstep(y - y0)[:, None], _smoothstep(x - x0)[None, :]
    top = grid[y0][:, x0] * (1 - tx) + grid[y0][:, x0 + 1] * tx
    bottom = grid[y0 + 1][:, x0] * (1 - tx) + grid[y0 + 1][:, x0 + 1] * tx
    return top * (1 - ty) + bottom * ty


def _fractal_noise(rng: np.random.Generator, h: int, w: int, *, octaves_down_to: float,
                   coarsest: float | None = None, persistence: float = 0.5) -> np.ndarray:
    """Octaves of value noise scaled to [0, 1]: cell size halves, amplitude x ``persistence``.

    Big cells give the island its lobes and bays; the small ones make the coast ragged.
    """
    cell = coarsest if coarsest is not None else max(4.0, max(h, w) / 2.5)
    total = np.zeros((h, w))
    amplitude = 1.0
    while True:
        total += amplitude * _value_noise(rng, h, w, cell)
        if cell / 2 < octaves_down_to:
            break
        cell /= 2
        amplitude *= persistence
    lo, hi = total.min(), total.max()
    return (total - lo) / (hi - lo) if hi > lo else np.zeros_like(total)


def _island_height(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """The height field the coast is cut from: noise, a fall-off, and an edge penalty.

    The fall-off and the penalty are computed on coordinates bent by a slow noise, so the
    island's outline is neither an ellipse nor parallel to the map edges.
    """
    noise = _fractal_noise(rng, h, w, octaves_down_to=2, persistence=COAST_PERSISTENCE)
    bend = max(4.0, max(h, w) / 2)
    bend_y = _fractal_noise(rng, h, w, octaves_down_to=bend / 2, coarsest=bend) - 0.5
    bend_x = _fractal_noise(rng, h, w, octaves_down_to=bend / 2, coarsest=bend) - 0.5
    y = (np.arange(h)[:, None] + 0.5) / h * 2 - 1 + WARP * bend_y
    x = (np.arange(w)[None, :] + 0.5) / w * 2 - 1 + WARP * bend_x
    return NOISE_WEIGHT * noise + (1 - NOISE_WEIGHT) * _falloff(y, x) - _edge_penalty(y, x)


def _falloff(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """1 at the centre, 0 on the border ellipse, steep only near the edge.

    ``y`` and ``x`` run from -1 to 1 across the map. The cube keeps the middle flat, so the
    noise shapes the island there, and still pushes land away from the border.
    """
    d = np.sqrt(y ** 2 + x ** 2)
    return 1 - np.clip(d, 0, 1.5) ** 3


def _edge_penalty(y: np.ndarray, x: np.ndarray) -> np.ndarray:
    """0 inside, rising to ``EDGE_PENALTY`` at the map edge over the outer part of each side.

    Subtracted from the height field: it stops a high noise ridge from running the coast
    along the sea margin; gentle, so the coast still follows the noise where it stops.
    """
    edge = np.minimum(1 - np.abs(y), 1 - np.abs(x))
    return EDGE_PENALTY * np.clip(1 - edge / EDGE_ZONE, 0, 1) ** 2


def _flood_island(field: np.ndarray, target: int, margin: int) -> np.ndarray:
    """The main island: ``target`` tiles grown from the highest point near the centre.

    Only tiles at least ``margin`` from the map edge may become land.
    """
    h, w = field.shape
    allowed = np.zeros((h, w), dtype=bool)
    allowed[margin:h - margin, margin:w - margin] = True
    cy0, cy1 = h // 3, h - h // 3
    cx0, cx1 = w // 3, w - w // 3
    centre = field[cy0:cy1, cx0:cx1]
    r, c = np.unravel_index(int(np.argmax(centre)), centre.shape)
    start = (r + cy0) * w + (c + cx0)
    # Small maps need more smoothing: one-tile arms there are a big share of the land.
    bonus = float(np.clip(COAST_BONUS_SCALE / min(h, w), COAST_BONUS_MIN, 3 * COAST_BONUS_MIN))
    return _grow_land(field, allowed, start, target, bonus)


def _grow_land(field: np.ndarray, allowed: np.ndarray, start: int, target: int,
               bonus: float) -> np.ndarray:
    """Up to ``target`` tiles of ``allowed`` grown from flat index ``start``, best tile first.

    Eden-style growth: a sea tile's priority is its ``field`` value plus
    ``bonus`` per land neighbour it already has. The bonus closes one-tile channels and
    starves one-tile spits, so the coast is ragged at the scale of bays and capes instead of
    noisy at the scale of tiles. Connected by construction. Heap keys are plain ints
    (priority, then index): stale entries are skipped on pop, cheaper than updating them.
    """
    h, w = field.shape
    stride = w + 2
    n = (h + 2) * (w + 2)
    unit = 1 << 14  # integer steps per unit of field; fields live in about -4..4
    scaled = np.zeros((h + 2, w + 2), dtype=np.int64)
    scaled[1:-1, 1:-1] = np.round((np.clip(field, -4, 4) + 4) * unit)
    height = scaled.ravel().tolist()
    step = int(bonus * unit)
    top = 8 * unit + 4 * step + 1
    pad = np.zeros((h + 2, w + 2), dtype=bool)
    pad[1:-1, 1:-1] = allowed
    open_ = pad.ravel().tolist()
    count = [0] * n
    r, c = divmod(start, w)
    first = (r + 1) * stride + c + 1
    heap = [first]  # priority 0: taken first
    land = []
    steps = (-stride, 1, stride, -1)
    while heap and len(land) < target:
        key = heapq.heappop(heap)
        i = key % n
        if not open_[i] or (i != first and key // n != top - height[i] - step * count[i]):
            continue
        open_[i] = False
        land.append(i)
        for s in steps:
            j = i + s
            if open_[j]:
                count[j] += 1
                heapq.heappush(heap, (top - height[j] - step * count[j]) * n + j)
    mask = np.zeros(n, dtype=bool)
    mask[land] = True
    return mask.reshape(h + 2, w + 2)[1:-1, 1:-1].copy()


def _reach(open_mask: np.ndarray, start_mask: np.ndarray) -> np.ndarray:
    """Tiles of ``open_mask`` 4-connected to a tile of ``start_mask`` (flat-list BFS)."""
    h, w = open_mask.shape
    stride = w + 2
    pad = np.zeros((h + 2, w + 2), dtype=bool)
    pad[1:-1, 1:-1] = open_mask
    seen = np.zeros((h + 2, w + 2), dtype=bool)
    seen[1:-1, 1:-1] = start_mask & open_mask
    open_ = (pad & ~seen).ravel().tolist()
    frontier = np.flatnonzero(seen).tolist()
    reached = list(frontier)
    steps = (-stride, 1, stride, -1)
    while frontier:
        nxt = []
        for i in frontier:
            for s in steps:
                j = i + s
                if open_[j]:
                    open_[j] = False
                    nxt.append(j)
        reached.extend(nxt)
        frontier = nxt
    out = np.zeros((h + 2) * (w + 2), dtype=bool)
    out[reached] = True
    return out.reshape(h + 2, w + 2)[1:-1, 1:-1].copy()


def _border(shape: tuple[int, int]) -> np.ndarray:
    mask = np.zeros(shape, dtype=bool)
    mask[0, :] = mask[-1, :] = mask[:, 0] = mask[:, -1] = True
    return mask


def _fill_lakes(land: np.ndarray) -> np.ndarray:
    """Land plus every sea tile the open sea cannot reach: one sea, no inland lakes."""
    sea = _reach(~land, _border(land.shape))
    return ~sea


def _close_straits(land: np.ndarray) -> np.ndarray:
    """Fill one-tile sea channels and notches (sea with land on two opposite sides or on three).

    They read as noise, not as coast. Only sea between land tiles is filled, so the island
    stays one piece and never grows into the sea margin.
    """
    land = land.copy()
    for _ in range(16):
        n = np.zeros_like(land)
        s, e, w_ = n.copy(), n.copy(), n.copy()
        n[1:, :] = land[:-1, :]
        s[:-1, :] = land[1:, :]
        w_[:, 1:] = land[:, :-1]
        e[:, :-1] = land[:, 1:]
        count = n.astype(np.int8) + s + e + w_
        fill = ~land & ((n & s) | (e & w_) | (count >= 3))
        if not fill.any():
            break
        land |= fill
    return land


def _dilate(mask: np.ndarray, steps: int) -> np.ndarray:
    """Chebyshev (8-neighbour) dilation by ``steps`` tiles."""
    out = mask.copy()
    for _ in range(steps):
        grown = out.copy()
        grown[1:, :] |= out[:-1, :]
        grown[:-1, :] |= out[1:, :]
        out = grown.copy()
        grown[:, 1:] |= out[:, :-1]
        grown[:, :-1] |= out[:, 1:]
        out = grown
    return out


# --- islets ------------------------------------------------------------------------------


def _place_islets(rng: np.random.Generator, main: np.ndarray, config: GeneratorConfig) -> list[np.ndarray]:
    """Small islands, each to become one whole region, where the sea has room for them."""
    land_regions = config.regions - 1
    if land_regions < ISLET_MIN_LAND_REGIONS:
        return []
    wanted = int(rng.integers(1, min(3, land_regions // ISLET_MIN_LAND_REGIONS) + 1))
    mean_region = main.sum() / land_regions
    h, w = main.shape
    margin = sea_margin(w, h)
    inner = np.zeros_like(main)
    inner[margin:h - margin, margin:w - margin] = True
    islets: list[np.ndarray] = []
    land = main.copy()
    for _ in range(wanted):
        size = int(round(mean_region * rng.uniform(0.5, 0.85)))
        if size < MIN_REGION_TILES * 2:
            break
        room = inner & ~_dilate(land, ISLET_GAP)
        # A centre needs clear sea around it for the blob to grow into.
        clearance = manhattan_distance_to(~room)
        radius = int(np.ceil(np.sqrt(size / np.pi)))
        centres = np.flatnonzero((clearance >= 2 * radius + 1).ravel())
        if centres.size == 0:
            break
        centre = int(centres[rng.integers(centres.size)])
        blob = _grow_land(_islet_field(rng, h, w, centre, radius), room, centre, size, 0.02)
        blob = _fill_lakes(_close_straits(blob)) & room
        start = np.zeros_like(blob)
        start.flat[centre] = True
        blob = _reach(blob, start)  # trimming to the room may have cut a corner loose
        if blob.sum() < size * 0.6:
            continue
        islets.append(blob)
        land |= blob
    return islets


def _islet_field(rng: np.random.Generator, h: int, w: int, centre: int, radius: int) -> np.ndarray:
    """Noise leaning down away from ``centre``: a compact blob with a ragged shore."""
    cy, cx = divmod(centre, w)
    rows, cols = np.ogrid[0:h, 0:w]
    distance = np.sqrt((rows - cy) ** 2 + (cols - cx) ** 2) / max(radius, 1)
    noise = _fractal_noise(rng, h, w, octaves_down_to=2, coarsest=max(4.0, radius * 1.5))
    return noise - 0.5 * distance


# --- regions -----------------------------------------------------------------------------


def _simple_table() -> np.ndarray:
    """For each 8-bit pattern of a tile's ring: may the tile leave the set without splitting it?

    Ring bits, clockwise from north: N NE E SE S SW W NW. Consecutive ring cells are
    4-adjacent, so the set's 4-neighbours of the tile stay connected through the ring exactly
    when they all lie in one cyclic run of set bits. A tile with no 4-neighbour in the set is
    not simple (it would vanish as a whole component).
    """
    table = np.zeros(256, dtype=bool)
    for code in range(256):
        bits = [(code >> b) & 1 for b in range(8)]
        if not any(bits[b] for b in (0, 2, 4, 6)):
            continue
        if all(bits):
            table[code] = True
            continue
        start = bits.index(0)
        runs_with_edge, in_run, has_edge = 0, False, False
        for step in range(1, 9):
            b = (start + step) % 8
            if bits[b]:
                in_run = True
                has_edge |= b % 2 == 0
            elif in_run:
                runs_with_edge += has_edge
                in_run, has_edge = False, False
        table[code] = runs_with_edge == 1
    return table


_SIMPLE = _simple_table().tolist()


def _farthest_points(rng: np.random.Generator, rows: np.ndarray, cols: np.ndarray, k: int) -> np.ndarray:
    """Indices of ``k`` well-spread tiles: a random first one, then each farthest from the rest.

    Costs k passes over the tiles; with very many regions random picks are used instead and
    the Lloyd relaxation that follows spreads them.
    """
    n = rows.size
    if k * n > 40_000_000:
        return rng.choice(n, size=k, replace=False)
    chosen = [int(rng.integers(n))]
    best = np.full(n, np.inf)
    ry, rx = rows.astype(float), cols.astype(float)
    for _ in range(k - 1):
        i = chosen[-1]
        np.minimum(best, (ry - ry[i]) ** 2 + (rx - rx[i]) ** 2, out=best)
        chosen.append(int(np.argmax(best)))
    return np.asarray(chosen)


def _grow_regions(land: np.ndarray, seeds: np.ndarray, wy: np.ndarray, wx: np.ndarray) -> np.ndarray:
    """Label each land tile with the seed nearest in warped coordinates, spread over land.

    Labels travel from tile to tile, so a label never jumps a bay; a tile keeps the offered
    seed nearest to it in the warped plane ``(wy, wx)``, and warping bends the straight
    Voronoi borders into organic ones. Offers travel in scans (left to right, right to left,
    down, up), each a loop over columns or rows vectorised along the other axis, repeated
    until nothing changes: a few rounds, whatever the number of seeds, where a tile-by-tile
    wave would need as many steps as a region is wide. ``seeds`` are flat indices into
    ``land``; labels are 1..len(seeds), 0 off the land. A region may rarely come out in
    pieces: :func:`_join_pieces` mends that.
    """
    h, w = land.shape
    sy = np.concatenate(([np.inf], wy.ravel()[seeds]))
    sx = np.concatenate(([np.inf], wx.ravel()[seeds]))
    best = np.full((h, w), np.inf)
    label = np.zeros((h, w), dtype=np.int32)
    sr, sc = np.divmod(seeds, w)
    best[sr, sc] = 0.0
    label[sr, sc] = np.arange(1, seeds.size + 1, dtype=np.int32)
    views = ((best, label, wy, wx, land), (best.T, label.T, wy.T, wx.T, land.T))
    changed = True
    while changed:
        changed = False
        for dist, lab, py, px, open_ in views:
            n = dist.shape[1]
            for columns, back in ((range(1, n), -1), (range(n - 2, -1, -1), 1)):
                for c in columns:
                    offer = lab[:, c + back]
                    candidate = (py[:, c] - sy[offer]) ** 2 + (px[:, c] - sx[offer]) ** 2
                    better = open_[:, c] & (candidate < dist[:, c])
                    if better.any():
                        changed = True
                        dist[better, c] = candidate[better]
                        lab[better, c] = offer[better]
    return label


def _components(mask: np.ndarray, label: np.ndarray | None = None, *,
                diagonal: bool = False) -> tuple[np.ndarray, int]:
    """4-connected pieces of ``mask`` (tiles joined only if ``label`` agrees), numbered 1..n.

    With ``diagonal``, 8-connected pieces: diagonal neighbours join too.
    """
    h, w = mask.shape
    stride = w + 2
    pad = np.zeros((h + 2, w + 2), dtype=np.int64)
    pad[1:-1, 1:-1] = np.where(mask, 1 if label is None else label.astype(np.int64) + 1, 0)
    key = pad.ravel().tolist()
    piece = [0] * len(key)
    steps = _ring_steps(stride) if diagonal else (-stride, 1, stride, -1)
    count = 0
    for start in np.flatnonzero(pad.ravel()).tolist():
        if piece[start]:
            continue
        count += 1
        piece[start] = count
        own = key[start]
        stack = [start]
        while stack:
            i = stack.pop()
            for s in steps:
                j = i + s
                if key[j] == own and not piece[j]:
                    piece[j] = count
                    stack.append(j)
    out = np.asarray(piece, dtype=np.int32).reshape(h + 2, w + 2)[1:-1, 1:-1]
    return out.copy(), count


def _join_pieces(label: np.ndarray, seeds: np.ndarray) -> None:
    """Give every piece of a region that lacks its seed to the neighbour it borders most.

    Only a neighbour's seed piece may receive, so the receiver stays one piece; pieces with no
    such neighbour wait a round. The land is connected, so every round makes progress.
    """
    while True:
        piece, _count = _components(label > 0, label)
        keep = np.zeros(piece.max() + 1, dtype=bool)
        keep[piece.ravel()[seeds]] = True
        keep[0] = True
        stray = ~keep[piece]
        if not stray.any():
            return
        pieces = np.unique(piece[stray])
        votes: dict[int, dict[int, int]] = {int(p): {} for p in pieces}
        for a, b in ((np.s_[1:, :], np.s_[:-1, :]), (np.s_[:-1, :], np.s_[1:, :]),
                     (np.s_[:, 1:], np.s_[:, :-1]), (np.s_[:, :-1], np.s_[:, 1:])):
            edge = stray[a] & (label[b] > 0) & (label[b] != label[a]) & keep[piece[b]]
            for p, other in zip(piece[a][edge].tolist(), label[b][edge].tolist()):
                votes[p][other] = votes[p].get(other, 0) + 1
        for p in pieces.tolist():
            if votes[p]:
                winner = max(sorted(votes[p]), key=lambda r: votes[p][r])
                label[piece == p] = winner


def _nearest_to_centroids(label: np.ndarray, k: int, wy: np.ndarray, wx: np.ndarray) -> np.ndarray:
    """For each region 1..k, the flat index of its tile nearest its (warped) centroid."""
    flat = label.ravel()
    idx = np.flatnonzero(flat)
    lab = flat[idx]
    py, px = wy.ravel()[idx], wx.ravel()[idx]
    count = np.maximum(np.bincount(lab, minlength=k + 1), 1)
    cy = np.bincount(lab, weights=py, minlength=k + 1) / count
    cx = np.bincount(lab, weights=px, minlength=k + 1) / count
    d = (py - cy[lab]) ** 2 + (px - cx[lab]) ** 2
    order = np.lexsort((idx, d, lab))  # by region, then distance, then index for ties
    first = np.ones(order.size, dtype=bool)
    first[1:] = lab[order][1:] != lab[order][:-1]
    return idx[order][first]


def _partition(rng: np.random.Generator, land: np.ndarray, k: int) -> np.ndarray:
    """Split ``land`` (one 4-connected piece) into ``k`` connected regions of similar size."""
    h, w = land.shape
    spacing = float(np.sqrt(land.sum() / k))
    coarsest = max(4.0, spacing)
    amplitude = 0.45 * spacing
    rows, cols = np.mgrid[0:h, 0:w].astype(float)
    wy = rows + amplitude * (_fractal_noise(rng, h, w, octaves_down_to=2, coarsest=coarsest) - 0.5)
    wx = cols + amplitude * (_fractal_noise(rng, h, w, octaves_down_to=2, coarsest=coarsest) - 0.5)
    idx = np.flatnonzero(land.ravel())
    seeds = idx[_farthest_points(rng, rows.ravel()[idx], cols.ravel()[idx], k)]
    label = _grow_regions(land, seeds, wy, wx)
    for _ in range(3):
        seeds = _nearest_to_centroids(label, k, wy, wx)
        label = _grow_regions(land, seeds, wy, wx)
    _join_pieces(label, seeds)
    _balance(label, k)
    return label


def _balance(label: np.ndarray, k: int) -> None:
    """Hand border tiles from big regions to small neighbours until sizes are comparable.

    In place. A tile moves only if it is simple for its donor (the donor stays connected)
    and touches the receiver (which therefore stays connected too). Each pass feeds every
    region below ``BALANCE_LOW`` of the mean (smallest first), then trims every region above
    ``BALANCE_HIGH`` (largest first); passes repeat until one moves nothing. Each region's
    bounding box (grown as it gains tiles, never shrunk) keeps the search for its border
    local, so thousands of tiny regions cost no more than a few big ones.
    """
    if k < 2:
        return
    grid = np.pad(label, 1)
    sizes = np.bincount(label.ravel(), minlength=k + 1)
    sizes[0] = 0
    mean = sizes.sum() / k
    low, high = BALANCE_LOW * mean, BALANCE_HIGH * mean
    boxes = _bounding_boxes(grid, k)
    for _ in range(BALANCE_PASSES):
        moved = 0
        order = (np.argsort(sizes[1:], kind="stable") + 1).tolist()
        for region in order:
            if sizes[region] < low:
                moved += _feed(grid, sizes, boxes, region, low)
        for region in reversed(order):
            if sizes[region] > high:
                moved += _shed(grid, sizes, boxes, region, high)
        if not moved:
            break
    label[:] = grid[1:-1, 1:-1]


def _bounding_boxes(grid: np.ndarray, k: int) -> np.ndarray:
    """Per region id, [top, left, bottom, right] (inclusive) of its tiles in padded ``grid``."""
    rows, cols = np.nonzero(grid)
    ids = grid[rows, cols]
    boxes = np.zeros((k + 1, 4), dtype=np.int64)
    boxes[:, 0] = boxes[:, 1] = grid.shape[0] + grid.shape[1]
    np.minimum.at(boxes[:, 0], ids, rows)
    np.minimum.at(boxes[:, 1], ids, cols)
    np.maximum.at(boxes[:, 2], ids, rows)
    np.maximum.at(boxes[:, 3], ids, cols)
    return boxes


def _grow_box(boxes: np.ndarray, region: int, r: int, c: int) -> None:
    box = boxes[region]
    box[0], box[1] = min(box[0], r), min(box[1], c)
    box[2], box[3] = max(box[2], r), max(box[3], c)


def _border_tiles(grid: np.ndarray, box: np.ndarray, region: int) -> list[tuple[int, int]]:
    """(row, col) in padded ``grid`` of ``region`` tiles with a 4-neighbour in another land region.

    Only the region's bounding ``box`` is searched.
    """
    top, left, bottom, right = (int(v) for v in box)
    core = grid[top:bottom + 1, left:right + 1]
    near = grid[top - 1:bottom + 2, left - 1:right + 2]
    other = np.zeros(core.shape, dtype=bool)
    for nb in (near[:-2, 1:-1], near[2:, 1:-1], near[1:-1, :-2], near[1:-1, 2:]):
        other |= (nb > 0) & (nb != region)
    rows, cols = np.nonzero((core == region) & other)
    return list(zip((rows + top).tolist(), (cols + left).tolist()))


def _movable(grid: np.ndarray, r: int, c: int, donor: object) -> bool:
    """May tile (r, c) of padded ``grid`` leave the set ``grid == donor`` without splitting it?

    See :data:`_SIMPLE`; ``grid`` may hold region ids or, with ``donor=True``, a bool mask.
    """
    ring = grid[r - 1:r + 2, c - 1:c + 2] == donor
    code = (ring[0, 1] | ring[0, 2] << 1 | ring[1, 2] << 2 | ring[2, 2] << 3
            | ring[2, 1] << 4 | ring[2, 0] << 5 | ring[1, 0] << 6 | ring[0, 0] << 7)
    return _SIMPLE[int(code)]


_EDGES = ((-1, 0), (0, 1), (1, 0), (0, -1))


def _feed(grid: np.ndarray, sizes: np.ndarray, boxes: np.ndarray, small: int, low: float) -> int:
    """Move tiles from bigger neighbours into ``small``; returns how many moved."""
    moved = 0
    for r, c in _border_tiles(grid, boxes[small], small):
        for dr, dc in _EDGES:
            rr, cc = r + dr, c + dc
            donor = int(grid[rr, cc])
            if donor in (0, small) or sizes[donor] - 1 < sizes[small] + 1:
                continue
            if _movable(grid, rr, cc, donor):
                grid[rr, cc] = small
                _grow_box(boxes, small, rr, cc)
                sizes[donor] -= 1
                sizes[small] += 1
                moved += 1
                if sizes[small] >= low:
                    return moved
    return moved


def _shed(grid: np.ndarray, sizes: np.ndarray, boxes: np.ndarray, large: int, high: float) -> int:
    """Move border tiles of ``large`` to its smallest neighbours; returns how many moved."""
    moved = 0
    for r, c in _border_tiles(grid, boxes[large], large):
        if grid[r, c] != large:
            continue
        receivers = {int(grid[r + dr, c + dc]) for dr, dc in _EDGES} - {0, large}
        if not receivers:
            continue
        receiver = min(receivers, key=lambda x: (sizes[x], x))
        if sizes[receiver] + 1 <= sizes[large] - 1 and _movable(grid, r, c, large):
            grid[r, c] = receiver
            _grow_box(boxes, receiver, r, c)
            sizes[large] -= 1
            sizes[receiver] += 1
            moved += 1
            if sizes[large] <= high:
                return moved
    return moved


def _renumber(region: np.ndarray) -> np.ndarray:
    """Ids 1..n in reading order of each region's first tile, so ids are stable and tidy."""
    flat = region.ravel()
    ids, first = np.unique(flat, return_index=True)
    land_ids = ids[ids > 0]
    order = land_ids[np.argsort(first[ids > 0], kind="stable")]
    mapping = np.zeros(int(ids.max()) + 1, dtype=np.int32)
    mapping[order] = np.arange(1, order.size + 1, dtype=np.int32)
    return mapping[region]


# --- mountains ---------------------------------------------------------------------------


def _raise_mountains(rng: np.random.Generator, main: np.ndarray, region: np.ndarray,
                     share: float) -> np.ndarray:
    """Mountain tiles on ``main``: ranges covering about ``share`` of it, never walling it off.

    Ranges follow ridged noise (tiles where a smooth noise is near its middle value form long
    winding bands), masked by a coarser noise so they gather in a few massifs instead of
    covering the island evenly; no region gets more than half mountain. The best-scoring
    tiles (of each region's best half) are raised at once, then :func:`_open_pockets` makes
    the passable land one piece again by burying tiny pockets in the range and cutting passes
    to the bigger ones, :func:`_top_up` makes up for the tiles the passes took (from the rest
    of a region too, when its best half is spent) and :func:`_gather_ranges` moves lone peaks
    next to the ranges when they are most of the mountains.
    """
    h, w = main.shape
    budget = int(round(share * int(main.sum())))
    ridge_cell = float(np.clip(max(h, w) / RIDGE_CELLS, 6, RIDGE_MAX_CELL))
    ridge_noise = _fractal_noise(rng, h, w, octaves_down_to=RIDGE_FINEST, coarsest=ridge_cell)
    zone_noise = _fractal_noise(rng, h, w, octaves_down_to=8, coarsest=max(8.0, max(h, w) / 2))
    jitter = rng.random((h, w))
    if budget == 0:
        return np.zeros_like(main)
    ridge = 1 - 2 * np.abs(ridge_noise - 0.5)
    zone = np.clip((zone_noise - 0.35) / 0.3, 0, 1)
    inland = np.minimum(manhattan_distance_to(~main), 3) / 3
    score = ridge * (ZONE_FLOOR + (1 - ZONE_FLOOR) * zone) * (0.5 + 0.5 * inland) + JITTER * jitter

    idx = np.flatnonzero(main.ravel())
    reg = region.ravel()[idx]
    order = np.lexsort((idx, -score.ravel()[idx], reg))  # by region, best score first
    rank = np.empty(idx.size, dtype=np.int64)
    starts = np.searchsorted(reg[order], reg[order], side="left")
    rank[order] = np.arange(idx.size) - starts
    caps = (REGION_MOUNTAIN_CAP * np.bincount(reg)).astype(np.int64)
    allowed = rank < caps[reg]
    pool = idx[allowed]
    ranked = pool[np.argsort(-score.ravel()[pool], kind="stable")]
    mountain = np.zeros(h * w, dtype=bool)
    mountain[ranked[:budget]] = True
    mountain = mountain.reshape(h, w)
    _open_pockets(main, mountain, region, max(2, budget // 50), int(POCKET_ALLOWANCE * budget))
    # Past the pool too: a small region's best tiles may all be needed to keep the land one
    # piece, while its other tiles, under the same cap, are not.
    rest = idx[~allowed]
    rest = rest[np.argsort(-score.ravel()[rest], kind="stable")]
    _top_up(main, mountain, region, np.concatenate([ranked, rest]), budget)
    _gather_ranges(main, mountain, region, score)
    return mountain


def _top_up(main: np.ndarray, mountain: np.ndarray, region: np.ndarray, ranked: np.ndarray,
            budget: int) -> None:
    """Raise more tiles, best score first, until ``budget``: passes cut may have fallen short.

    In place. Only tiles that are simple for the passable land (:data:`_SIMPLE`) and whose
    region is under its cap are raised, so the passable main island stays one piece.
    """
    missing = budget - int(mountain.sum())
    if missing <= 0:
        return
    h, w = main.shape
    passable = np.pad(main & ~mountain, 1)
    counts = np.bincount(region[mountain], minlength=int(region.max()) + 1)
    caps = (REGION_MOUNTAIN_CAP * np.bincount(region[main], minlength=counts.size)).astype(np.int64)
    for i in ranked.tolist():
        r, c = divmod(i, w)
        rid = region[r, c]
        if mountain[r, c] or counts[rid] >= caps[rid] or not _movable(passable, r + 1, c + 1, True):
            continue
        mountain[r, c] = True
        passable[r + 1, c + 1] = False
        counts[rid] += 1
        missing -= 1
        if missing == 0:
            return


def _ring_steps(stride: int) -> tuple[int, ...]:
    """Flat-index steps to the 8 neighbours of a tile in a grid ``stride`` wide."""
    return (-stride - 1, -stride, -stride + 1, -1, 1, stride - 1, stride, stride + 1)


def _gather_ranges(main: np.ndarray, mountain: np.ndarray, region: np.ndarray,
                   score: np.ndarray) -> None:
    """Move lone peaks next to the ranges when too few mountains lie in ranges. In place.

    A range is an 8-connected piece of at least ``RANGE_MIN`` mountain tiles; smaller pieces
    are lone peaks. A few of them among long ranges look natural and stay. But on a small
    island the budget is a handful of tiles, and its best-scoring tiles are the separate
    peaks of a ridge band that the coast (``inland``) and the massif zones cut into short
    bits: then most mountains would be lone. If fewer than ``RANGE_SHARE`` of them lie in
    ranges, every lone peak is lowered (the ranges stay; with none, the lone piece holding
    the best-scoring tile stays as the start of one) and as many tiles are raised again by
    :func:`_grow_ranges`, next to the mountains that stay: the count, and so the share, is
    unchanged. Lowering a lone peak only adds passable land next to passable land, and
    every tile raised passes the simple-tile test, so the passable main island stays one
    piece; the region cap is kept.
    """
    count = int(mountain.sum())
    if count < RANGE_MIN:
        return
    piece, n = _components(mountain, diagonal=True)
    sizes = np.bincount(piece.ravel(), minlength=n + 1)
    lone = mountain & (sizes[piece] < RANGE_MIN)
    if count - int(lone.sum()) >= RANGE_SHARE * count:
        return
    keep = mountain & ~lone
    if not keep.any():
        best = int(np.argmax(np.where(lone, score, -np.inf)))
        keep = piece == piece.ravel()[best]
    mountain &= keep
    _grow_ranges(main, mountain, region, score, count - int(keep.sum()))


def _grow_ranges(main: np.ndarray, mountain: np.ndarray, region: np.ndarray, score: np.ndarray,
                 missing: int) -> None:
    """Raise ``missing`` tiles, each touching (8-neighbours) a mountain, best score first.

    In place. Ranges so grow along their ridge. A tile is raised only if its region is under
    the cap and it is simple for the passable land (:data:`_SIMPLE`), so the passable main
    island stays one piece; a tile refused for that is offered again when a neighbour rises,
    which may make it simple. Should the ranges have no room left, the best tile anywhere
    starts a new one.
    """
    h, w = main.shape
    stride = w + 2
    ring = _ring_steps(stride)
    land = np.pad(main, 1).ravel().tolist()
    high = np.pad(mountain, 1).ravel().tolist()
    passable = np.pad(main & ~mountain, 1)
    flat_passable = passable.ravel()
    rid = np.pad(region, 1).ravel().tolist()
    value = np.pad(score, 1).ravel().tolist()
    counts = np.bincount(region[mountain], minlength=int(region.max()) + 1).tolist()
    caps = (REGION_MOUNTAIN_CAP * np.bincount(region[main], minlength=len(counts))).astype(np.int64).tolist()

    def open_tile(i: int) -> bool:
        if high[i] or counts[rid[i]] >= caps[rid[i]]:
            return False
        r, c = divmod(i, stride)
        return _movable(passable, r, c, True)

    heap: list[tuple[float, int]] = []

    def offer_ring(i: int) -> None:
        for s in ring:
            j = i + s
            if land[j] and not high[j]:
                heapq.heappush(heap, (-value[j], j))

    for i in np.flatnonzero(np.pad(mountain, 1).ravel()).tolist():
        offer_ring(i)
    anywhere = sorted(np.flatnonzero(np.pad(main, 1).ravel()).tolist(), key=lambda i: (-value[i], i))
    while missing > 0:
        pick = -1
        while heap:
            _, i = heapq.heappop(heap)
            if open_tile(i):
                pick = i
                break
        if pick < 0:
            pick = next((i for i in anywhere if open_tile(i)), -1)
            if pick < 0:
                return
        high[pick] = True
        flat_passable[pick] = False
        counts[rid[pick]] += 1
        r, c = divmod(pick, stride)
        mountain[r - 1, c - 1] = True
        missing -= 1
        offer_ring(pick)


def _open_pockets(main: np.ndarray, mountain: np.ndarray, region: np.ndarray, bury_up_to: int,
                  allowance: int) -> None:
    """Make ``main & ~mountain`` one 4-connected piece, in place.

    A pocket of at most ``bury_up_to`` tiles becomes mountain (it reads as part of the
    range) while the buried tiles stay within ``allowance``, which bounds the mountain count
    (and so :func:`max_prisons` holds), and no region goes over its cap
    (``REGION_MOUNTAIN_CAP``; on small regions one buried tile can be the difference); any
    other pocket gets a one-tile pass cut along the shortest way through the range to the
    largest passable piece.
    """
    buried = 0
    n_regions = int(region.max()) + 1
    caps = (REGION_MOUNTAIN_CAP * np.bincount(region[main], minlength=n_regions)).astype(np.int64)
    while True:
        piece, count = _components(main & ~mountain)
        if count <= 1:
            return
        sizes = np.bincount(piece.ravel(), minlength=count + 1)
        sizes[0] = 0
        biggest = int(np.argmax(sizes))
        small = sizes <= bury_up_to
        small[[0, biggest]] = False
        in_small = small[piece]
        small_piece, small_region = piece[in_small], region[in_small]
        counts = np.bincount(region[mountain], minlength=n_regions)
        bury = np.zeros(count + 1, dtype=bool)
        for p in np.argsort(sizes, kind="stable").tolist():  # smallest first
            if small[p] and buried + sizes[p] <= allowance:
                add = np.bincount(small_region[small_piece == p], minlength=n_regions)
                if (counts + add > caps).any():
                    continue
                counts += add
                bury[p] = True
                buried += int(sizes[p])
        mountain |= bury[piece]
        cut = ~bury
        cut[[0, biggest]] = False
        if not cut.any():
            return
        _cut_passes(main, mountain, piece == biggest, np.where(cut[piece], piece, 0))


def _cut_passes(main: np.ndarray, mountain: np.ndarray, reached: np.ndarray, pocket: np.ndarray) -> None:
    """Clear the mountains on a shortest land path from ``reached`` to each pocket.

    ``pocket`` numbers the pockets (0 elsewhere); one breadth-first search serves them all,
    and each pocket gets the single pass to its first tile the search meets.
    """
    h, w = main.shape
    stride = w + 2
    pad = np.zeros((h + 2, w + 2), dtype=bool)
    pad[1:-1, 1:-1] = main
    open_ = pad.ravel().tolist()
    start = np.zeros_like(pad)
    start[1:-1, 1:-1] = reached
    target = np.zeros((h + 2, w + 2), dtype=np.int64)
    target[1:-1, 1:-1] = pocket
    goal = target.ravel().tolist()
    served: set[int] = set()
    parent = [-1] * len(open_)
    frontier = np.flatnonzero(start.ravel()).tolist()
    for i in frontier:
        open_[i] = False
    steps = (-stride, 1, stride, -1)
    hits = []
    while frontier:
        nxt = []
        for i in frontier:
            for s in steps:
                j = i + s
                if open_[j]:
                    open_[j] = False
                    parent[j] = i
                    if goal[j]:
                        if goal[j] not in served:  # the first tile met of this pocket
                            served.add(goal[j])
                            hits.append(j)
                    else:
                        nxt.append(j)
        frontier = nxt
    flat = mountain.ravel()
    for j in hits:
        i = parent[j]
        while i >= 0 and parent[i] >= 0:
            r, c = divmod(i, stride)
            flat[(r - 1) * w + (c - 1)] = False
            i = parent[i]


# --- prisons and treasure ----------------------------------------------------------------


def _place_prisons(rng: np.random.Generator, passable: np.ndarray, count: int) -> np.ndarray:
    """``count`` prisons on passable land, spread out, none touching another (8-neighbours)."""
    h, w = passable.shape
    prison = np.zeros_like(passable)
    free = passable.copy()
    idx = np.flatnonzero(passable.ravel())
    rows, cols = np.divmod(idx, w)
    best = np.full(idx.size, np.inf)
    for n in range(count):
        ok = free.ravel()[idx]
        if not ok.any():
            raise RuntimeError("no room for another prison; max_prisons() is wrong")
        if n == 0:
            pick = int(rng.choice(np.flatnonzero(ok)))
        else:
            # Among the farthest quarter of allowed tiles, pick at random: spread, not a grid.
            score = np.where(ok, best, -1.0)
            cut = np.quantile(score[ok], 0.75)
            pick = int(rng.choice(np.flatnonzero(ok & (score >= cut))))
        r, c = int(rows[pick]), int(cols[pick])
        prison[r, c] = True
        free[max(0, r - 1):r + 2, max(0, c - 1):c + 2] = False
        np.minimum(best, (rows - r) ** 2 + (cols - c) ** 2, out=best)
    return prison


def _place_treasure(rng: np.random.Generator, eligible: np.ndarray, prison: np.ndarray,
                    width: int, height: int) -> tuple[int, int]:
    """A random eligible tile, a few steps from every prison when the island allows it."""
    gap = max(3, max(width, height) // 10)
    far = eligible & (manhattan_distance_to(prison) >= gap)
    pool = np.flatnonzero((far if far.any() else eligible).ravel())
    r, c = divmod(int(pool[rng.integers(pool.size)]), width)
    return r, c
