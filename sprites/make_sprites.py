#!/usr/bin/env python3
"""Draw every sprite of Treasure Island Arcade and save them as PNGs.

All art is procedural pixel art written by us: tiles come from periodic functions and
fixed-seed placement (so they tile seamlessly and come out identical on every run), the
objects and characters from small hand-typed pixel maps (one character per pixel) coloured
from one shared palette.  Nothing is random except a fixed-seed numpy bit generator (PCG64).

Usage (from the repository root)::

    python sprites/make_sprites.py            # writes into sprites/
    python sprites/make_sprites.py --out DIR  # writes somewhere else

Outputs: the sprite PNGs, ``manifest.json``, and ``contact_sheet.png`` (every sprite x4 on
a checkerboard, for reviewers).
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402

TILE = 16
SEED = 20240611  # the one and only source of "randomness": fixed

# --------------------------------------------------------------------------------------
# Palette: one small shared set of colours (RGBA)
# --------------------------------------------------------------------------------------
OUTLINE = (34, 26, 42, 255)
SHADOW = (16, 12, 28, 80)
CLEAR = (0, 0, 0, 0)

PAL: dict[str, tuple[int, int, int, int]] = {
    "outline": OUTLINE,
    "shadow": SHADOW,
    # sea
    "sea_deep": (22, 48, 104, 255),
    "sea_mid": (28, 62, 130, 255),
    "sea_light": (40, 82, 156, 255),
    "sea_crest": (82, 136, 200, 255),
    "sea_glint": (190, 226, 246, 255),
    # sand and foam
    "foam": (246, 250, 255, 255),
    "foam_soft": (214, 236, 246, 255),
    "sand_wet": (206, 176, 122, 255),
    "sand": (238, 214, 158, 255),
    "sand_light": (250, 234, 190, 255),
    "sand_dark": (196, 162, 108, 255),
    # rock and snow
    "rock_dark": (74, 72, 88, 255),
    "rock_mid": (112, 110, 126, 255),
    "rock_light": (152, 150, 164, 255),
    "rock_pale": (188, 186, 198, 255),
    "snow": (246, 250, 255, 255),
    "snow_shade": (184, 206, 232, 255),
    # wood, iron, gold
    "wood_dark": (86, 50, 30, 255),
    "wood": (134, 82, 44, 255),
    "wood_light": (176, 118, 64, 255),
    "iron": (58, 60, 74, 255),
    "iron_light": (136, 140, 156, 255),
    "gold_dark": (184, 124, 30, 255),
    "gold": (236, 184, 56, 255),
    "gold_light": (255, 234, 140, 255),
    "void": (26, 20, 34, 255),
    # people
    "skin": (246, 196, 152, 255),
    "skin_shade": (210, 146, 108, 255),
    "tan": (226, 166, 120, 255),
    "tan_shade": (186, 120, 86, 255),
    "hair": (104, 64, 40, 255),
    "khaki": (224, 196, 128, 255),
    "khaki_shade": (172, 142, 84, 255),
    "hatband": (112, 76, 44, 255),
    "shirt": (64, 124, 220, 255),
    "shirt_dark": (38, 80, 164, 255),
    "trousers": (58, 82, 140, 255),
    "trousers_dark": (40, 58, 108, 255),
    "boot": (70, 44, 30, 255),
    "pack": (150, 108, 60, 255),
    "pack_dark": (110, 74, 40, 255),
    "tricorn": (50, 44, 58, 255),
    "tricorn_light": (82, 74, 92, 255),
    "coat": (204, 44, 46, 255),
    "coat_dark": (142, 26, 38, 255),
    "coat_light": (236, 92, 80, 255),
    "beard": (242, 240, 234, 255),
    "beard_shade": (196, 196, 206, 255),
    "breeches": (58, 54, 72, 255),
    "white": (250, 250, 250, 255),
    # markers
    "flag": (255, 206, 48, 255),
    "flag_shade": (222, 150, 30, 255),
    "red": (226, 40, 44, 255),
    "red_dark": (150, 20, 34, 255),
    "red_light": (255, 112, 96, 255),
}


def _key(**chars: str) -> dict[str, tuple[int, int, int, int]]:
    """Map pixel-map characters to palette colours; '.', 'K' and 'o' are always defined."""
    key = {".": CLEAR, "K": OUTLINE, "o": SHADOW}
    for ch, name in chars.items():
        key[ch] = PAL[name]
    return key


def from_map(rows: list[str], key: dict[str, tuple[int, int, int, int]]) -> np.ndarray:
    """A pixel map (list of equal-length strings) -> RGBA uint8 array of shape (h, w, 4)."""
    h, w = len(rows), len(rows[0])
    out = np.zeros((h, w, 4), np.uint8)
    for y, row in enumerate(rows):
        if len(row) != w:
            raise ValueError(f"row {y} has {len(row)} pixels, expected {w}: {row!r}")
        for x, ch in enumerate(row):
            try:
                out[y, x] = key[ch]
            except KeyError:
                raise ValueError(f"unknown pixel {ch!r} at ({x}, {y}) in {row!r}") from None
    return out


MARGIN = 1e-6


def _gt(v: np.ndarray, threshold: float) -> np.ndarray:
    """v > threshold, refusing values within MARGIN of it.

    Floating-point sines may differ by an ulp between numpy builds; keeping every value
    well clear of each threshold keeps the pixels identical on every machine.
    """
    v = np.asarray(v, dtype=np.float64)
    if np.min(np.abs(v - threshold)) <= MARGIN:
        raise AssertionError(f"a value lies within {MARGIN} of threshold {threshold}")
    return v > threshold


def _lt(v: np.ndarray, threshold: float) -> np.ndarray:
    return ~_gt(v, threshold)


def _round(v: np.ndarray) -> np.ndarray:
    """Round to the nearest integer, refusing values close to a .5 boundary."""
    v = np.asarray(v, dtype=np.float64)
    frac = v - np.floor(v)
    if np.min(np.abs(frac - 0.5)) <= MARGIN:
        raise AssertionError("a value lies too close to a rounding boundary")
    return np.floor(v + 0.5).astype(int)


def shift(img: np.ndarray, dy: int = 0, dx: int = 0) -> np.ndarray:
    """Move an RGBA image by whole pixels, filling with transparency (no wrap-around)."""
    out = np.zeros_like(img)
    h, w = img.shape[:2]
    ys, yd = (slice(0, h - dy), slice(dy, h)) if dy >= 0 else (slice(-dy, h), slice(0, h + dy))
    xs, xd = (slice(0, w - dx), slice(dx, w)) if dx >= 0 else (slice(-dx, w), slice(0, w + dx))
    out[yd, xd] = img[ys, xs]
    return out


def over(dst: np.ndarray, src: np.ndarray) -> np.ndarray:
    """Paste src over dst where src is opaque (pixel art: alpha is 0 or 255, shadow aside)."""
    out = dst.copy()
    mask = src[..., 3] > 0
    out[mask] = src[mask]
    return out


# --------------------------------------------------------------------------------------
# Tiles: periodic, so they tile seamlessly
# --------------------------------------------------------------------------------------
SEA_FRAMES = 4

# Wave marks: (x, y, phase).  Each mark is a small arc of foam that swells, glints and
# fades over the 4-frame cycle; phases are staggered so the sea shimmers, never blinks.
_SEA_MARKS = [(1, 3, 0), (9, 6, 2), (4, 11, 1), (12, 14, 3)]
# The mark at each step of its life: (dx, dy, colour) pixels.
_MARK_SHAPES = [
    [(0, 0, "sea_light"), (1, 0, "sea_light")],
    [(-1, 1, "sea_light"), (0, 0, "sea_crest"), (1, 0, "sea_crest"), (2, 1, "sea_light")],
    [(-1, 1, "sea_crest"), (0, 0, "sea_crest"), (1, 0, "sea_glint"), (2, 1, "sea_crest")],
    [(-1, 1, "sea_light"), (2, 1, "sea_light")],
]


def sea_field(frame: int, width: int = TILE, height: int = TILE) -> np.ndarray:
    """RGB sea for a width x height patch of the (infinite, 16-periodic) ocean at `frame`.

    Built from sines whose periods divide 16 and from marks placed modulo 16, so any
    16x16 window is the same tile and neighbouring tiles continue each other.
    """
    y, x = np.mgrid[0:TILE, 0:TILE]
    t = frame % SEA_FRAMES
    # calm swell: broken, wavy troughs (two rows per tile) whose wobble drifts each frame
    wobble = 1.6 * np.sin(2 * np.pi * x / TILE + t * np.pi / 2)
    wobble += 0.8 * np.sin(4 * np.pi * x / TILE + 1.0)
    swell = np.sin(2 * np.pi * (2 * y + wobble) / TILE)
    breakup = np.sin(2 * np.pi * (x - y) / TILE + 0.5) + np.sin(2 * np.pi * (2 * x + y) / TILE)
    level = np.ones((TILE, TILE), int)  # 0 deep, 1 mid, 2 light
    level[_gt(swell, 0.7) & _gt(breakup, -0.3)] = 0
    level[_lt(swell, -0.9) & _lt(breakup, -0.6)] = 2
    # drop lone specks (no same-level neighbour left or right): cleaner pixel art
    lone = (level != 1) & (np.roll(level, 1, 1) != level) & (np.roll(level, -1, 1) != level)
    level[lone] = 1
    rgb = np.array([PAL["sea_deep"], PAL["sea_mid"], PAL["sea_light"]], np.uint8)[level][..., :3]
    for mx, my, phase in _SEA_MARKS:
        for dx, dy, colour in _MARK_SHAPES[(t + phase) % SEA_FRAMES]:
            rgb[(my + dy) % TILE, (mx + dx) % TILE] = PAL[colour][:3]
    reps = (-(-height // TILE), -(-width // TILE), 1)
    return np.ascontiguousarray(np.tile(rgb, reps)[:height, :width])


def _tuft_positions(bits: np.random.PCG64, n: int, min_dist: int) -> list[tuple[int, int]]:
    """n points on the 16x16 torus, at least min_dist apart (wrap-around distance).

    Uses the raw output of the fixed-seed PCG64 bit generator, whose stream numpy keeps
    stable across versions (unlike the Generator's sampling methods).
    """
    pts: list[tuple[int, int]] = []
    tries = 0
    while len(pts) < n and tries < 10_000:
        tries += 1
        raw = int(bits.random_raw())
        x, y = raw % TILE, (raw >> 8) % TILE
        ok = True
        for px, py in pts:
            dx = min(abs(x - px), TILE - abs(x - px))
            dy = min(abs(y - py), TILE - abs(y - py))
            if max(dx, dy) < min_dist:
                ok = False
                break
        if ok:
            pts.append((x, y))
    return pts


LAND_BASE = 226
LAND_LIGHT = 242
LAND_DARK = 196
LAND_DEEP = 182

# Small marks drawn into the land texture: (dx, dy, grey) pixels.
_TUFT = [(0, 0, LAND_DARK), (2, 0, LAND_DARK), (1, 1, LAND_DEEP), (0, 1, 210), (2, 1, 210),
         (1, 0, 236)]  # two blades either side of a light one, shadowed root
_BLADES = [(0, 0, LAND_DARK), (1, 1, LAND_DARK), (2, 0, LAND_DARK)]  # a small "v"
_PEBBLE = [(0, 0, 250), (1, 0, 244), (0, 1, LAND_DARK), (1, 1, LAND_DEEP)]
_FLOWER = [(0, 0, 255), (-1, 0, 208), (1, 0, 208), (0, -1, 208), (0, 1, 208)]


def _land(seed_offset: int, marks: list[list[tuple[int, int, int]]]) -> np.ndarray:
    """Near-greyscale grass/earth texture, values within 170..255, wrapping at the edges."""
    bits = np.random.PCG64(SEED + seed_offset)
    y, x = np.mgrid[0:TILE, 0:TILE]
    # very soft periodic mottling: lighter patches on a flat base
    m = np.sin(2 * np.pi * (x + y) / 16 + seed_offset) + np.sin(2 * np.pi * (x - 2 * y) / 16)
    g = np.where(_gt(m, 1.1), LAND_LIGHT - 6, LAND_BASE).astype(np.int32)
    g[_lt(m, -1.3)] = LAND_BASE - 8
    pts = _tuft_positions(bits, len(marks), 5)
    if len(pts) < len(marks):
        raise AssertionError("could not place every land mark")
    for (px, py), mark in zip(pts, marks):
        for dx, dy, v in mark:
            g[(py + dy) % TILE, (px + dx) % TILE] = v
    g = np.clip(g, 170, 255).astype(np.uint8)
    return np.repeat(g[:, :, None], 3, axis=2)


def land_tile() -> np.ndarray:
    return _land(0, [_TUFT, _TUFT, _BLADES, _TUFT, _BLADES, _PEBBLE])


def land_alt_tile() -> np.ndarray:
    return _land(7, [_TUFT, _BLADES, _FLOWER, _PEBBLE, _FLOWER, _BLADES])


def shore_profile() -> np.ndarray:
    """Depth (in pixels) of the sand band at each column; periodic so coasts join up."""
    x = np.arange(TILE)
    p = 4.4 + 0.8 * np.sin(2 * np.pi * x / 8 + 0.4) + 0.6 * np.sin(2 * np.pi * x / 16 + 1.7)
    return _round(p)


def shore_overlay() -> np.ndarray:
    """Foam and sand along the TOP edge of a land tile; transparent below.

    From the sea inwards: a white foam line (2 px deep in places), a row of wet sand,
    dry sand with a few light grains, and a darker rim where the sand meets the grass.
    """
    img = np.zeros((TILE, TILE, 4), np.uint8)
    depth = shore_profile()
    x = np.arange(TILE)
    foam = 1 + _gt(np.sin(2 * np.pi * x / 8 + 2.2), 0.55).astype(int)
    for cx in range(TILE):
        d = depth[cx]
        img[:d, cx] = PAL["sand"]
        img[d - 1, cx] = PAL["sand_dark"]
        img[0, cx] = PAL["foam"]
        if foam[cx] == 2:
            img[1, cx] = PAL["foam_soft"]
        img[foam[cx], cx] = PAL["sand_wet"]
    for gx, gy in ((3, 3), (10, 3), (13, 2), (6, 2)):  # sand grains
        if img[gy, gx, :3].tolist() == list(PAL["sand"][:3]):
            img[gy, gx] = PAL["sand_light"]
    return img


# --------------------------------------------------------------------------------------
# Objects
# --------------------------------------------------------------------------------------
def _mountain_map() -> list[str]:
    """A single snow-capped peak, lit from the left, as a pixel map.

    Built from its silhouette (outline columns per row), a ridge line splitting the lit
    and shaded faces, a jagged snow line and a few cracks.
    """
    # row: (left outline x, right outline x); row 1 is the apex, row 15 the base outline
    edges = {2: (6, 9), 3: (6, 9), 4: (5, 10), 5: (5, 10), 6: (4, 11), 7: (4, 12),
             8: (3, 12), 9: (3, 12), 10: (2, 13), 11: (2, 13), 12: (1, 14), 13: (1, 14),
             14: (1, 14)}
    ridge = {2: 8, 3: 8, 4: 8, 5: 8, 6: 8, 7: 8, 8: 9, 9: 9, 10: 9, 11: 10, 12: 10, 13: 10,
             14: 11}  # first shaded column per row
    snow_to = {5: 7, 6: 7, 7: 6, 8: 8, 9: 7, 10: 6}  # per column: last snowy row (others 4)
    grid = [["."] * TILE for _ in range(TILE)]
    grid[1][7] = grid[1][8] = "K"
    for y, (lx, rx) in edges.items():
        grid[y][lx] = grid[y][rx] = "K"
        for x in range(lx + 1, rx):
            shaded = x >= ridge[y]
            if y <= snow_to.get(x, 4):
                grid[y][x] = "W" if shaded else "w"
            elif x == rx - 1 and shaded:
                grid[y][x] = "d"
            else:
                grid[y][x] = "m" if shaded else "l"
    for x in range(2, 14):
        grid[15][x] = "K"
    # cracks (short strokes down-left) with a pale lip above; darker on the shaded face
    for x, y, ch in ((6, 9, "m"), (5, 10, "m"), (7, 8, "p"), (4, 12, "m"), (3, 13, "m"),
                     (5, 11, "p"), (8, 12, "m"), (7, 13, "m"), (9, 11, "p"),
                     (11, 9, "d"), (12, 12, "d"), (11, 13, "d")):
        grid[y][x] = ch
    return ["".join(r) for r in grid]


MOUNTAIN = _mountain_map()
MOUNTAIN_KEY = _key(w="snow", W="snow_shade", l="rock_light", m="rock_mid", d="rock_dark",
                    p="rock_pale")

PRISON = [
    "................",
    ".KKKK.KKK.KKKK..",
    ".KppK.KpK.KppK..",
    ".KssKKKsKKKssK..",
    ".KsssssssssssK..",
    ".KKmmmmmmmmmKK..",
    "..KssmssssmsK...",
    "..KsKKKKKKKsK...",
    "..KmKvivivKmK...",
    "..KsKvivivKsK...",
    "..KsKvivivKsK...",
    "..KmKvivivKmK...",
    "..KsKKKKKKKsK...",
    "..KssmsssmssK...",
    ".KKKKKKKKKKKKK..",
    ".ooooooooooooo..",
]
PRISON_KEY = _key(s="rock_light", p="rock_pale", m="rock_mid", v="void", i="iron_light")

TREASURE = [
    "................",
    "................",
    "................",
    "...KKKKKKKKKK...",
    "..KlyllllllylK..",
    "..KwywwwwwwywK..",
    "..KWyWWWWWWyWK..",
    "..KKKKKKKKKKKK..",
    "..KyyyKggKyyyK..",
    "..KwywKgvKwywK..",
    "..KwywwKKwwywK..",
    "..KwywwwwwwywK..",
    "..KWyWWWWWWyWK..",
    "..KKKKKKKKKKKK..",
    "..oooooooooooo..",
    "................",
]
TREASURE_KEY = _key(w="wood", W="wood_dark", l="wood_light", y="gold", g="gold_light",
                    v="void")

FLAG = [
    "................",
    "...KK...........",
    "...KwKKK........",
    "...KwfffKKK.....",
    "...KwfffffFKK...",
    "...KwffffFFFFK..",
    "...KwfffFFKK....",
    "...KwfFKK.......",
    "...KwKK.........",
    "...KwK..........",
    "...KwK..........",
    "...KwK..........",
    "...KwK..........",
    "..KKwKK.........",
    "..oKKKoo........",
    "................",
]
FLAG_KEY = _key(w="wood_light", f="flag", F="flag_shade")


def x_mark() -> np.ndarray:
    """A chunky red X, 2 px strokes with a dark outline and a soft shadow."""
    size = TILE
    img = np.zeros((size, size, 4), np.uint8)
    core = np.zeros((size, size), bool)
    for i in range(3, 13):
        for d in (0, 1):
            core[i, min(i + d, 12)] = True
            core[i, max(15 - i - d, 3)] = True
    outline = np.zeros_like(core)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            outline |= np.roll(np.roll(core, dy, 0), dx, 1)
    shadow = np.roll(outline, 1, 0) & ~outline
    img[shadow] = SHADOW
    img[outline] = OUTLINE
    img[core] = PAL["red"]
    # light on the upper-left half of each stroke
    hl = core & ~np.roll(core, 1, 0)
    img[hl] = PAL["red_light"]
    return img


# --------------------------------------------------------------------------------------
# Characters
# --------------------------------------------------------------------------------------
# Each facing has one upper body (rows 0..11) and four lower bodies (rows 12..15) for the
# walk cycle: 0 standing, 1 left foot forward, 2 passing (body bobs up 1 px), 3 right foot
# forward.  Frame 0 is the idle pose.

AGENT_KEY = _key(h="khaki", H="khaki_shade", b="hatband", s="skin", S="skin_shade",
                 r="hair", c="shirt", C="shirt_dark", p="trousers", P="trousers_dark",
                 f="boot", k="pack", q="pack_dark", w="white")

AGENT_UP = {
    "S": [
        "................",
        "......KKKK......",
        ".....KhhhhK.....",
        "....KhhhhhHK....",
        "...KbbbbbbbbK...",
        "..KhhhhhhhhhHK..",
        "...KKSSSSSSKK...",
        "....KsKssKsK....",
        "....KssssssK....",
        "...KCccwwccCK...",
        "..KcCccccccCcK..",
        "..KsKccccccKsK..",
    ],
    "N": [
        "................",
        "......KKKK......",
        ".....KhhhhK.....",
        "....KhhhhhHK....",
        "...KbbbbbbbbK...",
        "..KhhhhhhhhhHK..",
        "...KKrrrrrrKK...",
        "....KrrrrrrK....",
        "....KKrrrrKK....",
        "...KCcqccqcCK...",
        "..KcCcKkkKcCcK..",
        "..KsKcKqqKcKsK..",
    ],
    "E": [
        "................",
        ".....KKKK.......",
        "....KhhhhK......",
        "...KhhhhhHK.....",
        "...KbbbbbbbK....",
        "..KhhhhhhhhhhK..",
        "...KKrSSSSKKK...",
        "...KrrssKsK.....",
        "...KrsssssSK....",
        "...KKkKcccK.....",
        "..KkqKcCccK.....",
        "..KkqKcsccK.....",
    ],
}

AGENT_LOW = {
    "S": [
        [
            "...KKppppppKK...",
            "....KppKKppK....",
            "....KffKKffK....",
            "...oKKKooKKKo...",
        ],
        [
            "...KKppppppKK...",
            "....KffKKppK....",
            "....KKKKKffK....",
            "...ooooooKKKo...",
        ],
        None,
        [
            "...KKppppppKK...",
            "....KppKKffK....",
            "....KffKKKKK....",
            "...oKKKoooooo...",
        ],
    ],
    "N": [
        [
            "...KKppppppKK...",
            "....KppKKppK....",
            "....KffKKffK....",
            "...oKKKooKKKo...",
        ],
        [
            "...KKppppppKK...",
            "....KffKKppK....",
            "....KKKKKffK....",
            "...ooooooKKKo...",
        ],
        None,
        [
            "...KKppppppKK...",
            "....KppKKffK....",
            "....KffKKKKK....",
            "...oKKKoooooo...",
        ],
    ],
    "E": [
        [
            "...KKpppppK.....",
            "....KpPpPK......",
            "....KffffK......",
            "....oKKKKKo.....",
        ],
        [
            "...KKpppppK.....",
            "...KpPKKKppK....",
            "..KffKo..KffK...",
            "..oKKo...oKKK...",
        ],
        None,
        [
            "...KKpppppK.....",
            "...KPpKKKPPK....",
            "..KffKo..KffK...",
            "..oKKo...oKKK...",
        ],
    ],
}

PIRATE_KEY = _key(t="tricorn", T="tricorn_light", y="gold", s="tan", S="tan_shade",
                  r="coat", R="coat_dark", l="coat_light", w="beard", W="beard_shade",
                  p="breeches", f="boot", g="wood_light", G="wood", h="tricorn_light",
                  H="tricorn", x="white")

PIRATE_UP = {
    "S": [
        "................",
        "......KKKK......",
        "..KK.KtxxtK.KK..",
        "..KTKttWWttKtK..",
        "..KTtttttttttK..",
        "...KyyyyyyyyK...",
        "....KssKsssK....",
        "....KKKssKsK....",
        "....KwwSSwwK....",
        "...KrKwwwwKrK...",
        "..KrrKwwwwKrRK..",
        "..KsKyKWWKyKsK..",
    ],
    "N": [
        "................",
        "......KKKK......",
        "..KK.KttttK.KK..",
        "..KTKttttttKtK..",
        "..KTtttttttttK..",
        "...KyyyyyyyyK...",
        "....KhhhhhhK....",
        "....KhHhhHhK....",
        "....KKhhhhKK....",
        "...KrKrhhrKrK...",
        "..KrrKrRRrKrRK..",
        "..KsKrrrrrrKsK..",
    ],
    "E": [
        "................",
        ".....KKKK.......",
        "..KKKttttK......",
        "..KTtttxttKKK...",
        "..KTttttttttK...",
        "...KyyyyyyyyK...",
        "....KhsssKsK....",
        "....KhsswwsSK...",
        "....KhwwwwwK....",
        "...KKrrwwwK.....",
        "...KRrrKWK......",
        "...KRrrKsK......",
    ],
}

PIRATE_LOW = {
    "S": [
        [
            "...KKrrrrrrKK...",
            "....KppKKppK....",
            "....KffKKgK.....",
            "...oKKKooKKo....",
        ],
        [
            "...KKrrrrrrKK...",
            "....KffKKppK....",
            "....KKKKKgK.....",
            "...ooooooKKo....",
        ],
        None,
        [
            "...KKrrrrrrKK...",
            "....KppKKgK.....",
            "....KffKKKK.....",
            "...oKKKoooo.....",
        ],
    ],
    "N": [
        [
            "...KKrrrrrrKK...",
            "....KppKKppK....",
            ".....KgKKffK....",
            "....oKKooKKKo...",
        ],
        [
            "...KKrrrrrrKK...",
            ".....KgKKppK....",
            ".....KKKKffK....",
            ".....ooooKKKo...",
        ],
        None,
        [
            "...KKrrrrrrKK...",
            "....KppKKffK....",
            ".....KgKKKKK....",
            "....oKKoooooo...",
        ],
    ],
    "E": [
        [
            "...KRrrrrrK.....",
            "....KpppppK.....",
            "....KgKffK......",
            "....oKKKKKo.....",
        ],
        [
            "...KRrrrrrK.....",
            "...KpKKKKppK....",
            "...KgK...KffK...",
            "...oKo...oKKK...",
        ],
        None,
        [
            "...KRrrrrrK.....",
            "...KppKKKKpK....",
            "..KffK....KgK...",
            "..oKKK....oKo...",
        ],
    ],
}

# Arm swing seen from the side: per facing, per walk frame, replacement rows of the upper body.
AGENT_ARMS = {
    "E": {
        1: {10: "..KkqKccCcK.....", 11: "..KkqKcccsK....."},
        3: {10: "..KkqKCcccK.....", 11: "..KkqKscccK....."},
    },
}
PIRATE_ARMS = {
    "E": {
        1: {10: "...KRrrrKWK.....", 11: "...KRrrrKsK....."},
        3: {10: "...KRrrrWK......", 11: "...KsRrrrK......"},
    },
}

FACINGS = ("S", "N", "E")
WALK_FRAMES = 4


def character_frames(up: dict[str, list[str]], low: dict[str, list], key,
                     arms: dict[str, dict[int, dict[int, str]]]) -> dict[str, list[np.ndarray]]:
    """Assemble the 4-frame walk cycle for each facing.

    Frames 0, 1 and 3 put the 12-row upper body on rows 0..11 and a 4-row lower body on
    rows 12..15.  Frame 2 (``None`` in the table) is the passing pose: the upper body rides
    1 px higher and the standing legs grow one row, so the walker bobs.  ``arms`` swaps
    rows of the upper body on given frames (arm swing).
    """
    blank = "." * TILE
    frames: dict[str, list[np.ndarray]] = {}
    for facing in FACINGS:
        out = []
        for i in range(WALK_FRAMES):
            rows = list(up[facing])
            for r, row in arms.get(facing, {}).get(i, {}).items():
                rows[r] = row
            upper = from_map(rows + [blank] * 4, key)
            lower_rows = low[facing][i]
            if lower_rows is None:
                stand = low[facing][0]
                legs = from_map([blank] * 11 + [stand[0], stand[1], stand[1], stand[2], stand[3]], key)
                out.append(over(legs, shift(upper, dy=-1)))
            else:
                out.append(over(from_map([blank] * 12 + lower_rows, key), upper))
        frames[facing] = out
    return frames


# --------------------------------------------------------------------------------------
# Assembly, saving, manifest, contact sheet
# --------------------------------------------------------------------------------------
def build_all() -> dict[str, dict]:
    """Every sprite group: name -> {"kind", "images": [RGBA or RGB arrays]}."""
    groups: dict[str, dict] = {}
    groups["sea"] = {"kind": "tile", "images": [sea_field(t) for t in range(SEA_FRAMES)]}
    groups["land"] = {"kind": "tile", "images": [land_tile()]}
    groups["land_alt"] = {"kind": "tile", "images": [land_alt_tile()]}
    groups["shore"] = {"kind": "overlay", "images": [shore_overlay()]}
    groups["mountain"] = {"kind": "overlay", "images": [from_map(MOUNTAIN, MOUNTAIN_KEY)]}
    groups["prison"] = {"kind": "overlay", "images": [from_map(PRISON, PRISON_KEY)]}
    groups["treasure"] = {"kind": "overlay", "images": [from_map(TREASURE, TREASURE_KEY)]}
    groups["flag"] = {"kind": "overlay", "images": [from_map(FLAG, FLAG_KEY)]}
    groups["x_mark"] = {"kind": "overlay", "images": [x_mark()]}
    for who, up, low, key, arms in (("agent", AGENT_UP, AGENT_LOW, AGENT_KEY, AGENT_ARMS),
                                    ("pirate", PIRATE_UP, PIRATE_LOW, PIRATE_KEY, PIRATE_ARMS)):
        for facing, imgs in character_frames(up, low, key, arms).items():
            groups[f"{who}_{facing}"] = {"kind": "character", "images": imgs}
    return groups


def file_names(name: str, n: int) -> list[str]:
    return [f"{name}.png"] if n == 1 else [f"{name}_{i}.png" for i in range(n)]


def save_png(arr: np.ndarray, path: Path) -> None:
    import pygame

    arr = np.ascontiguousarray(arr, dtype=np.uint8)
    h, w, c = arr.shape
    fmt = "RGBA" if c == 4 else "RGB"
    surf = pygame.image.frombuffer(arr.tobytes(), (w, h), fmt)
    pygame.image.save(surf, str(path))


NOTES = {
    "sea": "opaque water, 4-frame loop (~3-4 fps); tiles seamlessly",
    "land": "opaque grey texture: copy, then fill(tint, special_flags=BLEND_RGB_MULT)",
    "land_alt": "second land variant, same use as land; mix for variety",
    "shore": "sand and foam for the TOP edge of a land tile; rotate 90/180/270 for W/S/E",
    "mountain": "draw over the tinted land tile",
    "prison": "draw over the tinted land tile",
    "treasure": "draw over the tinted land tile",
    "flag": "pole foot near the bottom-left; marks scanned spots and goals",
    "x_mark": "treasure location at game end",
}


def manifest_for(groups: dict[str, dict]) -> dict[str, dict]:
    man: dict[str, dict] = {}
    for name, g in groups.items():
        imgs = g["images"]
        h, w = imgs[0].shape[:2]
        files = file_names(name, len(imgs))
        entry = {
            "file": files[0] if len(files) == 1 else f"{name}_{{frame}}.png",
            "files": files,
            "size": [w, h],
            "kind": g["kind"],
            "frames": len(imgs),
            "alpha": imgs[0].shape[2] == 4,
        }
        if g["kind"] == "character":
            facing = name.rsplit("_", 1)[1]
            entry["facing"] = facing
            if facing == "E":
                entry["mirror_for"] = "W"
            entry["note"] = ("walk cycle: frame 0 standing (idle), 1 and 3 steps, 2 passing; "
                             "feet on the bottom rows, centred; row 15 holds a soft shadow")
        elif name in NOTES:
            entry["note"] = NOTES[name]
        man[name] = entry
    return man


# ---- a tiny 3x5 pixel font for contact-sheet labels (deterministic, no font files) ----
_FONT = {
    "A": "010101111101101", "B": "110101110101110", "C": "011100100100011",
    "D": "110101101101110", "E": "111100110100111", "F": "111100110100100",
    "G": "011100101101011", "H": "101101111101101", "I": "111010010010111",
    "J": "001001001101010", "K": "101101110101101", "L": "100100100100111",
    "M": "101111111101101", "N": "110101101101101", "O": "010101101101010",
    "P": "110101110100100", "Q": "010101101110011", "R": "110101110101101",
    "S": "011100010001110", "T": "111010010010010", "U": "101101101101111",
    "V": "101101101101010", "W": "101101111111101", "X": "101101010101101",
    "Y": "101101010010010", "Z": "111001010100111", "_": "000000000000111",
    "0": "111101101101111", "1": "010110010010111", "2": "110001010100111",
    "3": "110001010001110", "4": "101101111001001", "5": "111100110001110",
    "6": "011100111101111", "7": "111001010010010", "8": "111101111101111",
    "9": "111101111001110", " ": "000000000000000", "-": "000000111000000",
}


def draw_text(canvas: np.ndarray, text: str, x: int, y: int, colour, scale: int = 2) -> None:
    for ch in text.upper():
        bits = _FONT.get(ch, _FONT[" "])
        for i, b in enumerate(bits):
            if b == "1":
                r, c = divmod(i, 3)
                canvas[y + r * scale:y + (r + 1) * scale, x + c * scale:x + (c + 1) * scale] = colour
        x += 4 * scale


def contact_sheet(groups: dict[str, dict], scale: int = 4) -> np.ndarray:
    """Every sprite x`scale` on a checkerboard, one row per group, with a label."""
    cell = TILE * scale
    gap = 6
    label_h = 14
    max_frames = max(len(g["images"]) for g in groups.values())
    left = 8
    width = left + max_frames * (cell + gap) + gap
    row_h = label_h + cell + gap
    # two columns of groups to keep the sheet compact
    names = list(groups)
    half = (len(names) + 1) // 2
    cols = [names[:half], names[half:]]
    height = gap + half * row_h
    sheet = np.zeros((height, 2 * width, 3), np.uint8)
    sheet[:] = (44, 40, 52)
    for ci, col in enumerate(cols):
        for ri, name in enumerate(col):
            ox, oy = ci * width + left, gap + ri * row_h
            draw_text(sheet, name, ox, oy, (236, 232, 220))
            for fi, img in enumerate(groups[name]["images"]):
                x0, y0 = ox + fi * (cell + gap), oy + label_h
                yy, xx = np.mgrid[0:cell, 0:cell]
                checker = np.where(((yy // 8 + xx // 8) % 2)[..., None] == 0,
                                   np.array([200, 200, 208]), np.array([158, 158, 170]))
                big = img.repeat(scale, 0).repeat(scale, 1).astype(np.float64)
                if big.shape[2] == 4:
                    a = big[..., 3:4] / 255.0
                    px = big[..., :3] * a + checker * (1 - a)
                else:
                    px = big
                sheet[y0:y0 + cell, x0:x0 + cell] = np.round(px).astype(np.uint8)
    return sheet


# Example region tints (see README): light, moderately saturated colours multiply well.
EXAMPLE_TINTS = [(150, 208, 112), (118, 176, 140), (196, 160, 196), (222, 168, 120)]


def with_tint_examples(groups: dict[str, dict]) -> dict[str, dict]:
    """The sprite groups plus, for the contact sheet only, land multiplied by example tints."""
    land, alt = groups["land"]["images"][0], groups["land_alt"]["images"][0]
    tinted = [(src.astype(np.int32) * np.array(tint) // 255).astype(np.uint8)
              for src, tint in zip((land, alt, land, alt), EXAMPLE_TINTS)]
    out = dict(groups)
    out["land x tints"] = {"kind": "tile", "images": tinted}
    return out


def generate(out_dir: Path) -> dict[str, dict]:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    groups = build_all()
    for name, g in groups.items():
        for fname, img in zip(file_names(name, len(g["images"])), g["images"]):
            save_png(img, out_dir / fname)
    man = manifest_for(groups)
    (out_dir / "manifest.json").write_text(json.dumps(man, indent=2, sort_keys=True) + "\n")
    save_png(contact_sheet(with_tint_examples(groups)), out_dir / "contact_sheet.png")
    return man


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent,
                        help="output folder (default: the sprites/ folder beside this script)")
    args = parser.parse_args(argv)
    man = generate(args.out)
    n = sum(e["frames"] for e in man.values())
    print(f"wrote {n} sprite PNGs in {len(man)} groups, manifest.json and contact_sheet.png "
          f"to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
