"""Small text that keeps its letter spacing.

pygame's default font, hinted at small sizes, rounds each glyph's advance to whole pixels, so
words come apart (``treas ure``, ``becausel arge``). Text below :data:`CRISP_BELOW` (nearly all of it) is drawn
larger and smoothly scaled down: four times under :data:`FINE_BELOW` px (panels, legends, help:
at twice, ``ou t``, ``Shi ft`` and ``whee l`` still showed at 12-16 px), twice above; the
spacing errors shrink by as much and the letters stay sharp. Larger text is drawn as before.
Measuring agrees with drawing.
"""

from __future__ import annotations

import pygame

from game.shell.text import TextRenderer

CRISP_BELOW = 100
FINE_BELOW = 32


def _factor(size: int) -> int:
    return 4 if size < FINE_BELOW else 2


class CrispText(TextRenderer):
    def render(self, text: str, size: int, colour, background=None) -> pygame.Surface:
        if size >= CRISP_BELOW or not text:
            return super().render(text, size, colour, background)
        back = None if background is None else tuple(pygame.Color(background))
        key = ("crisp", text, size, tuple(pygame.Color(colour)), back)
        surface = self._cache.get(key)
        if surface is not None:
            self.hits += 1
            self._cache.move_to_end(key)
            return surface
        self.misses += 1
        big = self.font(size * _factor(size)).render(text, self.antialias, key[3])
        w, h = self.measure(text, size)
        small = pygame.transform.smoothscale(big.convert_alpha() if pygame.display.get_surface() else big, (w, h))
        if back is not None:
            filled = pygame.Surface((w, h), pygame.SRCALPHA)
            filled.fill(back)
            filled.blit(small, (0, 0))
            small = filled
        self._cache[key] = small
        if len(self._cache) > self.max_entries:
            self._cache.popitem(last=False)
        return small

    def measure(self, text: str, size: int) -> tuple[int, int]:
        if size >= CRISP_BELOW or not text:
            return super().measure(text, size)
        k = _factor(size)
        w, h = self.font(size * k).size(text)
        return max(1, (w + k - 1) // k), max(1, (h + k - 1) // k)


def crisp(renderer: TextRenderer) -> TextRenderer:
    """The same cache settings, drawn crisply (a renderer that already is one is kept)."""
    if isinstance(renderer, CrispText) or type(renderer) is not TextRenderer:
        return renderer
    return CrispText(renderer.max_entries, renderer.font_path, renderer.antialias)
