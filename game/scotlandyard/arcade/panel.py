"""The side panel: the round, whose turn, every player's tickets, the 24-slot travel log, the
possible locations and the players' reasons, as the current view may show them.

Everything comes from a :class:`~.session.Seen` and :func:`~.session.shown_move` /
:func:`~.session.shown_reason`, so in the detectives' view the panel tells no hidden station and
no reason of Mr X's AI. The panel is drawn into a cached surface, redrawn only when what it shows
changes (a move, the view, a message), so a frame costs one blit.
"""

from __future__ import annotations

import pygame

from game.arcade.common import fit_text, wrap
from game.scotlandyard import Piece, Ticket

from .session import HIDDEN_REASON, VIEW_NAMES, Entry, Seen, shown_move, shown_reason, winner_text
from .view import PIECE_COLOURS, TICKET_COLOURS, TICKET_SHORT

BG = (18, 21, 32)
INK = (226, 228, 238)
DIM = (150, 154, 176)
GOLD = (255, 210, 60)
RED = (240, 90, 80)
RIDES = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)
MRX_TICKETS = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND, Ticket.DOUBLE, Ticket.SECRET)


class SyPanel:
    def __init__(self, rect: pygame.Rect, text, scale: float) -> None:
        self.rect = pygame.Rect(rect)
        self.text = text
        self.scale = scale
        self._cache: pygame.Surface | None = None
        self._key = None
        self._shown: tuple = (None, None)

    def px(self, v: float) -> int:
        return max(1, int(v * self.scale))

    def font(self, v: float) -> int:
        return max(14, int(v * self.scale))

    def draw(self, surface, *, entry: Entry, seen: Seen, history: list[Entry], index: int, names: dict[str, str],
             title: str, mover: str = "", note: str = "", thinking: str = "") -> None:
        if self.rect.w <= 0:
            return
        key = (index, tuple(sorted(names.items())), title, mover, note, thinking, self.rect.size)
        if self._cache is None or self._key != key or self._shown[0] is not entry or self._shown[1] is not seen:
            self._cache = self._render(entry, seen, history, index, names, title, mover, note, thinking)
            self._key = key
            self._shown = (entry, seen)  # held, so a new position is never taken for this one
        surface.blit(self._cache, self.rect)

    def _render(self, entry, seen, history, index, names, title, mover, note, thinking) -> pygame.Surface:
        w, h = self.rect.size
        s = pygame.Surface((w, h))
        s.fill(BG)
        pygame.draw.line(s, (50, 56, 84), (0, 0), (0, h), 2)
        t = self.text
        pad = self.px(18)
        inner = w - 2 * pad
        y = self.px(14)
        big, mid, small = self.font(30), self.font(22), self.font(18)
        t.draw(s, fit_text(t, title, big, inner), big, GOLD, (pad, y))
        y += t.measure(title, big)[1] + self.px(2)
        t.draw(s, VIEW_NAMES.get(seen.mode, seen.mode), small, DIM, (pad, y))
        y += self.px(28)
        state = entry.state
        log_len = len(state.travel_log)
        reveals = state.setup.reveals
        if state.winner:
            line, colour = winner_text(state), GOLD
        else:
            turn = "Mr X" if state.is_mrx_turn else ", ".join(p.name.title() for p in state.remaining)
            line, colour = f"Move {log_len + (1 if state.is_mrx_turn else 0)} of {len(reveals)}: {turn} to move", INK
        for part in wrap(t, line, mid, inner, 2):
            t.draw(s, part, mid, colour, (pad, y))
            y += self.px(28)
        upcoming = [i + 1 for i in range(log_len, len(reveals)) if reveals[i]]
        if not state.winner:
            t.draw(s, f"Next reveal: move {upcoming[0]}" if upcoming else "No reveal left", small, DIM, (pad, y))
            y += self.px(26)
        if thinking:
            t.draw(s, thinking, small, (255, 230, 140), (pad, y))
        y += self.px(26)
        y = self._players(s, state, seen, names, pad, inner, y, mover)
        y = self._log(s, seen, pad, inner, y + self.px(6))
        n = len(seen.possible)
        if n and not seen.over:
            t.draw(s, f"Mr X may be on {n} station{'s' if n != 1 else ''} (orange)", small, (255, 160, 90), (pad, y))
            y += self.px(28)
        y += self.px(4)
        told = "spectator" if seen.over else seen.mode  # once the game is over nothing is hidden
        legend_h = self.px(92)
        for side in ("mrx", "detectives"):
            last = _last(history, index, side)
            if last is None or y > h - self.px(60) - legend_h:
                continue
            head = shown_move(last, told)
            t.draw(s, fit_text(t, head, mid, inner), mid, INK, (pad, y))
            y += self.px(26)
            reason = shown_reason(last, told)
            if reason:
                for part in wrap(t, reason if reason == HIDDEN_REASON else "why: " + reason, small, inner, 3):
                    t.draw(s, part, small, DIM, (pad, y))
                    y += self.px(22)
            y += self.px(8)
        h -= legend_h
        self._legend(s, pad, inner, h)
        if note:
            for part in wrap(t, note, small, inner, 3)[::-1]:
                h -= self.px(24)
                t.draw(s, part, small, RED if note.startswith(("Refused", "Wait", "The view")) else GOLD, (pad, h))
        return s

    def _legend(self, s, pad, inner, y) -> None:
        """What the colours of the board mean."""
        from game.scotlandyard import Transport

        from .view import HEAT, TRANSPORT_COLOURS

        t = self.text
        small = self.font(17)
        items = [("Taxi", TRANSPORT_COLOURS[Transport.TAXI], False), ("Bus", TRANSPORT_COLOURS[Transport.BUS], False),
                 ("Underground", TRANSPORT_COLOURS[Transport.UNDERGROUND], False),
                 ("Ferry", TRANSPORT_COLOURS[Transport.FERRY], True)]
        pygame.draw.line(s, (44, 50, 74), (pad, y), (pad + inner, y), 1)
        y += self.px(10)
        x = pad
        sample = self.px(26)
        for label, colour, dashed in items:
            mid_y = y + self.px(10)
            if dashed:
                for k in range(0, sample, self.px(8)):
                    pygame.draw.line(s, colour, (x + k, mid_y), (x + min(sample, k + self.px(5)), mid_y), self.px(3))
            else:
                pygame.draw.line(s, colour, (x, mid_y), (x + sample, mid_y), self.px(4))
            t.draw(s, label, small, DIM, (x + sample + self.px(6), y))
            x += sample + self.px(14) + t.measure(label, small)[0]
        y += self.px(28)
        pygame.draw.circle(s, HEAT, (pad + self.px(8), y + self.px(9)), self.px(8))
        t.draw(s, "where Mr X may be (public)", small, DIM, (pad + self.px(24), y))
        pygame.draw.rect(s, GOLD, (pad + inner - self.px(170), y, self.px(22), self.px(18)), 2, border_radius=3)
        t.draw(s, "reveal move", small, DIM, (pad + inner - self.px(142), y))
        y += self.px(28)
        from .view import GHOST

        pygame.draw.circle(s, GHOST, (pad + self.px(8), y + self.px(9)), self.px(8), 2)
        t.draw(s, "grey pawn ?: where Mr X was last seen (his last reveal)", small, DIM, (pad + self.px(24), y))

    def _players(self, s, state, seen: Seen, names, pad, inner, y, mover) -> int:
        t = self.text
        mid, small = self.font(22), self.font(18)
        chip = self.px(22)
        col_w = max(self.px(44), (inner - self.px(190)) // 5)
        x0 = pad + self.px(190)
        for k, ticket in enumerate(MRX_TICKETS):
            label = TICKET_SHORT[ticket]
            t.draw(s, label, small, DIM, (x0 + k * col_w + col_w // 2, y), anchor="midtop")
        y += self.px(24)
        rows = [(Piece.MRX, seen.mrx, names.get("mrx", ""))] + [(p, st, "") for p, st in seen.detectives]
        for piece, station, name in rows:
            tickets = state.tickets(piece)
            to_move = (piece is Piece.MRX and state.is_mrx_turn) or (piece in state.remaining)
            if to_move and not state.winner:
                pygame.draw.rect(s, (40, 48, 80), (pad - self.px(6), y - self.px(3), inner + self.px(12),
                                                   self.px(30)), border_radius=self.px(6))
            pygame.draw.circle(s, PIECE_COLOURS[piece], (pad + chip // 2, y + chip // 2), chip // 2)
            pygame.draw.circle(s, (250, 250, 250) if piece is Piece.MRX else (10, 10, 14),
                               (pad + chip // 2, y + chip // 2), chip // 2, 2)
            label = "Mr X" if piece is Piece.MRX else piece.name.title()
            where = "?" if station is None else str(station)
            t.draw(s, f"{label} {where}", mid, INK, (pad + chip + self.px(8), y))
            for k, ticket in enumerate(MRX_TICKETS):
                if piece is not Piece.MRX and ticket not in RIDES:
                    continue
                count = tickets[ticket]
                cx = x0 + k * col_w + col_w // 2
                colour = INK if count else (90, 94, 110)
                t.draw(s, str(count), mid, colour, (cx, y), anchor="midtop")
            y += self.px(32)
        return y

    def _log(self, s, seen: Seen, pad, inner, y) -> int:
        t = self.text
        t.draw(s, "Travel log", self.font(20), INK, (pad, y))
        y += self.px(28)
        per_row = 8
        gap = self.px(4)
        cell_w = (inner - gap * (per_row - 1)) // per_row
        cell_h = max(self.px(44), self.font(16) + self.font(18) + self.px(8))
        tiny, num = self.font(15), self.font(19)
        for i, slot in enumerate(seen.log):
            r, c = divmod(i, per_row)
            box = pygame.Rect(pad + c * (cell_w + gap), y + r * (cell_h + gap), cell_w, cell_h)
            if slot.ticket is None:
                pygame.draw.rect(s, (30, 34, 50), box, border_radius=self.px(5))
            else:
                colour = TICKET_COLOURS[slot.ticket]
                pygame.draw.rect(s, colour, box, border_radius=self.px(5))
                if slot.ticket is Ticket.SECRET:
                    pygame.draw.rect(s, (200, 200, 215), box, 1, border_radius=self.px(5))
            if slot.reveal:
                pygame.draw.rect(s, GOLD, box, max(2, self.px(3)), border_radius=self.px(5))
            dark = slot.ticket in (None, Ticket.SECRET)
            ink = (235, 235, 245) if dark else (20, 20, 26)
            t.draw(s, str(i + 1), tiny, (120, 124, 150) if slot.ticket is None else ink, (box.x + self.px(4), box.y + 1))
            if slot.ticket is not None:
                t.draw(s, TICKET_SHORT[slot.ticket], tiny, ink, (box.right - self.px(4), box.y + 1), anchor="topright")
            if slot.station is not None:
                text = str(slot.station)
                colour = ink if slot.revealed else ((150, 150, 160) if dark else (70, 70, 84))
                t.draw(s, text, num, colour, (box.centerx, box.bottom - self.px(2)), anchor="midbottom")
            elif slot.ticket is not None:
                t.draw(s, "?", num, ink, (box.centerx, box.bottom - self.px(2)), anchor="midbottom")
        rows = (len(seen.log) + per_row - 1) // per_row
        return y + rows * (cell_h + gap) + self.px(8)


def _last(history, index: int, side: str) -> Entry | None:
    for i in range(index, 0, -1):
        if history[i].side == side:
            return history[i]
    return None
