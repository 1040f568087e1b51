"""The session and what each view may see of a position (no drawing)."""

from game.scotlandyard import Piece, Ticket
from game.scotlandyard.arcade.session import (
    HIDDEN_REASON, SySession, seen, shown_move, shown_reason, why_refused, why_station_refused,
)
from game.scotlandyard.ai.base import describe_move
from game.scotlandyard.moves import SingleMove


def random_game(seed=3, moves=None):
    session = SySession({"mrx": "random", "detectives": "random"}, seed=seed)
    session.play_sync(moves)
    return session


def test_the_detectives_view_holds_mr_x_only_at_his_reveals_and_at_the_end():
    session = random_game(seed=4)
    reveals = session.state.setup.reveals
    heat_maps = stations_seen = 0  # the checks below under an `if` must each run at least once
    for entry in session.history:
        state = entry.state
        view = seen(entry, "detectives")
        spectator = seen(entry, "spectator")
        assert spectator.mrx == state.mrx_location
        if state.winner:
            assert view.mrx == state.mrx_location  # the game is over: everyone sees him
            continue
        assert view.mrx is None
        public = [e.location for e in state.travel_log if e.location is not None]
        assert view.last_seen == (public[-1] if public else None)
        for i, slot in enumerate(view.log):
            if slot.station is not None:  # a station in the detectives' log is a played reveal slot
                stations_seen += 1
                assert reveals[i] and slot.revealed and slot.station == state.travel_log[i].location
        if view.possible:
            heat_maps += 1
            assert state.mrx_location in view.possible  # the public heat map always holds his station
    assert heat_maps > 0 and stations_seen > 0


def test_mr_x_s_reason_and_destination_are_hidden_from_the_detectives_until_the_end():
    session = random_game(seed=5)
    mrx_entries = [e for e in session.history[1:-1] if e.side == "mrx"]
    assert mrx_entries
    for entry in mrx_entries:
        assert entry.reason  # the AI said why (and may have named his station)
        assert shown_reason(entry, "detectives") == HIDDEN_REASON
        # The spectator reads the why without the move it begins with (the line above shows it).
        head = describe_move(entry.move) + ": "
        assert entry.reason.startswith(head)
        assert shown_reason(entry, "spectator") == entry.reason[len(head):]
        log = entry.state.travel_log
        text = shown_move(entry, "detectives")
        if log[-1].location is None:
            assert str(entry.state.mrx_location) not in text.split()
            assert "?" in text


def test_a_refused_move_says_why_and_changes_nothing():
    session = SySession({"mrx": "human", "detectives": "random"}, seed=3)
    state = session.state
    here = state.mrx_location
    far = next(s for s in state.board.stations if s not in state.board.neighbours(here) and s != here)
    move = SingleMove(Piece.MRX, here, Ticket.TAXI, far)
    answer = session.human_move(move)
    assert answer == f"{far} is not one ride from {here}"
    assert len(session.history) == 1
    assert why_station_refused(state, Piece.MRX, far) == answer
    detective = state.detectives[0]
    assert why_refused(state, SingleMove(detective.piece, detective.location, Ticket.TAXI, 1)) == \
        "it is Mr X's turn"


def test_an_ai_that_fails_loses_no_game_the_first_move_is_played_and_noted():
    session = SySession({"mrx": "random", "detectives": "random"}, seed=3)
    entry = session.apply_decision("mrx", None, RuntimeError("boom"), 0.1)
    assert entry.move == session.history[0].state.legal_moves()[0]
    assert "boom" in entry.note and "first available move" in entry.reason
    bad = session.apply_decision("detectives", ("RED 1 TAXI 2", "nonsense"), None, 0.1)
    assert "not available" in bad.note


def test_play_to_round_stops_when_mr_x_is_about_to_make_that_move():
    session = SySession({"mrx": "random", "detectives": "random"}, seed=2)
    session.play_to_round(4)
    state = session.state
    assert state.winner or (state.is_mrx_turn and len(state.travel_log) >= 3)
