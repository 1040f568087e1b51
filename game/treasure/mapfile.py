"""Reader and writer of the ``MAPx.txt`` format (RULES §2).

Tolerant exactly where real files need it: blank lines before the header (and at the very end
of the file), CRLF endings, spaces or tabs anywhere inside a token (``1 M``), a trailing ``;``,
multi-digit region ids, and a ``T`` suffix that agrees with line 5. Everything else is rejected
with a :class:`MapFormatError` naming the file, line, column, the offending text and what was
expected. A region id ``>= R`` is a :class:`MapWarning`, and R is then taken as max id + 1.
"""

from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .board import Board, walking_distance


class MapFormatError(ValueError):
    """A map file that cannot be read. ``line`` and ``column`` are 1-based."""

    def __init__(self, source: str, line: int, column: int, text: str, expected: str):
        self.source = source
        self.line = line
        self.column = column
        self.text = text
        self.expected = expected
        shown = text if len(text) <= 40 else text[:37] + "..."
        super().__init__(f"{source}:{line}:{column}: expected {expected}, found {shown!r}")


class MapWarning(UserWarning):
    """Something odd but readable in a map file."""


@dataclass
class ParsedMap:
    board: Board
    warnings: list[str] = field(default_factory=list)


_CELL = re.compile(r"(\d+)([MPT]*)")
_INT = re.compile(r"[+-]?\d+")


def read_map(path: str | os.PathLike) -> Board:
    """Read a map file; warnings go through :mod:`warnings` as :class:`MapWarning`."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise MapFormatError(str(path), 0, 0, "", f"a readable file ({exc.strerror})") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise MapFormatError(str(path), line, 0, repr(raw[exc.start : exc.start + 4]), "UTF-8 text") from exc
    parsed = parse_map(text, str(path))
    for message in parsed.warnings:
        warnings.warn(MapWarning(message), stacklevel=2)
    return parsed.board


def parse_map(text: str, source: str = "<map>") -> ParsedMap:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    notes: list[str] = []

    def fail(line_no: int, column: int, found: str, expected: str) -> MapFormatError:
        return MapFormatError(source, line_no, column, found, expected)

    # Blank lines before the header are tolerated; so are blank lines closing the file.
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    last = len(lines)
    while last > first and not lines[last - 1].strip():
        last -= 1
    if first == last:
        raise fail(1, 1, "", "a map header 'W H' (the file is empty)")

    def header(offset: int, count: int, what: str) -> tuple[list[int], int]:
        index = first + offset
        if index >= last:
            raise fail(index + 1, 1, "", f"{what} (the file ends early)")
        line = lines[index]
        tokens = list(re.finditer(r"\S+", line))
        if len(tokens) != count or not all(_INT.fullmatch(t.group()) for t in tokens):
            col = tokens[0].start() + 1 if tokens else 1
            raise fail(index + 1, col, line.strip(), what)
        return [int(t.group()) for t in tokens], index + 1

    (width, height), ln_wh = header(0, 2, "two integers 'W H' (map width and height)")
    (reveal,), ln_r = header(1, 1, "one integer r (the turn the prison is revealed)")
    (free,), ln_f = header(2, 1, "one integer f (the turn the pirate is freed)")
    (declared_r,), ln_rr = header(3, 1, "one integer R (the number of regions, sea included)")
    (t_row, t_col), ln_t = header(4, 2, "two integers 'Tx Ty' (the treasure's row and column)")
    if width < 1 or height < 1:
        raise fail(ln_wh, 1, lines[ln_wh - 1].strip(), "a width and height of at least 1")
    if reveal < 1:
        raise fail(ln_r, 1, lines[ln_r - 1].strip(), "r >= 1")
    if free < 1:
        raise fail(ln_f, 1, lines[ln_f - 1].strip(), "f >= 1")
    if declared_r < 1:
        raise fail(ln_rr, 1, lines[ln_rr - 1].strip(), "R >= 1")

    grid_lines = lines[first + 5 : last]
    region = np.zeros((height, width), dtype=np.int32)
    mountain = np.zeros((height, width), dtype=bool)
    prison = np.zeros((height, width), dtype=bool)
    t_marks: list[tuple[int, int, int, int]] = []  # (row, col, line, column)

    if len(grid_lines) < height:
        line_no = first + 5 + len(grid_lines) + 1
        raise fail(line_no, 1, "", f"{height} map rows as the header says (found {len(grid_lines)})")
    if len(grid_lines) > height:
        line_no = first + 5 + height + 1
        raise fail(line_no, 1, grid_lines[height].strip(), f"the end of the file after {height} map rows")

    for row, line in enumerate(grid_lines):
        line_no = first + 5 + row + 1
        cells = line.split(";")
        if len(cells) == width + 1 and not cells[-1].strip():
            cells.pop()  # a trailing ';'
        if len(cells) != width:
            if len(cells) > width:  # point at the first cell too many
                column = len(";".join(cells[:width])) + 2
                found = cells[width].strip()
            else:  # point just past the end of the short row
                column, found = len(line.rstrip()) + 1, line.strip()[-20:]
            raise fail(line_no, column, found, f"{width} cells separated by ';' (found {len(cells)})")
        column = 1
        for col, cell in enumerate(cells):
            token = re.sub(r"\s+", "", cell)
            start = column + (len(cell) - len(cell.lstrip()))
            match = _CELL.fullmatch(token)
            if not match:
                raise fail(line_no, start, cell.strip(), "a cell '<region>[M|P][T]', e.g. '4', '4M', '4P'")
            rid, suffix = int(match.group(1)), match.group(2)
            kind, has_t = suffix, False
            if kind.endswith("T"):
                kind, has_t = kind[:-1], True
            if kind not in ("", "M", "P"):
                raise fail(line_no, start, cell.strip(), "at most one of the suffixes M or P (then optionally T)")
            if kind and rid == 0:
                raise fail(line_no, start, cell.strip(), f"a land region for suffix {kind} (region 0 is the sea)")
            region[row, col] = rid
            mountain[row, col] = kind == "M"
            prison[row, col] = kind == "P"
            if has_t:
                t_marks.append((row, col, line_no, start))
            column += len(cell) + 1

    treasure_line = lines[ln_t - 1].strip()
    if not (0 <= t_row < height and 0 <= t_col < width):
        raise fail(ln_t, 1, treasure_line, f"a treasure (row, col) on the {width}x{height} map")
    for row, col, line_no, start in t_marks:
        if (row, col) != (t_row, t_col):
            raise fail(line_no, start, grid_lines[row].split(";")[col].strip(),
                       f"the T mark at ({t_row}, {t_col}) as line {ln_t} says, not at ({row}, {col})")
    if region[t_row, t_col] == 0:
        raise fail(ln_t, 1, treasure_line, f"a treasure on land, but ({t_row}, {t_col}) is sea")
    if mountain[t_row, t_col]:
        raise fail(ln_t, 1, treasure_line, f"a treasure off the mountains, but ({t_row}, {t_col}) is a mountain")
    if prison[t_row, t_col]:
        raise fail(ln_t, 1, treasure_line, f"a treasure outside the prisons, but ({t_row}, {t_col}) is a prison")
    if not prison.any():
        raise fail(first + 6, 1, "", "at least one prison tile 'P' on the map")

    highest = int(region.max())
    if highest >= declared_r:
        notes.append(
            f"{source}:{ln_rr}:1: region id {highest} is not below R = {declared_r}; "
            f"taking R = {highest + 1}"
        )
    board = Board(region, mountain, prison, (t_row, t_col), reveal, free, max(declared_r, highest + 1))
    if not reachable_prisons(board):
        raise fail(ln_t, 1, treasure_line,
                   "a treasure that at least one prison reaches over passable land (RULES §6)")
    return ParsedMap(board, notes)


def reachable_prisons(board: Board) -> list[tuple[int, int]]:
    """Prisons from which the treasure can be reached over passable tiles (RULES §6)."""
    assert board.treasure is not None
    dist = walking_distance(board.passable, board.treasure)
    return [p for p in board.prisons if dist[p] != np.iinfo(np.int32).max]


def format_map(board: Board) -> str:
    """The map as ``MAPx.txt`` text: cells right-aligned to one width, ``;``-separated."""
    if board.treasure is None:
        raise ValueError("cannot write a board without its treasure")
    cells = np.char.mod("%d", board.region).astype(object)
    cells = np.where(board.mountain, cells + "M", cells)
    cells = np.where(board.prison, cells + "P", cells)
    width = max(len(c) for c in cells.ravel())
    rows = [";".join(c.rjust(width) for c in row) for row in cells.tolist()]
    head = [
        f"{board.width} {board.height}",
        str(board.reveal_turn),
        str(board.free_turn),
        str(board.n_regions),
        f"{board.treasure[0]} {board.treasure[1]}",
    ]
    return "\n".join(head + rows) + "\n"


def write_map(board: Board, path: str | os.PathLike, *, overwrite: bool = True) -> None:
    """Write atomically: a half-written map never replaces a good one."""
    path = Path(path)
    if path.exists() and not overwrite:
        raise FileExistsError(f"{path} exists; not overwriting it")
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(format_map(board), encoding="utf-8", newline="\n")
    os.replace(tmp, path)
