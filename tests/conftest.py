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

# Headless, always: forced rather than defaulted, or a developer with a display (x11) or a sound
# server exported would get real windows and sound from the tests and the commands they start.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
# Tests never write into the user's own data folder (replays, settings, the results database):
# a throw-away one for the whole run, inherited by the commands the tests start.
_DATA_HOME = tempfile.mkdtemp(prefix="arcade-tests-data-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME
atexit.register(shutil.rmtree, _DATA_HOME, ignore_errors=True)


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden frames under tests/golden instead of comparing "
                          "(review the new images before committing them)")


def pytest_configure(config):
    # Only the deliberate option rewrites golden frames: an UPDATE_GOLDEN=1 left exported in the
    # shell would otherwise turn every golden test into a rewrite that always passes.
    if config.getoption("--update-golden"):
        os.environ["UPDATE_GOLDEN"] = "1"
    else:
        os.environ.pop("UPDATE_GOLDEN", None)


@pytest.fixture
def golden_frame(request, tmp_path):
    """``golden_frame(surface, name, **limits)``: assert_matches_golden against ``tests/golden``, with a
    failure's actual and diff images written under this test's tmp_path (never into the repo),
    and a check that it compared (or, under --update-golden, rewrote) the frame."""
    from game.shell.golden import assert_matches_golden

    updating = request.config.getoption("--update-golden")

    def check(surface, name, **limits):
        result = assert_matches_golden(surface, name, out_dir=tmp_path / "golden-out", **limits)
        assert (result is None) == updating, "compared instead of rewriting, or the other way round"
        return result

    return check


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
