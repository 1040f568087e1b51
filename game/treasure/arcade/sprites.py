"""The arcade's pixel art: loaded from ``sprites/`` through its manifest, scaled and cached.

Every sprite is 16x16. A name the manifest lacks, or a file that will not load, is replaced by
a small procedural tile drawn here, so a missing picture is ugly at worst, never a crash. West
facing characters are the east ones mirrored.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pygame

from game.paths import SPRITES_DIR

BASE = 16
SEA_FRAMES = 4
WALK_FRAMES = 4


class Sprites:
    """``get(name)`` gives a 16x16 surface; ``scaled(name, size)`` the same at another size."""

    def __init__(self, folder: Path | str | None = SPRITES_DIR) -> None:
        self.folder = Path(folder) if folder is not None else None
        self.missing: list[str] = []
        self._base: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, bool], pygame.Surface] = {}
        self._files = self._read_manifest()

    def _read_manifest(self) -> dict[str, str]:
        files: dict[str, str] = {}
        if self.folder is None:
            return files
        try:
            manifest = json.loads((self.folder / "manifest.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return files
        for group, entry in manifest.items():
            names = entry.get("files") or [entry.get("file")]
            if len(names) == 1:
                files[group] = names[0]
            for i, name in enumerate(names):
                if name:
                    files[f"{group}_{i}"] = name
        return files

    def get(self, name: str) -> pygame.Surface:
        surface = self._base.get(name)
        if surface is None:
            surface = self._load(name)
            self._base[name] = surface
        return surface

    def scaled(self, name: str, size: int, flip: bool = False) -> pygame.Surface:
        key = (name, size, flip)
        surface = self._scaled.get(key)
        if surface is None:
            surface = self.get(name)
            if flip:
                surface = pygame.transform.flip(surface, True, False)
            if size != surface.get_width():
                surface = pygame.transform.scale(surface, (size, size))
            self._scaled[key] = surface
        return surface

    def character(self, who: str, facing: str, frame: int, size: int) -> pygame.Surface:
        """``who`` is agent or pirate; facing N, E, S or W (W is E mirrored)."""
        side = "E" if facing == "W" else facing
        return self.scaled(f"{who}_{side}_{frame % WALK_FRAMES}", size, flip=facing == "W")

    def _load(self, name: str) -> pygame.Surface:
        file = self._files.get(name)
        if file is not None and self.folder is not None:
            try:
                image = pygame.image.load(str(self.folder / file))
                if pygame.display.get_surface() is not None:
                    image = image.convert_alpha()
                if image.get_size() != (BASE, BASE):
                    image = pygame.transform.scale(image, (BASE, BASE))
                return image
            except (pygame.error, OSError, FileNotFoundError):
                pass
        self.missing.append(name)
        return fallback(name)


# -- procedural stand-ins ---------------------------------------------------------------------


def _surface() -> pygame.Surface:
    return pygame.Surface((BASE, BASE), pygame.SRCALPHA)


def fallback(name: str) -> pygame.Surface:
    """A plain but recognisable 16x16 stand-in for ``name``."""
    s = _surface()
    if name.startswith("sea"):
        frame = int(name.rsplit("_", 1)[-1]) if name[-1].isdigit() else 0
        s.fill((28, 62, 130))
        for y in (4, 12):
            x = (frame * 2 + y) % BASE
            pygame.draw.line(s, (52, 96, 170), (x, y), (x + 4, y))
        return s
    if name in ("land", "land_alt"):
        rng = np.random.default_rng(7 if name == "land" else 11)
        pixels = (232 + rng.integers(-10, 10, (BASE, BASE))).clip(0, 255).astype(np.uint8)
        s = pygame.surfarray.make_surface(np.dstack([pixels] * 3)).convert_alpha() if pygame.display.get_surface() \
            else pygame.surfarray.make_surface(np.dstack([pixels] * 3))
        return s
    if name == "shore":
        pygame.draw.rect(s, (238, 214, 158), (0, 0, BASE, 4))
        pygame.draw.line(s, (246, 250, 255), (0, 0), (BASE, 0))
        return s
    if name == "mountain":
        pygame.draw.polygon(s, (112, 110, 126), [(1, 14), (8, 2), (15, 14)])
        pygame.draw.polygon(s, (240, 240, 245), [(6, 6), (8, 2), (10, 6)])
        pygame.draw.polygon(s, (34, 26, 42), [(1, 14), (8, 2), (15, 14)], 1)
        return s
    if name == "prison":
        pygame.draw.rect(s, (96, 92, 104), (2, 3, 12, 12))
        for x in (5, 8, 11):
            pygame.draw.line(s, (34, 26, 42), (x, 5), (x, 13))
        pygame.draw.rect(s, (34, 26, 42), (2, 3, 12, 12), 1)
        return s
    if name == "treasure":
        pygame.draw.rect(s, (150, 90, 30), (2, 5, 12, 9))
        pygame.draw.rect(s, (255, 204, 0), (2, 8, 12, 2))
        pygame.draw.rect(s, (34, 26, 42), (2, 5, 12, 9), 1)
        return s
    if name == "flag":
        pygame.draw.line(s, (60, 40, 30), (4, 2), (4, 14))
        pygame.draw.polygon(s, (250, 200, 40), [(5, 2), (13, 5), (5, 8)])
        return s
    if name == "x_mark":
        pygame.draw.line(s, (220, 40, 40), (3, 3), (12, 12), 3)
        pygame.draw.line(s, (220, 40, 40), (12, 3), (3, 12), 3)
        return s
    if name.startswith(("agent", "pirate")):
        body = (52, 110, 210) if name.startswith("agent") else (200, 50, 50)
        hat = (210, 180, 110) if name.startswith("agent") else (30, 24, 36)
        frame = int(name.rsplit("_", 1)[-1]) if name[-1].isdigit() else 0
        bob = 1 if frame % 2 else 0
        pygame.draw.ellipse(s, (0, 0, 0, 70), (3, 13, 10, 3))
        pygame.draw.rect(s, body, (4, 7 + bob, 8, 7))
        pygame.draw.circle(s, (240, 200, 160), (8, 5 + bob), 3)
        pygame.draw.rect(s, hat, (3, 1 + bob, 10, 3))
        pygame.draw.rect(s, (34, 26, 42), (4, 7 + bob, 8, 7), 1)
        return s
    s.fill((255, 0, 255))
    return s
