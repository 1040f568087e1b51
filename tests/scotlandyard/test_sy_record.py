"""Moves' stable text form and JSON game records (setup + seed + moves) that replay exactly."""

import json
import random

import pytest

from game.scotlandyard import (
    DoubleMove, MoveSyntaxError, SingleMove, format_move, parse_move, standard_game,
)
from game.scotlandyard.record import RecordError, make_record, read_record, replay, write_record
from tests.scotlandyard.helpers import BUS, MRX, RED, SECRET, TAXI, det, game_on, line_board, mrx


def test_moves_have_a_stable_text_form_that_parses_back():
    single = SingleMove(RED, 13, TAXI, 14)
    double = DoubleMove(MRX, 35, TAXI, 22, BUS, 65)
    assert str(single) == format_move(single) == "RED 13 TAXI 14"
    assert str(double) == "MRX 35 DOUBLE TAXI 22 BUS 65"
    assert parse_move("RED 13 TAXI 14") == single
    assert parse_move("  mrx 35 double taxi 22 bus 65 ") == double
    assert parse_move("MRX 1 SECRET 2") == SingleMove(MRX, 1, SECRET, 2)


@pytest.mark.parametrize("text, says", [
    ("", "expected 'PIECE FROM TICKET TO'"),
    ("BLACK 1 TAXI 2", "expected 'PIECE FROM TICKET TO'"),
    ("RED one TAXI 2", "'ONE' is not a station number"),
    ("RED 1 CAMEL 2", "'CAMEL' is not a ride ticket"),
    ("RED 1 DOUBLE 2", "'DOUBLE' is not a ride ticket"),
    ("MRX 1 TAXI 2 BUS 3 TAXI", "a seven-word move is a double move"),
])
def test_bad_move_text_says_what_was_expected(text, says):
    with pytest.raises(MoveSyntaxError, match=says):
        parse_move(text)


def _random_game(seed):
    rng = random.Random(seed)
    start = state = standard_game(seed)
    moves = []
    while not state.winner:
        move = rng.choice(state.legal_moves())
        moves.append(move)
        state = state.advance(move)
    return start, moves, state


def test_a_record_replays_to_the_same_states(tmp_path):
    start, moves, final = _random_game(11)
    path = tmp_path / "game.json"
    write_record(path, make_record(start, moves, seed=11, final=final, names={"mrx": "random"}))
    record = read_record(path)
    assert record["seed"] == 11 and record["board"] == "standard" and record["version"] == 1
    states = replay(record, str(path))
    assert states[0] == start == standard_game(11)
    assert states[-1] == final and states[-1].winner == final.winner
    assert len(states) == len(moves) + 1


def test_a_record_of_a_custom_board_carries_the_board(tmp_path):
    start = game_on(line_board(4), (False, True), mrx(1, taxi=2), det(RED, 4, taxi=2))
    moves = [SingleMove(MRX, 1, TAXI, 2), SingleMove(RED, 4, TAXI, 3)]
    state = start
    for m in moves:
        state = state.advance(m)
    record = json.loads(json.dumps(make_record(start, moves, final=state)))
    assert record["board"]["edges"] == [[1, 2, "TAXI"], [2, 3, "TAXI"], [3, 4, "TAXI"]]
    assert replay(record)[-1] == state


def test_a_broken_record_names_the_file_and_what_is_wrong(tmp_path):
    start, moves, final = _random_game(2)
    record = make_record(start, moves, seed=2, final=final)
    path = tmp_path / "bad.json"

    record["moves"][3] = "RED 1 TAXI 2"
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError, match=r"bad.json: move 4 \('RED 1 TAXI 2'\): .*not an available move"):
        replay(read_record(path), str(path))

    record["moves"] = record["moves"][:2]
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError, match="the record says the winner is"):
        replay(read_record(path), str(path))

    path.write_text("{not json")
    with pytest.raises(RecordError, match="bad.json: not valid JSON at line 1 column 2"):
        read_record(path)
    path.write_text(json.dumps({"format": "scotland-yard-record", "version": 9}))
    with pytest.raises(RecordError, match="version 9"):
        read_record(path)
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "missing.json")


def test_writing_a_record_never_leaves_half_a_file(tmp_path):
    start, moves, final = _random_game(4)
    with pytest.raises(RecordError, match="cannot write"):
        write_record(tmp_path / "no" / "such" / "folder.json", make_record(start, moves))
    assert list(tmp_path.iterdir()) == []
