"""Treasure Island's options on the title screen, as one self-contained part: the map (shipped
maps, a typed path, or the file browser), the seed, the agent, the rules (the pirate's truth
model and a "pirate" difficulty), the mode and the speed.

:class:`TreasureOptions` knows its rows, what each key does to them, how to draw them into a
rectangle and how to start the game; a title screen (or a game picker in front of it) only
hosts it. The last map, seed and rules are remembered between sessions (:mod:`.settings`).
"""

from __future__ import annotations

import secrets
from dataclasses import replace
from pathlib import Path

import pygame

from .panel import fit_text, wrap

ROWS = ("map", "file", "seed", "agent", "truth", "pirate", "mode", "speed")
LABELS = {"map": "Map", "file": "Map file", "seed": "Seed", "agent": "Agent", "truth": "Hints",
          "pirate": "Pirate", "mode": "Mode", "speed": "Speed"}
CHOICE_ROWS = ("map", "agent", "truth", "pirate", "mode", "speed")
MODES = ("watch", "step", "play")
SPEEDS = ("slow", "normal", "fast", "instant")
TRUTHS = ("random", "bluff")
TRUTH_TEXT = {"random": "true or false at random (the rules' default)",
              "bluff": "the pirate bluffs: lies on purpose, 30% of the time"}
# The pirate's difficulty: when he is revealed and freed (from the map's r and f), and his speed.
PIRATES = ("map", "early", "fierce")
PIRATE_TEXT = {"map": "as the map says (freed on its turn f, 2 tiles a turn)",
               "early": "freed at half the map's turn, 3 tiles a turn",
               "fierce": "revealed on turn 1, freed on turn 2, 4 tiles a turn"}
INK, GOLD = (225, 225, 235), (255, 210, 60)


def pirate_variant(board, config, level: str):
    """The board and rules for a pirate difficulty: ``early`` frees him at half the map's turn
    (and reveals him no later) and makes him walk 3 tiles a turn; ``fierce`` reveals him on
    turn 1, frees him on turn 2 and makes him walk 4. ``map`` changes nothing."""
    if level == "early":
        free = max(2, board.free_turn // 2)
        reveal = max(1, min(board.reveal_turn, free - 1))
        return replace(board, reveal_turn=reveal, free_turn=free), replace(config, pirate_speed=3)
    if level == "fierce":
        return replace(board, reveal_turn=1, free_turn=2), replace(config, pirate_speed=4)
    return board, config


class TreasureOptions:
    def __init__(self, ctx, *, map_path: str | None = None, seed: int | None = None, agent: str = "default",
                 autoplay: bool = True, speed: str = "normal", remember: bool = True) -> None:
        from game.arcade.settings import load_settings

        self.ctx = ctx
        remembered = load_settings() if remember else {}
        self.map_index = 0
        self.file = map_path or ""
        self.seed_text = "" if seed is None else str(seed)
        if map_path is None and seed is None and remembered:
            last = remembered.get("map")
            if isinstance(last, str) and last:
                shipped = [str(m) for m in ctx.maps]
                if last in shipped:
                    self.map_index = shipped.index(last)
                else:
                    self.file = last
            last_seed = remembered.get("seed")
            if isinstance(last_seed, str) and last_seed.isdigit():
                self.seed_text = last_seed
        base = ctx.config
        self.truth = getattr(base, "truth_model", "random") if base is not None else "random"
        if base is None and remembered.get("truth") in TRUTHS:
            self.truth = remembered["truth"]
        self.pirate = remembered.get("pirate") if remembered.get("pirate") in PIRATES else "map"
        self.agent_index = ctx.agents.index(agent) if agent in ctx.agents else 0
        self.mode = "watch" if autoplay else "step"
        self.speed = speed if speed in SPEEDS else "normal"
        self.message = ""

    # -- values -----------------------------------------------------------------------------

    @property
    def map_path(self) -> str:
        return self.file.strip() or (str(self.ctx.maps[self.map_index]) if self.ctx.maps else "")

    def rules(self):
        from game.treasure.config import RulesConfig

        base = self.ctx.config or RulesConfig()
        if base.truth_model != self.truth:
            base = replace(base, truth_model=self.truth)
        return base

    def value(self, row: str, selected: bool) -> str:
        if row == "map":
            return self.ctx.maps[self.map_index].name if self.ctx.maps else "(no shipped maps)"
        if row == "file":
            shown = self.file or ("(type a path, or Enter / F2: browse)" if selected else "(your own map: F2 browses)")
            return shown + ("_" if selected else "")
        if row == "seed":
            return (self.seed_text or "random") + ("_" if selected else "")
        if row == "agent":
            return self.ctx.agents[self.agent_index]
        if row == "truth":
            return TRUTH_TEXT[self.truth]
        if row == "pirate":
            return PIRATE_TEXT[self.pirate]
        if row == "mode":
            return {"watch": "watch (autoplay)", "step": "step by step (Space / Enter)",
                    "play": "play yourself (the agent suggests)"}[self.mode]
        return self.speed

    # -- keys ---------------------------------------------------------------------------------

    def change(self, row: str, step: int) -> None:
        def cycle(options, current):
            return options[(options.index(current) + step) % len(options)]

        if row == "map" and self.ctx.maps:
            self.map_index = (self.map_index + step) % len(self.ctx.maps)
            self.file = ""
        elif row == "agent" and self.ctx.agents:
            self.agent_index = (self.agent_index + step) % len(self.ctx.agents)
        elif row == "truth":
            self.truth = cycle(TRUTHS, self.truth)
        elif row == "pirate":
            self.pirate = cycle(PIRATES, self.pirate)
        elif row == "mode":
            self.mode = cycle(MODES, self.mode)
        elif row == "speed":
            self.speed = cycle(SPEEDS, self.speed)

    def erase(self, row: str) -> None:
        if row == "file":
            self.file = self.file[:-1]
        elif row == "seed":
            self.seed_text = self.seed_text[:-1]

    def type(self, row: str, ch: str) -> None:
        if row == "file" and ch and ch.isprintable() and len(self.file) < 1000:
            self.file += ch
        elif row == "seed" and ch.isdigit() and len(self.seed_text) < 10:
            self.seed_text += ch

    def choose_file(self, path: Path | str) -> None:
        """The file browser picked a map."""
        self.file = str(path)
        self.message = ""

    # -- starting ---------------------------------------------------------------------------------

    def start(self):
        """The play scene for these options, or None with :attr:`message` saying why not."""
        from game.treasure.agents import AgentNotFound, make_agent
        from game.treasure.mapfile import read_map

        from .match import Match
        from .scenes import PlayScene
        from game.arcade.settings import update_settings

        path = self.map_path
        if not path:
            self.message = "No map: type a map file path on the 'Map file' line, or press F2 to browse"
            return None
        seed = int(self.seed_text) if self.seed_text else secrets.randbelow(2**31)
        agent = self.ctx.agents[self.agent_index] if self.ctx.agents else "default"
        try:
            board = read_map(path)
            make_agent(agent, seed)
            board, config = pirate_variant(board, self.rules(), self.pirate)
            match = Match(board, seed, agent, config, agent_time_limit=self.ctx.agent_time)
        except (ValueError, OSError, AgentNotFound, Exception) as exc:  # noqa: BLE001 - shown, not raised
            self.message = f"Cannot start with {Path(path).name}: {exc}"
            return None
        update_settings(map=path, seed=self.seed_text, truth=self.truth, pirate=self.pirate)
        return PlayScene(self.ctx, match, Path(path).stem, autoplay=self.mode == "watch", speed=self.speed,
                         human=self.mode == "play")

    # -- drawing ------------------------------------------------------------------------------------

    def draw_rows(self, surface: pygame.Surface, rect: pygame.Rect, selected_row: str | None, row_h: int,
                  size: int) -> dict[str, pygame.Rect]:
        """Draw the option rows from ``rect.top``; returns each row's rectangle (for the mouse).
        A long path is cut from the left so the file name stays visible; nothing leaves ``rect``."""
        ctx, t = self.ctx, self.ctx.text
        rects: dict[str, pygame.Rect] = {}
        y = rect.top
        label_w = int(rect.w * 0.2)
        for row in ROWS:
            selected = row == selected_row
            colour = GOLD if selected else INK
            bar = pygame.Rect(rect.x, y, rect.w, row_h - ctx.px(6))
            if selected:
                pygame.draw.rect(surface, (40, 56, 96), bar, border_radius=ctx.px(8))
            rects[row] = bar
            mid = bar.centery
            t.draw(surface, LABELS[row], size, colour, (rect.x + ctx.px(16), mid), anchor="midleft")
            text = self.value(row, selected)
            width = rect.w - label_w - ctx.px(28)
            if selected and row in CHOICE_ROWS:
                text = f"<  {fit_text(t, text, size, width - t.measure('<    >', size)[0])}  >"
            elif row == "file":
                text = fit_left(t, text, size, width)
            else:
                text = fit_text(t, text, size, width)
            t.draw(surface, text, size, colour, (rect.x + label_w, mid), anchor="midleft")
            y += row_h
        return rects

    def draw_message(self, surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
        """A refused map's message, whole: wrapped over as many lines as it needs in ``rect``."""
        if not self.message:
            return
        t = self.ctx.text
        line_h = t.measure("Ag", size)[1] + 2
        lines = wrap(t, self.message, size, rect.w, max(1, rect.h // line_h))
        y = rect.top
        for line in lines:
            t.draw(surface, line, size, (240, 90, 80), (rect.centerx, y), anchor="midtop")
            y += line_h


def fit_left(renderer, text: str, size: int, width: int) -> str:
    """``text`` cut from the left with a leading ellipsis (a path keeps its file name)."""
    if renderer.measure(text, size)[0] <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi) // 2
        if renderer.measure("..." + text[mid:], size)[0] <= width:
            hi = mid
        else:
            lo = mid + 1
    return "..." + text[lo:]
