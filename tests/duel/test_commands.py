"""`run.py duel play / check-log / bench-engine` from the command line's point of view."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[2]
MAP8 = str(ROOT / "maps" / "duel" / "duel8x8.txt")


def test_a_fresh_game_between_built_in_bots_passes_check_log(tmp_path, capsys):
    log = tmp_path / "game.log"
    assert main(["duel", "play", "--map", MAP8, "--a", "walker", "--b", "random", "--seed", "4",
                 "--log", str(log)]) == 0
    summary = capsys.readouterr().out.strip()
    text = log.read_text()
    assert summary.startswith(text.split("\n")[-4] + ": A ")
    assert not text.endswith("\n")
    assert main(["duel", "check-log", "--map", MAP8, str(log)]) == 0
    assert capsys.readouterr().out.strip() == "reproduced=1/1"


def test_play_writes_the_log_to_stdout_and_the_result_to_stderr(capsys):
    assert main(["duel", "play", "--map", MAP8, "--a", "walker", "--b", "walker"]) == 0
    out, err = capsys.readouterr()
    assert out.split("\n")[0].startswith("A ") and out.split("\n")[-3].startswith("A Score: ")
    assert "A " in err and "round" in err


def test_play_the_same_seed_twice_gives_the_same_log(tmp_path):
    logs = []
    for k in range(2):
        log = tmp_path / f"{k}.log"
        assert main(["duel", "play", "--map", MAP8, "--a", "random", "--b", "random", "--seed", "11",
                     "--log", str(log)]) == 0
        logs.append(log.read_bytes())
    assert logs[0] == logs[1]


def test_a_missing_program_loses_by_time_out_and_the_judge_says_why_in_one_line(tmp_path, capsys):
    log = tmp_path / "game.log"
    assert main(["duel", "play", "--map", MAP8, "--a", f"cmd:{tmp_path}/nothing-here", "--b", "walker",
                 "--log", str(log), "--workdir", str(tmp_path / "work")]) == 0
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and "nothing-here" in err[0] and "No such file" in err[0]
    assert log.read_text() == "B Win\nA Score: -100\nB Score: 0\ntime out"
    assert (tmp_path / "work" / "A" / "stderr.txt").exists()


@pytest.mark.parametrize("argv, message", [
    (["--map", "/no/such/map", "--a", "walker", "--b", "walker"], "rejected map"),
    (["--map", MAP8, "--a", "nobody-knows-me", "--b", "walker"], "nobody-knows-me"),
    (["--map", MAP8, "--a", "cmd:", "--b", "walker"], "cmd: needs a command"),
    (["--map", MAP8, "--a", "walker", "--b", "walker", "--time-limit", "0"], "--time-limit"),
    (["--map", MAP8, "--a", "cmd:'unclosed", "--b", "walker"], "bad command"),
])
def test_bad_input_is_one_line_and_exit_2(argv, message, capsys):
    assert main(["duel", "play", *argv]) == 2
    err = capsys.readouterr().err.strip().split("\n")
    assert len(err) == 1 and message in err[0]


def test_a_refused_map_names_file_line_and_column(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("2 2\nA .\n. C\n")
    assert main(["duel", "play", "--map", str(bad), "--a", "walker", "--b", "walker"]) == 2
    assert f"{bad}:3:3: expected a cell" in capsys.readouterr().err


def test_bench_engine_prints_the_median_last(capsys):
    assert main(["duel", "bench-engine", "--map", MAP8, "--games", "3"]) == 0
    last = capsys.readouterr().out.strip().split("\n")[-1]
    assert last.startswith("median_ms=") and float(last.split("=")[1]) > 0


def test_our_bot_command_plays_through_the_judge_as_a_program(tmp_path):
    """`run.py duel bot`, run by our judge through cmd:, plays a clean game."""
    import game.duel.commands.bot  # noqa: F401 - the command under test
    log = tmp_path / "game.log"
    tiny = tmp_path / "tiny.txt"
    tiny.write_text("2 3\nA m m\nm m B\n")
    command = f"cmd:{sys.executable} {ROOT / 'run.py'} duel bot --name walker"
    assert main(["duel", "play", "--map", str(tiny), "--a", command, "--b", command, "--log", str(log),
                 "--time-limit", "5"]) == 0
    text = log.read_text()
    assert text.split("\n")[-1] in ("", "game clear"), text
    assert text.startswith("A ") and "\nB " in text


def test_a_log_path_that_cannot_be_written_is_refused_before_the_game(tmp_path, capsys):
    for bad, words in ((tmp_path, "is a folder"), (tmp_path / "no" / "x.log", "does not exist")):
        assert main(["duel", "play", "--map", MAP8, "--a", "walker", "--b", "walker", "--log", str(bad)]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []  # no game was played, nothing was left


def test_writing_the_log_never_touches_a_file_named_like_a_temporary_one(tmp_path):
    log = tmp_path / "game.log"
    keep = tmp_path / "game.log.tmp"
    keep.write_text("the user's notes\n")
    assert main(["duel", "play", "--map", MAP8, "--a", "walker", "--b", "walker", "--log", str(log)]) == 0
    assert keep.read_text() == "the user's notes\n" and log.read_text().startswith("A ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.log", "game.log.tmp"]
