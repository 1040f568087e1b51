"""The map reader under hostile input: every reproducer of issue #18 is refused precisely, and
mutations of real map files raise nothing but MapFormatError (a hypothesis fuzz test)."""

import time
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.treasure.mapfile import (MAX_DIGITS, MAX_FILE_BYTES, MAX_LINES, MAX_REGIONS, MAX_SIDE, MAX_TURN,
                                   MapFormatError, MapWarning, parse_map, read_map)

from ..conftest import peer_map_files
from .test_mapfile import GOOD

ROOT = Path(__file__).resolve().parents[2]


def refused(text, source="MAP9.txt"):
    started = time.perf_counter()
    with pytest.raises(MapFormatError) as info:
        parse_map(text, source)
    error = info.value
    assert error.line >= 1 and error.column >= 1 and error.expected
    assert str(error).startswith(f"{source}:{error.line}:{error.column}: expected ")
    assert time.perf_counter() - started < 30  # generous: the speed itself is measured by hand
    return error


def replace_line(text, index, new):
    lines = text.split("\n")
    lines[index] = new
    return "\n".join(lines)


def test_a_region_id_of_2_to_the_31_is_refused_with_its_bound():
    error = refused(GOOD.replace("0;   1;1 M;1P; 1", "0;   1;1 M;2147483648P; 1"))
    assert (error.line, error.column, error.text) == (7, 12, "2147483648P")
    assert error.expected == f"a region id between 0 and {MAX_REGIONS}"


@pytest.mark.parametrize("header,found", [("100000 100000", "100000"), ("5 100000000000000000000", "100000000000000000000")])
def test_a_huge_header_is_refused_before_anything_is_allocated(header, found):
    error = refused(replace_line(GOOD, 0, header))
    assert error.line == 1 and error.text == found and str(MAX_SIDE) in error.expected


def test_a_number_of_5000_digits_is_refused_without_converting_it():
    error = refused(replace_line(GOOD, 3, "9" * 5000))
    assert error.line == 4 and "R (the number of regions) between 0" in error.expected
    error = refused(GOOD.replace("0;   1;1 M;1P; 1", "0;   1;1 M;1P; " + "1" * 5000))
    assert error.line == 7 and error.expected.startswith("a region id between")


def test_an_f_of_400_digits_is_refused():
    error = refused(replace_line(GOOD, 2, "4" * 400))
    assert (error.line, error.column) == (3, 1) and error.expected == f"f (the release turn) between 1 and {MAX_TURN}"


@pytest.mark.parametrize("digit", ["３", "٣", "³"])
def test_digits_are_ascii_only(digit):
    assert refused(replace_line(GOOD, 1, digit)).line == 2
    error = refused(GOOD.replace("0;   1;1 M;1P; 1", f"0;   1;1 M;1P; {digit}"))
    assert error.line == 7 and "a cell" in error.expected


def test_unicode_spaces_are_not_blanks():
    error = refused(GOOD.replace("0;   1;1 M;1P; 1", "0;   1;1\u00a0M;1P; 1"))
    assert (error.line, error.column, error.text) == (7, 8, "1\u00a0M") and "a cell" in error.expected


def test_bad_bytes_are_reported_at_their_line_and_column(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(GOOD.encode().replace(b"1 M;1P", b"1 M;\xff1P"))
    with pytest.raises(MapFormatError) as info:
        read_map(path)
    assert (info.value.line, info.value.column) == (7, 12) and info.value.expected == "UTF-8 text"


def test_a_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    assert read_map(path).same_as(parse_map(GOOD).board)
    assert parse_map("\ufeff" + GOOD).board.same_as(parse_map(GOOD).board)


def test_a_file_larger_than_the_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.txt"
    with open(path, "wb") as f:
        f.seek(MAX_FILE_BYTES + 10)
        f.write(b"\n")
    with pytest.raises(MapFormatError, match="at most"):
        read_map(path)


def test_millions_of_lines_or_cells_are_refused_before_splitting():
    error = refused(GOOD + "\n" * (2 * MAX_LINES))
    assert error.line == MAX_LINES + 1
    error = refused(GOOD.replace("0;   1;1 M;1P; 1", "0;" * 1_000_000))
    assert (error.line, error.column) == (7, 11) and "5 cells" in error.expected
    error = refused(replace_line(GOOD, 0, "5 " + " " * 10_000 + "5"))
    assert error.line == 1


def test_every_bound_is_stated_and_sane():
    assert (MAX_SIDE, MAX_REGIONS, MAX_TURN, MAX_DIGITS) == (512, 512 * 512, 10_000, 7)
    text = (ROOT / "docs" / "MAP_FORMAT.md").read_text()
    for value in (MAX_SIDE, MAX_REGIONS, MAX_TURN, MAX_DIGITS, MAX_FILE_BYTES, MAX_LINES):
        assert f"{value:,}" in text or str(value) in text


def test_the_largest_map_reads():
    rows = [";".join(["0"] * MAX_SIDE)] * MAX_SIDE
    rows[1] = ";".join(["0", "1P", "1"] + ["1"] * (MAX_SIDE - 3))
    text = f"{MAX_SIDE} {MAX_SIDE}\n2\n4\n2\n1 2\n" + "\n".join(rows) + "\n"
    assert parse_map(text).board.shape == (MAX_SIDE, MAX_SIDE)
    assert refused(text.replace(f"{MAX_SIDE} {MAX_SIDE}", f"{MAX_SIDE + 1} {MAX_SIDE}", 1)).line == 1


# --- fuzzing: mutations of real files --------------------------------------------------------

def real_map_texts() -> list[bytes]:
    files = sorted((ROOT / "maps").glob("*.txt")) + peer_map_files()
    return [p.read_bytes() for p in files]


REAL_MAPS = real_map_texts()
NASTY = [b"", b"\n", b"\r", b";", b" ", b"\t", b"0", b"9", b"M", b"P", b"T", b"-", b"+", b"\x00", b"\xff",
         b"\xef\xbb\xbf", "３".encode(), "\u00a0".encode(), b"2147483648", b"9" * 5000, b"100000 100000",
         b"1;" * 50]


@st.composite
def mutated_map(draw):
    data = bytearray(draw(st.sampled_from(REAL_MAPS)))
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            data.extend(draw(st.sampled_from(NASTY)))
            continue
        at = draw(st.integers(0, len(data) - 1))
        kind = draw(st.integers(0, 5))
        if kind == 0:  # flip one byte
            data[at] = draw(st.integers(0, 255))
        elif kind == 1:  # insert a nasty token
            data[at:at] = draw(st.sampled_from(NASTY))
        elif kind == 2:  # delete a span
            del data[at : at + draw(st.integers(1, 64))]
        elif kind == 3:  # duplicate a span (rows, cells)
            end = at + draw(st.integers(1, 200))
            data[at:at] = data[at:end]
        elif kind == 4:  # replace a digit run by another number
            data[at:at + 1] = str(draw(st.integers(-10, 10**12))).encode()
        else:  # cut the file
            del data[at:]
    return bytes(data)


@pytest.mark.skipif(not REAL_MAPS, reason="no map files found")
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_map())
def test_fuzz_mutated_real_maps_raise_nothing_but_map_format_errors(tmp_path_factory, data):
    path = tmp_path_factory.getbasetemp() / "fuzz.txt"
    path.write_bytes(data)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", MapWarning)
        try:
            board = read_map(path)
        except MapFormatError as error:
            assert error.line >= 1 and error.column >= 1 and error.expected
            return
    assert board.width <= MAX_SIDE and board.height <= MAX_SIDE and board.eligible[board.treasure]
