import pygame
import pytest

from game.shell.display import open_display, scaled, ui_scale


def test_fullscreen_takes_the_size_the_driver_gives(display):
    surface = open_display(fullscreen=True, caption="Shell test")
    assert surface.get_size() == (1024, 768)  # the dummy driver's desktop
    assert surface is pygame.display.get_surface()
    assert pygame.display.get_caption()[0] == "Shell test"


def test_windowed_uses_the_requested_size(display):
    surface = open_display(fullscreen=False, size=(960, 540))
    assert surface.get_size() == (960, 540)


def test_a_window_is_never_smaller_than_every_screen_needs(display):
    from game.shell.display import MIN_WINDOW

    surface = open_display(fullscreen=False, size=(100, 50))
    assert surface.get_size() == MIN_WINDOW
    open_display(fullscreen=False, size=(960, 540))
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = getattr(pygame.display, "get_window", None)
        window = window() if window else pygame.Window.from_display_module()
    assert tuple(window.minimum_size) == MIN_WINDOW  # the user cannot drag it smaller


@pytest.mark.parametrize("text, message", [
    ("200x200", "between 800x450 and 8192x8192"), ("640x360", "between 800x450"), ("1280x400", "between 800x450"),
    ("9000x900", "between 800x450"), ("big", "must look like 1280x720"), ("1x2x3", "must look like"),
])
def test_every_size_option_refuses_what_no_screen_works_in(text, message):
    from game.arcade.commandline import frame_size, window_size
    from game.cli import UsageError

    for parse in (frame_size, window_size):
        with pytest.raises(UsageError, match=message):
            parse(text)
    assert window_size(None) is None and frame_size("800x450") == (800, 450)


def test_windowed_without_a_size_fits_the_desktop(display):
    surface = open_display(fullscreen=False)
    width, height = surface.get_size()
    assert 0 < width <= 1024 * 0.9 and 0 < height <= 768 * 0.9


@pytest.mark.parametrize("size, expected", [
    ((1920, 1080), 1.0), ((3840, 2160), 2.0), ((1024, 768), 768 / 1080),
    ((640, 360), 0.6), ((7680, 4320), 2.0), ((2560, 1080), 1.0),
    # narrower than 4:3 (a tall window): by width, so text made for 1080p still fits across
    ((1080, 1920), 1080 / 1440), ((720, 1280), 0.6), ((1440, 2560), 1.0),
])
def test_ui_scale_follows_height_within_bounds(size, expected):
    assert ui_scale(size) == pytest.approx(expected)


def test_scaled_sizes_never_vanish():
    assert scaled(24, (1920, 1080)) == 24
    assert scaled(24, (3840, 2160)) == 48
    assert scaled(1, (640, 360)) == 1
