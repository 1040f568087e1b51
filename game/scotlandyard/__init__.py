"""Scotland Yard: the model of Bristol's cw-model coursework, in pure Python (no pygame).

The rules are told in ``docs/SCOTLAND-YARD.md`` (our words for the coursework's model).
Start with :func:`standard_game` or :func:`new_game`, ask a :class:`GameState` for
``available_moves()`` and ``advance(move)`` until it has a ``winner``. Each side's AI sees the
game through a view (:mod:`game.scotlandyard.views`): :class:`DetectivesView` holds public
information only.
"""

import importlib

# Name -> the submodule that defines it. Imported on first use (PEP 562), not here: the game
# registry imports ``game.scotlandyard.info``, which runs this file, so an eager import would load
# the whole model for every ``run.py`` command, and ``run.py duel bot``, which a judge starts once
# per move against a 1 s limit, paid about 30 ms for a game it never plays.
_EXPORTS = {
    "game.scotlandyard.board": ("Board", "BoardFileError"),
    "game.scotlandyard.model": (
        "DEFAULT_DETECTIVE_TICKETS", "DEFAULT_MRX_TICKETS", "DETECTIVE_STARTS", "MRX_STARTS",
        "STANDARD24MOVES", "STANDARD_REVEALS", "Event", "default_detective_tickets",
        "default_mrx_tickets", "GameSetup", "GameState", "IllegalMove", "Model", "Observer", "ObserverSet",
        "Ordered", "Player", "SetupError", "Tickets", "new_game", "standard_game", "standard_players",
        "standard_setup"),
    "game.scotlandyard.moves": (
        "DoubleMove", "LogEntry", "Move", "MoveSyntaxError", "SingleMove", "format_move", "parse_move"),
    "game.scotlandyard.pieces": ("DETECTIVES", "Piece", "Ticket", "Transport"),
    "game.scotlandyard.views": ("DetectivesView", "MrXView", "detectives_view", "mrx_view"),
}
_WHERE = {name: module for module, names in _EXPORTS.items() for name in names}


def __getattr__(name: str):
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_WHERE))


__all__ = list(_WHERE)
