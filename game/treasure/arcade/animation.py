"""What moves on the map: the two characters and short-lived effects, driven by tweens.

Nothing here knows the rules. :mod:`game.treasure.arcade.director` turns engine events into these
animations; :mod:`game.treasure.arcade.boardview` draws them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.shell.tweens import Call, Parallel, Sequence, Tween, Wait

from .sprites import WALK_FRAMES, Sprites

Point = tuple[float, float]

AGENT_HALO = (70, 150, 255)
PIRATE_HALO = (235, 60, 60)


def facing(a: tuple[int, int], b: tuple[int, int], default: str = "S") -> str:
    dr, dc = b[0] - a[0], b[1] - a[1]
    if abs(dr) >= abs(dc) and dr != 0:
        return "S" if dr > 0 else "N"
    if dc != 0:
        return "E" if dc > 0 else "W"
    return default


@dataclass
class Actor:
    """A character on the map at a fractional tile position (its tile's top-left corner)."""

    who: str  # "agent" or "pirate"
    row: float = 0.0
    col: float = 0.0
    facing: str = "S"
    visible: bool = True
    walking: bool = False
    scale: float = 1.0
    walk_time: float = 0.0

    @property
    def tile(self) -> tuple[int, int]:
        return round(self.row), round(self.col)

    def place(self, tile: tuple[int, int]) -> None:
        self.row, self.col = float(tile[0]), float(tile[1])
        self.walking = False

    def update(self, dt: float) -> None:
        if self.walking:
            self.walk_time += dt

    def frame(self) -> int:
        return int(self.walk_time * 10) % WALK_FRAMES if self.walking else 0

    def walk(self, path: tuple[tuple[int, int], ...], seconds_per_tile: float) -> Sequence:
        """One eased tween per tile, so a move of n tiles is seen as n steps."""
        steps: list = [Call(lambda: setattr(self, "walking", True))]
        for a, b in zip(path, path[1:]):
            steps.append(Call(lambda a=a, b=b: setattr(self, "facing", facing(a, b, self.facing))))
            steps.append(Tween(a, b, seconds_per_tile, "in_out_quad", apply=self._set_pos))
        steps.append(Call(lambda: setattr(self, "walking", False)))
        return Sequence(*steps)

    def _set_pos(self, value) -> None:
        self.row, self.col = value

    def draw(self, surface: pygame.Surface, camera, sprites: Sprites) -> None:
        if not self.visible or self.scale <= 0.01:
            return
        t = camera.tile
        size = int(max(t, 32) * self.scale) if t < 48 else int(t * self.scale)
        size = max(size, 4)
        cx, cy = camera.world_to_screen((self.row + 0.5, self.col + 0.5))
        if not camera.viewport.inflate(size * 2, size * 2).collidepoint(cx, cy):
            return
        if t < 32:  # the sprite is larger than the tile: a halo shows which tile it stands on
            halo = AGENT_HALO if self.who == "agent" else PIRATE_HALO
            radius = max(5, int(t * 0.8))
            pygame.draw.circle(surface, (10, 10, 20), (int(cx), int(cy)), radius + 1, 2)
            pygame.draw.circle(surface, halo, (int(cx), int(cy)), radius, max(2, t // 6))
        image = sprites.character(self.who, self.facing, self.frame(), size)
        surface.blit(image, image.get_rect(midbottom=(int(cx), int(cy + min(t, size) * 0.45))))


# -- effects ------------------------------------------------------------------------------------


@dataclass
class Effect:
    """Something drawn for a while. ``progress`` runs from 0 to 1 over ``duration``."""

    duration: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(self.elapsed / self.duration, 1.0)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def update(self, dt: float) -> float:
        self.elapsed += dt
        return max(self.elapsed - self.duration, 0.0) if self.done else 0.0

    def draw(self, surface: pygame.Surface, camera) -> None:  # pragma: no cover - overridden
        pass


@dataclass
class ScanEffect(Effect):
    """A square growing from the agent's tile to the scanned square, then fading."""

    centre: tuple[int, int] = (0, 0)
    size: int = 3
    found: bool = False

    def draw(self, surface: pygame.Surface, camera) -> None:
        p = self.progress
        grow = min(p / 0.6, 1.0)
        grow = 1 - (1 - grow) ** 3
        half = 0.5 + (self.size / 2 - 0.5) * grow
        r, c = self.centre[0] + 0.5, self.centre[1] + 0.5
        x0, y0 = camera.world_to_screen((r - half, c - half))
        x1, y1 = camera.world_to_screen((r + half, c + half))
        rect = pygame.Rect(int(x0), int(y0), max(1, int(x1 - x0)), max(1, int(y1 - y0)))
        fade = 1.0 if p < 0.6 else 1 - (p - 0.6) / 0.4
        colour = (255, 215, 60) if self.found else (120, 230, 255)
        fill = pygame.Surface(rect.size, pygame.SRCALPHA)
        fill.fill((*colour, int(70 * fade)))
        surface.blit(fill, rect)
        pygame.draw.rect(surface, (*colour, 255), rect, max(2, camera.tile // 8))


@dataclass
class RingEffect(Effect):
    """Expanding (or, with ``inward``, collapsing) rings around a tile."""

    tile: tuple[int, int] = (0, 0)
    colour: tuple[int, int, int] = (255, 255, 255)
    radius_tiles: float = 3.0
    inward: bool = False
    rings: int = 2

    def draw(self, surface: pygame.Surface, camera) -> None:
        cx, cy = camera.world_to_screen((self.tile[0] + 0.5, self.tile[1] + 0.5))
        base = max(camera.tile, 10) * self.radius_tiles
        for i in range(self.rings):
            p = self.progress - i * 0.18
            if not 0 <= p <= 1:
                continue
            k = 1 - p if self.inward else p
            radius = max(2, int(base * (0.15 + 0.85 * k)))
            width = max(2, int(6 * (1 - p)) + 1)
            pygame.draw.circle(surface, self.colour, (int(cx), int(cy)), radius, width)


@dataclass
class Toast(Effect):
    """A line of text over the top of the map: what just happened, in words."""

    text: str = ""
    colour: tuple[int, int, int] = (255, 255, 255)


@dataclass
class EffectList:
    effects: list[Effect] = field(default_factory=list)

    def add(self, effect: Effect) -> Effect:
        self.effects.append(effect)
        return effect

    def update(self, dt: float) -> None:
        for effect in self.effects:
            effect.update(dt)
        self.effects = [e for e in self.effects if not e.done]

    def clear(self) -> None:
        self.effects.clear()

    def of(self, kind: type) -> list[Effect]:
        return [e for e in self.effects if isinstance(e, kind)]


def pulse(seconds: float, period: float = 1.2) -> float:
    """0..1..0 over ``period``: for things that breathe (the selected hint, the treasure)."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * seconds / period)


__all__ = ["Actor", "Effect", "ScanEffect", "RingEffect", "Toast", "EffectList", "facing", "pulse",
           "Sequence", "Parallel", "Tween", "Wait", "Call"]
