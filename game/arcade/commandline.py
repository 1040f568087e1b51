"""What a game's ``arcade`` and ``screenshot`` commands share: the window's options, the sizes, the
headless speed, opening the window, and one frame to a PNG without a window.

No pygame at import (the command modules import none): what draws is imported when it runs.
"""

from __future__ import annotations

import argparse
import os

from game.cli import UsageError, new_record_path

SPEEDS = ("slow", "normal", "fast", "instant")


# -- `… arcade` --------------------------------------------------------------------------------


def add_window_arguments(p: argparse.ArgumentParser) -> None:
    """The options every game's ``arcade`` command ends with (after the game's own)."""
    p.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    p.add_argument("--size", metavar="WxH", help="window size with --windowed (default 1280x720)")
    p.add_argument("--autoplay", action="store_true", help="start playing at once")
    p.add_argument("--quit-at-end", action="store_true", help="exit when the game ends (prints the result)")
    p.add_argument("--speed", choices=SPEEDS, help="animation speed (default: normal; instant when headless)")
    p.add_argument("--record", metavar="FILE", help="save the game's replay to FILE (never overwritten)")


def window_size(text: str | None) -> tuple[int, int] | None:
    """``--size`` of a window (None: the default); UsageError unless it is WxH between
    MIN_WINDOW and 8192x8192."""
    return frame_size(text) if text else None


def headless() -> bool:
    """Nobody watches (SDL_VIDEODRIVER=dummy): the arcade commands then play at the instant speed."""
    return os.environ.get("SDL_VIDEODRIVER") == "dummy"


def arcade_speed(speed: str | None) -> str:
    return speed or ("instant" if headless() else "normal")


def run_arcade(args: argparse.Namespace, first_scene, caption: str):
    """Open the window on ``first_scene(ctx)`` (``--record`` goes to the context) and run it until
    it closes; returns that first scene, for the command to report how its game ended."""
    from .app import run_in_window

    record = new_record_path(args.record)  # refused now, not after the game

    def first(ctx):
        if record is not None:
            ctx.record_path = record
        return first_scene(ctx)

    return run_in_window(first, fullscreen=not args.windowed, size=window_size(args.size), caption=caption,
                         quit_at_end=args.quit_at_end)


# -- `… screenshot` ----------------------------------------------------------------------------


def no_window() -> None:
    """A screenshot never opens a window (and makes no sound)."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def frame_size(text: str, least: tuple[int, int] | None = None, most: int = 8192) -> tuple[int, int]:
    """``--size`` of a window or a frame; UsageError unless it is WxH between ``least`` (default
    the smallest window every screen works in, MIN_WINDOW) and ``most`` a side."""
    if least is None:
        from game.shell.sizes import MIN_WINDOW as least
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise UsageError(f"--size must look like 1280x720, not {text!r}") from None
    if w < least[0] or h < least[1] or w > most or h > most:
        raise UsageError(f"--size must be between {least[0]}x{least[1]} and {most}x{most}")
    return w, h


def screenshot(make_scene, size: tuple[int, int], output: str, refused: type[Exception] = ValueError):
    """``make_scene()`` off-screen, one frame of it written to ``output``; returns the scene.
    UsageError for a setup ``make_scene`` refuses (``refused``) or a file that cannot be written."""
    from . import offscreen

    offscreen.init()
    try:
        scene = make_scene()
    except refused as exc:
        raise UsageError(str(exc)) from None
    surface = offscreen.render(scene, size)
    try:
        offscreen.save_png(surface, output)
    except OSError as exc:
        raise UsageError(f"cannot write {output}: {exc}") from None
    return scene
