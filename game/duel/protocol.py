"""What a duel player sees and says: the course's bot protocol as Python values.

This module is the contract between the duel's rules and judge (which build observations) and
its bots (which read them). An observation holds exactly what the course's input text holds
(DUEL.md §6): the round, the board with both players on it, both scores and the letter of the
player to move. Stun is not part of it, as in the course. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

MOVES: tuple[str, ...] = ("UP", "RIGHT", "DOWN", "LEFT")  # clockwise from UP
DELTAS: dict[str, tuple[int, int]] = {"UP": (-1, 0), "RIGHT": (0, 1), "DOWN": (1, 0), "LEFT": (0, -1)}


def not_a_move(output: str) -> str:
    """Why a program's output is invalid output, in words: what it printed (at most 40
    characters of it) and what was expected."""
    return f"printed {output[:40]!r}, expected one of {', '.join(MOVES)} and a newline"
ITEMS = "bmnst"  # mine, mushroom, poison mushroom, star, poison star
CELLS = "AB.x" + ITEMS


class ObservationFormatError(ValueError):
    """A course input text that does not follow DUEL.md §6 (the message says which line)."""


@dataclass(frozen=True)
class DuelObservation:
    """One course input: what the player ``me`` (``"A"`` or ``"B"``) reads before its move.

    ``grid`` holds one string per row, one character per cell (``A``, ``B``, ``.``, ``x`` or an
    item letter), without the spaces of the text form.
    """

    round: int
    grid: tuple[str, ...]
    score_a: int
    score_b: int
    me: str

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    def position(self, letter: str) -> tuple[int, int]:
        for r, row in enumerate(self.grid):
            c = row.find(letter)
            if c >= 0:
                return r, c
        raise ValueError(f"no {letter!r} on the board")

    @property
    def my_score(self) -> int:
        return self.score_a if self.me == "A" else self.score_b

    @property
    def their_score(self) -> int:
        return self.score_b if self.me == "A" else self.score_a

    def to_text(self) -> str:
        """The course's input text, byte for byte: lines joined by newlines and no newline after
        the last (the player's letter), as the course's sample inputs end."""
        lines = [str(self.round), f"{self.rows} {self.cols}"]
        lines += [" ".join(row) for row in self.grid]
        lines += [str(self.score_a), str(self.score_b), self.me]
        return "\n".join(lines)

    @classmethod
    def from_text(cls, text: str) -> "DuelObservation":
        """The course's input, line by line; input laid out otherwise but holding the same values
        in the same order (as a C++ bot reading with ``cin >>`` would take it) is read too. An
        error names the line and what was expected there."""
        try:
            return cls._from_lines(text)
        except ObservationFormatError:
            loose = cls._from_tokens(text)
            if loose is None:
                raise
            return loose

    @classmethod
    def _from_tokens(cls, text: str) -> "DuelObservation | None":
        """T, M, N, then M x N cells (with or without spaces between them), P, Q and C, separated
        by any whitespace; None if the text is not that."""
        tokens = text.split()
        if len(tokens) < 3 or not all(t.isascii() and t.isdigit() and len(t) <= 9 for t in tokens[:3]):
            return None
        t, m, n = (int(x) for x in tokens[:3])
        if not (0 < m <= 1024 and 0 < n <= 1024):
            return None
        cells: list[str] = []
        rest = 3
        while len(cells) < m * n and rest < len(tokens):
            token = tokens[rest]
            if len(cells) + len(token) > m * n or any(c not in CELLS for c in token):
                return None
            cells.extend(token)
            rest += 1
        tail = tokens[rest:]
        if len(cells) != m * n or len(tail) != 3 or tail[2] not in ("A", "B"):
            return None
        if not all(x.lstrip("-").isascii() and x.lstrip("-").isdigit() and len(x) <= 4000 for x in tail[:2]):
            return None
        grid = tuple("".join(cells[i * n:(i + 1) * n]) for i in range(m))
        return cls(round=t, grid=grid, score_a=int(tail[0]), score_b=int(tail[1]), me=tail[2])

    @classmethod
    def _from_lines(cls, text: str) -> "DuelObservation":
        lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        while lines and lines[-1].strip() == "":
            lines.pop()

        def fail(line_no: int, expected: str) -> ObservationFormatError:
            got = lines[line_no - 1] if line_no - 1 < len(lines) else "<end of input>"
            return ObservationFormatError(f"input line {line_no}: expected {expected}, got {got!r}")

        def integer(line_no: int, what: str) -> int:
            if line_no - 1 >= len(lines):
                raise fail(line_no, what)
            text_value = lines[line_no - 1].strip()
            digits = text_value.lstrip("-")
            if not digits.isascii() or not digits.isdigit() or len(digits) > 4000:
                raise fail(line_no, what)
            return int(text_value)

        t = integer(1, "the round T")
        if len(lines) < 2:
            raise fail(2, "'M N'")
        size = lines[1].split()
        if len(size) != 2 or not all(x.isascii() and x.isdigit() and len(x) <= 9 for x in size):
            raise fail(2, "'M N'")
        m, n = int(size[0]), int(size[1])
        grid = []
        for i in range(m):
            line_no = 3 + i
            if line_no - 1 >= len(lines):
                raise fail(line_no, f"row {i} of the board")
            cells = lines[line_no - 1].split()
            if len(cells) != n or any(len(c) != 1 or c not in CELLS for c in cells):
                raise fail(line_no, f"{n} cells from {CELLS!r} separated by spaces")
            grid.append("".join(cells))
        p = integer(3 + m, "A's score")
        q = integer(4 + m, "B's score")
        if len(lines) < 5 + m or lines[4 + m].strip() not in ("A", "B"):
            raise fail(5 + m, "the player to move, A or B")
        return cls(round=t, grid=tuple(grid), score_a=p, score_b=q, me=lines[4 + m].strip())


@dataclass(frozen=True)
class Decision:
    """A bot's answer: one of :data:`MOVES` and a short reason a person can read."""

    move: str
    reason: str = ""


class Bot:
    """A duel bot: one object per game and side, deterministic given its seed.

    Subclasses set ``name`` and implement :meth:`act`. ``move_time`` is the per-move budget in
    seconds that a searching bot may use (DUEL bots in process; the judge enforces its own limit on
    programs).
    """

    name = "bot"

    def __init__(self, seed: int = 0, move_time: float = 0.3):
        self.seed = seed
        self.move_time = move_time

    def act(self, obs: DuelObservation) -> Decision | str:
        raise NotImplementedError
