"""Generated maps: point-symmetric, every item reachable by both players, the same bytes for the
same arguments; the shipped maps are exactly what their commands write."""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

from game.cli import main
from game.duel.generator import COURSE_SHARES, generate_board, scaled_shares
from game.duel.mapfile import format_map

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = [("duel8x8.txt", 8, 8, 1), ("duel20x20.txt", 20, 20, 1), ("duel12x30.txt", 12, 30, 2),
           ("duel64x64.txt", 64, 64, 3)]


def reachable(board, start):
    seen = {start}
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for j in board.neighbours[i]:
            if j >= 0 and j not in seen:
                seen.add(j)
                queue.append(j)
    return seen


@pytest.mark.parametrize("rows, cols, seed", [(2, 2, 0), (2, 3, 1), (3, 3, 5), (5, 7, 2), (8, 8, 1), (2, 64, 4),
                                              (20, 20, 9), (13, 31, 3), (64, 64, 3)])
def test_generated_maps_are_point_symmetric_and_fully_reachable(rows, cols, seed):
    board = generate_board(rows, cols, seed)
    assert (board.rows, board.cols) == (rows, cols)
    assert board.grid[0][0] == "A" and board.grid[-1][-1] == "B"
    assert board.is_point_symmetric()
    assert board.item_count > 0
    open_cells = {i for i, ch in enumerate(board.floor) if ch != "x"}
    assert reachable(board, board.start_a) == open_cells
    assert reachable(board, board.start_b) == open_cells


def test_the_same_arguments_give_the_same_bytes_and_other_seeds_differ():
    first = format_map(generate_board(20, 20, 7))
    assert format_map(generate_board(20, 20, 7)) == first
    assert format_map(generate_board(20, 20, 8)) != first


def test_shares_follow_the_course_map_unless_told_otherwise():
    board = generate_board(40, 40, 1)
    cells = "".join(board.grid)
    others = len(cells) - 2
    for item in "bmnst":
        assert abs(cells.count(item) / others - COURSE_SHARES[item]) < 0.01, item
    assert cells.count("x") / others <= COURSE_SHARES["x"] + 0.01   # walls only ever opened
    sparse = generate_board(40, 40, 1, scaled_shares(walls=0.1, items=0.2))
    assert sparse.walls.sum() < board.walls.sum() and sparse.item_count < board.item_count


@pytest.mark.parametrize("name, rows, cols, seed", SHIPPED)
def test_shipped_maps_are_what_their_commands_write(tmp_path, name, rows, cols, seed, capsys):
    out = tmp_path / name
    assert main(["duel", "generate", "--rows", str(rows), "--cols", str(cols), "--seed", str(seed),
                 "-o", str(out)]) == 0
    assert out.read_bytes() == (ROOT / "maps" / "duel" / name).read_bytes()
    readme = (ROOT / "maps" / "duel" / "README.md").read_text()
    assert f"--rows {rows} --cols {cols} --seed {seed} -o maps/duel/{name}" in readme


def test_generate_refuses_bad_sizes(capsys):
    assert main(["duel", "generate", "--rows", "65", "--cols", "8", "--seed", "1"]) == 2
    assert "--rows must be 2..64" in capsys.readouterr().err
    assert main(["duel", "generate", "--rows", "8", "--cols", "8", "--seed", "1", "--walls", "0.9",
                 "--items", "0.5"]) == 2
