"""Headless pygame for the arcade tests, and a small island built in code."""

import os

# forced, not defaulted: a developer's exported x11/pulse would open real windows and play sound
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest  # noqa: E402

from game.treasure.board import Board  # noqa: E402

from ..boards import make_board as board_from_rows  # noqa: E402

# A 12x12 island: four regions, a mountain ridge, two prisons; the treasure in the south-east.
ROWS = [
    "0 0 0 0 0 0 0 0 0 0 0 0",
    "0 1 1 1 1 2 2 2 2 2 0 0",
    "0 1 1 1 1 2 2 2 2 2 2 0",
    "0 1 1P 1 1 2 2M 2 2 2 2 0",
    "0 1 1 1 1M 2 2M 2 2 2 2 0",
    "0 1 1 1 1M 2 2 2 2 2P 2 0",
    "0 3 3 3 3 4 4 4 4 4 4 0",
    "0 3 3 3 3 4 4 4 4 4 4 0",
    "0 3 3M 3 3 4 4 4 4 4 4 0",
    "0 3 3 3 3 4 4 4 4 4 0 0",
    "0 0 3 3 3 4 4 4 4 0 0 0",
    "0 0 0 0 0 0 0 0 0 0 0 0",
]
TREASURE = (8, 8)


def make_board(reveal: int = 2, free: int = 3) -> Board:
    return board_from_rows(ROWS, TREASURE, reveal, free)


@pytest.fixture
def board():
    return make_board()


@pytest.fixture
def map_file(tmp_path, board):
    from game.treasure.mapfile import write_map

    path = tmp_path / "island.txt"
    write_map(board, path)
    return path


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path, monkeypatch):
    """Finished games save replays: never into the real per-user data folder."""
    monkeypatch.setenv("TREASURE_ISLAND_DATA", str(tmp_path / "data"))
    return tmp_path / "data"
