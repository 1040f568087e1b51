"""Small board helpers every bot uses: legal moves, neighbours, breadth-first distances."""

from __future__ import annotations

from collections import deque

from game.duel.protocol import DELTAS, MOVES, DuelObservation

ITEM_CELLS = frozenset("bmnst")


def other(letter: str) -> str:
    return "B" if letter == "A" else "A"


def legal_moves(obs: DuelObservation, letter: str | None = None) -> list[str]:
    """Moves (clockwise from UP) that stay on the board, off walls and off the other player."""
    letter = letter or obs.me
    r, c = obs.position(letter)
    rows, cols = obs.rows, obs.cols
    out = []
    for move in MOVES:
        dr, dc = DELTAS[move]
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            cell = obs.grid[nr][nc]
            if cell != "x" and cell != "A" and cell != "B":
                out.append(move)
    return out


def bfs(grid: tuple[str, ...], start: tuple[int, int], blocked: frozenset[tuple[int, int]] = frozenset()
        ) -> dict[tuple[int, int], tuple[int, str]]:
    """Distance and first move from ``start`` to every reachable cell (walls, players and ``blocked`` stop)."""
    rows, cols = len(grid), len(grid[0])
    seen: dict[tuple[int, int], tuple[int, str]] = {start: (0, "")}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        d, first = seen[cell]
        for move in MOVES:
            dr, dc = DELTAS[move]
            nr, nc = cell[0] + dr, cell[1] + dc
            if 0 <= nr < rows and 0 <= nc < cols and (nr, nc) not in seen:
                ch = grid[nr][nc]
                if ch in "xAB" or (nr, nc) in blocked:
                    continue
                seen[(nr, nc)] = (d + 1, first or move)
                queue.append((nr, nc))
    return seen
