"""The arcade's first screen: pick a game (from the registry), then that game's options.

Every registered game gets a card, in the registry's order; a game without an arcade entry yet
is shown dimmed ("coming soon") and cannot be picked. Below the cards, REPLAYS opens the replay list
of every game's saved games. Keyboard (arrows, Enter, Esc) and mouse (hover, click) both work.
"""

from __future__ import annotations

import pygame

from game.shell.input import CLICK, HOVER, RESIZE, KeyBindings
from game.shell.scenes import BaseScene, Quit, Replace

from .common import fit_text, font_size, gradient
from .games import ArcadeGame, arcade_games

PICKER_KEYS: list[tuple[str, str, str]] = [
    ("up", "menu_up", "Previous game"),
    ("left", "menu_up", "Previous game"),
    ("down", "menu_down", "Next game"),
    ("right", "menu_down", "Next game"),
    ("tab", "menu_down", "Next game"),
    ("return", "menu_go", "Choose"),
    ("kp_enter", "menu_go", "Choose"),
    ("escape", "menu_back", "Quit the arcade"),
    ("ctrl+q", "menu_back", "Quit the arcade"),
]
GOLD, WHITE, DIM, RED = (255, 210, 60), (232, 232, 240), (120, 124, 140), (240, 90, 80)


class GamePickerScene(BaseScene):
    bindings = KeyBindings.from_table(PICKER_KEYS)

    def __init__(self, ctx, games: list[ArcadeGame] | None = None, *, selected: str | None = None) -> None:
        self.ctx = ctx
        self.games = arcade_games() if games is None else games
        self.row = 0
        if selected is not None:
            self.row = next((i for i, g in enumerate(self.games) if g.info.id == selected), 0)
        elif self.games and not self.games[0].playable:
            self.row = next((i for i, g in enumerate(self.games) if g.playable), 0)
        self.message = ""
        self._rects: list[pygame.Rect] = []

    @property
    def rows(self) -> int:
        return len(self.games) + 1  # the games, then REPLAYS

    def handle(self, intention):
        name, data = intention.name, intention.data
        if name == RESIZE:
            self.ctx.size = data
        elif name == "menu_up":
            self.row = (self.row - 1) % self.rows
        elif name == "menu_down":
            self.row = (self.row + 1) % self.rows
        elif name == "menu_go":
            return self.choose(self.row)
        elif name == "menu_back":
            return Quit()
        elif name == HOVER:
            hit = self.row_at(data)
            if hit is not None:
                self.row = hit
        elif name == CLICK and data.button == 1:
            hit = self.row_at(data.pos)
            if hit is not None:
                self.row = hit
                return self.choose(hit)
        return None

    def row_at(self, pos) -> int | None:
        for i, rect in enumerate(self._rects):
            if rect.collidepoint(pos):
                return i
        return None

    def choose(self, row: int):
        if row >= len(self.games):
            from .games import replay_list

            return Replace(replay_list(self.ctx))
        game = self.games[row]
        if not game.playable:
            self.message = f"{game.info.title} is coming soon: its rules are here, its arcade is not yet."
            return None
        try:
            return Replace(game.entry.options_scene(self.ctx))
        except Exception as exc:  # noqa: BLE001 - shown on screen, the picker stays usable
            self.message = f"Cannot open {game.info.title}: {exc}"[:160]
            return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        gradient(surface, (12, 22, 46), (28, 52, 96), ctx.px(6))
        t.draw(surface, "TREASURE ARCADE", ctx.px(92), GOLD, (w // 2, ctx.px(60)), anchor="midtop")
        t.draw(surface, "pick a game: watch AI play it, step through it, take over, replay it", font_size(ctx, 26),
               (210, 214, 230), (w // 2, ctx.px(160)), anchor="midtop")
        card_w = min(w - ctx.px(60), max(ctx.px(1000), 860))  # a summary fits on a small screen too
        card_h = ctx.px(104)
        gap = ctx.px(16)
        y = ctx.px(230)
        self._rects = []
        for i, game in enumerate(self.games):
            rect = pygame.Rect((w - card_w) // 2, y, card_w, card_h)
            self._rects.append(rect)
            self._card(surface, rect, game, i == self.row)
            y += card_h + gap
        rect = pygame.Rect((w - card_w) // 2, y + ctx.px(6), card_w, ctx.px(56))
        self._rects.append(rect)
        selected = self.row == len(self.games)
        if selected:
            pygame.draw.rect(surface, (40, 56, 96), rect, border_radius=ctx.px(10))
        t.draw(surface, "REPLAYS (saved games of every game)", font_size(ctx, 32), GOLD if selected else WHITE,
               rect.center, anchor="center")
        if self.message:
            t.draw(surface, self.message, font_size(ctx, 24), RED, (w // 2, rect.bottom + ctx.px(20)),
                   anchor="midtop")
        t.draw(surface, "Up / Down or the mouse: choose   Enter or click: open   Esc: quit", font_size(ctx, 22),
               (170, 170, 190), (w // 2, h - ctx.px(30)), anchor="midbottom")

    def _card(self, surface, rect: pygame.Rect, game: ArcadeGame, selected: bool) -> None:
        ctx, t = self.ctx, self.ctx.text
        radius = ctx.px(12)
        pygame.draw.rect(surface, (44, 62, 104) if selected else (24, 34, 62), rect, border_radius=radius)
        pygame.draw.rect(surface, GOLD if selected else (70, 84, 120), rect, max(1, ctx.px(3)), border_radius=radius)
        pad = ctx.px(20)
        icon = pygame.Rect(rect.x + pad, rect.y + (rect.h - ctx.px(72)) // 2, ctx.px(72), ctx.px(72))
        drawer = getattr(game.entry, "draw_icon", None) if game.entry is not None else None
        if drawer is not None:
            try:
                drawer(surface, icon, ctx)
            except Exception:  # noqa: BLE001 - an icon never breaks the picker
                pygame.draw.rect(surface, (60, 70, 100), icon, border_radius=ctx.px(8))
        else:
            pygame.draw.rect(surface, (60, 70, 100), icon, border_radius=ctx.px(8))
        x = icon.right + pad
        title_colour = (GOLD if selected else WHITE) if game.playable else DIM
        title = game.info.title + ("" if game.playable else "   (coming soon)")
        t.draw(surface, title, font_size(ctx, 40), title_colour, (x, rect.y + ctx.px(14)))
        summary = game.info.summary
        size = font_size(ctx, 22)
        summary = fit_text(t, summary, size, rect.right - pad - x)
        t.draw(surface, summary, size, (200, 204, 220) if game.playable else DIM, (x, rect.y + ctx.px(62)))
