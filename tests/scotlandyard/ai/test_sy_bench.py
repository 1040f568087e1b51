"""`run.py sy bench`: every pairing on the same seeds, the files it writes, one-line errors."""

import csv
import json

import pytest

from game.cli import main
from game.scotlandyard.ai.bench import RESULT_COLUMNS, wilson


def test_bench_writes_results_games_and_a_chart(tmp_path, capsys):
    out = tmp_path / "bench"
    code = main(["sy", "bench", "--mrx", "minimax,random", "--detectives", "chaser,random", "--games", "3",
                 "--seed", "5", "--workers", "1", "--move-time", "0.05", "--out", str(out)])
    assert code == 0
    table = capsys.readouterr().out
    assert "minimax" in table and "95% interval" in table
    rows = json.loads((out / "results.json").read_text())
    assert [(r["mrx"], r["detectives"]) for r in rows] == [
        ("minimax", "chaser"), ("minimax", "random"), ("random", "chaser"), ("random", "random")]
    for r in rows:
        for key in ("mrx", "detectives", "games", "mrx_wins", "mrx_win_rate", "ci_low", "ci_high",
                    "mean_rounds", "illegal_moves"):
            assert key in r
        assert r["games"] == 3 and r["illegal_moves"] == 0
        assert r["ci_low"] <= r["mrx_win_rate"] <= r["ci_high"]
    with open(out / "results.csv") as f:
        assert next(csv.reader(f)) == RESULT_COLUMNS
    with open(out / "games.csv") as f:
        games = list(csv.DictReader(f))
    assert len(games) == 12
    # the same seeds for every pairing
    seeds: dict = {}
    for g in games:
        seeds.setdefault((g["mrx"], g["detectives"]), []).append(g["seed"])
    assert len({tuple(v) for v in seeds.values()}) == 1
    assert (out / "winrate.png").stat().st_size > 0


def test_bench_refuses_an_unknown_player_in_one_line(tmp_path, capsys):
    code = main(["sy", "bench", "--mrx", "nobody", "--games", "1", "--out", str(tmp_path)])
    err = capsys.readouterr().err.strip()
    assert code == 2 and "nobody" in err and len(err.splitlines()) == 1


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
