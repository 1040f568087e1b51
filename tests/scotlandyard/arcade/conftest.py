"""Headless pygame for Scotland Yard's arcade tests; replays never go to the real data folder."""

import os

# forced, not defaulted: a developer's exported x11/pulse would open real windows and play sound
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from ...arcade_multi.helpers import private_data_dir  # noqa: E402,F401 - the autouse fixture
