"""The duel's headless commands: a screenshot, and the arcade autoplaying to the end."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "duel" / "duel8x8.txt"


def run(*args, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TREASURE_ISLAND_DATA=str(tmp_path))
    return subprocess.run([sys.executable, "run.py", *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_duel_screenshot_writes_a_png(tmp_path):
    out = tmp_path / "shot.png"
    done = run("duel", "screenshot", "--map", str(MAP), "--a", "greedy", "--b", "walker", "--round", "5",
               "--size", "800x450", "-o", str(out), tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "round 5" in done.stderr


def test_duel_screenshot_refuses_a_human_with_one_line(tmp_path):
    done = run("duel", "screenshot", "--map", str(MAP), "--a", "human", "-o", str(tmp_path / "x.png"),
               tmp_path=tmp_path)
    assert done.returncode == 2 and "human" in done.stderr and "Traceback" not in done.stderr


def test_duel_arcade_autoplays_to_the_end_and_quits(tmp_path):
    done = run("duel", "arcade", "--map", str(MAP), "--a", "greedy", "--b", "walker", "--quit-at-end",
               tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(":")[0] in ("A Win", "B Win", "Tie")
    assert len(list((tmp_path / "replays").glob("*.json"))) == 1


SHARED = ROOT.parent / "shared" / "data" / "duel"


def test_replay_check_of_a_saved_duel_and_of_a_course_log(tmp_path):
    import pytest

    done = run("duel", "arcade", "--map", str(MAP), "--a", "greedy", "--b", "walker", "--quit-at-end",
               tmp_path=tmp_path)
    saved = next((tmp_path / "replays").glob("*.json"))
    check = run("replay", str(saved), "--check", tmp_path=tmp_path)
    assert check.returncode == 0 and check.stdout.startswith("OK:"), check.stderr
    assert done.stdout.split(":")[0] in check.stdout
    if not (SHARED / "golden-logs").is_dir():
        pytest.skip(f"reference data not found at {SHARED}")
    log = SHARED / "golden-logs" / "game-0001.log"
    good = run("replay", str(log), "--map", str(SHARED / "20map"), "--check", tmp_path=tmp_path)
    assert good.returncode == 0 and "A 40, B 468" in good.stdout, good.stderr
    bad = run("replay", str(log), "--map", str(SHARED / "88map"), "--check", tmp_path=tmp_path)
    assert bad.returncode == 2 and "game-0001.log" in bad.stderr and "Traceback" not in bad.stderr


def test_replay_of_a_course_log_without_its_map_says_to_give_the_map(tmp_path, capsys):
    from game.cli import main

    log = tmp_path / "move_player_be_A.log"
    log.write_text("A RIGHT\nB UP\nA DOWN\nA Score: 1\nB Score: 0\nA Win\n")
    assert main(["replay", str(log), "--check"]) == 2
    err = capsys.readouterr().err
    assert "looks like a Treasure Duel course log" in err and "--map MAP" in err and err.count("\n") == 1


def test_duel_arcade_gives_programs_the_time_limit_it_is_told(tmp_path):
    slow = tmp_path / "slow.sh"
    slow.write_text("#!/bin/sh\ncat > /dev/null\nsleep 0.6\necho RIGHT\n")
    slow.chmod(0o755)
    done = run("duel", "arcade", "--map", str(MAP), "--a", f"cmd:{slow}", "--b", "walker", "--quit-at-end",
               "--time-limit", "0.3", tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("B Win: A -100") and "time out" in done.stdout, done.stdout
    refused = run("duel", "arcade", "--time-limit", "-1", tmp_path=tmp_path)
    assert refused.returncode == 2 and "--time-limit must be positive" in refused.stderr
