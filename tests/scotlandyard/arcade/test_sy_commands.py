"""run.py sy screenshot and sy arcade, and the shared benchmarks reaching Scotland Yard."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def run(*args, timeout=120):
    return subprocess.run([sys.executable, str(ROOT / "run.py"), *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, env={**__import__("os").environ, "SDL_VIDEODRIVER": "dummy"})


def test_sy_screenshot_writes_a_png_of_the_detectives_view(tmp_path):
    out = tmp_path / "shot.png"
    done = run("sy", "screenshot", "--mrx", "random", "--detectives", "random", "--round", "4", "--view",
               "detectives", "--zoom", "3", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "detectives view" in done.stderr


@pytest.mark.parametrize("args, message", [
    (("--round", "30"), "--round must be between 1 and 24"),
    (("--mrx", "nobody"), "no Mr X player named 'nobody'"),
    (("--center", "500", "--zoom", "2"), "--center 500: no such station"),
])
def test_sy_screenshot_refuses_bad_input_in_one_line(tmp_path, args, message):
    done = run("sy", "screenshot", *args, "-o", str(tmp_path / "x.png"))
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_sy_arcade_plays_a_game_to_the_end_headless_and_records_it(tmp_path):
    record = tmp_path / "game.json"
    done = run("sy", "arcade", "--mrx", "random", "--detectives", "random", "--quit-at-end", "--seed", "2",
               "--record", str(record))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(("Mr X escapes", "The detectives win"))
    check = run("replay", str(record), "--check")
    assert check.returncode == 0 and check.stdout.startswith("OK: ")
    bench = run("bench-replay", str(record))
    assert bench.returncode == 0, bench.stderr
    assert bench.stdout.strip().splitlines()[-1].startswith("max_seek_ms=")
