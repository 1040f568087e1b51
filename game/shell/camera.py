"""A 2-D camera over a grid of ``rows x cols`` square tiles, shown in a viewport on screen.

Conventions (the same as the games' boards): a tile is ``(row, col)``, row 0 at the top; a
fractional ``(row, col)`` is a point in the world, ``(0.0, 0.0)`` the top-left corner of tile
(0, 0) and ``(r + 0.5, c + 0.5)`` the centre of tile (r, c). Screen points are ``(x, y)`` pixels.

Zoom is the size of a tile in whole pixels, stepped through a list of levels, because whole
pixel sizes and a whole-pixel map origin keep tiles seamless and pixel art crisp, and make
"the tile under the cursor" exact: :meth:`Camera.zoom_at` keeps the cursor's pixel inside the
same tile by construction, not by float luck.

The camera never lets the map scroll away: a map smaller than the viewport is centred on that
axis; a larger one has its edges clamped to the viewport's edges (plus an optional ``margin``).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections.abc import Sequence

import pygame

from game.shell.tweens import Tween, out_cubic

Pos = tuple[int, int]
Point = tuple[float, float]
RectLike = Sequence[int]  # (x, y, w, h) or a pygame.Rect


def zoom_levels(smallest: int = 4, largest: int = 64, factor: float = math.sqrt(2)) -> tuple[int, ...]:
    """Tile sizes from ``smallest`` to ``largest`` pixels, each about ``factor`` times the last."""
    if smallest < 1 or largest < smallest or factor <= 1:
        raise ValueError("need 1 <= smallest <= largest and factor > 1")
    levels = set()
    size = float(smallest)
    while round(size) < largest:
        levels.add(round(size))
        size *= factor
    levels.add(largest)
    return tuple(sorted(levels))


DEFAULT_ZOOM_LEVELS = zoom_levels()  # 4, 6, 8, 11, 16, 23, 32, 45, 64


class Camera:
    """Where the map is on screen and how big its tiles are.

    State is the tile size and the map origin (the screen position of tile (0, 0)'s top-left
    corner, relative to the viewport). ``update(dt)`` advances smooth moves and following;
    everything else takes effect immediately.
    """

    def __init__(
        self,
        cols: int,
        rows: int,
        viewport: RectLike,
        *,
        tile: int | None = None,
        levels: Sequence[int] = DEFAULT_ZOOM_LEVELS,
        margin: int = 0,
        glide_time: float = 0.3,
        follow_margin: float = 0.2,
    ) -> None:
        if cols < 1 or rows < 1:
            raise ValueError("the map needs at least one tile")
        self.cols = int(cols)
        self.rows = int(rows)
        self.levels = tuple(sorted({int(level) for level in levels}))
        if not self.levels or self.levels[0] < 1:
            raise ValueError("zoom levels must be positive pixel sizes")
        self.margin = int(margin)
        self.glide_time = float(glide_time)
        self.follow_margin = float(follow_margin)  # share of the viewport a followed tile may not enter
        self.viewport = pygame.Rect(viewport)
        self._tile = self.levels[0]
        self._ox = 0.0  # map origin relative to the viewport, in pixels; floored when used
        self._oy = 0.0
        self._glide: Tween | None = None
        self._target: Pos | None = None  # tile being followed
        if tile is None:
            self.fit()
        else:
            self._tile = int(tile)
            self._set_center((self.rows / 2, self.cols / 2))

    # -- reading the state --------------------------------------------------------------------

    @property
    def tile(self) -> int:
        """Current tile size in pixels."""
        return self._tile

    @property
    def origin(self) -> tuple[int, int]:
        """Screen position of the map's top-left corner."""
        return self.viewport.x + math.floor(self._ox), self.viewport.y + math.floor(self._oy)

    @property
    def map_rect(self) -> pygame.Rect:
        """The whole map on screen (may extend beyond the viewport)."""
        x, y = self.origin
        return pygame.Rect(x, y, self.cols * self._tile, self.rows * self._tile)

    @property
    def following(self) -> Pos | None:
        return self._target

    @property
    def moving(self) -> bool:
        """True while a smooth move is under way."""
        return self._glide is not None

    # -- conversions --------------------------------------------------------------------------

    def world_to_screen(self, point: Point) -> Point:
        """Screen (x, y) of a world point (row, col); whole tiles land on whole pixels."""
        x, y = self.origin
        return x + point[1] * self._tile, y + point[0] * self._tile

    def screen_to_world(self, point: Point) -> Point:
        """World (row, col), fractional, of a screen point: the inverse of world_to_screen."""
        x, y = self.origin
        return (point[1] - y) / self._tile, (point[0] - x) / self._tile

    def screen_to_tile(self, point: Point) -> Pos | None:
        """The tile drawn at screen pixel ``point``, or None off the map or off the viewport."""
        if not self.viewport.collidepoint(point):
            return None
        x, y = self.origin
        col = (math.floor(point[0]) - x) // self._tile
        row = (math.floor(point[1]) - y) // self._tile
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row, col
        return None

    def tile_rect(self, tile: Pos) -> pygame.Rect:
        """Screen rectangle of one tile."""
        x, y = self.origin
        return pygame.Rect(x + tile[1] * self._tile, y + tile[0] * self._tile, self._tile, self._tile)

    def tile_center(self, tile: Pos) -> tuple[int, int]:
        return self.tile_rect(tile).center

    def visible_tile_range(self) -> tuple[slice, slice]:
        """(rows, cols) slices of the tiles at least partly inside the viewport.

        Ready for numpy: ``board[rows, cols]`` is exactly what needs drawing.
        """
        ox, oy = math.floor(self._ox), math.floor(self._oy)
        t = self._tile
        col0 = min(max(0, -ox // t), self.cols)
        row0 = min(max(0, -oy // t), self.rows)
        col1 = max(min(self.cols, -((ox - self.viewport.w) // t)), col0)
        row1 = max(min(self.rows, -((oy - self.viewport.h) // t)), row0)
        return slice(row0, row1), slice(col0, col1)

    # -- moving -------------------------------------------------------------------------------

    def set_viewport(self, viewport: RectLike) -> None:
        """Move or resize the viewport (window resized, panel opened), keeping the centre."""
        center = self._viewport_center_world()
        self.viewport = pygame.Rect(viewport)
        self._glide = None
        self._set_center(center)

    def pan(self, dx: float, dy: float) -> None:
        """Move the map by (dx, dy) screen pixels, as a drag does. Stops following."""
        self._glide = None
        self._target = None
        self._ox += dx
        self._oy += dy
        self._clamp()

    def zoom_at(self, point: Point, steps: int) -> bool:
        """Zoom ``steps`` levels (positive: in) keeping the tile under ``point`` under it.

        Returns whether the tile size changed. Near the map's edges the clamp may then shift
        the map a little, which is the price of never showing empty space there.
        """
        return self.zoom_to(self._stepped(steps), point)

    def zoom_to(self, tile: int, anchor: Point | None = None) -> bool:
        """Set the tile size, keeping the world point at ``anchor`` (default: centre) fixed."""
        tile = max(int(tile), 1)
        if tile == self._tile:
            return False
        if anchor is None:
            anchor = self.viewport.center
        self._glide = None
        # The anchor pixel's centre, in world units; then put the same world point back under
        # the same pixel with a whole-pixel origin: floor(floor(w*t)/t) == floor(w) keeps the
        # tile under the cursor exactly.
        px = math.floor(anchor[0]) - self.viewport.x
        py = math.floor(anchor[1]) - self.viewport.y
        world_x = (px + 0.5 - math.floor(self._ox)) / self._tile
        world_y = (py + 0.5 - math.floor(self._oy)) / self._tile
        self._tile = tile
        self._ox = px - math.floor(world_x * tile)
        self._oy = py - math.floor(world_y * tile)
        self._clamp()
        return True

    def fit(self) -> None:
        """Largest whole-pixel tile size (up to the top zoom level) that shows the whole map."""
        size = min(self.viewport.w // self.cols, self.viewport.h // self.rows)
        self._glide = None
        self._tile = max(1, min(size, self.levels[-1]))
        self._set_center((self.rows / 2, self.cols / 2))

    def center_on(self, tile: Pos, smooth: bool = False) -> None:
        """Bring ``tile`` to the viewport centre (as near as the clamp allows). Stops following."""
        self._target = None
        self._move_to_tile(tile, smooth)

    def follow(self, tile: Pos | None, smooth: bool = True) -> None:
        """Keep ``tile`` on screen: re-centre on it whenever it nears the viewport's edge.

        Call again when the followed thing moves; ``None`` stops following. Panning stops it
        too, so the camera never fights the user's drag.
        """
        self._target = None if tile is None else (int(tile[0]), int(tile[1]))
        if self._target is not None and not self._comfortably_visible(self._target):
            self._move_to_tile(self._target, smooth)

    def update(self, dt: float) -> None:
        """Advance a smooth move; check the followed tile is still comfortably visible."""
        if self._glide is not None:
            self._glide.update(dt)
            self._ox, self._oy = self._glide.value  # type: ignore[misc]
            if self._glide.done:
                self._glide = None
        if self._glide is None and self._target is not None and not self._comfortably_visible(self._target):
            self._move_to_tile(self._target, smooth=True)

    # -- internals ----------------------------------------------------------------------------

    def _stepped(self, steps: int) -> int:
        """Tile size ``steps`` levels away; a size between levels (after fit) snaps to one."""
        levels, t = self.levels, self._tile
        if steps == 0:
            return t
        if steps > 0:
            index = bisect_right(levels, t) + steps - 1
        else:
            index = bisect_left(levels, t) + steps
        size = levels[min(max(index, 0), len(levels) - 1)]
        # Never let "zoom in" shrink or "zoom out" grow a size that lies outside the levels.
        return max(size, t) if steps > 0 else min(size, t)

    def _viewport_center_world(self) -> Point:
        return self.screen_to_world(self.viewport.center)

    def _origin_for_center(self, center: Point) -> tuple[float, float]:
        ox = math.floor(self.viewport.w / 2 - center[1] * self._tile)
        oy = math.floor(self.viewport.h / 2 - center[0] * self._tile)
        return self._clamped(ox, oy)

    def _set_center(self, center: Point) -> None:
        self._ox, self._oy = self._origin_for_center(center)

    def _move_to_tile(self, tile: Pos, smooth: bool) -> None:
        goal = self._origin_for_center((tile[0] + 0.5, tile[1] + 0.5))
        if smooth and self.glide_time > 0 and goal != (self._ox, self._oy):
            self._glide = Tween((self._ox, self._oy), goal, self.glide_time, out_cubic)
        else:
            self._glide = None
            self._ox, self._oy = goal

    def _comfortably_visible(self, tile: Pos) -> bool:
        inner = self.viewport.inflate(
            -2 * int(self.viewport.w * self.follow_margin), -2 * int(self.viewport.h * self.follow_margin)
        )
        return inner.contains(self.tile_rect(tile))

    def _clamped(self, ox: float, oy: float) -> tuple[float, float]:
        return (
            self._clamp_axis(ox, self.viewport.w, self.cols * self._tile),
            self._clamp_axis(oy, self.viewport.h, self.rows * self._tile),
        )

    def _clamp_axis(self, origin: float, view: int, size: int) -> float:
        if size <= view:
            return float((view - size) // 2)
        return float(min(max(origin, view - size - self.margin), self.margin))

    def _clamp(self) -> None:
        self._ox, self._oy = self._clamped(self._ox, self._oy)
