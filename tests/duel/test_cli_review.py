"""A review of the Treasure Duel's commands: bad input is one line and exit status 2, found before
the work (a bot that cannot be made, a time that is no number of seconds, a map file that would be
overwritten, a log that cannot be read or is not text)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import main
from tests.test_cli_review import locked, one_line_error, refused_in_one_line, run_as_another_user, shared_dir  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
MAP8 = str(ROOT / "maps" / "duel" / "duel8x8.txt")

BAD_BOTS = '''
class BadInit:
    def __init__(self, seed=0, move_time=0.3):
        raise ValueError("bad init")

    def act(self, observation):
        return "UP"


class TakesAName:
    def __init__(self, name):
        pass

    def act(self, observation):
        return "UP"
'''


@pytest.fixture
def bad_bots(tmp_path) -> Path:
    path = tmp_path / "bad_bots.py"
    path.write_text(BAD_BOTS)
    return path


# -- 3. a bot whose constructor fails ------------------------------------------------------------


@pytest.mark.parametrize("cls, why", [("BadInit", "ValueError: bad init"), ("TakesAName", "TypeError: ")])
@pytest.mark.parametrize("command", [
    ["duel", "play", "--map", MAP8, "--b", "random", "--log", "{tmp}/game.log"],
    ["duel", "arcade", "--map", MAP8, "--b", "random", "--quit-at-end"],
    ["duel", "screenshot", "--map", MAP8, "--b", "random", "-o", "{tmp}/shot.png"],
], ids=["play", "arcade", "screenshot"])
def test_a_bot_that_cannot_be_made_is_one_line(command, cls, why, bad_bots, tmp_path, capsys):
    spec = f"{bad_bots}:{cls}"
    argv = [word.replace("{tmp}", str(tmp_path)) for word in command]
    assert main([*argv, "--a", spec]) == 2
    assert f"cannot create bot {spec!r}: {why}" in one_line_error(capsys)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad_bots.py"]


def test_a_bot_module_that_is_not_there_is_named_once(capsys):
    assert main(["duel", "play", "--map", MAP8, "--a", "nosuchmod:X", "--b", "random"]) == 2
    line = one_line_error(capsys)
    assert "cannot load bot 'nosuchmod:X': ModuleNotFoundError" in line and " from 'nosuchmod:X'" not in line


# -- 5. times that are no number of seconds ----------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
@pytest.mark.parametrize("command", [
    ["duel", "play", "--map", MAP8, "--a", "walker", "--b", "random", "--time-limit"],
    ["duel", "arcade", "--map", MAP8, "--a", "walker", "--b", "random", "--quit-at-end", "--time-limit"],
    ["duel", "bench", "--maps", MAP8, "--bots", "walker,random", "--games", "1", "--out", "{tmp}/out", "--time-limit"],
    ["duel", "bench", "--maps", MAP8, "--bots", "walker,random", "--games", "1", "--out", "{tmp}/out", "--move-time"],
    ["duel", "bot", "--move-time"],
    ["duel", "bot", "--process-limit"],
], ids=["play", "arcade", "bench-time-limit", "bench-move-time", "bot-move-time", "bot-process-limit"])
def test_every_duel_time_option_refuses_nan_inf_and_non_positive(command, value, tmp_path, capsys):
    argv = [word.replace("{tmp}", str(tmp_path)) for word in command]
    assert main([*argv, value]) == 2
    assert f"{argv[-1]} must be positive and finite" in one_line_error(capsys)
    assert list(tmp_path.iterdir()) == []


# -- 6. duel generate -o over an existing file ---------------------------------------------------------


def test_duel_generate_overwrites_only_with_force(tmp_path, capsys):
    out = tmp_path / "map.txt"
    out.write_text("mine\n")
    assert main(["duel", "generate", "--rows", "8", "--cols", "8", "--seed", "1", "-o", str(out)]) == 2
    assert "the file exists; pass --force to overwrite it" in one_line_error(capsys)
    assert out.read_text() == "mine\n"
    assert main(["duel", "generate", "--rows", "8", "--cols", "8", "--seed", "1", "-o", str(out), "--force"]) == 0
    assert out.read_bytes() == Path(MAP8).read_bytes()


# -- 10. check-log and replay --map: a log that is missing, a folder or not text -----------------------


@pytest.fixture
def logs(tmp_path, capsys) -> dict[str, Path]:
    good = tmp_path / "good.log"
    assert main(["duel", "play", "--map", MAP8, "--a", "walker", "--b", "random", "--seed", "4",
                 "--log", str(good)]) == 0
    binary = tmp_path / "bin.dat"
    binary.write_bytes(bytes(range(256)) * 8)
    folder = tmp_path / "adir"
    folder.mkdir()
    capsys.readouterr()
    return {"good": good, "binary": binary, "folder": folder, "missing": tmp_path / "nonexist.log"}


@pytest.mark.parametrize("which, says", [("missing", "cannot read it (No such file or directory)"),
                                         ("folder", "is a folder, not a log file"),
                                         ("binary", "not UTF-8 text (byte ")])
def test_check_log_refuses_a_log_it_cannot_read_as_text(which, says, logs, capsys):
    bad = logs[which]
    assert main(["duel", "check-log", "--map", MAP8, str(logs["good"]), str(bad)]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"run.py: error: {bad}: {says}"), captured.err
    assert captured.out == ""  # nothing replayed, no reproduced=N/M line


def test_check_log_still_reproduces_a_good_log(logs, capsys):
    assert main(["duel", "check-log", "--map", MAP8, str(logs["good"])]) == 0
    assert capsys.readouterr().out.strip() == "reproduced=1/1"


def test_replay_of_a_binary_course_log_says_it_is_not_utf8(logs, capsys):
    assert main(["replay", str(logs["binary"]), "--map", MAP8, "--check"]) == 2
    assert one_line_error(capsys) == f"run.py: error: replay refused: {logs['binary']}: not UTF-8 text (byte 128)"


# -- 1. duel bench's --out it cannot write (the other benches: tests/test_cli_review.py) ---------------


def test_duel_bench_refuses_an_unwritable_out_before_playing(shared_dir):  # noqa: F811
    out = locked(shared_dir / "out")
    db = shared_dir / "r.sqlite"
    done = run_as_another_user(["duel", "bench", "--maps", MAP8, "--bots", "walker,random", "--games", "1",
                                "--workers", "1", "--out", str(out), "--db", str(db)], shared_dir)
    refused_in_one_line(done, "cannot write", "Permission denied")
    assert not db.exists()
