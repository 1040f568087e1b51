"""From the engine's values to the AIs' internal ones (``sim``), and back.

Everything the AIs read goes through here, so a change in the engine's views touches one file.
"""

from __future__ import annotations

from game.scotlandyard.ai.sim import TICKET_INDEX, Graph

_GRAPHS: dict[object, Graph] = {}


def board_stations(board):
    return tuple(board.stations)


def board_edges(board):
    return [(a, b, getattr(t, "name", t)) for a, b, t in board.edges]


def graph_for(board) -> Graph:
    """The adjacency arrays and distance tables of ``board`` (built once per distinct board)."""
    g = _GRAPHS.get(board)
    if g is None:
        if len(_GRAPHS) > 8:
            _GRAPHS.clear()
        g = _GRAPHS[board] = Graph(board_stations(board), board_edges(board))
    return g


def ticket_index(ticket) -> int:
    return TICKET_INDEX[getattr(ticket, "name", ticket)]
