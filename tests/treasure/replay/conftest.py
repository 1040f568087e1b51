import pytest

from game.treasure.generator import generate_island


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Tests never write into the real per-user data folder."""
    monkeypatch.setenv("TREASURE_ISLAND_DATA", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(scope="session")
def island():
    """A board of the tests' own: the shipped maps may be regenerated at any time."""
    return generate_island(16, 16, 5, 3, reveal_turn=2, free_turn=5)
