"""Scotland Yard's scenes: its options (who plays Mr X and the detectives) and the play scene.

The play scene never waits for an AI: a decision runs on the thinking worker (in its own process
in the window, :mod:`.botproc`) while the board keeps animating. A person plays by clicking
stations: a menu asks for the ticket when several fit (the secret ticket is offered to Mr X),
``D`` starts a double move (two clicks), clicking a detective chooses which one moves, and the
stations that cannot be reached are dimmed; a refused move says why and changes nothing.

``V`` cycles the spectator view, the detectives' view and Mr X's view. While a person plays a
side the view is that side's and stays locked until the game ends (``O`` takes over the side to
move, and hands it back).

Both scenes are the shared ones of :mod:`game.arcade.turnscene` with Scotland Yard's board,
panel, clicks, views and words filled in.
"""

from __future__ import annotations

import pygame

from game.arcade.common import fit_text
from game.arcade.thinking import Thinker, draw_indicator
from game.arcade.turnscene import GOLD, GREY, RED, SPEEDS, OptionsScene, TurnPlayScene, watch_caption
from game.arcade.turnscene import layout as _layout
from game.scotlandyard import Piece, Ticket
from game.shell.input import CLICK, DRAG, HOVER, WHEEL
from game.shell.scenes import Replace

from . import keys
from .panel import SyPanel
from .session import (
    HUMAN,
    SIDE_NAMES,
    VIEWS,
    SetupError,
    SySession,
    ai_names,
    doubles_via,
    first_legs,
    moves_to,
    piece_name,
    reachable,
    why_station_refused,
    winner_text,
)
from .view import TICKET_COLOURS, SyBoardView

AUTOPLAY_GAP = {"slow": 0.6, "normal": 0.25, "fast": 0.05, "instant": 0.0}
PANEL = (500, 320, 0.4)  # the panel's width at scale 1, its least width, its largest share
PLAY_BINDINGS = keys.bindings(keys.PLAY_KEYS)
__all__ = ["SyOptions", "SyOptionsScene", "SyPlayScene", "TicketMenu", "GOLD", "GREY", "PANEL", "RED", "SPEEDS",
           "layout", "side_mode"]


def layout(ctx, size, with_panel: bool = True) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Board, panel and caption rectangles for a screen of ``size``."""
    return _layout(ctx, size, with_panel, PANEL)


def side_mode(side: str) -> str:
    return "mrx" if side == "mrx" else "detectives"


class TicketMenu:
    """A small menu at a clicked station: one line per ticket that fits (1, 2, 3 or a click)."""

    def __init__(self, station: int, options: list[tuple[str, Ticket, object]], pos, away_from=None) -> None:
        self.station = station
        self.options = options  # (label, ticket, what choosing it does: a move or a first leg)
        self.pos = pos
        self.away_from = away_from  # the moving pawn's point: the menu opens on the other side
        self.rects: list[pygame.Rect] = []

    def draw(self, surface, ctx) -> None:
        t = ctx.text
        size = ctx.font(22)
        line = t.measure("Ag", size)[1] + ctx.px(10)
        width = max(t.measure(f"{i + 1}  {label}", size)[0] for i, (label, _, _) in enumerate(self.options)) + ctx.px(40)
        box = pygame.Rect(0, 0, width, line * len(self.options) + ctx.px(36))
        gap = ctx.px(22)
        left = self.away_from is not None and self.away_from[0] > self.pos[0]
        up = self.away_from is not None and self.away_from[1] > self.pos[1]
        if left:
            box.right = self.pos[0] - gap
        else:
            box.x = self.pos[0] + gap
        if up:
            box.bottom = self.pos[1] + line // 2
        else:
            box.y = self.pos[1] - line // 2
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (14, 16, 28), box, border_radius=ctx.px(8))
        pygame.draw.rect(surface, GOLD, box, 2, border_radius=ctx.px(8))
        t.draw(surface, f"Ticket to {self.station}?", ctx.font(18), GREY, (box.x + ctx.px(10), box.y + ctx.px(6)))
        self.rects = []
        y = box.y + ctx.px(32)
        for i, (label, ticket, _) in enumerate(self.options):
            row = pygame.Rect(box.x + ctx.px(6), y, box.w - ctx.px(12), line - ctx.px(4))
            pygame.draw.rect(surface, TICKET_COLOURS[ticket], row, border_radius=ctx.px(5))
            if ticket is Ticket.SECRET:
                pygame.draw.rect(surface, (200, 200, 215), row, 1, border_radius=ctx.px(5))
            ink = (245, 245, 250) if ticket is Ticket.SECRET else (18, 18, 24)
            t.draw(surface, f"{i + 1}  {label}", size, ink, (row.x + ctx.px(10), row.centery), anchor="midleft")
            self.rects.append(row)
            y += line

    def option_at(self, pos) -> int | None:
        for i, rect in enumerate(self.rects):
            if rect.collidepoint(pos):
                return i
        return None


class SyPlayScene(TurnPlayScene):
    autoplay_gap = AUTOPLAY_GAP
    panel_size = PANEL
    help_title = "SCOTLAND YARD: KEYS"
    refusals = ("Refused", "Wait", "The view")
    handed_back = "Handed back to the AI"

    def __init__(self, ctx, session: SySession, *, autoplay: bool = False, speed: str = "normal",
                 text: bool = True, thinker: Thinker | None = None, options=None, mode: str = "spectator") -> None:
        self.free_mode = mode  # the view chosen with V while nobody plays a side
        self.selected_piece: Piece | None = None
        self.double = False
        self.first_leg: tuple[Ticket, int] | None = None
        self.menu: TicketMenu | None = None
        self._mrx_ready_at = None  # hot seat: the entry after which Mr X's player lifted the curtain
        super().__init__(ctx, session, autoplay=autoplay, text=text, thinker=thinker, options=options)
        self.view.speed = speed
        self.view.show(session.history[-1], self.mode)
        self._refresh_choices()

    def make_view(self, rect):
        ctx = self.ctx
        return SyBoardView(rect, self.session.state.board, text=ctx.text if self.show_text else None,
                           ui_scale=ctx.scale)

    def make_panel(self, rect):
        return SyPanel(rect, self.ctx.text, self.ctx.scale)

    # -- views ------------------------------------------------------------------------------------

    @property
    def locked_mode(self) -> str | None:
        """The view a person playing must keep (None: free to choose)."""
        session = self.session
        humans = session.humans
        if not humans or session.over:
            return None
        if len(humans) == 1:
            return side_mode(humans[0])
        if self.curtain:
            return "detectives"  # hot seat: the public view until Mr X's player alone watches
        return side_mode(session.mover)  # hot seat: the side to move

    @property
    def curtain(self) -> bool:
        """Hot seat (a person plays each side): when Mr X comes to move, his view waits behind a
        curtain until his player lifts it, so the detectives' player, who just moved, never sees
        where he is. The detectives' view hides nothing from Mr X, so it needs none."""
        session = self.session
        return (len(session.humans) == 2 and not session.over and session.mover == "mrx"
                and self._mrx_ready_at is not session.history[-1])

    def lift_curtain(self) -> None:
        self._mrx_ready_at = self.session.history[-1]
        self.view.finish()
        self.view.show(self.session.history[-1], self.mode)
        self._reset_input()
        self.say("Mr X's view: click a bright station (D: double move)")

    @property
    def mode(self) -> str:
        return self.locked_mode or self.free_mode

    def cycle_view(self) -> None:
        if self.curtain:
            self.say("Mr X's player: click or press Space to see his view")
            return
        if self.locked_mode is not None:
            self.say(f"The view stays on {SIDE_NAMES[self.session.humans[0]] if len(self.session.humans) == 1 else 'the side to move'}"
                     " while you play: hidden information is hidden until the game ends")
            return
        self.free_mode = VIEWS[(VIEWS.index(self.free_mode) + 1) % len(VIEWS)]
        self.view.show(self.session.history[-1], self.mode)
        self.say(f"View: {self.free_mode}")

    # -- the host protocol of the shared overlays ------------------------------------------------

    @property
    def bindings(self):
        return PLAY_BINDINGS

    def key_rows(self):
        return PLAY_BINDINGS.describe() + list(keys.MOUSE_ROWS)

    def menu_scene(self):
        return SyOptionsScene(self.ctx, self.options)

    def over_anchor(self):
        """Where the game ended: Mr X's last station (caught there, cornered, or escaped from it);
        the game-over box takes the other half of the board."""
        return self.view.station_screen(self.session.state.mrx_location)

    def over_lines(self):
        state = self.session.state
        mrx_won = Piece.MRX in state.winner
        headline = "MR X ESCAPES" if mrx_won else "CAUGHT" if state.mrx_location in {
            d.location for d in state.detectives} else "MR X IS CORNERED"
        turns = sum(1 for entry in self.session.history if entry.side == "mrx")  # the replay list's TURNS
        moves = len(state.travel_log)
        made = f"{moves} of Mr X's {len(state.setup.reveals)} moves made"
        if turns != moves:
            made += f", in {turns} turns (a double move is two moves in one turn)"
        lines = [winner_text(state), f"Mr X: {self.session.name('mrx')}   detectives: {self.session.name('detectives')}",
                 made]
        lines.append(f"Replay saved to {self.saved_path}" if self.saved_path else self.save_error or "")
        return headline, (GOLD if mrx_won else (120, 200, 255)), [line for line in lines if line]

    # -- the hooks of the shared play scene ------------------------------------------------------

    def save_game(self, target=None):
        from .codec import save

        return save(self.session, target) if target is not None else save(self.session)

    def reset_view(self) -> None:
        self.view.pawns.clear()
        self.view.show(self.session.history[-1], self.mode)

    def on_restart(self) -> None:
        self._mrx_ready_at = None
        self._reset_input()

    def show_current(self, entry=None, animate: bool = False) -> None:
        if entry is None:
            self.view.show(self.session.history[-1], self.mode)
        else:
            self.shown(entry, animate)

    def round_mark(self):
        return len(self.session.history)

    def round_over(self, mark) -> bool:
        return len(self.session.history) > mark and self.session.state.is_mrx_turn

    def on_settled(self) -> None:
        self._refresh_choices()

    def on_game_over(self) -> None:
        self.view.show(self.session.history[-1], self.mode)  # the game is over: every view shows Mr X
        self.view.set_choices(None)

    def on_collected(self, side: str, entry) -> None:
        if entry.note:  # what a failing Mr X answered may name his station: the detectives' view says less
            hidden = side == "mrx" and self.mode == "detectives" and not self.session.over
            self.say(f"{SIDE_NAMES[side]}: " + ("the AI failed; the first available move was played for it"
                                                if hidden else entry.note))

    def on_handed_back(self) -> None:
        self.view.show(self.session.history[-1], self.mode)
        self._reset_input()

    def on_taken_over(self, side: str) -> None:
        self.pending, self.pending_round = 0, None
        self.view.finish()
        self.view.show(self.session.history[-1], self.mode)
        self._reset_input()
        self.say(f"You play {SIDE_NAMES[side]}: click a station. O hands it back.")

    # -- moves -----------------------------------------------------------------------------------

    def shown(self, entry, animate: bool = True) -> None:
        self.view.show(entry, self.mode, animate=animate and self.view.speed != "instant")
        self._reset_input()

    def _reset_input(self) -> None:
        self.double, self.first_leg, self.menu = False, None, None
        self.selected_piece = None
        self._refresh_choices()

    def human_turn(self) -> bool:
        s = self.session
        return not s.over and s.is_human(s.mover)

    def _movable_detectives(self) -> list[Piece]:
        state = self.session.state
        return [p for p in state.remaining if reachable(state, p)]

    def _refresh_choices(self) -> None:
        """Which stations a person may click now (the rest are dimmed), and the moving piece."""
        if not self.human_turn() or self.view.busy or self.curtain:
            self.view.set_choices(None)
            return
        state = self.session.state
        if state.is_mrx_turn:
            here = state.mrx_location
            if self.double and self.first_leg is not None:
                t1, d1 = self.first_leg
                options = {m.destination2 for m in state.legal_moves() if getattr(m, "is_double", False)
                           and m.ticket1 is t1 and m.destination1 == d1}
                self.view.set_choices(options, here, d1)
            elif self.double:
                self.view.set_choices({d for _, d in first_legs(state)}, here)
            else:
                self.view.set_choices(reachable(state, Piece.MRX), here)
            return
        movable = self._movable_detectives()
        if self.selected_piece not in movable:
            self.selected_piece = movable[0] if movable else None
        if self.selected_piece is None:
            self.view.set_choices(set())
            return
        here = state.detective_location(self.selected_piece)
        others = {state.detective_location(p) for p in movable if p is not self.selected_piece}
        self.view.set_choices(reachable(state, self.selected_piece) | others, here)

    def play_human(self, move) -> None:
        self.view.finish()
        result = self.session.human_move(move)
        if isinstance(result, str):
            self.say(f"Refused: {result}. Nothing lost, try another move.")
            return
        self.message = ""
        self.shown(result)

    def click_station(self, station: int, pos) -> None:
        session = self.session
        if session.over:
            return
        if not session.is_human(session.mover):
            self.say(f"Wait: {SIDE_NAMES[session.mover]} ({session.name(session.mover)}) is to move. "
                     "O takes over.")
            return
        self.view.finish()
        state = session.state
        if state.is_mrx_turn:
            self._click_mrx(state, station, pos)
        else:
            self._click_detectives(state, station, pos)
        self._refresh_choices()

    def _click_mrx(self, state, station: int, pos) -> None:
        if self.double and self.first_leg is None:
            tickets = sorted({t for t, d in first_legs(state) if d == station}, key=lambda t: t._value_)
            if not tickets:
                why = why_station_refused(state, Piece.MRX, station)
                self.say(f"Refused: {why}" if why and not first_legs(state) == set() else
                         f"Refused: no double move goes first to {station}")
                return
            if len(tickets) == 1:
                self.first_leg = (tickets[0], station)
                self.say(f"Double move: {tickets[0].name} to {station}, now click the second station")
                return
            self.menu = TicketMenu(station, [(t.name, t, ("leg", t, station)) for t in tickets], pos, self._mover_point())
            return
        if self.double:
            t1, d1 = self.first_leg
            moves = sorted(doubles_via(state, t1, d1, station), key=lambda m: m.ticket2._value_)
            if not moves:
                self.say(f"Refused: no second ride from {d1} to {station} (D: cancel the double move)")
                return
        else:
            moves = sorted(moves_to(state, Piece.MRX, station), key=lambda m: m.ticket._value_)
            if not moves:
                self.say(f"Refused: {why_station_refused(state, Piece.MRX, station)}")
                return
        if len(moves) == 1:
            self.play_human(moves[0])
            return
        label = (lambda m: m.ticket2.name) if self.double else (lambda m: m.ticket.name)
        ticket = (lambda m: m.ticket2) if self.double else (lambda m: m.ticket)
        self.menu = TicketMenu(station, [(label(m), ticket(m), m) for m in moves], pos, self._mover_point())

    def _click_detectives(self, state, station: int, pos) -> None:
        movable = self._movable_detectives()
        for piece in movable:
            if state.detective_location(piece) == station:
                self.selected_piece = piece
                self.say(f"{piece.name.title()} moves: click a bright station")
                return
        for d in state.detectives:
            if d.location == station:
                self.say(f"Refused: {d.piece.name.title()} has already moved this round" if d.piece not in
                         state.remaining else f"Refused: {d.piece.name.title()} cannot move")
                return
        piece = self.selected_piece
        if piece is None:
            self.say("Refused: no detective can move")
            return
        moves = sorted(moves_to(state, piece, station), key=lambda m: m.ticket._value_)
        if not moves:
            self.say(f"Refused: {piece_name(piece)}: {why_station_refused(state, piece, station)}")
            return
        if len(moves) == 1:
            self.play_human(moves[0])
            return
        self.menu = TicketMenu(station, [(m.ticket.name, m.ticket, m) for m in moves], pos, self._mover_point())

    def _mover_point(self):
        """Where the piece that moves stands on screen (the ticket menu keeps clear of it)."""
        state = self.session.state
        if state.is_mrx_turn:
            here = self.first_leg[1] if self.first_leg else state.mrx_location
        elif self.selected_piece is not None:
            here = state.detective_location(self.selected_piece)
        else:
            return None
        return self.view.station_screen(here)

    def choose_menu(self, index: int) -> None:
        menu = self.menu
        if menu is None or not 0 <= index < len(menu.options):
            return
        self.menu = None
        _, ticket, what = menu.options[index]
        if isinstance(what, tuple) and what and what[0] == "leg":
            self.first_leg = (what[1], what[2])
            self.say(f"Double move: {what[1].name} to {what[2]}, now click the second station")
            self._refresh_choices()
            return
        self.play_human(what)

    def toggle_double(self) -> None:
        state = self.session.state
        if not self.human_turn() or not state.is_mrx_turn:
            self.say("D is Mr X's double move, on his turn")
            return
        if self.double:
            self.double, self.first_leg = False, None
            self.say("Double move cancelled")
        elif not first_legs(state):
            self.say("Refused: no double move now (no DOUBLE ticket, or the log has one slot left)")
            return
        else:
            self.double, self.first_leg = True, None
            self.say("Double move: click the first station, then the second")
        self.menu = None
        self._refresh_choices()

    def next_detective(self) -> None:
        movable = self._movable_detectives()
        if not self.human_turn() or self.session.state.is_mrx_turn or not movable:
            return
        k = movable.index(self.selected_piece) if self.selected_piece in movable else -1
        self.selected_piece = movable[(k + 1) % len(movable)]
        self._refresh_choices()

    # -- input -----------------------------------------------------------------------------------

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        name, data = intention.name, intention.data
        if self.curtain and (name in ("step", "round") or (name == CLICK and data.button == 1)):
            self.lift_curtain()
            return None
        if self.menu is not None:
            if name.startswith("speed_"):
                self.choose_menu(SPEEDS.index(name[6:]))
                return None
            if name == "pause" or (name == CLICK and data.button == 3):
                self.menu = None
                self.say("Ticket menu closed")
                return None
            if name == CLICK:
                hit = self.menu.option_at(data.pos)
                if hit is not None:
                    self.choose_menu(hit)
                    return None
                self.menu = None  # a click elsewhere closes the menu and acts as usual
        if name == CLICK and data.button == 1:
            cell = self.view.minimap_world(data.pos)
            if cell is not None:
                self.view.camera.center_on(cell, smooth=True)
                return None
            station = self.view.station_at(data.pos)
            if station is not None:
                self.click_station(station, data.pos)
        elif name == DRAG:
            self.view.pan(data.dx, data.dy)
        elif name == HOVER:
            self.view.point_at(data)
        elif name == WHEEL:
            self.view.zoom_at(data.pos, data.steps)
        elif name == "zoom_in":
            self.view.zoom_at(self.view.rect.center, 1)
        elif name == "zoom_out":
            self.view.zoom_at(self.view.rect.center, -1)
        elif name == "fit":
            self.view.fit()
        elif name == "minimap":
            modes = ("auto", "on", "off")
            self.view.minimap_mode = modes[(modes.index(self.view.minimap_mode) + 1) % 3]
        elif name == "heat":
            self.view.heat = not self.view.heat
        elif name == "view":
            self.cycle_view()
        elif name == "double":
            self.toggle_double()
        elif name == "next_detective":
            self.next_detective()
        else:
            return super().handle(intention)
        return None

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        if not self.show_text:
            return
        session = self.session
        thinking = ""
        if self.thinker.busy and self._thinking_side:
            thinking = f"{SIDE_NAMES[self._thinking_side].capitalize()} thinking"
            draw_indicator(surface, self.ctx.text, self.view.rect, self.thinker.thinking_for, self.ctx.scale, thinking)
        if self.menu is not None:
            self.menu.draw(surface, self.ctx)
        if self.curtain:
            self.draw_curtain(surface)
        if self.panel.rect.w:
            entry = session.history[-1]
            names = {side: session.name(side) for side in ("mrx", "detectives")}
            self.panel.draw(surface, entry=entry, seen=self.view.seen, history=session.history,
                            index=len(session.history) - 1, names=names,
                            title="SCOTLAND YARD", mover=session.mover, thinking=thinking,
                            note=self.message if self.message and self.message_age < 6.0 else "")
        self.draw_caption(surface)

    def draw_curtain(self, surface: pygame.Surface) -> None:
        """Hot seat: the board's public view under a box that asks the detectives to look away."""
        ctx, rect = self.ctx, self.view.rect
        title, small = ctx.px(34), ctx.px(18)
        lines = (("MR X'S TURN", title, GOLD), ("Detectives' player: look away now.", small, (235, 235, 245)),
                 ("Mr X's player: click or press Space to see where he is.", small, (235, 235, 245)))
        width = max(ctx.text.measure(text, size)[0] for text, size, _ in lines) + ctx.px(48)
        height = sum(int(size * 1.5) for _, size, _ in lines) + ctx.px(32)
        box = pygame.Rect(0, 0, max(1, min(width, rect.w - ctx.px(8))), height)
        box.center = rect.center
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((10, 12, 20, 235))
        surface.blit(shade, box.topleft)
        pygame.draw.rect(surface, GOLD, box, max(1, ctx.px(2)), border_radius=ctx.px(8))
        y = box.y + ctx.px(16)
        for text, size, colour in lines:
            ctx.text.draw(surface, fit_text(ctx.text, text, size, box.w - ctx.px(16)), size, colour,
                          (box.centerx, y), anchor="midtop")
            y += int(size * 1.5)

    def caption_text(self):
        session = self.session
        if self.curtain:
            return "Mr X's turn: detectives, look away.   Click or Space: show Mr X's view   F1: help", GOLD
        if session.over:
            return f"{winner_text(session.state)}   R: again   Q: options   V: view", GOLD
        if self.human_turn():
            if session.state.is_mrx_turn:
                text = ("Double move: click the first station" if self.double and self.first_leg is None else
                        f"Double move: {self.first_leg[0].name} to {self.first_leg[1]}, click the second station"
                        if self.double else "Your move, Mr X: click a bright station (D: double move)")
            else:
                who = f"{self.selected_piece.name.title()} moves; " if self.selected_piece else ""
                text = f"Your move, detectives: {who}click a bright station (click a detective or Tab: another)"
            return text + "   O: hand back   F1: help", (220, 220, 235)
        if session.humans:
            return (f"Waiting for {SIDE_NAMES[session.mover]} ({session.name(session.mover)})...   F1: help",
                    (220, 220, 235))
        return watch_caption(self.view.speed, self.autoplay, "V: view   "), (220, 220, 235)


# ------------------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------------------

MOVE_TIMES = (0.25, 0.5, 1.0, 2.0, 5.0)


class SyOptions:
    """What the options screen chose (kept across games so Q comes back to the same choices)."""

    def __init__(self) -> None:
        self.players = {side: (ai_names(side) or ["random"]) + [HUMAN] for side in ("mrx", "detectives")}
        self.choice = {side: self.players[side].index("default") if "default" in self.players[side] else 0
                       for side in ("mrx", "detectives")}
        self.seed_text = ""
        self.move_time = 1.0
        self.speed = "normal"
        self.view = "spectator"
        self.autoplay = True

    def spec(self, side: str) -> str:
        return self.players[side][self.choice[side]]


class SyOptionsScene(OptionsScene):
    bindings = keys.bindings(keys.OPTIONS_KEYS)
    game_id = "scotlandyard"
    title = "SCOTLAND YARD"
    subtitle = ("Mr X hides somewhere in London; five detectives hunt him. He shows himself at moves "
                "3, 8, 13, 18 and 24.")
    footer = "Up / Down: line   Left / Right or click: change   digits: seed   Enter: start   Esc: games"
    background = ((18, 24, 32), (28, 40, 56))
    label_width = 330
    value_chars = 60

    def __init__(self, ctx, options: SyOptions | None = None) -> None:
        super().__init__(ctx, options or SyOptions())
        self.rows = ("mrx", "detectives", "seed", "move_time", "speed", "view", "start")
        self.row = self.rows.index("start")

    def visible_rows(self) -> list[str]:
        return list(self.rows)

    def edit(self, name: str, data, row: str) -> None:
        o = self.options
        if row != "seed":
            return
        if name == "menu_erase":
            o.seed_text = o.seed_text[:-1]
        elif str(data).isdigit() and len(o.seed_text) < 9:
            o.seed_text += data

    def arrows(self, row: str) -> bool:
        return row != "seed"

    def change(self, row: str, step: int) -> None:
        o = self.options
        if row in ("mrx", "detectives"):
            o.choice[row] = (o.choice[row] + step) % len(o.players[row])
        elif row == "move_time":
            k = MOVE_TIMES.index(o.move_time) if o.move_time in MOVE_TIMES else 2
            o.move_time = MOVE_TIMES[(k + step) % len(MOVE_TIMES)]
        elif row == "speed":
            o.speed = SPEEDS[(SPEEDS.index(o.speed) + step) % len(SPEEDS)]
        elif row == "view":
            o.view = VIEWS[(VIEWS.index(o.view) + step) % len(VIEWS)]

    def start(self):
        import secrets

        o = self.options
        seed = int(o.seed_text) if o.seed_text else secrets.randbelow(10**6)
        try:
            session = SySession({side: o.spec(side) for side in ("mrx", "detectives")}, seed=seed,
                                move_time=o.move_time, process_bots=getattr(self.ctx, "think_async", False))
        except (SetupError, ValueError, OSError) as exc:
            self.message = f"Cannot start: {exc}"[:160]
            return None
        return Replace(SyPlayScene(self.ctx, session, autoplay=o.autoplay, speed=o.speed, options=o, mode=o.view))

    def value(self, row: str) -> tuple[str, str]:
        o = self.options
        if row in ("mrx", "detectives"):
            spec = o.spec(row)
            label = "human (you: click stations)" if spec == HUMAN else f"AI: {spec}"
            return ("Mr X" if row == "mrx" else "Detectives"), label
        if row == "seed":
            return "Start (seed)", (o.seed_text or "random") + ("_" if self.current() == "seed" else "")
        if row == "move_time":
            return "AI time a move", f"{o.move_time:g} s"
        if row == "speed":
            return "Speed", o.speed
        if row == "view":
            return "View (watching)", {"spectator": "spectator: everything", "detectives": "the detectives'",
                                       "mrx": "Mr X's"}[o.view]
        return "", ""
