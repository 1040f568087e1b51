"""Opening the window, and the layout numbers that follow from the size actually obtained.

Full screen asks for the desktop size, but what comes back can differ (the dummy video driver
gives 1024x768, a multi-monitor setup may give something else), so callers lay out their
screen from ``surface.get_size()``, never from what they asked for.
"""

from __future__ import annotations

import pygame

from game.shell.sizes import MIN_WINDOW  # the smallest window, in a module the command line may import

DEFAULT_WINDOW = (1280, 720)
REFERENCE_HEIGHT = 1080  # UI sizes are designed at 1080p and scaled from there
REFERENCE_NARROWEST = 1440  # 4:3 at 1080p: a window narrower than that scales by its width


def open_display(
    fullscreen: bool = True,
    size: tuple[int, int] | None = None,
    *,
    caption: str = "",
    resizable: bool = True,
) -> pygame.Surface:
    """Open the window and return its surface.

    ``fullscreen`` uses the desktop resolution (``size`` is ignored); otherwise a window of
    ``size`` (default 1280x720, shrunk to fit the desktop) that the user may resize, in which
    case a ``resize`` intention tells the scenes to lay out again.
    """
    pygame.display.init()
    pygame.font.init()
    if caption:
        pygame.display.set_caption(caption)
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    width, height = size or _default_window()
    flags = pygame.RESIZABLE if resizable else 0
    surface = pygame.display.set_mode((max(int(width), MIN_WINDOW[0]), max(int(height), MIN_WINDOW[1])), flags)
    if resizable:
        keep_at_least(MIN_WINDOW)
    return surface


def keep_at_least(size: tuple[int, int]) -> bool:
    """Stop the user from resizing the window below ``size``; False where the platform cannot say
    (the scenes then lay out whatever size comes)."""
    import warnings

    try:
        get_window = getattr(pygame.display, "get_window", None)  # newer pygame-ce
        if get_window is not None:
            window = get_window()
        else:  # 2.5: the display module's window, through a call deprecated in favour of the above
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
        window.minimum_size = size
    except (AttributeError, pygame.error):
        return False
    return True


def _default_window() -> tuple[int, int]:
    desktops = pygame.display.get_desktop_sizes()
    if not desktops:
        return DEFAULT_WINDOW
    desk_w, desk_h = desktops[0]
    return min(DEFAULT_WINDOW[0], int(desk_w * 0.9)), min(DEFAULT_WINDOW[1], int(desk_h * 0.9))


def ui_scale(size: tuple[int, int]) -> float:
    """How much to scale fonts and panels designed for 1080p on a screen of ``size``.

    Driven by height (a wide screen should not get huge text), and by width only on a window
    narrower than 4:3 (a tall one: its text must still fit across), bounded so text stays
    readable on small windows and sane on 4K.
    """
    return min(max(min(size[1] / REFERENCE_HEIGHT, size[0] / REFERENCE_NARROWEST), 0.6), 2.0)


def scaled(value: float, size: tuple[int, int]) -> int:
    """``value`` pixels at 1080p, scaled for a screen of ``size``; at least 1."""
    return max(1, round(value * ui_scale(size)))
