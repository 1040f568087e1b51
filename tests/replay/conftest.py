import pytest

from game.paths import MAPS_DIR
from game.treasure.mapfile import read_map


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Tests never write into the real per-user data folder."""
    monkeypatch.setenv("TREASURE_ISLAND_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(scope="session")
def island():
    return read_map(MAPS_DIR / "island16.txt")
