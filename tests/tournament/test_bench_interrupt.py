"""A real Ctrl+C during `run.py bench`: the finished games are kept and reported, no worker is
left behind, and the same command plays only the rest."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# Every process a bench starts inherits this variable (set to the test's own tmp_path), so the
# test finds the bench's descendants, even those in sessions of their own or left to init, and
# never anyone else's processes.
MARK = "ARCADE_TEST_BENCH_INTERRUPT"

pytestmark = pytest.mark.skipif(not Path("/proc/self/environ").exists(),
                                reason="finds the bench's processes through Linux's /proc")


def _marked(marker: str) -> dict[int, str]:
    """The live processes (not zombies) started with MARK=marker: pid -> command line."""
    needle = f"{MARK}={marker}".encode()
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                environ = f.read().split(b"\0")
            with open(f"/proc/{entry}/stat") as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        if needle in environ and state != "Z":
            found[int(entry)] = cmdline
    return found


def _group(pgid: int) -> list[str]:
    return subprocess.run(["pgrep", "-g", str(pgid)], capture_output=True, text=True).stdout.split()


def _kill_everything(proc: subprocess.Popen, marker: str) -> None:
    """After a failed assert or a timeout: nothing the bench started may outlive the test."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    for pid in _marked(marker):
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        pass


def _assert_nothing_left(proc: subprocess.Popen, marker: str, seconds: float) -> None:
    """Within ``seconds``, no process of the bench's group and none it started is left running.
    (The pool's workers are ended by the runner; multiprocessing's forkserver and resource
    tracker leave on their own once the runner is gone.)"""
    deadline = time.monotonic() + seconds
    while True:
        leftover, descendants = _group(proc.pid), _marked(marker)
        if (not leftover and not descendants) or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert leftover == [], f"processes left in the bench's group: {leftover}"
    assert descendants == {}, f"processes the bench started are still running: {descendants}"


def _rows(db: Path) -> int:
    try:
        with sqlite3.connect(db) as conn:
            return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.Error:
        return 0


def _bench(out: Path, games: int) -> list[str]:
    return [sys.executable, "run.py", "bench", "--agents", "default", "--maps", "maps/island32.txt",
            "--games", str(games), "--seed", "0", "--workers", "2", "--out", str(out), "--db", str(out / "r.sqlite")]


def test_ctrl_c_keeps_the_finished_games_and_the_same_command_resumes(tmp_path):
    marker = str(tmp_path)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **{MARK: marker})
    # a terminal's program gets SIGINT at its default; a test run started in the background (as
    # `cmd &` from a script) would hand down SIGINT ignored, and Python then keeps ignoring it
    proc = subprocess.Popen(_bench(tmp_path, 600), cwd=ROOT, env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 300  # generous: CI machines are shared and noisy
        while _rows(tmp_path / "r.sqlite") < 5 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.2)
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl+C does: the whole process group
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 130, out[-2000:]
        kept = _rows(tmp_path / "r.sqlite")
        assert 5 <= kept < 600, "the interrupt came too late to test anything"
        assert "interrupted: the same command plays the rest" in out
        assert "Traceback" not in out
        written = json.loads((tmp_path / "results.json").read_text())
        assert 0 < written[0]["games"] <= kept  # the partial results were written
        _assert_nothing_left(proc, marker, 20)
    finally:
        _kill_everything(proc, marker)

    again = subprocess.run(_bench(tmp_path, 600), cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stdout[-2000:] + again.stderr[-2000:]
    assert f"{600 - kept} played, {kept} already in the database" in again.stdout
    with sqlite3.connect(tmp_path / "r.sqlite") as conn:
        assert conn.execute("SELECT COUNT(*), COUNT(DISTINCT job_key) FROM games").fetchone() == (600, 600)


def _a_move_was_answered(temp: Path) -> bool:
    """A program's working folder shows a second round begun: its first move was answered."""
    for log in temp.glob("duel-bench-*/stderr.txt"):
        try:
            if "== round 2, " in log.read_text(errors="replace"):
                return True
        except OSError:  # the folder went away between the glob and the read
            pass
    return False


def test_ctrl_c_stops_a_duel_bench_of_programs_at_once_and_cleans_up(tmp_path):
    # A pool worker caught the judge's SystemExit (its SIGTERM handler) like any task's exception
    # and went on to play the game queued behind it: a review's Ctrl+C took 124 s to end a bench.
    temp = tmp_path / "tmp"
    temp.mkdir()
    marker = str(tmp_path)
    env = dict(os.environ, TMPDIR=str(temp), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **{MARK: marker})
    program = f"cmd:{sys.executable} {ROOT / 'run.py'} duel bot"  # about 0.3-0.7 s a move: games of minutes
    proc = subprocess.Popen([sys.executable, "run.py", "duel", "bench", "--bots", f"{program},greedy",
                             "--maps", "maps/duel/duel20x20.txt", "--generated", "0", "--games", "2", "--seed", "0",
                             "--workers", "2", "--db", str(tmp_path / "r.sqlite"), "--out", str(tmp_path / "out")],
                            cwd=ROOT, env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        # The programs are answering moves: one has answered a move and one is running now.
        deadline = time.monotonic() + 120
        answered = seen_bot = False
        while not (answered and seen_bot) and time.monotonic() < deadline and proc.poll() is None:
            answered = answered or _a_move_was_answered(temp)
            seen_bot = seen_bot or any("duel bot" in cmd for cmd in _marked(marker).values())
            time.sleep(0.05)
        assert list(temp.glob("duel-bench-*")), "no game of programs started"
        assert answered, "no program answered a move"
        assert seen_bot, "no bot program was seen running"
        os.killpg(proc.pid, signal.SIGINT)
        out, _ = proc.communicate(timeout=60)  # a whole game would take minutes
        assert proc.returncode == 130, out[-2000:]
        assert "interrupted" in out and "Traceback" not in out
        deadline = time.monotonic() + 10
        while True:
            left, descendants = _group(proc.pid), _marked(marker)
            if (not left and not descendants and not list(temp.glob("duel-bench-*"))) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert left == [], f"processes left in the bench's group: {left}"
        assert list(temp.glob("duel-bench-*")) == []  # the games' folders went with them
        bots = {pid: cmd for pid, cmd in descendants.items() if "duel bot" in cmd}
        assert bots == {}, f"a bot program outlived the bench: {bots}"
        assert descendants == {}, f"processes the bench started are still running: {descendants}"
    finally:
        _kill_everything(proc, marker)


@pytest.mark.parametrize("command", [
    ["bench", "--agents", "default", "--maps", "maps/island32.txt", "--games", "400"],
    ["duel", "bench", "--bots", "greedy,random", "--maps", "maps/duel/duel8x8.txt", "--generated", "0",
     "--games", "200", "--move-time", "0.05"],
    ["sy", "bench", "--mrx", "random", "--detectives", "random", "--games", "400", "--move-time", "0.05"],
], ids=["treasure", "duel", "scotlandyard"])
def test_sigterm_to_the_bench_alone_ends_it_as_ctrl_c_does(tmp_path, command):
    # `kill PID` (or a batch system ending the job) reaches the bench's own process, not its
    # workers: it must stop them, keep the finished games and say so, as Ctrl+C does.
    marker = str(tmp_path)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", **{MARK: marker})
    proc = subprocess.Popen([sys.executable, "run.py", *command, "--seed", "0", "--workers", "2",
                             "--out", str(tmp_path / "out"), "--db", str(tmp_path / "r.sqlite")],
                            cwd=ROOT, env=env, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 300
        while _rows(tmp_path / "r.sqlite") < 3 and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert proc.poll() is None, "the bench ended before it could be stopped"
        os.kill(proc.pid, signal.SIGTERM)
        out, _ = proc.communicate(timeout=120)
        assert proc.returncode == 130, out[-2000:]
        assert "interrupted: the same command plays the rest" in out and "Traceback" not in out
        assert _rows(tmp_path / "r.sqlite") >= 3
        _assert_nothing_left(proc, marker, 20)
    finally:
        _kill_everything(proc, marker)
