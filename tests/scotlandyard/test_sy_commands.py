"""run.py sy play and sy bench-engine."""

import pytest

import game.scotlandyard.ai  # noqa: F401 - the players the commands below name live here
from game.cli import main
from game.scotlandyard.record import read_record, replay


def test_play_prints_each_move_the_travel_log_and_the_winner_and_records(tmp_path, capsys):
    path = tmp_path / "g.json"
    assert main(["sy", "play", "--mrx", "random", "--detectives", "random", "--seed", "4",
                 "--record", str(path)]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Scotland Yard, standard game, seed 4")
    assert any(" MRX " in line and "log 1:" in line for line in lines)
    assert any(line.startswith("travel log: 1:") for line in lines)
    assert any(line.startswith("winner: ") for line in lines)
    record = read_record(path)
    states = replay(record, str(path))
    assert states[-1].winner
    assert len(record["moves"]) == len(states) - 1


def test_play_is_repeatable(capsys):
    main(["sy", "play", "--seed", "9"])
    first = capsys.readouterr().out
    main(["sy", "play", "--seed", "9"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize("argv, says", [
    (["--mrx", "nobody"], "no Mr X player named 'nobody'"),
    (["--detectives", "nobody"], "no detectives player named 'nobody'"),
    (["--move-time", "0"], "--move-time must be positive"),
    (["--record", "/no/such/folder/g.json"], "does not exist"),
])
def test_bad_input_is_one_line_and_exit_2(argv, says, capsys):
    assert main(["sy", "play", "--seed", "1"] + argv) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1


def test_bench_engine_ends_with_the_median(capsys):
    assert main(["sy", "bench-engine", "--games", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("median_ms=") and float(lines[-1].split("=")[1]) > 0
    assert any(line.startswith("Mr X available_moves with doubles: median") for line in lines)
    assert main(["sy", "bench-engine", "--games", "0"]) == 2


class IllegalMrX:
    """A Mr X player that answers with a move that is never available."""

    name = "illegal"

    def __init__(self, seed=0, move_time=1.0):
        pass

    def start(self, view):
        pass

    def choose(self, view):
        from game.scotlandyard import Piece, SingleMove, Ticket

        return SingleMove(Piece.MRX, 1, Ticket.TAXI, 2)


class CrashingMrX(IllegalMrX):
    name = "crashing"

    def choose(self, view):
        raise RuntimeError("out of ideas")


@pytest.mark.parametrize("player, says", [
    ("IllegalMrX", "Mr X's player chose MRX 1 TAXI 2, which is not an available move"),
    ("CrashingMrX", "RuntimeError: out of ideas"),
])
def test_a_failing_player_is_one_line_and_exit_1(player, says, capsys):
    assert main(["sy", "play", "--seed", "1", "--mrx", f"tests.scotlandyard.test_sy_commands:{player}"]) == 1
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", [
    ["sy", "play", "--seed", "1", "--quiet"],
    ["sy", "arcade", "--windowed", "--quit-at-end", "--autoplay"],
    ["duel", "arcade", "--windowed", "--quit-at-end", "--autoplay"],
    ["play", "--map", "maps/island16.txt", "--seed", "1"],
])
def test_every_record_option_refuses_an_existing_file_before_playing(tmp_path, capsys, monkeypatch, command):
    # A record never replaces a file: `sy play --record` wrote over it, and the arcades saved
    # the game elsewhere after it was played, saying so only in the path they printed.
    from pathlib import Path

    import game.arcade.app as app

    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    monkeypatch.setattr(app, "run_in_window", lambda *a, **k: pytest.fail("a window opened"))
    kept = tmp_path / "game.json"
    kept.write_text("{}\n")
    assert main([*command, "--record", str(kept)]) == 2
    assert "the file exists; a record is never overwritten" in capsys.readouterr().err
    assert kept.read_text() == "{}\n"
    assert main([*command, "--record", str(tmp_path / "nowhere" / "g.json")]) == 2
    assert "does not exist" in capsys.readouterr().err
