"""The player interface shared by every Scotland Yard AI (see ``game.scotlandyard.ai``).

Nothing here imports the engine: a player only uses what the view hands it, so this module loads
even where the engine is not built.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass(frozen=True)
class Decision:
    """One move chosen by a player, and a one-line reason a person can read."""

    move: Any
    reason: str = ""


def _name(x) -> str:
    return getattr(x, "name", str(x))


def move_key(move) -> tuple:
    """A total order on moves that does not depend on hashing (frozenset order changes from one
    process to the next), so seeded players are repeatable."""
    if hasattr(move, "destination2"):
        return (1, _name(move.piece), move.source, _name(move.ticket1), move.destination1,
                _name(move.ticket2), move.destination2)
    return (0, _name(move.piece), move.source, _name(move.ticket), move.destination, "", 0)


def sorted_moves(moves) -> list:
    return sorted(moves, key=move_key)


def simulation_cap(move_time: float, per_second: int, minimum: int, maximum: int) -> int:
    """Simulations a search runs for one decision: ``per_second`` for each second of ``move_time``,
    at least ``minimum`` and at most ``maximum``. A count, not the clock, so a game repeats exactly
    given the seeds; the clock only stops a search sooner on a machine too loaded to reach it."""
    return min(maximum, max(minimum, int(per_second * move_time)))


def move_destination(move) -> int:
    return move.destination2 if hasattr(move, "destination2") else move.destination


def describe_move(move) -> str:
    """``BUS to 67``, ``TAXI to 12 then SECRET to 13`` (Mr X's double), ``RED: TAXI to 12``."""
    if hasattr(move, "destination2"):
        return (f"{_name(move.ticket1)} to {move.destination1} then "
                f"{_name(move.ticket2)} to {move.destination2}")
    text = f"{_name(move.ticket)} to {move.destination}"
    if _name(move.piece) != "MRX":
        text = f"{_name(move.piece)}: {text}"
    return text


class _Player:
    name = "player"

    def __init__(self, seed: int = 0, move_time: float = 1.0):
        self.seed = int(seed)
        self.move_time = float(move_time)
        self.rng = np.random.default_rng(self.seed)

    def start(self, view) -> None:
        """Called once before the first decision of a game (not timed as a move): builds the
        board's tables so that the first move is as fast as the others."""
        board = getattr(getattr(view, "setup", None), "board", None)
        if board is not None:
            from game.scotlandyard.ai.adapt import graph_for
            from game.scotlandyard.ai.policy import ddist_array, mrx_dist_array

            g = graph_for(board)
            ddist_array(g)
            mrx_dist_array(g)

    def choose(self, view) -> Decision:
        raise NotImplementedError


class MrXPlayer(_Player):
    """Base class of Mr X players: ``choose`` gets a ``MrXView``."""

    side = "mrx"


class DetectivesPlayer(_Player):
    """Base class of the detectives' team player: ``choose`` gets a ``DetectivesView`` and is
    asked once per detective move."""

    side = "detectives"

    def possible_locations(self) -> dict[int, float] | None:
        """Where this player thinks Mr X can be, with a probability each (``None`` if it does not
        track him)."""
        return None
