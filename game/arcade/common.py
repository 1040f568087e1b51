"""Help, pause and game-over overlays written once for every game.

A game's scene is the overlays' *host*; it gives them what only it knows. Only ``ctx`` (size,
text renderer, ``px``) is required; the rest is optional and an overlay leaves out what a host
does not offer (its key and its line on the screen):

* ``key_rows()``: the help's rows, ``(keys, what)``; ``help_footer``: a line under them;
* ``relayout(size)``: the window was resized (else only ``ctx.size`` is set);
* ``restart()`` (R: the same game again), ``new_game()`` (N: a new seed);
* ``menu_scene()``: where Q goes (the game's options);
* for the game-over box: ``over_lines()`` gives ``(headline, colour, [lines])``;
  ``board_rect`` the board's area (the box stays on it, the panel stays readable);
  ``over_anchor()`` the screen point where the game ended (the box then sits in the half of
  the board away from it; without one it is centred); ``board_drawn_rect()`` the part of
  ``board_rect`` the board covers when it does not fill it (a wide board in a tall window: the
  box then goes in the empty room beside the board where it fits, leaving all of the board in
  sight); ``over_note()`` a small ``(text, colour)`` under the lines (where the replay went).

Keys are the same in every game: Esc/P/F1/H/Enter/Space close (the game-over box too: a
finished game is never restarted by accident), Q goes back to the game's options, R restarts,
N starts a new seed where the game has seeds, Ctrl+Q quits the arcade.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.shell.input import RESIZE, KeyBindings
from game.shell.scenes import BaseScene, Pop, Quit, Replace

OVERLAY_KEYS: list[tuple[str, str, str]] = [
    ("escape", "close", "Close"),
    ("p", "close", "Close"),
    ("f1", "close", "Close"),
    ("h", "close", "Close"),
    ("return", "close", "Close"),
    ("kp_enter", "close", "Close"),
    ("space", "close", "Close"),
    ("q", "menu", "Back to the game's options"),
    ("r", "restart", "Restart"),
    ("n", "new_seed", "New game, new seed"),
    ("ctrl+q", "quit", "Quit the arcade"),
]
OVERLAY_BINDINGS = KeyBindings.from_table(OVERLAY_KEYS)
GOLD, WHITE, GREY, RED = (255, 210, 60), (235, 235, 240), (160, 160, 180), (240, 90, 80)
BACKDROP = (10, 12, 24)  # the help's opaque background


@dataclass(frozen=True)
class Chain:
    """Two transitions in a row (the arcade's stack understands it): pop an overlay, then more."""

    first: object
    second: object


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((6, 8, 18, alpha))
    surface.blit(veil, (0, 0))


def gradient(surface: pygame.Surface, top: tuple[int, int, int], bottom: tuple[int, int, int], band: int) -> None:
    """A screen's background: a gentle vertical gradient from ``top`` to ``bottom`` in bands."""
    w, h = surface.get_size()
    band = max(1, band)
    for y in range(0, h, band):
        surface.fill(tuple(a + y * (b - a) // h for a, b in zip(top, bottom)), (0, y, w, band))


def keep_in_view(row: int, first: int, per_page: int) -> int:
    """The first row a scrolled list shows so that ``row`` is on its page (moved as little as can be)."""
    if row < first:
        return row
    if row >= first + per_page:
        return row - per_page + 1
    return first


def font_size(ctx, value: float) -> int:
    """A font size scaled to the screen, never below a legible 16."""
    font = getattr(ctx, "font", None)
    return font(value) if font is not None else max(16, ctx.px(value))


def _fitting(renderer, text: str, size: int, max_width: int, tail: str = "") -> int:
    """The length of the longest prefix of ``text`` that, followed by ``tail``, renders at most
    ``max_width`` pixels wide (0 if none does)."""
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if renderer.measure(text[:mid] + tail, size)[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def fit_text(renderer, text: str, size: int, max_width: int, ellipsis: str = "...") -> str:
    """``text`` cut with an ellipsis so that it renders at most ``max_width`` pixels wide."""
    if max_width <= 0 or renderer.measure(text, size)[0] <= max_width:
        return text
    return text[:_fitting(renderer, text, size, max_width, ellipsis)].rstrip() + ellipsis


def _pieces(text, word: str, size: int, width: int) -> list[str]:
    """A word wider than ``width`` (a file's path, say) cut into pieces that each fit (at least one
    character each)."""
    pieces = []
    while word:
        n = max(1, _fitting(text, word, size, width))
        pieces.append(word[:n])
        word = word[n:]
    return pieces


def wrap(text, line: str, size: int, width: int, max_lines: int = 3, ellipsis: str = "...") -> list[str]:
    """``line`` broken at spaces into at most ``max_lines`` lines of at most ``width`` pixels. A
    word wider than a line is broken inside the word; what does not fit in ``max_lines`` ends the
    last line with ``ellipsis`` (the last line keeps as much as fits)."""
    lines, current = [], ""
    for word in line.split():
        trial = f"{current} {word}" if current else word
        if text.measure(trial, size)[0] <= width:
            current = trial
            continue
        if current:
            lines.append(current)
        current = word
        if width > 0 and text.measure(word, size)[0] > width:
            *whole, current = _pieces(text, word, size, width)
            lines.extend(whole)
    if current:
        lines.append(current)
    if len(lines) > max(1, max_lines):
        keep = max(1, max_lines) - 1
        lines = lines[:keep] + [fit_text(text, " ".join(lines[keep:]), size, width, ellipsis)]
    return lines or [""]


def _to_menu(host) -> Chain:
    """Q: the overlay goes and the host's game gives way to its options."""
    return Chain(Pop(), Replace(host.menu_scene()))


class Overlay(BaseScene):
    """What every overlay shares: the keys, the host, Ctrl+Q, a resize, and the host's
    optional abilities (R, N, Q). ``act(name)`` handles the rest."""

    is_overlay = True
    bindings = OVERLAY_BINDINGS

    def __init__(self, host) -> None:
        self.host = host

    @property
    def ctx(self):
        return self.host.ctx

    def can(self, ability: str) -> bool:
        return callable(getattr(self.host, ability, None))

    def handle(self, intention):
        name = intention.name
        if name == RESIZE:
            if self.can("relayout"):
                self.host.relayout(intention.data)
            else:
                self.ctx.size = intention.data
            return None
        if name == "quit":
            return Quit()
        return self.act(name)

    def act(self, name: str):
        return None

    def restart_or_new(self, name: str):
        """R or N: the host starts again (and the overlay goes); None if it cannot."""
        ability = "restart" if name == "restart" else "new_game"
        if not self.can(ability):
            return None
        getattr(self.host, ability)()
        return Pop()

    def to_menu(self):
        return _to_menu(self.host) if self.can("menu_scene") else Pop()


class HelpOverlay(Overlay):
    """Every key of the host, opaque (nothing shows through), at the largest font that fits."""

    CLOSE = "Esc / F1 / H: close"

    def __init__(self, host, title: str = "KEYS") -> None:
        super().__init__(host)
        self.title = title

    def act(self, name: str):
        return Pop() if name in ("close", "menu") else None

    def rows(self) -> list[tuple[str, str]]:
        return list(self.host.key_rows()) if self.can("key_rows") else []

    def footer(self) -> str:
        extra = getattr(self.host, "help_footer", "")
        return f"{extra}   {self.CLOSE}" if extra else self.CLOSE

    def top(self) -> int:
        ctx = self.ctx
        return ctx.px(24) + ctx.text.measure("A", font_size(ctx, 40))[1] + ctx.px(16)

    def layout(self, size: tuple[int, int]) -> tuple[int, int, list[list[tuple[str, list[str]]]], int, int]:
        """(font size, line height, columns of ``(keys, lines)`` rows, column width, key width):
        the largest font at which every row fits on one line in as many columns as the screen
        holds; below that, the smallest legible font, a long row taking two lines of its
        column (cut only if even two are too few), so nothing runs into the next column."""
        ctx, t = self.ctx, self.ctx.text
        w, h = size
        rows = self.rows() or [("", "")]
        top = self.top()
        for font in range(max(16, ctx.px(34)), 15, -2):
            line_h = t.measure("Ag", font)[1] + max(2, font // 5)
            per_col = max(1, (h - top - 3 * line_h) // line_h)
            key_w = max(t.measure(k, font)[0] for k, _ in rows) + ctx.px(14)
            needed = key_w + max(t.measure(text, font)[0] for _, text in rows) + ctx.px(30)
            n_columns = -(-len(rows) // per_col)
            col_w = (w - ctx.px(40)) // n_columns
            if needed <= col_w:
                columns = [[(k, [text]) for k, text in rows[i: i + per_col]] for i in range(0, len(rows), per_col)]
                return font, line_h, columns, needed, key_w
        # The smallest legible font: fill columns by lines, a long row wrapped onto two.
        for n_columns in range(n_columns, len(rows) + 1):
            col_w = (w - ctx.px(40)) // n_columns
            key_w = min(int(col_w * 0.4), max(t.measure(k, font)[0] for k, _ in rows) + ctx.px(14))
            room = col_w - key_w - ctx.px(16)
            columns: list[list[tuple[str, list[str]]]] = [[]]
            used = 0
            for k, text in rows:
                lines = wrap(t, text, font, room, 2)
                if used + len(lines) > per_col and columns[-1]:
                    columns.append([])
                    used = 0
                columns[-1].append((k, lines))
                used += len(lines)
            if len(columns) <= n_columns:
                return font, line_h, columns, col_w, key_w
        return font, line_h, columns, col_w, key_w

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKDROP)  # opaque: the panel's text never shows through the list
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        font, line_h, columns, col_w, key_w = self.layout((w, h))
        footer = wrap(t, self.footer(), font, w - ctx.px(60), 3)
        # A short list stands in the middle of the room the footer leaves, its title with it.
        tallest = max(sum(len(lines) for _, lines in column) for column in columns) * line_h
        room = h - ctx.px(12) - len(footer) * (t.measure("Ag", font)[1] + 2) - self.top()
        drop = max(0, (room - tallest) // 2)
        x0 = (w - col_w * len(columns)) // 2
        t.draw(surface, self.title, font_size(ctx, 40), GOLD, (w // 2, ctx.px(24) + drop), anchor="midtop")
        for ci, column in enumerate(columns):
            y = self.top() + drop
            x = x0 + ci * col_w
            for key_label, lines in column:
                t.draw(surface, fit_text(t, key_label, font, key_w - ctx.px(8)), font, GOLD, (x, y))
                for line in lines:
                    t.draw(surface, fit_text(t, line, font, col_w - key_w - ctx.px(16)), font, WHITE, (x + key_w, y))
                    y += line_h
        y = h - ctx.px(12)
        for part in reversed(footer):
            rect = t.draw(surface, part, font, (170, 170, 190), (w // 2, y), anchor="midbottom")
            y = rect.top - 2


class PauseOverlay(Overlay):
    """The game stands still: Esc/P/Space resume, R restarts, N a new seed, Q the options."""

    def act(self, name: str):
        if name == "close":
            return Pop()
        if name == "menu":
            return self.to_menu()
        if name in ("restart", "new_seed"):
            return self.restart_or_new(name)
        return None

    def lines(self) -> list[str]:
        lines = ["P / Esc / Space: resume"]
        if self.can("restart"):
            lines.append("R: restart (same seed)   N: new seed" if self.can("new_game") else "R: restart")
        quit_line = "Ctrl+Q: quit the arcade"
        lines.append(f"Q: back to the options   {quit_line}" if self.can("menu_scene") else quit_line)
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 150)
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        size = font_size(ctx, 26)
        lines = [fit_text(t, text, size, w - ctx.px(60)) for text in self.lines()]
        # A darker box behind the words, so they read over a bright board.
        inner_w = max([t.measure("PAUSED", ctx.px(72))[0]] + [t.measure(text, size)[0] for text in lines])
        box = pygame.Rect(0, 0, max(1, min(w - ctx.px(20), inner_w + ctx.px(60))), ctx.px(130) + ctx.px(36) * len(lines))
        box.center = (w // 2, h // 2 - ctx.px(60) + box.h // 2 - ctx.px(56))
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((8, 10, 24, 200))
        surface.blit(veil, box)
        pygame.draw.rect(surface, GOLD, box, max(1, ctx.px(2)), border_radius=ctx.px(8))
        t.draw(surface, "PAUSED", ctx.px(72), GOLD, (w // 2, h // 2 - ctx.px(60)), anchor="center")
        for i, text in enumerate(lines):
            t.draw(surface, text, size, WHITE, (w // 2, h // 2 + ctx.px(10 + 36 * i)), anchor="center")


class GameOverOverlay(Overlay):
    """The result, over the final board. It never starts a game by itself: Esc, Space, Enter,
    P, F1 and H close it and leave the final board to study (the panel keeps the result); only
    R plays the game again and N (where the game has seeds) starts a new seed. The box sits in
    the half of the board away from where the game ended (``over_anchor``), so the last moves
    stay in sight."""

    KEYS_LINE = "R: play this seed again   N: new seed   Q: options   Esc / Enter: close and study the board"
    KEYS_LINE_NO_SEED = "R: play again   Q: options   Esc / Enter: close and study the board"

    def __init__(self, host) -> None:
        super().__init__(host)
        self.headline, self.colour, self.lines = host.over_lines()

    def act(self, name: str):
        if name in ("restart", "new_seed"):
            return self.restart_or_new(name)
        if name == "close":
            return Pop()  # the final board stays; R or N (in the game) start another
        if name == "menu":
            return self.to_menu()
        return None

    def keys_line(self) -> str:
        return self.KEYS_LINE if self.can("new_game") else self.KEYS_LINE_NO_SEED

    def keys_lines(self, width: int) -> list[str]:
        """The keys line, broken between its keys onto two lines if one is too narrow for it."""
        t, size = self.ctx.text, font_size(self.ctx, 20)
        lines: list[str] = []
        for part in self.keys_line().split("   "):
            if lines and t.measure(f"{lines[-1]}   {part}", size)[0] <= width:
                lines[-1] = f"{lines[-1]}   {part}"
            else:
                lines.append(part)
        return lines if len(lines) <= 2 else [lines[0], "   ".join(lines[1:])]

    def note(self):
        note = self.host.over_note() if self.can("over_note") else None
        return note if note and note[0] else None

    def box(self) -> pygame.Rect:
        """As tall as what it holds, on the board, in the half away from ``over_anchor``."""
        ctx, t = self.ctx, self.ctx.text
        area = pygame.Rect(self.host.board_rect)
        width = min(area.w - ctx.px(24), ctx.px(820))
        height = ctx.px(12) + t.measure(self.headline, ctx.px(72))[1] + ctx.px(8)
        height += len(self.lines) * (t.measure("Ag", font_size(ctx, 22))[1] + ctx.px(6))
        if self.note():
            height += ctx.px(2) + t.measure("Ag", font_size(ctx, 19))[1]
        keys_h = t.measure("Ag", font_size(ctx, 20))[1] + 2
        height += ctx.px(16) + len(self.keys_lines(width - ctx.px(30))) * keys_h + ctx.px(10)
        box = pygame.Rect(0, 0, width, min(height, area.h - ctx.px(16)))
        box.center = area.center
        room = self._room_beside_the_board(area, box.size)
        if room is not None:
            box.center = room.center
            return box
        anchor = self.host.over_anchor() if self.can("over_anchor") else None
        if anchor is not None:
            if anchor[1] < area.centery:  # the game ended in the top half: the box goes low
                box.bottom = area.bottom - ctx.px(8)
            else:
                box.top = area.top + ctx.px(8)
        return box

    def _room_beside_the_board(self, area: pygame.Rect, size: tuple[int, int]) -> pygame.Rect | None:
        """The first strip of ``area`` beside the drawn board, below it, above, right or left,
        that holds a box of ``size`` with a margin; None if none does."""
        drawn = self.host.board_drawn_rect() if self.can("board_drawn_rect") else None
        if drawn is None:
            return None
        drawn, margin = pygame.Rect(drawn).clip(area), self.ctx.px(8)
        if not drawn.w or not drawn.h:
            return None
        strips = [pygame.Rect(area.x, drawn.bottom, area.w, area.bottom - drawn.bottom),
                  pygame.Rect(area.x, area.y, area.w, drawn.top - area.y),
                  pygame.Rect(drawn.right, area.y, area.right - drawn.right, area.h),
                  pygame.Rect(area.x, area.y, drawn.x - area.x, area.h)]
        fits = [s for s in strips if s.w >= size[0] + 2 * margin and s.h >= size[1] + 2 * margin]
        return fits[0] if fits else None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        box = self.box()
        box.size = (max(1, box.w), max(1, box.h))  # a window a few pixels wide still draws
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((8, 10, 24, 225))
        surface.blit(veil, box)
        colour = self.colour
        pygame.draw.rect(surface, colour, box, max(1, ctx.px(3)), border_radius=ctx.px(8))
        title = t.draw(surface, self.headline, ctx.px(72), colour, (box.centerx, box.y + ctx.px(12)),
                       anchor="midtop")
        y = title.bottom + ctx.px(8)
        size = font_size(ctx, 22)
        inner = box.w - ctx.px(30)
        for text in self.lines:
            rect = t.draw(surface, fit_text(t, text, size, inner), size, WHITE, (box.centerx, y), anchor="midtop")
            y = rect.bottom + ctx.px(6)
        note = self.note()
        if note:
            small = font_size(ctx, 19)
            t.draw(surface, fit_text(t, note[0], small, inner), small, note[1], (box.centerx, y + ctx.px(2)),
                   anchor="midtop")
        keys_size = font_size(ctx, 20)
        y = box.bottom - ctx.px(10)
        for part in reversed(self.keys_lines(inner)):
            y = t.draw(surface, fit_text(t, part, keys_size, inner), keys_size, GOLD, (box.centerx, y),
                       anchor="midbottom").top - 2
