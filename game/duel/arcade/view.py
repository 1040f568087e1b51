"""Drawing a duel board: floor, walls, items, two hunters in motion, item effects, stuns.

The board is pre-rendered once per tile size (floor and walls), with the items on a second
layer that is patched cell by cell as items are taken (rebuilt only on a jump backwards), so a
frame is a few blits whatever the board size. The hunters are drawn over it: a move is a short
eased step (:meth:`DuelView.show` with ``animate``), with a four-frame walk cycle facing the
way they go. Taking an item shows its effect rising over the hunter (``+1``, ``-1``, ``x2``,
``/2``); a stunned hunter has stars circling its head and pips (and, with text, a number)
counting the turns it still has to skip.
"""

from __future__ import annotations

import pygame

from game.duel.rules import Moved, Stunned
from game.shell.tweens import out_quad

from .sprites import FACING, ITEM_SPRITES, DuelSprites

STEP_SECONDS = {"slow": 0.42, "normal": 0.2, "fast": 0.08, "instant": 0.0}
EFFECT_SECONDS = 0.9
EFFECTS = {"m": ("+1", (120, 240, 120)), "n": ("-1", (220, 120, 255)), "s": ("x2", (255, 214, 60)),
           "t": ("/2", (200, 110, 255)), "b": ("STUN", (255, 236, 90))}
PLAYER_COLOURS = {"A": (40, 200, 200), "B": (250, 140, 50)}
BACKGROUND = (16, 18, 26)


class Hunter:
    """One hunter's on-screen position (in cells, fractional while moving) and pose."""

    def __init__(self, cell: tuple[int, int]) -> None:
        self.src = self.dst = cell
        self.t = 1.0
        self.duration = 0.0
        self.facing = "S"
        self.walked = 0.0  # seconds of walking, for the walk cycle

    @property
    def moving(self) -> bool:
        return self.t < 1.0

    def go(self, dst: tuple[int, int], move: str, duration: float) -> None:
        self.facing = FACING.get(move, self.facing)
        self.src, self.dst = self.dst, dst
        self.duration = duration
        self.t = 0.0 if duration > 0 else 1.0

    def snap(self, cell: tuple[int, int]) -> None:
        self.src = self.dst = cell
        self.t = 1.0

    def update(self, dt: float) -> None:
        if self.t < 1.0:
            self.t = min(1.0, self.t + dt / self.duration) if self.duration > 0 else 1.0
            self.walked += dt

    @property
    def cell(self) -> tuple[float, float]:
        e = out_quad(self.t)
        return (self.src[0] + (self.dst[0] - self.src[0]) * e, self.src[1] + (self.dst[1] - self.src[1]) * e)

    @property
    def frame(self) -> int:
        return int(self.t * 4) % 4 if self.moving else 0


class DuelView:
    """Shows one state of a game, animating the step into the next one."""

    def __init__(self, rect: pygame.Rect, sprites: DuelSprites, *, text=None, ui_scale: float = 1.0) -> None:
        self.sprites = sprites
        self.text = text
        self.ui_scale = ui_scale
        self.speed = "normal"
        self.state = None
        self.hunters: dict[str, Hunter] = {}
        self.effects: list[list] = []  # [text, colour, (row, col), age]
        self.clock = 0.0
        self._layer: pygame.Surface | None = None
        self._layer_taken = -1
        self._layer_board = None
        self.set_rect(rect)

    # -- geometry ----------------------------------------------------------------------------------

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._layer = None

    def _fit(self, board) -> tuple[int, pygame.Rect]:
        tile = max(2, min(self.rect.w // board.cols, self.rect.h // board.rows))
        area = pygame.Rect(0, 0, tile * board.cols, tile * board.rows)
        area.center = self.rect.center
        return tile, area

    @property
    def drawn_rect(self) -> pygame.Rect | None:
        """The screen rectangle the board's cells cover (inside ``rect``), once there is a board."""
        return self._fit(self.state.board)[1] if self.state is not None else None

    @property
    def tile(self) -> int:
        return self._fit(self.state.board)[0] if self.state is not None else 16

    def cell_rect(self, row: int, col: int) -> pygame.Rect:
        tile, area = self._fit(self.state.board)
        return pygame.Rect(area.x + col * tile, area.y + row * tile, tile, tile)

    # -- what is shown -----------------------------------------------------------------------------

    def show(self, state, events=(), *, animate: bool = False) -> None:
        """Show ``state``; with ``animate``, ``events`` (the step into it) play as a short move."""
        previous = self.state
        self.state = state
        if previous is None or previous.board is not state.board or not self.hunters:
            self.hunters = {p: Hunter(state.position(p)) for p in ("A", "B")}
            self.effects.clear()
            return
        duration = STEP_SECONDS.get(self.speed, 0.2) if animate else 0.0
        moved = set()
        for event in events:
            if isinstance(event, Moved):
                dst = state.board.coords(event.dst)
                self.hunters[event.player].go(dst, event.move, duration)
                moved.add(event.player)
                if event.item and event.item != "b" and animate and self.speed != "instant":  # b: Stunned says it
                    self.effects.append([*EFFECTS[event.item], dst, 0.0])
            elif isinstance(event, Stunned) and animate and self.speed != "instant":
                self.effects.append([*EFFECTS["b"], state.position(event.player), -0.25])
        for player, hunter in self.hunters.items():
            if player not in moved and hunter.dst != state.position(player):
                hunter.snap(state.position(player))

    def finish(self) -> None:
        """End every animation now (the next step starts from a still board)."""
        for hunter in self.hunters.values():
            hunter.t = 1.0
        self.effects.clear()

    @property
    def busy(self) -> bool:
        return any(h.moving for h in self.hunters.values())

    def update(self, dt: float) -> None:
        self.clock += dt
        for hunter in self.hunters.values():
            hunter.update(dt)
        for effect in self.effects:
            effect[3] += dt
        self.effects = [e for e in self.effects if e[3] < EFFECT_SECONDS]

    # -- drawing -----------------------------------------------------------------------------------

    def _static(self, board, tile: int) -> pygame.Surface:
        layer = pygame.Surface((tile * board.cols, tile * board.rows)).convert() \
            if pygame.display.get_surface() else pygame.Surface((tile * board.cols, tile * board.rows))
        floors = (self.sprites.scaled("floor_0", tile), self.sprites.scaled("floor_1", tile))
        wall = self.sprites.scaled("wall", tile)
        blits = []
        for r in range(board.rows):
            row = board.grid[r]
            for c in range(board.cols):
                blits.append((wall if row[c] == "x" else floors[(r + c) & 1], (c * tile, r * tile)))
        layer.fblits(blits)
        return layer

    def _board_layer(self, state, tile: int) -> pygame.Surface:
        board = state.board
        if self._layer is None or self._layer_board is not board or self._layer.get_width() != tile * board.cols:
            self._floor_layer = self._static(board, tile)
            self._layer = self._floor_layer.copy()
            self._layer_board = board
            self._layer_taken = -1
        taken = state.taken
        if self._layer_taken >= 0 and taken & self._layer_taken == self._layer_taken:
            newly = taken & ~self._layer_taken
            while newly:  # items taken since: floor over their cells
                low = newly & -newly
                i = low.bit_length() - 1
                r, c = divmod(i, board.cols)
                area = pygame.Rect(c * tile, r * tile, tile, tile)
                self._layer.blit(self._floor_layer, area, area)
                newly ^= low
        else:
            self._layer.blit(self._floor_layer, (0, 0))
            blits = []
            for i, item in enumerate(board.item_at):
                if item and not (taken >> i) & 1:
                    r, c = divmod(i, board.cols)
                    blits.append((self.sprites.scaled(ITEM_SPRITES[item], tile), (c * tile, r * tile)))
            self._layer.fblits(blits)
        self._layer_taken = taken
        return self._layer

    def draw(self, surface: pygame.Surface) -> None:
        state = self.state
        if state is None:
            return
        tile, area = self._fit(state.board)
        for margin in (pygame.Rect(self.rect.x, self.rect.y, area.x - self.rect.x, self.rect.h),
                       pygame.Rect(area.right, self.rect.y, self.rect.right - area.right, self.rect.h),
                       pygame.Rect(area.x, self.rect.y, area.w, area.y - self.rect.y),
                       pygame.Rect(area.x, area.bottom, area.w, self.rect.bottom - area.bottom)):
            if margin.w > 0 and margin.h > 0:
                surface.fill(BACKGROUND, margin)
        surface.blit(self._board_layer(state, tile), area)
        for player in ("A", "B"):
            self._draw_hunter(surface, player, tile, area)
        for text, colour, cell, age in self.effects:
            if age >= 0:
                self._draw_effect(surface, text, colour, cell, age, tile, area)

    def _draw_hunter(self, surface, player: str, tile: int, area: pygame.Rect) -> None:
        hunter = self.hunters[player]
        r, c = hunter.cell
        x, y = area.x + c * tile, area.y + r * tile
        # A coloured ring under the hunter: which is which at a glance, even at tiny tiles.
        ring = pygame.Rect(0, 0, int(tile * 0.9), max(2, int(tile * 0.34)))
        ring.center = (int(x + tile / 2), int(y + tile * 0.9))
        pygame.draw.ellipse(surface, PLAYER_COLOURS[player], ring, max(1, tile // 10))
        if tile < 24:  # a big board: a halo the size of several cells finds the hunter at a glance
            centre = (int(x + tile / 2), int(y + tile / 2))
            pygame.draw.circle(surface, (20, 16, 28), centre, int(tile * 1.7) + 2, 4)
            pygame.draw.circle(surface, PLAYER_COLOURS[player], centre, int(tile * 1.7), 3)
        surface.blit(self.sprites.hunter(player, hunter.facing, hunter.frame, tile), (int(x), int(y)))
        stun = self.state.stun_a if player == "A" else self.state.stun_b
        if stun > 0:
            self._draw_stun(surface, int(x), int(y), tile, stun)

    def _draw_stun(self, surface, x: int, y: int, tile: int, turns: int) -> None:
        sprite = self.sprites.scaled("stun", tile)
        wobble = int((self.clock * 6) % 3) - 1
        surface.blit(sprite, (x + wobble * max(1, tile // 16), y - tile // 3))
        pip = max(2, tile // 7)
        for k in range(turns):  # one pip per turn still to skip: a countdown without text
            pygame.draw.rect(surface, (255, 236, 90), (x + k * (pip + 1), y - pip - 1, pip, pip))
            pygame.draw.rect(surface, (30, 22, 38), (x + k * (pip + 1), y - pip - 1, pip, pip), 1)
        if self.text is not None and tile >= 12:
            size = max(12, int(tile * 0.6))
            label = self.text.render(str(turns), size, (255, 236, 90), (30, 22, 38))
            surface.blit(label, label.get_rect(topright=(x + tile, y - tile // 2)))

    def _draw_effect(self, surface, text: str, colour, cell, age: float, tile: int, area: pygame.Rect) -> None:
        if self.text is None:
            return
        k = age / EFFECT_SECONDS
        size = max(14, int(max(tile * 0.9, 22 * self.ui_scale)))
        rendered = self.text.render(text, size, colour, None)
        outline = self.text.render(text, size, (20, 16, 28), None)
        cx = area.x + cell[1] * tile + tile // 2
        cy = int(area.y + cell[0] * tile - tile * 0.2 - k * tile * 1.2)
        alpha = 255 if k < 0.6 else int(255 * (1 - k) / 0.4)
        rect = rendered.get_rect(midbottom=(cx, cy))
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            outline.set_alpha(alpha)
            surface.blit(outline, rect.move(dx * 2, dy * 2))
        rendered.set_alpha(alpha)
        surface.blit(rendered, rect)
        rendered.set_alpha(255)
        outline.set_alpha(255)


def end_anchor(view: "DuelView") -> tuple[int, int] | None:
    """Where the game ended on screen, for the game-over box to keep clear of: the player who
    erred (boxed in, timed out), else between the two hunters."""
    state = view.state
    if state is None or not state.over:
        return None
    offender = getattr(state.outcome, "offender", "")
    players = [offender] if offender in ("A", "B") else ["A", "B"]
    centres = [view.cell_rect(*state.position(p)).center for p in players]
    return (sum(x for x, _ in centres) // len(centres), sum(y for _, y in centres) // len(centres))


def end_banner(state) -> tuple[str, tuple[int, int, int]] | None:
    """What the board says once the game is over: the winner and, after an error, whose and which."""
    if state is None or not state.over:
        return None
    o = state.outcome
    colour = PLAYER_COLOURS.get(o.winner[0], (255, 210, 60)) if o.winner != "Tie" else (255, 210, 60)
    if o.offender:
        return f"{o.offender}: {o.message.upper()}  -  {o.winner}", (240, 90, 80)
    why = {"": "all rounds played", "game clear": "game clear: every item taken"}.get(o.message, o.message)
    return f"{o.winner}  ({why})", colour


def draw_banner(surface, text_renderer, rect: pygame.Rect, text: str, colour, scale: float,
                view: "DuelView | None" = None) -> None:
    """A band across the board's area with ``text``: in the strip above or below the drawn board
    where there is one, else over the board's top or bottom row, whichever has no hunter on it
    (``view`` says where the board and the hunters are; without it, near the top)."""
    size = max(16, int(40 * scale))
    rendered = text_renderer.render(text, size, colour)
    height = rendered.get_height() + int(16 * scale)
    band = pygame.Rect(rect.x, rect.y + int(rect.h * 0.06), rect.w, height)
    drawn = view.drawn_rect if view is not None else None
    if drawn is not None:
        if drawn.top - rect.top >= height:
            band.bottom = drawn.top
        elif rect.bottom - drawn.bottom >= height:
            band.top = drawn.bottom
        else:
            state = view.state
            rows = {state.position(p)[0] for p in "AB"}
            band.top = drawn.top  # over the top row(s), unless a hunter is there
            if any(r * view.tile < height for r in rows):
                band.bottom = drawn.bottom
    veil = pygame.Surface(band.size, pygame.SRCALPHA)
    veil.fill((8, 10, 24, 215))
    surface.blit(veil, band)
    surface.blit(rendered, rendered.get_rect(center=band.center))
