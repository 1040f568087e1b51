"""Headless pygame for the shell tests: dummy video and audio, set before pygame starts."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402


@pytest.fixture(scope="session")
def display():
    """A 1x1 display mode, so surfaces can be converted; shut down after the session."""
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1, 1))
    yield surface
    pygame.display.quit()
