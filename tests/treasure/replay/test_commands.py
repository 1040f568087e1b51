"""`play --headless --record`, `replay --check` and `bench-replay` through the command line."""

import json
import sys

from game.cli import main

import pytest

from game.treasure.generator import generate_island
from game.treasure.mapfile import write_map


@pytest.fixture(autouse=True)
def map_file(tmp_path, monkeypatch):
    """The tests' own map (the shipped ones may be regenerated)."""
    path = tmp_path / "island16.txt"
    write_map(generate_island(16, 16, 5, 3, reveal_turn=2, free_turn=5), path)
    monkeypatch.setattr(sys.modules[__name__], "MAP", str(path))
    return path


MAP = "maps/island16.txt"  # replaced per test by the fixture above


def record(tmp_path, capsys, name="g.json"):
    path = tmp_path / name
    assert main(["play", "--headless", "--map", MAP, "--agent", "random", "--seed", "6",
                 "--log", str(tmp_path / "g.log"), "--record", str(path)]) == 0
    capsys.readouterr()
    return path


def test_record_then_check_exits_0_and_the_digest_is_the_logs(tmp_path, capsys):
    import hashlib

    path = record(tmp_path, capsys)
    digest = hashlib.sha256((tmp_path / "g.log").read_bytes()).hexdigest()
    assert json.loads(path.read_text())["outcome"]["log_sha256"] == digest
    assert main(["replay", str(path), "--check"]) == 0
    assert capsys.readouterr().out.startswith("OK: ")


def test_record_refuses_an_existing_file(tmp_path, capsys):
    path = record(tmp_path, capsys)
    before = path.read_bytes()
    assert main(["play", "--headless", "--map", MAP, "--seed", "1", "--record", str(path)]) == 2
    assert "never overwritten" in capsys.readouterr().err
    assert path.read_bytes() == before


def test_check_exits_2_with_what_and_where(tmp_path, capsys):
    path = record(tmp_path, capsys)
    doc = json.loads(path.read_text())
    doc["actions"][3]["action"] = "TELEPORT 0 0"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    assert main(["replay", str(bad), "--check"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0
    assert f'action 4 ("n": 3, turn {doc["actions"][3]["turn"]}): TELEPORT 0 0 is invalid: ' in err


def test_bench_replay_ends_with_max_seek_ms(tmp_path, capsys):
    path = record(tmp_path, capsys)
    assert main(["bench-replay", str(path)]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("max_seek_ms=") and float(last.split("=")[1]) >= 0
