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


# --- areas: pure functions of the board and the hint's parameters ------------------------
def _area_1(board: Board, tiles) -> np.ndarray:
    mask = np.ones(board.shape, dtype=bool)
    for r, c in tiles:
        mask[r, c] = False
    return mask


def _area_2(board: Board, regions) -> np.ndarray:
    return np.isin(board.region, list(regions))


def _area_3(board: Board, regions) -> np.ndarray:
    return ~np.isin(board.region, list(regions))


def _area_4(board: Board, top, left, height, width) -> np.ndarray:
    return _rect(board.shape, top, left, height, width)


def _area_5(board: Board, top, left, height, width) -> np.ndarray:
    return ~_rect(board.shape, top, left, height, width)


def _area_6(board: Board, agent, prison) -> np.ndarray:
    rows, cols = np.indices(board.shape)
    to_agent = np.abs(rows - agent[0]) + np.abs(cols - agent[1])
    to_prison = np.abs(rows - prison[0]) + np.abs(cols - prison[1])
    return to_agent < to_prison


def _line(board: Board, row, col) -> np.ndarray:
    mask = np.zeros(board.shape, dtype=bool)
    if row is not None:
        mask[row, :] = True
    if col is not None:
        mask[:, col] = True
    return mask


def _area_7(board: Board, row, col) -> np.ndarray:
    return _line(board, row, col)


def _area_8(board: Board, row, col) -> np.ndarray:
    return ~_line(board, row, col)


def _area_9(board: Board, regions) -> np.ndarray:
    return board.pair_boundary(*regions)


def _area_10(board: Board) -> np.ndarray:
    return board.region_boundary.copy()


def _area_11(board: Board, distance) -> np.ndarray:
    return board.land & (board.sea_distance <= distance)


def _area_12(board: Board, side) -> np.ndarray:
    height, width = board.shape
    half = np.zeros(board.shape, dtype=bool)
    if side == "top":
        half[: height // 2, :] = True
    elif side == "bottom":
        half[height // 2 :, :] = True
    elif side == "left":
        half[:, : width // 2] = True
    else:
        half[:, width // 2 :] = True
    return ~half


def _area_13(board: Board, origin, direction, **_) -> np.ndarray:
    return direction_mask(board.shape, origin, direction)


def _area_14(board: Board, outer, inner) -> np.ndarray:
    (top, left, side), (itop, ileft, iside) = outer, inner
    return _rect(board.shape, top, left, side, side) & ~_rect(board.shape, itop, ileft, iside, iside)


def _area_15(board: Board, regions) -> np.ndarray:
    return np.isin(board.region, list(regions))


AREAS: dict[int, Callable[..., np.ndarray]] = {
    1: _area_1, 2: _area_2, 3: _area_3, 4: _area_4, 5: _area_5, 6: _area_6, 7: _area_7, 8: _area_8,
    9: _area_9, 10: _area_10, 11: _area_11, 12: _area_12, 13: _area_13, 14: _area_14, 15: _area_15,
}


def hint_area(kind: int, board: Board, params: dict[str, Any]) -> np.ndarray:
    """The area A of a hint of type ``kind`` with these parameters (a new bool array)."""
    return AREAS[kind](board, **dict(params))


# --- texts ---------------------------------------------------------------------------------
def _line_parts(row, col) -> list[str]:
    return ([f"row {row}"] if row is not None else []) + ([f"column {col}"] if col is not None else [])


def _half_span(board_shape: tuple[int, int], side: str) -> str:
    height, width = board_shape
    return {
        "top": f"rows 0-{height // 2 - 1}", "bottom": f"rows {height // 2}-{height - 1}",
        "left": f"cols 0-{width // 2 - 1}", "right": f"cols {width // 2}-{width - 1}",
    }[side]


def hint_text(kind: int, shape: tuple[int, int], params: dict[str, Any]) -> str:
    """The hint's one-line English statement."""
    p = dict(params)
    if kind == 1:
        cells = p["tiles"]
        if not cells:
            return "the treasure is somewhere on this island"
        noun = "this tile does" if len(cells) == 1 else f"these {len(cells)} tiles do"
        return f"{noun} not hold the treasure: " + ", ".join(_pos(c) for c in cells)
    if kind == 2:
        return f"the treasure is in one of regions {_regions_text(p['regions'])}"
    if kind == 3:
        word = "region" if len(p["regions"]) == 1 else "regions"
        return f"the treasure is not in {word} {_regions_text(p['regions'])}"
    if kind in (4, 5):
        span = _rows_cols(p["top"], p["left"], p["height"], p["width"])
        return f"the treasure is {'' if kind == 4 else 'not '}in the rectangle {span}"
    if kind == 6:
        return f"the treasure is nearer to you at {_pos(p['agent'])} than to my prison at {_pos(p['prison'])}"
    if kind == 7:
        return "the treasure is in " + " or ".join(_line_parts(p["row"], p["col"]))
    if kind == 8:
        return "the treasure is not in " + " nor ".join(_line_parts(p["row"], p["col"]))
    if kind == 9:
        i, j = p["regions"]
        return f"the treasure is on the border between regions {i} and {j}"
    if kind == 10:
        return "the treasure is on a border between two regions"
    if kind == 11:
        return f"the treasure is within {p['distance']} tiles of the sea"
    if kind == 12:
        return f"the {p['side']} half of the map ({_half_span(shape, p['side'])}) has no treasure"
    if kind == 13:
        where = f"my prison at {_pos(p['origin'])}" if p["from"] == "prison" else f"the map centre {_pos(p['origin'])}"
        return f"the treasure lies {DIRECTION_WORDS[p['direction']]} of {where}"
    if kind == 14:
        (top, left, side), (itop, ileft, iside) = p["outer"], p["inner"]
        return (f"the treasure is inside the square {_rows_cols(top, left, side, side)} "
                f"but outside the square {_rows_cols(itop, ileft, iside, iside)}")
    if kind == 15:
        word = "region" if len(p["regions"]) == 1 else "regions"
        return f"the treasure is in a region with a mountain ({word} {_regions_text(p['regions'])})"
    raise ValueError(f"unknown hint type {kind}")


# --- drawing the parameters: (ctx, rng, cfg) -> params, or None if the type cannot be drawn ---
Params = dict[str, Any]


def _draw_1(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    flat = np.flatnonzero(ctx.board.eligible)
    if flat.size == 0:
        return None
    lo, hi = cfg.tiles_hint_count
    k = int(rng.integers(lo, min(hi, flat.size) + 1)) if flat.size >= lo else flat.size
    chosen = np.sort(rng.choice(flat, size=k, replace=False))
    return {"tiles": [divmod(int(i), ctx.board.width) for i in chosen]}


def _choose_regions(ctx: HintContext, rng: np.random.Generator, count: tuple[int, int]) -> Params | None:
    regions = ctx.board.land_regions
    lo, hi = count
    if len(regions) < lo:
        return None
    k = int(rng.integers(lo, min(hi, len(regions)) + 1))
    return {"regions": sorted(int(r) for r in rng.choice(np.asarray(regions), size=k, replace=False))}


def _draw_2(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    return _choose_regions(ctx, rng, cfg.regions_in_count)


def _draw_3(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    return _choose_regions(ctx, rng, cfg.regions_out_count)


def _draw_rect(ctx: HintContext, rng: np.random.Generator, share: tuple[float, float]) -> Params:
    height, width = ctx.board.shape
    h, w = _span(rng, height, share), _span(rng, width, share)
    top = int(rng.integers(0, height - h + 1))
    left = int(rng.integers(0, width - w + 1))
    return {"top": top, "left": left, "height": h, "width": w}


def _draw_4(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    return _draw_rect(ctx, rng, cfg.large_rect_share)


def _draw_5(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    return _draw_rect(ctx, rng, cfg.small_rect_share)


def _draw_6(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    if ctx.prison is None:
        return None
    return {"agent": ctx.agent, "prison": ctx.prison}


def _draw_line(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    height, width = ctx.board.shape
    mode = ("row", "col", "both")[int(rng.integers(3))]
    row = int(rng.integers(height)) if mode in ("row", "both") else None
    col = int(rng.integers(width)) if mode in ("col", "both") else None
    return {"row": row, "col": col}


def _draw_9(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    pairs = ctx.board.adjacent_region_pairs
    if not pairs:
        return None
    return {"regions": list(pairs[int(rng.integers(len(pairs)))])}


def _draw_10(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    return {}


def _draw_11(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    lo, hi = cfg.sea_distance
    return {"distance": int(rng.integers(lo, hi + 1))}


def _draw_12(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    return {"side": ("top", "bottom", "left", "right")[int(rng.integers(4))]}


def _draw_13(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    height, width = ctx.board.shape
    use_prison = ctx.prison is not None and bool(rng.integers(2))
    origin = ctx.prison if use_prison else (height // 2, width // 2)
    direction = ("N", "E", "S", "W", "NE", "NW", "SE", "SW")[int(rng.integers(8))]
    return {"origin": origin, "from": "prison" if use_prison else "centre", "direction": direction}


def _draw_14(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    height, width = ctx.board.shape
    outer = _span(rng, min(height, width), cfg.square_share)
    if outer < 3:
        return None
    inner = int(rng.integers(1, outer - 2 + 1))
    top = int(rng.integers(0, height - outer + 1))
    left = int(rng.integers(0, width - outer + 1))
    itop = int(rng.integers(top + 1, top + outer - inner))
    ileft = int(rng.integers(left + 1, left + outer - inner))
    return {"outer": (top, left, outer), "inner": (itop, ileft, inner)}


def _draw_15(ctx: HintContext, rng: np.random.Generator, cfg: RulesConfig) -> Params | None:
    regions = ctx.board.mountain_regions
    return {"regions": list(regions)} if regions else None


DRAWERS: dict[int, Callable[[HintContext, np.random.Generator, RulesConfig], Params | None]] = {
    1: _draw_1, 2: _draw_2, 3: _draw_3, 4: _draw_4, 5: _draw_5, 6: _draw_6, 7: _draw_line, 8: _draw_line,
    9: _draw_9, 10: _draw_10, 11: _draw_11, 12: _draw_12, 13: _draw_13, 14: _draw_14, 15: _draw_15,
}


def informative(mask: np.ndarray, board: Board) -> bool:
    """RULES §5 redraws an area that is empty or the whole map. We read "the whole map" as
    every tile that could hold the treasure: an area that excludes none of them says nothing."""
    inside = np.count_nonzero(mask & board.eligible)
    return 0 < inside < board.eligible_count


def make_hint(index: int, kind: int, board: Board, params: Params, treasure: Pos) -> Hint:
    """A hint of type ``kind`` with these parameters: its area, text and truth."""
    mask = np.ascontiguousarray(hint_area(kind, board, params), dtype=bool)
    text = hint_text(kind, board.shape, params)
    mask.flags.writeable = False
    frozen = tuple(sorted((k, _freeze(v)) for k, v in params.items()))
    return Hint(index, kind, frozen, mask, bool(mask[treasure]), text)


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
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
        params = DRAWERS[kind](ctx, rng, cfg)
        if params is None:
            continue
        hint = make_hint(index, kind, ctx.board, params, treasure)
        if not informative(hint.mask, ctx.board):
            continue
        if must_be is None or hint.truth == must_be:
            return hint
        fallback = hint
    if fallback is not None:
        return fallback
    # Nothing informative can be said on this map (e.g. a single possible tile): say the
    # one thing that is always true, that the treasure is on the map.
    return make_hint(index, 1, ctx.board, {"tiles": []}, treasure)


def hint_to_json(hint: Hint) -> dict[str, Any]:
    return {"index": hint.index, "kind": hint.kind, "params": dict(hint.params), "text": hint.text}
