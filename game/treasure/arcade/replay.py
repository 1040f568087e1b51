"""Treasure Island's replay scene with its timeline (the list of saved replays is every game's:
:mod:`game.arcade.browser`).

The replay scene shows a :class:`~game.treasure.replay.Playback` through the same :class:`BoardView` and
:class:`Panel` as a live game, via :class:`ReplayMatch`, a read-only stand-in for a Match whose
history is computed on demand from the playback's checkpoints. Going forward animates (the
director plays the step's events); going back, and long jumps, are instant. ``O`` branches: a
new live :class:`Match` continues from the shown position with the human in control, and is
recorded as a new replay that names the one it came from.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.arcade.common import HelpOverlay, PauseOverlay
from game.arcade.timeline import Timeline, draw_legend
from game.shell.input import CLICK, HOVER, RESIZE
from game.shell.scenes import BaseScene, Push, Replace
from game.treasure.replay import Playback

from . import keys
from .boardview import BoardView
from .director import AUTOPLAY_GAP
from .match import Match, Step
from .panel import Panel

REPLAY_BINDINGS = keys.bindings(keys.REPLAY_KEYS, digits="digit", digit_help=keys.REPLAY_DIGITS)
MARK_COLOURS = {"reveal": (255, 150, 60), "free": (240, 70, 60), "teleport": (120, 230, 255),
                "verify_true": (110, 220, 120), "verify_false": (240, 90, 80), "win": (255, 210, 60),
                "lose": (240, 60, 60)}
# The timeline's legend: what each marker means, in the order a game meets them.
MARK_LEGEND = (("reveal", "prison revealed"), ("free", "pirate free"), ("teleport", "teleport"),
               ("verify_true", "hint TRUE"), ("verify_false", "hint FALSE"), ("win", "win"), ("lose", "lose"))
MARK_SHAPES = {"verify_true": "line", "verify_false": "line", "win": "diamond", "lose": "diamond"}  # else a dot
ReplayPauseOverlay = PauseOverlay  # the replay viewer's pause is every game's pause (P or Esc)


class _LazyStep:
    """One history entry of a replay; its state is computed only when read."""

    __slots__ = ("_playback", "_i")

    def __init__(self, playback: Playback, i: int) -> None:
        self._playback, self._i = playback, i

    @property
    def state(self):
        return self._playback.state_at(self._i)

    @property
    def events(self):
        return self._playback.events[self._i]

    @property
    def action(self):
        recorded = self._playback.action(self._i)
        return recorded.action if recorded else None

    @property
    def reason(self) -> str:
        recorded = self._playback.action(self._i)
        return recorded.reason if recorded else ""

    @property
    def by(self) -> str:
        recorded = self._playback.action(self._i)
        return recorded.by if recorded else ""


class _Steps:
    def __init__(self, playback: Playback) -> None:
        self._playback = playback
        self._cache: dict[int, _LazyStep] = {}

    def __len__(self) -> int:
        return len(self._playback)

    def __getitem__(self, i: int) -> _LazyStep:
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        step = self._cache.get(i)
        if step is None:
            step = self._cache[i] = _LazyStep(self._playback, i)
        return step


class ReplayMatch:
    """What BoardView and Panel read from a Match, served by a playback."""

    def __init__(self, playback: Playback) -> None:
        replay = playback.replay
        self.playback = playback
        self.board = replay.board
        self.seed = replay.seed
        self.config = replay.rules
        self.agent_name = replay.agent or "?"
        self.steps = _Steps(playback)
        self.version = 1

    @property
    def state(self):
        return self.playback.final

    @property
    def over(self) -> bool:
        return self.playback.final.over

    def probabilities(self):
        return None


class ReplayScene(BaseScene):
    bindings = REPLAY_BINDINGS

    back_to_list = None  # set by the replay list that opened it: Q returns there

    def __init__(self, ctx, playback: Playback, source: str = "", *, speed: str = "normal", text: bool = True) -> None:
        from .scenes import PlayScene

        self.ctx = ctx
        self.playback = playback
        self.source = source
        self.match = ReplayMatch(playback)
        self.map_name = Path(source).stem if source else "replay"
        self.autoplay = False  # Space: playing
        self.selected_hint = None
        self.hovered_hint = None
        self.goto_digits: str | None = None  # after G
        self.marks = playback.marks()
        self._gap = 0.0
        self.show_text = text
        map_rect, panel_rect = PlayScene.layout(self, ctx.size)
        map_rect.h -= self.ctx.px(40)  # room for the timeline under the caption
        self.view = BoardView(self.match, ctx.sprites, map_rect, text=ctx.text if text else None, ui_scale=ctx.scale)
        self.view.director.speed = speed
        self.view.sound = getattr(ctx, "sound", None)
        self.view.hover_lift = ctx.text.measure("Ag", max(16, ctx.px(16)))[1] + ctx.px(10) if text else 0
        self.panel = Panel(panel_rect, ctx.text, ctx.scale)
        self.footer = "F1 / H: help and keys    P / Esc: pause"
        self.cursor = 0
        self.timeline = Timeline(self.timeline_rect(), len(playback))
        self.timeline.set_data([], [(m.index, MARK_COLOURS[m.kind], MARK_SHAPES.get(m.kind, "dot"))
                                    for m in self.marks], units=playback.turns)
        self.view.show(0)

    # -- the host of the shared overlays (game.arcade.common) ----------------------------------------

    help_footer = ("O: branch, then you play: an arrow then 1-4 moves, L scans, V + number + Enter verifies, "
                   "T + click teleports, Enter accepts the AI's ghost.")

    def key_rows(self) -> list[tuple[str, str]]:
        return REPLAY_BINDINGS.describe()

    def menu_scene(self):
        from .scenes import TitleScene

        return TitleScene(self.ctx)

    def relayout(self, size: tuple[int, int]) -> None:
        from .scenes import PlayScene

        self.ctx.size = size
        map_rect, panel_rect = PlayScene.layout(self, size)
        map_rect.h -= self.ctx.px(40)
        self.view.camera.set_viewport(map_rect)
        self.view.camera.fit()
        self.panel = Panel(panel_rect, self.ctx.text, self.ctx.scale)
        self.timeline.set_rect(self.timeline_rect())

    # -- where we are --------------------------------------------------------------------------

    @property
    def last(self) -> int:
        return len(self.playback) - 1

    @property
    def turn(self) -> int:
        return self.playback.turns[self.cursor]

    def seek(self, target: int, *, animate: bool = False) -> None:
        """Show position ``target``; forward by one (or the last step of a jump) animates."""
        target = max(0, min(self.last, target))
        director = self.view.director
        director.finish_all()
        if animate and target > self.cursor:
            if target - 1 > self.cursor:
                self.view.show(target - 1)
            director.enqueue(target)
        else:
            director.clear()
            self.view.effects.clear()
            self.view.toasts.clear()
            self.view.flash = None
            self.view.show(target)
        self.cursor = target

    def turn_start(self, turn: int) -> int:
        return self.playback.position_of_turn(turn)

    # -- input ------------------------------------------------------------------------------------

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        from .scenes import mouse_intention, view_intention

        name, data = intention.name, intention.data
        view = self.view
        if name == "fit" and self.goto_digits is not None:
            name, data = "digit", 0  # the top-row 0 fits the map, except in G's turn number
        if name == "pause" and self.goto_digits is not None:
            self.goto_digits = None  # Esc first cancels a half-typed G
            return None
        if name not in ("digit", "goto_enter", "erase", RESIZE, HOVER):
            if self.goto_digits is not None and name != "goto":
                self.goto_digits = None
        from game.arcade.sound import sound_intention

        status = sound_intention(name, getattr(self.ctx, "sound", None))
        if status is not None:
            view.say(status, (190, 230, 255), 1.5)
            return None
        if name == "pause":
            self.autoplay = False
            return Push(ReplayPauseOverlay(self))
        if name == RESIZE:
            self.relayout(data)
        elif name == "next_action":
            self.seek(self.cursor + 1, animate=True)
        elif name == "prev_action":
            self.seek(self.cursor - 1)
        elif name == "next_turn":
            self.seek(self.turn_start(self.turn + 1) if self.turn < self.playback.turns[-1] else self.last,
                      animate=True)
        elif name == "prev_turn":
            start = self.turn_start(self.turn)
            self.seek(start if start < self.cursor else self.turn_start(self.turn - 1))
        elif name == "next_10":
            self.seek(self.turn_start(self.turn + 10) if self.turn + 10 <= self.playback.turns[-1] else self.last,
                      animate=True)
        elif name == "prev_10":
            self.seek(self.turn_start(self.turn - 10))
        elif name == "start":
            self.seek(0)
        elif name == "end":
            self.seek(self.last, animate=True)
        elif name == "goto":
            self.goto_digits = ""
            self.autoplay = False
        elif name == "digit":
            if self.goto_digits is not None:
                if len(self.goto_digits) < 6:
                    self.goto_digits += str(data)
            elif 1 <= data <= 4:
                view.director.speed = ("slow", "normal", "fast", "instant")[data - 1]
        elif name == "erase":
            if self.goto_digits:
                self.goto_digits = self.goto_digits[:-1]
        elif name == "goto_enter":
            if self.goto_digits:
                self.seek(self.turn_start(int(self.goto_digits)))
            self.goto_digits = None
        elif name == "play_pause":
            self.autoplay = not self.autoplay
            self._gap = 0.0
            if self.autoplay and self.cursor == self.last:
                self.seek(0)
        elif name == "branch":
            return Replace(self.branch())
        elif name == "menu":
            return self.back_to_list() if self.back_to_list is not None else Replace(self.menu_scene())
        elif name == "help":
            return Push(HelpOverlay(self, "REPLAY KEYS"))
        elif view_intention(name, view):
            pass
        elif name == CLICK and self.timeline_position(data.pos) is not None:
            position = self.timeline_position(data.pos)
            self.seek(position, animate=position == self.cursor + 1)
        else:
            mouse_intention(name, data, self)
        return None

    def branch(self):
        """A live game that continues from the shown position, the human in control."""
        from .scenes import PlayScene

        playback, cursor = self.playback, self.cursor
        steps = [Step(playback.state_at(0), playback.events[0], None, "", "")]
        state = steps[0].state
        from game.treasure.engine import step as engine_step

        for i in range(1, cursor + 1):
            recorded = playback.action(i)
            state, events = engine_step(state, recorded.action)
            steps.append(Step(state, tuple(events), recorded.action, recorded.reason, recorded.by))
        replay = playback.replay
        agent = replay.agent if replay.agent in self.ctx.agents else (self.ctx.agents[0] if self.ctx.agents else "default")
        match = Match.from_history(replay.board, replay.seed, agent, replay.rules, steps,
                                   branched_from=self.source or "replay")
        play = PlayScene(self.ctx, match, self.map_name + "-branch", speed=self.view.director.speed,
                         human=True, text=self.show_text)
        play.message = f"Branched from turn {state.turn}: you play (O hands it to the agent)"
        return play

    # -- time ------------------------------------------------------------------------------------

    def update(self, dt: float):
        view = self.view
        view.update(dt)
        if view.camera.following is not None:
            view.camera.follow(view.agent.tile)
        if self.autoplay and not view.director.busy:
            if self.cursor >= self.last:
                self.autoplay = False
            else:
                self._gap += dt
                if self._gap >= AUTOPLAY_GAP[view.director.speed]:
                    self._gap = 0.0
                    self.seek(self.cursor + 1, animate=True)
        return None

    # -- the timeline ------------------------------------------------------------------------------

    def timeline_rect(self) -> pygame.Rect:
        view = self.view.camera.viewport
        pad = self.ctx.px(16)
        h = self.ctx.px(30)
        bottom = self.ctx.size[1] - self.ctx.px(8)
        return pygame.Rect(view.x + pad, bottom - h, view.w - 2 * pad, h)

    def x_of(self, position: int) -> int:
        return self.timeline.x_of(position)

    def timeline_position(self, pos) -> int | None:
        return self.timeline.index_at(pos)

    # -- drawing -------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 12, 22))
        self.view.draw(surface)
        if not self.show_text:
            self._draw_timeline(surface)
            return
        if self.panel.rect.w:
            self.panel.draw(surface, self)
        self._draw_caption(surface)
        self._draw_timeline(surface)

    def _draw_caption(self, surface: pygame.Surface) -> None:
        view = self.view.camera.viewport
        rect = pygame.Rect(0, view.bottom, view.w, self.ctx.size[1] - view.bottom)
        surface.fill((16, 18, 30), rect)
        final = self.playback.final
        shown = self.view.shown
        # While an action plays out, the board and panel still show the position before it: say so.
        step = f"{shown}->{self.cursor}" if shown != self.cursor else f"{self.cursor}"
        head = f"REPLAY  turn {self.turn}/{final.turn}  action {step}/{self.last}"
        if self.goto_digits is not None:
            text, colour = f"Go to turn: {self.goto_digits}_   (Enter: go, Esc: cancel)", (255, 210, 60)
        else:
            recorded = self.playback.action(self.cursor)
            text = head + ("  PLAYING" if self.autoplay else "")
            if recorded is not None:
                who = "you" if recorded.by == "human" else recorded.by
                playing = "now playing " if shown != self.cursor else ""
                text += (f"   {playing}{who}: {recorded.action.text()}"
                         + (f" ({recorded.reason})" if recorded.reason else ""))
            colour = (220, 220, 230)
        from .panel import fit_text

        size = max(16, self.ctx.px(21))
        text = fit_text(self.ctx.text, text, size, rect.w - self.ctx.px(28))
        self.ctx.text.draw(surface, text, size, colour, (rect.x + self.ctx.px(14), rect.y + self.ctx.px(6)))

    def _draw_timeline(self, surface: pygame.Surface) -> None:
        ctx, timeline = self.ctx, self.timeline
        rect = self.timeline_rect()
        if rect != timeline.rect:
            timeline.set_rect(rect)
        if not self.show_text:
            timeline.draw(surface, self.cursor)
            return
        timeline.draw(surface, self.cursor, label=f"turn {self.turn}", text=ctx.text, size=max(16, ctx.px(16)))
        kinds = {m.kind for m in self.marks}
        view = self.view.camera.viewport
        draw_legend(surface, ctx.text, [(MARK_COLOURS[kind], words) for kind, words in MARK_LEGEND if kind in kinds],
                    right=view.right - ctx.px(8), bottom=view.bottom - ctx.px(6), size=max(16, ctx.px(16)),
                    px=ctx.px, left=view.x + view.w // 3)
