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
