"""Where the environments' frames are drawn: an off-screen surface or a window, and the array."""

from __future__ import annotations

import numpy as np
import pygame


class FrameTarget:
    caption = "environment"

    def __init__(self, size: tuple[int, int], *, window: bool = False):
        from game.arcade.app import make_context

        self.size = size
        self.window = window
        if window:
            from game.shell.display import open_display

            self.surface = open_display(fullscreen=False, size=size, caption=self.caption, resizable=False)
        else:
            from game.arcade import offscreen  # sets the dummy SDL drivers (no window) unless set already

            offscreen.init()
            self.surface = pygame.Surface(size)
        self.ctx = make_context(size, sprites_dir="", maps=[])

    def draw(self, paint) -> np.ndarray:
        """``paint(surface)``, then the frame as an H x W x 3 uint8 array (and on screen)."""
        self.surface.fill((10, 12, 22))
        paint(self.surface)
        if self.window:
            pygame.event.pump()
            pygame.display.flip()
        return np.transpose(pygame.surfarray.array3d(self.surface), (1, 0, 2)).copy()

    def close(self) -> None:
        if self.window:
            pygame.display.quit()
