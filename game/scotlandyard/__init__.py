"""Scotland Yard: the model of Bristol's cw-model coursework, in pure Python (no pygame).

The rules are told in ``docs/SCOTLAND-YARD.md`` (our words for the coursework's model).
Start with :func:`standard_game` or :func:`new_game`, ask a :class:`GameState` for
``available_moves()`` and ``advance(move)`` until it has a ``winner``. Each side's AI sees the
game through a view (:mod:`game.scotlandyard.views`): :class:`DetectivesView` holds public
information only.
"""

from game.scotlandyard.board import Board, BoardFileError
from game.scotlandyard.model import (
    DEFAULT_DETECTIVE_TICKETS, DEFAULT_MRX_TICKETS, DETECTIVE_STARTS, MRX_STARTS, STANDARD24MOVES,
    STANDARD_REVEALS, Event, default_detective_tickets, default_mrx_tickets, GameSetup, GameState, IllegalMove, Model, Player, SetupError, Tickets, new_game,
    standard_game, standard_players, standard_setup,
)
from game.scotlandyard.moves import DoubleMove, LogEntry, Move, MoveSyntaxError, SingleMove, format_move, parse_move
from game.scotlandyard.pieces import DETECTIVES, Piece, Ticket, Transport
from game.scotlandyard.views import DetectivesView, MrXView, detectives_view, mrx_view

__all__ = [
    "Board", "BoardFileError", "Transport", "Ticket", "Piece", "DETECTIVES",
    "Player", "Tickets", "GameSetup", "SingleMove", "DoubleMove", "Move", "LogEntry",
    "parse_move", "format_move", "MoveSyntaxError",
    "new_game", "standard_game", "standard_setup", "standard_players", "GameState",
    "SetupError", "IllegalMove", "Model", "Event",
    "DEFAULT_MRX_TICKETS", "DEFAULT_DETECTIVE_TICKETS", "default_mrx_tickets", "default_detective_tickets",
    "STANDARD_REVEALS", "STANDARD24MOVES", "MRX_STARTS",
    "DETECTIVE_STARTS", "DetectivesView", "MrXView", "detectives_view", "mrx_view",
]
