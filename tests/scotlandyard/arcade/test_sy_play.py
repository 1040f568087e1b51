"""Playing Scotland Yard in the arcade with synthetic clicks and keys and a fake clock."""

import pytest

from game.arcade.picker import GamePickerScene
from game.scotlandyard import Piece, Ticket
from game.scotlandyard.arcade.scenes import SyOptionsScene, SyPlayScene
from game.scotlandyard.moves import DoubleMove, SingleMove

from .helpers import Harness, play_scene


@pytest.fixture
def mrx_human(display):
    return Harness(play_scene({"mrx": "human", "detectives": "random"}, mode="spectator"))


def taxi_neighbour(state, here):
    """A free station one taxi ride from ``here`` (Mr X may pay it with TAXI or SECRET)."""
    busy = {d.location for d in state.detectives}
    board = state.board
    return next(n for n in board.neighbours(here)
                if n not in busy and any(t.name == "TAXI" for t in board.transports(here, n)))


def test_picker_to_scotland_yard_options_to_a_game(display):
    h = Harness(lambda ctx: GamePickerScene(ctx, selected="scotlandyard"))
    h.press("return")
    assert isinstance(h.top, SyOptionsScene)
    h.press("return")
    assert isinstance(h.top, SyPlayScene)
    assert h.top.session.specs == {"mrx": "default", "detectives": "default"}
    h.top.thinker.cancel()


def test_a_human_mr_x_moves_by_click_choosing_the_ticket_in_a_menu(mrx_human):
    h = mrx_human
    play = h.top
    assert play.mode == "mrx"  # a person playing Mr X sees Mr X's view
    state = play.session.state
    here = state.mrx_location
    target = taxi_neighbour(state, here)
    assert play.view.available is not None and target in play.view.available  # reachable: not dimmed
    h.click_station(target)
    menu = play.menu
    assert menu is not None and menu.station == target
    tickets = [ticket for _, ticket, _ in menu.options]
    assert Ticket.TAXI in tickets and Ticket.SECRET in tickets  # the secret ticket is offered to Mr X
    h.frames(1)
    option_rect = menu.rects[tickets.index(Ticket.SECRET)]
    from .helpers import click

    h.frames(1, click(option_rect.center))
    assert play.menu is None
    move = play.session.history[1].move
    assert move == SingleMove(Piece.MRX, here, Ticket.SECRET, target)
    assert play.view.pawns[Piece.MRX].moving  # the pawn glides along the connection
    h.frames(90)
    assert not play.view.pawns[Piece.MRX].moving
    assert play.view.to_screen(play.view.pawns[Piece.MRX].xy) == play.view.station_screen(target)
    assert play.session.history[-1].side == "detectives"  # the AI detectives answered by themselves


def test_digits_choose_in_the_ticket_menu(mrx_human):
    h = mrx_human
    play = h.top
    state = play.session.state
    target = taxi_neighbour(state, state.mrx_location)
    h.click_station(target)
    first = play.menu.options[0][1]
    h.press("1")
    assert play.session.history[1].move.ticket is first


def test_a_double_move_is_two_clicks_after_d_and_glides_as_two_legs(mrx_human):
    h = mrx_human
    play = h.top
    state = play.session.state
    here = state.mrx_location
    double = next(m for m in state.legal_moves() if isinstance(m, DoubleMove) and m.ticket1 is Ticket.TAXI
                  and m.ticket2 is Ticket.TAXI)
    h.press("d")
    assert play.double and "first station" in play.message
    h.click_station(double.destination1)
    if play.menu is not None:
        h.frames(1, [])
        index = [t for _, t, _ in play.menu.options].index(Ticket.TAXI)
        h.press(str(index + 1))
    assert play.first_leg == (Ticket.TAXI, double.destination1)
    assert double.destination2 in play.view.available
    h.click_station(double.destination2)
    if play.menu is not None:
        index = [t for _, t, _ in play.menu.options].index(Ticket.TAXI)
        h.press(str(index + 1))
    entry = play.session.history[1]
    assert entry.move == DoubleMove(Piece.MRX, here, Ticket.TAXI, double.destination1, Ticket.TAXI,
                                    double.destination2)
    assert len(entry.state.travel_log) == 2
    pawn = play.view.pawns[Piece.MRX]
    assert len(pawn.legs) == 2  # two legs, one after the other


def test_a_click_on_an_unavailable_station_is_refused_with_the_reason(mrx_human):
    h = mrx_human
    play = h.top
    state = play.session.state
    here = state.mrx_location
    far = next(s for s in state.board.stations if s not in state.board.neighbours(here) and s != here
               and s not in {d.location for d in state.detectives})
    assert far not in play.view.available  # dimmed
    h.click_station(far)
    assert play.message == f"Refused: {far} is not one ride from {here}"
    assert len(play.session.history) == 1


def test_human_detectives_click_a_detective_to_choose_who_moves(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "human"}))
    play = h.top
    h.frames(30)  # Mr X's AI moves first (after the autoplay gap)
    assert play.mode == "detectives"
    state = play.session.state
    assert not state.is_mrx_turn
    second = state.remaining[1]
    h.click_station(state.detective_location(second))
    assert play.selected_piece is second
    target = sorted(m.destination for m in state.legal_moves() if m.piece is second)[0]
    h.click_station(target)
    if play.menu is not None:
        h.press("1")
    moved = play.session.history[-1].move
    assert moved.piece is second and moved.destination == target


def test_the_view_is_locked_to_the_human_side_until_the_game_ends(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "human"}))
    play = h.top
    h.frames(30)
    h.press("v")
    assert play.mode == "detectives"
    assert play.message.startswith("The view stays")
    assert play.view.seen.mrx is None


def test_o_takes_over_the_side_to_move_and_hands_it_back(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}))
    play = h.top
    assert play.mode == "spectator" and play.session.mover == "mrx"
    h.press("o")
    assert play.session.overridden == {"mrx"}
    assert play.mode == "mrx"  # the view follows the side you play
    h.frames(30)
    assert len(play.session.history) == 1  # the AI waits: it is your move
    state = play.session.state
    h.click_station(taxi_neighbour(state, state.mrx_location))
    if play.menu is not None:
        h.press("1")
    assert play.session.history[1].by == "human"
    h.frames(5)
    h.press("o")
    assert not play.session.overridden and play.mode == "spectator"
    h.press("a")
    h.frames(30)
    assert play.session.history[-1].by == "random"
