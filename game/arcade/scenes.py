"""The arcade's scenes: title menu, play, pause, help and game over.

Scenes receive intentions (never raw events) and return transitions; each scene names the key
table it wants in ``bindings`` and :class:`~game.arcade.app.ArcadeApp` switches tables as the
top scene changes. The play scene wires intentions to the :class:`Match` (rules) and the
:class:`BoardView` (drawing).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.shell.display import ui_scale
from game.shell.input import CLICK, DRAG, HOVER, RESIZE, WHEEL
from game.shell.scenes import BaseScene, Pop, Push, Quit, Replace
from game.shell.text import TextRenderer
from game.treasure import events as ev

from . import keys
from .boardview import BoardView
from .crisptext import crisp
from .sound import SoundBoard, sound_intention
from .director import AUTOPLAY_GAP
from .match import Match, pirate_turns_left, plural
from .override import Command, OverrideController
from .panel import Panel, fit_text, wrap
from .sprites import Sprites

PAN_STEP = 0.25  # share of the viewport one Ctrl+arrow press moves


def view_intention(name: str, view) -> bool:
    """Apply a key that only changes how the board is seen (camera, overlays, minimap);
    False if ``name`` is not one. Shared by the play and replay scenes."""
    camera = view.camera
    if name == "follow":
        camera.follow(view.agent.tile)
    elif name == "fit":
        camera.fit()
    elif name in ("zoom_in", "zoom_out"):
        camera.zoom_at(camera.viewport.center, 1 if name == "zoom_in" else -1)
    elif name.startswith("pan_"):
        dx = {"pan_left": 1, "pan_right": -1}.get(name, 0) * camera.viewport.w * PAN_STEP
        dy = {"pan_up": 1, "pan_down": -1}.get(name, 0) * camera.viewport.h * PAN_STEP
        camera.pan(dx, dy)
    elif name.startswith("toggle_"):
        view.toggle(name[len("toggle_"):])
    elif name == "minimap":
        order = ("auto", "on", "off")
        view.minimap_mode = order[(order.index(view.minimap_mode) + 1) % 3]
    else:
        return False
    return True


@dataclass
class Context:
    """What every scene shares: screen size, sprites, cached text, the command-line options."""

    size: tuple[int, int]
    sprites: Sprites
    text: TextRenderer
    maps: list[Path] = field(default_factory=list)
    agents: list[str] = field(default_factory=lambda: ["default"])
    quit_at_end: bool = False
    max_turns: int | None = None
    config: object = None
    record_path: Path | None = None  # --record: the first finished game goes here
    record_used: bool = False
    sound: SoundBoard | None = None  # made on first use: silent under the dummy audio driver
    saved_unfinished: set = field(default_factory=set)  # games already saved unfinished (never twice)

    def __post_init__(self) -> None:
        self.text = crisp(self.text)  # small text keeps its letter spacing
        if self.sound is None:
            from .settings import load_settings

            volume = load_settings().get("volume", 0.6)
            self.sound = SoundBoard(volume=volume if isinstance(volume, (int, float)) else 0.6)

    @property
    def scale(self) -> float:
        return ui_scale(self.size)

    def px(self, value: float) -> int:
        return max(1, int(value * self.scale))

    def font(self, value: float) -> int:
        """A font size scaled to the screen, never below a legible 16 (letters about 11 px)."""
        return max(16, int(value * self.scale))


def shade(surface: pygame.Surface, alpha: int = 170) -> None:
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill((6, 8, 18, alpha))
    surface.blit(veil, (0, 0))


# ------------------------------------------------------------------------------------------------
# Play
# ------------------------------------------------------------------------------------------------


WATCH_BINDINGS = keys.bindings(keys.PLAY_KEYS)
HUMAN_BINDINGS = keys.bindings(keys.HUMAN_KEYS, digits="digit")
RED_TEXT, GHOST_TEXT = (240, 90, 80), (190, 230, 255)


class PlayScene(BaseScene):
    def __init__(self, ctx: Context, match: Match, map_name: str, *, autoplay: bool = False,
                 speed: str = "normal", overlays: set[str] | None = None, text: bool = True,
                 human: bool = False) -> None:
        self.ctx = ctx
        self.match = match
        self.map_name = map_name
        self.autoplay = autoplay and not human
        self.human = human
        self.override = OverrideController(match.state.config)
        self.message = ""  # the last refusal (the engine's reason) or complaint, in the caption
        self.saved_path: Path | None = None  # where the finished game's replay went
        self.save_error = ""
        self.selected_hint: int | None = None
        self.hovered_hint: int | None = None
        self._gap = 0.0
        self._ended = False
        self.show_text = text
        map_rect, panel_rect = self.layout(ctx.size)
        self.view = BoardView(match, ctx.sprites, map_rect, text=ctx.text if text else None,
                              overlays=overlays, ui_scale=ctx.scale)
        self.view.director.speed = speed
        self.view.sound = ctx.sound
        self.panel = Panel(panel_rect, ctx.text, ctx.scale)
        from .agent_thinking import AgentThinking  # the agent decides off the frame loop in a window

        self.thinking = AgentThinking(match, asynchronous=getattr(ctx, "think_async", False))

    @property
    def bindings(self):
        return HUMAN_BINDINGS if self.human else WATCH_BINDINGS

    # -- layout -----------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
        w, h = size
        panel_w = min(max(int(440 * ui_scale(size)), 300), int(w * 0.42))
        if w < 700:  # tiny window: the map gets everything
            panel_w = 0
        caption_h = self.ctx.px(44)
        return pygame.Rect(0, 0, w - panel_w, h - caption_h), pygame.Rect(w - panel_w, 0, panel_w, h)

    def relayout(self, size: tuple[int, int]) -> None:
        self.ctx.size = size
        map_rect, panel_rect = self.layout(size)
        self.view.camera.set_viewport(map_rect)
        self.view.camera.fit()
        self.panel = Panel(panel_rect, self.ctx.text, self.ctx.scale)

    # -- actions ----------------------------------------------------------------------------------

    def advance_action(self) -> None:
        self.view.director.finish_all()
        if self.thinking.action() is not None:
            self.view.catch_up()

    def advance_turn(self) -> None:
        self.view.director.finish_all()
        if self.thinking.turn():
            self.view.catch_up()

    def on_exit(self) -> None:
        self.thinking.cancel()  # never wait for the agent when leaving
        self.save_if_unsaved()

    def save_if_unsaved(self) -> None:
        """Every game is recorded: one left before its end is saved as UNFINISHED, once (the
        same unfinished game, or a branch nothing was played on, is not saved again)."""
        if self.saved_path is not None or len(self.match.steps) <= getattr(self.match, "branch_length", 1):
            return
        key = self.game_key()
        if key in self.ctx.saved_unfinished or self.saved_before():
            return
        self.save_replay()
        if self.saved_path is not None and not self.match.over:
            self.ctx.saved_unfinished.add(key)

    def saved_before(self) -> bool:
        """Whether the replays folder already holds this very unfinished game (an earlier
        session left it at the same point): same map, seed, rules and actions."""
        import json
        import re

        from game.replay import replays_dir

        try:
            mine = self.match.recording().to_json()
        except (OSError, ValueError):
            return False
        prefix = re.sub(r"[^A-Za-z0-9_.-]+", "-", f"{self.map_name}-seed{self.match.seed}-").strip("-.")
        same = ("map", "seed", "rules", "actions", "outcome")
        try:
            candidates = sorted(replays_dir().glob(prefix + "*.json"))[-50:]
        except OSError:
            return False
        for path in candidates:
            try:
                doc = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, UnicodeDecodeError):
                continue
            if isinstance(doc, dict) and all(doc.get(k) == mine.get(k) for k in same):
                return True
        return False

    def game_key(self) -> tuple:
        """What makes two games the same: the map, the seed, the rules and every action."""
        match = self.match
        return (self.map_name, match.seed, repr(match.config),
                tuple((s.action.text(), s.by) for s in match.steps[1:] if s.action is not None))

    def restart(self, seed: int | None = None) -> None:
        self.thinking.cancel()
        self.save_if_unsaved()
        self.match.restart(seed)
        self.view.reset()
        self.selected_hint = None
        self._ended = False
        self._gap = 0.0
        self.saved_path, self.save_error, self.message = None, "", ""
        self.override.cancel()

    # -- the human override -------------------------------------------------------------------------

    def set_human(self, human: bool) -> None:
        self.human = human
        self.override.cancel()
        self.message = ""
        self.view.ghost = None
        if human:
            self.autoplay = False

    def try_action(self, action) -> bool:
        """Apply the player's action; a refused one shows the engine's reason and costs nothing."""
        self.view.director.finish_all()
        result = self.match.apply(action, "", "human")
        if isinstance(result, str):
            self.message = f"Refused: {action.text()}: {result}"
            self.view.say(self.message, RED_TEXT, 2.5)
            return False
        self.message = ""
        self.view.ghost = None
        self.view.catch_up()
        return True

    def accept_suggestion(self) -> None:
        if self.match.over:
            return
        self.view.director.finish_all()
        self.view.ghost = None
        self.advance_action()  # the agent's cached suggestion is what it plays

    def run_command(self, command) -> None:
        if command is None:
            return
        if command.message:
            self.message = command.message
            self.view.say(command.message, RED_TEXT, 2.0)
        elif command.accept:
            self.accept_suggestion()
        elif command.action is not None:
            self.try_action(command.action)

    def handle_human(self, name: str, data):
        """Intentions that exist only while the human plays; None if ``name`` is not one."""
        ov = self.override
        if name.startswith("dir_"):
            return ov.direction(name[4:])
        if name == "large_scan":
            return ov.large_scan()
        if name == "verify":
            return ov.verify()
        if name == "teleport":
            if self.match.state.teleport_used:  # refused at once, not after a click on a tile
                ov.cancel()
                return Command(message="Refused: the teleport is already used")
            return ov.teleport()
        if name == "accept":
            return ov.enter()
        return None

    def update_ghost(self) -> None:
        view = self.view
        if not self.human or self.match.over or view.director.busy or view.shown != len(self.match.steps) - 1:
            view.ghost = None
            return
        view.ghost = self.thinking.suggestion()  # None while the agent still thinks

    # -- saving the replay ----------------------------------------------------------------------

    def save_replay(self) -> None:
        """Record the finished game as a replay: to --record's file once, else the data folder."""
        from game.replay import save_auto, save_new
        from game.replay.recorder import default_stem

        try:
            replay = self.match.recording()
            target = getattr(self.ctx, "record_path", None)
            if target is not None and not getattr(self.ctx, "record_used", False):
                self.ctx.record_used = True
                self.saved_path = save_new(replay, target)
            else:
                self.saved_path = save_auto(replay, default_stem(self.map_name, self.match.seed))
        except (OSError, ValueError) as exc:
            self.save_error = f"replay not saved: {exc}"[:120]

    def set_focus(self) -> None:
        self.view.hint_focus = self.hovered_hint if self.hovered_hint is not None else self.selected_hint

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        name, data = intention.name, intention.data
        view, camera = self.view, self.view.camera
        if self.human and name != RESIZE:
            if name == "cancel":
                if not self.override.cancel():
                    return Push(PauseOverlay(self))
                return None
            if name not in ("accept", "digit", HOVER, DRAG, WHEEL):
                self.override.other_key()
            if self.override.pending is not None and name in ("step", "turn", "autoplay"):
                self.override.cancel()  # a half-typed command never falls through to another action
                self.message = "cancelled: nothing played"
                return None
            if name == "digit":
                command = self.override.digit(data, len(self.match.state.hints))
                if command is None and 1 <= data <= 4:
                    view.director.speed = ("slow", "normal", "fast", "instant")[data - 1]
                self.run_command(command)
                return None
            command = self.handle_human(name, data)
            if command is not None:
                self.run_command(command)
                return None
            if name == CLICK and self.override.pending is not None:
                hint = self.panel.hint_at(data.pos)
                tile = camera.screen_to_tile(data.pos) if camera.viewport.collidepoint(data.pos) else None
                if hint is not None:
                    self.run_command(self.override.hint_clicked(hint))
                    return None
                if tile is not None and self.override.pending == "teleport":
                    self.run_command(self.override.tile_clicked(tile))
                    return None
        status = sound_intention(name, self.ctx.sound)
        if status is not None:
            view.say(status, (190, 230, 255), 1.5)
            self._remember_volume()
            return None
        if name == RESIZE:
            self.relayout(data)
        elif name == "override":
            self.set_human(not self.human)
        elif name == "step":
            self.advance_action()
        elif name == "turn":
            self.advance_turn()
        elif name == "autoplay":
            if self.human:
                self.set_human(False)
            self.autoplay = not self.autoplay
            self._gap = 0.0
        elif name == "pause":
            return Push(PauseOverlay(self))
        elif name == "help":
            if self.human:
                return Push(HelpOverlay(self.ctx, keys.HUMAN_KEYS, "KEYS: YOU PLAY"))
            return Push(HelpOverlay(self.ctx))
        elif name == "restart":
            self.restart()
        elif name == "new_seed":
            self.restart(secrets.randbelow(2**31))
        elif name == "menu":
            return Replace(TitleScene(self.ctx))
        elif name.startswith("speed_"):
            view.director.speed = name[len("speed_"):]
        elif view_intention(name, view):
            pass
        elif name in ("hint_prev", "hint_next", "hint_clear"):
            n = len(view.state.hints)
            if name == "hint_clear" or n == 0:
                self.selected_hint = None
            elif self.selected_hint is None:
                self.selected_hint = n if name == "hint_prev" else 1
            else:
                step = -1 if name == "hint_prev" else 1
                self.selected_hint = (self.selected_hint - 1 + step) % n + 1
            self.set_focus()
        elif name == WHEEL:
            if not self.panel.wheel(data.pos, data.steps):
                camera.zoom_at(data.pos, 1 if data.steps > 0 else -1)
        elif name == DRAG:
            camera.pan(data.dx, data.dy)
        elif name == HOVER:
            self.hovered_hint = self.panel.hint_at(data)
            view.set_hover(data)
            self.set_focus()
        elif name == CLICK:
            tile = view.minimap_tile(data.pos)
            if tile is not None:
                camera.center_on(tile)
            else:
                hint = self.panel.hint_at(data.pos)
                if hint is not None:
                    self.selected_hint = None if self.selected_hint == hint else hint
                    self.set_focus()
        return None

    # -- time -------------------------------------------------------------------------------------

    def turn_limit_reached(self) -> bool:
        limit = self.ctx.max_turns
        return limit is not None and self.match.state.turn > limit

    def update(self, dt: float):
        view = self.view
        view.update(dt)
        if self.thinking.pump():  # actions owed (Space, Enter) whose decisions just arrived
            view.catch_up()
        if view.camera.following is not None:
            view.camera.follow(view.agent.tile)
        if view.director.busy:
            return None
        if self.match.over or self.turn_limit_reached():
            view.ghost = None
            if not self._ended:
                self._ended = True
                self.autoplay = False
                if self.match.over and self.saved_path is None:
                    self.save_replay()
                if self.ctx.quit_at_end:
                    return Quit()
                if self.match.over:
                    return Push(GameOverOverlay(self))
            return None
        if self.autoplay:
            self._gap += dt
            if self._gap >= AUTOPLAY_GAP[view.director.speed]:
                if self.thinking.autoplay() is not None:  # None: the agent is still thinking
                    self._gap = 0.0
                    view.catch_up()
        self.update_ghost()
        return None

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 12, 22))
        self.view.draw(surface)
        if self.show_text:
            if self.panel.rect.w:
                self.panel.draw(surface, self)
            self._draw_caption(surface)
            if self.thinking.busy:
                from .thinking import draw_indicator

                draw_indicator(surface, self.ctx.text, self.view.camera.viewport, self.thinking.thinking_for,
                               self.ctx.scale, "agent thinking", corner="bottomleft")  # the legend is on top

    def _draw_caption(self, surface: pygame.Surface) -> None:
        view = self.view.camera.viewport
        rect = pygame.Rect(0, view.bottom, view.w, self.ctx.size[1] - view.bottom)
        surface.fill((16, 18, 30), rect)
        entry = self.match.steps[self.view.shown]
        colour = (220, 220, 230)
        if self.human:
            colour = GHOST_TEXT
            if self.override.prompt:
                text, colour = self.override.prompt, (255, 210, 60)
            elif self.message:
                text = self.message
                colour = RED_TEXT if self.message.startswith(("Refused", "a move")) else (255, 210, 60)
            elif self.view.ghost is not None:
                action, reason = self.view.ghost
                text = f"YOU PLAY.  AI suggests {action.text()}" + (f" ({reason})" if reason else "") + \
                    "  Enter: accept"
            else:
                text = "YOU PLAY: arrow+1-4 move, L scan, V verify, T teleport, O: agent"
        elif entry.action is None:
            text = "Space: one action   Enter: one turn   A: autoplay   O: take over   F1: help"
        else:
            who = "You" if entry.by == "human" else "Agent"
            text = f"{who}: {entry.action.text()}"
            if entry.reason:
                text += f"  because {entry.reason}"
        size = self.ctx.font(22)
        text = fit_text(self.ctx.text, text, size, rect.w - self.ctx.px(28))
        self.ctx.text.draw(surface, text, size, colour, (rect.x + self.ctx.px(14), rect.centery), anchor="midleft")

    def _remember_volume(self) -> None:
        from .settings import update_settings

        if self.ctx.sound is not None:
            update_settings(volume=self.ctx.sound.volume)


# ------------------------------------------------------------------------------------------------
# Overlays
# ------------------------------------------------------------------------------------------------


class HelpOverlay(BaseScene):
    is_overlay = True
    bindings = keys.bindings(keys.OVERLAY_KEYS)
    FOOTER = ("O: take over / hand back.  Playing: an arrow then 1-4 moves, L scans, V + number + Enter verifies, "
              "T + click teleports, Enter accepts the AI's ghost.   Esc / F1 / H: close")

    def __init__(self, ctx: Context, table=None, title: str = "KEYS") -> None:
        self.ctx = ctx
        self.table = table or keys.PLAY_KEYS
        self.title = title

    def handle(self, intention):
        if intention.name in ("close", "menu"):
            return Pop()
        if intention.name == "quit":
            return Quit()
        if intention.name == RESIZE:
            self.ctx.size = intention.data
        return None

    def layout(self, size: tuple[int, int]) -> tuple[int, int, list[list[tuple[str, str]]], int]:
        """(font size, line height, columns of rows, column width): the largest font at which
        the rows fit whole in as many columns as the screen holds; below that, the smallest
        legible font with each row cut to its column, so nothing runs into the next one."""
        ctx, t = self.ctx, self.ctx.text
        w, h = size
        rows = keys.bindings(self.table).describe()
        top = ctx.px(24) + t.measure("A", ctx.font(40))[1] + ctx.px(16)
        for font in range(max(16, ctx.px(34)), 15, -2):
            line_h = t.measure("Ag", font)[1] + max(2, font // 5)
            per_col = max(1, (h - top - 3 * line_h) // line_h)
            columns = [rows[i: i + per_col] for i in range(0, len(rows), per_col)]
            key_w = max(t.measure(k, font)[0] for k, _ in rows) + ctx.px(14)
            needed = key_w + max(t.measure(text, font)[0] for _, text in rows) + ctx.px(30)
            col_w = (w - ctx.px(40)) // len(columns)
            if needed <= col_w or font <= 16:
                return font, line_h, columns, min(col_w, needed)
        raise AssertionError("unreachable")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((10, 12, 24))  # opaque: the panel's text never shows through the list
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        font, line_h, columns, col_w = self.layout((w, h))
        x0 = (w - col_w * len(columns)) // 2
        t.draw(surface, self.title, ctx.font(40), (255, 210, 60), (w // 2, ctx.px(24)), anchor="midtop")
        key_w = min(int(col_w * 0.4), max(t.measure(k, font)[0] for col in columns for k, _ in col) + ctx.px(14))
        for ci, column in enumerate(columns):
            y = ctx.px(24) + t.measure("A", ctx.font(40))[1] + ctx.px(16)
            x = x0 + ci * col_w
            for key_label, help_text in column:
                t.draw(surface, fit_text(t, key_label, font, key_w - ctx.px(8)), font, (255, 210, 60), (x, y))
                t.draw(surface, fit_text(t, help_text, font, col_w - key_w - ctx.px(16)), font, (235, 235, 240),
                       (x + key_w, y))
                y += line_h
        y = h - ctx.px(12)
        for part in reversed(wrap(t, self.FOOTER, font, w - ctx.px(60), 3)):
            rect = t.draw(surface, part, font, (170, 170, 190), (w // 2, y), anchor="midbottom")
            y = rect.top - 2


class PauseOverlay(BaseScene):
    is_overlay = True
    bindings = keys.bindings(keys.OVERLAY_KEYS)

    def __init__(self, play: PlayScene) -> None:
        self.play = play

    def handle(self, intention):
        name = intention.name
        if name == "close":
            return Pop()
        if name == "menu":
            return _to_title(self.play)
        if name == "quit":
            return Quit()
        if name in ("restart", "new_seed"):
            self.play.restart(None if name == "restart" else secrets.randbelow(2**31))
            return Pop()
        if name == RESIZE:
            self.play.relayout(intention.data)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 150)
        ctx, t = self.play.ctx, self.play.ctx.text
        w, h = surface.get_size()
        t.draw(surface, "PAUSED", ctx.px(72), (255, 210, 60), (w // 2, h // 2 - ctx.px(60)), anchor="center")
        lines = ["P / Esc / Space: resume", "R: restart (same seed)   N: new seed",
                 "Q: title menu   Ctrl+Q: quit the arcade"]
        for i, text in enumerate(lines):
            t.draw(surface, text, ctx.font(26), (235, 235, 240), (w // 2, h // 2 + ctx.px(10 + 36 * i)),
                   anchor="center")


@dataclass(frozen=True)
class Chain:
    """Two transitions in a row (the arcade's stack understands it): pop an overlay, then more."""

    first: object
    second: object


def _to_title(play: PlayScene) -> Chain:
    return Chain(Pop(), Replace(TitleScene(play.ctx)))


class GameOverOverlay(BaseScene):
    """The result, over the final board. It never starts a game by itself: Esc, Space, Enter,
    P, F1 and H close it and leave the final board to study (the panel keeps the result); only
    R plays the seed again and N starts a new seed. The box sits in the half of the map away
    from where the game ended, so the treasure and the last moves stay in sight."""

    is_overlay = True
    bindings = keys.bindings(keys.OVERLAY_KEYS)
    KEYS_LINE = "R: play this seed again   N: new seed   Q: title   Esc / Enter: close and study the board"

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.lines = summary(play.match)

    def handle(self, intention):
        name = intention.name
        if name in ("restart", "new_seed"):
            self.play.restart(secrets.randbelow(2**31) if name == "new_seed" else None)
            return Pop()
        if name == "close":
            return Pop()  # the final board stays; R or N (in the game) start another
        if name == "menu":
            return _to_title(self.play)
        if name == "quit":
            return Quit()
        if name == RESIZE:
            self.play.relayout(intention.data)
        return None

    def box(self) -> pygame.Rect:
        ctx = self.play.ctx
        t = ctx.text
        map_rect = self.play.view.camera.viewport
        line_h = t.measure("Ag", ctx.font(22))[1] + ctx.px(8)
        height = ctx.px(96) + line_h * (len(self.lines) + 2) + ctx.px(20)
        box = pygame.Rect(0, 0, min(map_rect.w - ctx.px(24), ctx.px(820)), min(height, map_rect.h - ctx.px(16)))
        box.centerx = map_rect.centerx
        camera = self.play.view.camera
        tile = self.play.match.board.treasure
        ended_y = camera.world_to_screen((tile[0] + 0.5, tile[1] + 0.5))[1] if tile is not None else map_rect.bottom
        if ended_y < map_rect.centery:  # the game ended in the top half: the box goes low
            box.bottom = map_rect.bottom - ctx.px(8)
        else:
            box.top = map_rect.top + ctx.px(8)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.play.ctx, self.play.ctx.text
        box = self.box()
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((8, 10, 24, 225))
        surface.blit(veil, box)
        state = self.play.match.state
        win = state.outcome == "WIN"
        colour = (255, 210, 60) if win else (240, 90, 80)
        pygame.draw.rect(surface, colour, box, 3, border_radius=8)
        title = t.draw(surface, "YOU WIN!" if win else "YOU LOSE", ctx.px(72), colour,
                       (box.centerx, box.y + ctx.px(12)), anchor="midtop")
        y = title.bottom + ctx.px(8)
        size = ctx.font(22)
        inner = box.w - ctx.px(30)
        for text in self.lines:
            rect = t.draw(surface, fit_text(t, text, size, inner), size, (235, 235, 240), (box.centerx, y),
                          anchor="midtop")
            y = rect.bottom + ctx.px(6)
        saved = self.play.saved_path
        note = f"Replay saved as {saved.name} (in the replay list)" if saved else self.play.save_error
        if note:
            t.draw(surface, fit_text(t, note, ctx.font(19), inner), ctx.font(19),
                   (160, 220, 255) if saved else (240, 90, 80), (box.centerx, y + ctx.px(2)), anchor="midtop")
        t.draw(surface, fit_text(t, self.KEYS_LINE, ctx.font(20), inner), ctx.font(20), (255, 210, 60),
               (box.centerx, box.bottom - ctx.px(10)), anchor="midbottom")


def summary(match: Match) -> list[str]:
    """What happened, in a few lines, for the game-over screen, the race included."""
    state = match.state
    events = [e for step in match.steps for e in step.events]
    scans = sum(isinstance(e, ev.Scanned) for e in events)
    verified = sum(isinstance(e, ev.HintVerified) for e in events)
    forfeits = sum(isinstance(e, ev.ActionForfeited) for e in events)
    over = next((e for e in reversed(events) if isinstance(e, ev.GameOver)), None)
    lines = [f"{state.outcome} after {plural(state.turn, 'turn')} and {plural(state.actions_taken, 'action')}"]
    if over is not None:
        where = f"({over.treasure[0]}, {over.treasure[1]})"
        if over.result == "WIN":
            lines.append(f"The agent's scan found the treasure at {where}")
            left = pirate_turns_left(state)
            if left is not None:
                lines.append(f"The race: the pirate was {plural(left, 'turn')} from the treasure"
                             + ("" if state.free else " (still in his prison)"))
        else:
            lines.append(f"The pirate reached the treasure at {where} first")
            dist = abs(state.agent[0] - over.treasure[0]) + abs(state.agent[1] - over.treasure[1])
            lines.append(f"The race: the agent stood {plural(dist, 'tile')} away from it")
    lines.append(f"{plural(len(state.hints), 'hint')} given, {verified} verified, {plural(scans, 'scan')}")
    lines.append(("teleport used" if state.teleport_used else "teleport not used")
                 + (f", {plural(forfeits, 'invalid action')} lost" if forfeits else ""))
    return lines


# ------------------------------------------------------------------------------------------------
# Title menu
# ------------------------------------------------------------------------------------------------


class TitleScene(BaseScene):
    """The title screen: Treasure Island's options (:class:`~.title_options.TreasureOptions`,
    a self-contained part a game picker can sit in front of), then START and REPLAYS.
    Esc asks before quitting (or goes ``back`` when a picker set that)."""

    bindings = keys.bindings(keys.MENU_KEYS)
    wants_text = True
    ROWS = ("map", "file", "seed", "agent", "truth", "pirate", "mode", "speed", "start", "replays")
    MODES = ("watch", "step", "play")

    def __init__(self, ctx: Context, *, map_path: str | None = None, seed: int | None = None,
                 agent: str = "default", autoplay: bool = True, speed: str = "normal") -> None:
        from .title_options import TreasureOptions

        self.ctx = ctx
        self.options = TreasureOptions(ctx, map_path=map_path, seed=seed, agent=agent, autoplay=autoplay,
                                       speed=speed)
        self.row = self.ROWS.index("start")
        self.confirm_quit = False
        self.back = None  # a picker in front of this screen sets it: Esc then returns back()
        self.row_rects: dict[str, pygame.Rect] = {}

    # The options, under the names this scene always had (the arcade command sets map_index).
    def _option(name):  # noqa: N805 - a small property factory
        return property(lambda self: getattr(self.options, name),
                        lambda self, value: setattr(self.options, name, value))

    map_index = _option("map_index")
    file = _option("file")
    seed_text = _option("seed_text")
    agent_index = _option("agent_index")
    mode = _option("mode")
    speed = _option("speed")
    message = _option("message")
    del _option

    @property
    def autoplay(self) -> bool:
        return self.mode == "watch"

    @autoplay.setter
    def autoplay(self, value: bool) -> None:
        self.mode = "watch" if value else "step"

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        name, row = intention.name, self.ROWS[self.row]
        if name == RESIZE:
            self.ctx.size = intention.data
            return None
        if self.confirm_quit:
            if name == "menu_go" or (name == "text" and str(intention.data).lower() == "y"):
                return Quit()
            if name in ("menu_back", "text", "menu_up", "menu_down", "menu_left", "menu_right", "menu_erase",
                        CLICK):
                self.confirm_quit = False
            return None
        if name == "menu_up":
            self.row = (self.row - 1) % len(self.ROWS)
        elif name == "menu_down":
            self.row = (self.row + 1) % len(self.ROWS)
        elif name in ("menu_left", "menu_right"):
            self.options.change(row, 1 if name == "menu_right" else -1)
        elif name == "menu_erase":
            self.options.erase(row)
        elif name == "text":
            self.options.type(row, intention.data)
        elif name == "menu_browse" or (name == "menu_go" and row == "file" and not self.file.strip()):
            return self.browse()
        elif name == "menu_go":
            if row == "replays":
                return self.replays()
            return self.start()
        elif name == "menu_back":
            if self.back is not None:
                return self.back()
            self.confirm_quit = True
        elif name == CLICK:
            for key, rect in self.row_rects.items():
                if rect.collidepoint(intention.data.pos):
                    self.row = self.ROWS.index(key)
                    if key in ("start", "replays") or (key == "file" and not self.file.strip()):
                        return self.handle(type(intention)("menu_go"))
                    break
        elif name == "window_close":
            return Quit()
        return None

    def replays(self):
        from .replayscene import ReplayListScene

        return Replace(ReplayListScene(self.ctx))

    def browse(self):
        from .mapbrowser import MapBrowserScene

        start = Path(self.file).expanduser().parent if self.file.strip() else None
        return Push(MapBrowserScene(self.ctx, self.options.choose_file, start=start))

    def start(self):
        play = self.options.start()
        return None if play is None else Replace(play)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        surface.fill((12, 24, 52))
        for i in range(0, h, ctx.px(6)):  # a gentle vertical gradient: sea at dusk
            shade_c = (12 + i * 20 // h, 24 + i * 40 // h, 52 + i * 60 // h)
            surface.fill(shade_c, (0, i, w, ctx.px(6)))
        top = ctx.px(30)
        title = t.draw(surface, "TREASURE ISLAND", ctx.px(88), (255, 210, 60), (w // 2, top), anchor="midtop")
        hero = ctx.sprites.character("agent", "S", 0, ctx.px(84))
        villain = ctx.sprites.character("pirate", "S", 0, ctx.px(84))
        # Beside the title, whatever width the font gives it (a fixed offset overlapped it).
        beside = title.w // 2 + ctx.px(16)
        surface.blit(hero, hero.get_rect(midright=(w // 2 - beside, title.centery)))
        surface.blit(villain, villain.get_rect(midleft=(w // 2 + beside, title.centery)))
        sub = t.draw(surface, "an agent hunts the treasure; a pirate races it there", ctx.font(26),
                     (220, 220, 235), (w // 2, title.bottom + ctx.px(4)), anchor="midtop")
        width = min(w - ctx.px(40), ctx.px(1000))
        row_h = ctx.px(54)
        size = ctx.font(32)
        rows = pygame.Rect((w - width) // 2, sub.bottom + ctx.px(14), width, row_h * len(self.ROWS))
        selected = self.ROWS[self.row]
        self.row_rects = self.options.draw_rows(surface, rows, selected, row_h, size)
        y = rows.top + row_h * (len(self.ROWS) - 2)
        for key, label, big in (("start", "START", 36), ("replays", "REPLAYS (saved games)", 28)):
            bar = pygame.Rect(rows.x, y, width, row_h - ctx.px(6))
            colour = (255, 210, 60) if key == selected else (225, 225, 235)
            if key == selected:
                pygame.draw.rect(surface, (40, 56, 96), bar, border_radius=ctx.px(8))
            t.draw(surface, label, ctx.font(big), colour, bar.center, anchor="center")
            self.row_rects[key] = bar
            y += row_h
        footer_size = ctx.font(20)
        footer = ("Up / Down: choose a line   Left / Right: change   type to edit   F2: browse maps   "
                  "Enter: start   Esc: quit")
        footer_h = t.measure("Ag", footer_size)[1]
        message_rect = pygame.Rect(rows.x, y + ctx.px(4), width, h - y - footer_h - ctx.px(24))
        if self.confirm_quit:
            t.draw(surface, "Quit the arcade?  Enter / Y: quit    Esc / N: stay", ctx.font(28), (255, 210, 60),
                   (w // 2, message_rect.top), anchor="midtop")
        else:
            self.options.draw_message(surface, message_rect, ctx.font(25))
        t.draw(surface, fit_text(t, footer, footer_size, w - ctx.px(20)), footer_size, (170, 170, 190),
               (w // 2, h - ctx.px(12)), anchor="midbottom")


def data_printable(ch: str) -> bool:
    return bool(ch) and ch.isprintable()
