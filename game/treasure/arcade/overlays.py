"""Map overlays: ruled-out tiles, scanned tiles, the agent's heat map, a highlighted hint.

All active overlays are composited into one per-tile RGBA array with numpy, turned into a
tiny surface (one pixel per tile) and scaled to the map picture's size with
``transform.scale``. That happens only when the data changes (an action, a toggle, another
hint hovered), never per frame; a frame blits the visible part, like the map picture.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from .mapview import ANIMATED_PIXELS, blit_visible

RULED_OUT = (18, 16, 34, 150)
SCANNED = (255, 255, 255, 95)
HINT_INSIDE = (255, 226, 90, 70)
HINT_OUTSIDE = (8, 8, 20, 150)


@dataclass(frozen=True)
class OverlayData:
    ruled_out: np.ndarray | None = None  # bool (H, W)
    scanned: np.ndarray | None = None  # bool (H, W)
    heat: np.ndarray | None = None  # float (H, W), any scale
    hint: np.ndarray | None = None  # bool (H, W): the highlighted hint's area


def composite(data: OverlayData, shape: tuple[int, int]) -> np.ndarray | None:
    """(H, W, 4) uint8 RGBA, layers painted in order with the "over" operator; None if empty."""
    layers: list[tuple[np.ndarray, np.ndarray]] = []  # (rgb float (H,W,3), alpha float (H,W))

    def flat(mask: np.ndarray, rgba: tuple[int, int, int, int]) -> None:
        rgb = np.broadcast_to(np.array(rgba[:3], dtype=np.float32), shape + (3,))
        layers.append((rgb, mask.astype(np.float32) * rgba[3] / 255))

    if data.ruled_out is not None:
        flat(data.ruled_out, RULED_OUT)
    if data.scanned is not None:
        flat(data.scanned, SCANNED)
    if data.heat is not None:
        heat = np.nan_to_num(np.asarray(data.heat, dtype=np.float32).clip(min=0))
        top = float(heat.max())
        if top > 0:
            level = np.sqrt(heat / top)  # square root: low probabilities stay visible
            rgb = np.stack([np.full(shape, 255.0), 230 - 190 * level, 40 - 40 * level], axis=-1)
            alpha = np.where(heat > 0, 0.12 + 0.5 * level, 0.0)
            layers.append((rgb.astype(np.float32), alpha.astype(np.float32)))
    if data.hint is not None:
        flat(~data.hint, HINT_OUTSIDE)
        flat(data.hint, HINT_INSIDE)
    if not layers:
        return None
    out_rgb = np.zeros(shape + (3,), dtype=np.float32)
    out_a = np.zeros(shape, dtype=np.float32)
    for rgb, a in layers:
        new_a = a + out_a * (1 - a)
        safe = np.where(new_a > 0, new_a, 1)
        out_rgb = (rgb * a[..., None] + out_rgb * (out_a * (1 - a))[..., None]) / safe[..., None]
        out_a = new_a
    rgba = np.concatenate([out_rgb, out_a[..., None] * 255], axis=-1)
    return rgba.round().clip(0, 255).astype(np.uint8)


def tile_surface(rgba: np.ndarray) -> pygame.Surface:
    """A (W x H) surface with one pixel per tile."""
    h, w = rgba.shape[:2]
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.surfarray.blit_array(surface, rgba[..., :3].swapaxes(0, 1))
    alpha = pygame.surfarray.pixels_alpha(surface)
    alpha[:] = rgba[..., 3].T
    del alpha
    return surface


class OverlayLayer:
    """The composited overlay, cached per (data key, tile size)."""

    def __init__(self, shape: tuple[int, int]) -> None:
        self.shape = shape
        self._key: object = None
        self._small: pygame.Surface | None = None
        self._scaled: dict[int, pygame.Surface] = {}

    def set(self, key: object, make_data) -> None:
        """Rebuild from ``make_data()`` only if ``key`` differs from last time."""
        if key == self._key:
            return
        self._key = key
        rgba = composite(make_data(), self.shape)
        self._small = None if rgba is None else tile_surface(rgba)
        self._scaled.clear()

    def draw(self, surface: pygame.Surface, camera) -> None:
        if self._small is None:
            return
        t = camera.tile
        h, w = self.shape
        if w * t * h * t <= ANIMATED_PIXELS * 4:
            picture = self._scaled.get(t)
            if picture is None:
                picture = self._scaled[t] = pygame.transform.scale(self._small, (w * t, h * t))
            blit_visible(surface, picture, camera)
            return
        # Huge picture: scale just the visible tiles, every frame.
        rows, cols = camera.visible_tile_range()
        if rows.stop <= rows.start or cols.stop <= cols.start:
            return
        part = self._small.subsurface((cols.start, rows.start, cols.stop - cols.start, rows.stop - rows.start))
        scaled = pygame.transform.scale(part, (part.get_width() * t, part.get_height() * t))
        x, y = camera.tile_rect((rows.start, cols.start)).topleft
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        surface.blit(scaled, (x, y))
        surface.set_clip(clip)
