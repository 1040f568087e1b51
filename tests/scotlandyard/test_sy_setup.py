"""SCOTLAND-YARD.md §3 (setup and its validation), §9 (the standard game), §10.4-10.8."""

import re

import pytest

from game.scotlandyard import (
    DEFAULT_DETECTIVE_TICKETS, DEFAULT_MRX_TICKETS, DETECTIVE_STARTS, MRX_STARTS, STANDARD_REVEALS, Board,
    GameSetup, Player, SetupError, Ticket, new_game, standard_game,
)
from tests.scotlandyard.helpers import BLUE, GREEN, MRX, RED, WHITE, YELLOW, det, mrx, standard

SETUP = GameSetup(Board.standard(), STANDARD_REVEALS)


def test_a_valid_game_starts_with_mrx_to_move_and_an_empty_log():
    state = standard(mrx(45), det(RED, 26), det(BLUE, 29))
    assert state.travel_log == ()
    assert state.winner == frozenset()
    assert {m.piece for m in state.available_moves()} == {MRX}
    assert state.setup == SETUP


@pytest.mark.parametrize("missing, message", [
    ("setup", "the setup is missing (None)"),
    ("mrx", "Mr X is missing (None)"),
    ("detectives", "the detectives are missing (None)"),
    ("one detective", "detective 1 is missing (None)"),
])
def test_a_missing_part_raises_type_error(missing, message):
    args = {"setup": SETUP, "mrx": mrx(45), "detectives": [det(RED, 26)]}
    if missing == "one detective":
        args["detectives"] = [det(RED, 26), None]
    else:
        args[missing] = None
    with pytest.raises(TypeError, match=f"^{re.escape(message)}$"):
        new_game(args["setup"], args["mrx"], args["detectives"])


def test_type_errors_come_before_setup_errors():
    no_reveals, red_as_mrx = GameSetup(Board.standard(), ()), det(RED, 1)  # two SetupError reasons
    with pytest.raises(TypeError, match=r"^the detectives are missing \(None\)$"):
        new_game(no_reveals, red_as_mrx, None)


def _refused(match, mrx_player, *detectives, setup=SETUP):
    with pytest.raises(SetupError, match=match) as info:
        new_game(setup, mrx_player, detectives)
    assert isinstance(info.value, ValueError)
    return str(info.value)


def test_each_setup_error_has_its_own_message():
    messages = [
        _refused("not MRX", det(RED, 45), det(BLUE, 26)),
        _refused("a detective has the MRX piece", mrx(45), det(RED, 26), Player(MRX, {}, 29)),
        _refused("same colour: RED", mrx(45), det(RED, 26), det(RED, 29)),
        _refused("same station 26", mrx(45), det(RED, 26), det(BLUE, 26)),
        _refused("holds a SECRET ticket", mrx(45), det(RED, 26, taxi=3, secret=1)),
        _refused("holds a DOUBLE ticket", mrx(45), det(RED, 26, taxi=3, double=1)),
        _refused("reveal list is empty", mrx(45), det(RED, 26), setup=GameSetup(Board.standard(), ())),
        _refused("board has no stations", mrx(45), det(RED, 26),
                 setup=GameSetup(Board.from_edges([], []), (True,))),
        _refused("no detective", mrx(45)),
        _refused("station 200, which is not on the board", mrx(45), det(RED, 200)),
        _refused("MRX stands on station 0", mrx(0), det(RED, 26)),
        _refused("negative number of TAXI", mrx(45), det(RED, 26, taxi=-1)),
        _refused("negative number of BUS", mrx(45, bus=-2), det(RED, 26)),
        _refused("Mr X starts on station 26, where detective RED stands", mrx(26), det(RED, 26)),
    ]
    assert len(set(messages)) == len(messages)


def test_mrx_given_as_a_detective_is_refused():
    _refused("the player given as Mr X has the RED piece", det(RED, 26), mrx(45))
    _refused("a detective has the MRX piece", mrx(45), mrx(46))


def test_one_to_five_detectives_are_valid():
    colours = [RED, GREEN, BLUE, WHITE, YELLOW]
    for n in range(1, 6):
        state = standard(mrx(45), *[det(c, s) for c, s in zip(colours[:n], DETECTIVE_STARTS)])
        assert len(state.players) == n + 1


def test_boards_setups_and_players_are_values_that_never_check_the_rules():
    assert GameSetup(Board.from_edges([], []), ()) == GameSetup(Board.from_edges([], []), [])
    assert Player(RED, {Ticket.SECRET: 4, Ticket.TAXI: -1}, 999).tickets[Ticket.TAXI] == -1
    assert Player(MRX, {}, 1) == Player(MRX, {Ticket.BUS: 0}, 1)
    assert hash(Player(MRX, {Ticket.BUS: 2}, 1)) == hash(Player(MRX, {Ticket.BUS: 2, Ticket.TAXI: 0}, 1))
    assert GameSetup(Board.standard(), [1, 0]).reveals == (True, False)


def test_players_are_mrx_then_detectives_in_the_order_given():
    state = standard(mrx(45), det(YELLOW, 26), det(RED, 29), det(BLUE, 50))
    assert state.players == (MRX, YELLOW, RED, BLUE)


def test_tickets_give_every_kind_with_zeros_or_none_for_a_piece_not_in_the_game():
    state = standard(mrx(45, taxi=2, secret=1), det(RED, 26, taxi=5))
    assert dict(state.tickets(MRX)) == {Ticket.TAXI: 2, Ticket.BUS: 0, Ticket.UNDERGROUND: 0,
                                        Ticket.DOUBLE: 0, Ticket.SECRET: 1}
    assert state.tickets(RED)[Ticket.BUS] == 0 and state.tickets(RED)[Ticket.TAXI] == 5
    assert state.tickets(BLUE) is None


def test_detective_location_is_none_for_mrx_and_for_absent_colours():
    state = standard(mrx(45), det(RED, 26))
    assert state.detective_location(RED) == 26
    assert state.detective_location(MRX) is None
    assert state.detective_location(GREEN) is None


def test_standard_game_follows_section_9():
    state = standard_game(7)
    assert state.setup.board == Board.standard()
    assert len(state.setup.reveals) == 24
    assert [i for i, r in enumerate(state.setup.reveals) if r] == [2, 7, 12, 17, 23]
    assert state.players == (MRX, RED, GREEN, BLUE, WHITE, YELLOW)
    assert state.tickets(MRX) == DEFAULT_MRX_TICKETS
    assert all(state.tickets(p) == DEFAULT_DETECTIVE_TICKETS for p in state.players[1:])
    spots = [state.detective_location(p) for p in state.players[1:]]
    assert len(set(spots)) == 5 and set(spots) <= set(DETECTIVE_STARTS)
    assert state.mrx_location in MRX_STARTS


def test_standard_game_is_repeatable_and_varies_with_the_seed():
    assert standard_game(3) == standard_game(3)
    starts = {(standard_game(s).mrx_location,) + tuple(p.location for p in standard_game(s).detectives)
              for s in range(20)}
    assert len(starts) > 10


def test_default_tickets_are_those_of_section_2():
    assert dict(DEFAULT_MRX_TICKETS) == {Ticket.TAXI: 4, Ticket.BUS: 3, Ticket.UNDERGROUND: 3,
                                         Ticket.DOUBLE: 2, Ticket.SECRET: 5}
    assert dict(DEFAULT_DETECTIVE_TICKETS) == {Ticket.TAXI: 11, Ticket.BUS: 8, Ticket.UNDERGROUND: 4,
                                               Ticket.DOUBLE: 0, Ticket.SECRET: 0}


def test_players_and_the_log_read_like_the_coursework_lists():
    from game.scotlandyard import LogEntry, SingleMove

    state = standard(mrx(45), det(RED, 26), det(BLUE, 29)).advance(SingleMove(MRX, 45, Ticket.TAXI, 46))
    assert state.players == [MRX, RED, BLUE] and state.players == (MRX, RED, BLUE)
    assert state.travel_log == [LogEntry.hidden(Ticket.TAXI)]
    assert state.travel_log != [LogEntry.reveal(Ticket.TAXI, 46)]
    assert state.setup.reveals == list(STANDARD_REVEALS) and state.setup.moves == tuple(STANDARD_REVEALS)
    assert state.setup.reveals != list(STANDARD_REVEALS)[:-1]


def test_detectives_may_be_given_one_by_one_as_the_coursework_factory_takes_them():
    red, blue = det(RED, 26), det(BLUE, 29)
    assert new_game(SETUP, mrx(45), red, blue) == new_game(SETUP, mrx(45), [red, blue])
    assert new_game(SETUP, mrx(45), red).players == [MRX, RED]
    assert new_game(SETUP, mrx(45), iter([red])).players == [MRX, RED]
    with pytest.raises(TypeError, match="detective 1 is missing"):
        new_game(SETUP, mrx(45), red, None)
    with pytest.raises(TypeError, match="detectives are missing"):
        new_game(SETUP, mrx(45), None)
    with pytest.raises(TypeError, match="got str"):
        new_game(SETUP, mrx(45), "RED")
    with pytest.raises(SetupError, match="no detective"):
        new_game(SETUP, mrx(45))
    with pytest.raises(SetupError, match="same colour"):
        new_game(SETUP, mrx(45), red, det(RED, 50))
