"""A replay timeline any game can use: curves over the game, marks, a cursor; click to seek.

``Timeline(rect, length)`` covers history indices ``0 .. length-1``. ``curves`` are
``(values, colour)`` pairs (one value per index), drawn on a signed log scale so a score of 3
and a score of 50,000 both show; ``marks`` are ``(index, colour)`` ticks (stuns, big swings,
the end). The curves and marks are drawn once into a cached surface; a frame only blits it and
draws the cursor, so the timeline costs the same for a 10-move and a 2000-move game.
"""

from __future__ import annotations

import math

import pygame


def symlog(value: float) -> float:
    return math.copysign(math.log1p(abs(value)), value)


class Timeline:
    def __init__(self, rect: pygame.Rect, length: int) -> None:
        self.rect = pygame.Rect(rect)
        self.length = max(1, length)
        self.curves: list[tuple[list[float], tuple[int, int, int]]] = []
        self.marks: list[tuple[int, tuple[int, int, int]]] = []
        self._cache: pygame.Surface | None = None

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._cache = None

    def set_data(self, curves, marks) -> None:
        self.curves = list(curves)
        self.marks = list(marks)
        self._cache = None

    def x_of(self, index: int) -> int:
        span = max(1, self.length - 1)
        return self.rect.x + round(index * (self.rect.w - 1) / span)

    def index_at(self, pos) -> int | None:
        """The history index under a point (a little above and below the bar counts too)."""
        if not self.rect.inflate(0, 12).collidepoint(pos):
            return None
        span = max(1, self.length - 1)
        return max(0, min(self.length - 1, round((pos[0] - self.rect.x) * span / max(1, self.rect.w - 1))))

    def _render(self) -> pygame.Surface:
        w, h = self.rect.size
        surface = pygame.Surface((max(1, w), max(1, h)))
        surface.fill((24, 28, 46))
        values = [symlog(v) for series, _ in self.curves for v in series]
        low, high = (min(values + [0.0]), max(values + [0.0])) if values else (0.0, 1.0)
        if high - low < 1e-9:
            high = low + 1.0
        pad = max(2, h // 10)

        def y_of(v: float) -> int:
            return int(h - pad - (symlog(v) - low) * (h - 2 * pad) / (high - low))

        zero = y_of(0)
        pygame.draw.line(surface, (60, 66, 92), (0, zero), (w, zero))
        span = max(1, self.length - 1)
        for series, colour in self.curves:
            n = len(series)
            if n < 2:
                continue
            step = max(1, n // max(1, w))  # at most about one point a pixel
            points = [(round(i * (w - 1) / span), y_of(series[i])) for i in range(0, n, step)]
            points.append((round((n - 1) * (w - 1) / span), y_of(series[-1])))
            pygame.draw.lines(surface, colour, False, points, max(1, h // 30))
        tick = max(3, h // 4)
        for index, colour in self.marks:
            x = round(index * (w - 1) / span)
            pygame.draw.line(surface, colour, (x, 0), (x, tick), max(1, h // 24))
        pygame.draw.rect(surface, (70, 80, 120), surface.get_rect(), 1)
        return surface

    def draw(self, surface: pygame.Surface, cursor: int) -> None:
        if self._cache is None or self._cache.get_size() != self.rect.size:
            self._cache = self._render()
        surface.blit(self._cache, self.rect)
        x = self.x_of(cursor)
        pygame.draw.line(surface, (255, 255, 255), (x, self.rect.y - 3), (x, self.rect.bottom + 2),
                         max(2, self.rect.h // 16))
