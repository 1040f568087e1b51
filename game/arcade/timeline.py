"""A replay timeline any game can use: curves over the game, marks, a cursor; click to seek.

``Timeline(rect, length)`` covers history indices ``0 .. length-1``. ``curves`` are
``(values, colour)`` pairs (one value per index), drawn on a signed log scale so a score of 3
and a score of 50,000 both show; ``marks`` are ``(index, colour)`` ticks (stuns, big swings,
the end), or ``(index, colour, shape)`` with a shape of :data:`SHAPES`; ``units`` (optional,
one number per index: the turn or round it belongs to) add a small tick where each unit starts,
every tenth one taller, thinned to every 10th or 100th unit when the bar is too short for all.
The part of the game already shown is filled in another colour (``progress=False``: not).

The curves, marks and ticks are drawn once into cached surfaces; a frame only blits them and
draws the cursor (and its label), so the timeline costs the same for a 10-move and a 2000-move
game. :func:`draw_legend` says what the marks mean.
"""

from __future__ import annotations

import math

import pygame

SHAPES = ("tick", "dot", "line", "diamond")  # a short tick from the top; a dot; down to the middle; a diamond
BACKGROUND, DONE, BORDER, ZERO = (24, 28, 46), (62, 80, 138), (70, 80, 120), (60, 66, 92)
TICK, TALL_TICK = (95, 98, 125), (150, 150, 175)
KEY = (255, 0, 255)  # the cached surfaces' transparent colour (a diamond reaches past the bar)


def symlog(value: float) -> float:
    return math.copysign(math.log1p(abs(value)), value)


class Timeline:
    def __init__(self, rect: pygame.Rect, length: int, *, progress: bool = True) -> None:
        self.rect = pygame.Rect(rect)
        self.length = max(1, length)
        self.progress = progress
        self.curves: list[tuple[list[float], tuple[int, int, int]]] = []
        self.marks: list[tuple] = []
        self.units: list[int] | None = None
        self._cache: dict[bool, pygame.Surface] = {}

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._cache = {}

    def set_data(self, curves, marks, units=None) -> None:
        self.curves = list(curves)
        self.marks = list(marks)
        self.units = list(units) if units is not None else None
        self._cache = {}

    def x_of(self, index: int) -> int:
        span = max(1, self.length - 1)
        return self.rect.x + round(index * (self.rect.w - 1) / span)

    def index_at(self, pos) -> int | None:
        """The history index under a point (a little above and below the bar counts too)."""
        if not self.rect.inflate(0, 12).collidepoint(pos):
            return None
        span = max(1, self.length - 1)
        return max(0, min(self.length - 1, round((pos[0] - self.rect.x) * span / max(1, self.rect.w - 1))))

    @property
    def margin(self) -> int:
        """How far marks may reach past the bar (a diamond at the very end, say)."""
        return max(3, self.rect.h // 6) + 4

    def _render(self, done: bool) -> pygame.Surface:
        w, h = self.rect.size
        m = self.margin
        surface = pygame.Surface((max(1, w) + 2 * m, max(1, h) + 2 * m))
        surface.fill(KEY)
        surface.set_colorkey(KEY)
        bar = pygame.Rect(m, m, w, h)
        surface.fill(DONE if done else BACKGROUND, bar)
        values = [symlog(v) for series, _ in self.curves for v in series]
        low, high = (min(values + [0.0]), max(values + [0.0])) if values else (0.0, 1.0)
        if high - low < 1e-9:
            high = low + 1.0
        pad = max(2, h // 10)

        def y_of(v: float) -> int:
            return m + int(h - pad - (symlog(v) - low) * (h - 2 * pad) / (high - low))

        span = max(1, self.length - 1)

        def x_at(i: int) -> int:
            return m + round(i * (w - 1) / span)

        if self.curves:
            zero = y_of(0)
            pygame.draw.line(surface, ZERO, (m, zero), (m + w - 1, zero))
        self._draw_units(surface, bar, x_at)
        for series, colour in self.curves:
            n = len(series)
            if n < 2:
                continue
            step = max(1, n // max(1, w))  # at most about one point a pixel
            points = [(x_at(i), y_of(series[i])) for i in range(0, n, step)]
            points.append((x_at(n - 1), y_of(series[-1])))
            pygame.draw.lines(surface, colour, False, points, max(1, h // 30))
        pygame.draw.rect(surface, BORDER, bar, 1)
        for mark in self.marks:
            index, colour = mark[0], mark[1]
            shape = mark[2] if len(mark) > 2 else "tick"
            self._draw_mark(surface, bar, x_at(index), colour, shape)
        return surface

    def _draw_units(self, surface: pygame.Surface, bar: pygame.Rect, x_at) -> None:
        units = self.units
        if not units:
            return
        per_unit = bar.w / max(1, units[-1])
        every = 1 if per_unit >= 4 else 10 if per_unit >= 0.4 else 100
        previous = None
        for i, unit in enumerate(units):
            if unit != previous and unit % every == 0:
                tall = unit % (every * 10) == 0
                x = x_at(i)
                pygame.draw.line(surface, TALL_TICK if tall else TICK,
                                 (x, bar.bottom - (bar.h // 2 if tall else bar.h // 4)), (x, bar.bottom - 1))
            previous = unit

    @staticmethod
    def _draw_mark(surface: pygame.Surface, bar: pygame.Rect, x: int, colour, shape: str) -> None:
        h, mid = bar.h, bar.centery
        if shape == "dot":
            r = max(3, h // 6)
            pygame.draw.circle(surface, (0, 0, 0), (x, bar.y + r + 1), r + 1)
            pygame.draw.circle(surface, colour, (x, bar.y + r + 1), r)
        elif shape == "line":
            pygame.draw.line(surface, colour, (x, bar.y + 2), (x, mid), 2)
        elif shape == "diamond":
            r = max(3, h // 6)
            pygame.draw.polygon(surface, colour, [(x, bar.y - 2), (x + r + 3, mid), (x, bar.bottom + 1),
                                                  (x - r - 3, mid)])
        else:
            pygame.draw.line(surface, colour, (x, bar.y), (x, bar.y + max(3, h // 4)), max(1, h // 24))

    def draw(self, surface: pygame.Surface, cursor: int, *, label: str = "", text=None, size: int = 16) -> None:
        """The bar with the cursor at ``cursor``; ``label`` (drawn with the text renderer
        ``text`` at ``size``) stands above the cursor."""
        wanted = (False, True) if self.progress else (False,)
        for done in wanted:
            cache = self._cache.get(done)
            if cache is None:
                self._cache[done] = self._render(done)
        m = self.margin
        x = self.x_of(cursor)
        surface.blit(self._cache[False], (self.rect.x - m, self.rect.y - m))
        if self.progress and x > self.rect.x:
            done = self._cache[True]
            shown = pygame.Rect(0, 0, m + x - self.rect.x, done.get_height())
            surface.blit(done, (self.rect.x - m, self.rect.y - m), shown)
        pygame.draw.line(surface, (255, 255, 255), (x, self.rect.y - 4), (x, self.rect.bottom + 3),
                         max(2, self.rect.h // 12))
        if label and text is not None:
            picture = text.render(label, size, (255, 255, 255), (20, 24, 40))
            lx = max(self.rect.x, min(self.rect.right - picture.get_width(), x - picture.get_width() // 2))
            surface.blit(picture, (lx, self.rect.y - picture.get_height() - max(2, self.rect.h // 7)))


def draw_legend(surface: pygame.Surface, text, items, *, right: int, bottom: int, size: int, px,
                left: int) -> None:
    """What the marks mean: one swatch and word per ``(colour, words)`` item, in a row ending
    at ``right`` whose bottom is ``bottom``; items that would pass ``left`` are left out."""
    y = bottom - text.measure("Ag", size)[1]
    x = right
    for colour, words in reversed(list(items)):
        label = text.render(words, size, (235, 235, 240), (20, 22, 36))
        x -= label.get_width()
        surface.blit(label, (x, y))
        swatch = pygame.Rect(x - px(14), y + label.get_height() // 2 - px(5), px(10), px(10))
        pygame.draw.rect(surface, colour, swatch)
        x = swatch.x - px(12)
        if x < left:
            break
