"""Drawing the London board: our own map of the 199 stations, the pawns, moves gliding along
their connections, the possible-locations heat map and the minimap.

The board is drawn from the project's board file (``Board.standard()``: stations at their
drawing positions, edges by transport), on a calm slate background with a river where the ferry
runs: connections in each transport's colour (several transports between two stations as
parallel lines, the ferry dashed), stations as discs ringed by the transports that stop there
(red underground, green bus, a cream centre for the taxi) with their numbers once the zoom makes
them readable.

The shell's :class:`~game.shell.camera.Camera` does zoom, pan and fit: the world is the board's
drawing plane cut into cells of :data:`CELL` board pixels. The board is rendered for the camera's
current viewport only (re-rendered when the camera moves, a few milliseconds), with the heat map
and the dimming of unavailable stations on a second cached layer, so a still frame is one blit
plus the pawns.

Everything drawn of a position comes from a :class:`~.session.Seen`: in the detectives' view it
holds no station for Mr X between reveals, so no pawn, tween, trail or minimap dot can show it.
"""

from __future__ import annotations

import math

import pygame

from game.scotlandyard import Board, Piece, Ticket, Transport
from game.shell.camera import Camera, zoom_levels
from game.shell.tweens import in_out_quad

from .session import Entry, Seen, legs, seen

CELL = 64  # board pixels per camera cell
LEVELS = zoom_levels(6, 160, 1.19)  # camera cell sizes in screen pixels
LEG_SECONDS = {"slow": 0.9, "normal": 0.5, "fast": 0.2, "instant": 0.0}
TOAST_SECONDS = {"slow": 1.6, "normal": 0.9, "fast": 0.35, "instant": 0.0}  # the board waits this long
BACKGROUND = (30, 36, 44)
PARK = (34, 44, 44)
RIVER = (38, 62, 86)
RIVER_EDGE = (48, 76, 102)
TRANSPORT_COLOURS = {Transport.TAXI: (222, 190, 86), Transport.BUS: (60, 184, 140),
                     Transport.UNDERGROUND: (226, 70, 92), Transport.FERRY: (150, 210, 245)}
TICKET_COLOURS = {Ticket.TAXI: (222, 190, 86), Ticket.BUS: (60, 184, 140), Ticket.UNDERGROUND: (226, 70, 92),
                  Ticket.SECRET: (20, 20, 24), Ticket.DOUBLE: (250, 250, 250)}
TICKET_SHORT = {Ticket.TAXI: "T", Ticket.BUS: "B", Ticket.UNDERGROUND: "U", Ticket.SECRET: "S", Ticket.DOUBLE: "2x"}
PIECE_COLOURS = {Piece.MRX: (16, 16, 20), Piece.RED: (234, 64, 56), Piece.GREEN: (76, 176, 80),
                 Piece.BLUE: (40, 140, 240), Piece.WHITE: (244, 244, 244), Piece.YELLOW: (252, 222, 60)}
STATION_FILL = (240, 232, 210)
STATION_EDGE = (22, 24, 30)
HEAT = (255, 128, 40)
GHOST = (190, 190, 205)


def piece_colour(piece: Piece) -> tuple[int, int, int]:
    return PIECE_COLOURS[piece]


class Geometry:
    """The board's stations and connections in board pixels, grouped for drawing."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.pos = {s: (float(x), float(y)) for s, (x, y) in board.positions.items()}
        xs = [p[0] for p in self.pos.values()]
        ys = [p[1] for p in self.pos.values()]
        pad = 70
        self.ox, self.oy = min(xs) - pad, min(ys) - pad
        self.width, self.height = max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad
        self.cols, self.rows = math.ceil(self.width / CELL), math.ceil(self.height / CELL)
        self.pairs = sorted({(a, b) for a, b, _ in board.edges})
        self.pair_kinds = [(a, b, tuple(sorted(board.transports(a, b), key=lambda t: t._value_))) for a, b in self.pairs]
        self.kinds = {s: frozenset(t for n in board.neighbours(s) for t in board.transports(s, n)) for s in board.stations}
        ferry = [(a, b) for a, b, t in board.edges if t is Transport.FERRY]
        self.river = self._river(ferry)

    def world(self, station: int) -> tuple[float, float]:
        """The station's camera world point (row, col)."""
        x, y = self.pos[station]
        return (y - self.oy) / CELL, (x - self.ox) / CELL

    def _river(self, ferry) -> list[tuple[float, float]]:
        """A smooth band through the ferry's stations, from the west edge to the east edge."""
        stations = sorted({s for pair in ferry for s in pair}, key=lambda s: self.pos[s][0])
        if len(stations) < 2:
            return []
        pts = [self.pos[s] for s in stations]
        first, last = pts[0], pts[-1]
        pts = [(self.ox, first[1] + 60), first] + pts[1:-1] + [last, (self.ox + self.width, last[1] - 40)]
        out = []
        for i in range(len(pts) - 1):  # Catmull-Rom through the points
            p0, p1, p2, p3 = pts[max(0, i - 1)], pts[i], pts[i + 1], pts[min(len(pts) - 1, i + 2)]
            for k in range(12):
                t = k / 12
                out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t * t
                                        + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t ** 3) for j in (0, 1)))
        out.append(pts[-1])
        return out


_GEOMETRY: dict[int, Geometry] = {}


def _fast(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format when there is a display (faster blits)."""
    return surface.convert() if pygame.display.get_init() and pygame.display.get_surface() else surface


def geometry(board: Board) -> Geometry:
    key = id(board)
    if key not in _GEOMETRY:
        if board.positions is None:
            raise ValueError("this board has no drawing positions")
        _GEOMETRY[key] = Geometry(board)
    return _GEOMETRY[key]


MAYBE_NUMBERED = 12  # zoomed out, the stations where Mr X may be are numbered when this few


class Pawn:
    """One piece on screen: a point in board pixels that glides along queued legs."""

    def __init__(self, piece: Piece, xy: tuple[float, float]) -> None:
        self.piece = piece
        self.xy = xy
        self.legs: list[list] = []  # [src, dst, duration, ticket, t]

    @property
    def moving(self) -> bool:
        return bool(self.legs)

    @property
    def ticket(self) -> Ticket | None:
        return self.legs[0][3] if self.legs else None

    def go(self, src, dst, duration: float, ticket: Ticket) -> None:
        if duration <= 0:
            self.xy = dst
            return
        self.legs.append([src, dst, duration, ticket, 0.0])

    def snap(self, xy) -> None:
        self.legs.clear()
        self.xy = xy

    def update(self, dt: float) -> None:
        while self.legs and dt > 0:
            leg = self.legs[0]
            need = (1.0 - leg[4]) * leg[2]
            if dt >= need:
                dt -= need
                self.xy = leg[1]
                self.legs.pop(0)
            else:
                leg[4] += dt / leg[2]
                e = in_out_quad(leg[4])
                self.xy = (leg[0][0] + (leg[1][0] - leg[0][0]) * e, leg[0][1] + (leg[1][1] - leg[0][1]) * e)
                dt = 0

    def trail(self):
        """(src, dst, ticket) of the leg under way."""
        return (self.legs[0][0], self.legs[0][1], self.legs[0][3]) if self.legs else None


class SyBoardView:
    """Shows one position of a game as one view (spectator, detectives, Mr X) sees it."""

    def __init__(self, rect: pygame.Rect, board: Board | None = None, *, text=None, ui_scale: float = 1.0) -> None:
        self.board = board or Board.standard()
        self.geo = geometry(self.board)
        self.text = text
        self.ui_scale = ui_scale
        self.speed = "normal"
        self.mode = "spectator"
        self.entry: Entry | None = None
        self.seen: Seen | None = None
        self.pawns: dict[Piece, Pawn] = {}
        self.heat = True
        self.available: frozenset[int] | None = None  # stations a person may click (others dimmed)
        self.selected: int | None = None  # the station of the piece a person moves
        self.marked: int | None = None  # a first leg chosen for a double move
        self.hover: int | None = None  # the station under the pointer (numbered when stations are not)
        self.pulses: list[list] = []  # [station, age, colour]: a reveal, a capture
        self.toast: list | None = None  # [tickets, public stations, age, hold]: Mr X's hidden ride, told
        self.clock = 0.0
        self.minimap_mode = "auto"
        self._static: pygame.Surface | None = None
        self._static_key_now = None
        self._version = 0
        self._spare: pygame.Surface | None = None  # the last layer, reused (no new surface per move)
        self._layer: pygame.Surface | None = None
        self._layer_key = None
        self._mini: pygame.Surface | None = None
        self._labels: dict = {}
        self.rect = pygame.Rect(rect)
        self.camera = Camera(self.geo.cols, self.geo.rows, self.rect, levels=LEVELS, glide_time=0.25)

    # -- geometry ----------------------------------------------------------------------------------

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        fitted = self.fitted
        self.camera.set_viewport(self.rect)
        if fitted:
            self.camera.fit()
        self._static = self._layer = self._mini = None

    @property
    def fitted(self) -> bool:
        cam = self.camera
        return cam.tile <= min(cam.viewport.w // cam.cols, cam.viewport.h // cam.rows)

    @property
    def drawn_rect(self) -> pygame.Rect:
        """The part of ``rect`` the board's drawing covers (all of it when zoomed in)."""
        x, y = self.to_screen((self.geo.ox, self.geo.oy))
        s = self.scale
        return pygame.Rect(x, y, math.ceil(self.geo.width * s), math.ceil(self.geo.height * s)).clip(self.rect)

    @property
    def scale(self) -> float:
        """Screen pixels per board pixel."""
        return self.camera.tile / CELL

    def to_screen(self, xy: tuple[float, float]) -> tuple[int, int]:
        ox, oy = self.camera.origin
        s = self.scale
        return int(ox + (xy[0] - self.geo.ox) * s), int(oy + (xy[1] - self.geo.oy) * s)

    def station_screen(self, station: int) -> tuple[int, int]:
        return self.to_screen(self.geo.pos[station])

    @property
    def radius(self) -> int:
        return max(4, int(16.5 * self.scale))

    def point_at(self, pos) -> None:
        """The pointer moved to ``pos``: the station under it, if any, shows its number."""
        self.hover = self.station_at(pos)

    @property
    def numbered(self) -> bool:
        """Whether the stations carry their numbers at this zoom (else only the ones that matter
        now do: see :meth:`_draw_numbers`)."""
        return self.text is not None and int(self.radius * 1.15) >= 9

    def station_at(self, pos) -> int | None:
        """The station under a screen point (a generous disc around each), or None."""
        if not self.rect.collidepoint(pos) or (self.minimap_visible() and self.minimap_rect().collidepoint(pos)):
            return None
        best, best_d = None, (max(self.radius * 1.6, 10)) ** 2
        for s in self.board.stations:
            x, y = self.station_screen(s)
            d = (x - pos[0]) ** 2 + (y - pos[1]) ** 2
            if d <= best_d:
                best, best_d = s, d
        return best

    def zoom_at(self, pos, steps: int) -> None:
        self.camera.zoom_at(pos, steps)

    def pan(self, dx: float, dy: float) -> None:
        self.camera.pan(dx, dy)

    def fit(self) -> None:
        self.camera.fit()

    def center_on(self, station: int) -> None:
        r, c = self.geo.world(station)
        self.camera.center_on((int(r), int(c)), smooth=True)

    # -- what is shown -----------------------------------------------------------------------------

    def show(self, entry: Entry, mode: str | None = None, *, animate: bool = False) -> None:
        """Show ``entry`` as ``mode`` sees it; with ``animate``, its move glides (as far as the
        view may see it)."""
        if mode is not None and mode != self.mode:
            self.mode = mode
            animate = False
            self.pawns.clear()
        previous = self.seen
        self.entry = entry
        self.seen = seen(entry, self.mode)
        self._version += 1  # the layer is redrawn for what changed
        pos = self.geo.pos
        wanted = {p: s for p, s in self.seen.detectives}
        if self.seen.mrx is not None:
            wanted[Piece.MRX] = self.seen.mrx
        for piece in list(self.pawns):
            if piece not in wanted:
                del self.pawns[piece]  # Mr X leaves the screen when the view may not show him
        duration = LEG_SECONDS.get(self.speed, 0.5) if animate and self.speed != "instant" else 0.0
        move = entry.move
        for piece, station in wanted.items():
            pawn = self.pawns.get(piece)
            if pawn is None:
                self.pawns[piece] = Pawn(piece, pos[station])
                continue
            if duration and move is not None and move.piece is piece:
                pawn.snap(pos[move.source])
                for src, ticket, dst in legs(move):
                    pawn.go(pos[src], pos[dst], duration, ticket)
            else:
                pawn.snap(pos[station])
        if duration and move is not None and move.piece is Piece.MRX and self.seen.mrx is None:
            # his ride is hidden here: say which tickets he paid (public), never where he went
            log = entry.state.travel_log
            n = len(legs(move))
            self.toast = [[e.ticket for e in log[-n:]], [e.location for e in log[-n:]], 0.0,
                          TOAST_SECONDS.get(self.speed, 1.0)]
        if animate and previous is not None and self.speed != "instant":
            if self.seen.last_seen_slot is not None and self.seen.last_seen_slot != previous.last_seen_slot:
                self.pulses.append([self.seen.last_seen, 0.0, (255, 214, 90)])
            if self.seen.over and not previous.over and entry.state.mrx_location in {s for _, s in self.seen.detectives}:
                self.pulses.append([entry.state.mrx_location, -0.3, (255, 80, 60)])

    def finish(self) -> None:
        self.toast = None
        for pawn in self.pawns.values():
            if pawn.legs:
                pawn.snap(pawn.legs[-1][1])
        self.pulses.clear()

    @property
    def busy(self) -> bool:
        return any(p.moving for p in self.pawns.values()) or (self.toast is not None and self.toast[2] < self.toast[3])

    def update(self, dt: float) -> None:
        self.clock += dt
        self.camera.update(dt)
        for pawn in self.pawns.values():
            pawn.update(dt)
        if self.toast is not None:
            self.toast[2] += dt
            if self.toast[2] >= self.toast[3] + 1.0:
                self.toast = None
        for pulse in self.pulses:
            pulse[1] += dt
        self.pulses = [p for p in self.pulses if p[1] < 1.2]

    def set_choices(self, available, selected: int | None = None, marked: int | None = None) -> None:
        available = None if available is None else frozenset(available)
        if (available, selected, marked) != (self.available, self.selected, self.marked):
            self.available, self.selected, self.marked = available, selected, marked
            self._version += 1  # the layer is redrawn for what changed

    # -- drawing: the board ------------------------------------------------------------------------

    def _camera_key(self):
        return (self.camera.tile, self.camera.origin, self.rect.size, self.rect.topleft)

    FULL_BOARD_PIXELS = 24_000_000  # the whole board is kept rendered up to this size (panning is a blit)

    def _static_key(self):
        s = self.scale
        w, h = math.ceil(self.geo.width * s), math.ceil(self.geo.height * s)
        if w * h <= self.FULL_BOARD_PIXELS:
            return ("full", self.camera.tile)
        return ("view", self.camera.tile, self.camera.origin, self.rect.size, self.rect.topleft)

    def _render_static(self, key) -> pygame.Surface:
        """The board without pieces: the whole board at this zoom (key "full"), or the part of it
        in the viewport when the whole would be too big (key "view")."""
        geo, s = self.geo, self.scale
        if key[0] == "full":
            w, h = math.ceil(geo.width * s), math.ceil(geo.height * s)
            ox = oy = 0
        else:
            w, h = self.rect.size
            ox, oy = self.camera.origin
            ox -= self.rect.x
            oy -= self.rect.y
        surface = _fast(pygame.Surface((max(1, w), max(1, h))))
        surface.fill(BACKGROUND)

        def at(xy):
            return (ox + (xy[0] - geo.ox) * s, oy + (xy[1] - geo.oy) * s)

        # A faint street grid: a calm, map-like texture that says "city" without copying anyone.
        step = 160 * s
        if step >= 12:
            x0, y0 = at((geo.ox, geo.oy))
            x1, y1 = at((geo.ox + geo.width, geo.oy + geo.height))
            k = 0
            x = x0
            while x <= x1:
                pygame.draw.line(surface, (34, 41, 50), (int(x), int(y0)), (int(x), int(y1)))
                x += step
                k += 1
            y = y0
            while y <= y1:
                pygame.draw.line(surface, (34, 41, 50), (int(x0), int(y)), (int(x1), int(y)))
                y += step
        if geo.river:
            pts = [at(p) for p in geo.river]
            width = max(6, int(70 * s))
            pygame.draw.lines(surface, RIVER_EDGE, False, pts, width + max(2, int(8 * s)))
            pygame.draw.lines(surface, RIVER, False, pts, width)
            for p in pts[:: max(1, len(pts) // 40)]:
                pygame.draw.circle(surface, RIVER, (int(p[0]), int(p[1])), width // 2)
        unit = max(1.0, 3.2 * s)
        widths = {Transport.TAXI: max(1, round(unit)), Transport.BUS: max(1, round(unit * 1.3)),
                  Transport.UNDERGROUND: max(2, round(unit * 1.7)), Transport.FERRY: max(1, round(unit * 1.2))}
        gap = max(widths.values()) + max(1.0, 1.5 * s)
        pos = geo.pos
        for a, b, kinds in geo.pair_kinds:
            pa, pb = at(pos[a]), at(pos[b])
            if max(pa[0], pb[0]) < -20 or min(pa[0], pb[0]) > w + 20 or max(pa[1], pb[1]) < -20 \
                    or min(pa[1], pb[1]) > h + 20:
                continue  # off this surface
            dx, dy = pb[0] - pa[0], pb[1] - pa[1]
            length = math.hypot(dx, dy) or 1.0
            nx, ny = -dy / length, dx / length
            n = len(kinds)
            for k, kind in enumerate(kinds):
                off = (k - (n - 1) / 2) * gap
                p = (pa[0] + nx * off, pa[1] + ny * off)
                q = (pb[0] + nx * off, pb[1] + ny * off)
                colour = TRANSPORT_COLOURS[kind]
                if kind is Transport.FERRY:
                    self._dashed(surface, colour, p, q, widths[kind], max(4.0, 22 * s))
                elif widths[kind] <= 1:
                    pygame.draw.aaline(surface, colour, p, q)
                else:
                    pygame.draw.line(surface, colour, p, q, widths[kind])
        r = self.radius
        label_size = int(r * 1.15)
        for st in self.board.stations:
            x, y = at(pos[st])
            if x < -r or y < -r or x > w + r or y > h + r:
                continue
            self._station(surface, st, int(x), int(y), r, label_size)
        return surface

    @staticmethod
    def _dashed(surface, colour, p, q, width, dash) -> None:
        dx, dy = q[0] - p[0], q[1] - p[1]
        length = math.hypot(dx, dy)
        if length < 1:
            return
        n = max(1, int(length / dash))
        for i in range(0, n, 2):
            a, b = i / n, min(1.0, (i + 1) / n)
            pygame.draw.line(surface, colour, (p[0] + dx * a, p[1] + dy * a), (p[0] + dx * b, p[1] + dy * b), width)

    def _station(self, surface, st: int, x: int, y: int, r: int, label_size: int) -> None:
        """Blit the station's sprite (drawn once per zoom) centred on (x, y)."""
        sprite = self._station_sprite(st, r, label_size)
        half = sprite.get_width() // 2
        surface.blit(sprite, (x - half, y - half))

    def _station_sprite(self, st: int, r: int, label_size: int) -> pygame.Surface:
        key = ("station", st, r, label_size)
        sprite = self._labels.get(key)
        if sprite is None:
            half = r + max(1, r // 6) + 1
            sprite = pygame.Surface((2 * half + 1, 2 * half + 1), pygame.SRCALPHA)
            self._draw_station(sprite, st, half, half, r, label_size)
            self._labels[key] = sprite
        return sprite

    def _draw_station(self, surface, st: int, x: int, y: int, r: int, label_size: int) -> None:
        kinds = self.geo.kinds[st]
        radius = r
        pygame.draw.circle(surface, STATION_EDGE, (x, y), radius + max(1, r // 6))
        ring = max(1, r // 4)
        if Transport.UNDERGROUND in kinds:
            pygame.draw.circle(surface, TRANSPORT_COLOURS[Transport.UNDERGROUND], (x, y), radius)
            radius -= ring
        if Transport.BUS in kinds:
            pygame.draw.circle(surface, TRANSPORT_COLOURS[Transport.BUS], (x, y), radius)
            radius -= ring
        pygame.draw.circle(surface, STATION_FILL, (x, y), max(1, radius))
        if Transport.TAXI in kinds and radius == r:  # taxi only: a thin taxi-coloured edge
            pygame.draw.circle(surface, TRANSPORT_COLOURS[Transport.TAXI], (x, y), r, max(1, r // 6))
        if self.text is not None and label_size >= 9:
            label = self._label(str(st), label_size)
            surface.blit(label, label.get_rect(center=(x, y + 1)))

    def _label(self, text: str, size: int) -> pygame.Surface:
        key = (text, size)
        out = self._labels.get(key)
        if out is None:
            if len(self._labels) > 4000:
                self._labels.clear()
            fit = size if len(text) < 3 else int(size * 0.82)
            out = self._labels[key] = self.text.render(text, fit, (20, 20, 26))
        return out

    def _state_layer(self) -> pygame.Surface:
        static_key = self._static_key()
        if self._static is None or self._static_key_now != static_key:
            self._static = self._render_static(static_key)
            self._static_key_now = static_key
            self._layer = None
        seen_ = self.seen
        key = (self._camera_key(), self._version, self.heat, self.available, self.selected, self.marked)
        if self._layer is not None and self._layer_key == key:
            return self._layer
        if static_key[0] == "full":
            layer = self._spare if self._spare is not None and self._spare.get_size() == self.rect.size \
                else _fast(pygame.Surface(self.rect.size))
            self._spare = self._layer if self._layer is not None and self._layer is not layer else None
            layer.fill(BACKGROUND)
            ox, oy = self.camera.origin
            layer.blit(self._static, (ox - self.rect.x, oy - self.rect.y))
        else:
            layer = self._static.copy()
        if seen_ is not None:
            if self.heat and seen_.possible and not seen_.over:
                self._draw_heat(layer, seen_.possible)
            if self.available is not None:
                self._draw_dim(layer)
        self._layer, self._layer_key = layer, key
        return layer

    def _local(self, station: int) -> tuple[int, int]:
        x, y = self.station_screen(station)
        return x - self.rect.x, y - self.rect.y

    def _draw_heat(self, layer, possible: dict[int, float]) -> None:
        top = max(possible.values()) or 1.0
        r = self.radius
        w, h = layer.get_size()
        shown = []
        for st, p in possible.items():
            if p <= 0:
                continue
            k = (p / top) ** 0.5
            x, y = self._local(st)
            radius = int(r * (1.5 + 1.1 * k)) + 2
            if -radius <= x <= w + radius and -radius <= y <= h + radius:
                layer.blit(self._disc(radius, int(50 + 150 * k) // 10 * 10), (x - radius, y - radius))
                shown.append(st)
        possible = shown
        # redraw the stations under the glow, so their numbers stay readable
        for st in possible:
            x, y = self._local(st)
            self._station(layer, st, x, y, r, int(r * 1.15))

    def _disc(self, radius: int, alpha: int) -> pygame.Surface:
        key = ("disc", radius, alpha)
        disc = self._labels.get(key)
        if disc is None:
            disc = pygame.Surface((2 * radius + 1, 2 * radius + 1), pygame.SRCALPHA)
            pygame.draw.circle(disc, (*HEAT, alpha), (radius, radius), radius)
            self._labels[key] = disc
        return disc

    def _draw_dim(self, layer) -> None:
        r = self.radius
        veil = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
        veil.fill((10, 12, 18, 120))
        for st in self.available:
            x, y = self._local(st)
            pygame.draw.circle(veil, (0, 0, 0, 0), (x, y), int(r * 1.9))
        for st in (self.selected, self.marked):
            if st is not None:
                x, y = self._local(st)
                pygame.draw.circle(veil, (0, 0, 0, 0), (x, y), int(r * 1.9))
        layer.blit(veil, (0, 0))
        for st in self.available:
            x, y = self._local(st)
            pygame.draw.circle(layer, (255, 255, 255), (x, y), int(r * 1.55), max(2, r // 4))
        if self.marked is not None:
            x, y = self._local(self.marked)
            pygame.draw.circle(layer, (255, 214, 90), (x, y), int(r * 1.7), max(2, r // 3))

    # -- drawing: a frame --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self.seen is None:
            return
        surface.blit(self._state_layer(), self.rect)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        seen_ = self.seen
        r = self.radius
        if seen_.last_seen is not None and seen_.last_seen != seen_.mrx and not seen_.over:
            self._draw_ghost(surface, seen_.last_seen, r)  # where the detectives last saw him (public)
        if self.selected is not None:
            x, y = self.station_screen(self.selected)
            pulse = 1.0 + 0.15 * math.sin(self.clock * 6)
            pygame.draw.circle(surface, (255, 255, 255), (x, y), int(r * 2.3 * pulse), max(2, r // 3))
        for pawn in self.pawns.values():
            trail = pawn.trail()
            if trail is not None:
                self._draw_trail(surface, pawn, *trail)
        order = sorted(self.pawns.values(), key=lambda p: (p.moving, p.piece is Piece.MRX))
        shared: dict[tuple[int, int], int] = {}
        for pawn in order:
            x, y = self.to_screen(pawn.xy)
            k = shared.get((x, y), 0)  # a capture: two pawns on one station stand side by side
            shared[(x, y)] = k + 1
            self._draw_pawn(surface, pawn.piece, (x + k * int(self.pawn_size(r) * 0.75), y), r)
        for pawn in order:
            if pawn.trail() is not None:
                self._draw_tag(surface, pawn, pawn.ticket)
        for station, age, colour in self.pulses:
            if age >= 0 and station is not None:
                x, y = self.station_screen(station)
                k = age / 1.2
                pygame.draw.circle(surface, colour, (x, y), int(r * (1.5 + 4 * k)), max(2, int(r * 0.5 * (1 - k)) + 1))
        self._draw_numbers(surface)
        if self.toast is not None:
            self._draw_toast(surface)
        surface.set_clip(clip)
        if self.minimap_visible():
            self._draw_minimap(surface)

    def _draw_numbers(self, surface) -> None:
        """Zoomed out, the stations are too small for their numbers, but the panel, the travel log
        and the ticket menu speak of stations by number: the ones that matter now carry a tag
        under them (where the pieces this view may see stand, Mr X's last public station, the
        stations a person may move to, the few where Mr X may be) and the station under the
        pointer a bright one."""
        if self.text is None or self.numbered or self.seen is None:
            return
        seen_ = self.seen
        stations = {s for _, s in seen_.detectives} | set(self.available or ())
        maybe = [st for st, p in (seen_.possible or {}).items() if p > 0]
        if self.heat and not seen_.over and len(maybe) <= MAYBE_NUMBERED:
            stations.update(maybe)
        for extra in (seen_.mrx, seen_.last_seen, self.selected):
            if extra is not None:
                stations.add(extra)
        stations.discard(self.hover)
        size = max(14, int(15 * self.ui_scale))
        for station in sorted(stations):
            self._number_tag(surface, station, size, (230, 232, 240), (14, 16, 24))
        if self.hover is not None:
            self._number_tag(surface, self.hover, max(16, int(20 * self.ui_scale)), (16, 16, 20), (255, 214, 90))

    def _number_tag(self, surface, station: int, size: int, ink, back) -> None:
        tag = self.text.render(f" {station} ", size, ink, back)
        x, y = self.station_screen(station)
        surface.blit(tag, tag.get_rect(midtop=(x, y + self.radius + 2)))

    def _draw_trail(self, surface, pawn: Pawn, src, dst, ticket: Ticket) -> None:
        a, b = self.to_screen(src), self.to_screen(dst)
        width = max(3, self.radius // 2)
        if ticket is Ticket.SECRET:  # a black ticket: shown as such (a dark dashed trail)
            self._dashed(surface, (245, 245, 250), a, b, width + 2, max(6.0, self.radius * 1.2))
            self._dashed(surface, (12, 12, 14), a, b, width, max(6.0, self.radius * 1.2))
        else:
            pygame.draw.line(surface, TICKET_COLOURS.get(ticket, (255, 255, 255)), a, b, width)

    def _draw_tag(self, surface, pawn: Pawn, ticket: Ticket) -> None:
        """The ticket of the ride under way, above the pawn (SECRET says so: a black ticket)."""
        if self.text is None:
            return
        tag = self.text.render(f" {ticket.name} ", max(14, int(18 * self.ui_scale)),
                               (250, 250, 250) if ticket is Ticket.SECRET else (20, 20, 26),
                               (12, 12, 14) if ticket is Ticket.SECRET else TICKET_COLOURS.get(ticket))
        x, y = self.to_screen(pawn.xy)
        rect = tag.get_rect(midbottom=(x, y - int(self.pawn_size(self.radius) * 1.75)))
        surface.blit(tag, rect)
        pygame.draw.rect(surface, (230, 230, 240), rect.inflate(2, 2), 1)

    def _draw_toast(self, surface) -> None:
        """"Mr X rides: TAXI" at the top of the board while his ride is hidden (tickets only)."""
        tickets, stations, age, hold = self.toast
        alpha = 255 if age < hold + 0.5 else max(0, int(255 * (hold + 1.0 - age) / 0.5))
        u = self.ui_scale
        size = max(16, int(26 * u))
        chip_h, pad = int(40 * u), int(12 * u)
        words = [t.name + (f" {st}" if st is not None else " ?") for t, st in zip(tickets, stations)]
        chip_w = int(110 * u)
        if self.text is not None:
            chip_w = max(chip_w, max(self.text.measure(w, max(14, int(22 * u)))[0] for w in words) + 2 * pad)
        head = self.text.render("Mr X rides", size, (235, 235, 245)) if self.text is not None else None
        head_w = head.get_width() + pad if head is not None else 0
        box = pygame.Rect(0, 0, head_w + len(tickets) * (chip_w + pad) + pad, chip_h + 2 * pad)
        box.midtop = (self.rect.centerx, self.rect.y + int(14 * u))
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((10, 12, 20, 225))
        x = pad
        if head is not None:
            panel.blit(head, (x, (box.h - head.get_height()) // 2))
            x += head_w
        for ticket, station in zip(tickets, stations):
            chip = pygame.Rect(x, pad, chip_w, chip_h)
            pygame.draw.rect(panel, TICKET_COLOURS[ticket], chip, border_radius=int(6 * u))
            if ticket is Ticket.SECRET:
                pygame.draw.rect(panel, (220, 220, 230), chip, 2, border_radius=int(6 * u))
            if self.text is not None:
                ink = (245, 245, 250) if ticket is Ticket.SECRET else (18, 18, 24)
                word = ticket.name + (f" {station}" if station is not None else " ?")
                label = self.text.render(word, max(14, int(22 * u)), ink)
                panel.blit(label, label.get_rect(center=chip.center))
            x += chip_w + pad
        panel.set_alpha(alpha)
        surface.blit(panel, box)

    def pawn_size(self, r: int) -> int:
        return max(int(28 * self.ui_scale), int(r * 2.0))

    def _draw_pawn(self, surface, piece: Piece, xy, r: int) -> None:
        size = self.pawn_size(r)
        x, y = xy
        colour = PIECE_COLOURS[piece]
        edge = (250, 250, 250) if piece is Piece.MRX else (16, 16, 20)
        # the piece's colour ringed around its station, then a pawn standing on it
        pygame.draw.circle(surface, edge, (x, y), int(r * 1.25) + 2, max(2, r // 3) + 2)
        pygame.draw.circle(surface, colour, (x, y), int(r * 1.25), max(2, r // 3))
        base_y = y - (int(r * 0.8) if r >= 10 else r // 3)  # zoomed in: the station's number stays readable
        if piece is Piece.MRX:  # a black pawn on a dark board: a light token behind him makes him pop
            token = (x, int(base_y - size * 0.52))
            pygame.draw.circle(surface, (16, 16, 20), token, int(size * 0.78) + 2)
            pygame.draw.circle(surface, (236, 236, 242), token, int(size * 0.78))
        body = [(x - size * 0.42, base_y), (x + size * 0.42, base_y), (x + size * 0.16, base_y - size * 0.78),
                (x - size * 0.16, base_y - size * 0.78)]
        pygame.draw.polygon(surface, colour, body)
        pygame.draw.polygon(surface, edge, body, max(1, size // 12))
        head = (x, int(base_y - size * 0.95))
        pygame.draw.circle(surface, colour, head, max(3, int(size * 0.27)))
        pygame.draw.circle(surface, edge, head, max(3, int(size * 0.27)), max(1, size // 12))
        if piece is Piece.MRX:  # Mr X: black with a white X on his chest
            c = (x, int(base_y - size * 0.42))
            d = max(2, int(size * 0.16))
            pygame.draw.line(surface, (250, 250, 250), (c[0] - d, c[1] - d), (c[0] + d, c[1] + d), max(2, size // 9))
            pygame.draw.line(surface, (250, 250, 250), (c[0] - d, c[1] + d), (c[0] + d, c[1] - d), max(2, size // 9))

    def _draw_ghost(self, surface, station: int, r: int) -> None:
        """Where Mr X was last seen (a public reveal): a hollow grey pawn with a question mark."""
        x, y = self.station_screen(station)
        size = self.pawn_size(r)
        pulse = int(r * (1.9 + 0.2 * math.sin(self.clock * 3)))
        pygame.draw.circle(surface, GHOST, (x, y), pulse, max(2, r // 4))
        base_y = y - r // 3
        body = [(x - size * 0.42, base_y), (x + size * 0.42, base_y), (x + size * 0.16, base_y - size * 0.78),
                (x - size * 0.16, base_y - size * 0.78)]
        pygame.draw.polygon(surface, (60, 62, 72), body)
        pygame.draw.polygon(surface, GHOST, body, max(1, size // 10))
        head = (x, int(base_y - size * 0.95))
        pygame.draw.circle(surface, (60, 62, 72), head, max(3, int(size * 0.27)))
        pygame.draw.circle(surface, GHOST, head, max(3, int(size * 0.27)), max(1, size // 10))
        if self.text is not None and size >= 14:
            q = self.text.render("?", max(10, int(size * 0.55)), GHOST)
            surface.blit(q, q.get_rect(center=(x, int(base_y - size * 0.4))))

    # -- minimap -----------------------------------------------------------------------------------

    def minimap_visible(self) -> bool:
        if self.minimap_mode == "off":
            return False
        return self.minimap_mode == "on" or not self.fitted

    def minimap_rect(self) -> pygame.Rect:
        w = max(120, int(self.rect.w * 0.2))
        h = int(w * self.geo.height / self.geo.width)
        pad = max(6, int(10 * self.ui_scale))
        return pygame.Rect(self.rect.right - w - pad, self.rect.bottom - h - pad, w, h)

    def _mini_surface(self, size) -> pygame.Surface:
        if self._mini is None or self._mini.get_size() != size:
            geo = self.geo
            s = size[0] / geo.width
            mini = pygame.Surface(size)
            mini.fill((22, 26, 34))
            for a, b in geo.pairs:
                kinds = self.board.transports(a, b)
                kind = max(kinds, key=lambda t: t._value_ if t is not Transport.FERRY else -1)
                pa = ((geo.pos[a][0] - geo.ox) * s, (geo.pos[a][1] - geo.oy) * s)
                pb = ((geo.pos[b][0] - geo.ox) * s, (geo.pos[b][1] - geo.oy) * s)
                c = TRANSPORT_COLOURS[kind]
                pygame.draw.aaline(mini, (c[0] // 2, c[1] // 2, c[2] // 2), pa, pb)
            self._mini = mini
        return self._mini

    def _draw_minimap(self, surface) -> None:
        rect = self.minimap_rect()
        surface.blit(self._mini_surface(rect.size), rect)
        geo = self.geo
        s = rect.w / geo.width

        def mini(station):
            x, y = geo.pos[station]
            return int(rect.x + (x - geo.ox) * s), int(rect.y + (y - geo.oy) * s)

        dot = max(3, int(4 * self.ui_scale))
        for piece, station in self.seen.detectives:
            pygame.draw.circle(surface, PIECE_COLOURS[piece], mini(station), dot)
        if self.seen.mrx is not None:
            pygame.draw.circle(surface, (250, 250, 250), mini(self.seen.mrx), dot + 1)
            pygame.draw.circle(surface, (0, 0, 0), mini(self.seen.mrx), dot)
        elif self.seen.last_seen is not None:
            pygame.draw.circle(surface, GHOST, mini(self.seen.last_seen), dot + 1, max(1, dot // 3))
        # the part of the board on screen
        tl = self.camera.screen_to_world(self.rect.topleft)
        br = self.camera.screen_to_world(self.rect.bottomright)
        view = pygame.Rect(int(rect.x + tl[1] * CELL * s), int(rect.y + tl[0] * CELL * s),
                           int((br[1] - tl[1]) * CELL * s), int((br[0] - tl[0]) * CELL * s)).clip(rect)
        pygame.draw.rect(surface, (255, 255, 255), view, 1)
        pygame.draw.rect(surface, (90, 100, 130), rect, 1)

    def minimap_world(self, pos) -> tuple[int, int] | None:
        """The camera cell under a point of the minimap (a click there centres the board on it)."""
        rect = self.minimap_rect()
        if not (self.minimap_visible() and rect.collidepoint(pos)):
            return None
        s = rect.w / self.geo.width
        x = (pos[0] - rect.x) / s
        y = (pos[1] - rect.y) / s
        return int(y / CELL), int(x / CELL)
