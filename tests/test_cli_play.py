"""`run.py play --headless` and `run.py bench-engine`: exit codes, the LOG's shape, one-line errors."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main

from .treasure.test_mapfile import GOOD

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def map_file(tmp_path):
    path = tmp_path / "MAP1.txt"
    path.write_text(GOOD)
    return path


def check_log(text: str):
    lines = text.splitlines()
    assert int(lines[0]) == len(lines) - 1
    assert lines[1] in ("WIN", "LOSE")
    turns = int(lines[2])
    assert lines[3] == "START GAME"
    assert lines[-1].startswith(lines[1] + " turn ")
    assert sum(1 for l in lines if re.fullmatch(r"TURN \d+", l)) == turns
    return lines


def test_headless_play_prints_a_complete_log(map_file, capsys):
    assert main(["play", "--headless", "--map", str(map_file), "--seed", "3", "--agent", "random-valid"]) == 0
    lines = check_log(capsys.readouterr().out)
    assert "MAP 5x5 regions 4 reveal 2 free 4 seed 3" in lines


def test_headless_play_writes_the_log_file_and_is_reproducible(map_file, tmp_path):
    for name in ("a.txt", "b.txt"):
        assert main(["play", "--headless", "--map", str(map_file), "--seed", "11", "--agent", "random-valid",
                     "--log", str(tmp_path / name)]) == 0
    a, b = (tmp_path / "a.txt").read_text(), (tmp_path / "b.txt").read_text()
    check_log(a)
    assert a == b


def run_cli(*args):
    return subprocess.run([sys.executable, "run.py", *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_a_rejected_map_exits_2_with_one_line_naming_file_line_and_column(tmp_path):
    bad = tmp_path / "MAP_bad.txt"
    bad.write_text(GOOD.replace("0;   1;1 M;1P; 1", "0;   1;1MP;1P; 1"))
    result = run_cli("play", "--headless", "--map", str(bad), "--seed", "1")
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert f"{bad}:7:8: expected" in result.stderr


@pytest.mark.parametrize("args,needle", [
    (["--agent", "no-such-agent"], "unknown agent"),
    (["--agent", "os.path:join"], "not an agent class"),
    (["--seed", "-4"], "--seed must be >= 0"),
    (["--map", "/nonexistent/MAP.txt"], "readable file"),
])
def test_bad_arguments_exit_2_with_a_clear_line(map_file, args, needle):
    argv = ["play", "--headless", "--map", str(map_file), "--seed", "1", *args]
    if "--map" in args:
        argv = ["play", "--headless", "--seed", "1", *args]
    result = run_cli(*argv)
    assert result.returncode == 2 and needle in result.stderr and result.stderr.count("\n") == 1


def test_bench_engine_prints_median_last(map_file):
    result = run_cli("bench-engine", "--map", str(map_file), "--games", "5")
    assert result.returncode == 0
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"median_ms=\d+\.\d+", last)


def test_help_lists_every_command():
    result = run_cli("--help")
    assert result.returncode == 0, result.stderr
    for name in ("play", "bench-engine", "generate", "bench", "screenshot", "bench-frames"):
        assert name in result.stdout


# --- issue #17: batch runs as the course did them, and rules variants -------------------------

def test_batch_plays_one_game_per_map_and_names_each_log_after_its_map(tmp_path, map_file, capsys):
    inputs = tmp_path / "input"
    inputs.mkdir()
    for name in ("MAP1.txt", "MAP3.txt", "island.txt"):
        (inputs / name).write_text(GOOD)
    (inputs / "MAP2.txt").write_text("this is not a map\n")  # refused, reported, skipped
    out = tmp_path / "output"
    code = main(["play", "--headless", "--maps", str(inputs / "*.txt"), "--out", str(out), "--seed", "5",
                 "--agent", "random-valid"])
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == ["LOG-island.txt", "LOG1.txt", "LOG3.txt"]
    for log in out.iterdir():
        check_log(log.read_text())
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 4  # one summary line per map, the refused one included
    assert any("MAP2.txt: REFUSED:" in line for line in lines)
    played = [line for line in lines if "REFUSED" not in line]
    assert all(re.search(r": 5x5 seed 5 agent random-valid: (WIN|LOSE) in \d+ turns? -> ", line) for line in played)


def test_batch_pattern_with_two_stars_reaches_subfolders(tmp_path, capsys):
    inputs = tmp_path / "peers"
    for folder, name in (("alice", "MAP1.txt"), ("bob/maps", "MAP2.txt")):
        (inputs / folder).mkdir(parents=True)
        (inputs / folder / name).write_text(GOOD)
    out = tmp_path / "output"
    code = main(["play", "--headless", "--maps", str(inputs / "**" / "*.txt"), "--out", str(out), "--seed", "5",
                 "--agent", "random-valid"])
    assert code == 0
    assert sorted(p.name for p in out.iterdir()) == ["LOG1.txt", "LOG2.txt"]


def test_batch_needs_headless_and_an_out_folder(tmp_path, map_file, capsys):
    assert main(["play", "--maps", str(map_file), "--out", str(tmp_path / "o")]) == 2
    assert "--headless" in capsys.readouterr().err
    assert main(["play", "--headless", "--maps", str(map_file)]) == 2
    assert main(["play", "--headless", "--maps", str(tmp_path / "none*.txt"), "--out", str(tmp_path / "o")]) == 2


def test_rules_set_any_number_and_bad_values_are_one_line_errors(map_file, capsys):
    assert main(["play", "--headless", "--map", str(map_file), "--seed", "3", "--agent", "random-valid",
                 "--rules", "truth_model=bluff,liar_rate=0.5,pirate_speed=3,small_move=1:2"]) == 0
    capsys.readouterr()
    for bad, words in (("pirate_speed=fast", "pirate_speed: expected a whole number"),
                       ("colour=red", "unknown setting 'colour'"),
                       ("liar_rate=1.5", "liar_rate must be"),
                       ("small_move=3", "expected 2 numbers"),
                       ("truth_model", "expected key=value")):
        assert main(["play", "--headless", "--map", str(map_file), "--rules", bad]) == 2
        err = capsys.readouterr().err.strip()
        assert words in err and len(err.splitlines()) == 1


def test_rules_reach_the_game_and_its_replay(tmp_path, map_file, capsys):
    from game.treasure.replay import load_replay

    record = tmp_path / "game.json"
    assert main(["play", "--headless", "--map", str(map_file), "--seed", "3", "--agent", "random-valid",
                 "--rules", "pirate_speed=3,truth_model=bluff", "--log", str(tmp_path / "LOG.txt"),
                 "--record", str(record)]) == 0
    rules = load_replay(record).rules
    assert rules.pirate_speed == 3 and rules.truth_model == "bluff"


def test_parse_rules_reads_each_setting_as_its_type():
    from game.commands.common import parse_rules

    rules = parse_rules("first_hint_true=false,truth_model=bluff,liar_rate=1,large_rect_share=0.4:0.7,max_hint_draws=50")
    assert rules.first_hint_true is False and rules.liar_rate == 1.0
    assert rules.large_rect_share == (0.4, 0.7) and rules.max_hint_draws == 50


@pytest.mark.parametrize("extra, limit", [([], 10.0), (["--agent-time", "3"], 3.0)])
def test_play_without_headless_opens_the_play_scene_with_the_agent_time(map_file, monkeypatch, extra, limit):
    # Interactive `play` crashed before its window opened (its arguments had no agent_time).
    import game.arcade.app as app

    seen = {}

    def window(first_scene, **options):
        seen.update(options)
        return None

    monkeypatch.setattr(app, "run_in_window", window)
    assert main(["play", "--map", str(map_file), "--seed", "3", *extra]) == 0
    assert seen["agent_time"] == limit and seen["caption"] == "Treasure Island"


def test_headless_log_path_is_checked_before_the_game_and_no_temporary_name_is_taken(map_file, tmp_path, capsys):
    assert main(["play", "--headless", "--map", str(map_file), "--seed", "1", "--log", str(tmp_path)]) == 2
    assert "is a folder" in capsys.readouterr().err
    keep = tmp_path / "LOG1.txt.tmp"
    keep.write_text("mine\n")
    assert main(["play", "--headless", "--map", str(map_file), "--seed", "1",
                 "--log", str(tmp_path / "LOG1.txt")]) == 0
    assert keep.read_text() == "mine\n" and (tmp_path / "LOG1.txt").read_text().split("\n")[1] in ("WIN", "LOSE")


@pytest.mark.parametrize("command", [["play", "--headless", "--map", "MAP"], ["bench", "--agents", "greedy",
                                                                             "--maps", "MAP"]])
def test_rules_help_lists_the_keys_on_stdout_and_exits_0(map_file, capsys, command):
    argv = [str(map_file) if a == "MAP" else a for a in command]
    assert main([*argv, "--rules", "help"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("--rules keys and their defaults: actions_per_turn=2") and err == ""
