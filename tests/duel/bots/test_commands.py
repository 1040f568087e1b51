"""run.py duel bot (one move as a program) and run.py duel bench (a small tournament)."""

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[3]
INPUT = """1
4 4
A . m .
. x . m
m . x .
. m . B
0
0
A
"""


def run_bot(args, stdin, cwd):
    return subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bot", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=60)


@pytest.mark.parametrize("name", ["default", "greedy", "walker", "random", "mirror"])
def test_bot_prints_exactly_one_legal_move_line(name, tmp_path):
    done = run_bot(["--name", name, "--move-time", "0.05"], INPUT, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout in ("RIGHT\n", "DOWN\n")   # UP and LEFT leave the board
    assert done.stderr == ""


def test_bot_remembers_between_moves_in_its_folder(tmp_path):
    run_bot(["--move-time", "0.05"], INPUT, tmp_path)
    memory = json.loads((tmp_path / ".duel-bot-default-A.json").read_text())
    assert memory["round"] == 1 and memory["other"] == [3, 3]


def test_bot_reason_goes_to_stderr(tmp_path):
    done = run_bot(["--move-time", "0.05", "--reason"], INPUT, tmp_path)
    assert done.stdout.count("\n") == 1 and done.stderr.startswith(done.stdout.strip() + ":")


def test_bot_refuses_bad_input_with_the_line(tmp_path):
    done = run_bot([], "1\n4 4\nA . m\n", tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "line 3" in done.stderr and "Traceback" not in done.stderr


def test_bot_unknown_name(tmp_path):
    done = run_bot(["--name", "nosuch"], INPUT, tmp_path)
    assert done.returncode == 2 and "default" in done.stderr and "Traceback" not in done.stderr


def test_bench_writes_table_files_and_chart(tmp_path):
    board = tmp_path / "tiny.txt"
    board.write_text("4 4\nA . m .\n. x . m\nm . x .\n. m . B\n")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bench", "--bots", "walker,random",
                           "--maps", str(board), "--generated", "1", "--games", "2", "--workers", "1",
                           "--seed", "3", "--out", str(out), "--db", str(tmp_path / "r.sqlite")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "walker" in done.stdout and "95% CI" in done.stdout
    with open(out / "games.csv", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["map", "A", "B", "seed", "winner", "score_a", "score_b", "end", "rounds"]
    # 2 maps x 2 seeds x both sides.
    assert len(rows) == 1 + 8
    assert {r[4] for r in rows[1:]} <= {"A Win", "B Win", "Tie"}
    assert {(r[1], r[2]) for r in rows[1:]} == {("walker", "random"), ("random", "walker")}
    results = json.loads((out / "results.json").read_text())
    walker = next(r for r in results["results"] if r["bot"] == "walker" and r["opponent"] == "random")
    assert walker["games"] == 8 and walker["wins"] + walker["losses"] + walker["ties"] == 8
    assert 0 <= walker["ci_low"] <= walker["win_rate"] <= walker["ci_high"] <= 1
    assert (out / "results.csv").exists() and (out / "winrate.png").stat().st_size > 1000


def test_bench_refuses_unknown_bots_and_missing_maps(tmp_path):
    for args, words in ((["--bots", "walker,nosuch", "--generated", "1"], "nosuch"),
                        (["--bots", "walker,random", "--maps", str(tmp_path / "none.txt")], "none.txt")):
        done = subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bench", *args, "--out",
                               str(tmp_path / "o")], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr


def test_bench_plays_a_program_through_the_judge(tmp_path):
    from game.duel.bots.benchmark import GameSpec, MapSpec, play_one

    board = tmp_path / "tiny.txt"
    board.write_text("4 4\nA . m .\n. x . m\nm . x .\n. m . B\n")
    program = f"cmd:{sys.executable} {ROOT / 'run.py'} duel bot --name greedy --move-time 0.05"
    row = play_one(GameSpec(MapSpec("tiny", path=str(board)), program, "walker", seed=1, opening=0, move_time=0.05))
    assert row.winner in ("A Win", "B Win", "Tie") and row.rounds >= 1
    assert "A" not in row.errors   # the program answered every move legally


def test_the_seeded_opening_does_not_end_point_symmetric_when_it_can():
    # B's last opening move has two choices: LEFT onto the mirror image of A's cell (the map's own
    # symmetric start again) or UP. Whatever the seed, it goes UP.
    from game.duel.bots.benchmark import OpeningPlayer
    from game.duel.protocol import DuelObservation

    obs = DuelObservation(round=1, grid=(".A..", "....", "..x.", "...B"), score_a=0, score_b=0, me="B")
    moves = {OpeningPlayer(None, 1, seed, "B").answer(obs).output for seed in range(40)}
    assert moves == {"UP\n"}
    # Earlier opening moves are still drawn from every legal move.
    early = {OpeningPlayer(None, 2, seed, "B").answer(obs).output for seed in range(40)}
    assert early == {"UP\n", "LEFT\n"}
