#!/usr/bin/env python3
"""Draw every sprite of Treasure Island Arcade and save them as PNGs.

All art is procedural pixel art written by us: tiles come from periodic functions and
fixed-seed placement (so they tile seamlessly and come out identical on every run), the
objects and characters from small hand-typed pixel maps (one character per pixel) coloured
from one shared palette.  Nothing is random except a fixed-seed numpy generator.

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
    "trousers": (118, 96, 66, 255),
    "trousers_dark": (84, 66, 44, 255),
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


def mirror(img: np.ndarray) -> np.ndarray:
    return img[:, ::-1].copy()


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

# Wave marks: (x, y, phase).  Each mark is a little arc that swells and fades over the
# 4-frame cycle; phases are staggered so the sea shimmers rather than blinks.
_SEA_MARKS = [(2, 2, 0), (10, 5, 2), (5, 10, 1), (13, 13, 3)]
# The arc at each step of its life: list of (dx, dy, colour) per frame of the mark.
_MARK_SHAPES = [
    [(0, 0, "sea_light"), (1, 0, "sea_light")],
    [(-1, 1, "sea_light"), (0, 0, "sea_crest"), (1, 0, "sea_crest"), (2, 1, "sea_light")],
    [(-1, 1, "sea_crest"), (0, 0, "sea_glint"), (1, 0, "sea_crest"), (2, 1, "sea_crest")],
    [(0, 0, "sea_light"), (1, 0, "sea_crest"), (2, 1, "sea_light")],
]

_BAYER4 = np.array([[0, 8, 2, 10], [12, 4, 14, 6], [3, 11, 1, 9], [15, 7, 13, 5]]) / 16.0


def sea_field(frame: int, width: int = TILE, height: int = TILE) -> np.ndarray:
    """RGB sea for a width x height patch of the (infinite, 16-periodic) ocean at `frame`.

    Built from sines whose periods divide 16 and from marks placed modulo 16, so any
    16x16 window is the same tile and neighbouring tiles continue each other.
    """
    y, x = np.mgrid[0:height, 0:width]
    t = frame % SEA_FRAMES
    # slow diagonal swell (period 16 along both axes), drifting 4 px per frame
    swell = np.sin(2 * np.pi * (x + 2 * y - 4 * t) / TILE)
    swell += 0.5 * np.sin(2 * np.pi * (2 * x - y + 4 * t) / TILE + 1.3)
    level = (swell + 1.5) / 3.0  # ~0..1
    level = level + (_BAYER4[y % 4, x % 4] - 0.5) * 0.35
    shades = np.array([PAL["sea_deep"], PAL["sea_mid"], PAL["sea_light"]])[:, :3]
    idx = np.clip((level * 2.6).astype(int), 0, 1)  # deep / mid only for the base
    rgb = shades[idx].astype(np.uint8)
    for mx, my, phase in _SEA_MARKS:
        shape = _MARK_SHAPES[(t + phase) % SEA_FRAMES]
        for dx, dy, colour in shape:
            px, py = (mx + dx) % TILE, (my + dy) % TILE
            sel = (x % TILE == px) & (y % TILE == py)
            rgb[sel] = PAL[colour][:3]
    return rgb


def _tuft_positions(rng: np.random.Generator, n: int, min_dist: int) -> list[tuple[int, int]]:
    """n points on the 16x16 torus, at least min_dist apart (wrap-around distance)."""
    pts: list[tuple[int, int]] = []
    tries = 0
    while len(pts) < n and tries < 10_000:
        tries += 1
        x, y = (int(v) for v in rng.integers(0, TILE, size=2))
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


LAND_BASE = 232
LAND_LIGHT = 250
LAND_DARK = 200
LAND_DEEP = 184


def _land(seed_offset: int, tufts: int, pebbles: int, flowers: int) -> np.ndarray:
    """Near-greyscale grass/earth texture, values within 170..255, wrapping at the edges."""
    rng = np.random.default_rng(SEED + seed_offset)
    y, x = np.mgrid[0:TILE, 0:TILE]
    # very soft periodic mottling
    m = np.sin(2 * np.pi * (x + y) / 8 + seed_offset) + np.sin(2 * np.pi * (x - 2 * y) / 16)
    base = np.where(m + (_BAYER4[y % 4, x % 4] - 0.5) * 1.2 > 0.9, LAND_BASE - 8, LAND_BASE)
    g = base.astype(np.int32)

    def put(px: int, py: int, v: int) -> None:
        g[py % TILE, px % TILE] = v

    pts = _tuft_positions(rng, tufts + pebbles + flowers, 4)
    for i, (px, py) in enumerate(pts):
        if i < tufts:  # a grass tuft: two blades and a shadowed root
            put(px, py, LAND_DARK)
            put(px + 2, py, LAND_DARK)
            put(px + 1, py + 1, LAND_DEEP)
            put(px, py + 1, LAND_DARK + 10)
            put(px + 2, py + 1, LAND_DARK + 10)
            put(px + 1, py, LAND_LIGHT)
        elif i < tufts + pebbles:  # a pebble: light top, dark underside
            put(px, py, LAND_LIGHT)
            put(px + 1, py, LAND_LIGHT)
            put(px, py + 1, LAND_DARK)
            put(px + 1, py + 1, LAND_DARK)
        else:  # a tiny flower: bright centre, darker petals around
            put(px, py, 255)
            put(px - 1, py, LAND_DARK + 16)
            put(px + 1, py, LAND_DARK + 16)
            put(px, py - 1, LAND_DARK + 16)
            put(px, py + 1, LAND_DARK + 16)
    g = np.clip(g, 170, 255).astype(np.uint8)
    return np.repeat(g[:, :, None], 3, axis=2)


def land_tile() -> np.ndarray:
    return _land(0, tufts=5, pebbles=1, flowers=0)


def land_alt_tile() -> np.ndarray:
    return _land(7, tufts=3, pebbles=2, flowers=2)


def shore_profile() -> np.ndarray:
    """Depth (in pixels) of the sand band at each column; periodic so coasts join up."""
    x = np.arange(TILE)
    p = 3.5 + 0.9 * np.sin(2 * np.pi * x / 8) + 0.6 * np.sin(2 * np.pi * x / 16 + 0.8)
    return np.round(p).astype(int)


def shore_overlay() -> np.ndarray:
    """Sand and foam along the TOP edge of a land tile; transparent below."""
    img = np.zeros((TILE, TILE, 4), np.uint8)
    depth = shore_profile()
    x = np.arange(TILE)
    foam = 1 + ((np.sin(2 * np.pi * x / 8 + 2.0) > 0.55)).astype(int)
    for cx in range(TILE):
        d = depth[cx]
        for cy in range(d):
            img[cy, cx] = PAL["sand"]
        img[d - 1, cx] = PAL["sand_dark"]  # the grass-side edge
        if d >= 4 and cx % 5 == 2:
            img[d - 2, cx] = PAL["sand_light"]
        for cy in range(foam[cx]):
            img[cy, cx] = PAL["foam"] if cy == 0 else PAL["foam_soft"]
        img[foam[cx], cx] = PAL["sand_wet"]
    return img


# --------------------------------------------------------------------------------------
# Objects
# --------------------------------------------------------------------------------------
MOUNTAIN = [
    "................",
    "......KK........",
    ".....KwwK.......",
    "....KwwwWK......",
    "....KwwWWWK.....",
    "...KwlwWmWK.....",
    "...KlwlmWmmK.KK.",
    "..KlllmlmmmKKwWK",
    "..KlllllmmmdKwWK",
    ".KllplllmmmdKmdK",
    ".KlllllllmmddmdK",
    "KllpllllmmmdmmdK",
    "KlllllllmmmddmdK",
    "KllllpllmmmdmddK",
    "KllllllmmmmdmddK",
    "KKKKKKKKKKKKKKKK",
]
MOUNTAIN_KEY = _key(w="snow", W="snow_shade", l="rock_light", m="rock_mid", d="rock_dark",
                    p="rock_pale")

PRISON = [
    "................",
    "..KKK.KKKK.KKK..",
    "..KpK.KppK.KpK..",
    "..KsKKKssKKKsK..",
    "..KssssssssssK..",
    "..KKKKKKKKKKKK..",
    "...KssssssssK...",
    "...KsKKKKKKsK...",
    "...KsKvivivKK...",
    "...KsKvivivKK...",
    "...KsKvivivKK...",
    "...KsKKKKKKsK...",
    "...KssssssssK...",
    "...KssssssssK...",
    "..KKKKKKKKKKKK..",
    "..oooooooooooo..",
]
PRISON_KEY = _key(s="rock_light", p="rock_pale", v="void", i="iron_light", d="rock_mid")

TREASURE = [
    "................",
    "................",
    "................",
    "....KKKKKKKK....",
    "...KwyWwwwyWK...",
    "..KwwyWwwwyWwK..",
    "..KwwyWwwwyWwK..",
    "..KKKKKKKKKKKK..",
    "..KyyyyKKyyyyK..",
    "..KwwyWKgKyWwK..",
    "..KwwyWKKKyWwK..",
    "..KwwyWwwwyWwK..",
    "..KddyWdddyWdK..",
    "..KKKKKKKKKKKK..",
    "..oooooooooooo..",
    "................",
]
TREASURE_KEY = _key(w="wood", W="wood_dark", d="wood_dark", y="gold", g="gold_light")

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
        "...KCKcwwcKCK...",
        "..KCcKccccKcCK..",
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
        "...KCKkkkkKCK...",
        "..KCcKkqqkKcCK..",
        "..KsKKkkkkKKsK..",
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
        "..KkqKccCcK.....",
        "..KkqKcsCcK.....",
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
            "....KppKKppK....",
            "....KffKKKKK....",
            "...oKKKooooo....",
        ],
        None,
        [
            "...KKppppppKK...",
            "....KppKKppK....",
            "....KKKKKffK....",
            "....oooooKKKo...",
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
            "....KppKKppK....",
            "....KffKKKKK....",
            "...oKKKooooo....",
        ],
        None,
        [
            "...KKppppppKK...",
            "....KppKKppK....",
            "....KKKKKffK....",
            "....oooooKKKo...",
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
                  p="breeches", f="boot", g="wood_light", G="wood", h="hair", x="white")

PIRATE_UP = {
    "S": [
        "................",
        "......KKKK......",
        "..KK.KtxxtK.KK..",
        "..KTKttxxttKtK..",
        "..KTtttttttttK..",
        "...KyyyyyyyyK...",
        "....KsssssSK....",
        "....KKKsssKK....",
        "....KwsswwwK....",
        "...KrKwwwwKrK...",
        "..KrrKWwwWKrRK..",
        "..KsKrrywwrKsK..",
    ],
    "N": [
        "................",
        "......KKKK......",
        "..KK.KttttK.KK..",
        "..KTKttttttKtK..",
        "..KTtttttttttK..",
        "...KyyyyyyyyK...",
        "....KhhhhhhK....",
        "....KhhhhhhK....",
        "....KKhRRhKK....",
        "...KrKrRRrKrK...",
        "..KrrKrrrrKrRK..",
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
        "....KKrwwwK.....",
        "...KRrKWwK......",
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
            "....KppKKppK....",
            "....KffKKKK.....",
            "...oKKKoooo.....",
        ],
        None,
        [
            "...KKrrrrrrKK...",
            "....KppKKppK....",
            "....KKKKKgK.....",
            "....ooooKKo.....",
        ],
    ],
    "N": [
        [
            "...KKrrrrrrKK...",
            "....KppKKppK....",
            "....KgKKKffK....",
            "....oKKooKKKo...",
        ],
        [
            "...KKrrrrrrKK...",
            "....KppKKppK....",
            "....KgKKKKKK....",
            "....oKKoooo.....",
        ],
        None,
        [
            "...KKrrrrrrKK...",
            "....KppKKppK....",
            "....KKKKKffK....",
            "....ooooKKKo....",
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

FACINGS = ("S", "N", "E")
WALK_FRAMES = 4


def character_frames(up: dict[str, list[str]], low: dict[str, list], key) -> dict[str, list[np.ndarray]]:
    """Assemble the 4-frame walk cycle for each facing."""
    frames: dict[str, list[np.ndarray]] = {}
    for facing in FACINGS:
        upper = from_map(up[facing] + ["." * TILE] * 4, key)
        out = []
        for i in range(WALK_FRAMES):
            lower_rows = low[facing][i]
            if lower_rows is None:  # passing pose: standing legs, whole body up 1 px
                lower_rows = low[facing][0]
                img = over(from_map(["." * TILE] * 12 + lower_rows, key), upper)
                # bob: lift everything but the shadow row
                body = img.copy()
                body[15] = 0
                lifted = shift(body, dy=-1)
                lifted[15] = img[15]
                lifted[14] = np.where(lifted[14, :, 3:4] > 0, lifted[14], img[15])
                out.append(lifted)
                continue
            out.append(over(from_map(["." * TILE] * 12 + lower_rows, key), upper))
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
    for who, up, low, key in (("agent", AGENT_UP, AGENT_LOW, AGENT_KEY),
                              ("pirate", PIRATE_UP, PIRATE_LOW, PIRATE_KEY)):
        for facing, imgs in character_frames(up, low, key).items():
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


def generate(out_dir: Path) -> dict[str, dict]:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    groups = build_all()
    for name, g in groups.items():
        for fname, img in zip(file_names(name, len(g["images"])), g["images"]):
            save_png(img, out_dir / fname)
    man = manifest_for(groups)
    (out_dir / "manifest.json").write_text(json.dumps(man, indent=2, sort_keys=True) + "\n")
    save_png(contact_sheet(groups), out_dir / "contact_sheet.png")
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
