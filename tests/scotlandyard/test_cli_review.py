"""A review of Scotland Yard's commands: bad input is one line and exit status 2, found before the
game (a player that cannot be made, a time that is no number of seconds, a player named twice),
and a record with a negative seed is refused as Treasure Island's replays are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from tests.test_cli_review import locked, one_line_error, refused_in_one_line, run_as_another_user, shared_dir  # noqa: F401

BAD_PLAYERS = '''
class BadInit:
    def __init__(self, seed=0, move_time=1.0):
        raise ValueError("bad init")

    def choose(self, view):
        raise AssertionError("never asked")


class NoArguments:
    def __init__(self):
        pass

    def choose(self, view):
        raise AssertionError("never asked")
'''


@pytest.fixture
def bad_players(tmp_path) -> Path:
    path = tmp_path / "bad_players.py"
    path.write_text(BAD_PLAYERS)
    return path


# -- 3. a player whose constructor fails ----------------------------------------------------------


@pytest.mark.parametrize("cls, why", [("BadInit", "ValueError: bad init"), ("NoArguments", "TypeError: ")])
@pytest.mark.parametrize("side, who", [("--mrx", "Mr X"), ("--detectives", "detectives")])
@pytest.mark.parametrize("command", [
    ["sy", "play", "--seed", "1"],
    ["sy", "bench", "--games", "1", "--workers", "1", "--out", "{tmp}/out", "--mrx", "random",
     "--detectives", "random"],
    ["sy", "screenshot", "--seed", "1", "--mrx", "random", "--detectives", "random", "-o", "{tmp}/shot.png"],
], ids=["play", "bench", "screenshot"])
def test_a_player_that_cannot_be_made_is_one_line(command, side, who, cls, why, bad_players, tmp_path, capsys):
    spec = f"{bad_players}:{cls}"
    argv = [word.replace("{tmp}", str(tmp_path)) for word in command]
    assert main([*argv, side, spec]) == 2  # the last --mrx/--detectives given is the one used
    assert f"cannot create {who} player {spec!r}: {why}" in one_line_error(capsys)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad_players.py"]


def test_a_player_module_that_is_not_there_is_named_once(capsys):
    assert main(["sy", "play", "--mrx", "nosuchmod:X"]) == 2
    line = one_line_error(capsys)
    assert "Mr X player 'nosuchmod:X': cannot load it (ModuleNotFoundError" in line
    assert line.count("nosuchmod:X") == 1


# -- 5. a time that is no number of seconds ------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
@pytest.mark.parametrize("command", [
    ["sy", "play", "--mrx", "random", "--detectives", "random"],
    ["sy", "arcade", "--mrx", "random", "--detectives", "random", "--quit-at-end"],
    ["sy", "screenshot", "--mrx", "random", "--detectives", "random", "-o", "{tmp}/shot.png"],
    ["sy", "bench", "--mrx", "random", "--detectives", "random", "--games", "1", "--out", "{tmp}/out"],
], ids=["play", "arcade", "screenshot", "bench"])
def test_every_move_time_refuses_nan_inf_and_non_positive(command, value, tmp_path, capsys):
    argv = [word.replace("{tmp}", str(tmp_path)) for word in command]
    assert main([*argv, "--move-time", value]) == 2
    assert "--move-time must be positive and finite" in one_line_error(capsys)
    assert list(tmp_path.iterdir()) == []


# -- 16. a player named twice ---------------------------------------------------------------------------


@pytest.mark.parametrize("option", ["--mrx", "--detectives"])
def test_sy_bench_refuses_a_player_named_twice(option, tmp_path, capsys):
    argv = ["sy", "bench", "--mrx", "random", "--detectives", "random", "--games", "1", "--out", str(tmp_path / "out")]
    assert main([*argv, option, "random,random"]) == 2
    assert f"{option} names a player twice" in one_line_error(capsys)
    assert not (tmp_path / "out").exists()


# -- 19. a record's seed ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [-1, 2**64, "3", 1.5])
def test_a_record_with_a_negative_or_odd_seed_is_refused(seed, tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["sy", "play", "--seed", "3", "--quiet", "--record", str(record)]) == 0
    assert main(["replay", str(record), "--check"]) == 0
    doc = json.loads(record.read_text())
    doc["seed"] = seed
    record.write_text(json.dumps(doc))
    capsys.readouterr()
    assert main(["replay", str(record), "--check"]) == 2
    assert f"{record}: 'seed' must be null or a whole number between 0 and 2**64 - 1" in one_line_error(capsys)


def test_a_record_without_a_seed_still_checks(tmp_path, capsys):
    record = tmp_path / "game.json"
    assert main(["sy", "play", "--seed", "3", "--quiet", "--record", str(record)]) == 0
    doc = json.loads(record.read_text())
    doc["seed"] = None
    record.write_text(json.dumps(doc))
    assert main(["replay", str(record), "--check"]) == 0


# -- 1. sy bench's --out it cannot write ------------------------------------------------------------------


def test_sy_bench_refuses_an_unwritable_out_before_playing(shared_dir):  # noqa: F811
    out = locked(shared_dir / "out")
    db = shared_dir / "r.sqlite"
    done = run_as_another_user(["sy", "bench", "--mrx", "random", "--detectives", "random", "--games", "1",
                                "--workers", "1", "--out", str(out), "--db", str(db)], shared_dir)
    refused_in_one_line(done, "cannot write", "Permission denied")
    assert not db.exists()
