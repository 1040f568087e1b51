"""duel_v0's frames: the board as coloured cells with both players and the score line, off
screen (``rgb_array``) or in a window (``human``). A plain drawing of our own until the duel's
arcade view offers an off-screen frame of a rules state."""

from __future__ import annotations

import numpy as np
import pygame

from game.duel.rules import grid_rows

BACKGROUND = (14, 16, 28)
FLOOR = (222, 205, 160)
WALL = (70, 72, 86)
ITEM_COLOURS = {"m": (60, 170, 70), "n": (150, 60, 160), "s": (250, 205, 40), "t": (120, 90, 30),
                "b": (200, 40, 40)}
PLAYER_COLOURS = {"A": (40, 110, 230), "B": (230, 90, 40)}


class DuelFrames:
    def __init__(self, size: tuple[int, int], *, window: bool = False):
        self.size = size
        self.window = window
        if window:
            from game.shell.display import open_display

            self.surface = open_display(fullscreen=False, size=size, caption="duel_v0", resizable=False)
        else:
            from game.arcade import offscreen  # sets the dummy SDL drivers (no window) unless set already

            offscreen.init()
            self.surface = pygame.Surface(size)
        pygame.font.init()
        self.font = pygame.font.Font(None, max(16, size[1] // 24))

    def show(self, state) -> np.ndarray:
        surface = self.surface
        surface.fill(BACKGROUND)
        width, height = self.size
        header = self.font.get_linesize() + 8
        rows = grid_rows(state)
        n_rows, n_cols = len(rows), len(rows[0])
        cell = max(2, min((width - 8) // n_cols, (height - header - 8) // n_rows))
        left = (width - cell * n_cols) // 2
        top = header + (height - header - cell * n_rows) // 2
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                rect = pygame.Rect(left + c * cell, top + r * cell, cell - 1, cell - 1)
                pygame.draw.rect(surface, WALL if ch == "x" else FLOOR, rect)
                if ch in ITEM_COLOURS:
                    pygame.draw.circle(surface, ITEM_COLOURS[ch], rect.center, max(1, cell // 4))
                elif ch in PLAYER_COLOURS:
                    pygame.draw.circle(surface, PLAYER_COLOURS[ch], rect.center, max(1, cell * 2 // 5))
        line = f"round {state.round}   A {state.score_a}   B {state.score_b}"
        if state.outcome is not None:
            line += f"   {state.outcome.winner} {state.outcome.message}".rstrip()
        elif state.mover:
            line += f"   {state.mover} to move"
        surface.blit(self.font.render(line, True, (235, 235, 240)), (8, 4))
        if self.window:
            pygame.event.pump()
            pygame.display.flip()
        return np.transpose(pygame.surfarray.array3d(surface), (1, 0, 2)).copy()

    def close(self) -> None:
        if self.window:
            pygame.display.quit()
