"""Headless pygame for the multi-game arcade tests; replays never go to the real data folder."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from .helpers import private_data_dir  # noqa: E402,F401 - the autouse fixture
