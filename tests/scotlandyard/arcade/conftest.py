"""Headless pygame for Scotland Yard's arcade tests; replays never go to the real data folder."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TREASURE_ISLAND_DATA", str(tmp_path / "data"))
    return tmp_path / "data"
