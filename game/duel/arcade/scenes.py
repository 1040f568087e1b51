"""The duel's scenes: its options (map and who plays A and B) and the play scene.

The play scene never waits for a player: a bot's or program's move is decided on the thinking
worker (:mod:`game.arcade.thinking`) while the board keeps animating, and a person's move comes
from the keys. Space plays one move, Enter one round, A autoplays at the chosen speed (4:
instant, no animation, many moves a frame). O takes over the side to move from its bot, and
hands it back.
"""

from __future__ import annotations

import secrets
import time
from pathlib import Path

import pygame

from game.arcade.common import GameOverOverlay, HelpOverlay, PauseOverlay
from game.arcade.thinking import Thinker, draw_indicator
from game.shell.display import ui_scale
from game.shell.input import CLICK, HOVER, RESIZE
from game.shell.scenes import BaseScene, Push, Quit, Replace

from . import keys
from .panel import DuelPanel
from .session import HUMAN, DuelSession, SetupError, read_board
from .sprites import shared as shared_sprites
from .view import PLAYER_COLOURS, DuelView, draw_banner, end_banner

AUTOPLAY_GAP = {"slow": 0.35, "normal": 0.12, "fast": 0.02, "instant": 0.0}
INSTANT_BUDGET = 0.006  # seconds of moves per frame at the instant speed
SPEEDS = ("slow", "normal", "fast", "instant")
RED, GOLD, GREY = (240, 90, 80), (255, 210, 60), (170, 170, 190)


def layout(ctx, size, with_panel: bool = True) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Board, panel and caption rectangles for a screen of ``size``."""
    w, h = size
    panel_w = min(max(int(460 * ui_scale(size)), 300), int(w * 0.42)) if with_panel and w >= 700 else 0
    caption_h = ctx.px(44) if with_panel else 0
    board = pygame.Rect(0, 0, w - panel_w, h - caption_h)
    return board, pygame.Rect(w - panel_w, 0, panel_w, h), pygame.Rect(0, h - caption_h, w - panel_w, caption_h)


class DuelPlayScene(BaseScene):
    def __init__(self, ctx, session: DuelSession, *, autoplay: bool = False, speed: str = "normal",
                 text: bool = True, thinker: Thinker | None = None, options=None) -> None:
        self.ctx = ctx
        self.session = session
        self.autoplay = autoplay
        self.show_text = text
        self.thinker = thinker or Thinker()
        self.options = options  # the options scene's choices, for Q and restart
        self.pending = 0  # moves asked for with Space
        self.pending_round: int | None = None  # Enter: play until this round is over
        self.message = ""
        self.message_age = 0.0
        self.saved_path: Path | None = None
        self.save_error = ""
        self._gap = 0.0
        self._ended = False
        self._thinking_side = ""
        self.sprites = shared_sprites()
        board_rect, panel_rect, self.caption_rect = layout(ctx, ctx.size, text)
        self.view = DuelView(board_rect, self.sprites, text=ctx.text if text else None, ui_scale=ctx.scale)
        self.view.speed = speed
        self.panel = DuelPanel(panel_rect, ctx.text, ctx.scale, self.sprites)
        self.view.show(session.state)

    # -- the host protocol of the shared overlays ------------------------------------------------

    @property
    def bindings(self):
        return HUMAN_BINDINGS if self.session.humans else WATCH_BINDINGS

    @property
    def board_rect(self) -> pygame.Rect:
        return self.view.rect

    def key_rows(self):
        """Every key: watching, then playing yourself (arrows, W A S D)."""
        watch = keys.bindings(keys.WATCH_KEYS).describe()
        moves = [row for row in keys.bindings(keys.HUMAN_KEYS).describe() if row[1].startswith("Move")]
        return watch + moves

    def menu_scene(self):
        return DuelOptionsScene(self.ctx, self.options)

    def relayout(self, size) -> None:
        self.ctx.size = tuple(size)
        board_rect, panel_rect, self.caption_rect = layout(self.ctx, self.ctx.size, self.show_text)
        self.view.set_rect(board_rect)
        self.panel = DuelPanel(panel_rect, self.ctx.text, self.ctx.scale, self.sprites)

    def over_lines(self):
        state = self.session.state
        outcome = state.outcome
        colour = {"A Win": PLAYER_COLOURS["A"], "B Win": PLAYER_COLOURS["B"]}.get(outcome.winner, GOLD)
        names = {side: self.session.name(side) for side in "AB"}
        headline = {"A Win": f"A WINS", "B Win": f"B WINS"}.get(outcome.winner, "TIE")
        why = {"": f"after {state.config.rounds} rounds", "game clear": "every item taken"}.get(
            outcome.message, f"{outcome.offender}: {outcome.message}")
        lines = [f"A {names['A']}: {state.score_a:,}    B {names['B']}: {state.score_b:,}",
                 f"Round {state.round}, {why}"]
        lines.append(f"Replay saved to {self.saved_path}" if self.saved_path else self.save_error or "")
        return headline, colour, [line for line in lines if line]

    # -- lifecycle -------------------------------------------------------------------------------

    def on_exit(self) -> None:
        self.thinker.cancel()  # a thinking program is killed now; a bot's late answer is dropped
        self.session.close()  # bots in their own processes are killed
        self.save_if_unsaved()

    def save_if_unsaved(self) -> None:
        if self.saved_path is None and len(self.session.history) > 1:
            self.save_replay()

    def save_replay(self) -> None:
        from .codec import save

        try:
            target = getattr(self.ctx, "record_path", None)
            if target is not None and not getattr(self.ctx, "record_used", False):
                self.ctx.record_used = True
                self.saved_path = save(self.session, target)
            else:
                self.saved_path = save(self.session)
        except (OSError, ValueError) as exc:
            self.save_error = f"replay not saved: {exc}"[:120]

    def restart(self) -> None:
        self.thinker.cancel()
        self.save_if_unsaved()
        self.session.restart()
        self.view.state = None
        self.view.show(self.session.state)
        self.pending, self.pending_round = 0, None
        self._ended = False
        self._gap = 0.0
        self.saved_path, self.save_error, self.message = None, "", ""

    # -- moves -----------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.message, self.message_age = text, 0.0

    def shown(self, entry, animate: bool = True) -> None:
        self.view.show(entry.state, entry.events, animate=animate and self.view.speed != "instant")

    def human_move(self, side_keys: str, move: str) -> None:
        session = self.session
        if session.over:
            return
        humans = session.humans
        mover = session.mover
        if len(humans) == 2:
            side = "A" if side_keys == "wasd" else "B"
            if side != mover:
                self.say(f"It is {mover}'s turn ({'W A S D' if mover == 'A' else 'the arrow keys'})")
                return
        elif mover not in humans:
            self.say(f"Wait: {mover} ({session.name(mover)}) is thinking")
            return
        self.view.finish()
        result = session.human_move(move)
        if isinstance(result, str):
            self.say(f"Refused: {result}. Nothing lost, try another move.")
            return
        self.message = ""
        self.shown(result)

    def toggle_override(self) -> None:
        session = self.session
        if session.overridden:
            session.overridden.clear()
            self.say("Handed back to the bots")
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
        self.say(f"You play {side}: arrows (or W A S D). O hands it back.")

    def _wants_bot_move(self) -> bool:
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
        if self.pending:
            self.pending -= 1
        self.shown(entry)
        return True

    def _round_done(self) -> None:
        if self.pending_round is not None and (self.session.over or self.session.state.round > self.pending_round):
            self.pending_round = None

    # -- input -----------------------------------------------------------------------------------

    def handle(self, intention):  # noqa: C901 - a flat table of what each key does
        name, data = intention.name, intention.data
        if name == RESIZE:
            self.relayout(data)
        elif name.startswith("move_"):
            self.human_move("arrows", name[5:])
        elif name.startswith("wasd_"):
            self.human_move("wasd", name[5:])
        elif name == "step":
            self.view.finish()
            self.pending += 1
        elif name == "round":
            self.view.finish()
            self.pending_round = self.session.state.round
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
            return Push(HelpOverlay(self, "TREASURE DUEL: KEYS"))
        elif name == "restart":
            self.restart()
        elif name == "menu":
            return Replace(self.menu_scene())
        return None

    # -- time ------------------------------------------------------------------------------------

    def update(self, dt: float):
        self.view.update(dt)
        self.message_age += dt
        session = self.session
        if self.view.speed == "instant" and self._wants_bot_move():
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
        if self._wants_bot_move():
            self._gap += dt
            if self.pending or self.pending_round is not None or self._gap >= AUTOPLAY_GAP[self.view.speed]:
                self._start_thinking()
        return None

    def _instant_burst(self) -> None:
        """No animation: as many moves as fit in a few milliseconds of this frame."""
        deadline = time.perf_counter() + INSTANT_BUDGET
        while self._wants_bot_move() and time.perf_counter() < deadline:
            if not self.thinker.busy:
                self._start_thinking()
            job = self.thinker.job
            if job is None or not job.wait(max(0.0, deadline - time.perf_counter())):
                return  # a slow bot: the answer is collected on a later frame
            self._collect()
            self._round_done()

    def _game_over(self):
        if self._ended:
            return None
        self._ended = True
        self.autoplay = False
        self.pending, self.pending_round = 0, None
        if self.saved_path is None:
            self.save_replay()
        if self.ctx.quit_at_end:
            return Quit()
        return Push(GameOverOverlay(self))

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        if not self.show_text:
            return
        session = self.session
        banner = end_banner(session.state) if not self.view.busy else None
        if banner is not None:
            draw_banner(surface, self.ctx.text, self.view.rect, *banner, self.ctx.scale)
        thinking = {}
        if self.thinker.busy and self._thinking_side:
            thinking[self._thinking_side] = self.thinker.thinking_for
            draw_indicator(surface, self.ctx.text, self.view.rect, self.thinker.thinking_for, self.ctx.scale,
                           f"{self._thinking_side} thinking")
        if self.panel.rect.w:
            self.panel.draw(surface, history=session.history, index=len(session.history) - 1,
                            names={s: session.name(s) for s in "AB"}, thinking=thinking,
                            title=f"TREASURE DUEL  {session.map_name}")
        self._caption(surface)

    def _caption(self, surface) -> None:
        rect = self.caption_rect
        surface.fill((14, 16, 30), rect)
        session = self.session
        colour = (220, 220, 235)
        if self.message and self.message_age < 4.0:
            text, colour = self.message, RED if self.message.startswith(("Refused", "Wait", "It is")) else GOLD
        elif session.over:
            o = session.state.outcome
            text = f"{o.winner}: {o.offender + ': ' + o.message if o.offender else o.message or 'round limit'}" \
                   "   R: again   Q: options"
            colour = GOLD
        elif session.humans:
            mover = session.mover
            if session.is_human(mover):
                keys_word = "W A S D" if len(session.humans) == 2 and mover == "A" else "the arrow keys"
                text = f"Your move, {mover}: {keys_word}.   O: hand back   F1: help"
            else:
                text = f"{mover} is thinking...   O: take over   F1: help"
        else:
            text = (f"Autoplay ({self.view.speed})   A: stop   1-4: speed   O: take over   F1: help" if self.autoplay
                    else "Space: one move   Enter: one round   A: autoplay   O: take over   F1: help")
        size = self.ctx.px(22)
        while self.ctx.text.measure(text, size)[0] > rect.w - 20 and len(text) > 10:
            text = text[:-4] + "..."
        self.ctx.text.draw(surface, text, size, colour, (rect.x + self.ctx.px(14), rect.centery), anchor="midleft")


WATCH_BINDINGS = keys.bindings(keys.WATCH_KEYS)
HUMAN_BINDINGS = keys.bindings(keys.HUMAN_KEYS)


# ------------------------------------------------------------------------------------------------
# Options
# ------------------------------------------------------------------------------------------------


class DuelOptions:
    """What the options screen chose (kept across games so Q comes back to the same choices)."""

    def __init__(self, maps: list[Path] | None = None, players: list[str] | None = None) -> None:
        from game.paths import MAPS_DIR

        self.maps = maps if maps is not None else sorted((MAPS_DIR / "duel").glob("*.txt"))
        self.map_index = 0
        self.map_mode = "shipped" if self.maps else "generated"  # or "generated", "file"
        self.gen_size = 20
        self.seed_text = ""
        self.file = ""
        self.players = players or _player_choices()
        self.a = self.players.index("default") if "default" in self.players else 0
        self.b = self.a
        self.cmd = {"A": "", "B": ""}
        self.speed = "normal"
        self.autoplay = True

    def spec(self, side: str) -> str:
        choice = self.players[self.a if side == "A" else self.b]
        if choice == "cmd:":
            return "cmd:" + self.cmd[side].strip()
        return choice


def _player_choices() -> list[str]:
    try:
        from game.duel.bots import available_bots

        bots = available_bots()
    except ImportError:
        bots = []
    return (bots or ["random"]) + [HUMAN, "cmd:"]


class DuelOptionsScene(BaseScene):
    bindings = keys.bindings(keys.OPTIONS_KEYS)
    wants_text = True
    ROWS = ("map", "size", "seed", "file", "a", "cmd_a", "b", "cmd_b", "speed", "start")
    MAP_MODES = ("shipped", "generated", "file")

    def __init__(self, ctx, options: DuelOptions | None = None) -> None:
        self.ctx = ctx
        self.options = options or DuelOptions()
        self.row = self.ROWS.index("start")
        self.message = ""
        self._rects: list[tuple[int, pygame.Rect]] = []

    def visible_rows(self) -> list[str]:
        o = self.options
        rows = ["map"]
        if o.map_mode == "generated":
            rows += ["size", "seed"]
        if o.map_mode == "file":
            rows += ["file"]
        rows += ["a"] + (["cmd_a"] if o.players[o.a] == "cmd:" else [])
        rows += ["b"] + (["cmd_b"] if o.players[o.b] == "cmd:" else [])
        return rows + ["speed", "start"]

    def current(self) -> str:
        rows = self.visible_rows()
        self.row = min(self.row, len(rows) - 1)
        return rows[self.row]

    def handle(self, intention):  # noqa: C901
        name, data = intention.name, intention.data
        o = self.options
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
        elif name == "menu_erase":
            if row == "file":
                o.file = o.file[:-1]
            elif row == "seed":
                o.seed_text = o.seed_text[:-1]
            elif row in ("cmd_a", "cmd_b"):
                side = row[-1].upper()
                o.cmd[side] = o.cmd[side][:-1]
        elif name == "text":
            if row == "file":
                o.file += data
            elif row == "seed" and data.isdigit() and len(o.seed_text) < 9:
                o.seed_text += data
            elif row in ("cmd_a", "cmd_b"):
                o.cmd[row[-1].upper()] += data
        elif name == "menu_go":
            return self.start()
        elif name == "menu_back":
            from game.arcade.picker import GamePickerScene

            return Replace(GamePickerScene(self.ctx, selected="duel"))
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

    def change(self, row: str, step: int) -> None:
        o = self.options
        if row == "map":
            if o.map_mode == "shipped" and 0 <= o.map_index + step < len(o.maps):
                o.map_index += step
                return
            modes = [m for m in self.MAP_MODES if m != "shipped" or o.maps]
            k = (modes.index(o.map_mode) + step) % len(modes)
            o.map_mode = modes[k]
            if o.map_mode == "shipped":
                o.map_index = 0 if step > 0 else len(o.maps) - 1
        elif row == "size":
            o.gen_size = max(4, min(64, o.gen_size + 4 * step))
        elif row == "a":
            o.a = (o.a + step) % len(o.players)
        elif row == "b":
            o.b = (o.b + step) % len(o.players)
        elif row == "speed":
            o.speed = SPEEDS[(SPEEDS.index(o.speed) + step) % len(SPEEDS)]

    def board(self):
        o = self.options
        if o.map_mode == "shipped":
            path = o.maps[o.map_index]
            return read_board(path), path.stem, 0
        if o.map_mode == "file":
            if not o.file.strip():
                raise SetupError("type a map file path on the 'Map file' line")
            path = Path(o.file.strip()).expanduser()
            return read_board(path), path.stem, 0
        from game.duel.generator import generate_board

        seed = int(o.seed_text) if o.seed_text else secrets.randbelow(10**6)
        return generate_board(o.gen_size, o.gen_size, seed), f"gen{o.gen_size}-seed{seed}", seed

    def start(self):
        o = self.options
        try:
            board, map_name, seed = self.board()
            players = {side: o.spec(side) for side in "AB"}
            for side, spec in players.items():
                if spec == "cmd:":
                    raise SetupError(f"player {side}: type the program's command on the 'Program {side}' line")
            session = DuelSession(board, players, seed=seed, config=None, map_name=map_name,
                                  process_bots=getattr(self.ctx, "think_async", False))
        except (SetupError, ValueError, OSError) as exc:
            self.message = f"Cannot start: {exc}"[:160]
            return None
        return Replace(DuelPlayScene(self.ctx, session, autoplay=o.autoplay, speed=o.speed, options=o))

    def _value(self, row: str) -> tuple[str, str]:
        o = self.options
        cursor = "_" if self.current() == row else ""
        if row == "map":
            if o.map_mode == "shipped":
                return "Map", f"{o.maps[o.map_index].stem} (shipped)"
            return "Map", {"generated": "a generated map", "file": "a map file of your own"}[o.map_mode]
        if row == "size":
            return "Size", f"{o.gen_size} x {o.gen_size}"
        if row == "seed":
            return "Seed", (o.seed_text or "random") + cursor
        if row == "file":
            return "Map file", (o.file or "(type a path)") + cursor
        if row in ("a", "b"):
            choice = o.players[o.a if row == "a" else o.b]
            label = {HUMAN: "human (you, at the keyboard)", "cmd:": "a program (cmd:)"}.get(choice, f"bot: {choice}")
            return f"Player {row.upper()}", label
        if row in ("cmd_a", "cmd_b"):
            side = row[-1].upper()
            return f"Program {side}", (o.cmd[side] or "(type a command, e.g. ./mybot)") + cursor
        if row == "speed":
            return "Speed", o.speed
        return "", ""

    def draw(self, surface: pygame.Surface) -> None:
        ctx, t = self.ctx, self.ctx.text
        w, h = surface.get_size()
        surface.fill((18, 22, 34))
        for i in range(0, h, max(1, ctx.px(6))):
            surface.fill((16 + i * 14 // h, 20 + i * 24 // h, 32 + i * 30 // h), (0, i, w, ctx.px(6)))
        t.draw(surface, "TREASURE DUEL", ctx.px(88), GOLD, (w // 2, ctx.px(40)), anchor="midtop")
        size = ctx.px(96)
        beside = t.measure("TREASURE DUEL", ctx.px(88))[0] // 2 + ctx.px(16)
        surface.blit(self.sprites_hunter("A", size), (w // 2 - beside - size, ctx.px(34)))
        surface.blit(self.sprites_hunter("B", size), (w // 2 + beside, ctx.px(34)))
        t.draw(surface, "two hunters, one board, 1000 rounds: collect, avoid the poison, never get boxed in",
               ctx.px(24), (210, 214, 230), (w // 2, ctx.px(140)), anchor="midtop")
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
                label, value = self._value(row)
                arrows = row in ("map", "size", "a", "b", "speed")
                text = f"<  {value}  >" if arrows and selected else value
                t.draw(surface, label, ctx.px(30), colour, (bar.x + ctx.px(24), y))
                t.draw(surface, text[-64:], ctx.px(30), colour, (bar.x + ctx.px(270), y))
            y += line
        if self.message:
            t.draw(surface, self.message, ctx.px(24), RED, (w // 2, y + ctx.px(8)), anchor="midtop")
        t.draw(surface, "Up / Down: line   Left / Right or click: change   type to edit   Enter: start   Esc: games",
               ctx.px(22), GREY, (w // 2, h - ctx.px(28)), anchor="midbottom")

    def sprites_hunter(self, side: str, size: int):
        return shared_sprites().hunter(side, "S", 0, size)
