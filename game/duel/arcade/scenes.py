"""The duel's scenes: its options (map and who plays A and B) and the play scene.

The play scene never waits for a player: a bot's or program's move is decided on the thinking
worker (:mod:`game.arcade.thinking`) while the board keeps animating, and a person's move comes
from the keys. Space plays one move, Enter one round, A autoplays at the chosen speed (4:
instant, no animation, many moves a frame). O takes over the side to move from its bot, and
hands it back.

Both scenes are the shared ones of :mod:`game.arcade.turnscene` with the duel's board, panel,
words and keys filled in.
"""

from __future__ import annotations

import secrets
from pathlib import Path

import pygame

from game.arcade.thinking import Thinker, draw_indicator
from game.arcade.turnscene import GOLD, GREY, RED, SPEEDS, OptionsScene, TurnPlayScene, watch_caption
from game.arcade.turnscene import layout as _layout
from game.duel.config import DuelConfig
from game.shell.scenes import Replace

from . import keys
from .panel import DuelPanel
from .session import HUMAN, DuelSession, SetupError, read_board
from .sprites import shared as shared_sprites
from .view import PLAYER_COLOURS, DuelView, draw_banner, end_anchor, end_banner

AUTOPLAY_GAP = {"slow": 0.35, "normal": 0.12, "fast": 0.02, "instant": 0.0}
PANEL = (460, 300, 0.42)  # the panel's width at scale 1, its least width, its largest share
__all__ = ["DuelOptions", "DuelOptionsScene", "DuelPlayScene", "GOLD", "GREY", "PANEL", "RED", "SPEEDS", "layout"]


def layout(ctx, size, with_panel: bool = True) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
    """Board, panel and caption rectangles for a screen of ``size``."""
    return _layout(ctx, size, with_panel, PANEL)


class DuelPlayScene(TurnPlayScene):
    autoplay_gap = AUTOPLAY_GAP
    panel_size = PANEL
    help_title = "TREASURE DUEL: KEYS"
    refusals = ("Refused", "Wait", "It is")
    handed_back = "Handed back to the bots"

    def __init__(self, ctx, session: DuelSession, *, autoplay: bool = False, speed: str = "normal",
                 text: bool = True, thinker: Thinker | None = None, options=None) -> None:
        self.sprites = shared_sprites()
        super().__init__(ctx, session, autoplay=autoplay, text=text, thinker=thinker, options=options)
        self.view.speed = speed
        self.view.show(session.state)

    def make_view(self, rect):
        ctx = self.ctx
        return DuelView(rect, self.sprites, text=ctx.text if self.show_text else None, ui_scale=ctx.scale)

    def make_panel(self, rect):
        return DuelPanel(rect, self.ctx.text, self.ctx.scale, self.sprites)

    # -- the host protocol of the shared overlays ------------------------------------------------

    @property
    def bindings(self):
        return HUMAN_BINDINGS if self.session.humans else WATCH_BINDINGS

    def key_rows(self):
        """The keys that work now: a person's moves while one plays (A and the arrows are then
        moves, not autoplay), else the watching keys and how to play yourself."""
        humans = self.session.humans
        if not humans:
            return keys.bindings(keys.WATCH_KEYS).describe() + [
                ("Arrows / W A S D", "Your moves, once O takes over a side (two people: W A S D for A, arrows for B)")]
        rows = keys.bindings(keys.HUMAN_KEYS).describe()
        if len(humans) == 1:  # one person: the arrows and W A S D both move that side
            rows = [(key, what.replace(" (hotseat: player B)", "").replace(" (hotseat: player A)", ""))
                    for key, what in rows]
        return rows

    def menu_scene(self):
        return DuelOptionsScene(self.ctx, self.options)

    def over_anchor(self):
        """Where the game ended (the game-over box takes the other half of the board)."""
        return end_anchor(self.view)

    def over_lines(self):
        state = self.session.state
        outcome = state.outcome
        colour = {"A Win": PLAYER_COLOURS["A"], "B Win": PLAYER_COLOURS["B"]}.get(outcome.winner, GOLD)
        names = {side: self.session.name(side) for side in "AB"}
        headline = {"A Win": "A WINS", "B Win": "B WINS"}.get(outcome.winner, "TIE")
        why = {"": f"after {state.config.rounds} rounds", "game clear": "every item taken"}.get(
            outcome.message, f"{outcome.offender}: {outcome.message}")
        lines = [f"A {names['A']}: {state.score_a:,}    B {names['B']}: {state.score_b:,}",
                 f"Round {state.round}, {why}"]
        lines.append(f"Replay saved to {self.saved_path}" if self.saved_path else self.save_error or "")
        return headline, colour, [line for line in lines if line]

    # -- the hooks of the shared play scene ------------------------------------------------------

    def save_game(self, target=None):
        from .codec import save

        return save(self.session, target) if target is not None else save(self.session)

    def reset_view(self) -> None:
        self.view.state = None
        self.view.show(self.session.state)

    def show_current(self, entry=None, animate: bool = False) -> None:
        if entry is None:
            self.view.show(self.session.state)
        else:
            self.view.show(entry.state, entry.events, animate=animate and self.view.speed != "instant")

    def shown(self, entry, animate: bool = True) -> None:
        self.show_current(entry, animate)

    def round_mark(self):
        return self.session.state.round

    def round_over(self, mark) -> bool:
        return self.session.state.round > mark

    def on_taken_over(self, side: str) -> None:
        self.say(f"You play {side}: arrows (or W A S D). O hands it back.")

    # -- moves -----------------------------------------------------------------------------------

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

    def handle(self, intention):
        name = intention.name
        if name.startswith("move_"):
            self.human_move("arrows", name[5:])
            return None
        if name.startswith("wasd_"):
            self.human_move("wasd", name[5:])
            return None
        return super().handle(intention)

    # -- drawing ---------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        if not self.show_text:
            return
        session = self.session
        banner = end_banner(session.state) if not self.view.busy else None
        if banner is not None:
            draw_banner(surface, self.ctx.text, self.view.rect, *banner, self.ctx.scale, self.view)
        thinking = {}
        if self.thinker.busy and self._thinking_side:
            thinking[self._thinking_side] = self.thinker.thinking_for
            draw_indicator(surface, self.ctx.text, self.view.rect, self.thinker.thinking_for, self.ctx.scale,
                           f"{self._thinking_side} thinking")
        if self.panel.rect.w:
            self.panel.draw(surface, history=session.history, index=len(session.history) - 1,
                            names={s: session.name(s) for s in "AB"}, thinking=thinking,
                            title=f"TREASURE DUEL  {session.map_name}")
        self.draw_caption(surface)

    def caption_text(self):
        session = self.session
        if session.over:
            o = session.state.outcome
            text = f"{o.winner}: {o.offender + ': ' + o.message if o.offender else o.message or 'round limit'}" \
                   "   R: again   Q: options"
            return text, GOLD
        if session.humans:
            mover = session.mover
            if session.is_human(mover):
                keys_word = "W A S D" if len(session.humans) == 2 and mover == "A" else "the arrow keys"
                return f"Your move, {mover}: {keys_word}.   O: hand back   F1: help", (220, 220, 235)
            return f"{mover} is thinking...   O: take over   F1: help", (220, 220, 235)
        return watch_caption(self.view.speed, self.autoplay), (220, 220, 235)


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
        self.time_limit = DuelConfig().time_limit  # a cmd: program's per move (duel arcade --time-limit)

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


class DuelOptionsScene(OptionsScene):
    bindings = keys.bindings(keys.OPTIONS_KEYS)
    ROWS = ("map", "size", "seed", "file", "a", "cmd_a", "b", "cmd_b", "speed", "start")
    MAP_MODES = ("shipped", "generated", "file")
    game_id = "duel"
    title = "TREASURE DUEL"
    subtitle = "two hunters, one board, 1000 rounds: collect, avoid the poison, never get boxed in"
    footer = "Up / Down: line   Left / Right or click: change   type to edit   Enter: start   Esc: games"
    background = ((16, 20, 32), (30, 44, 62))
    label_width = 270
    value_chars = 64

    def __init__(self, ctx, options: DuelOptions | None = None) -> None:
        super().__init__(ctx, options or DuelOptions())
        self.row = self.ROWS.index("start")

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

    def edit(self, name: str, data, row: str) -> None:
        o = self.options
        if name == "menu_erase":
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

    def arrows(self, row: str) -> bool:
        return row in ("map", "size", "a", "b", "speed")

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
            session = DuelSession(board, players, seed=seed, config=DuelConfig(time_limit=o.time_limit),
                                  map_name=map_name,
                                  process_bots=getattr(self.ctx, "think_async", False))
        except (SetupError, ValueError, OSError) as exc:
            self.message = f"Cannot start: {exc}"[:160]
            return None
        return Replace(DuelPlayScene(self.ctx, session, autoplay=o.autoplay, speed=o.speed, options=o))

    def value(self, row: str) -> tuple[str, str]:
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

    def decorate(self, surface: pygame.Surface) -> None:
        """The two hunters beside the title."""
        ctx, t = self.ctx, self.ctx.text
        w = surface.get_width()
        size = ctx.px(96)
        beside = t.measure(self.title, ctx.px(88))[0] // 2 + ctx.px(16)
        surface.blit(self.sprites_hunter("A", size), (w // 2 - beside - size, ctx.px(34)))
        surface.blit(self.sprites_hunter("B", size), (w // 2 + beside, ctx.px(34)))

    def sprites_hunter(self, side: str, size: int):
        return shared_sprites().hunter(side, "S", 0, size)
