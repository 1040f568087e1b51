"""Scotland Yard's replay scene: the same board and panel as a live game, a timeline, seeking.

Every position (and its public possible locations) is computed once when the replay opens, so
seeking anywhere is an index plus a redraw. Going forward one move animates; everything else is
instant. The timeline draws how many stations Mr X may be on (public information, so it is the
same in every view) with the reveals marked in gold; ``V`` changes the view as in a live game.
``O`` branches: a live game goes on from the shown position, the side to move played by you and
the other by its AI.
"""

from __future__ import annotations

import pygame

from game.arcade.common import HelpOverlay
from game.arcade.timeline import Timeline
from game.scotlandyard import Ticket
from game.shell.input import CLICK, DRAG, RESIZE, WHEEL
from game.shell.scenes import BaseScene, Push, Replace

from . import keys
from .panel import SyPanel
from .scenes import GOLD, SyPlayScene, layout, side_mode
from .session import HUMAN, SIDE_NAMES, VIEWS, SySession, ai_names, winner_text
from .view import SyBoardView

REPLAY_BINDINGS = keys.bindings(keys.REPLAY_KEYS)
PLAY_GAP = {"slow": 0.8, "normal": 0.35, "fast": 0.1, "instant": 0.0}
REVEAL_MARK, DOUBLE_MARK, SECRET_MARK, END_MARK = (255, 210, 60), (240, 240, 250), (140, 140, 160), (240, 80, 70)
CURVE = (255, 140, 60)


def marks_for(entries) -> list[tuple[int, tuple[int, int, int]]]:
    """Public marks: reveals (gold), double moves (white), secret tickets (grey) and the end."""
    marks = []
    for i in range(1, len(entries)):
        before, after = entries[i - 1].state.travel_log, entries[i].state.travel_log
        new = after[len(before):]
        if len(new) == 2:
            marks.append((i, DOUBLE_MARK))
        if any(e.ticket is Ticket.SECRET for e in new):
            marks.append((i, SECRET_MARK))
        if any(e.location is not None for e in new):
            marks.append((i, REVEAL_MARK))
    if entries[-1].state.winner:
        marks.append((len(entries) - 1, END_MARK))
    return marks


class SyReplayScene(BaseScene):
    bindings = REPLAY_BINDINGS

    def __init__(self, ctx, replay, *, speed: str = "normal", text: bool = True, mode: str = "spectator") -> None:
        self.ctx = ctx
        self.replay = replay
        self.entries = replay.entries
        self.cursor = 0
        self.playing = False
        self.message = ""
        self.show_text = text
        self.mode = mode
        self._gap = 0.0
        board_rect, panel_rect, self.caption_rect = layout(ctx, ctx.size, text)
        if text:
            board_rect.h -= ctx.px(56)
        self.view = SyBoardView(board_rect, self.entries[0].state.board, text=ctx.text if text else None,
                                ui_scale=ctx.scale)
        self.view.speed = speed
        self.panel = SyPanel(panel_rect, ctx.text, ctx.scale)
        self.timeline = Timeline(self._timeline_rect(), len(self.entries))
        self.reveals = [i for i, colour in marks_for(self.entries) if colour == REVEAL_MARK]
        self.timeline.set_data([([len(e.possible) for e in self.entries], CURVE)], marks_for(self.entries))
        self.view.show(self.entries[0], self.mode)

    def _timeline_rect(self) -> pygame.Rect:
        board = self.view.rect
        return pygame.Rect(board.x + self.ctx.px(12), board.bottom + self.ctx.px(8), board.w - self.ctx.px(24),
                           self.ctx.px(42))

    def key_rows(self):
        return REPLAY_BINDINGS.describe()

    def relayout(self, size) -> None:
        self.ctx.size = tuple(size)
        board_rect, panel_rect, self.caption_rect = layout(self.ctx, self.ctx.size, self.show_text)
        if self.show_text:
            board_rect.h -= self.ctx.px(56)
        self.view.set_rect(board_rect)
        self.panel = SyPanel(panel_rect, self.ctx.text, self.ctx.scale)
        self.timeline.set_rect(self._timeline_rect())

    # -- seeking -----------------------------------------------------------------------------------

    def seek(self, index: int, *, animate: bool = False) -> None:
        index = max(0, min(len(self.entries) - 1, index))
        self.view.finish()
        self.view.show(self.entries[index], self.mode, animate=animate and index == self.cursor + 1)
        self.cursor = index

    def round_step(self, step: int) -> None:
        starts = self.replay.round_index()
        if step > 0:
            later = [i for i in starts if i > self.cursor]
            self.seek(later[0] if later else len(self.entries) - 1)
        else:
            earlier = [i for i in starts if i < self.cursor]
            self.seek(earlier[-1] if earlier else 0)

    def reveal_step(self, step: int) -> None:
        if step > 0:
            later = [i for i in self.reveals if i > self.cursor]
            self.seek(later[0] if later else len(self.entries) - 1)
        else:
            earlier = [i for i in self.reveals if i < self.cursor]
            self.seek(earlier[-1] if earlier else 0)

    def cycle_view(self) -> None:
        self.mode = VIEWS[(VIEWS.index(self.mode) + 1) % len(VIEWS)]
        self.view.show(self.entries[self.cursor], self.mode)

    # -- branching ---------------------------------------------------------------------------------

    def branch(self):
        entry = self.entries[self.cursor]
        state = entry.state
        if state.winner:
            self.message = "The game is over here: go back a little to branch"
            return None
        specs = {}
        for side in ("mrx", "detectives"):
            spec = self.replay.players.get(side, "?")
            specs[side] = spec if spec in ai_names(side) else "default" if "default" in ai_names(side) else HUMAN
        side = "mrx" if state.is_mrx_turn else "detectives"
        specs[side] = HUMAN  # you play the side to move; the other side is its AI
        session = SySession.from_entries(specs, self.entries[:self.cursor + 1], seed=self.replay.seed or 0,
                                         move_time=1.0, process_bots=getattr(self.ctx, "think_async", False))
        session.branched_from = self.replay.source
        play = SyPlayScene(self.ctx, session, speed=self.view.speed if self.view.speed != "instant" else "normal",
                           mode=side_mode(side))
        play.say(f"Branch: you play {SIDE_NAMES[side]} from here; click a station")
        return Replace(play)

    # -- input -------------------------------------------------------------------------------------

    def handle(self, intention):  # noqa: C901
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
        elif name == "next_reveal":
            self.reveal_step(1)
        elif name == "prev_reveal":
            self.reveal_step(-1)
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
        elif name == "view":
            self.cycle_view()
        elif name == "heat":
            self.view.heat = not self.view.heat
        elif name == "fit":
            self.view.fit()
        elif name == "zoom_in":
            self.view.zoom_at(self.view.rect.center, 1)
        elif name == "zoom_out":
            self.view.zoom_at(self.view.rect.center, -1)
        elif name == "minimap":
            modes = ("auto", "on", "off")
            self.view.minimap_mode = modes[(modes.index(self.view.minimap_mode) + 1) % 3]
        elif name == "menu":
            from game.arcade.browser import ReplayBrowserScene

            return Replace(ReplayBrowserScene(self.ctx))
        elif name == "help":
            return Push(HelpOverlay(self, "SCOTLAND YARD REPLAY: KEYS"))
        elif name == WHEEL:
            self.view.zoom_at(data.pos, data.steps)
        elif name in (CLICK, DRAG):
            index = self.timeline.index_at(getattr(data, "pos", (-1, -1)))
            if index is not None:
                self.seek(index)
            elif name == DRAG:
                self.view.pan(data.dx, data.dy)
            else:
                cell = self.view.minimap_world(data.pos)
                if cell is not None:
                    self.view.camera.center_on(cell, smooth=True)
        return None

    def update(self, dt: float):
        self.view.update(dt)
        if self.playing:
            if self.cursor >= len(self.entries) - 1:
                self.playing = False
            elif not self.view.busy:
                self._gap += dt
                if self._gap >= PLAY_GAP.get(self.view.speed, 0.35):
                    self._gap = 0.0
                    self.seek(self.cursor + 1, animate=self.view.speed != "instant")
        return None

    # -- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        if not self.show_text:
            return
        strip = pygame.Rect(self.view.rect.x, self.view.rect.bottom, self.view.rect.w,
                            self.caption_rect.y - self.view.rect.bottom)
        surface.fill((16, 19, 30), strip)
        self.timeline.draw(surface, self.cursor)
        entry = self.entries[self.cursor]
        if self.panel.rect.w:
            self.panel.draw(surface, entry=entry, seen=self.view.seen, history=self.entries, index=self.cursor,
                            names=dict(self.replay.players), title="SCOTLAND YARD REPLAY", note=self.message)
        rect = self.caption_rect
        surface.fill((14, 16, 30), rect)
        state = entry.state
        end = f"   {winner_text(state)}" if state.winner else ""
        text = (f"Move {self.cursor} of {len(self.entries) - 1}{end}   {'PLAYING' if self.playing else 'Space: play'}"
                "   Left/Right: move   Shift: round   PgUp/PgDn: reveal   V: view   O: branch   F1: help")
        size = self.ctx.px(22)
        while self.ctx.text.measure(text, size)[0] > rect.w - 20 and len(text) > 10:
            text = text[:-4] + "..."
        self.ctx.text.draw(surface, text, size, GOLD if state.winner else (220, 220, 235),
                           (rect.x + self.ctx.px(14), rect.centery), anchor="midleft")
