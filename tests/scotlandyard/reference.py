"""A straightforward second computation of the rules, written from SCOTLAND-YARD.md §5 and §7
with the public API only (board neighbours and transports, a state's tickets, stations, log and
turn), for the differential test against the engine's table-driven one."""

from __future__ import annotations

from game.scotlandyard import DoubleMove, Piece, SingleMove, Ticket


def single_moves(board, piece, source, tickets, occupied):
    moves = set()
    for n in board.neighbours(source):
        if n in occupied:
            continue
        for transport in board.transports(source, n):
            if tickets[transport.ticket] >= 1:
                moves.add(SingleMove(piece, source, transport.ticket, n))
        if tickets[Ticket.SECRET] >= 1:
            moves.add(SingleMove(piece, source, Ticket.SECRET, n))
    return moves


def available_moves(state):
    if winner(state):
        return frozenset()
    board = state.setup.board
    detectives = state.players[1:]
    occupied = {state.detective_location(d) for d in detectives}
    if state.remaining:
        moves = set()
        for d in state.remaining:
            moves |= single_moves(board, d, state.detective_location(d), state.tickets(d), occupied)
        return frozenset(moves)
    tickets = dict(state.tickets(Piece.MRX))
    source = state.mrx_location
    singles = single_moves(board, Piece.MRX, source, tickets, occupied)
    moves = set(singles)
    if tickets[Ticket.DOUBLE] >= 1 and len(state.travel_log) + 2 <= len(state.setup.reveals):
        for first in singles:
            left = dict(tickets)
            left[first.ticket] -= 1
            for second in single_moves(board, Piece.MRX, first.destination, left, occupied):
                moves.add(DoubleMove(Piece.MRX, source, first.ticket, first.destination,
                                     second.ticket, second.destination))
    return frozenset(moves)


def winner(state):
    board = state.setup.board
    detectives = state.players[1:]
    occupied = {state.detective_location(d) for d in detectives}
    if state.mrx_location in occupied:
        return frozenset(detectives)
    if not state.remaining:
        if len(state.travel_log) == len(state.setup.reveals):
            return frozenset({Piece.MRX})
        if not single_moves(board, Piece.MRX, state.mrx_location, state.tickets(Piece.MRX), occupied):
            return frozenset(detectives)
        if not any(single_moves(board, d, state.detective_location(d), state.tickets(d), occupied)
                   for d in detectives):
            return frozenset({Piece.MRX})
    return frozenset()
