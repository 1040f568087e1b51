"""Rendering strings to surfaces, cached, with pygame's default font.

HUD text (turn counter, player names, help rows) is mostly the same few strings every frame;
rendering a string costs far more than blitting it, so rendered surfaces are kept in a
least-recently-used cache keyed by everything that changes the pixels. The default font ships
inside pygame, so this works headless and on a machine without system fonts.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame

ColorLike = Any  # a pygame.Color, an (r, g, b[, a]) tuple or a colour name


class TextRenderer:
    """Cached text surfaces: ``render(text, size, colour)`` is cheap the second time."""

    def __init__(
        self, max_entries: int = 512, font_path: str | None = None, antialias: bool = True
    ) -> None:
        if max_entries < 1:
            raise ValueError("the cache needs room for at least one string")
        self.max_entries = max_entries
        self.font_path = font_path
        self.antialias = antialias
        self._fonts: dict[int, pygame.font.Font] = {}
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def font(self, size: int) -> pygame.font.Font:
        font = self._fonts.get(size)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = self._fonts[size] = pygame.font.Font(self.font_path, size)
        return font

    def render(
        self, text: str, size: int, colour: ColorLike, background: ColorLike | None = None
    ) -> pygame.Surface:
        """The string drawn in ``colour`` (on ``background``, or transparent).

        Do not draw on the result: the same surface is handed out again.
        """
        back = None if background is None else tuple(pygame.Color(background))
        key = (text, size, tuple(pygame.Color(colour)), back)
        surface = self._cache.get(key)
        if surface is not None:
            self.hits += 1
            self._cache.move_to_end(key)
            return surface
        self.misses += 1
        surface = self.font(size).render(text, self.antialias, key[2], key[3])
        self._cache[key] = surface
        if len(self._cache) > self.max_entries:
            self._cache.popitem(last=False)
        return surface

    def measure(self, text: str, size: int) -> tuple[int, int]:
        """Width and height the string would take, without rendering it."""
        return self.font(size).size(text)

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: ColorLike,
        pos: tuple[int, int],
        anchor: str = "topleft",
        background: ColorLike | None = None,
    ) -> pygame.Rect:
        """Blit the string with its ``anchor`` (any pygame.Rect point name) at ``pos``."""
        rendered = self.render(text, size, colour, background)
        rect = rendered.get_rect(**{anchor: pos})
        surface.blit(rendered, rect)
        return rect

    def __len__(self) -> int:
        return len(self._cache)

    def clear(self) -> None:
        self._cache.clear()
