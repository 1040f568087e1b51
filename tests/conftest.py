import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs the same examples every time (a red CI names a real, reproducible failure); a
# developer's run explores new examples each time and keeps failures in .hypothesis/.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
# Tests never write into the user's own data folder (replays, settings, the results database):
# a throw-away one for the whole run, inherited by the commands the tests start.
_DATA_HOME = tempfile.mkdtemp(prefix="arcade-tests-data-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME
atexit.register(shutil.rmtree, _DATA_HOME, ignore_errors=True)
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
PEER_MAPS = SHARED / "data" / "peer-maps"


def peer_map_files() -> list[Path]:
    if not PEER_MAPS.is_dir():
        return []
    return sorted(p for p in PEER_MAPS.rglob("*.txt"))


@pytest.fixture
def needs_shared():
    if not PEER_MAPS.is_dir():
        pytest.skip(f"reference data not found at {PEER_MAPS} (CI checks it out beside the repo)")
    return SHARED


@pytest.fixture(scope="session")
def display():
    """A 1x1 display mode, so surfaces can be converted; shut down after the session.
    pygame is imported here, not at the top, so rules-only test runs never load it."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1, 1))
    yield surface
    pygame.display.quit()
