"""The pirate's walk (RULES §6): deterministic, so agents may reason about it.

From his prison he walks a shortest 4-connected passable path to the treasure. Among equally
short next steps he keeps his previous direction if he can, else takes the first of N, E, S, W.
"""

from __future__ import annotations

import numpy as np

from .board import DIRECTION_ORDER, DIRECTIONS, UNREACHABLE, Board, Pos, walking_distance


def next_step(dist: np.ndarray, pos: Pos, previous: str | None) -> tuple[Pos, str]:
    """One step of the rule, given walking distances to the target from every tile."""
    here = dist[pos]
    if here == 0 or here == UNREACHABLE:
        raise ValueError(f"no step from {pos}: distance to the target is {here}")
    h, w = dist.shape
    options = []
    for name in DIRECTION_ORDER:
        dr, dc = DIRECTIONS[name]
        r, c = pos[0] + dr, pos[1] + dc
        if 0 <= r < h and 0 <= c < w and dist[r, c] == here - 1:
            options.append(name)
    choice = previous if previous in options else options[0]
    dr, dc = DIRECTIONS[choice]
    return (pos[0] + dr, pos[1] + dc), choice


def route(board: Board, start: Pos, target: Pos, dist: np.ndarray | None = None) -> tuple[Pos, ...]:
    """The whole walk from ``start`` to ``target``, both included."""
    if dist is None:
        dist = walking_distance(board.passable, target)
    if dist[start] == UNREACHABLE:
        raise ValueError(f"{target} cannot be reached from {start}")
    path = [start]
    pos, previous = start, None
    while pos != target:
        pos, previous = next_step(dist, pos, previous)
        path.append(pos)
    return tuple(path)
