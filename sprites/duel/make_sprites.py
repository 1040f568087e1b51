#!/usr/bin/env python3
"""Draw every sprite of the Treasure Duel and save them as PNGs.

Our own pixel art: small hand-typed pixel maps (one character per pixel) coloured from one
palette with a single dark outline colour, and tiles from a few integer formulas (no randomness
at all), so every run writes the same pixels.

The five items differ by shape AND colour, so a player tells them apart at a glance even at 12
pixels a tile: good items are warm (a round red mushroom with white spots, a gold star), poison
items are purple with acid-green marks and a different outline (a pointed, dripping toadstool,
a dark star with a skull-like crack), and the mine is a black bomb with a lit fuse. The two
hunters share one design in two colours (A teal, B orange) with a four-frame walk cycle facing
south, north and east (west is east mirrored).

Usage (from the repository root)::

    python sprites/duel/make_sprites.py            # writes into sprites/duel/
    python sprites/duel/make_sprites.py --out DIR  # writes somewhere else

Outputs: the PNGs, ``manifest.json`` and ``contact_sheet.png`` (every sprite x4).
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
WALK_FRAMES = 4
CLEAR = (0, 0, 0, 0)
OUTLINE = (30, 22, 38, 255)

PAL: dict[str, tuple[int, int, int, int]] = {
    # floor and wall
    "floor": (92, 104, 88, 255), "floor_light": (106, 118, 100, 255), "floor_dark": (78, 88, 76, 255),
    "grout": (66, 74, 64, 255),
    "wall_top": (150, 140, 128, 255), "wall": (112, 102, 94, 255), "wall_dark": (76, 68, 66, 255),
    "wall_mortar": (54, 48, 50, 255),
    # items
    "red": (226, 44, 48, 255), "red_dark": (158, 22, 36, 255), "white": (252, 250, 246, 255),
    "stem": (240, 226, 196, 255), "stem_dark": (198, 176, 140, 255),
    "purple": (128, 52, 172, 255), "purple_dark": (78, 26, 112, 255), "purple_light": (176, 106, 220, 255),
    "acid": (150, 240, 60, 255), "acid_dark": (82, 170, 40, 255),
    "gold": (252, 200, 40, 255), "gold_dark": (200, 130, 20, 255), "gold_light": (255, 244, 160, 255),
    "bomb": (44, 44, 56, 255), "bomb_light": (104, 108, 128, 255), "fuse": (170, 130, 80, 255),
    "spark": (255, 170, 40, 255), "spark_hot": (255, 250, 180, 255),
    # hunters (A's colours; B's are swapped in by recolour())
    "main": (40, 190, 190, 255), "main_dark": (20, 120, 130, 255), "main_light": (130, 236, 226, 255),
    "skin": (246, 196, 152, 255), "skin_shade": (206, 146, 108, 255), "hair": (92, 60, 40, 255),
    "trousers": (60, 64, 92, 255), "boot": (64, 42, 30, 255),
    # stun stars
    "stun": (255, 236, 90, 255),
}
B_COLOURS = {"main": (246, 128, 36, 255), "main_dark": (178, 70, 20, 255), "main_light": (255, 196, 120, 255)}


def key(**chars: str) -> dict[str, tuple[int, int, int, int]]:
    out = {".": CLEAR, "K": OUTLINE}
    out.update({ch: PAL[name] for ch, name in chars.items()})
    return out


def from_map(rows: list[str], colours: dict[str, tuple[int, int, int, int]]) -> np.ndarray:
    """A pixel map (equal-length strings) as an RGBA uint8 array (h, w, 4)."""
    if len(rows) != TILE:
        raise ValueError(f"{len(rows)} rows, expected {TILE}")
    out = np.zeros((TILE, TILE, 4), np.uint8)
    for y, row in enumerate(rows):
        if len(row) != TILE:
            raise ValueError(f"row {y} has {len(row)} pixels, expected {TILE}: {row!r}")
        for x, ch in enumerate(row):
            if ch not in colours:
                raise ValueError(f"unknown pixel {ch!r} at ({x}, {y}) in {row!r}")
            out[y, x] = colours[ch]
    return out


# -- tiles ---------------------------------------------------------------------------------------


def floor(variant: int) -> np.ndarray:
    """Worn flagstones: a 2x2 grid of slabs with dark grout, each slab lit from the top left.
    ``variant`` 1 shifts the light so a board of both variants does not look like wallpaper."""
    img = np.zeros((TILE, TILE, 4), np.uint8)
    img[...] = PAL["floor"]
    y, x = np.mgrid[0:TILE, 0:TILE]
    u, v = x % 8, y % 8
    img[(u == 0) | (v == 0)] = PAL["floor_light"]
    img[(u == 7) | (v == 7)] = PAL["floor_dark"]
    img[((x == 0) | (y == 0))] = PAL["grout"]
    specks = ((x * 7 + y * 3 + variant * 5) % 23 == 0) & (u > 1) & (v > 1) & (u < 6) & (v < 6)
    img[specks] = PAL["floor_dark"] if variant == 0 else PAL["floor_light"]
    return img


WALL = [
    "KKKKKKKKKKKKKKKK",
    "KTTTTTTTTTTTTTTK",
    "KTWWWWWMWWWWWWTK",
    "KWWWWWWMWWWWWWWK",
    "KWWWWWWMWWWWWWDK",
    "KMMMMMMMMMMMMMMK",
    "KWWWMWWWWWWMWWWK",
    "KWWWMWWWWWWMWWWK",
    "KWWWMWWWWWWMWWDK",
    "KMMMMMMMMMMMMMMK",
    "KWWWWWWMWWWWWWWK",
    "KWWWWWWMWWWWWWWK",
    "KWWWWWWMWWWWWWDK",
    "KDDDDDDDDDDDDDDK",
    "KDDDDDDDDDDDDDDK",
    "KKKKKKKKKKKKKKKK",
]

# -- items ---------------------------------------------------------------------------------------

MUSHROOM = [  # a round red cap with white spots on a pale stem: +1
    "................",
    "................",
    ".....KKKKKK.....",
    "...KKRRWWRRKK...",
    "..KRRRWWWRRRRK..",
    "..KRWRRRRRRWWK..",
    ".KRWWRRRWRRWWRK.",
    ".KRRRRRWWWRRRRK.",
    ".KDDDDDDDDDDDDK.",
    "..KKKSSSSSSKKK..",
    "....KSSSSSsK....",
    "....KSSSSSsK....",
    "....KSSSSSsK....",
    "...KSSSSSSSsK...",
    "....KKKKKKKK....",
    "................",
]
POISON_MUSHROOM = [  # a pointed purple toadstool, acid spots, dripping: -1
    "................",
    ".......KK.......",
    "......KPPK......",
    ".....KPGPPK.....",
    "....KPPPPGPK....",
    "...KPGPPPPPPK...",
    "..KPPPPPGGPPPK..",
    ".KPPGGPPPPPPGPK.",
    ".KDDDDDDDDDDDDK.",
    ".KKGKKKssKKKGKK.",
    "...g..KssK..g...",
    "......KssK......",
    "......KssK......",
    ".....KssssK.....",
    ".....KKKKKK.....",
    "................",
]
STAR = [  # a fat gold star with a shine: x2
    "................",
    ".......KK.......",
    "......KYYK......",
    "......KYLK......",
    ".....KYLYYK.....",
    "KKKKKKYYYYKKKKKK",
    "KYYYYYYYYYYYYYDK",
    ".KYYLYYYYYYYYDK.",
    "..KYYYYYYYYYDK..",
    "...KYYYYYYYDK...",
    "...KYYYYYYYDK...",
    "..KYYYYDDYYYDK..",
    "..KYYYDKKDYYDK..",
    ".KYYDKK..KKDYDK.",
    ".KDKK......KKDK.",
    ".KK..........KK.",
]
POISON_STAR = [  # the same star in dark purple, split by an acid crack with two eyes: /2
    "................",
    ".......KK.......",
    "......KPPK......",
    "......KPGK......",
    ".....KPPGPK.....",
    "KKKKKKPPGPKKKKKK",
    "KPPPPPPGPPPPPPDK",
    ".KPPKKPGPKKPPDK.",
    "..KPKGPGPKGKDK..",
    "...KPPGPPPPDK...",
    "...KPPPGPPPDK...",
    "..KPPPPGPPPPDK..",
    "..KPPPDKGDPPDK..",
    ".KPPDKK.gKKDPDK.",
    ".KDKK...g..KKDK.",
    ".KK..........KK.",
]
MINE = [  # a black bomb with a lit fuse: three turns stunned
    "..........s.s...",
    "...........S....",
    "..........s.s...",
    ".........f......",
    "........f.......",
    ".....KKKfKK.....",
    "...KKBBBBBBKK...",
    "..KBBLLBBBBBBK..",
    "..KBLLBBBBBBBK..",
    ".KBBLBBBBBBBBBK.",
    ".KBBBBBBBBBBBBK.",
    ".KBBBBBBBBBBBBK.",
    "..KBBBBBBBBBBK..",
    "..KBBBBBBBBBBK..",
    "...KKBBBBBBKK...",
    ".....KKKKKK.....",
]
STUN = [  # three little stars that circle a stunned hunter's head
    "................",
    "..Y.............",
    ".YYY.........Y..",
    "..Y.........YYY.",
    ".............Y..",
    "................",
    "................",
    "................",
    "................",
    "................",
    ".......Y........",
    "......YYY.......",
    ".......Y........",
    "................",
    "................",
    "................",
]

# -- hunters: a body (rows 0-12) and legs per walk frame (rows 13-15) ------------------------------

HUNTER_S_BODY = [
    "................",
    ".....KKKKKK.....",
    "....KMMMMLMK....",
    "...KMMMMMMMMK...",
    "..KKDDDDDDDDKK..",
    "....KHHHHHHK....",
    "....KSKSSKSK....",
    "....KSSSSSsK....",
    ".....KSssSK.....",
    "....KMMMMMMK....",
    "...KSMMLMMMSK...",
    "...KSDMMMMDSK...",
    "....KTTTTTTK....",
]
HUNTER_N_BODY = [
    "................",
    ".....KKKKKK.....",
    "....KMMMMLMK....",
    "...KMMMMMMMMK...",
    "..KKDDDDDDDDKK..",
    "....KHHHHHHK....",
    "....KHHHHHHK....",
    "....KHHHHHHK....",
    ".....KHHHHK.....",
    "....KMMMMMMK....",
    "...KSMDMMDMSK...",
    "...KSMMMMMMSK...",
    "....KTTTTTTK....",
]
HUNTER_E_BODY = [
    "................",
    ".....KKKKK......",
    "....KMMMLMK.....",
    "...KMMMMMMMK....",
    "...KDDDDDDDKKK..",
    "....KHHSSSSK....",
    "....KHSSSKSK....",
    "....KHSSSSSSK...",
    ".....KSSssK.....",
    ".....KMMMMK.....",
    ".....KMSMMK.....",
    ".....KMSDMK.....",
    ".....KTTTTK.....",
]
LEGS_FRONT = [  # stand, left step, stand, right step
    ["....KTTKKTTK....", "....KTK..KTK....", "....KBBK.KBBK..."],
    ["....KTTKKTTK....", "....KBK..KTK....", "..........KBBK.."],
    ["....KTTKKTTK....", "....KTK..KTK....", "....KBBK.KBBK..."],
    ["....KTTKKTTK....", "....KTK..KBK....", "...KBBK........."],
]
LEGS_SIDE = [
    [".....KTTTK......", ".....KTKTK......", ".....KBBKBB....."],
    [".....KTTTK......", "....KTK.KTK.....", "...KBBK..KBB...."],
    [".....KTTTK......", ".....KTKTK......", ".....KBBKBB....."],
    [".....KTTTK......", "....KTKKTK......", "....KBBKBB......"],
]
HUNTER_KEY = key(M="main", L="main_light", D="main_dark", H="hair", S="skin", s="skin_shade",
                 T="trousers", B="boot")
ARM_SWING = {1: (10, 11), 3: (11, 10)}  # frame -> rows whose arm pixels lift (a small swing)


def hunter(facing: str, frame: int) -> np.ndarray:
    body = {"S": HUNTER_S_BODY, "N": HUNTER_N_BODY, "E": HUNTER_E_BODY}[facing]
    legs = (LEGS_SIDE if facing == "E" else LEGS_FRONT)[frame]
    img = from_map(body + legs, HUNTER_KEY)
    if frame in (1, 3):  # mid-stride the body bobs up one pixel (the legs stay planted)
        top = img[1:13].copy()
        img[0:12] = top
        img[12] = from_map(body + legs, HUNTER_KEY)[12]
    return img


def recolour(img: np.ndarray, mapping: dict[str, tuple[int, int, int, int]]) -> np.ndarray:
    out = img.copy()
    for name, new in mapping.items():
        mask = np.all(img == np.array(PAL[name], np.uint8), axis=2)
        out[mask] = new
    return out


# -- assembly --------------------------------------------------------------------------------------


def sprites() -> dict[str, np.ndarray]:
    out = {
        "floor_0": floor(0),
        "floor_1": floor(1),
        "wall": from_map(WALL, key(T="wall_top", W="wall", D="wall_dark", M="wall_mortar")),
        "mushroom": from_map(MUSHROOM, key(R="red", W="white", D="red_dark", S="stem", s="stem_dark")),
        "poison_mushroom": from_map(POISON_MUSHROOM, key(P="purple", G="acid", g="acid_dark", D="purple_dark",
                                                         s="purple_light")),
        "star": from_map(STAR, key(Y="gold", L="gold_light", D="gold_dark")),
        "poison_star": from_map(POISON_STAR, key(P="purple", G="acid", g="acid_dark", D="purple_dark")),
        "mine": from_map(MINE, key(B="bomb", L="bomb_light", f="fuse", s="spark", S="spark_hot")),
        "stun": from_map(STUN, key(Y="stun")),
    }
    for player, mapping in (("a", {}), ("b", B_COLOURS)):
        for facing in ("S", "N", "E"):
            for frame in range(WALK_FRAMES):
                out[f"hunter_{player}_{facing}_{frame}"] = recolour(hunter(facing, frame), mapping)
    return out


NOTES = {
    "floor": "flagstone floor, two variants (checkerboard them)",
    "wall": "a brick block, lit from the top",
    "mushroom": "m: +1, round red cap, white spots",
    "poison_mushroom": "n: -1, pointed purple toadstool, acid spots, drips",
    "star": "s: x2, gold star with a shine",
    "poison_star": "t: /2, dark purple star with an acid crack",
    "mine": "b: stunned for three turns, a black bomb with a lit fuse",
    "stun": "overlay: stars over a stunned hunter",
    "hunter_a": "player A (teal); frames 0-3 walk; facing S, N, E (W = E mirrored)",
    "hunter_b": "player B (orange); same design",
}


def manifest(names: list[str]) -> dict:
    groups: dict[str, dict] = {}
    for name in names:
        group = name
        for prefix in ("floor", "hunter_a", "hunter_b"):
            if name.startswith(prefix + "_"):
                group = prefix
        entry = groups.setdefault(group, {"files": [], "size": TILE, "note": NOTES.get(group, "")})
        entry["files"].append(f"{name}.png")
    return groups


def save_png(arr: np.ndarray, path: Path) -> None:
    import pygame

    h, w = arr.shape[:2]
    surface = pygame.image.frombuffer(np.ascontiguousarray(arr).tobytes(), (w, h), "RGBA")
    pygame.image.save(surface, str(path))


def contact_sheet(images: dict[str, np.ndarray], scale: int = 4, per_row: int = 8) -> np.ndarray:
    cell = TILE * scale + 8
    names = list(images)
    rows = (len(names) + per_row - 1) // per_row
    sheet = np.zeros((rows * cell + 8, per_row * cell + 8, 4), np.uint8)
    sheet[...] = (40, 40, 52, 255)
    for i, name in enumerate(names):
        r, c = divmod(i, per_row)
        y, x = 8 + r * cell, 8 + c * cell
        back = floor(0) if not name.startswith(("floor", "wall")) else np.zeros_like(images[name])
        tile = back.copy()
        src = images[name]
        opaque = src[..., 3] > 0
        tile[opaque] = src[opaque]
        big = tile.repeat(scale, 0).repeat(scale, 1)
        sheet[y:y + TILE * scale, x:x + TILE * scale] = big
    return sheet


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent))
    args = parser.parse_args(argv)
    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)
    images = sprites()
    for name, arr in images.items():
        save_png(arr, out_dir / f"{name}.png")
    (out_dir / "manifest.json").write_text(json.dumps(manifest(list(images)), indent=1) + "\n", encoding="utf-8")
    save_png(contact_sheet(images), out_dir / "contact_sheet.png")
    print(f"wrote {len(images)} sprite PNGs, manifest.json and contact_sheet.png in {out_dir}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
