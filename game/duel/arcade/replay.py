"""The duel's replay scene: the same board and panel as a live game, a timeline, and seeking.

Every state of the game is computed once when the replay opens (a 1000-round game is 2000
small tuples), so seeking anywhere is an index; only drawing the board after a jump back costs
anything (its item layer is rebuilt). Going forward one move animates; everything else is
instant. ``O`` branches: a live game continues from the shown position, the side to move played
by you, the other by its bot (or by you too when its recorded player is not a built-in bot).
The cursor, seeking and playing are the shared :mod:`game.arcade.replayscene`'s.
"""

from __future__ import annotations

import pygame

from game.arcade.replayscene import CursorReplayScene
from game.duel.rules import Fault, Moved, Stunned
from game.shell.input import RESIZE
from game.shell.scenes import Replace

from . import keys
from .panel import DuelPanel
from .scenes import GOLD, GREY, PANEL, RED
from .session import HUMAN, DuelSession
from .sprites import shared as shared_sprites
from .view import PLAYER_COLOURS, DuelView, draw_banner, end_banner

REPLAY_BINDINGS = keys.bindings(keys.REPLAY_KEYS, digits="digit")
PLAY_GAP = {"slow": 0.5, "normal": 0.25, "fast": 0.06, "instant": 0.0}
STUN_MARK, SWING_MARK, END_MARK, FAULT_MARK = (255, 236, 90), (235, 235, 245), (255, 210, 60), (240, 70, 60)


def marks_for(entries) -> list[tuple[int, tuple[int, int, int]]]:
    """Stuns, big swings (a score that at least doubles or halves, by 8 or more) and the end."""
    marks = []
    for i in range(1, len(entries)):
        before, entry = entries[i - 1].state, entries[i]
        for event in entry.events:
            if isinstance(event, Stunned):
                marks.append((i, STUN_MARK))
            elif isinstance(event, Fault):
                marks.append((i, FAULT_MARK))
            elif isinstance(event, Moved) and event.item in ("s", "t"):
                old = before.score(event.player)
                if abs(event.score - old) >= max(8, abs(old) // 2):
                    marks.append((i, SWING_MARK))
    if entries[-1].state.over:
        marks.append((len(entries) - 1, END_MARK))
    return marks


class DuelReplayScene(CursorReplayScene):
    bindings = REPLAY_BINDINGS
    play_gap = PLAY_GAP
    panel_size = PANEL
    help_title = "DUEL REPLAY: KEYS"

    def __init__(self, ctx, replay, *, speed: str = "normal", text: bool = True) -> None:
        self.rounds = replay.round_index()
        self.goto_digits: str | None = None
        self.sprites = shared_sprites()
        super().__init__(ctx, replay, speed=speed, text=text)
        self.timeline.set_data([([e.state.score_a for e in self.entries], PLAYER_COLOURS["A"]),
                                ([e.state.score_b for e in self.entries], PLAYER_COLOURS["B"])],
                               marks_for(self.entries))
        self.view.show(self.entries[0].state)

    def make_view(self, rect):
        ctx = self.ctx
        return DuelView(rect, self.sprites, text=ctx.text if self.show_text else None, ui_scale=ctx.scale)

    def make_panel(self, rect):
        return DuelPanel(rect, self.ctx.text, self.ctx.scale, self.sprites)

    # -- seeking -----------------------------------------------------------------------------------

    def show_entry(self, index: int, animate: bool) -> None:
        entry = self.entries[index]
        if animate:
            self.view.show(entry.state, entry.events, animate=True)
        else:
            self.view.show(entry.state)

    def index_of_round(self, round_no: int) -> int:
        if not self.rounds:
            return 0
        round_no = max(1, min(len(self.rounds), round_no))
        return self.rounds[round_no - 1]

    def round_step(self, rounds: int) -> None:
        current = self.entries[self.cursor].state.round
        target = current + rounds
        if target > len(self.rounds):
            self.seek(len(self.entries) - 1)
        else:
            self.seek(self.index_of_round(target))

    # -- branching -----------------------------------------------------------------------------------

    def branch(self):
        from .scenes import DuelPlayScene

        state = self.entries[self.cursor].state
        if state.over:
            self.message = "The game is over here: go back a little to branch"
            return None
        try:
            from game.duel.bots import available_bots

            bots = set(available_bots())
        except ImportError:
            bots = set()
        specs = {side: spec if spec in bots else HUMAN for side, spec in self.replay.players.items()}
        session = DuelSession.from_entries(self.replay.board, specs, self.entries[:self.cursor + 1],
                                           config=self.replay.config, seed=self.replay.seed,
                                           process_bots=getattr(self.ctx, "think_async", False),
                                           map_name=f"branch-{getattr(self.replay, 'source', '') or 'replay'}"[:60])
        session.map_name = "branch"
        session.branched_from = self.replay.source
        if not session.is_human(state.mover):
            session.overridden.add(state.mover)
        return Replace(DuelPlayScene(self.ctx, session, speed=self.view.speed if self.view.speed != "instant"
                                     else "normal"))

    def back(self):
        from game.arcade.games import replay_list

        return Replace(replay_list(self.ctx, selected="duel"))

    # -- input ---------------------------------------------------------------------------------------

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        name, data = intention.name, intention.data
        if name == RESIZE:
            return super().handle(intention)
        if self.goto_digits is not None:
            if name == "digit":
                self.goto_digits = (self.goto_digits + str(data))[:5]
                return None
            if name == "erase":
                self.goto_digits = self.goto_digits[:-1]
                return None
            if name == "goto_enter":
                if self.goto_digits:
                    self.seek(self.index_of_round(int(self.goto_digits)))
                self.goto_digits = None
                return None
            if name == "menu":
                self.goto_digits = None
                return None
            self.goto_digits = None
        if name == "next_50":
            self.round_step(50)
        elif name == "prev_50":
            self.round_step(-50)
        elif name == "goto":
            self.goto_digits = ""
            self.playing = False
        elif name == "digit" and 1 <= data <= 4:
            self.view.speed = ("slow", "normal", "fast", "instant")[data - 1]
        else:
            return super().handle(intention)
        return None

    # -- drawing ---------------------------------------------------------------------------------------

    def draw_board_extras(self, surface: pygame.Surface) -> None:
        banner = end_banner(self.entries[self.cursor].state)
        if banner is not None and not self.view.busy:
            draw_banner(surface, self.ctx.text, self.view.rect, *banner, self.ctx.scale, self.view)

    def draw_panel(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface, history=self.entries, index=self.cursor, names=dict(self.replay.players),
                        title="DUEL REPLAY", note=self.message)

    def caption_text(self):
        state = self.entries[self.cursor].state
        if self.goto_digits is not None:
            return f"Go to round: {self.goto_digits}_   (Enter: go, Esc: cancel)", GOLD
        return (f"Move {self.cursor} of {len(self.entries) - 1}, round {state.round}   "
                f"{'PLAYING' if self.playing else 'Space: play'}   Left/Right: move   Shift: round   "
                f"PgUp/PgDn: 50   G: go to   O: branch   F1: help"), (220, 220, 235)


__all__ = ["DuelReplayScene", "marks_for", "RED", "GREY"]
