"""The replay scene of a turn-based game, written once: a board, a panel, a timeline under the
board, a cursor over the recorded positions and scrubbing (the duel and Scotland Yard fill in
what is theirs).

Every position is computed once when the replay opens (the game's codec does it), so seeking is
an index plus a redraw. Right goes one move forward, animated; Left, Home, End and a click or a
drag on the timeline jump at once; Space plays and pauses at the speed's pace; O branches (a
live game goes on from the shown position); Esc/Q go back; F1/H list the keys.

A game's subclass sets the class attributes and gives ``make_view``, ``make_panel``,
``show_entry`` (draw position ``index``, animated or not), ``round_step``, ``branch``,
``back``, ``caption_text`` and ``draw_panel``; ``click_board`` gets a click or drag off the
timeline.
"""

from __future__ import annotations

import pygame

from game.shell.input import CLICK, DRAG, RESIZE
from game.shell.scenes import BaseScene, Push

from .common import HelpOverlay
from .timeline import Timeline
from .turnscene import draw_caption, layout

TIMELINE_ROOM = 56  # px at scale 1 taken from the board's height for the timeline


class CursorReplayScene(BaseScene):
    play_gap: dict[str, float] = {"slow": 0.5, "normal": 0.25, "fast": 0.06, "instant": 0.0}
    panel_size: tuple[int, int, float] = (460, 300, 0.42)  # see game.arcade.turnscene.layout
    help_title = "REPLAY: KEYS"

    back_to_list = None  # set by the replay list that opened it: Esc/Q return there

    def __init__(self, ctx, replay, *, speed: str = "normal", text: bool = True) -> None:
        self.ctx = ctx
        self.replay = replay
        self.entries = replay.entries
        self.cursor = 0
        self.playing = False
        self.message = ""
        self.show_text = text
        self._gap = 0.0
        board_rect, panel_rect, self.caption_rect = self._layout(ctx.size)
        self.view = self.make_view(board_rect)
        self.view.speed = speed
        self.panel = self.make_panel(panel_rect)
        self.timeline = Timeline(self._timeline_rect(), len(self.entries))

    # -- what a game gives -------------------------------------------------------------------------

    def make_view(self, rect: pygame.Rect):
        raise NotImplementedError

    def make_panel(self, rect: pygame.Rect):
        raise NotImplementedError

    def show_entry(self, index: int, animate: bool) -> None:
        """Draw position ``index`` (``animate``: the move into it, from the position before)."""
        raise NotImplementedError

    def round_step(self, step: int) -> None:
        raise NotImplementedError

    def branch(self):
        raise NotImplementedError

    def back(self):
        """Esc/Q: the transition back (to the replay list)."""
        raise NotImplementedError

    def caption_text(self) -> tuple[str, tuple[int, int, int]]:
        raise NotImplementedError

    def draw_panel(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def click_board(self, name: str, data) -> None:
        """A click or a drag that missed the timeline."""

    def draw_board_extras(self, surface: pygame.Surface) -> None:
        """Drawn over the board after the timeline (a game's banner)."""

    # -- layout ------------------------------------------------------------------------------------

    def _layout(self, size):
        board_rect, panel_rect, caption_rect = layout(self.ctx, size, self.show_text, self.panel_size)
        if self.show_text:
            board_rect.h -= self.ctx.px(TIMELINE_ROOM)
        return board_rect, panel_rect, caption_rect

    def _timeline_rect(self) -> pygame.Rect:
        board = self.view.rect
        return pygame.Rect(board.x + self.ctx.px(12), board.bottom + self.ctx.px(8), board.w - self.ctx.px(24),
                           self.ctx.px(42))

    # -- host protocol for the shared help overlay -------------------------------------------------

    def key_rows(self):
        return self.bindings.describe()

    def relayout(self, size) -> None:
        self.ctx.size = tuple(size)
        board_rect, panel_rect, self.caption_rect = self._layout(self.ctx.size)
        self.view.set_rect(board_rect)
        self.panel = self.make_panel(panel_rect)
        self.timeline.set_rect(self._timeline_rect())

    # -- seeking -----------------------------------------------------------------------------------

    def seek(self, index: int, *, animate: bool = False) -> None:
        index = max(0, min(len(self.entries) - 1, index))
        self.view.finish()
        self.show_entry(index, animate and index == self.cursor + 1)
        self.cursor = index

    # -- input -------------------------------------------------------------------------------------

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        name, data = intention.name, intention.data
        last = len(self.entries) - 1
        if name == RESIZE:
            self.relayout(data)
        elif name == "next_move":
            self.playing = False
            self.seek(self.cursor + 1, animate=True)
        elif name == "prev_move":
            self.playing = False
            self.seek(self.cursor - 1)
        elif name == "next_round":
            self.round_step(1)
        elif name == "prev_round":
            self.round_step(-1)
        elif name.startswith("speed_"):
            self.view.speed = name[len("speed_"):]
            self.message = f"Speed: {self.view.speed}"
        elif name == "start":
            self.seek(0)
        elif name == "end":
            self.seek(last)
        elif name == "play_pause":
            self.playing = not self.playing
            if self.playing and self.cursor >= last:
                self.seek(0)
            self._gap = 0.0
        elif name == "branch":
            return self.branch()
        elif name == "menu":
            return self.back_to_list() if self.back_to_list is not None else self.back()
        elif name == "help":
            return Push(HelpOverlay(self, self.help_title))
        elif name in (CLICK, DRAG):
            index = self.timeline.index_at(getattr(data, "pos", (-1, -1)))
            if index is not None:
                self.seek(index)
            else:
                self.click_board(name, data)
        return None

    def update(self, dt: float):
        self.view.update(dt)
        if self.playing:
            if self.cursor >= len(self.entries) - 1:
                self.playing = False
            elif not self.view.busy:
                self._gap += dt
                if self._gap >= self.play_gap.get(self.view.speed, self.play_gap["normal"]):
                    self._gap = 0.0
                    self.seek(self.cursor + 1, animate=self.view.speed != "instant")
        return None

    # -- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        if not self.show_text:
            return
        self.draw_under_timeline(surface)
        self.timeline.draw(surface, self.cursor)
        self.draw_board_extras(surface)
        if self.panel.rect.w:
            self.draw_panel(surface)
        draw_caption(self.ctx, surface, self.caption_rect, *self.caption_text())

    def draw_under_timeline(self, surface: pygame.Surface) -> None:
        """The strip between the board and the caption, before the timeline is drawn on it."""
