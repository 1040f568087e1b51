"""The replay browser shared by every game: saved replays of all games, newest first.

Each row names the game (from the document's ``format``, through :mod:`game.arcade.games`) and
the columns that game's entry describes: players, map, result, length. Only the rows on screen
are read (and then remembered), so a folder of thousands of replays opens at once. Enter or a
click opens a replay in its game's replay scene; a file no game can open is refused on screen
with the reason.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.shell.input import CLICK, HOVER, RESIZE, WHEEL, KeyBindings
from game.shell.scenes import BaseScene, Quit, Replace

from .games import game_for_format, read_document

BROWSER_KEYS: list[tuple[str, str, str]] = [
    ("up", "menu_up", "Previous replay"),
    ("down", "menu_down", "Next replay"),
    ("pageup", "menu_page_up", "Page up"),
    ("pagedown", "menu_page_down", "Page down"),
    ("home", "menu_home", "First"),
    ("end", "menu_end", "Last"),
    ("return", "menu_go", "Open"),
    ("kp_enter", "menu_go", "Open"),
    ("escape", "menu_back", "Back to the games"),
    ("q", "menu_back", "Back to the games"),
    ("ctrl+q", "quit", "Quit the arcade"),
]
COLUMNS = (("game", 0.0), ("players", 0.17), ("map", 0.47), ("result", 0.64), ("length", 0.80))


def describe(path: Path) -> dict[str, str]:
    doc = read_document(path)
    if doc is None:
        return {"game": "?", "players": "not a replay document"}
    game = game_for_format(str(doc.get("format", "")))
    if game is None:
        return {"game": "?", "players": f"unknown format {str(doc.get('format'))[:30]!r}"}
    try:
        row = dict(game.entry.describe_replay(doc))
    except Exception:  # noqa: BLE001 - a damaged file still gets a row
        row = {"players": "(damaged)"}
    row.setdefault("game", game.info.title)
    return row


class ReplayBrowserScene(BaseScene):
    bindings = KeyBindings.from_table(BROWSER_KEYS)

    def __init__(self, ctx, folder=None, *, back=None) -> None:
        from game.replay import saved_replays

        self.ctx = ctx
        self.files: list[Path] = saved_replays(folder)
        self.row = 0
        self.first = 0
        self.back = back  # a callable making the scene Esc returns to (default: the game picker)
        self.message = "" if self.files else "No saved replays yet: finish or leave a game and it is saved here."
        self._rows: dict[Path, dict[str, str]] = {}
        self._rects: list[tuple[int, pygame.Rect]] = []

    def row_info(self, path: Path) -> dict[str, str]:
        info = self._rows.get(path)
        if info is None:
            info = self._rows[path] = describe(path)
        return info

    def handle(self, intention):
        name, data = intention.name, intention.data
        n = len(self.files)
        if name == RESIZE:
            self.ctx.size = data
        elif name == "menu_back":
            return Replace(self._back_scene())
        elif name == "quit":
            return Quit()
        elif n and name in ("menu_up", "menu_down", "menu_page_up", "menu_page_down", "menu_home", "menu_end"):
            step = {"menu_up": -1, "menu_down": 1, "menu_page_up": -10, "menu_page_down": 10,
                    "menu_home": -n, "menu_end": n}[name]
            self.row = max(0, min(n - 1, self.row + step))
        elif name == "menu_go" and n:
            return self.open(self.files[self.row])
        elif name == WHEEL and n:
            self.row = max(0, min(n - 1, self.row - data.steps * 3))
        elif name == HOVER:
            hit = self.row_at(data)
            if hit is not None:
                self.row = hit
        elif name == CLICK and data.button == 1:
            hit = self.row_at(data.pos)
            if hit is not None:
                self.row = hit
                return self.open(self.files[hit])
        return None

    def _back_scene(self):
        if self.back is not None:
            return self.back(self.ctx)
        from .picker import GamePickerScene

        return GamePickerScene(self.ctx)

    def row_at(self, pos) -> int | None:
        for i, rect in self._rects:
            if rect.collidepoint(pos):
                return i
        return None

    def open(self, path: Path):
        from .games import replay_scene

        try:
            return Replace(replay_scene(self.ctx, str(path), speed="normal"))
        except (ValueError, OSError) as exc:
            self.message = f"Refused: {exc}"[:200]
            return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        surface.fill((12, 24, 52))
        t.draw(surface, "REPLAYS", ctx.px(64), (255, 210, 60), (w // 2, ctx.px(30)), anchor="midtop")
        if self.files:
            t.draw(surface, str(self.files[0].parent), ctx.px(20), (170, 170, 190), (w // 2, ctx.px(104)),
                   anchor="midtop")
        table = pygame.Rect(ctx.px(30), ctx.px(140), w - ctx.px(60), h - ctx.px(240))
        size = ctx.px(22)
        line_h = ctx.px(32)
        for label, at in COLUMNS:
            t.draw(surface, label.upper(), ctx.px(18), (150, 160, 190), (table.x + int(table.w * at) + ctx.px(8), table.y))
        top = table.y + ctx.px(28)
        per_page = max(1, (table.bottom - top) // line_h)
        if self.row < self.first:
            self.first = self.row
        elif self.row >= self.first + per_page:
            self.first = self.row - per_page + 1
        self._rects = []
        y = top
        for i in range(self.first, min(len(self.files), self.first + per_page)):
            path = self.files[i]
            info = self.row_info(path)
            rect = pygame.Rect(table.x, y, table.w, line_h)
            self._rects.append((i, rect))
            selected = i == self.row
            if selected:
                pygame.draw.rect(surface, (40, 56, 96), rect, border_radius=ctx.px(6))
            colour = (255, 210, 60) if selected else (225, 225, 235)
            for ci, (label, at) in enumerate(COLUMNS):
                right = COLUMNS[ci + 1][1] if ci + 1 < len(COLUMNS) else 1.0
                room = int(table.w * (right - at)) - ctx.px(14)
                text = info.get(label, "")
                while text and t.measure(text, size)[0] > room:
                    text = text[:-2] + "…" if len(text) > 2 else ""
                t.draw(surface, text, size, colour, (table.x + int(table.w * at) + ctx.px(8), y + ctx.px(4)))
            y += line_h
        if self.files:
            name = self.files[self.row].name
            t.draw(surface, f"{self.row + 1} of {len(self.files)}: {name}", ctx.px(20), (170, 170, 190),
                   (w // 2, h - ctx.px(86)), anchor="midbottom")
        if self.message:
            t.draw(surface, self.message, ctx.px(22), (240, 90, 80), (w // 2, h - ctx.px(58)), anchor="midbottom")
        t.draw(surface, "Up / Down, wheel: choose   Enter or click: open   Esc: back to the games", ctx.px(22),
               (170, 170, 190), (w // 2, h - ctx.px(24)), anchor="midbottom")
