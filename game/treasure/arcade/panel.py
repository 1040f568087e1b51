"""The side panel: turn, actions left, countdowns, hints, the agent's reasons, the event log.

The panel is drawn into its own surface and redrawn only when what it shows changes (a new
step shown, another hint hovered, a toggle); a frame just blits it. Each hint row's rectangle
is remembered so the play scene can tell which hint the pointer is over.

The hint list shows the newest hints first and scrolls: the mouse wheel over it moves through
older hints, and a hint picked with PgUp/PgDn is always scrolled into view.
"""

from __future__ import annotations

import pygame

from game.shell.text import TextRenderer
from game.treasure.log import event_lines
from game.treasure.observation import observe

from game.arcade.common import fit_text, wrap  # noqa: F401 - other games' panels import them from here

BG = (22, 24, 38)
INK = (232, 230, 222)
DIM = (150, 150, 170)
GOLD = (255, 210, 60)
TRUE_C, FALSE_C, UNKNOWN_C = (110, 220, 120), (240, 90, 80), (150, 150, 170)
AGENT_C, PIRATE_C = (110, 170, 255), (240, 90, 80)


class Panel:
    def __init__(self, rect: pygame.Rect, text: TextRenderer, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.scale = scale
        self.hint_rows: dict[int, pygame.Rect] = {}  # hint index -> screen rect
        self.hint_texts: dict[int, list[str]] = {}  # hint index -> the lines its row shows
        self.hint_scroll = 0  # how many of the newest hints are scrolled off the top
        self.hint_area = pygame.Rect(0, 0, 0, 0)  # screen rect of the hint list
        self._selected_seen: int | None = None
        self._surface: pygame.Surface | None = None
        self._key: object = None

    def px(self, value: float) -> int:
        return max(1, int(value * self.scale))

    def font(self, value: float) -> int:
        """Font sizes never go below what the default font renders legibly."""
        return max(16, int(value * self.scale))

    def hint_at(self, pos: tuple[int, int]) -> int | None:
        for index, rect in self.hint_rows.items():
            if rect.collidepoint(pos):
                return index
        return None

    def wheel(self, pos: tuple[int, int], steps: int) -> bool:
        """Scroll the hint list if the pointer is over it (wheel away from you: newer hints).
        Returns whether the wheel was used here (else it zooms the map)."""
        if not self.hint_area.collidepoint(pos):
            return False
        self.hint_scroll = max(0, self.hint_scroll - steps)
        return True

    def draw(self, surface: pygame.Surface, scene) -> None:
        view = scene.view
        key = (view.shown, id(view.match.steps[0]), view.hint_focus, scene.autoplay, view.director.speed,
               tuple(sorted(view.on)), self.rect.size, scene.selected_hint, self.hint_scroll,
               getattr(scene, "footer", ""))
        if key != self._key or self._surface is None:
            self._key = key
            self._surface = self._render(scene)
        surface.blit(self._surface, self.rect)
        hovered = getattr(scene, "hovered_hint", None)
        if hovered is not None:
            self.draw_tooltip(surface, view.state, hovered)

    # -- what is known of the hints ------------------------------------------------------------

    def implied(self, match, index: int) -> dict[int, tuple[bool, tuple[int, ...]]]:
        """Hints whose truth follows from what is known at history step ``index`` (cached)."""
        from game.treasure.agents.knowledge import implied_hints

        key = (id(match.steps[0]), index)
        cache = self.__dict__.setdefault("_implied", {})
        if key not in cache:
            if len(cache) > 64:
                cache.clear()
            cache[key] = implied_hints(observe(match.steps[index].state))
        return cache[key]

    def implied_lines(self, match, index: int) -> list[str]:
        """For the log: hints whose truth became known at step ``index`` without a verify."""
        from game.treasure.agents.knowledge import implied_text

        now = self.implied(match, index)
        before = self.implied(match, index - 1) if index > 0 else {}
        return [f"HINT {k} is {implied_text(*v)}" for k, v in sorted(now.items()) if k not in before]

    def tooltip_lines(self, state, k: int, size: int, width: int) -> list[str]:
        """Hint ``k``'s whole text, wrapped (the list cuts long hints to two lines)."""
        if not 1 <= k <= len(state.hints):
            return []
        return wrap(self.text, f"{k}. {state.hints[k - 1].text}", size, width, 12)

    def draw_tooltip(self, surface: pygame.Surface, state, k: int) -> None:
        row = self.hint_rows.get(k)
        if row is None:
            return
        size = self.font(21)
        width = max(self.px(300), min(self.px(640), self.rect.x - self.px(40)))
        if self.rect.x < self.px(200):  # no room left of the panel: over it
            width = self.rect.w - self.px(20)
        lines = self.tooltip_lines(state, k, size, width)
        if not lines:
            return
        line_h = self.text.measure("Ag", size)[1] + 2
        box = pygame.Rect(0, 0, width + self.px(20), line_h * len(lines) + self.px(14))
        box.topright = (self.rect.x - self.px(8), row.y) if self.rect.x >= self.px(200) else (self.rect.right - 4, row.bottom)
        box.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (14, 16, 30), box, border_radius=self.px(6))
        pygame.draw.rect(surface, GOLD, box, 1, border_radius=self.px(6))
        y = box.y + self.px(7)
        for part in lines:
            self.text.draw(surface, part, size, INK, (box.x + self.px(10), y))
            y += line_h

    # -- content ----------------------------------------------------------------------------

    def _render(self, scene) -> pygame.Surface:
        view, match = scene.view, scene.match
        state = view.state
        w, h = self.rect.size
        s = pygame.Surface((w, h))
        s.fill(BG)
        pygame.draw.line(s, (60, 64, 90), (0, 0), (0, h), 2)
        pad = self.px(18)
        inner = w - 2 * pad
        big, mid, small = self.font(36), self.font(25), self.font(21)
        y = pad
        t = self.text

        def line(txt: str, size: int, colour=INK, x: int = pad) -> int:
            nonlocal y
            label = t.render(fit_text(t, txt, size, w - x - pad), size, colour)
            s.blit(label, (x, y))
            y += label.get_height() + self.px(2)
            return label.get_height()

        line("TREASURE ISLAND", big, GOLD)
        board = match.board
        line(f"{scene.map_name}  {board.width}x{board.height}  seed {match.seed}", small, DIM)
        line(f"agent: {match.agent_name}", small, DIM)
        y += self.px(8)

        # Turn, actions, countdowns.
        cfg = state.config
        if state.over:
            colour = TRUE_C if state.outcome == "WIN" else FALSE_C
            line(f"GAME OVER: {state.outcome} on turn {state.turn}", mid, colour)
        else:
            line(f"Turn {state.turn}   action {state.slot} of {cfg.actions_per_turn}", mid)
        tele = "teleport used" if state.teleport_used else "teleport available"
        line(f"{state.actions_taken} actions taken, {tele}", small, DIM)
        r, f = board.reveal_turn, board.free_turn
        if state.revealed:
            line(f"Prison revealed at ({state.prison[0]}, {state.prison[1]})", small, PIRATE_C)
        else:
            n = min(r, f) - state.turn
            line(f"Prison revealed in {n} turn{'s' if n != 1 else ''} (turn {min(r, f)})", small, INK)
        if state.free:
            line("Pirate is FREE and walking to the treasure", small, PIRATE_C)
        else:
            n = f - state.turn
            line(f"Pirate freed in {n} turn{'s' if n != 1 else ''} (turn {f})", small, INK)
        if state.revealed and "treasure" in view.on and not state.over:
            from .match import pirate_turns_left, plural

            left = pirate_turns_left(state)
            if left is not None:
                line(f"Spoiler: the pirate is {plural(left, 'turn')} from the treasure", small, GOLD)
        mode = "AUTOPLAY" if scene.autoplay else "STEP BY STEP"
        line(f"{mode}  speed: {view.director.speed}", small, GOLD if scene.autoplay else DIM)
        y += self.px(6)

        # The last action and why.
        entry = match.steps[view.shown]
        if entry.action is not None:
            line("Last action", small, DIM)
            for part in wrap(t, entry.action.text(), mid, inner, 1):
                line(part, mid, AGENT_C)
            if entry.reason:
                for part in wrap(t, "why: " + entry.reason, small, inner, 2):
                    line(part, small, INK)
        y += self.px(6)

        # Hints, newest first (they are what a watcher wants to read), scrolled by the wheel.
        self.hint_rows = {}
        line(f"Hints ({len(state.hints)})  hover, PgUp/PgDn or wheel", small, DIM)
        log_height = self.px(150)
        hint_bottom = h - log_height - self.px(40)
        self.hint_area = pygame.Rect(0, y, w, max(0, hint_bottom - y)).move(self.rect.topleft)
        newest_first = list(enumerate(zip(state.hints, state.verified), start=1))[::-1]
        implied = self.implied(match, view.shown)
        # Numbered as the agent's reasons name them ("verify hint 3: ..."). A hint whose truth
        # follows from what is known says so on a line of its own: FALSE (follows from 3).
        from game.treasure.agents.knowledge import implied_text

        laid = []
        for k, (hint, verdict) in newest_first:
            parts = wrap(t, f"{k}. {hint.text}", small, inner - self.px(70), 2)
            if verdict is None and k in implied:
                parts = parts + [implied_text(*implied[k])]
            laid.append((k, verdict, parts))
        self.hint_texts = {k: parts for k, _, parts in laid}
        line_h = t.measure("Ag", small)[1] + self.px(2)
        heights = [len(parts) * line_h + self.px(6) for *_, parts in laid]
        more_h = line_h + self.px(4)  # room for the "... more" lines above and below
        # A newly selected hint (PgUp/PgDn) is scrolled into view; otherwise the wheel decides.
        follow = scene.selected_hint if scene.selected_hint != self._selected_seen else None
        self._selected_seen = scene.selected_hint
        self.hint_scroll = skip = _scroll_to(follow, len(state.hints), heights, hint_bottom - y - 2 * more_h,
                                             self.hint_scroll)
        if skip:
            line(f"{skip} newer hint{'s' if skip != 1 else ''} above (wheel up)", small, DIM)
        for i in range(skip, len(laid)):
            k, verdict, parts = laid[i]
            if y + heights[i] > hint_bottom - more_h:
                left = len(laid) - i
                line(f"... {left} older hint{'s' if left != 1 else ''} (wheel down)", small, DIM)
                break
            known = implied.get(k, (None,))[0] if verdict is None else verdict
            badge, colour = ("TRUE", TRUE_C) if known is True else ("FALSE", FALSE_C) if known is False else (
                "?", UNKNOWN_C)
            if verdict is None and known is not None:
                badge = badge.lower()  # known by reasoning, not by a verify
            row = pygame.Rect(pad - self.px(6), y - self.px(3), inner + self.px(12), heights[i])
            focused = view.hint_focus == k
            if focused:
                pygame.draw.rect(s, (70, 62, 30), row, border_radius=self.px(5))
                pygame.draw.rect(s, GOLD, row, 1, border_radius=self.px(5))
            label = t.render(badge, small, (20, 20, 20), colour)
            s.blit(label, (w - pad - label.get_width(), y))
            yy = y
            for j, part in enumerate(parts):
                y = yy
                implied_row = verdict is None and known is not None and j == len(parts) - 1
                line(part, small, colour if implied_row or verdict is not None else INK)
                yy = y
            y = row.bottom + self.px(3)
            self.hint_rows[k] = row.move(self.rect.topleft)

        # Event log of the shown step (and the one before).
        y = h - log_height - self.px(34)
        pygame.draw.line(s, (60, 64, 90), (pad, y), (w - pad, y), 1)
        y += self.px(6)
        line("What happened", small, DIM)
        lines: list[str] = []
        for i in range(max(0, view.shown - 2), view.shown + 1):
            step = match.steps[i]
            for event in step.events:
                lines.extend(event_lines(event))
            lines.extend(self.implied_lines(match, i))
        log_size = self.font(17)
        room = max(1, (h - self.px(30) - y) // (t.measure("Ag", log_size)[1] + self.px(2)) - 1)
        for text_line in lines[-room:]:
            line(text_line, log_size, DIM)

        y = h - self.px(8) - t.measure("Ag", small)[1]
        line(getattr(scene, "footer", "") or "F1 / H: help and keys    P / Esc: pause", small, GOLD)
        return s


def _scroll_to(focus: int | None, n: int, heights: list[int], room: int, scroll: int) -> int:
    """How many of the newest hints to skip: ``scroll`` kept within the list, and moved just
    enough that hint ``focus`` (counted from 1, oldest first) is on screen."""
    scroll = min(max(scroll, 0), max(n - 1, 0))
    if focus is None or not 1 <= focus <= n:
        return scroll
    at = n - focus  # its place in the newest-first list
    if at < scroll:
        return at
    while scroll < at and sum(heights[scroll:at + 1]) > room:
        scroll += 1
    return scroll
