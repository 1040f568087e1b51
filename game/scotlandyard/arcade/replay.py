"""Scotland Yard's replay scene: the same board and panel as a live game, a timeline, seeking.

Every position (and its public possible locations) is computed once when the replay opens, so
seeking anywhere is an index plus a redraw. Going forward one move animates; everything else is
instant. The timeline draws how many stations Mr X may be on (public information, so it is the
same in every view) with the reveals marked in gold; ``V`` changes the view as in a live game.
``O`` branches: a live game goes on from the shown position, the side to move played by you and
the other by its AI. The cursor, seeking and playing are the shared :mod:`game.arcade.replayscene`'s.
"""

from __future__ import annotations

import pygame

from game.arcade.replayscene import CursorReplayScene
from game.scotlandyard import Ticket
from game.shell.input import DRAG, HOVER, WHEEL
from game.shell.scenes import Replace

from . import keys
from .panel import SyPanel
from .scenes import GOLD, PANEL, SyPlayScene, side_mode
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


class SyReplayScene(CursorReplayScene):
    bindings = REPLAY_BINDINGS
    play_gap = PLAY_GAP
    panel_size = PANEL
    help_title = "SCOTLAND YARD REPLAY: KEYS"

    def __init__(self, ctx, replay, *, speed: str = "normal", text: bool = True, mode: str = "spectator") -> None:
        self.mode = mode
        super().__init__(ctx, replay, speed=speed, text=text)
        self.reveals = [i for i, colour in marks_for(self.entries) if colour == REVEAL_MARK]
        self.timeline.set_data([([len(e.possible) for e in self.entries], CURVE)], marks_for(self.entries))
        self.view.show(self.entries[0], self.mode)

    def make_view(self, rect):
        return SyBoardView(rect, self.entries[0].state.board, text=self.ctx.text if self.show_text else None,
                           ui_scale=self.ctx.scale)

    def make_panel(self, rect):
        return SyPanel(rect, self.ctx.text, self.ctx.scale)

    # -- seeking -----------------------------------------------------------------------------------

    def show_entry(self, index: int, animate: bool) -> None:
        self.view.show(self.entries[index], self.mode, animate=animate)

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

    def back(self):
        from game.arcade.browser import ReplayBrowserScene

        return Replace(ReplayBrowserScene(self.ctx))

    # -- input -------------------------------------------------------------------------------------

    def handle(self, intention):  # noqa: C901
        name, data = intention.name, intention.data
        if name == "next_reveal":
            self.reveal_step(1)
        elif name == "prev_reveal":
            self.reveal_step(-1)
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
        elif name == WHEEL:
            self.view.zoom_at(data.pos, data.steps)
        else:
            if name == HOVER:
                self.view.point_at(data)  # and the timeline's hover below
            return super().handle(intention)
        return None

    def click_board(self, name: str, data) -> None:
        if name == DRAG:
            self.view.pan(data.dx, data.dy)
            return
        cell = self.view.minimap_world(data.pos)
        if cell is not None:
            self.view.camera.center_on(cell, smooth=True)

    # -- drawing -----------------------------------------------------------------------------------

    def draw_under_timeline(self, surface: pygame.Surface) -> None:
        strip = pygame.Rect(self.view.rect.x, self.view.rect.bottom, self.view.rect.w,
                            self.caption_rect.y - self.view.rect.bottom)
        surface.fill((16, 19, 30), strip)

    def draw_panel(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface, entry=self.entries[self.cursor], seen=self.view.seen, history=self.entries,
                        index=self.cursor, names=dict(self.replay.players), title="SCOTLAND YARD REPLAY",
                        note=self.message)

    def caption_text(self):
        state = self.entries[self.cursor].state
        end = f"   {winner_text(state)}" if state.winner else ""
        # "Step": every piece's move counts here; the panel's "Move k of 24" counts Mr X's log slots
        text = (f"Step {self.cursor} of {len(self.entries) - 1}{end}   {'PLAYING' if self.playing else 'Space: play'}"
                "   Left/Right: move   Shift: round   PgUp/PgDn: reveal   V: view   O: branch   F1: help")
        return text, GOLD if state.winner else (220, 220, 235)
