"""Map files: the course's format read strictly, with file:line:column errors, and written back."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.duel.board import DuelBoard
from game.duel.mapfile import MapFormatError, format_map, parse_map, read_map

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "duel"
GOOD = "2 3\nA m x\nx n B\n"


def refused(text: str) -> MapFormatError:
    with pytest.raises(MapFormatError) as info:
        parse_map(text, "m.txt")
    return info.value


def test_a_good_map_reads_and_round_trips():
    board = parse_map(GOOD)
    assert board.grid == ("Amx", "xnB") and board.rows == 2 and board.cols == 3
    assert board.item_count == 2 and board.start_a == 0 and board.start_b == 5
    assert int(board.walls.sum()) == 2 and not board.codes.flags.writeable
    assert format_map(board) == GOOD
    assert parse_map(format_map(board)) == board


@pytest.mark.parametrize("text", ["2 3\nA m x\nx n B", "2 3\r\nA m x\r\nx n B\r\n", "2 3\r\nA m x\r\nx n B"])
def test_crlf_and_a_missing_final_newline_are_tolerated(text):
    assert parse_map(text) == parse_map(GOOD)


@pytest.mark.parametrize("text", [
    "2 3\nA m x\nx n B\n\n", "2 3\nA m x\nx n B\n \n\t\n\n",        # blank lines after the rows
    "2 3 \nA m x  \nx n B\t\n", "2 3\r\nA m x \r\nx n B \r\n\r\n",  # spaces or tabs at a line's end
    "\ufeff2 3\nA m x\nx n B\n", "2  3\nA m x\nx n B\n", "2\t3\nA m x\nx n B",  # a BOM; the header's gap
])
def test_what_an_editor_leaves_behind_is_tolerated(text, tmp_path):
    assert parse_map(text) == parse_map(GOOD)
    path = tmp_path / "edited.txt"
    path.write_bytes(text.encode("utf-8"))
    assert read_map(path) == parse_map(GOOD)


@pytest.mark.parametrize("text, line, column, expected", [
    ("2 3\nA m x\nx n\n", 3, 4, "3 cells"),                      # ragged row
    ("2 3\nA m x\nx n B x\n", 3, 6, "end after 3 cells"),        # too long
    ("2 3\nA m x\nx q B\n", 3, 3, "a cell"),                     # unknown cell
    ("2 3\nA  m x\nx n B\n", 2, 3, "a cell"),                    # two spaces
    ("2 3\nA,m,x\nx n B\n", 2, 2, "one space"),
    ("2 3\nA m x\n", 3, 1, "row 2 of 2"),                        # too few rows
    ("2 3\nA m x\nx n B\nx x x\n", 4, 1, "end of the file"),     # too many rows
    ("2 3\nA m x\n\nx n B\n", 3, 1, "3 cells"),                  # a blank line between rows
    ("2 3\nA m x\nx n B\n\nx x x\n", 5, 1, "end of the file"),   # a row after a blank line
    ("2 3\nA m x\nx n A\n", 3, 5, "exactly one A"),
    ("2 3\nA m x\nx n .\n", 2, 1, "exactly one B"),
    ("2x3\nA m x\nx n B\n", 1, 1, "header"),
    ("2 3 4\nA m x\nx n B\n", 1, 1, "header"),
    (" 2 3\nA m x\nx n B\n", 1, 1, "header"),
    ("2 3\n A m x\nx n B\n", 2, 1, "a cell"),                    # a space before the first cell
    ("1 3\nA m B\n", 1, 1, "2..64 rows"),
    ("2 65\nA m x\nx n B\n", 1, 3, "2..64 columns"),
    ("2 3\nA m x\rx n B\n", 2, 6, "LF or CRLF"),
])
def test_refused_files_say_where_and_what_was_expected(text, line, column, expected):
    error = refused(text)
    assert (error.line, error.column) == (line, column)
    assert expected in error.expected
    assert str(error).startswith(f"m.txt:{line}:{column}: expected ")


def test_a_file_that_is_not_utf8_or_missing_is_refused(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"2 3\nA m x\nx \xff B\n")
    with pytest.raises(MapFormatError) as info:
        read_map(bad)
    assert (info.value.line, info.value.column) == (3, 3) and "UTF-8" in info.value.expected
    with pytest.raises(MapFormatError, match="readable file"):
        read_map(tmp_path / "none.txt")


def test_non_square_boards_and_every_size_in_range():
    assert parse_map("2 64\n" + " ".join("A" + "." * 63) + "\n" + " ".join("." * 63 + "B")).cols == 64
    with pytest.raises(ValueError):
        DuelBoard(["A" + "." * 64, "." * 64 + "B"])


@pytest.mark.parametrize("name, size, items", [("20map", (20, 20), 166), ("88map", (8, 8), 36)])
def test_the_course_maps_read_and_are_point_symmetric(name, size, items):
    path = SHARED / name
    if not path.exists():
        pytest.skip(f"course map not found at {path} (../shared is checked out beside the repo in CI)")
    board = read_map(path)
    assert (board.rows, board.cols) == size and board.item_count == items
    assert board.is_point_symmetric()
    assert format_map(board) == path.read_text() + "\n"   # the course's files lack the final newline
