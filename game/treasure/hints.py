"""The pirate's 15 hint types (RULES §5): how each is drawn, its area, and its English text.

Every hint says "the treasure lies in area A", A a boolean mask over the map; its truth is
whether the treasure is in A. Drawing never looks at the treasure: the truth models in
:func:`draw_hint` decide which draws to keep.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import Any, Callable

import numpy as np

from .board import Board, Pos
from .config import RulesConfig

HINT_NAMES = {
    1: "tiles without treasure",
    2: "one of these regions",
    3: "not these regions",
    4: "large rectangle",
    5: "not this small rectangle",
    6: "nearer to you than the prison",
    7: "this row/column",
    8: "not this row/column",
    9: "border of two regions",
    10: "any region border",
    11: "near the sea",
    12: "empty half",
    13: "direction",
    14: "between two squares",
    15: "region with a mountain",
}
PRISON_TYPES = frozenset({6})  # types that need the revealed prison


@dataclass(frozen=True, eq=False)
class Hint:
    index: int  # k: hint k is given on turn k
    kind: int  # 1..15
    params: tuple[tuple[str, Any], ...]
    mask: np.ndarray  # read-only bool (H, W): the area A
    truth: bool  # secret until verified (hint 1 is known true)
    text: str

    def param(self, name: str) -> Any:
        return dict(self.params)[name]


@dataclass(frozen=True)
class HintContext:
    """What a hint may refer to when it is drawn."""

    board: Board
    agent: Pos
    prison: Pos | None  # set once the prison is revealed


# --- geometry helpers -------------------------------------------------------------------
def _rect(shape: tuple[int, int], top: int, left: int, h: int, w: int) -> np.ndarray:
    mask = np.zeros(shape, dtype=bool)
    mask[top : top + h, left : left + w] = True
    return mask


def _span(rng: np.random.Generator, size: int, share: tuple[float, float]) -> int:
    lo, hi = max(1, ceil(size * share[0])), max(1, min(size, ceil(size * share[1])))
    return int(rng.integers(lo, hi + 1)) if hi >= lo else lo


def _rows_cols(top: int, left: int, h: int, w: int) -> str:
    return f"rows {top}-{top + h - 1}, cols {left}-{left + w - 1}"


def direction_mask(shape: tuple[int, int], origin: Pos, direction: str) -> np.ndarray:
    """N/E/S/W: triangles opening away from ``origin``; NE/NW/SE/SW: open quadrants."""
    rows, cols = np.indices(shape)
    dr, dc = rows - origin[0], cols - origin[1]
    if direction == "N":
        return (dr < 0) & (np.abs(dc) <= -dr)
    if direction == "S":
        return (dr > 0) & (np.abs(dc) <= dr)
    if direction == "E":
        return (dc > 0) & (np.abs(dr) <= dc)
    if direction == "W":
        return (dc < 0) & (np.abs(dr) <= -dc)
    north, south, east, west = dr < 0, dr > 0, dc > 0, dc < 0
    return {"NE": north & east, "NW": north & west, "SE": south & east, "SW": south & west}[direction]


DIRECTION_WORDS = {
    "N": "north", "E": "east", "S": "south", "W": "west",
    "NE": "north-east", "NW": "north-west", "SE": "south-east", "SW": "south-west",
}


def _regions_text(ids) -> str:
    ids = [str(i) for i in ids]
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " and " + ids[-1]


def _pos(p: Pos) -> str:
    return f"({p[0]}, {p[1]})"


# --- one drawing function per type: (ctx, rng, cfg) -> (params, mask, text) or None -----
Drawn = tuple[dict[str, Any], np.ndarray, str]


def _draw_1(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    flat = np.flatnonzero(ctx.board.eligible)
    if flat.size == 0:
        return None
    lo, hi = cfg.tiles_hint_count
    k = int(rng.integers(lo, min(hi, flat.size) + 1)) if flat.size >= lo else flat.size
    chosen = np.sort(rng.choice(flat, size=k, replace=False))
    mask = np.ones(ctx.board.shape, dtype=bool)
    mask.ravel()[chosen] = False
    cells = [divmod(int(i), ctx.board.width) for i in chosen]
    noun = "this tile does" if k == 1 else f"these {k} tiles do"
    return {"tiles": cells}, mask, f"{noun} not hold the treasure: " + ", ".join(_pos(c) for c in cells)


def _choose_regions(ctx: HintContext, rng: np.random.Generator, count: tuple[int, int]) -> list[int] | None:
    regions = ctx.board.land_regions
    lo, hi = count
    if len(regions) < lo:
        return None
    k = int(rng.integers(lo, min(hi, len(regions)) + 1))
    return sorted(int(r) for r in rng.choice(np.asarray(regions), size=k, replace=False))


def _draw_2(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    chosen = _choose_regions(ctx, rng, cfg.regions_in_count)
    if chosen is None:
        return None
    mask = np.isin(ctx.board.region, chosen)
    return {"regions": chosen}, mask, f"the treasure is in one of regions {_regions_text(chosen)}"


def _draw_3(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    chosen = _choose_regions(ctx, rng, cfg.regions_out_count)
    if chosen is None:
        return None
    mask = ~np.isin(ctx.board.region, chosen)
    word = "region" if len(chosen) == 1 else "regions"
    return {"regions": chosen}, mask, f"the treasure is not in {word} {_regions_text(chosen)}"


def _draw_rect(ctx: HintContext, rng: np.random.Generator, share: tuple[float, float]):
    height, width = ctx.board.shape
    h, w = _span(rng, height, share), _span(rng, width, share)
    top = int(rng.integers(0, height - h + 1))
    left = int(rng.integers(0, width - w + 1))
    return top, left, h, w


def _draw_4(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    top, left, h, w = _draw_rect(ctx, rng, cfg.large_rect_share)
    mask = _rect(ctx.board.shape, top, left, h, w)
    params = {"top": top, "left": left, "height": h, "width": w}
    return params, mask, f"the treasure is in the rectangle {_rows_cols(top, left, h, w)}"


def _draw_5(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    top, left, h, w = _draw_rect(ctx, rng, cfg.small_rect_share)
    mask = ~_rect(ctx.board.shape, top, left, h, w)
    params = {"top": top, "left": left, "height": h, "width": w}
    return params, mask, f"the treasure is not in the rectangle {_rows_cols(top, left, h, w)}"


def _draw_6(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    if ctx.prison is None:
        return None
    rows, cols = np.indices(ctx.board.shape)
    to_agent = np.abs(rows - ctx.agent[0]) + np.abs(cols - ctx.agent[1])
    to_prison = np.abs(rows - ctx.prison[0]) + np.abs(cols - ctx.prison[1])
    mask = to_agent < to_prison
    text = f"the treasure is nearer to you at {_pos(ctx.agent)} than to my prison at {_pos(ctx.prison)}"
    return {"agent": ctx.agent, "prison": ctx.prison}, mask, text


def _draw_line(ctx: HintContext, rng: np.random.Generator):
    height, width = ctx.board.shape
    mode = ("row", "col", "both")[int(rng.integers(3))]
    row = int(rng.integers(height)) if mode in ("row", "both") else None
    col = int(rng.integers(width)) if mode in ("col", "both") else None
    mask = np.zeros(ctx.board.shape, dtype=bool)
    parts = []
    if row is not None:
        mask[row, :] = True
        parts.append(f"row {row}")
    if col is not None:
        mask[:, col] = True
        parts.append(f"column {col}")
    return {"row": row, "col": col}, mask, parts


def _draw_7(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    params, mask, parts = _draw_line(ctx, rng)
    return params, mask, "the treasure is in " + " or ".join(parts)


def _draw_8(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    params, mask, parts = _draw_line(ctx, rng)
    return params, ~mask, "the treasure is not in " + " nor ".join(parts)


def _draw_9(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    pairs = ctx.board.adjacent_region_pairs
    if not pairs:
        return None
    i, j = pairs[int(rng.integers(len(pairs)))]
    mask = ctx.board.pair_boundary(i, j)
    return {"regions": [i, j]}, mask, f"the treasure is on the border between regions {i} and {j}"


def _draw_10(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    mask = ctx.board.region_boundary.copy()
    return {}, mask, "the treasure is on a border between two regions"


def _draw_11(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    lo, hi = cfg.sea_distance
    k = int(rng.integers(lo, hi + 1))
    mask = ctx.board.land & (ctx.board.sea_distance <= k)
    return {"distance": k}, mask, f"the treasure is within {k} tiles of the sea"


def _draw_12(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    height, width = ctx.board.shape
    side = ("top", "bottom", "left", "right")[int(rng.integers(4))]
    half = np.zeros(ctx.board.shape, dtype=bool)
    if side == "top":
        half[: height // 2, :] = True
        span = f"rows 0-{height // 2 - 1}"
    elif side == "bottom":
        half[height // 2 :, :] = True
        span = f"rows {height // 2}-{height - 1}"
    elif side == "left":
        half[:, : width // 2] = True
        span = f"cols 0-{width // 2 - 1}"
    else:
        half[:, width // 2 :] = True
        span = f"cols {width // 2}-{width - 1}"
    return {"side": side}, ~half, f"the {side} half of the map ({span}) has no treasure"


def _draw_13(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    height, width = ctx.board.shape
    centre = (height // 2, width // 2)
    use_prison = ctx.prison is not None and bool(rng.integers(2))
    origin = ctx.prison if use_prison else centre
    direction = ("N", "E", "S", "W", "NE", "NW", "SE", "SW")[int(rng.integers(8))]
    mask = direction_mask(ctx.board.shape, origin, direction)
    where = f"my prison at {_pos(origin)}" if use_prison else f"the map centre {_pos(origin)}"
    params = {"origin": origin, "from": "prison" if use_prison else "centre", "direction": direction}
    return params, mask, f"the treasure lies {DIRECTION_WORDS[direction]} of {where}"


def _draw_14(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    height, width = ctx.board.shape
    m = min(height, width)
    outer = _span(rng, m, cfg.square_share)
    if outer < 3:
        return None
    inner = int(rng.integers(1, outer - 2 + 1))
    top = int(rng.integers(0, height - outer + 1))
    left = int(rng.integers(0, width - outer + 1))
    itop = int(rng.integers(top + 1, top + outer - inner))
    ileft = int(rng.integers(left + 1, left + outer - inner))
    mask = _rect(ctx.board.shape, top, left, outer, outer) & ~_rect(ctx.board.shape, itop, ileft, inner, inner)
    params = {"outer": (top, left, outer), "inner": (itop, ileft, inner)}
    text = (f"the treasure is inside the square {_rows_cols(top, left, outer, outer)} "
            f"but outside the square {_rows_cols(itop, ileft, inner, inner)}")
    return params, mask, text


def _draw_15(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Drawn | None:
    regions = ctx.board.mountain_regions
    if not regions:
        return None
    mask = np.isin(ctx.board.region, regions)
    word = "region" if len(regions) == 1 else "regions"
    return ({"regions": list(regions)}, mask,
            f"the treasure is in a region with a mountain ({word} {_regions_text(regions)})")


DRAWERS: dict[int, Callable[[HintContext, np.random.Generator, RulesConfig], Drawn | None]] = {
    1: _draw_1, 2: _draw_2, 3: _draw_3, 4: _draw_4, 5: _draw_5, 6: _draw_6, 7: _draw_7, 8: _draw_8,
    9: _draw_9, 10: _draw_10, 11: _draw_11, 12: _draw_12, 13: _draw_13, 14: _draw_14, 15: _draw_15,
}


def informative(mask: np.ndarray, board: Board) -> bool:
    """RULES §5 redraws an area that is empty or the whole map. We read "the whole map" as
    every tile that could hold the treasure: an area that excludes none of them says nothing."""
    inside = np.count_nonzero(mask & board.eligible)
    return 0 < inside < board.eligible_count


def make_hint(index: int, kind: int, drawn: Drawn, treasure: Pos) -> Hint:
    params, mask, text = drawn
    mask = np.ascontiguousarray(mask, dtype=bool)
    mask.flags.writeable = False
    frozen = tuple(sorted((k, _freeze(v)) for k, v in params.items()))
    return Hint(index, kind, frozen, mask, bool(mask[treasure]), text)


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def draw_hint(index: int, ctx: HintContext, treasure: Pos, rng: np.random.Generator, cfg: RulesConfig) -> Hint:
    """Draw hint ``index`` by the configured truth model.

    ``random``: draw without looking at the treasure and keep whatever truth results; hint 1
    is drawn again until it is true. ``bluff``: decide first whether to lie (probability
    ``liar_rate``; never on hint 1), then draw until the truth matches. If ``max_hint_draws``
    draws never match (a degenerate map), the last informative draw is kept.
    """
    weights = np.array(cfg.hint_weights, dtype=float)
    if ctx.prison is None:
        for kind in PRISON_TYPES:
            weights[kind - 1] = 0.0
    weights /= weights.sum()
    must_be: bool | None = None
    if index == 1 and cfg.first_hint_true:
        must_be = True
    elif cfg.truth_model == "bluff":
        must_be = not (rng.random() < cfg.liar_rate)
    fallback: Hint | None = None
    for _ in range(cfg.max_hint_draws):
        kind = int(rng.choice(15, p=weights)) + 1
        drawn = DRAWERS[kind](ctx, rng, cfg)
        if drawn is None or not informative(drawn[1], ctx.board):
            continue
        hint = make_hint(index, kind, drawn, treasure)
        if must_be is None or hint.truth == must_be:
            return hint
        fallback = hint
    if fallback is not None:
        return fallback
    # Nothing informative can be said on this map (e.g. a single possible tile): say the
    # one thing that is always true, that the treasure is on the map.
    mask = np.ones(ctx.board.shape, dtype=bool)
    return make_hint(index, 1, ({"tiles": []}, mask, "the treasure is somewhere on this island"), treasure)


def hint_to_json(hint: Hint) -> dict[str, Any]:
    return {"index": hint.index, "kind": hint.kind, "params": dict(hint.params), "text": hint.text}
