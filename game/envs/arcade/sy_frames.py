"""scotland_yard_v0's frames: the board's stations and rides, the detectives, and where Mr X was
last seen (never where he is: a frame is a spectator's public view). A plain drawing of our own
until the Scotland Yard arcade offers an off-screen frame of a view."""

from __future__ import annotations

import numpy as np
import pygame

from game.scotlandyard.pieces import Transport

BACKGROUND = (18, 20, 30)
RIDE_COLOURS = {Transport.TAXI: (150, 140, 90), Transport.BUS: (40, 140, 120), Transport.UNDERGROUND: (200, 60, 60),
                Transport.FERRY: (80, 120, 220)}
PIECE_COLOURS = {"RED": (230, 50, 50), "GREEN": (50, 190, 80), "BLUE": (60, 110, 240), "WHITE": (240, 240, 240),
                 "YELLOW": (240, 210, 40)}


class ScotlandYardFrames:
    def __init__(self, size: tuple[int, int], *, window: bool = False):
        self.size = size
        self.window = window
        if window:
            from game.shell.display import open_display

            self.surface = open_display(fullscreen=False, size=size, caption="scotland_yard_v0", resizable=False)
        else:
            from game.arcade import offscreen  # sets the dummy SDL drivers (no window) unless set already

            offscreen.init()
            self.surface = pygame.Surface(size)
        pygame.font.init()
        self.font = pygame.font.Font(None, max(16, size[1] // 30))
        self._board = None

    def _layout(self, board) -> None:
        width, height = self.size
        top = self.font.get_linesize() + 10
        positions = board.positions or {}
        if len(positions) < len(board.stations):  # a board without drawing positions: a circle
            n = len(board.stations)
            positions = {s: (np.cos(2 * np.pi * i / n), np.sin(2 * np.pi * i / n)) for i, s in enumerate(board.stations)}
        xs = np.array([positions[s][0] for s in board.stations], dtype=float)
        ys = np.array([positions[s][1] for s in board.stations], dtype=float)
        span_x, span_y = max(np.ptp(xs), 1e-9), max(np.ptp(ys), 1e-9)
        scale = min((width - 30) / span_x, (height - top - 30) / span_y)
        self.points = {s: (int(15 + (x - xs.min()) * scale), int(top + 15 + (y - ys.min()) * scale))
                       for s, x, y in zip(board.stations, xs, ys)}
        self.radius = max(2, int(min(width, height) / 110))
        self._board = board

    def show(self, view) -> np.ndarray:
        board = view.setup.board
        if self._board is not board:
            self._layout(board)
        surface, points, radius = self.surface, self.points, self.radius
        surface.fill(BACKGROUND)
        for a, b, transport in sorted(board.edges, key=lambda e: e[2].value):
            pygame.draw.line(surface, RIDE_COLOURS.get(transport, (120, 120, 120)), points[a], points[b],
                             2 if transport is Transport.UNDERGROUND else 1)
        for s in board.stations:
            pygame.draw.circle(surface, (200, 200, 210), points[s], radius)
        seen = view.last_revealed()
        if seen is not None:
            pygame.draw.circle(surface, (20, 20, 20), points[seen[1]], radius * 3)
            pygame.draw.circle(surface, (250, 250, 250), points[seen[1]], radius * 3, 2)
        for det in view.detectives:
            pygame.draw.circle(surface, PIECE_COLOURS.get(det.piece.name, (200, 200, 200)), points[det.location],
                               radius * 2)
        moves = len(view.travel_log)
        line = f"Mr X move {moves}/{len(view.reveals)}"
        if seen is not None:
            line += f"   last seen at {seen[1]} (move {seen[0] + 1})"
        if view.winner:
            line += "   Mr X wins" if any(p.name == "MRX" for p in view.winner) else "   the detectives win"
        surface.blit(self.font.render(line, True, (235, 235, 240)), (8, 4))
        if self.window:
            pygame.event.pump()
            pygame.display.flip()
        return np.transpose(pygame.surfarray.array3d(surface), (1, 0, 2)).copy()

    def close(self) -> None:
        if self.window:
            pygame.display.quit()
