"""Treasure Island's scenes: the title menu and play (and :func:`start_play`, which makes one).

Scenes receive intentions (never raw events) and return transitions; each scene names the key
table it wants in ``bindings`` and :class:`~game.arcade.app.ArcadeApp` switches tables as the
top scene changes. The play scene wires intentions to the :class:`Match` (rules) and the
:class:`BoardView` (drawing). Help, pause and game over are every game's overlays
(:mod:`game.arcade.common`); the play scene is their host.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pygame

from game.arcade.common import Chain, GameOverOverlay, HelpOverlay, PauseOverlay, gradient, shade  # noqa: F401 - names kept here
from game.arcade.context import Context  # noqa: F401 - kept importable from here
from game.arcade.sound import sound_intention
from game.shell.display import ui_scale
from game.shell.input import CLICK, DRAG, HOVER, RESIZE, WHEEL
from game.shell.scenes import BaseScene, Push, Quit, Replace
from game.treasure import events as ev

from . import keys
from .boardview import BoardView
from .director import AUTOPLAY_GAP
from .match import Match, pirate_turns_left, plural
from .override import Command, OverrideController
from .panel import Panel, fit_text

RESULT_COLOURS = {"WIN": (255, 210, 60), "LOSE": (240, 90, 80)}
HELP_FOOTER = ("O: take over / hand back.  Playing: an arrow then 1-4 moves, L scans, V + number + Enter verifies, "
               "T + click teleports, Enter accepts the AI's ghost.")
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


def set_focus(scene) -> None:
    """The hint whose area is highlighted: the one under the pointer, else the chosen one."""
    scene.view.hint_focus = scene.hovered_hint if scene.hovered_hint is not None else scene.selected_hint


def mouse_intention(name: str, data, scene) -> bool:
    """The mouse over the board and the panel: the wheel zooms (or scrolls the hint list), a
    drag pans, hovering shows a tile or a hint's area, a click centres the minimap's tile or
    picks a hint; False if ``name`` is not one. Shared by the play and replay scenes."""
    view, camera = scene.view, scene.view.camera
    if name == WHEEL:
        if not scene.panel.wheel(data.pos, data.steps):
            camera.zoom_at(data.pos, 1 if data.steps > 0 else -1)
    elif name == DRAG:
        camera.pan(data.dx, data.dy)
    elif name == HOVER:
        scene.hovered_hint = scene.panel.hint_at(data)
        view.set_hover(data)
        set_focus(scene)
    elif name == CLICK:
        tile = view.minimap_tile(data.pos)
        if tile is not None:
            camera.center_on(tile)
        else:
            hint = scene.panel.hint_at(data.pos)
            if hint is not None:
                scene.selected_hint = None if scene.selected_hint == hint else hint
                set_focus(scene)
    else:
        return False
    return True


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
        self.title_back = None  # the title's Esc (back to the game picker), for the title Q goes to
        self.show_text = text
        map_rect, panel_rect = self.layout(ctx.size)
        self.view = BoardView(match, ctx.sprites, map_rect, text=ctx.text if text else None,
                              overlays=overlays, ui_scale=ctx.scale)
        self.view.director.speed = speed
        self.view.sound = ctx.sound
        self.panel = Panel(panel_rect, ctx.text, ctx.scale)
        self._spoiler_before = False  # X was on when the person took over: on again at hand-back
        if human:
            self._hide_spoiler()
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

    # -- the host of the shared overlays (game.arcade.common) ----------------------------------------

    help_footer = HELP_FOOTER

    @property
    def board_rect(self) -> pygame.Rect:
        """The board's area below its legend row (the game-over box keeps the legend readable)."""
        area = pygame.Rect(self.view.camera.viewport)
        top = self.view.legend_bottom()
        area.h -= top - area.y
        area.y = top
        return area

    def key_rows(self) -> list[tuple[str, str]]:
        return keys.bindings(keys.HUMAN_KEYS if self.human else keys.PLAY_KEYS).describe()

    def menu_scene(self):
        """Q: the title (Treasure Island's options), whose Esc goes where it went before."""
        title = TitleScene(self.ctx)
        title.back = self.title_back
        return title

    def new_game(self) -> None:
        self.restart(secrets.randbelow(2**31))

    def over_lines(self) -> tuple[str, tuple[int, int, int], list[str]]:
        outcome = self.match.state.outcome
        if any(step.by == "human" for step in self.match.steps):  # the player took part
            headline = "YOU WIN!" if outcome == "WIN" else "YOU LOSE"
        else:  # watched: the agent played
            headline = "TREASURE FOUND!" if outcome == "WIN" else "THE PIRATE WINS"
        return headline, RESULT_COLOURS.get(outcome, RESULT_COLOURS["LOSE"]), summary(self.match)

    def over_note(self) -> tuple[str, tuple[int, int, int]] | None:
        if self.saved_path is not None:
            return f"Replay saved as {self.saved_path.name} (in the replay list)", (160, 220, 255)
        return (self.save_error, RED_TEXT) if self.save_error else None

    def over_anchor(self) -> tuple[int, int]:
        """Where the game ended on screen: the treasure (the box keeps clear of it)."""
        viewport, tile = self.view.camera.viewport, self.match.board.treasure
        if tile is None:
            return viewport.midbottom
        return self.view.camera.world_to_screen((tile[0] + 0.5, tile[1] + 0.5))

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
        if self.saved_path is not None or len(self.match.steps) <= self.match.branch_length:
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

        from game.treasure.replay import replays_dir

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
        was = self.human
        self.human = human
        self.override.cancel()
        self.message = ""
        self.view.ghost = None
        if human:
            self.autoplay = False
            self.thinking.forget_owed()  # Space then O: the agent must not move for the person
            self._hide_spoiler()
        elif was and self._spoiler_before:
            self._spoiler_before = False
            self.view.on.add("treasure")

    def _hide_spoiler(self) -> None:
        """A person playing never sees the treasure (X, the spectator's spoiler, and with it the
        pirate's route ahead and turns left): it goes off, and comes back at hand-back."""
        if "treasure" in self.view.on:
            self.view.on.discard("treasure")
            self._spoiler_before = True
            self.view.say("Spoiler off while you play", GHOST_TEXT, 2.0)

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
        from game.treasure.replay import save_auto, save_new
        from game.treasure.replay.recorder import default_stem

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
        set_focus(self)

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        name, data = intention.name, intention.data
        view, camera = self.view, self.view.camera
        if self.human and name != RESIZE:
            if name == "fit" and self.override.pending is not None:
                name, data = "digit", 0  # the top-row 0 fits the map, except in a number being typed
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
            return Push(HelpOverlay(self, "KEYS: YOU PLAY" if self.human else "KEYS"))
        elif name == "restart":
            self.restart()
        elif name == "new_seed":
            self.new_game()
        elif name == "menu":
            return Replace(self.menu_scene())
        elif name.startswith("speed_"):
            view.director.speed = name[len("speed_"):]
        elif name == "toggle_treasure" and self.human:
            self.message = "the treasure stays hidden while you play (O hands the game back)"
            view.say("No spoiler while you play: O hands the game back to the agent", RED_TEXT, 2.5)
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
        else:
            mouse_intention(name, data, self)
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
                from game.arcade.thinking import draw_indicator

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
        from game.arcade.settings import update_settings

        if self.ctx.sound is not None:
            update_settings(volume=self.ctx.sound.volume)


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
        from game.arcade.browser import ReplayListScene

        scene = ReplayListScene(self.ctx)
        scene.back = lambda: Replace(self.again())  # Esc: back to this title menu
        return Replace(scene)

    def again(self) -> "TitleScene":
        """This menu afresh, whose Esc still goes where this one's went (the games, or quit)."""
        title = TitleScene(self.ctx)
        title.back = self.back
        return title

    def browse(self):
        from .mapbrowser import MapBrowserScene

        start = Path(self.file).expanduser().parent if self.file.strip() else None
        return Push(MapBrowserScene(self.ctx, self.options.choose_file, start=start))

    def start(self):
        play = self.options.start()
        if play is None:
            return None
        play.title_back = self.back
        return Replace(play)

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        gradient(surface, (12, 24, 52), (32, 64, 112), ctx.px(6))  # sea at dusk
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
                  f"Enter: start   Esc: {'games' if self.back is not None else 'quit'}")
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


def start_play(ctx: Context, map_path: str, seed: int, agent: str, *, autoplay: bool = False,
               speed: str = "normal", overlays: set[str] | None = None, human: bool = False) -> PlayScene:
    """Load the map and the agent and make the play scene (errors propagate to the caller)."""
    from game.treasure.agents import make_agent
    from game.treasure.mapfile import read_map

    board = read_map(map_path)
    make_agent(agent, seed)  # fail here, with the agent's name, rather than inside the match
    match = Match(board, seed, agent, ctx.config, agent_time_limit=ctx.agent_time)
    return PlayScene(ctx, match, Path(map_path).stem, autoplay=autoplay, speed=speed, overlays=overlays,
                     human=human)
