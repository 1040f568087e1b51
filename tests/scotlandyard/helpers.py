"""Small builders for Scotland Yard tests: players by keyword, and tiny boards."""

from __future__ import annotations

from game.scotlandyard import (
    DEFAULT_DETECTIVE_TICKETS, DEFAULT_MRX_TICKETS, Board, GameSetup, Piece, Player, STANDARD_REVEALS,
    Ticket, Transport, new_game,
)

MRX, RED, GREEN, BLUE, WHITE, YELLOW = (Piece.MRX, Piece.RED, Piece.GREEN, Piece.BLUE, Piece.WHITE,
                                        Piece.YELLOW)
TAXI, BUS, UNDERGROUND, DOUBLE, SECRET = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND, Ticket.DOUBLE,
                                          Ticket.SECRET)
T_TAXI, T_BUS, T_UNDERGROUND, T_FERRY = Transport.TAXI, Transport.BUS, Transport.UNDERGROUND, Transport.FERRY


def tickets(taxi=0, bus=0, underground=0, double=0, secret=0) -> dict:
    return {TAXI: taxi, BUS: bus, UNDERGROUND: underground, DOUBLE: double, SECRET: secret}


def mrx(location: int, **counts) -> Player:
    """Mr X at ``location``: default tickets, or exactly the counts given."""
    return Player(MRX, tickets(**counts) if counts else DEFAULT_MRX_TICKETS, location)


def det(piece: Piece, location: int, **counts) -> Player:
    return Player(piece, tickets(**counts) if counts else DEFAULT_DETECTIVE_TICKETS, location)


def standard(mrx_player: Player, *detectives: Player, reveals=STANDARD_REVEALS):
    return new_game(GameSetup(Board.standard(), reveals), mrx_player, detectives)


def line_board(n: int, transport=T_TAXI) -> Board:
    """Stations 1..n in a row, each joined to the next by ``transport``."""
    return Board.from_edges(range(1, n + 1), [(i, i + 1, transport) for i in range(1, n)])


def game_on(board: Board, reveals, mrx_player: Player, *detectives: Player):
    return new_game(GameSetup(board, tuple(reveals)), mrx_player, detectives)
