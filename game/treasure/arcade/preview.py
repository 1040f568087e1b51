"""Headless map-to-PNG renderer, for looking at generated islands by eye.

Not the arcade's map view: a plain, fast picture. The base image (sea, land tinted per region,
region borders) is built as one numpy pixel array; the few symbols on top (mountains, prisons,
treasure) are drawn with ``pygame.draw``. Runs under ``SDL_VIDEODRIVER=dummy``: no window.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from game.treasure.board import Board  # noqa: E402

DEEP_SEA = (38, 84, 138)
SHALLOW_SEA = (72, 132, 186)
BORDER = (60, 52, 40)
MOUNTAIN = (116, 104, 96)
SNOW = (236, 234, 228)
PRISON = (150, 30, 36)
BARS = (245, 240, 230)
TREASURE = (255, 204, 0)
TREASURE_EDGE = (90, 50, 0)
MAX_IMAGE_SIDE = 1536


# Soft, distinct land tints (no blues: land must never read as sea).
PALETTE = (
    (214, 196, 122), (150, 196, 120), (222, 150, 120), (190, 160, 210), (240, 210, 150),
    (120, 180, 160), (226, 176, 196), (180, 200, 110), (200, 140, 90), (160, 210, 190),
    (230, 190, 110), (170, 150, 190),
)


def region_colours(board: Board) -> np.ndarray:
    """RGB per region id, neighbours always different (greedy colouring of the region graph)."""
    n = max(board.n_regions, 1)
    neighbours: dict[int, set[int]] = {rid: set() for rid in range(1, n)}
    for i, j in board.adjacent_region_pairs:
        neighbours[i].add(j)
        neighbours[j].add(i)
    choice: dict[int, int] = {}
    for rid in range(1, n):
        taken = {choice[o] for o in neighbours[rid] if o in choice}
        # Start the search at a spot that depends on the id, so colours do not pile up on
        # the first palette entries.
        for step in range(len(PALETTE)):
            pick = (rid * 5 + step) % len(PALETTE)
            if pick not in taken:
                break
        choice[rid] = pick
    colours = np.zeros((n, 3), dtype=np.uint8)
    colours[0] = DEEP_SEA
    for rid, pick in choice.items():
        colours[rid] = PALETTE[pick]
    return colours


def default_tile(board: Board) -> int:
    """Tile size in pixels that keeps the picture under about 1.5k pixels a side."""
    return int(max(2, min(24, MAX_IMAGE_SIDE // max(board.width, board.height))))


def render_board(board: Board, tile: int | None = None) -> pygame.Surface:
    """The whole map as a surface, ``tile`` pixels per tile."""
    tile = tile or default_tile(board)
    pixels = _base_pixels(board, tile)
    surface = pygame.Surface((board.width * tile, board.height * tile))
    pygame.surfarray.blit_array(surface, pixels.transpose(1, 0, 2))
    _draw_symbols(surface, board, tile)
    return surface


def save_png(board: Board, path: str | os.PathLike, tile: int | None = None) -> Path:
    """Render ``board`` and write it as a PNG; returns the path written."""
    if not pygame.get_init():
        pygame.init()
    path = Path(path)
    pygame.image.save(render_board(board, tile), str(path))
    return path


def _base_pixels(board: Board, tile: int) -> np.ndarray:
    """(H*tile, W*tile, 3) pixels: sea (lighter along the coast), region tints, borders."""
    colours = region_colours(board)
    rgb = colours[board.region].astype(np.int16)
    coast = ~board.land & (board.sea_distance == 0) & _touches(board.land)
    rgb[coast] = SHALLOW_SEA
    rgb[board.mountain] = (rgb[board.mountain] * 0.45 + np.array(MOUNTAIN) * 0.55).astype(np.int16)
    pixels = np.repeat(np.repeat(rgb, tile, axis=0), tile, axis=1)
    if tile >= 3:
        _draw_borders(pixels, board, tile)
    return np.clip(pixels, 0, 255).astype(np.uint8)


def _touches(mask: np.ndarray) -> np.ndarray:
    """Tiles with a 4-neighbour in ``mask``."""
    out = np.zeros_like(mask)
    out[1:, :] |= mask[:-1, :]
    out[:-1, :] |= mask[1:, :]
    out[:, 1:] |= mask[:, :-1]
    out[:, :-1] |= mask[:, 1:]
    return out


def _draw_borders(pixels: np.ndarray, board: Board, tile: int) -> None:
    """Dark lines between tiles of different regions (the coast included)."""
    reg = board.region
    width = 2 if tile >= 10 else 1
    rows, cols = np.nonzero(reg[1:, :] != reg[:-1, :])  # edge below (rows, cols)
    for r, c in zip(rows.tolist(), cols.tolist()):
        y = (r + 1) * tile
        pixels[y - width // 2:y - width // 2 + width, c * tile:(c + 1) * tile] = BORDER
    rows, cols = np.nonzero(reg[:, 1:] != reg[:, :-1])  # edge right of (rows, cols)
    for r, c in zip(rows.tolist(), cols.tolist()):
        x = (c + 1) * tile
        pixels[r * tile:(r + 1) * tile, x - width // 2:x - width // 2 + width] = BORDER


def _draw_symbols(surface: pygame.Surface, board: Board, tile: int) -> None:
    """Peaks on mountains, barred squares on prisons, a gold star on the treasure."""
    if tile >= 5:
        for r, c in zip(*np.nonzero(board.mountain)):
            x, y = int(c) * tile, int(r) * tile
            peak = [(x + tile // 2, y + tile // 6), (x + tile - tile // 8, y + tile - tile // 6),
                    (x + tile // 8, y + tile - tile // 6)]
            pygame.draw.polygon(surface, MOUNTAIN, peak)
            cap = [peak[0], (x + tile // 2 + tile // 6, y + tile // 2 - tile // 12),
                   (x + tile // 2 - tile // 6, y + tile // 2 - tile // 12)]
            pygame.draw.polygon(surface, SNOW, cap)
    size = max(tile, 6)
    for r, c in board.prisons:
        cx, cy = c * tile + tile // 2, r * tile + tile // 2
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (cx, cy)
        pygame.draw.rect(surface, PRISON, rect)
        for k in (1, 2, 3):
            x = rect.left + k * size // 4
            pygame.draw.line(surface, BARS, (x, rect.top + 1), (x, rect.bottom - 2))
    if board.treasure is not None:
        r, c = board.treasure
        cx, cy = c * tile + tile // 2, r * tile + tile // 2
        radius = max(tile, 8) * 0.75
        points = []
        for k in range(10):
            angle = np.pi / 2 + k * np.pi / 5
            rad = radius if k % 2 == 0 else radius * 0.45
            points.append((cx + rad * np.cos(angle), cy - rad * np.sin(angle)))
        pygame.draw.polygon(surface, TREASURE, points)
        pygame.draw.polygon(surface, TREASURE_EDGE, points, 1)
