"""The duel's side panel: round, both players (name, score and its last change, last reason, time
per move, stun), items left by kind, and a short log of the last moves.

It reads a history (a sequence of :class:`~game.duel.arcade.session.Entry`) and the index shown,
so the live game and the replay share it. A player's last move, its time and the bot's reason wrap
onto up to ``DETAIL_LINES`` lines in the player's box; every other line is cut with an ellipsis at
the panel's edge.
"""

from __future__ import annotations

import pygame

from game.arcade.common import fit_text, wrap
from game.duel.rules import Fault, Moved, Stunned

from .session import items_left
from .sprites import ITEM_SPRITES
from .view import PLAYER_COLOURS

GOLD, WHITE, GREY, RED, GREEN = (255, 210, 60), (232, 232, 240), (150, 154, 172), (240, 90, 80), (120, 230, 120)
ITEM_NAMES = {"m": "mushroom +1", "n": "poison -1", "s": "star x2", "t": "poison star /2", "b": "mine (stun 3)"}
ITEM_WORDS = {"m": "+1", "n": "-1", "s": "x2", "t": "/2", "b": "mine"}
DETAIL_LINES = 4  # the default bot's longest reasons (about 170 characters with the move) need 4 at 800x600


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\"}


def shown_output(text: str) -> str:
    """A program's raw output, printable on one line: line breaks and other control characters
    as escapes (``\\n``), a run of the same one counted (``\\n×20``), so ``'\\n' * 20 + 'DOWN'``
    reads ``\\n×20DOWN`` instead of a smear of blank glyphs."""
    parts: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch.isprintable() and ch != "\\":
            parts.append(ch)
            i += 1
            continue
        run = 1
        while i + run < len(text) and text[i + run] == ch:
            run += 1
        code = _ESCAPES.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")
        parts.append(code * run if run < 3 else f"{code}×{run}")
        i += run
    return "".join(parts)


def detail_text(last, thinking: float | None) -> str:
    """What a player's box says under its score: the bot thinking, or its last move, how long it
    took and why (a reason that begins with the move, as the default bot's do, does not say it twice)."""
    if thinking is not None:
        return f"thinking... {thinking:.1f} s"
    if last is None:
        return ""
    if last.by == "human":
        return f"{last.move} (you)"
    if getattr(last, "fault", ""):
        said = f", it printed {shown_output(last.move)}" if last.move else ""
        why = f": {last.reason}" if last.reason else ""
        return f"{last.fault}{said} ({last.seconds * 1000:.0f} ms){why}"
    text = f"{last.move or '-'} in {last.seconds * 1000:.0f} ms"
    reason = last.reason or ""
    if last.move and reason.startswith(f"{last.move}: "):
        reason = reason[len(last.move) + 2:]
    return f"{text}: {reason}" if reason else text


def describe(entry, before) -> str:
    """One log line for a history entry."""
    if not entry.player:
        return "the game starts"
    rnd = before.round if before is not None else entry.state.round
    if entry.fault:
        said = f" ({shown_output(entry.move)})" if entry.move else ""
        return f"T{rnd} {entry.player}: {entry.fault}{said}"
    text = f"T{rnd} {entry.player} {entry.move}"
    for event in entry.events:
        if isinstance(event, Moved) and event.item:
            text += f"  {ITEM_WORDS[event.item]} -> {event.score}"
        elif isinstance(event, Stunned):
            text += f"  stunned {event.turns}"
        elif isinstance(event, Fault):
            text += f"  {event.kind}"
    return text


class DuelPanel:
    def __init__(self, rect: pygame.Rect, text, scale: float, sprites) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.scale = scale
        self.sprites = sprites
        self._fitted: dict = {}
        self._wrapped: dict = {}
        self._heights: dict = {}

    def px(self, v: float) -> int:
        return max(1, int(v * self.scale))

    def font(self, v: float) -> int:
        """A font size: scaled, but never under 14 px (the 720p window stays readable)."""
        return max(14, int(v * self.scale))

    def fit(self, text: str, size: int, room: int) -> str:
        """``text`` cut with an ellipsis to ``room`` pixels (remembered: the same lines come back
        every frame)."""
        key = (text, size, room)
        fitted = self._fitted.get(key)
        if fitted is None:
            fitted = fit_text(self.text, text, size, room, "…") if room > 0 else ""
            if fitted == "…":  # not even a letter fits
                fitted = ""
            if len(self._fitted) > 2000:
                self._fitted.clear()
            self._fitted[key] = fitted
        return fitted

    def wrap(self, text: str, size: int, room: int, lines: int) -> list[str]:
        """``text`` broken at spaces into at most ``lines`` lines of ``room`` pixels; what does not
        fit ends the last line with an ellipsis (remembered, as :meth:`fit` is)."""
        key = (text, size, room, lines)
        parts = self._wrapped.get(key)
        if parts is None:
            parts = wrap(self.text, text, size, room, lines, "…")
            if len(self._wrapped) > 500:
                self._wrapped.clear()
            self._wrapped[key] = parts
        return parts

    def height(self, size: int) -> int:
        height = self._heights.get(size)
        if height is None:
            height = self._heights[size] = self.text.measure("Ag", size)[1]
        return height

    def _line(self, surface, text: str, size: int, colour, pos, right: int | None = None) -> int:
        right = self.rect.right - self.px(14) if right is None else right
        text = self.fit(text, size, right - pos[0])
        if text:
            self.text.draw(surface, text, size, colour, pos)
        return self.height(size)

    def draw(self, surface: pygame.Surface, *, history, index: int, names: dict[str, str],
             thinking: dict[str, float] | None = None, title: str = "", note: str = "") -> None:
        r = self.rect
        surface.fill((20, 24, 40), r)
        pygame.draw.line(surface, (60, 70, 100), r.topleft, r.bottomleft, max(1, self.px(2)))
        entry = history[index]
        state = entry.state
        x = r.x + self.px(16)
        y = r.y + self.px(12)
        y += self._line(surface, title or "TREASURE DUEL", self.font(34), GOLD, (x, y)) + self.px(2)
        rounds = state.config.rounds
        y += self._line(surface, f"Round {state.round} of {rounds}", self.px(28), WHITE, (x, y)) + self.px(8)
        thinking = thinking or {}
        for side in ("A", "B"):
            y = self._player(surface, side, history, index, names.get(side, side), thinking.get(side), x, y)
        y = self._items(surface, state, x, y + self.px(4))
        if state.over:
            outcome = state.outcome
            why = outcome.message or f"after {rounds} rounds"
            if outcome.offender:
                why = f"{outcome.offender}: {outcome.message}"
            y += self._line(surface, f"{outcome.winner}  ({why})", self.font(26), GOLD, (x, y)) + self.px(6)
        if note:
            y += self._line(surface, note, self.px(20), RED, (x, y)) + self.px(6)
        self._log(surface, history, index, x, y + self.px(4))

    def _player(self, surface, side, history, index, name, thinking, x, y) -> int:
        state = history[index].state
        colour = PLAYER_COLOURS[side]
        detail_size = self.font(19)
        detail_h = self.height(detail_size) + self.px(1)
        box = pygame.Rect(self.rect.x + self.px(8), y, self.rect.w - self.px(16),
                          self.px(86) + DETAIL_LINES * detail_h)
        pygame.draw.rect(surface, (28, 34, 56), box, border_radius=self.px(8))
        pygame.draw.rect(surface, colour, box, max(1, self.px(2)), border_radius=self.px(8))
        mover = state.mover == side and not state.over
        head = f"{side}  {name}" + ("   <- to move" if mover else "")
        self._line(surface, head, self.font(24), colour, (x, y + self.px(6)))
        score = state.score(side)
        last, before = None, None
        for i in range(index, 0, -1):
            if history[i].player == side:
                last, before = history[i], history[i - 1].state
                break
        change = ""
        change_colour = GREY
        if last is not None:
            delta = last.state.score(side) - before.score(side)
            if delta:
                change = f"{'+' if delta > 0 else ''}{delta}"
                change_colour = GREEN if delta > 0 else RED
        size = self.px(40)
        self.text.draw(surface, f"{score:,}", size, WHITE, (x, y + self.px(34)))
        if change:
            w = self.text.measure(f"{score:,}", size)[0]
            self.text.draw(surface, f"({change})", self.px(24), change_colour, (x + w + self.px(12), y + self.px(46)))
        stun = state.stun_a if side == "A" else state.stun_b
        if stun:
            self._line(surface, f"stunned: {stun} turn{'s' if stun > 1 else ''} to skip", self.font(20), (255, 236, 90),
                       (box.right - self.px(210), y + self.px(46)))
        detail = detail_text(last, thinking)
        if detail:
            room = box.right - self.px(8) - x
            for k, part in enumerate(self.wrap(detail, detail_size, room, DETAIL_LINES)):
                self._line(surface, part, detail_size, (200, 204, 224), (x, y + self.px(80) + k * detail_h),
                           box.right - self.px(8))
        return box.bottom + self.px(8)

    def _items(self, surface, state, x, y) -> int:
        counts = items_left(state)
        icon = self.px(30)
        col_w = (self.rect.right - x - self.px(8)) // 5
        for k, item in enumerate("mnstb"):
            ix = x + k * col_w
            surface.blit(self.sprites.scaled(ITEM_SPRITES[item], icon), (ix, y))
            self.text.draw(surface, str(counts[item]), self.px(24), WHITE, (ix + icon + self.px(4), y + self.px(4)))
        return y + icon + self.px(10)

    def _log(self, surface, history, index, x, y) -> None:
        size = self.font(19)
        line_h = self.height(size) + self.px(3)
        room = (self.rect.bottom - self.px(10) - y) // line_h
        if room <= 0:
            return
        first = max(1, index - room + 1)
        for i in range(index, first - 1, -1):
            entry = history[i]
            colour = PLAYER_COLOURS.get(entry.player, GREY) if i == index else (190, 194, 210)
            if entry.fault:
                colour = RED
            self._line(surface, describe(entry, history[i - 1].state), size, colour, (x, y))
            y += line_h
