"""A small file browser for choosing a map: folders and ``.txt`` files, keyboard and mouse.

Up/Down (or the wheel) move, Enter/Right (or a click on the chosen entry, or a double click)
open a folder or choose a map, Backspace/Left goes up a folder, Esc leaves without choosing.
The chosen path goes to a callback (the title screen's map field) and the browser pops itself.
An unreadable folder is shown as such and never raises.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame

from game.shell.input import CLICK, RESIZE, WHEEL
from game.shell.scenes import BaseScene, Pop

from . import keys
from game.arcade.common import fit_text, keep_in_view


@dataclass(frozen=True)
class Entry:
    path: Path
    kind: str  # "parent", "folder" or "map"

    @property
    def label(self) -> str:
        if self.kind == "parent":
            return ".. (up one folder)"
        return self.path.name + ("/" if self.kind == "folder" else "")


def list_folder(folder: Path) -> tuple[list[Entry], str]:
    """The entries of ``folder``: its parent, then sub-folders, then ``.txt`` files, each sorted
    by name (hidden ones left out); and an error message if the folder cannot be read."""
    entries = [Entry(folder.parent, "parent")] if folder.parent != folder else []
    try:
        children = list(folder.iterdir())
    except OSError as exc:
        return entries, f"cannot read {folder}: {exc.strerror or exc}"
    folders, maps = [], []
    for child in children:
        if child.name.startswith("."):
            continue
        try:
            if child.is_dir():
                folders.append(Entry(child, "folder"))
            elif child.suffix.lower() == ".txt" and child.is_file():
                maps.append(Entry(child, "map"))
        except OSError:
            continue
    folders.sort(key=lambda e: e.path.name.lower())
    maps.sort(key=lambda e: e.path.name.lower())
    return entries + folders + maps, ""


class MapBrowserScene(BaseScene):
    bindings = keys.bindings(keys.BROWSER_KEYS)

    def __init__(self, ctx, on_choose: Callable[[Path], None], *, start: Path | None = None) -> None:
        from game.paths import MAPS_DIR

        self.ctx = ctx
        self.on_choose = on_choose
        folder = Path(start) if start is not None else MAPS_DIR
        if not folder.is_dir():
            folder = MAPS_DIR if MAPS_DIR.is_dir() else Path.cwd()
        self.row_rects: dict[int, pygame.Rect] = {}
        self.first = 0
        self.open_folder(folder.resolve())

    def open_folder(self, folder: Path, select: Path | None = None) -> None:
        self.folder = folder
        self.entries, self.message = list_folder(folder)
        self.row = 0
        if select is not None:
            self.row = next((i for i, e in enumerate(self.entries) if e.path == select), 0)
        elif len(self.entries) > 1 and self.entries[0].kind == "parent":
            self.row = 1  # the first real entry, not ".."
        self.first = 0

    @property
    def chosen(self) -> Entry | None:
        return self.entries[self.row] if self.entries else None

    def go(self):
        entry = self.chosen
        if entry is None:
            return None
        if entry.kind == "map":
            self.on_choose(entry.path)
            return Pop()
        previous = self.folder
        self.open_folder(entry.path.resolve(), select=previous if entry.kind == "parent" else None)
        return None

    def parent(self) -> None:
        if self.folder.parent != self.folder:
            self.open_folder(self.folder.parent, select=self.folder)

    def handle(self, intention):
        name, n = intention.name, len(self.entries)
        if name == RESIZE:
            self.ctx.size = intention.data
        elif name == "menu_back":
            return Pop()
        elif name == "menu_go":
            return self.go()
        elif name == "menu_parent":
            self.parent()
        elif n and name in ("menu_up", "menu_down", "menu_page_up", "menu_page_down", "menu_home", "menu_end"):
            step = {"menu_up": -1, "menu_down": 1, "menu_page_up": -10, "menu_page_down": 10,
                    "menu_home": -n, "menu_end": n}[name]
            self.row = max(0, min(n - 1, self.row + step))
        elif name == WHEEL and n:
            self.row = max(0, min(n - 1, self.row - intention.data.steps))
        elif name == CLICK:
            for i, rect in self.row_rects.items():
                if rect.collidepoint(intention.data.pos):
                    if i == self.row:  # a click on the chosen entry opens it (a double click does)
                        return self.go()
                    self.row = i
                    break
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        surface.fill((12, 24, 52))
        title = t.draw(surface, "CHOOSE A MAP", ctx.px(56), (255, 210, 60), (w // 2, ctx.px(20)), anchor="midtop")
        width = min(w - ctx.px(40), ctx.px(1100))
        x = (w - width) // 2
        small = ctx.font(20)
        where = t.draw(surface, fit_text(t, str(self.folder), small, width), small, (170, 200, 240),
                       (w // 2, title.bottom + ctx.px(6)), anchor="midtop")
        size = ctx.font(32)
        line_h = t.measure("Ag", size)[1] + ctx.px(10)
        footer_h = t.measure("Ag", small)[1] * 2 + ctx.px(30)
        top = where.bottom + ctx.px(14)
        per_page = max(1, (h - top - footer_h) // line_h)
        self.first = keep_in_view(self.row, self.first, per_page)
        self.row_rects = {}
        y = top
        for i in range(self.first, min(len(self.entries), self.first + per_page)):
            entry = self.entries[i]
            bar = pygame.Rect(x, y, width, line_h - ctx.px(4))
            selected = i == self.row
            if selected:
                pygame.draw.rect(surface, (40, 56, 96), bar, border_radius=ctx.px(6))
            colour = (255, 210, 60) if selected else (150, 200, 255) if entry.kind != "map" else (230, 230, 238)
            t.draw(surface, fit_text(t, entry.label, size, width - ctx.px(24)), size, colour,
                   (x + ctx.px(12), bar.centery), anchor="midleft")
            self.row_rects[i] = bar
            y += line_h
        if not self.entries or self.message:
            note = self.message or "This folder is empty."
            t.draw(surface, fit_text(t, note, small, width), small, (240, 90, 80), (w // 2, y + ctx.px(8)),
                   anchor="midtop")
        elif not any(e.kind == "map" for e in self.entries):
            t.draw(surface, "No .txt maps here: open a folder", small, (170, 170, 190), (w // 2, y + ctx.px(8)),
                   anchor="midtop")
        footer = "Up / Down: choose   Enter / Right / click: open or choose   Backspace / Left: up a folder   Esc: back"
        t.draw(surface, fit_text(t, footer, small, w - ctx.px(20)), small, (170, 170, 190),
               (w // 2, h - ctx.px(12)), anchor="midbottom")
