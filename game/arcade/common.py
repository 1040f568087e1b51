"""Help, pause and game-over overlays written once for every game.

A game's play scene is the overlays' *host*; it gives them what only it knows:

* ``ctx`` (size, text renderer, ``px``) and ``key_rows()`` (the help's rows: ``(keys, what)``);
* ``restart()``, ``menu_scene()`` (where Q goes: the game's options), ``relayout(size)``;
* ``over_lines()`` for the game-over box: ``(headline, colour, [lines])``, and ``board_rect``
  (the box is centred on the board, leaving the panel readable).

Keys are the same in every game: Esc/P/F1/H/Enter/Space close, Q back to the game's options,
R restart, Ctrl+Q quit the arcade.
"""

from __future__ import annotations

import pygame

from game.shell.input import RESIZE, KeyBindings
from game.shell.scenes import BaseScene, Pop, Quit, Replace

OVERLAY_KEYS: list[tuple[str, str, str]] = [
    ("escape", "close", "Close"),
    ("p", "close", "Close"),
    ("f1", "close", "Close"),
    ("h", "close", "Close"),
    ("return", "close", "Close"),
    ("space", "close", "Close"),
    ("q", "menu", "Back to the game's options"),
    ("r", "restart", "Restart"),
    ("ctrl+q", "quit", "Quit the arcade"),
]
OVERLAY_BINDINGS = KeyBindings.from_table(OVERLAY_KEYS)
GOLD, WHITE, GREY = (255, 210, 60), (235, 235, 240), (160, 160, 180)


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((6, 8, 18, alpha))
    surface.blit(veil, (0, 0))


def _to_menu(host):
    from .scenes import Chain

    return Chain(Pop(), Replace(host.menu_scene()))


class HelpOverlay(BaseScene):
    is_overlay = True
    bindings = OVERLAY_BINDINGS

    def __init__(self, host, title: str = "KEYS") -> None:
        self.host = host
        self.title = title

    def handle(self, intention):
        name = intention.name
        if name in ("close", "menu"):
            return Pop()
        if name == "quit":
            return Quit()
        if name == RESIZE:
            self.host.relayout(intention.data)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 210)
        ctx, t = self.host.ctx, self.host.ctx.text
        w, h = surface.get_size()
        rows = self.host.key_rows()
        size = ctx.px(22)
        line_h = t.measure("Ag", size)[1] + ctx.px(6)
        per_col = max(1, (h - ctx.px(170)) // line_h)
        columns = [rows[i: i + per_col] for i in range(0, len(rows), per_col)]
        col_w = min(ctx.px(760), (w - ctx.px(60)) // max(1, len(columns)))
        x0 = (w - col_w * len(columns)) // 2
        t.draw(surface, self.title, ctx.px(40), GOLD, (w // 2, ctx.px(36)), anchor="midtop")
        for ci, column in enumerate(columns):
            y = ctx.px(100)
            for key_label, help_text in column:
                x = x0 + ci * col_w
                t.draw(surface, key_label, size, GOLD, (x, y))
                text = help_text
                room = col_w - int(col_w * 0.36) - ctx.px(10)
                while text and t.measure(text, size)[0] > room:
                    text = text[:-2] + "…"
                t.draw(surface, text, size, WHITE, (x + int(col_w * 0.36), y))
                y += line_h
        t.draw(surface, "Esc / F1 / H: close", ctx.px(20), GREY, (w // 2, h - ctx.px(24)), anchor="midbottom")


class PauseOverlay(BaseScene):
    is_overlay = True
    bindings = OVERLAY_BINDINGS

    def __init__(self, host) -> None:
        self.host = host

    def handle(self, intention):
        name = intention.name
        if name == "close":
            return Pop()
        if name == "menu":
            return _to_menu(self.host)
        if name == "quit":
            return Quit()
        if name == "restart":
            self.host.restart()
            return Pop()
        if name == RESIZE:
            self.host.relayout(intention.data)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 150)
        ctx, t = self.host.ctx, self.host.ctx.text
        w, h = surface.get_size()
        t.draw(surface, "PAUSED", ctx.px(72), GOLD, (w // 2, h // 2 - ctx.px(60)), anchor="center")
        lines = ["P / Esc / Space: resume", "R: restart", "Q: back to the options   Ctrl+Q: quit the arcade"]
        for i, text in enumerate(lines):
            t.draw(surface, text, ctx.px(26), WHITE, (w // 2, h // 2 + ctx.px(10 + 36 * i)), anchor="center")


class GameOverOverlay(BaseScene):
    is_overlay = True
    bindings = OVERLAY_BINDINGS

    def __init__(self, host) -> None:
        self.host = host

    def handle(self, intention):
        name = intention.name
        if name == "restart":
            self.host.restart()
            return Pop()
        if name == "close":
            return Pop()  # look at the final board; R restarts, Q goes back
        if name == "menu":
            return _to_menu(self.host)
        if name == "quit":
            return Quit()
        if name == RESIZE:
            self.host.relayout(intention.data)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.host.ctx, self.host.ctx.text
        area = self.host.board_rect
        headline, colour, lines = self.host.over_lines()
        box = pygame.Rect(0, 0, min(area.w - ctx.px(30), ctx.px(780)), ctx.px(150 + 34 * len(lines) + 60))
        box.center = area.center
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((8, 10, 24, 220))
        surface.blit(veil, box)
        pygame.draw.rect(surface, colour, box, max(1, ctx.px(3)), border_radius=ctx.px(8))
        t.draw(surface, headline, ctx.px(72), colour, (box.centerx, box.y + ctx.px(22)), anchor="midtop")
        y = box.y + ctx.px(112)
        for text in lines:
            size = ctx.px(24)
            while t.measure(text, size)[0] > box.w - ctx.px(30) and len(text) > 12:
                text = text[:-4] + "..."
            t.draw(surface, text, size, WHITE, (box.centerx, y), anchor="midtop")
            y += ctx.px(34)
        t.draw(surface, "R: play again   Esc: look at the board   Q: options", ctx.px(22), GOLD,
               (box.centerx, box.bottom - ctx.px(20)), anchor="midbottom")
