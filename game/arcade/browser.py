"""The list of saved replays, every game's (the picker's REPLAYS row): one row per file with its game,
map, date, outcome, turns and whether a human played. Each game fills its rows and opens its
replays through its arcade entry (:mod:`game.arcade.games`), so this scene knows no game."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.replayfiles import saved_replays
from game.shell.input import CLICK, RESIZE, WHEEL, KeyBindings
from game.shell.scenes import BaseScene, Quit, Replace

from .common import fit_text, keep_in_view, wrap

LIST_KEYS: list[tuple[str, str, str]] = [
    ("up", "menu_up", "Previous replay"),
    ("down", "menu_down", "Next replay"),
    ("pageup", "menu_page_up", "Page up"),
    ("pagedown", "menu_page_down", "Page down"),
    ("return", "menu_go", "Open"),
    ("kp_enter", "menu_go", "Open"),
    ("escape", "menu_back", "Back"),
    ("q", "menu_back", "Back"),
    ("delete", "menu_delete", "Delete the chosen replay (asks first)"),
    ("y", "menu_yes", "Yes (to a question)"),
    ("n", "menu_no", "No (to a question)"),
]


def replay_columns(path: Path) -> dict[str, str]:
    """What the replay list shows for one file: game, map, date, outcome, turns, and whether a
    human played (some or all of the actions). Reads the JSON document only; a file that is not
    a readable replay says so in the outcome column."""
    from .games import game_for_format, other_game_columns, read_document

    row = {"game": "?", "map": path.stem, "date": "", "outcome": "unreadable", "turns": "", "human": ""}
    doc = read_document(path)  # strict, and never raises: too deep, too large or broken is None
    if doc is None:
        return row

    game = game_for_format(str(doc.get("format", "")))
    columns = getattr(game.entry, "replay_columns", None) if game is not None else None
    if columns is not None:  # a game that fills its own row (Treasure Island)
        return columns(path, doc, row)
    return other_game_columns(path, doc, row)  # else from its describe_replay


COLUMNS = (("game", "GAME", 0.0), ("map", "MAP", 0.17), ("date", "DATE", 0.42), ("outcome", "OUTCOME", 0.62),
           ("turns", "TURNS", 0.77), ("human", "HUMAN", 0.86))


class ReplayListScene(BaseScene):
    """The saved replays, newest first, one row per file with its game, map, date, outcome,
    turns and whether a human played. Enter opens one; Delete removes one after Y confirms;
    Esc goes back (``back()``, set by whoever opened the list; else to the game picker)."""

    bindings = KeyBindings.from_table(LIST_KEYS)

    def __init__(self, ctx, folder=None) -> None:
        self.ctx = ctx
        self.folder = folder
        self.files = saved_replays(folder)
        self.row = 0
        self.first = 0
        self.confirm_delete: Path | None = None
        self.row_rects: dict[int, pygame.Rect] = {}
        self._columns: dict[Path, dict[str, str]] = {}
        self.message = "" if self.files else "No saved replays yet: finish a game and it is saved here."
        self.back = None  # the game picker sets it: Esc then returns back()

    def columns(self, path: Path) -> dict[str, str]:
        if path not in self._columns:
            self._columns[path] = replay_columns(path)
        return self._columns[path]

    def handle(self, intention):
        name = intention.name
        n = len(self.files)
        if name == RESIZE:
            self.ctx.size = intention.data
            return None
        if self.confirm_delete is not None:
            if name in ("menu_yes", "menu_go"):
                self.delete(self.confirm_delete)
            elif name in ("menu_no", "menu_back", "menu_delete") or name.startswith("menu_"):
                self.message = "Kept."
            self.confirm_delete = None
            return None
        if name == "menu_back":
            if self.back is not None:
                return self.back()
            from .picker import GamePickerScene

            return Replace(GamePickerScene(self.ctx))
        if n and name in ("menu_up", "menu_down", "menu_page_up", "menu_page_down"):
            step = {"menu_up": -1, "menu_down": 1, "menu_page_up": -10, "menu_page_down": 10}[name]
            self.row = max(0, min(n - 1, self.row + step))
        elif name == "menu_go" and n:
            return self.open(self.files[self.row])
        elif name == "menu_delete" and n:
            self.confirm_delete = self.files[self.row]
            self.message = ""
        elif name == WHEEL and n:
            self.row = max(0, min(n - 1, self.row - intention.data.steps))
        elif name == CLICK:
            for i, rect in self.row_rects.items():
                if rect.collidepoint(intention.data.pos):
                    if i == self.row:
                        return self.open(self.files[i])
                    self.row = i
        elif name == "window_close":
            return Quit()
        return None

    def delete(self, path: Path) -> None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.message = f"Could not delete {path.name}: {exc.strerror}"
            return
        self.files = [p for p in self.files if p != path]
        self._columns.pop(path, None)
        self.row = max(0, min(self.row, len(self.files) - 1))
        self.message = f"Deleted {path.name}."

    def open(self, path: Path):
        """The replay's own game opens it (its entry's ``replay_scene``); a file no game opens is
        refused with the reason, in the message line."""
        from .games import replay_scene

        try:
            scene = replay_scene(self.ctx, str(path), speed="normal")
        except (ValueError, OSError) as exc:
            self.message = f"Refused: {exc}"[:300]
            return None
        scene.back_to_list = lambda: Replace(self.reopened(path))  # Esc/Q come back here, on this row
        return Replace(scene)

    def reopened(self, path: Path) -> "ReplayListScene":
        """This list afresh (files may have come or gone), the row on ``path`` if it is still there."""
        again = ReplayListScene(self.ctx, self.folder)
        again.back = self.back
        if path in again.files:
            again.row = again.files.index(path)
        return again

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        surface.fill((12, 24, 52))
        title = t.draw(surface, "REPLAYS", ctx.px(64), (255, 210, 60), (w // 2, ctx.px(20)), anchor="midtop")
        small = max(16, ctx.px(24))
        y = title.bottom + ctx.px(4)
        folder = self.files[0].parent if self.files else None
        if folder is not None:
            y = t.draw(surface, fit_text(t, str(folder), small, w - ctx.px(40)), small, (170, 170, 190),
                       (w // 2, y), anchor="midtop").bottom
        width = min(w - ctx.px(40), ctx.px(1400))
        x0 = (w - width) // 2
        size = max(18, ctx.px(32))
        y += ctx.px(12)
        for key, head, share in COLUMNS:
            t.draw(surface, head, small, (150, 170, 210), (x0 + ctx.px(12) + int(width * share), y))
        y += t.measure("Ag", small)[1] + ctx.px(6)
        line_h = t.measure("Ag", size)[1] + ctx.px(10)
        footer_h = 3 * t.measure("Ag", small)[1] + ctx.px(40)
        per_page = max(1, (h - y - footer_h) // line_h)
        self.first = keep_in_view(self.row, self.first, per_page)
        self.row_rects = {}
        edges = [int(width * share) for _, _, share in COLUMNS] + [width]
        for i, path in enumerate(self.files[self.first:self.first + per_page], start=self.first):
            selected = i == self.row
            bar = pygame.Rect(x0, y, width, line_h - ctx.px(4))
            if selected:
                pygame.draw.rect(surface, (40, 56, 96), bar, border_radius=ctx.px(6))
            colour = (255, 210, 60) if selected else (225, 225, 235)
            row = self.columns(path)
            for c, (key, _, _) in enumerate(COLUMNS):
                cell_w = edges[c + 1] - edges[c] - ctx.px(14)
                text = fit_text(t, row[key], size, cell_w)
                cell_colour = colour
                if key == "outcome" and not selected:
                    cell_colour = {"WIN": (110, 220, 120), "LOSE": (240, 90, 80)}.get(row[key], (170, 170, 190))
                t.draw(surface, text, size, cell_colour, (x0 + ctx.px(12) + edges[c], bar.centery), anchor="midleft")
            self.row_rects[i] = bar
            y += line_h
        bottom = h - ctx.px(12) - t.measure("Ag", small)[1] - ctx.px(8)
        if self.confirm_delete is not None:
            t.draw(surface, fit_text(t, f"Delete {self.confirm_delete.name}?  Y / Enter: delete    N / Esc: keep",
                                     size, w - ctx.px(40)),
                   size, (255, 210, 60), (w // 2, bottom), anchor="midbottom")
        elif self.message:
            lines = wrap(t, self.message, small, w - ctx.px(60), 3)
            for k, part in enumerate(reversed(lines)):
                t.draw(surface, part, small, (240, 90, 80), (w // 2, bottom - k * (t.measure("Ag", small)[1] + 2)),
                       anchor="midbottom")
        elif self.files:  # the chosen row's file: two rows alike in every column are told apart here
            t.draw(surface, fit_text(t, f"File: {self.files[self.row].name}", small, w - ctx.px(40)), small,
                   (170, 170, 190), (w // 2, bottom), anchor="midbottom")
        t.draw(surface, "Up / Down: choose   Enter / click: open   Delete: delete (asks)   Esc: back", small,
               (170, 170, 190), (w // 2, h - ctx.px(12)), anchor="midbottom")



ReplayBrowserScene = ReplayListScene  # the name Scotland Yard's replay scene opens
