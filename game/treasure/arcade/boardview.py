"""The map area of the play screen: island, overlays, characters, effects, minimap.

A :class:`BoardView` reads a :class:`~game.treasure.arcade.match.Match` and never changes it. It shows
one step of the match's history (``shown``); the director moves the characters between steps
and then calls :meth:`show`. ``text=False`` leaves out every string (for golden images).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pygame

from game.shell.camera import DEFAULT_ZOOM_LEVELS, Camera
from game.shell.text import TextRenderer
from game.treasure.observation import observe

from .animation import Actor, EffectList, pulse
from .director import Director
from .mapview import MapPicture, max_tile
from .match import Match, candidates
from .overlays import OverlayData, OverlayLayer
from .sprites import Sprites

OVERLAYS = ("ruled_out", "scanned", "heat", "path", "treasure", "regions")
DEFAULT_OVERLAYS = {"scanned", "path"}
PATH_COLOUR = (235, 60, 60)


@dataclass
class ToastLine:
    text: str
    colour: tuple[int, int, int]
    seconds: float
    age: float = 0.0


class BoardView:
    def __init__(
        self,
        match: Match,
        sprites: Sprites,
        viewport: pygame.Rect | tuple,
        *,
        text: TextRenderer | None = None,
        overlays: set[str] | None = None,
        ui_scale: float = 1.0,
    ) -> None:
        self.match = match
        self.sprites = sprites
        self.text = text
        self.ui_scale = ui_scale
        board = match.board
        top = max_tile(board)
        levels = tuple(sorted({lv for lv in (2, 3) + DEFAULT_ZOOM_LEVELS if lv <= top} | {min(top, 4)}))
        self.camera = Camera(board.width, board.height, viewport, levels=levels)
        self.picture = MapPicture(board, sprites)
        self.overlay = OverlayLayer(board.shape)
        self.on: set[str] = set(DEFAULT_OVERLAYS if overlays is None else overlays)
        self.agent = Actor("agent")
        self.pirate = Actor("pirate", visible=False)
        self.effects = EffectList()
        self.toasts: list[ToastLine] = []
        self.director = Director(self)
        self.flash: tuple[int, bool] | None = None  # a hint just verified: (index, truth)
        self.hint_focus: int | None = None  # hovered or selected hint, highlighted on the map
        self.game_over = False
        self.ghost: tuple | None = None  # the AI's suggestion while a human plays: (action, reason)
        self.seconds = 0.0
        self.minimap_mode = "auto"  # auto (when the map does not fit), on, off
        self.sound = None  # a SoundBoard, if the scene gives one: the director plays effects on it
        self.hover_tile: tuple[int, int] | None = None  # the tile under the mouse pointer
        self.legend = True  # the row that says which overlays are on (needs text)
        self.hover_lift = 0  # pixels to keep free under the hover readout (the replay's marker legend)
        self._minimap: pygame.Surface | None = None
        self.show(len(match.steps) - 1)

    # -- what is shown --------------------------------------------------------------------------

    @property
    def state(self):
        return self.match.steps[self.shown].state

    def show(self, index: int) -> None:
        """Show history step ``index``: characters on their tiles, overlays for that state."""
        self.shown = index
        state = self.state
        self.agent.place(state.agent)
        self.agent.scale = 1.0
        self.pirate.visible = state.revealed
        self.pirate.place(state.pirate if state.revealed else state.prison)
        self.game_over = state.over

    def reset(self) -> None:
        """After the match restarted: forget animations, show its first state."""
        self.director.clear()
        self.effects.clear()
        self.toasts.clear()
        self.flash = None
        self.hint_focus = None
        self.ghost = None
        self.show(len(self.match.steps) - 1)

    def catch_up(self) -> None:
        """Queue animations for history steps the view has not animated yet."""
        queued = set(self.director.pending)
        if self.director.current_index is not None:
            queued.add(self.director.current_index)
        last = max([self.shown, *queued])
        for index in range(last + 1, len(self.match.steps)):
            self.director.enqueue(index)

    def toggle(self, name: str) -> bool:
        if name in self.on:
            self.on.discard(name)
        else:
            self.on.add(name)
        return name in self.on

    def say(self, text: str, colour, seconds: float) -> None:
        self.toasts.append(ToastLine(text, colour, seconds))
        self.toasts = self.toasts[-3:]

    # -- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.seconds += dt
        self.director.update(dt)
        rate = min(self.director.rate, 8.0)
        self.effects.update(dt * rate)
        self.agent.update(dt * rate)
        self.pirate.update(dt * rate)
        for toast in self.toasts:
            toast.age += dt
        self.toasts = [t for t in self.toasts if t.age < t.seconds]
        self.camera.update(dt)

    # -- overlays -------------------------------------------------------------------------------

    def _overlay_key(self) -> tuple:
        focus = self.flash[0] if self.flash else self.hint_focus
        heat_version = self.match.version if "heat" in self.on else None
        return (self.shown, tuple(sorted(self.on & {"ruled_out", "scanned", "heat"})), focus, heat_version,
                id(self.match.steps[0]))

    def _overlay_data(self) -> OverlayData:
        state = self.state
        obs = observe(state)
        board = self.match.board
        focus = self.flash[0] if self.flash else self.hint_focus
        hint = None
        if focus is not None and 1 <= focus <= len(obs.hints):
            hint = np.asarray(obs.hints[focus - 1].mask, dtype=bool)
        ruled_out = scanned = heat = None
        if "ruled_out" in self.on or "heat" in self.on:
            cand = candidates(board, obs)
            if "ruled_out" in self.on:
                ruled_out = board.eligible & ~cand & ~state.scanned
            if "heat" in self.on:
                heat = self.match.probabilities() if self.shown == len(self.match.steps) - 1 else None
                if heat is None:
                    heat = cand.astype(np.float32)
        if "scanned" in self.on:
            scanned = np.asarray(state.scanned, dtype=bool)
        return OverlayData(ruled_out=ruled_out, scanned=scanned, heat=heat, hint=hint)

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        camera = self.camera
        clip = surface.get_clip()
        surface.set_clip(camera.viewport)
        surface.fill((14, 30, 64), camera.viewport)
        self.picture.draw(surface, camera, self.seconds)
        self.overlay.set(self._overlay_key(), self._overlay_data)
        self.overlay.draw(surface, camera)
        self._draw_flash_edge(surface)
        if "path" in self.on:
            self._draw_pirate_path(surface)
        if "treasure" in self.on or self.game_over:
            self._draw_treasure(surface)
        for effect in self.effects.effects:
            effect.draw(surface, camera)
        if self.ghost is not None:
            self._draw_ghost(surface)
        self.pirate.draw(surface, camera, self.sprites)
        self.agent.draw(surface, camera, self.sprites)
        if self.text is not None:
            if "regions" in self.on:
                self._draw_region_numbers(surface)
            self._draw_toasts(surface)
        self._draw_minimap(surface)
        if self.text is not None:
            self._draw_hover(surface)
            self._draw_ruler(surface)
            if self.legend:
                self._draw_legend(surface)
        surface.set_clip(clip)

    # -- what a player reasons with: the tile under the pointer, the edges, the legend -----------

    def font_px(self, value: float) -> int:
        """A font size scaled to the screen, never below a legible 16 (about 11 px letters)."""
        return max(16, int(value * self.ui_scale))

    def set_hover(self, pos) -> None:
        """The pointer moved: remember the map tile under it (None off the map)."""
        camera = self.camera
        tile = camera.screen_to_tile(pos) if pos is not None and camera.viewport.collidepoint(pos) else None
        if tile is not None and self.minimap_visible() and self.minimap_rect().collidepoint(pos):
            tile = None
        self.hover_tile = tile

    def tile_facts(self, tile: tuple[int, int]) -> str:
        """One line about a tile: ``(12, 30)  region 4  land: possible (0.8%)``, or why not."""
        from game.treasure.agents.knowledge import public_possible

        board = self.match.board
        r, c = tile
        if not board.on_map(tile):
            return ""
        state = self.state
        region = int(board.region[r, c])
        head = f"({r}, {c})  " + ("sea" if region == 0 else f"region {region}")
        if board.mountain[r, c]:
            return head + "  mountain: no treasure, no walking"
        if board.prison[r, c]:
            return head + "  a prison: no treasure"
        if region == 0:
            return head + ": no treasure"
        if state.scanned[r, c]:
            return head + "  scanned: no treasure here"
        key = (self.shown, id(self.match.steps[0]))
        if getattr(self, "_possible_key", None) != key:
            self._possible = public_possible(observe(state))
            self._possible_key = key
        if not self._possible[r, c]:
            for k, (hint, verdict) in enumerate(zip(state.hints, state.verified), start=1):
                if verdict is not None and bool(hint.mask[r, c]) != verdict:
                    return head + f"  ruled out by hint {k}"
            return head + "  ruled out (the pirate's walk or prison)"
        n = int(self._possible.sum())
        if n == 1:
            return head + "  the only tile left: the treasure is here"
        return head + f"  possible (one of {n} tiles left)"

    def _draw_hover(self, surface: pygame.Surface) -> None:
        tile = self.hover_tile
        if tile is None:
            return
        camera = self.camera
        rect = camera.tile_rect(tile)
        pygame.draw.rect(surface, (255, 255, 255), rect.inflate(2, 2), 2 if camera.tile >= 8 else 1)
        text = self.tile_facts(tile)
        if not text:
            return
        size = self.font_px(20)
        label = self.text.render(text, size, (240, 240, 245))
        box = label.get_rect().inflate(16, 8)
        view = camera.viewport
        box.bottomright = (view.right - 8, view.bottom - 8 - self.hover_lift)
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((8, 10, 24, 215))
        surface.blit(shade, box)
        surface.blit(label, label.get_rect(center=box.center))

    def _draw_ruler(self, surface: pygame.Surface) -> None:
        """Row numbers down the left edge and column numbers along the top, when zoomed in
        enough that a player counts tiles (the whole map fits: no ruler)."""
        camera = self.camera
        if camera.tile < 10 or camera.viewport.contains(camera.map_rect):
            return
        view = camera.viewport
        size = self.font_px(16)
        gap = max(1, -(-self.text.measure("000", size)[0] * 2 // camera.tile))  # tiles between labels
        every = next(k for k in (1, 2, 5, 10, 20, 50, 100) if k >= gap)
        rows, cols = camera.visible_tile_range()
        band = pygame.Surface((view.w, self.text.measure("0", size)[1] + 4), pygame.SRCALPHA)
        band.fill((8, 10, 24, 170))
        surface.blit(band, view.topleft)
        for col in range(cols.start - cols.start % every, cols.stop, every):
            x, _ = camera.world_to_screen((0, col + 0.5))
            if view.x + 20 < x < view.right - 10:
                self.text.draw(surface, str(col), size, (230, 230, 240), (int(x), view.y + 2), anchor="midtop")
        side = pygame.Surface((self.text.measure("000", size)[0] + 8, view.h), pygame.SRCALPHA)
        side.fill((8, 10, 24, 170))
        surface.blit(side, view.topleft)
        for row in range(rows.start - rows.start % every, rows.stop, every):
            _, y = camera.world_to_screen((row + 0.5, 0))
            if view.y + band.get_height() + 6 < y < view.bottom - 10:
                self.text.draw(surface, str(row), size, (230, 230, 240), (view.x + 4, int(y)), anchor="midleft")

    LEGEND = (("ruled_out", "E", "ruled out"), ("scanned", "C", "scanned"), ("heat", "Shift+M", "heat"),
              ("path", "W", "pirate path"), ("treasure", "X", "treasure"), ("regions", "I", "regions"))

    def legend_chips(self) -> list[tuple[str, bool]]:
        """The legend row's chips, ``("E ruled out", on)``: every overlay and its key."""
        return [(f"{key} {label}", name in self.on) for name, key, label in self.LEGEND]

    def _legend_origin(self) -> tuple[int, int, int]:
        """(x, y, font size) of the legend row: right of and below the ruler's bands when shown."""
        view = self.camera.viewport
        ruler = self.camera.tile >= 10 and not view.contains(self.camera.map_rect)
        x = view.x + (self.text.measure("000", self.font_px(16))[0] + 14 if ruler else 8)
        y = view.y + (self.text.measure("0", self.font_px(16))[1] + 8 if ruler else 6)
        return x, y, self.font_px(19)

    def legend_bottom(self) -> int:
        """The first screen row below the legend (and the heat map's key when it shows): what
        is drawn over the board's top (the game-over box) starts there."""
        view = self.camera.viewport
        if not self.legend or self.text is None:
            return view.y
        _, y, size = self._legend_origin()
        line = self.text.measure("0", size)[1]
        bottom = y + line
        if "heat" in self.on:
            bottom += 6 + max(line, max(10, int(14 * self.ui_scale)) + 2)
        return bottom + 4

    def _draw_legend(self, surface: pygame.Surface) -> None:
        view = self.camera.viewport
        x0, y, size = self._legend_origin()
        x = x0
        for text, on in self.legend_chips():
            label = self.text.render(text, size, (20, 20, 24) if on else (175, 175, 190),
                                     (255, 210, 60) if on else (28, 30, 48))
            if x + label.get_width() > view.right - 8:
                break
            surface.blit(label, (x, y))
            x += label.get_width() + 6
        if "heat" in self.on:
            self._draw_heat_legend(surface, x0, y + self.text.measure("0", size)[1] + 6, size)

    def _draw_heat_legend(self, surface: pygame.Surface, x: int, y: int, size: int) -> None:
        """The heat map's key: the colour ramp from unlikely to likely, as the overlay paints it."""
        w, h = max(120, int(200 * self.ui_scale)), max(10, int(14 * self.ui_scale))
        left = self.text.render("unlikely", size, (230, 230, 240), (20, 22, 36))
        surface.blit(left, (x, y))
        x += left.get_width() + 6
        for i in range(w):
            level = i / (w - 1)
            colour = (255, int(230 - 190 * level), int(40 - 40 * level))
            pygame.draw.line(surface, colour, (x + i, y + 2), (x + i, y + 2 + h))
        right = self.text.render("likely", size, (230, 230, 240), (20, 22, 36))
        surface.blit(right, (x + w + 6, y))

    def _draw_ghost(self, surface: pygame.Surface) -> None:
        """The AI's suggestion as a see-through preview: the path, the scan square, the target."""
        from game.treasure.actions import LargeScan, Move, MoveSmall, Teleport, Verify

        action = self.ghost[0]
        state, camera = self.state, self.camera
        t = camera.tile
        blink = 150 + int(80 * pulse(self.seconds * 1.5))
        layer = pygame.Surface(camera.viewport.size, pygame.SRCALPHA)
        ox, oy = camera.viewport.topleft

        def centre(tile):
            x, y = camera.world_to_screen((tile[0] + 0.5, tile[1] + 0.5))
            return int(x) - ox, int(y) - oy

        def square(tile, size):
            half = size // 2
            x, y = camera.world_to_screen((tile[0] - half, tile[1] - half))
            rect = pygame.Rect(int(x) - ox, int(y) - oy, size * t, size * t)
            layer.fill((120, 230, 255, 60), rect)
            pygame.draw.rect(layer, (160, 240, 255, blink), rect, max(2, t // 6))

        width = max(3, t // 4)
        if isinstance(action, Move):
            dr, dc = action.delta
            path = [(state.agent[0] + dr * i, state.agent[1] + dc * i) for i in range(action.steps + 1)]
            points = [centre(p) for p in path]
            pygame.draw.lines(layer, (10, 30, 50, 200), False, points, width + 4)
            pygame.draw.lines(layer, (160, 240, 255, blink), False, points, width)
            for p in points[1:]:
                pygame.draw.circle(layer, (160, 240, 255, blink), p, max(3, t // 5))
            end = points[-1]
            pygame.draw.circle(layer, (255, 255, 255, blink), end, max(5, t // 2), max(2, t // 8))
            if isinstance(action, MoveSmall):
                square(path[-1], state.config.small_scan)
        elif isinstance(action, LargeScan):
            square(state.agent, state.config.large_scan)
        elif isinstance(action, Teleport):
            a, b = centre(state.agent), centre(action.target)
            pygame.draw.line(layer, (160, 240, 255, blink // 2), a, b, max(2, width // 2))
            pygame.draw.circle(layer, (160, 240, 255, blink), b, max(6, t), max(2, t // 6))
        elif isinstance(action, Verify) and 1 <= action.hint <= len(state.hints):
            mask = np.asarray(state.hints[action.hint - 1].mask, dtype=bool)
            rows, cols = camera.visible_tile_range()
            for r in range(rows.start, rows.stop):
                for c in np.flatnonzero(mask[r, cols]) + cols.start:
                    x, y = camera.world_to_screen((r, c))
                    layer.fill((160, 240, 255, 50), (int(x) - ox, int(y) - oy, t, t))
        surface.blit(layer, camera.viewport.topleft)
        if self.text is not None:
            label = self.text.render(f"AI: {action.text()}", max(16, int(20 * self.ui_scale)), (10, 20, 30),
                                     (160, 240, 255))
            x, y = centre(state.agent)
            surface.blit(label, label.get_rect(midbottom=(x + ox, y + oy - max(int(t * 1.6), 30))))

    def _draw_flash_edge(self, surface: pygame.Surface) -> None:
        if self.flash is None:
            return
        colour = (110, 220, 120) if self.flash[1] else (240, 80, 70)
        pygame.draw.rect(surface, colour, self.camera.viewport, max(4, int(8 * self.ui_scale)))

    def _draw_pirate_path(self, surface: pygame.Surface) -> None:
        state = self.state
        if "treasure" in self.on and state.revealed:
            self._draw_path_ahead(surface)
        if not state.free or state.pirate_steps == 0:
            return
        walked = state.pirate_route[: state.pirate_steps + 1]
        points = [self.camera.world_to_screen((r + 0.5, c + 0.5)) for r, c in walked]
        # While the pirate walks, the line follows him to where he is now.
        if self.pirate.walking:
            points.append(self.camera.world_to_screen((self.pirate.row + 0.5, self.pirate.col + 0.5)))
        width = max(2, self.camera.tile // 5)
        if len(points) >= 2:
            pygame.draw.lines(surface, (60, 10, 10), False, points, width + 2)
            pygame.draw.lines(surface, PATH_COLOUR, False, points, width)
        for x, y in points[:1]:
            pygame.draw.circle(surface, PATH_COLOUR, (int(x), int(y)), width + 2)

    def _draw_path_ahead(self, surface: pygame.Surface) -> None:
        """With the spectator spoiler on: the pirate's route still to walk, dotted, to the
        treasure (his walk is fixed by the rules, so this is exactly where he will go)."""
        state = self.state
        ahead = state.pirate_route[state.pirate_steps:]
        if len(ahead) < 2:
            return
        radius = max(2, self.camera.tile // 6)
        for i, (r, c) in enumerate(ahead[1:], start=1):
            x, y = self.camera.world_to_screen((r + 0.5, c + 0.5))
            if not self.camera.viewport.collidepoint(x, y):
                continue
            pygame.draw.circle(surface, (60, 10, 10), (int(x), int(y)), radius + 1)
            pygame.draw.circle(surface, (255, 140, 120) if i % 2 else PATH_COLOUR, (int(x), int(y)), radius)

    def _draw_treasure(self, surface: pygame.Surface) -> None:
        tile = self.match.board.treasure
        if tile is None:
            return
        t = self.camera.tile
        size = max(t, 18)
        cx, cy = self.camera.world_to_screen((tile[0] + 0.5, tile[1] + 0.5))
        glow = int(size * (0.7 + 0.15 * pulse(self.seconds)))
        pygame.draw.circle(surface, (255, 214, 64), (int(cx), int(cy)), glow, max(2, size // 10))
        image = self.sprites.scaled("treasure", size)
        surface.blit(image, image.get_rect(center=(int(cx), int(cy))))

    def _draw_region_numbers(self, surface: pygame.Surface) -> None:
        size = max(16, min(28, int(self.camera.tile * 0.9)))  # never under a legible 16
        for rid, tile in self.picture.label_tiles.items():
            x, y = self.camera.world_to_screen((tile[0] + 0.5, tile[1] + 0.5))
            if not self.camera.viewport.collidepoint(x, y):
                continue
            label = self.text.render(str(rid), size, (255, 255, 255), (30, 24, 20))
            surface.blit(label, label.get_rect(center=(int(x), int(y))))

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        view = self.camera.viewport
        size = max(16, int(26 * self.ui_scale))
        y = view.y + int(14 * self.ui_scale)
        if self.legend:  # below the legend row (and the ruler's band)
            y += 2 * self.text.measure("0", self.font_px(16))[1] + 8
        for toast in self.toasts[-2:]:
            text = toast.text if len(toast.text) <= 110 else toast.text[:107] + "..."
            label = self.text.render(text, size, toast.colour)
            box = label.get_rect(midtop=(view.centerx, y)).inflate(24, 12)
            shade = pygame.Surface(box.size, pygame.SRCALPHA)
            shade.fill((10, 10, 24, 200))
            surface.blit(shade, box)
            surface.blit(label, label.get_rect(center=box.center))
            y = box.bottom + 6

    # -- minimap --------------------------------------------------------------------------------

    def minimap_visible(self) -> bool:
        if self.minimap_mode == "off":
            return False
        if self.minimap_mode == "on":
            return True
        return not self.camera.viewport.contains(self.camera.map_rect)

    def minimap_rect(self) -> pygame.Rect:
        board = self.match.board
        view = self.camera.viewport
        side = max(80, min(int(220 * self.ui_scale), view.w // 4, view.h // 3))
        scale = side / max(board.width, board.height)
        w, h = max(1, int(board.width * scale)), max(1, int(board.height * scale))
        margin = int(12 * self.ui_scale)
        return pygame.Rect(view.x + margin, view.bottom - h - margin, w, h)

    def _draw_minimap(self, surface: pygame.Surface) -> None:
        if not self.minimap_visible():
            return
        rect = self.minimap_rect()
        if self._minimap is None or self._minimap.get_size() != rect.size:
            colours = self.picture.colours[self.match.board.region]
            colours[self.match.board.mountain] = (120, 114, 124)
            small = pygame.surfarray.make_surface(np.ascontiguousarray(colours.swapaxes(0, 1)))
            self._minimap = pygame.transform.scale(small, rect.size)
        surface.blit(self._minimap, rect)
        pygame.draw.rect(surface, (240, 240, 240), rect.inflate(4, 4), 2)
        board = self.match.board
        sx, sy = rect.w / board.width, rect.h / board.height
        rows, cols = self.camera.visible_tile_range()
        frame = pygame.Rect(rect.x + cols.start * sx, rect.y + rows.start * sy,
                            max(2, (cols.stop - cols.start) * sx), max(2, (rows.stop - rows.start) * sy))
        pygame.draw.rect(surface, (255, 255, 255), frame, 1)
        for actor, colour in ((self.pirate, (235, 60, 60)), (self.agent, (70, 160, 255))):
            if actor.visible:
                centre = (int(rect.x + (actor.col + 0.5) * sx), int(rect.y + (actor.row + 0.5) * sy))
                pygame.draw.circle(surface, (0, 0, 0), centre, 4)
                pygame.draw.circle(surface, colour, centre, 3)

    def minimap_tile(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The map tile under a point of the minimap, if the minimap is shown there."""
        if not self.minimap_visible():
            return None
        rect = self.minimap_rect()
        if not rect.collidepoint(pos):
            return None
        board = self.match.board
        col = int((pos[0] - rect.x) * board.width / rect.w)
        row = int((pos[1] - rect.y) * board.height / rect.h)
        return min(row, board.height - 1), min(col, board.width - 1)
