"""Reader and writer of the course's map files (``20map``, ``88map``; DUEL.md §1).

The format: a header ``M N``, then ``M`` lines of ``N`` cells joined by single spaces. Tolerated,
as an editor may leave them: CRLF line ends, a missing final newline (the course's own files end
without one), blank lines after the last row, spaces or tabs at the end of a line, a UTF-8 byte
order mark, and more than one space or a tab in the header. Everything else is refused with a
:class:`MapFormatError` naming the file, line, column, the offending text and what was expected:
a malformed header, a size out of 2..64, ragged or badly spaced rows, a blank line between rows,
unknown cells, too few or too many rows, not exactly one ``A`` and one ``B``.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from game.files import atomic_write_text

from .board import CELLS, DuelBoard
from .config import MAX_SIDE, MIN_SIDE

_HEADER = re.compile(r"([0-9]+)[ \t]+([0-9]+)")


class MapFormatError(ValueError):
    """A map that cannot be read; ``line`` and ``column`` are 1-based (0 when not applicable)."""

    def __init__(self, source: str, line: int, column: int, text: str, expected: str):
        self.source, self.line, self.column, self.text, self.expected = source, line, column, text, expected
        shown = text if len(text) <= 40 else text[:37] + "..."
        super().__init__(f"{source}:{line}:{column}: expected {expected}, found {shown!r}")


def read_map(path: str | os.PathLike) -> DuelBoard:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise MapFormatError(str(path), 0, 0, "", f"a readable file ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise MapFormatError(str(path), line, column, repr(raw[exc.start: exc.start + 4]), "UTF-8 text") from None
    return parse_map(text, str(path))


def parse_map(text: str, source: str = "<map>") -> DuelBoard:
    def fail(line: int, column: int, found: str, expected: str) -> MapFormatError:
        return MapFormatError(source, line, column, found, expected)

    if text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark, as a Windows editor may write
    lines = text.replace("\r\n", "\n").split("\n")
    for number, line in enumerate(lines, 1):
        if "\r" in line.rstrip("\r"):
            raise fail(number, line.index("\r") + 1, line, "a line ending in LF or CRLF (a lone CR is not one)")
    lines = [line.rstrip(" \t\r") for line in lines]  # what an editor leaves at a line's end
    while len(lines) > 1 and not lines[-1]:
        lines.pop()  # the final newline is optional, and blank lines after the rows mean nothing

    header = _HEADER.fullmatch(lines[0])
    if header is None:
        raise fail(1, 1, lines[0], "the header 'M N': two numbers joined by a space")
    rows, cols = int(header.group(1)), int(header.group(2))
    for value, column, what in ((rows, 1, "rows"), (cols, header.start(2) + 1, "columns")):
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise fail(1, column, lines[0], f"{MIN_SIDE}..{MAX_SIDE} {what}")

    grid = []
    width = 2 * cols - 1
    for r in range(rows):
        number = r + 2
        if number > len(lines):
            raise fail(number, 1, "<end of file>", f"row {r + 1} of {rows} (the header says {rows} rows)")
        line = lines[number - 1]
        cells = []
        for k, ch in enumerate(line[:width]):
            if k % 2:
                if ch != " ":
                    raise fail(number, k + 1, line, f"one space between cells (row of {cols} cells)")
            elif ch not in CELLS:
                what = "a space" if ch == " " else repr(ch)
                raise fail(number, k + 1, line,
                           f"a cell (one of {' '.join(CELLS)}), not {what}")
            else:
                cells.append(ch)
        if len(line) < width:
            raise fail(number, len(line) + 1, line,
                       f"{cols} cells joined by single spaces (the header says {cols} columns); this row has {len(cells)}")
        if len(line) > width:
            raise fail(number, width + 1, line,
                       f"the row to end after {cols} cells (the header says {cols} columns)")
        grid.append("".join(cells))
    if len(lines) > rows + 1:
        extra = next(n for n in range(rows + 2, len(lines) + 1) if lines[n - 1])  # blank ones are fine
        raise fail(extra, 1, lines[extra - 1], f"the end of the file after {rows} rows (the header says {rows} rows)")

    players: dict[str, list[tuple[int, int]]] = {"A": [], "B": []}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch in players:
                players[ch].append((r, c))
    for letter, found in players.items():
        if not found:
            raise fail(2, 1, lines[1], f"exactly one {letter} on the board (found none)")
        if len(found) > 1:
            r, c = found[1]
            raise fail(r + 2, 2 * c + 1, lines[r + 1], f"exactly one {letter} on the board (a second one here)")
    return DuelBoard(grid)


def format_map(board: DuelBoard) -> str:
    """The map file's text: header, rows of space-separated cells, a final newline."""
    return f"{board.rows} {board.cols}\n" + "".join(" ".join(row) + "\n" for row in board.grid)


def write_map(board: DuelBoard, path: str | os.PathLike) -> None:
    """Write atomically: a half-written map never replaces a good one."""
    path = Path(path)
    atomic_write_text(path, format_map(board), encoding="ascii", newline="\n")
