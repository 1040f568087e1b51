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
from .director import AUTOPLAY_GAP
from .match import Match
from .override import OverrideController
from .panel import Panel
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

    @property
    def scale(self) -> float:
        return ui_scale(self.size)

    def px(self, value: float) -> int:
        return max(1, int(value * self.scale))


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
        self.panel = Panel(panel_rect, ctx.text, ctx.scale)

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
        if self.match.advance_action() is not None:
            self.view.catch_up()

    def advance_turn(self) -> None:
        self.view.director.finish_all()
        if self.match.advance_turn():
            self.view.catch_up()

    def on_exit(self) -> None:
        self.save_if_unsaved()

    def save_if_unsaved(self) -> None:
        """Every game is recorded: one left before its end is saved as UNFINISHED."""
        if self.saved_path is None and len(self.match.steps) > 1:
            self.save_replay()

    def restart(self, seed: int | None = None) -> None:
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
            return ov.teleport()
        if name == "accept":
            return ov.enter()
        return None

    def update_ghost(self) -> None:
        view = self.view
        if not self.human or self.match.over or view.director.busy or view.shown != len(self.match.steps) - 1:
            view.ghost = None
            return
        action, reason = self.match.suggest()
        view.ghost = (action, reason)

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
                self._gap = 0.0
                self.match.advance_action()
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
        size = self.ctx.px(22)
        while self.ctx.text.measure(text, size)[0] > rect.w - 20 and len(text) > 10:
            text = text[:-4] + "..."
        self.ctx.text.draw(surface, text, size, colour, (rect.x + self.ctx.px(14), rect.centery), anchor="midleft")


# ------------------------------------------------------------------------------------------------
# Overlays
# ------------------------------------------------------------------------------------------------


class HelpOverlay(BaseScene):
    is_overlay = True
    bindings = keys.bindings(keys.OVERLAY_KEYS)

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

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 200)
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        rows = keys.bindings(self.table).describe()
        size = ctx.px(21)
        line_h = t.measure("Ag", size)[1] + ctx.px(5)
        per_col = max(1, (h - ctx.px(160)) // line_h)
        columns = [rows[i: i + per_col] for i in range(0, len(rows), per_col)]
        col_w = min(ctx.px(620), (w - ctx.px(80)) // max(1, len(columns)))
        x0 = (w - col_w * len(columns)) // 2
        t.draw(surface, self.title, ctx.px(40), (255, 210, 60), (w // 2, ctx.px(40)), anchor="midtop")
        for ci, column in enumerate(columns):
            y = ctx.px(100)
            for key_label, help_text in column:
                x = x0 + ci * col_w
                t.draw(surface, key_label, size, (255, 210, 60), (x, y))
                t.draw(surface, help_text, size, (235, 235, 240), (x + int(col_w * 0.42), y))
                y += line_h
        t.draw(surface, "O: take over / hand back.  Playing: arrow then 1-4 moves, L scan, V+number verifies, "
               "T+click teleports, Enter accepts the AI's ghost.   Esc / F1 / H: close", ctx.px(18), (160, 160, 180), (w // 2, h - ctx.px(30)), anchor="midbottom")


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
            t.draw(surface, text, ctx.px(26), (235, 235, 240), (w // 2, h // 2 + ctx.px(10 + 36 * i)), anchor="center")


@dataclass(frozen=True)
class Chain:
    """Two transitions in a row (the arcade's stack understands it): pop an overlay, then more."""

    first: object
    second: object


def _to_title(play: PlayScene) -> Chain:
    return Chain(Pop(), Replace(TitleScene(play.ctx)))


class GameOverOverlay(BaseScene):
    is_overlay = True
    bindings = keys.bindings(keys.OVERLAY_KEYS)

    def __init__(self, play: PlayScene) -> None:
        self.play = play
        self.lines = summary(play.match)

    def handle(self, intention):
        name = intention.name
        if name in ("restart", "new_seed", "close"):
            self.play.restart(secrets.randbelow(2**31) if name == "new_seed" else None)
            return Pop()
        if name == "menu":
            return _to_title(self.play)
        if name == "quit":
            return Quit()
        if name == RESIZE:
            self.play.relayout(intention.data)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.play.ctx, self.play.ctx.text
        map_rect = self.play.view.camera.viewport
        box = pygame.Rect(0, 0, min(map_rect.w - ctx.px(40), ctx.px(760)), ctx.px(420))
        box.center = map_rect.center
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill((8, 10, 24, 215))
        surface.blit(veil, box)
        state = self.play.match.state
        win = state.outcome == "WIN"
        colour = (255, 210, 60) if win else (240, 90, 80)
        pygame.draw.rect(surface, colour, box, 3, border_radius=8)
        t.draw(surface, "YOU WIN!" if win else "YOU LOSE", ctx.px(80), colour, (box.centerx, box.y + ctx.px(24)),
               anchor="midtop")
        y = box.y + ctx.px(120)
        for text in self.lines:
            t.draw(surface, text, ctx.px(24), (235, 235, 240), (box.centerx, y), anchor="midtop")
            y += ctx.px(34)
        saved = self.play.saved_path
        note = f"Replay saved to {saved}" if saved else self.play.save_error
        if note:
            size = ctx.px(20)
            while t.measure(note, size)[0] > box.w - ctx.px(30) and len(note) > 20:
                note = "..." + note[8:]
            t.draw(surface, note, size, (160, 220, 255) if saved else (240, 90, 80), (box.centerx, y + ctx.px(4)),
                   anchor="midtop")
        t.draw(surface, "R / Enter: replay this seed    N: new game    Q: title menu", ctx.px(22),
               (255, 210, 60), (box.centerx, box.bottom - ctx.px(24)), anchor="midbottom")


def summary(match: Match) -> list[str]:
    """What happened, in a few lines, for the game-over screen."""
    state = match.state
    events = [e for step in match.steps for e in step.events]
    scans = sum(isinstance(e, ev.Scanned) for e in events)
    verified = sum(isinstance(e, ev.HintVerified) for e in events)
    forfeits = sum(isinstance(e, ev.ActionForfeited) for e in events)
    over = next((e for e in reversed(events) if isinstance(e, ev.GameOver)), None)
    lines = [f"{state.outcome} after {state.turn} turns and {state.actions_taken} actions"]
    if over is not None:
        where = f"({over.treasure[0]}, {over.treasure[1]})"
        lines.append(f"The agent's scan found the treasure at {where}" if over.result == "WIN"
                     else f"The pirate reached the treasure at {where} first")
    lines.append(f"{len(state.hints)} hints given, {verified} verified, {scans} scans")
    lines.append(("teleport used" if state.teleport_used else "teleport not used")
                 + (f", {forfeits} invalid actions lost" if forfeits else ""))
    return lines


# ------------------------------------------------------------------------------------------------
# Title menu
# ------------------------------------------------------------------------------------------------


class TitleScene(BaseScene):
    bindings = keys.bindings(keys.MENU_KEYS)
    wants_text = True
    ROWS = ("map", "file", "seed", "agent", "mode", "speed", "start", "replays")
    MODES = ("watch", "step", "play")

    def __init__(self, ctx: Context, *, map_path: str | None = None, seed: int | None = None,
                 agent: str = "default", autoplay: bool = True, speed: str = "normal") -> None:
        self.ctx = ctx
        self.row = self.ROWS.index("start")
        self.map_index = 0
        self.file = map_path or ""
        self.seed_text = "" if seed is None else str(seed)
        self.agent_index = ctx.agents.index(agent) if agent in ctx.agents else 0
        self.mode = "watch" if autoplay else "step"
        self.speed = speed
        self.message = ""

    @property
    def autoplay(self) -> bool:
        return self.mode == "watch"

    @autoplay.setter
    def autoplay(self, value: bool) -> None:
        self.mode = "watch" if value else "step"

    def handle(self, intention):
        name, row = intention.name, self.ROWS[self.row]
        if name == RESIZE:
            self.ctx.size = intention.data
        elif name == "menu_up":
            self.row = (self.row - 1) % len(self.ROWS)
        elif name == "menu_down":
            self.row = (self.row + 1) % len(self.ROWS)
        elif name in ("menu_left", "menu_right"):
            step = 1 if name == "menu_right" else -1
            if row == "map" and self.ctx.maps:
                self.map_index = (self.map_index + step) % len(self.ctx.maps)
                self.file = ""
            elif row == "agent":
                self.agent_index = (self.agent_index + step) % len(self.ctx.agents)
            elif row == "mode":
                self.mode = self.MODES[(self.MODES.index(self.mode) + step) % len(self.MODES)]
            elif row == "speed":
                order = ("slow", "normal", "fast", "instant")
                self.speed = order[(order.index(self.speed) + step) % len(order)]
        elif name == "menu_erase":
            if row == "file":
                self.file = self.file[:-1]
            elif row == "seed":
                self.seed_text = self.seed_text[:-1]
        elif name == "text":
            if row == "file" and data_printable(intention.data):
                self.file += intention.data
            elif row == "seed" and intention.data.isdigit() and len(self.seed_text) < 10:
                self.seed_text += intention.data
        elif name == "menu_go":
            if row == "replays":
                from .replayscene import ReplayListScene

                return Replace(ReplayListScene(self.ctx))
            return self.start()
        elif name == "menu_back":
            return Quit()
        return None

    def start(self):
        from game.agents import AgentNotFound

        from .app import start_play

        path = self.file.strip() or (str(self.ctx.maps[self.map_index]) if self.ctx.maps else "")
        if not path:
            self.message = "No map: type a map file path on the 'Map file' line"
            return None
        seed = int(self.seed_text) if self.seed_text else secrets.randbelow(2**31)
        try:
            play = start_play(self.ctx, path, seed, self.ctx.agents[self.agent_index], autoplay=self.autoplay,
                              speed=self.speed, human=self.mode == "play")
        except (ValueError, OSError, AgentNotFound, Exception) as exc:  # noqa: BLE001 - shown, not raised
            self.message = f"Cannot start: {exc}"[:150]
            return None
        return Replace(play)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        surface.fill((12, 24, 52))
        for i in range(0, h, ctx.px(6)):  # a gentle vertical gradient: sea at dusk
            shade_c = (12 + i * 20 // h, 24 + i * 40 // h, 52 + i * 60 // h)
            surface.fill(shade_c, (0, i, w, ctx.px(6)))
        t.draw(surface, "TREASURE ISLAND", ctx.px(96), (255, 210, 60), (w // 2, ctx.px(90)), anchor="midtop")
        t.draw(surface, "an agent hunts the treasure; a pirate races it there", ctx.px(28), (220, 220, 235),
               (w // 2, ctx.px(190)), anchor="midtop")
        hero = ctx.sprites.character("agent", "S", 0, ctx.px(96))
        villain = ctx.sprites.character("pirate", "S", 0, ctx.px(96))
        # Beside the title, whatever width the font gives it (a fixed offset overlapped it).
        beside = t.measure("TREASURE ISLAND", ctx.px(96))[0] // 2 + ctx.px(16)
        surface.blit(hero, hero.get_rect(midright=(w // 2 - beside, ctx.px(140))))
        surface.blit(villain, villain.get_rect(midleft=(w // 2 + beside, ctx.px(140))))
        values = {
            "map": self.ctx.maps[self.map_index].name if self.ctx.maps else "(no shipped maps)",
            "file": (self.file or "(type a path to use your own map)") + ("_" if self.ROWS[self.row] == "file" else ""),
            "seed": (self.seed_text or "random") + ("_" if self.ROWS[self.row] == "seed" else ""),
            "agent": self.ctx.agents[self.agent_index],
            "mode": {"watch": "watch (autoplay)", "step": "step by step (Space / Enter)",
                     "play": "play yourself (the agent suggests)"}[self.mode],
            "speed": self.speed,
            "start": "",
        }
        labels = {"map": "Map", "file": "Map file", "seed": "Seed", "agent": "Agent", "mode": "Mode",
                  "speed": "Speed", "start": "START", "replays": "REPLAYS"}
        y = ctx.px(270)
        size = ctx.px(32)
        for i, row in enumerate(self.ROWS):
            selected = i == self.row
            colour = (255, 210, 60) if selected else (225, 225, 235)
            if selected:
                bar = pygame.Rect(w // 2 - ctx.px(460), y - ctx.px(6), ctx.px(920), ctx.px(46))
                pygame.draw.rect(surface, (40, 56, 96), bar, border_radius=ctx.px(8))
            if row in ("start", "replays"):
                label = "START" if row == "start" else "REPLAYS (saved games)"
                t.draw(surface, label, ctx.px(40 if row == "start" else 30), colour, (w // 2, y + ctx.px(2)),
                       anchor="midtop")
            else:
                t.draw(surface, labels[row], size, colour, (w // 2 - ctx.px(430), y))
                arrows = row in ("map", "agent", "mode", "speed")
                text = f"<  {values[row]}  >" if arrows and selected else values[row]
                t.draw(surface, text[-60:], size, colour, (w // 2 - ctx.px(170), y))
            y += ctx.px(56)
        if self.message:
            t.draw(surface, self.message, ctx.px(24), (240, 90, 80), (w // 2, y + ctx.px(10)), anchor="midtop")
        t.draw(surface, "Up / Down: choose a line   Left / Right: change   type to edit   Enter: start   Esc: quit",
               ctx.px(22), (170, 170, 190), (w // 2, h - ctx.px(30)), anchor="midbottom")


def data_printable(ch: str) -> bool:
    return bool(ch) and ch.isprintable()
