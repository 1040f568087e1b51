"""The play scene and the options screen of a turn-based game, written once (the duel and
Scotland Yard fill in what is theirs).

:class:`TurnPlayScene` never waits for a player: the decision of a bot or AI runs on the
thinking worker (:mod:`game.arcade.thinking`) while the board keeps animating, and a person's
move comes from the keys or the mouse. Space plays one move, Enter one round, A autoplays at the
chosen speed (4: instant, no animation, many moves a frame), O takes over the side to move from
its AI and hands it back, P/Esc pause, R restarts, Q goes to the game's options, F1/H help.

It needs a *session* like :class:`game.arcade.turns.TurnSession` (``history``, ``state``,
``over``, ``mover``, ``humans``, ``is_human``, ``seats``, ``overridden``, ``version``,
``decision_job``, ``apply_decision``, ``restart``, ``close``) and a *view* with ``rect``,
``speed``, ``busy``, ``update``, ``finish``, ``set_rect`` and ``draw``. A game's subclass sets
the class attributes and gives the hooks (``make_panel``, ``show_current``, ``save_game``,
``over_lines``, ``menu_scene``, ``key_rows``, ``caption_text``, ...).

:class:`OptionsScene` is a game's options screen: rows of choices, a START row, the keys and
mouse of every options screen; the game gives its rows, their values and what START makes.
"""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game.shell.display import ui_scale
from game.shell.input import CLICK, HOVER, RESIZE
from game.shell.scenes import BaseScene, Push, Quit, Replace

from .common import GameOverOverlay, HelpOverlay, PauseOverlay, gradient
from .thinking import Thinker

SPEEDS = ("slow", "normal", "fast", "instant")
INSTANT_BUDGET = 0.006  # seconds of moves per frame at the instant speed
RED, GOLD, GREY = (240, 90, 80), (255, 210, 60), (170, 170, 190)
CAPTION_BACKGROUND, CAPTION_INK = (14, 16, 30), (220, 220, 235)


def layout(ctx, size, with_panel: bool = True, panel: tuple[int, int, float] = (460, 300, 0.42)
           ) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Board, panel and caption rectangles for a screen of ``size``. ``panel`` is the panel's
    width at scale 1, its least width and its largest share of the screen's width."""
    w, h = size
    width, least, share = panel
    panel_w = min(max(int(width * ui_scale(size)), least), int(w * share)) if with_panel and w >= 700 else 0
    caption_h = ctx.px(44) if with_panel else 0
    board = pygame.Rect(0, 0, w - panel_w, h - caption_h)
    return board, pygame.Rect(w - panel_w, 0, panel_w, h), pygame.Rect(0, h - caption_h, w - panel_w, caption_h)


def draw_caption(ctx, surface: pygame.Surface, rect: pygame.Rect, text: str, colour) -> None:
    """The caption line under the board: its background, and ``text`` cut to fit."""
    surface.fill(CAPTION_BACKGROUND, rect)
    size = ctx.px(22)
    while ctx.text.measure(text, size)[0] > rect.w - 20 and len(text) > 10:
        text = text[:-4] + "..."
    ctx.text.draw(surface, text, size, colour, (rect.x + ctx.px(14), rect.centery), anchor="midleft")


def watch_caption(speed: str, autoplay: bool, extra: str = "") -> str:
    """The caption while the AIs play: the keys that matter (``extra``: a game's own, before O)."""
    if autoplay:
        return f"Autoplay ({speed})   A: stop   1-4: speed   {extra}O: take over   F1: help"
    return f"Space: one move   Enter: one round   A: autoplay   {extra}O: take over   F1: help"


class TurnPlayScene(BaseScene):
    """A live game: the shared overlays' host, the thinking worker's client, the autoplay."""

    autoplay_gap: dict[str, float] = {"slow": 0.35, "normal": 0.12, "fast": 0.02, "instant": 0.0}
    panel_size: tuple[int, int, float] = (460, 300, 0.42)  # see :func:`layout`
    help_title = "KEYS"
    refusals: tuple[str, ...] = ("Refused", "Wait")  # a message starting so is shown in red
    handed_back = "Handed back to the AI"

    def __init__(self, ctx, session, *, autoplay: bool = False, text: bool = True, thinker=None,
                 options=None) -> None:
        self.ctx = ctx
        self.session = session
        self.autoplay = autoplay
        self.show_text = text
        self.thinker = thinker or Thinker()
        self.options = options  # the options screen's choices, for Q
        self.pending = 0  # moves asked for with Space
        self.pending_round = None  # Enter: play until this round is over
        self.message = ""
        self.message_age = 0.0
        self.saved_path: Path | None = None
        self.save_error = ""
        self._gap = 0.0
        self._ended = False
        self._thinking_side = ""
        board_rect, panel_rect, self.caption_rect = layout(ctx, ctx.size, text, self.panel_size)
        self.view = self.make_view(board_rect)
        self.panel = self.make_panel(panel_rect)

    # -- what a game gives -------------------------------------------------------------------------

    def make_view(self, rect: pygame.Rect):
        raise NotImplementedError

    def make_panel(self, rect: pygame.Rect):
        raise NotImplementedError

    def show_current(self, entry=None, animate: bool = False) -> None:
        """Show the session's last position (``entry``: the move into it, to animate)."""
        raise NotImplementedError

    def save_game(self, target=None) -> Path:
        """Write the session's replay (to ``target``, else a fresh file); its path."""
        raise NotImplementedError

    def caption_text(self) -> tuple[str, tuple[int, int, int]]:
        """The caption when no message is showing."""
        raise NotImplementedError

    def round_mark(self):
        """Enter: what :meth:`round_over` is later given (where the round began)."""
        raise NotImplementedError

    def round_over(self, mark) -> bool:
        raise NotImplementedError

    def on_collected(self, side: str, entry) -> None:
        """An AI's move was just played (before it is shown)."""

    def on_taken_over(self, side: str) -> None:
        """O: a person now plays ``side``."""

    def on_handed_back(self) -> None:
        """O again: the AIs play on."""

    def on_restart(self) -> None:
        """R: the session starts again (after the view shows its start)."""

    def on_game_over(self) -> None:
        """The game just ended (before the replay is saved)."""

    def on_settled(self) -> None:
        """The board's animation just finished."""

    # -- the host protocol of the shared overlays ---------------------------------------------------

    @property
    def board_rect(self) -> pygame.Rect:
        return self.view.rect

    def board_drawn_rect(self) -> pygame.Rect | None:
        """Where the board is drawn inside ``board_rect`` (the game-over box keeps off it)."""
        return self.view.drawn_rect

    def relayout(self, size) -> None:
        self.ctx.size = tuple(size)
        board_rect, panel_rect, self.caption_rect = layout(self.ctx, self.ctx.size, self.show_text, self.panel_size)
        self.view.set_rect(board_rect)
        self.panel = self.make_panel(panel_rect)

    # -- lifecycle -------------------------------------------------------------------------------

    def on_exit(self) -> None:
        self.thinker.cancel()  # a thinking program is killed now; an AI's late answer is dropped
        self.session.close()  # AIs in their own processes are killed
        self.save_if_unsaved()

    def save_if_unsaved(self) -> None:
        """Every game is recorded once something was played: a branch only once something new
        was (its replay already holds the rest)."""
        if self.saved_path is None and len(self.session.history) > self.session.branch_length:
            self.save_replay()

    def save_replay(self) -> None:
        try:
            target = getattr(self.ctx, "record_path", None)
            if target is not None and not getattr(self.ctx, "record_used", False):
                self.ctx.record_used = True
                self.saved_path = self.save_game(target)
            else:
                self.saved_path = self.save_game()
        except (OSError, ValueError) as exc:
            self.save_error = f"replay not saved: {exc}"[:120]

    def restart(self) -> None:
        self.thinker.cancel()
        self._thinking_side = ""
        self.save_if_unsaved()
        self.session.restart()
        self.reset_view()
        self.pending, self.pending_round = 0, None
        self._ended = False
        self._gap = 0.0
        self.saved_path, self.save_error, self.message = None, "", ""
        self.on_restart()

    def reset_view(self) -> None:
        """The view forgets the old game and shows the new start."""
        self.show_current()

    # -- moves -----------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.message, self.message_age = text, 0.0

    def toggle_override(self) -> None:
        session = self.session
        if session.overridden:
            session.overridden.clear()
            self.say(self.handed_back)
            self.on_handed_back()
            return
        if session.over:
            return
        side = session.mover
        if session.seats[side].human:
            return
        self.thinker.cancel()
        self._thinking_side = ""
        session.overridden.add(side)
        session.version += 1
        self.autoplay = False
        self.on_taken_over(side)

    def wants_ai_move(self) -> bool:
        session = self.session
        if session.over or session.is_human(session.mover):
            return False
        if self.pending or self.pending_round is not None:
            return True
        return self.autoplay or bool(session.humans)

    def _start_thinking(self) -> None:
        fn, kill = self.session.decision_job()
        self._thinking_side = self.session.mover
        self.thinker.start(fn, tag=(self.session.version, self._thinking_side), on_cancel=kill)

    def _collect(self) -> bool:
        job = self.thinker.poll()
        if job is None:
            return False
        side = self._thinking_side
        self._thinking_side = ""
        if job.tag != (self.session.version, side):
            return False  # the game moved on (restart, override): the answer is stale
        entry = self.session.apply_decision(side, job.result, job.error, job.seconds)
        if entry is None:
            return False
        self.on_collected(side, entry)
        if self.pending:
            self.pending -= 1
        self.show_current(entry, animate=True)
        return True

    def _round_done(self) -> None:
        if self.pending_round is not None and (self.session.over or self.round_over(self.pending_round)):
            self.pending_round = None

    # -- input -----------------------------------------------------------------------------------

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        name, data = intention.name, intention.data
        if name == RESIZE:
            self.relayout(data)
        elif name == "step":
            self.view.finish()
            self.pending += 1
        elif name == "round":
            self.view.finish()
            self.pending_round = self.round_mark()
        elif name == "autoplay":
            self.autoplay = not self.autoplay
            self._gap = 0.0
        elif name.startswith("speed_"):
            self.view.speed = name[6:]
        elif name == "override":
            self.toggle_override()
        elif name == "pause":
            return Push(PauseOverlay(self))
        elif name == "help":
            return Push(HelpOverlay(self, self.help_title))
        elif name == "restart":
            self.restart()
        elif name == "menu":
            return Replace(self.menu_scene())
        return None

    # -- time ------------------------------------------------------------------------------------

    def update(self, dt: float):
        was_busy = self.view.busy
        self.view.update(dt)
        if was_busy and not self.view.busy:
            self.on_settled()
        self.message_age += dt
        session = self.session
        if self.view.speed == "instant" and self.wants_ai_move():
            self._instant_burst()
        elif self._collect():
            self._gap = 0.0
        self._round_done()
        if session.over:
            if self.view.busy:
                return None
            return self._game_over()
        if self.thinker.busy or self.view.busy:
            return None
        if self.wants_ai_move():
            self._gap += dt
            if self.pending or self.pending_round is not None or self._gap >= self.autoplay_gap[self.view.speed]:
                self._start_thinking()
        return None

    def _instant_burst(self) -> None:
        """No animation: as many moves as fit in a few milliseconds of this frame."""
        deadline = time.perf_counter() + INSTANT_BUDGET
        while self.wants_ai_move() and time.perf_counter() < deadline:
            if not self.thinker.busy:
                self._start_thinking()
            job = self.thinker.job
            if job is None or not job.wait(max(0.0, deadline - time.perf_counter())):
                return  # a slow AI: the answer is collected on a later frame
            self._collect()
            self._round_done()

    def _game_over(self):
        if self._ended:
            return None
        self._ended = True
        self.autoplay = False
        self.pending, self.pending_round = 0, None
        self.on_game_over()
        if self.saved_path is None:
            self.save_replay()
        if self.ctx.quit_at_end:
            return Quit()
        return Push(GameOverOverlay(self))

    # -- drawing ---------------------------------------------------------------------------------

    def draw_caption(self, surface: pygame.Surface) -> None:
        rect = self.caption_rect
        if rect.h <= 0:
            return
        if self.message and self.message_age < 4.0:
            text, colour = self.message, RED if self.message.startswith(self.refusals) else GOLD
        else:
            text, colour = self.caption_text()
        draw_caption(self.ctx, surface, rect, text, colour)


class OptionsScene(BaseScene):
    """A game's options: one row a choice and START; Up/Down a row, Left/Right or a click
    changes it (a right click the other way), Enter starts, Esc goes back to the game picker.

    A game gives ``visible_rows()``, ``value(row)`` (label and value), ``change(row, step)``,
    ``edit(name, data, row)`` (typed text and Backspace) and ``start()``; the class attributes
    say how the screen looks.
    """

    wants_text = True
    game_id = ""  # the picker's selection when Esc goes back
    title = ""
    subtitle = ""
    footer = ""
    background: tuple[tuple[int, int, int], tuple[int, int, int]] = ((16, 20, 32), (30, 44, 62))
    label_width = 270  # where the values start, right of the labels (at scale 1)
    value_chars = 64  # a longer value shows its end

    def __init__(self, ctx, options) -> None:
        self.ctx = ctx
        self.options = options
        self.row = 0
        self.message = ""
        self._rects: list[tuple[int, pygame.Rect]] = []

    # -- what a game gives -------------------------------------------------------------------------

    def visible_rows(self) -> list[str]:
        raise NotImplementedError

    def value(self, row: str) -> tuple[str, str]:
        raise NotImplementedError

    def change(self, row: str, step: int) -> None:
        raise NotImplementedError

    def edit(self, name: str, data, row: str) -> None:
        """``menu_erase`` (Backspace) or ``text`` (a typed character) on ``row``."""

    def start(self):
        raise NotImplementedError

    def arrows(self, row: str) -> bool:
        """Whether the selected ``row`` shows ``<  >`` (it is changed with Left/Right)."""
        return True

    def decorate(self, surface: pygame.Surface) -> None:
        """Draw a game's pictures beside the title."""

    # -- keys and mouse ----------------------------------------------------------------------------

    def current(self) -> str:
        rows = self.visible_rows()
        self.row = min(self.row, len(rows) - 1)
        return rows[self.row]

    def handle(self, intention):  # noqa: C901
        name, data = intention.name, intention.data
        rows = self.visible_rows()
        row = self.current()
        if name == RESIZE:
            self.ctx.size = data
        elif name == "menu_up":
            self.row = (self.row - 1) % len(rows)
        elif name == "menu_down":
            self.row = (self.row + 1) % len(rows)
        elif name in ("menu_left", "menu_right"):
            self.change(row, 1 if name == "menu_right" else -1)
        elif name in ("menu_erase", "text"):
            self.edit(name, data, row)
        elif name == "menu_go":
            return self.start()
        elif name == "menu_back":
            from .picker import GamePickerScene

            return Replace(GamePickerScene(self.ctx, selected=self.game_id))
        elif name == HOVER:
            hit = self.row_at(data)
            if hit is not None:
                self.row = hit
        elif name == CLICK and data.button in (1, 3):
            hit = self.row_at(data.pos)
            if hit is not None:
                self.row = hit
                if self.current() == "start":
                    return self.start()
                self.change(self.current(), 1 if data.button == 1 else -1)
        return None

    def row_at(self, pos):
        for i, rect in self._rects:
            if rect.collidepoint(pos):
                return i
        return None

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        gradient(surface, *self.background, ctx.px(6))
        t.draw(surface, self.title, ctx.px(88), GOLD, (w // 2, ctx.px(40)), anchor="midtop")
        self.decorate(surface)
        t.draw(surface, self.subtitle, ctx.font(24), (210, 214, 230), (w // 2, ctx.px(140)), anchor="midtop")
        rows = self.visible_rows()
        current = self.current()
        y = ctx.px(200)
        line = ctx.px(52)
        self._rects = []
        for i, row in enumerate(rows):
            selected = row == current
            bar = pygame.Rect(w // 2 - ctx.px(470), y - ctx.px(6), ctx.px(940), ctx.px(46))
            self._rects.append((i, bar))
            colour = GOLD if selected else (225, 225, 235)
            if selected:
                pygame.draw.rect(surface, (40, 56, 96), bar, border_radius=ctx.px(8))
            if row == "start":
                t.draw(surface, "START", ctx.px(40), colour, (w // 2, y), anchor="midtop")
            else:
                label, value = self.value(row)
                text = f"<  {value}  >" if selected and self.arrows(row) else value
                t.draw(surface, label, ctx.font(30), colour, (bar.x + ctx.px(24), y))
                t.draw(surface, text[-self.value_chars:], ctx.font(30), colour, (bar.x + ctx.px(self.label_width), y))
            y += line
        if self.message:
            t.draw(surface, self.message, ctx.font(24), RED, (w // 2, y + ctx.px(8)), anchor="midtop")
        t.draw(surface, self.footer, ctx.font(22), GREY, (w // 2, h - ctx.px(28)), anchor="midbottom")
