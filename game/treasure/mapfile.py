"""Reader and writer of the ``MAPx.txt`` format (RULES §2).

Tolerant exactly where real files need it: blank lines (before the header, between its lines,
among the rows, at the end of the file), CRLF endings, spaces or tabs anywhere inside a token
(``1 M``), a trailing ``;``, multi-digit region ids, and a ``T`` suffix that agrees with line 5.
Everything else is rejected with a :class:`MapFormatError` naming the file, line, column, the
offending text and what was expected. A region id ``>= R`` is a :class:`MapWarning`, and R is
then taken as max id + 1.

Numbers are ASCII digits only (``３`` or ``٣`` are refused), at most :data:`MAX_DIGITS` of them,
and every number has an upper bound (:data:`MAX_SIDE`, :data:`MAX_REGIONS`, :data:`MAX_TURN`,
:data:`MAX_FILE_BYTES`; see ``docs/MAP_FORMAT.md``, "Limits"). The bounds are checked before
anything of the header's size is allocated, so no file, however large its numbers, can make the
reader run out of memory or time: the only exception it raises is :class:`MapFormatError`.
"""

from __future__ import annotations

import os
import re
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from game.files import atomic_write_text

from .board import Board, walking_distance


# Upper bounds (docs/MAP_FORMAT.md, "Limits"): generous for real maps (the largest real file is
# 256x256, the generator makes up to 512x512), small enough that any file is read in well
# under a second and a few MB of memory.
MAX_SIDE = 512  # W and H
MAX_REGIONS = MAX_SIDE * MAX_SIDE  # R and every region id
MAX_TURN = 10_000  # r and f
MAX_DIGITS = 7  # no number needs more; longer ones are refused before being converted
MAX_FILE_BYTES = 16 * 1024 * 1024
MAX_LINES = MAX_SIDE + 5 + 1024  # header, rows and up to 1024 blank lines around them
MAX_HEADER_CHARS = 10_000  # a header line holds one or two numbers (and maybe blanks)


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


# ASCII only: in Python ``\d`` and ``\s`` match any Unicode digit or space.
_CELL = re.compile(r"([0-9]+)([MPT]*)")
_INT = re.compile(r"[+-]?[0-9]+")
_TOKEN = re.compile(r"[^ \t]+")
_BLANKS = re.compile(r"[ \t]+")


def read_map(path: str | os.PathLike) -> Board:
    """Read a map file; warnings go through :mod:`warnings` as :class:`MapWarning`."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)  # never more than the limit, whatever the file's size
    except OSError as exc:
        raise MapFormatError(str(path), 0, 0, "", f"a readable file ({exc.strerror})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise MapFormatError(str(path), 1, 1, "", f"a map file of at most {MAX_FILE_BYTES} bytes "
                             f"(maps are at most {MAX_SIDE}x{MAX_SIDE})")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        line_start = raw.rfind(b"\n", 0, exc.start) + 1
        column = len(raw[line_start : exc.start].decode("utf-8", errors="replace").lstrip("\ufeff")) + 1
        raise MapFormatError(str(path), line, column, repr(raw[exc.start : exc.start + 4]), "UTF-8 text") from None
    parsed = parse_map(text, str(path))
    for message in parsed.warnings:
        warnings.warn(MapWarning(message), stacklevel=2)
    return parsed.board


def parse_map(text: str, source: str = "<map>") -> ParsedMap:
    """Read map text; raises :class:`MapFormatError` (and nothing else) for anything malformed."""
    if not isinstance(text, str):
        raise MapFormatError(source, 1, 1, "", f"map text (a string), not {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES:
        raise MapFormatError(source, 1, 1, "", f"a map of at most {MAX_FILE_BYTES} characters")
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark, as read_map tolerates it
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.count("\n") >= MAX_LINES:  # counted before splitting: no list of millions of lines
        raise MapFormatError(source, MAX_LINES + 1, 1, "", f"a map file of at most {MAX_LINES} lines "
                             f"(maps are at most {MAX_SIDE} rows)")
    lines = text.split("\n")
    notes: list[str] = []

    def fail(line_no: int, column: int, found: str, expected: str) -> MapFormatError:
        return MapFormatError(source, line_no, column, found, expected)

    def number(token: str, line_no: int, column: int, what: str, low: int, high: int, shown: str = "") -> int:
        """One bounded ASCII number: refused before conversion if it has too many digits."""
        digits = token.lstrip("+-")
        value = int(token) if len(digits) <= MAX_DIGITS else None
        if value is None or not low <= value <= high:
            raise fail(line_no, column, shown or token, f"{what} between {low} and {high}")
        return value

    # Blank lines carry nothing, wherever they are (before the header, between its lines, among
    # the rows, closing the file): only the others are read, each with its own line number.
    content = [i for i, line in enumerate(lines) if line.strip(" \t")]
    if not content:
        raise fail(1, 1, "", "a map header 'W H' (the file is empty)")

    def header(offset: int, count: int, what: str, bounds: list[tuple[str, int, int]]) -> tuple[list[int], int]:
        if offset >= len(content):
            raise fail(content[-1] + 2, 1, "", f"{what} (the file ends early)")
        index = content[offset]
        line = lines[index]
        if len(line) > MAX_HEADER_CHARS:
            raise fail(index + 1, 1, line[:40], f"{what} on a line of at most {MAX_HEADER_CHARS} characters")
        tokens = list(_TOKEN.finditer(line))
        if len(tokens) != count or not all(_INT.fullmatch(t.group()) for t in tokens):
            col = tokens[0].start() + 1 if tokens else 1
            raise fail(index + 1, col, line.strip(), what)
        return [number(t.group(), index + 1, t.start() + 1, name, low, high)
                for t, (name, low, high) in zip(tokens, bounds)], index + 1

    (width, height), ln_wh = header(0, 2, "two integers 'W H' (map width and height)",
                                    [("a width W", 1, MAX_SIDE), ("a height H", 1, MAX_SIDE)])
    (reveal,), ln_r = header(1, 1, "one integer r (the turn the prison is revealed)",
                             [("r (the reveal turn)", 1, MAX_TURN)])
    (free,), ln_f = header(2, 1, "one integer f (the turn the pirate is freed)",
                           [("f (the release turn)", 1, MAX_TURN)])
    (declared_r,), ln_rr = header(3, 1, "one integer R (the number of regions, sea included)",
                                  [("R (the number of regions)", 0, MAX_REGIONS)])
    (t_row, t_col), ln_t = header(4, 2, "two integers 'Tx Ty' (the treasure's row and column)",
                                  [("a treasure row", 0, MAX_SIDE - 1), ("a treasure column", 0, MAX_SIDE - 1)])

    # Count the rows before allocating anything of the header's size.
    grid_at = content[5:]  # the index in ``lines`` of each map row
    grid_lines = [lines[i] for i in grid_at]
    if len(grid_lines) < height:
        raise fail(content[-1] + 2, 1, "", f"{height} map rows as the header says (found {len(grid_lines)})")
    if len(grid_lines) > height:
        raise fail(grid_at[height] + 1, 1, grid_lines[height].strip()[:40],
                   f"the end of the file after {height} map rows")

    region = np.zeros((height, width), dtype=np.int32)
    mountain = np.zeros((height, width), dtype=bool)
    prison = np.zeros((height, width), dtype=bool)
    t_marks: list[tuple[int, int, int, int]] = []  # (row, col, line, column)

    for row, line in enumerate(grid_lines):
        line_no = grid_at[row] + 1
        if line.count(";") > width + 1:  # counted before splitting: no list of a million cells
            cut = 0
            for _ in range(width):  # the first cell too many starts after the width-th ';'
                cut = line.index(";", cut) + 1
            raise fail(line_no, cut + 1, line[cut : cut + 20].strip(), f"{width} cells separated by ';' "
                       f"(found {line.count(';') + 1})")
        cells = line.split(";")
        if len(cells) == width + 1 and not cells[-1].strip(" \t"):
            cells.pop()  # a trailing ';'
        if len(cells) != width:
            if len(cells) > width:  # point at the first cell too many
                column = len(";".join(cells[:width])) + 2
                found = cells[width].strip()
            else:  # point just past the end of the short row
                column, found = len(line.rstrip()) + 1, line.strip()[-20:]
            raise fail(line_no, column, found, f"{width} cells separated by ';' (found {len(cells)})")
        fast = _fast_row(cells)
        if fast is not None:  # the common case: every cell plain, no T mark
            region[row], mountain[row], prison[row] = fast
            continue
        column = 1
        for col, cell in enumerate(cells):
            token = _BLANKS.sub("", cell)
            start = column + (len(cell) - len(cell.lstrip(" \t")))
            match = _CELL.fullmatch(token)
            if not match:
                raise fail(line_no, start, cell.strip(), "a cell '<region>[M|P][T]', e.g. '4', '4M', '4P'")
            rid = number(match.group(1), line_no, start, "a region id", 0, MAX_REGIONS, cell.strip(" \t"))
            suffix = match.group(2)
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
        raise fail(grid_at[0] + 1, 1, "", "at least one prison tile 'P' on the map")

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


_PLAIN = re.compile(r"([1-9][0-9]{0,5}|0)([MP]?)")  # up to 999,999: below MAX_DIGITS, checked below


def _fast_row(cells: list[str]) -> tuple[list[int], list[bool], list[bool]] | None:
    """One row's regions, mountains and prisons if every cell is a plain ``<id>[M|P]`` within
    bounds (and the sea without a suffix); else None, and the careful loop finds the error."""
    ids, mountains, prisons = [], [], []
    for cell in cells:
        match = _PLAIN.fullmatch(cell.replace(" ", "").replace("\t", ""))
        if match is None:
            return None
        rid, kind = int(match.group(1)), match.group(2)
        if rid > MAX_REGIONS or (kind and rid == 0):
            return None
        ids.append(rid)
        mountains.append(kind == "M")
        prisons.append(kind == "P")
    return ids, mountains, prisons


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
    atomic_write_text(path, format_map(board), newline="\n")
