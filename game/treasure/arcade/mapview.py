"""The island as a picture: pre-rendered once per zoom level, sliced to the viewport per frame.

Building the picture is whole-array numpy work (tile textures broadcast over the grid, tinted
per region, borders painted on tile edges) plus one ``fblits`` call for the coast, mountains
and prisons. Sea animation is a few pre-rendered frames of the same picture that differ only
on sea tiles. A frame then costs one blit of the visible part.

Memory is capped: a map picture is at most ``MAX_SIDE`` pixels a side (the zoom levels offered
for big maps stop there), sea frames are kept only while a picture is small, and only the
last two zoom levels stay cached.
"""

from __future__ import annotations

import colorsys
from collections import OrderedDict

import numpy as np
import pygame

from game.treasure.board import Board

from .sprites import SEA_FRAMES, Sprites

MAX_SIDE = 4096  # largest map picture, in pixels a side
ANIMATED_PIXELS = 2048 * 2048  # larger pictures get one sea frame only
SEA_FRAME_SECONDS = 0.6
PRISON_MIN_PX = 14  # a prison is drawn at least this big, even on a zoomed-out map
BORDER_INK = np.array((58, 44, 30), dtype=np.float32)

# Land tints: soft, warm and green hues, none of them blue, so land never reads as sea.
LAND_PALETTE = [
    (146, 196, 104),  # meadow green
    (214, 190, 120),  # straw
    (176, 210, 150),  # sage
    (226, 160, 110),  # terracotta
    (120, 176, 120),  # forest
    (230, 214, 150),  # sand
    (190, 160, 200),  # heather
    (160, 200, 190),  # mint
    (222, 186, 170),  # clay pink
    (196, 206, 110),  # olive
]


def region_colours(board: Board) -> np.ndarray:
    """RGB per region id, neighbours always different (greedy colouring of the region graph)."""
    n = board.n_regions
    neighbours: dict[int, set[int]] = {r: set() for r in range(n)}
    for a, b in board.adjacent_region_pairs:
        neighbours[a].add(b)
        neighbours[b].add(a)
    choice: dict[int, int] = {}
    order = sorted(board.land_regions, key=lambda r: -len(neighbours[r]))
    for r in order:
        taken = {choice[x] for x in neighbours[r] if x in choice}
        # Start the search at a region-dependent place so colours vary across the map.
        k = next(((r * 3 + i) % len(LAND_PALETTE) for i in range(len(LAND_PALETTE))
                  if (r * 3 + i) % len(LAND_PALETTE) not in taken), r % len(LAND_PALETTE))
        choice[r] = k
    colours = np.zeros((max(n, 1), 3), dtype=np.uint8)
    colours[0] = (28, 62, 130)
    for r, k in choice.items():
        base = LAND_PALETTE[k]
        if any(choice.get(x) == k for x in range(1, n) if x != r):
            # Same palette entry used elsewhere: nudge lightness a little so they still differ.
            h, lum, s = colorsys.rgb_to_hls(*(v / 255 for v in base))
            lum = min(0.85, max(0.35, lum + ((r * 37) % 7 - 3) * 0.02))
            base = tuple(int(v * 255) for v in colorsys.hls_to_rgb(h, lum, s))
        colours[r] = base
    return colours


def max_tile(board: Board) -> int:
    """Largest tile size whose map picture stays within MAX_SIDE."""
    return max(1, MAX_SIDE // max(board.height, board.width))


class MapPicture:
    """Pre-rendered map pictures per tile size, and drawing their visible part."""

    def __init__(self, board: Board, sprites: Sprites, cache_size: int = 2) -> None:
        self.board = board
        self.sprites = sprites
        self.colours = region_colours(board)
        self.cache_size = cache_size
        self._cache: OrderedDict[int, list[pygame.Surface]] = OrderedDict()
        self._labels = self._region_label_tiles()

    def frames(self, tile: int) -> list[pygame.Surface]:
        frames = self._cache.get(tile)
        if frames is None:
            frames = self.build(tile)
            self._cache[tile] = frames
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(tile)
        return frames

    def picture(self, tile: int, seconds: float = 0.0) -> pygame.Surface:
        frames = self.frames(tile)
        return frames[int(seconds / SEA_FRAME_SECONDS) % len(frames)]

    # -- building ---------------------------------------------------------------------------

    def _texture(self, name: str, t: int) -> np.ndarray:
        """(t, t, 3) uint16 pixels of a sprite scaled to t, in surfarray (x, y) order."""
        return pygame.surfarray.array3d(self.sprites.scaled(name, t)).astype(np.uint16)

    def build(self, t: int) -> list[pygame.Surface]:
        board = self.board
        h, w = board.shape
        region_t = board.region.T  # (W, H): surfarray order is (x, y)
        land_t = board.land.T
        colours = self.colours.astype(np.uint16)
        if t >= 8:
            land_tex = self._texture("land", t)
            alt_tex = self._texture("land_alt", t)
        else:  # textures turn to noise below 8 px: flat colour reads better
            land_tex = alt_tex = np.full((t, t, 3), 236, dtype=np.uint16)
        rows, cols = np.meshgrid(np.arange(h), np.arange(w))
        alt = ((rows * 7 + cols * 13) % 5 == 0)
        tint = colours[region_t]  # (W, H, 3)
        tex = np.where(alt[:, :, None, None, None], alt_tex[None, None], land_tex[None, None])  # (W,H,t,t,3)
        pix = (tint[:, :, None, None, :] * tex) >> 8
        self._paint_borders(pix, region_t, land_t, t)
        sea_mask = ~land_t
        n_frames = SEA_FRAMES if w * t * h * t <= ANIMATED_PIXELS else 1
        symbols = self._symbol_blits(t)
        frames = []
        for k in range(n_frames):
            pix[sea_mask] = self._sea_texture(k, t)
            image = pix.astype(np.uint8).transpose(0, 2, 1, 3, 4).reshape(w * t, h * t, 3)
            frame = pygame.surfarray.make_surface(image)
            if pygame.display.get_surface() is not None:
                frame = frame.convert()
            if symbols:
                frame.fblits(symbols)
            frames.append(frame)
        return frames

    def _sea_texture(self, k: int, t: int) -> np.ndarray:
        if t >= 6:
            return self._texture(f"sea_{k}", t)
        mean = self._texture(f"sea_{k}", 16).reshape(-1, 3).mean(axis=0)
        return np.broadcast_to(mean.astype(np.uint16), (t, t, 3))

    @staticmethod
    def _paint_borders(pix: np.ndarray, region_t: np.ndarray, land_t: np.ndarray, t: int) -> None:
        """Darken the inner edge of tiles that touch another land region (and the coast)."""
        bw = 1 if t < 16 else 2 if t < 40 else 3
        if t < 4:
            return
        ink = BORDER_INK.astype(np.uint16)

        def darken(view: np.ndarray, mask: np.ndarray, index: tuple) -> None:
            block = view[mask]
            sel = block[index]
            block[index] = (sel * 2 + ink * 3) // 5
            view[mask] = block

        diff_x = land_t[:-1] & land_t[1:] & (region_t[:-1] != region_t[1:])  # east neighbour differs
        diff_y = land_t[:, :-1] & land_t[:, 1:] & (region_t[:, :-1] != region_t[:, 1:])  # south
        half = max(1, bw // 2) if bw > 1 else 1
        darken(pix[:-1], diff_x, (slice(None), slice(t - half, t)))
        if bw > 1:
            darken(pix[1:], diff_x, (slice(None), slice(0, bw - half)))
        darken(pix[:, :-1], diff_y, (slice(None), slice(None), slice(t - half, t)))
        if bw > 1:
            darken(pix[:, 1:], diff_y, (slice(None), slice(None), slice(0, bw - half)))

    def _symbol_blits(self, t: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        board = self.board
        blits: list[tuple[pygame.Surface, tuple[int, int]]] = []
        if t >= 6:
            land = board.land
            shore = self.sprites.scaled("shore", t)
            # A land tile's edge that faces the sea gets the shore strip rotated to face it.
            sides = {
                "N": (shore, np.s_[1:, :], np.s_[:-1, :]),
                "W": (pygame.transform.rotate(shore, 90), np.s_[:, 1:], np.s_[:, :-1]),
                "S": (pygame.transform.rotate(shore, 180), np.s_[:-1, :], np.s_[1:, :]),
                "E": (pygame.transform.rotate(shore, -90), np.s_[:, :-1], np.s_[:, 1:]),
            }
            for image, here, there in sides.values():
                coast = np.zeros(board.shape, dtype=bool)
                coast[here] = land[here] & ~land[there]
                rows, cols = np.nonzero(coast)
                blits.extend((image, (int(c) * t, int(r) * t)) for r, c in zip(rows, cols))
            # The map's own edge counts as sea too, so islands touching it still get a beach.
            for image, line in ((sides["N"][0], np.s_[0, :]), (sides["S"][0], np.s_[-1, :])):
                r = 0 if line == np.s_[0, :] else board.height - 1
                blits.extend((image, (int(c) * t, r * t)) for c in np.nonzero(land[line])[0])
            for image, line in ((sides["W"][0], np.s_[:, 0]), (sides["E"][0], np.s_[:, -1])):
                c = 0 if line == np.s_[:, 0] else board.width - 1
                blits.extend((image, (c * t, int(r) * t)) for r in np.nonzero(land[line])[0])
        if t >= 6:
            image = self.sprites.scaled("mountain", t)
        else:
            image = pygame.Surface((t, t))
            image.fill((110, 104, 112))
        rows, cols = np.nonzero(board.mountain)
        blits.extend((image, (int(c) * t, int(r) * t)) for r, c in zip(rows, cols))
        # Prisons are few and matter (the pirate starts in one): never drawn smaller than
        # PRISON_MIN_PX, centred on their tile, over the neighbours if the tiles are small.
        size = max(t, PRISON_MIN_PX)
        image = self.sprites.scaled("prison", size)
        shift = (size - t) // 2
        rows, cols = np.nonzero(board.prison)
        blits.extend((image, (int(c) * t - shift, int(r) * t - shift)) for r, c in zip(rows, cols))
        return blits

    # -- labels -----------------------------------------------------------------------------

    def _region_label_tiles(self) -> dict[int, tuple[int, int]]:
        """For each land region, the tile of it nearest its centroid (where its number goes)."""
        out: dict[int, tuple[int, int]] = {}
        region = self.board.region
        for rid in self.board.land_regions:
            rows, cols = np.nonzero(region == rid)
            cr, cc = rows.mean(), cols.mean()
            i = int(np.argmin((rows - cr) ** 2 + (cols - cc) ** 2))
            out[rid] = (int(rows[i]), int(cols[i]))
        return out

    @property
    def label_tiles(self) -> dict[int, tuple[int, int]]:
        return self._labels

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, camera, seconds: float = 0.0) -> None:
        """Blit the part of the picture that the camera's viewport shows."""
        blit_visible(surface, self.picture(camera.tile, seconds), camera)


def blit_visible(surface: pygame.Surface, picture: pygame.Surface, camera) -> None:
    """Copy only the part of a whole-map picture that lies inside the camera's viewport."""
    ox, oy = camera.origin
    view = camera.viewport
    area = pygame.Rect(view.x - ox, view.y - oy, view.w, view.h).clip(picture.get_rect())
    if area.w > 0 and area.h > 0:
        surface.blit(picture, (ox + area.x, oy + area.y), area)
