"""The duel's pixel art (``sprites/duel/``, made by its committed script), scaled and cached.

A missing or unreadable file becomes a flat coloured square, so missing art is ugly, never a
crash. West-facing hunters are the east ones mirrored.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame

from game.paths import SPRITES_DIR

FOLDER = SPRITES_DIR / "duel"
ITEM_SPRITES = {"m": "mushroom", "n": "poison_mushroom", "s": "star", "t": "poison_star", "b": "mine"}
FALLBACK = {"floor_0": (92, 104, 88), "floor_1": (98, 110, 94), "wall": (112, 102, 94), "mushroom": (226, 44, 48),
            "poison_mushroom": (128, 52, 172), "star": (252, 200, 40), "poison_star": (78, 26, 112),
            "mine": (44, 44, 56), "stun": (255, 236, 90)}
FACING = {"UP": "N", "DOWN": "S", "RIGHT": "E", "LEFT": "W"}


class DuelSprites:
    def __init__(self, folder: Path | str | None = FOLDER) -> None:
        self.folder = Path(folder) if folder else None
        self._base: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, bool], pygame.Surface] = {}
        self.missing: list[str] = []
        self.names: set[str] = set()
        if self.folder is not None:
            try:
                manifest = json.loads((self.folder / "manifest.json").read_text(encoding="utf-8"))
                self.names = {f[:-4] for entry in manifest.values() for f in entry.get("files", [])}
            except (OSError, ValueError, AttributeError):
                self.names = set()

    def get(self, name: str) -> pygame.Surface:
        surface = self._base.get(name)
        if surface is None:
            surface = self._load(name)
            self._base[name] = surface
        return surface

    def _load(self, name: str) -> pygame.Surface:
        if self.folder is not None and name in self.names:
            try:
                image = pygame.image.load(str(self.folder / f"{name}.png"))
                return image.convert_alpha() if pygame.display.get_surface() else image
            except (pygame.error, FileNotFoundError):
                pass
        self.missing.append(name)
        surface = pygame.Surface((16, 16), pygame.SRCALPHA)
        colour = FALLBACK.get(name)
        if colour is None and name.startswith("hunter_"):
            colour = (40, 190, 190) if name.startswith("hunter_a") else (246, 128, 36)
        surface.fill(colour or (255, 0, 255))
        return surface

    def scaled(self, name: str, size: int, flip: bool = False) -> pygame.Surface:
        key = (name, size, flip)
        surface = self._scaled.get(key)
        if surface is None:
            surface = pygame.transform.scale(self.get(name), (size, size))
            if flip:
                surface = pygame.transform.flip(surface, True, False)
            self._scaled[key] = surface
        return surface

    def hunter(self, player: str, facing: str, frame: int, size: int) -> pygame.Surface:
        flip = facing == "W"
        name = f"hunter_{player.lower()}_{'E' if flip else facing}_{frame % 4}"
        return self.scaled(name, size, flip)


_shared: dict[str, DuelSprites] = {}


def shared(folder: Path | str | None = FOLDER) -> DuelSprites:
    """One loader per folder for the whole arcade (scenes come and go, the art stays loaded)."""
    key = str(folder)
    if key not in _shared:
        _shared[key] = DuelSprites(folder)
    return _shared[key]
