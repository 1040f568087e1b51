"""What a player knows at a decision, in the AIs' internal form, and the move's way back.

:func:`mrx_context` reads a ``MrXView``, :func:`detectives_context` a ``DetectivesView``; the
detectives' context never holds Mr X's station (``sim.mrx`` is ``-1``) because the view has none.
:func:`public_tracker` replays the view's public history into a :class:`PossibleLocations`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.scotlandyard.ai.adapt import graph_for, ticket_index
from game.scotlandyard.ai.base import move_key
from game.scotlandyard.ai.sim import Graph, Sim
from game.scotlandyard.ai.tracker import PossibleLocations


@dataclass
class Context:
    g: Graph
    sim: Sim                 # the position; sim.mrx is -1 for the detectives
    log: list                # (ticket index, station or None) per travel-log entry
    pieces: list             # the detectives' pieces, in the game's order (index i in sim moves)
    moves: dict              # internal move tuple -> the view's move object


def _tickets(tk) -> list[int]:
    out = [0] * 5
    if tk is None:
        return out
    for k, n in tk.items():
        out[ticket_index(k)] = int(n)
    return out


def _is_mrx(piece) -> bool:
    return getattr(piece, "name", str(piece)) == "MRX"


def to_internal(move, index_of) -> tuple:
    if getattr(move, "is_double", False) or hasattr(move, "destination2"):
        return (ticket_index(move.ticket1), move.destination1, ticket_index(move.ticket2), move.destination2)
    if _is_mrx(move.piece):
        return (ticket_index(move.ticket), move.destination)
    return (index_of[move.piece], ticket_index(move.ticket), move.destination)


def _build(view, mrx_location: int, mrx_tickets) -> Context:
    setup = view.setup
    g = graph_for(setup.board)
    dets = list(view.detectives)
    pieces = [d.piece for d in dets]
    index_of = {p: i for i, p in enumerate(pieces)}
    available = sorted(view.available_moves(), key=move_key)
    moves = {to_internal(m, index_of): m for m in available}
    if not available or _is_mrx(available[0].piece):
        to_move = -1
    else:
        to_move = 0
        for m in available:
            to_move |= 1 << index_of[m.piece]
    log = [(ticket_index(e.ticket), e.location) for e in view.travel_log]
    sim = Sim(g, setup.reveals, mrx_location, _tickets(mrx_tickets), [d.location for d in dets],
              [_tickets(d.tickets)[:3] for d in dets], log_len=len(log), to_move=to_move)
    return Context(g, sim, log, pieces, moves)


def mrx_context(view) -> Context:
    return _build(view, int(view.location), view.tickets_left)


def detectives_context(view) -> Context:
    return _build(view, -1, view.mrx_tickets)


def public_view(view):
    """The detectives' view of the same moment (a ``MrXView`` gives it by ``public()``)."""
    return view.public() if hasattr(view, "public") else view


def public_tracker(view, tracker: PossibleLocations | None = None, bias=None) -> PossibleLocations:
    """Replay the public history (SCOTLAND-YARD.md §11) of a ``DetectivesView`` (or a
    ``MrXView``'s public side) into a tracker. Give the tracker from the last call to replay only
    what is new. ``bias(graph, detective_stations) -> weights by station`` weighs Mr X's rides (an
    AI's model of him); without it every ride his ticket allows is equally likely."""
    view = public_view(view)
    g = graph_for(view.setup.board)
    history = view.history
    dets = list(view.detectives)
    if tracker is None or tracker.events_seen > len(history):
        # where each detective started: the source of its first move, else where it stands
        start = {d.piece: d.location for d in dets}
        first = set()
        for ev in history:
            if not isinstance(ev, tuple) or hasattr(ev, "piece"):
                if ev.piece not in first:
                    first.add(ev.piece)
                    start[ev.piece] = ev.source
        tracker = PossibleLocations.for_game(g, [start[d.piece] for d in dets])
        tracker.det_locs = {d.piece: start[d.piece] for d in dets}
    locs = tracker.det_locs
    for ev in history[tracker.events_seen:]:
        if hasattr(ev, "piece"):          # a detective's move
            locs[ev.piece] = ev.destination
            tracker.detective_at(ev.destination)
        else:                             # the entries of one Mr X turn
            here = tuple(locs.values())
            weights = bias(g, here) if bias is not None else None
            for entry in ev:
                tracker.mrx_moved(ticket_index(entry.ticket), entry.location, here, weights)
        tracker.events_seen += 1
    return tracker
