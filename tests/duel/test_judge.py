"""The judge runs real programs as the course's judge did (DUEL.md §4, §7), and leaves nothing
running. Each test writes a small script standing in for a bot; scripts that start other
processes write their pids to a file, and the test checks every one of them is gone."""

from __future__ import annotations

import os
import platform
import shlex
import signal
import stat
import sys
import time
from pathlib import Path

import pytest

from game.duel.config import DuelConfig
from game.duel.judge import run_program, split_command
from game.duel.log import replay_log
from game.duel.match import play_match

from .helpers import FirstLegal, small_board

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="the judge runs programs on POSIX only")

ONE_ROUND = DuelConfig(rounds=1, time_limit=2.0)
PY = shlex.quote(sys.executable)


def script(tmp_path: Path, name: str, body: str) -> str:
    """A Python script standing in for a bot, as a cmd: spec."""
    path = tmp_path / name
    path.write_text("import os, sys, time\n" + body)
    return f"cmd:{PY} {shlex.quote(str(path))}"


def ended(pid: int) -> bool:
    """The process (or thread) has ended now: no longer in /proc, or a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[-1].startswith("Z")
    except FileNotFoundError:
        return True
    except OSError:
        return False


def gone(pid: int, within: float = 2.0) -> bool:
    """The process ends within ``within`` seconds (a zombie waiting for init counts as ended)."""
    end = time.monotonic() + within
    while not ended(pid):
        if time.monotonic() >= end:
            return False
        time.sleep(0.02)
    return True


def pids_in(folder: Path) -> list[int]:
    return [int(p.read_text()) for p in sorted(folder.glob("*.pid"))]


@pytest.fixture
def started_pids(monkeypatch):
    """The pid of every program the match's judge starts, told by run_program itself the moment
    the process exists (a pid file the program writes may come too late: a short limit can run
    out while Python is still starting)."""
    import game.duel.match as match_module

    real = match_module.run_program
    pids: list[int] = []

    def recording(*args, on_start=None, **kwargs):
        def tell(pid):
            pids.append(pid)
            if on_start is not None:
                on_start(pid)

        return real(*args, on_start=tell, **kwargs)

    monkeypatch.setattr(match_module, "run_program", recording)
    return pids


def play_a(tmp_path, spec, config=ONE_ROUND):
    """A is the program under test; B an in-process bot that always has a legal move."""
    workdir = tmp_path / "work"
    result = play_match(small_board(), spec, FirstLegal(), config=config, workdir=workdir)
    return result, workdir / "A"


def test_a_correct_program_plays_every_move_and_is_logged(tmp_path):
    spec = script(tmp_path, "good.py", """
lines = sys.stdin.read().split("\\n")
m, n = map(int, lines[1].split())
grid = [lines[2 + i].split() for i in range(m)]
me = lines[4 + m].strip()
r, c = next((i, row.index(me)) for i, row in enumerate(grid) if me in row)
for move, (dr, dc) in (("UP", (-1, 0)), ("RIGHT", (0, 1)), ("DOWN", (1, 0)), ("LEFT", (0, -1))):
    if 0 <= r + dr < m and 0 <= c + dc < n and grid[r + dr][c + dc] not in "xAB":
        print(move)
        break
""")
    result = play_match(small_board(), spec, spec, config=DuelConfig(rounds=3, time_limit=2.0),
                        workdir=tmp_path / "work")
    assert result.message == ""                       # all three rounds played, no error
    assert len(result.records) == 6
    assert all(text in ("UP", "RIGHT", "DOWN", "LEFT") for _, text in result.records)
    assert replay_log(small_board(), result.log_text, result.final.config).text == result.log_text
    assert len(result.times["A"]) == 3 and all(t > 0 for t in result.times["A"])


def test_up_with_crlf_is_a_valid_move(tmp_path):
    spec = script(tmp_path, "crlf.py", "sys.stdout.buffer.write(b'UP\\r\\n')\n")
    result, _ = play_a(tmp_path, spec)
    assert result.records[0] == ("A", "UP")
    assert result.message == "" and result.score_a == 1   # stepped on the mushroom above


def test_a_program_past_the_limit_is_a_time_out_with_no_log_line_and_is_killed(tmp_path, started_pids):
    spec = script(tmp_path, "sleepy.py", "open('me.pid', 'w').write(str(os.getpid()))\ntime.sleep(120)\n")
    started = time.monotonic()
    result, folder = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=0.5))
    assert time.monotonic() - started < 60  # a hang guard: the judge did not wait out the 120 s
    assert result.message == "time out" and result.score_a == -100 and result.winner == "B Win"
    assert result.log_text == "B Win\nA Score: -100\nB Score: 0\ntime out"
    assert len(started_pids) == 1
    assert pids_in(folder) in ([], started_pids)  # its own pid file, if it got that far, names it
    assert [gone(pid) for pid in started_pids] == [True]


def test_a_valid_move_then_a_non_zero_exit_is_a_time_out(tmp_path):
    spec = script(tmp_path, "fails.py", "print('UP')\nsys.exit(3)\n")
    result, _ = play_a(tmp_path, spec)
    assert result.message == "time out" and result.records == []
    assert any("status 3" in note for note in result.notes)


def test_a_crash_is_a_time_out(tmp_path):
    spec = script(tmp_path, "crash.py", "print('UP', flush=True)\nos.kill(os.getpid(), 9)\n")
    result, _ = play_a(tmp_path, spec)
    assert result.message == "time out" and result.records == []


def test_up_without_a_newline_loses_its_last_letter(tmp_path):
    spec = script(tmp_path, "bare.py", "sys.stdout.write('UP')\n")
    result, _ = play_a(tmp_path, spec)
    assert result.records[0] == ("A", "U")
    assert result.message == "invalid output format" and result.score_a == -100
    assert result.log_text.startswith("A U\nB Win\n")


def test_what_a_program_said_that_lost_it_the_game_is_noted_in_one_line(tmp_path):
    # the notes go to duel play's standard error and into the bench's list of what went wrong
    lower = script(tmp_path, "lower.py", "sys.stdin.read(); print('up')\n")
    result, _ = play_a(tmp_path, lower)
    assert result.message == "invalid output format"
    assert [n for n in result.notes if "printed" in n] == [
        f"{lower} (A, round 1): invalid output format: printed 'up\\n', expected one of UP, RIGHT, DOWN, LEFT "
        "and a newline"]
    left = script(tmp_path, "left.py", "sys.stdin.read(); print('LEFT')\n")  # A stands on the left edge
    result, _ = play_a(tmp_path, left)
    assert result.message == "invalid move"
    assert result.notes == [f"{left} (A, round 1): invalid move: LEFT leaves the board"]


def test_several_lines_are_logged_verbatim_and_replay(tmp_path):
    spec = script(tmp_path, "chatty.py", "print('thinking...')\nprint()\nprint('UP')\n")
    result, _ = play_a(tmp_path, spec)
    assert result.message == "invalid output format"
    assert result.log_text.startswith("A thinking...\n\nUP\nB Win\n")
    assert replay_log(small_board(), result.log_text, ONE_ROUND).text == result.log_text


def test_bytes_that_are_not_utf8_are_invalid_output_logged_with_replacement_characters(tmp_path):
    spec = script(tmp_path, "binary.py", "sys.stdout.buffer.write(b'\\xff\\xfeUP\\n')\n")
    result, _ = play_a(tmp_path, spec)
    assert result.message == "invalid output format"
    assert result.records[0] == ("A", "\ufffd\ufffdUP")
    # A valid move whose only fault is a stray byte at the end: still invalid, still replays.
    spec = script(tmp_path, "tail.py", "sys.stdout.buffer.write(b'UP\\xff')\n")
    result, _ = play_a(tmp_path / "t", spec)
    assert result.records[0] == ("A", "UP") and result.message == "invalid output format"
    assert replay_log(small_board(), result.log_text, ONE_ROUND).text == result.log_text


def test_a_flood_that_ends_in_time_is_invalid_output_with_a_bounded_record(tmp_path):
    spec = script(tmp_path, "flood.py", "sys.stdout.write('x' * (8 << 20))\n")
    result, _ = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=5.0))
    assert result.message == "invalid output format"
    assert len(result.records[0].text) == 64 * 1024 - 1
    assert any("more than" in note for note in result.notes)


def test_a_flood_that_never_ends_is_a_time_out_and_is_killed(tmp_path, started_pids):
    spec = script(tmp_path, "hose.py", "open('me.pid', 'w').write(str(os.getpid()))\n"
                                       "while True:\n    sys.stdout.write('x' * 65536)\n")
    result, folder = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=0.5))
    assert result.message == "time out"
    assert len(started_pids) == 1
    assert pids_in(folder) in ([], started_pids)  # its own pid file, if it got that far, names it
    assert [gone(pid) for pid in started_pids] == [True]


FORK = """
import subprocess
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], {streams})
open("child.pid", "w").write(str(child.pid))
print("UP")
"""


def test_a_forked_child_that_lets_go_of_stdout_is_killed_after_a_valid_move(tmp_path):
    spec = script(tmp_path, "forker.py", FORK.format(streams="stdout=subprocess.DEVNULL"))
    result, folder = play_a(tmp_path, spec)
    assert result.records[0] == ("A", "UP") and result.message == ""
    assert [gone(pid) for pid in pids_in(folder)] == [True]


def test_a_forked_child_that_holds_stdout_open_does_not_delay_the_move_and_is_killed(tmp_path):
    # The course's judge wrote the output to a file and read it when the program ended: a child
    # still holding that file changed nothing.
    spec = script(tmp_path, "holder.py", FORK.format(streams=""))
    started = time.monotonic()
    result, folder = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=10.0))
    # Waiting for the child (it sleeps 30 s) would have run past the 10 s limit: a time out, not
    # this move. The clock is only a hang guard.
    assert result.records[0] == ("A", "UP") and result.message == ""
    assert time.monotonic() - started < 25
    assert [gone(pid) for pid in pids_in(folder)] == [True]


def test_the_judge_works_without_pidfd(tmp_path, monkeypatch):
    """Where os.pidfd_open is missing (old kernels, macOS), the exit is polled instead."""
    monkeypatch.delattr("os.pidfd_open", raising=False)
    spec = script(tmp_path, "forker.py", FORK.format(streams=""))
    result, folder = play_a(tmp_path, spec)
    assert result.records[0] == ("A", "UP")
    assert [gone(pid) for pid in pids_in(folder)] == [True]
    spec = script(tmp_path, "sleepy.py", "time.sleep(30)\n")
    result, _ = play_a(tmp_path / "2", spec, DuelConfig(rounds=1, time_limit=0.3))
    assert result.message == "time out"


linux_proc = pytest.mark.skipif(not Path("/proc/self/environ").exists(),
                                reason="a child that left the group is found in /proc, on Linux only")

# A child that leaves the program's session and process group, so the group kill misses it. The
# program waits until the child has said where it is, so the child exists when the move ends.
ESCAPE = """
import subprocess
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True,
                         stdout=subprocess.DEVNULL)
open("child.pid", "w").write(str(child.pid))
print("UP", flush=True)
{after}
"""

# A daemon's double fork: the child starts a new session and forks again, then exits, so the
# grandchild belongs to init, not to the program; the program ends as soon as the grandchild runs.
DAEMON = """
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        open("tmp.pid", "w").write(str(os.getpid()))
        os.rename("tmp.pid", "daemon.pid")
        time.sleep(30)
    os._exit(0)
for _ in range(200):
    if os.path.exists("daemon.pid"):
        break
    time.sleep(0.01)
print("UP")
"""


@linux_proc
def test_a_child_that_leaves_the_process_group_is_killed_after_a_valid_move(tmp_path):
    spec = script(tmp_path, "escape.py", ESCAPE.format(after=""))
    result, folder = play_a(tmp_path, spec)
    assert result.records[0] == ("A", "UP") and result.message == ""
    assert [gone(pid) for pid in pids_in(folder)] == [True]


@linux_proc
def test_a_child_that_leaves_the_process_group_is_killed_when_the_program_times_out(tmp_path):
    spec = script(tmp_path, "escape.py", ESCAPE.format(after="time.sleep(30)"))
    result, folder = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=3.0))
    assert result.message == "time out"
    assert [gone(pid) for pid in pids_in(folder)] == [True]


@linux_proc
def test_a_daemon_made_by_a_double_fork_is_killed(tmp_path):
    spec = script(tmp_path, "daemon.py", DAEMON)
    result, folder = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=5.0))
    assert result.records[0] == ("A", "UP") and result.message == ""
    assert [gone(pid) for pid in pids_in(folder)] == [True]


@linux_proc
def test_children_that_keep_leaving_and_forking_are_all_killed(tmp_path):
    # Each of the program's children starts its own session and forks more of its kind while it
    # lives; every pid any of them wrote down is gone once the move is over.
    spec = script(tmp_path, "swarm.py", """
def spawn(depth):
    if os.fork() == 0:
        os.setsid()
        open(f"{os.getpid()}.pid", "w").write(str(os.getpid()))
        if depth < 4:
            spawn(depth + 1)
            spawn(depth + 1)
        time.sleep(30)
        os._exit(0)
spawn(0)
time.sleep(0.3)
print("UP")
""")
    result, folder = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=5.0))
    assert result.records[0] == ("A", "UP")
    pids = pids_in(folder)
    assert len(pids) > 3   # the swarm had grown before the move ended
    assert all(gone(pid) for pid in pids)


@linux_proc
def test_only_the_runs_own_processes_are_killed(tmp_path):
    # During its move the program starts three children in sessions of their own: one that keeps
    # its environment (the run's mark), one with another run's mark and one with no mark at all.
    # Only the first is the run's to kill; the judge cannot tell the others from anyone else's.
    spec = script(tmp_path, "three.py", """
import subprocess
def start(name, env):
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True,
                             env=env, stdout=subprocess.DEVNULL)
    open(name, "w").write(str(child.pid))
start("mine.pid", dict(os.environ))
start("other.keep", {**os.environ, "TREASURE_DUEL_RUN": "another-run"})
start("bare.keep", {k: v for k, v in os.environ.items() if k != "TREASURE_DUEL_RUN"})
print("UP")
""")
    folder = tmp_path / "work" / "A"
    try:
        result, _ = play_a(tmp_path, spec)
        assert result.records[0] == ("A", "UP")
        assert [gone(pid) for pid in pids_in(folder)] == [True]
        others = [int((folder / name).read_text()) for name in ("other.keep", "bare.keep")]
        assert [gone(pid, within=0.5) for pid in others] == [False, False]
    finally:
        for name in ("other.keep", "bare.keep"):
            try:
                os.kill(int((folder / name).read_text()), signal.SIGKILL)
            except (OSError, ValueError):
                pass


EXIT_SYSCALL = {"x86_64": 60, "aarch64": 93}.get(platform.machine())

# A child in a session of its own whose main thread ends (the exit system call, not exit_group)
# while another thread runs on: /proc/PID/environ then reads as gone while the process lives on.
# The program answers once the child's main thread has ended.
LEADER = """
import ctypes, os, threading, time
threading.Thread(target=time.sleep, args=(30,)).start()
open("t.tmp", "w").write(str(os.getpid()))
os.rename("t.tmp", "headless.pid")
ctypes.CDLL(None).syscall(NR, 0)
"""
HEADLESS = """
import subprocess
subprocess.Popen([sys.executable, "-c", LEADER], start_new_session=True)
end = time.monotonic() + 10
while time.monotonic() < end:
    try:
        pid = int(open("headless.pid").read())
        if open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] == "Z":
            break
    except (OSError, ValueError):
        pass
    time.sleep(0.01)
print("UP")
"""


def threads_gone(pid: int, within: float = 2.0) -> bool:
    """Every thread of the process has ended (zombies count as ended)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except FileNotFoundError:
            return True
        if all(ended(int(tid)) for tid in tids):
            return True
        time.sleep(0.02)
    return False


@linux_proc
@pytest.mark.skipif(EXIT_SYSCALL is None, reason="the exit system call's number is known for x86_64 and aarch64")
def test_a_child_whose_main_thread_has_ended_is_killed(tmp_path):
    leader = LEADER.replace("NR", str(EXIT_SYSCALL))
    spec = script(tmp_path, "headless.py", f"LEADER = {leader!r}\n" + HEADLESS)
    folder = tmp_path / "work" / "A"
    try:
        result, _ = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=15.0))
        assert result.records[0] == ("A", "UP")
        pid = int((folder / "headless.pid").read_text())
        assert ended(pid)                   # its main thread had ended before the move did
        assert threads_gone(pid)
    finally:
        try:
            os.kill(int((folder / "headless.pid").read_text()), signal.SIGKILL)
        except (OSError, ValueError):
            pass


def test_what_the_judge_reads_in_proc_tells_the_runs_processes_from_the_rest():
    from game.duel.judge import CLEAR, MARKED, PENDING, classify

    mark = b"TREASURE_DUEL_RUN=abc"
    assert classify(b"HOME=/root\0TREASURE_DUEL_RUN=abc\0", mark) == MARKED
    assert classify(b"TREASURE_DUEL_RUN=abcd\0", mark) == CLEAR          # another run's mark
    assert classify(b"X_TREASURE_DUEL_RUN=abc\0", mark) == CLEAR
    assert classify(b"HOME=/root\0", mark) == CLEAR
    # An empty environment: the stat line (after the command's name) and the command line decide.
    running = "4242 (python3) R 1 4242 4242 0 -1 4194560 0 0"
    assert classify(b"", mark, running, b"") == PENDING                  # in the middle of exec
    assert classify(b"", mark, running, b"python3\0-c\0") == CLEAR       # started with no environment
    assert classify(b"", mark, "4242 (python3) Z 1 4242 4242 0 -1 4194560 0 0", b"") == CLEAR
    assert classify(b"", mark, "77 (kworker/1:2-events) I 2 0 0 0 -1 69238880 0 0", b"") == CLEAR
    assert classify(b"", mark, "4242 (a) b) R 1 4242 4242 0 -1 4194560 0 0", b"") == PENDING  # ")" in a name
    assert classify(b"", mark, "", b"") == CLEAR                         # gone before its stat was read


def test_the_working_folder_is_kept_between_moves_and_holds_stderr(tmp_path):
    spec = script(tmp_path, "memory.py", """
seen = open("notes.txt").read() if os.path.exists("notes.txt") else ""
open("notes.txt", "a").write("x")
print("remembered " + seen, file=sys.stderr)
print("RIGHT" if seen == "" else ("DOWN" if seen == "x" else "NOPE"))
""")
    result = play_match(small_board(), spec, FirstLegal(), config=DuelConfig(rounds=2, time_limit=2.0),
                        workdir=tmp_path / "work")
    assert [text for player, text in result.records if player == "A"] == ["RIGHT", "DOWN"]
    folder = tmp_path / "work" / "A"
    assert (folder / "notes.txt").read_text() == "xx"
    log = (folder / "stderr.txt").read_text()
    assert "remembered \n" in log and "remembered x\n" in log and "round 2, A" in log
    assert not (tmp_path / "work" / "B").exists() or not (tmp_path / "work" / "B" / "notes.txt").exists()


def test_both_programs_get_separate_folders(tmp_path):
    spec = script(tmp_path, "where.py", "open('here.txt', 'w').write(os.getcwd())\nprint('UP')\n")
    play_match(small_board(), spec, spec, config=ONE_ROUND, workdir=tmp_path / "work")
    a = (tmp_path / "work" / "A" / "here.txt").read_text()
    b = (tmp_path / "work" / "B" / "here.txt").read_text()
    assert Path(a).name == "A" and Path(b).name == "B"


def test_a_missing_or_non_executable_command_is_a_time_out_with_a_note(tmp_path):
    result, _ = play_a(tmp_path, f"cmd:{tmp_path}/no-such-bot --fast")
    assert result.message == "time out" and result.score_a == -100
    assert len(result.notes) == 1 and "no-such-bot" in result.notes[0]
    plain = tmp_path / "plain.sh"
    plain.write_text("#!/bin/sh\necho UP\n")
    plain.chmod(stat.S_IRUSR | stat.S_IWUSR)
    result, _ = play_a(tmp_path / "2", f"cmd:{plain}")
    assert result.message == "time out" and "Permission denied" in result.notes[0]


def test_a_shell_script_works_without_a_shell_in_between(tmp_path):
    bot = tmp_path / "bot.sh"
    bot.write_text("#!/bin/sh\ncat > /dev/null\necho UP\n")
    bot.chmod(0o755)
    result, _ = play_a(tmp_path, f"cmd:{bot}")
    assert result.records[0] == ("A", "UP")
    # Shell syntax is not interpreted: ';' reaches the program as an argument.
    argv = split_command(f"{bot} ; rm -rf /", base=tmp_path)
    assert argv[1:] == [";", "rm", "-rf", "/"]


def test_a_temporary_working_folder_is_removed_after_the_game(tmp_path):
    spec = script(tmp_path, "tell.py", f"open({str(tmp_path / 'cwd.txt')!r}, 'w').write(os.getcwd())\nprint('UP')\n")
    play_match(small_board(), spec, FirstLegal(), config=ONE_ROUND)
    used = Path((tmp_path / "cwd.txt").read_text())
    assert used.name == "A" and not used.exists()


def test_run_program_reports_time_including_start_up(tmp_path):
    run = run_program([sys.executable, "-c", "print('UP')"], "1\n", tmp_path, 5.0)
    assert run.output == "UP\n" and run.status == "ok" and 0 < run.seconds < 5


def test_relative_paths_in_a_command_are_made_absolute_against_where_the_judge_started(tmp_path):
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "mine.py").write_text("print('UP')\n")
    argv = split_command("python3 bots/mine.py --depth 3 'two words'", base=tmp_path)
    assert argv == ["python3", str(tmp_path / "bots" / "mine.py"), "--depth", "3", "two words"]
    assert split_command("./missing-bot", base=tmp_path) == ["./missing-bot"]
    with pytest.raises(ValueError):
        split_command("   ")


def test_a_run_can_be_cancelled_from_another_thread_and_leaves_nothing(tmp_path):
    import threading

    (tmp_path / "slow.py").write_text("import os, time\nopen('me.pid', 'w').write(str(os.getpid()))\n"
                                      "time.sleep(120)\n")
    cancel = threading.Event()
    cancelled_at = []

    def cancel_once_it_runs():
        # Cancel only once the program has written its pid, so the pid can be checked below;
        # the deadline is a hang guard (cancelling anyway leaves no pid file: the test fails).
        pid_file = tmp_path / "me.pid"
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if pid_file.read_text().strip().isdigit():  # created, and the pid written
                    break
            except FileNotFoundError:
                pass
            time.sleep(0.02)
        cancelled_at.append(time.monotonic())
        cancel.set()

    canceller = threading.Thread(target=cancel_once_it_runs, daemon=True)
    canceller.start()
    run = run_program([sys.executable, str(tmp_path / "slow.py")], "1\n", tmp_path, 300.0, cancel=cancel)
    canceller.join(5)
    assert run.status == "cancelled" and run.output is None
    assert time.monotonic() - cancelled_at[0] < 30  # a hang guard: the program sleeps 120 s
    assert [gone(pid) for pid in pids_in(tmp_path)] == [True]


def test_a_program_that_floods_its_stderr_keeps_a_bounded_file_and_its_move(tmp_path):
    from game.duel.judge import STDERR_CAP

    spec = script(tmp_path, "noisy.py", "sys.stderr.write('e' * (8 << 20))\nsys.stderr.flush()\nprint('UP')\n")
    result, folder = play_a(tmp_path, spec, DuelConfig(rounds=1, time_limit=5.0))
    assert result.records[0] == ("A", "UP") and result.message == ""
    size = (folder / "stderr.txt").stat().st_size
    assert STDERR_CAP <= size < STDERR_CAP + 200
    assert (folder / "stderr.txt").read_bytes().endswith(f"stops at {STDERR_CAP} bytes]\n".encode())


JUDGE = """
import sys
from game.duel.judge import run_program
run_program([sys.executable, {bot!r}], "", {cwd!r}, 60.0)
"""


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_a_judge_stopped_by_a_signal_kills_the_program_it_runs(tmp_path, signame):
    import subprocess

    bot = tmp_path / "sleeper.py"
    # On Linux the program also starts a child in a session of its own, which must go too.
    escape = Path("/proc/self/environ").exists()
    bot.write_text("import os, subprocess, sys, time\n"
                   + ("child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)'], "
                      "start_new_session=True)\nopen('child.pid', 'w').write(str(child.pid))\n" if escape else "")
                   + "open('bot.pid', 'w').write(str(os.getpid()))\ntime.sleep(60)\n")
    # The judge keeps a signal someone chose to ignore (a suite started under `nohup` hands down
    # SIGHUP ignored, and the judge must respect that): the signal at its default, as from a shell.
    signum = getattr(signal, signame)
    judge = subprocess.Popen([sys.executable, "-c", JUDGE.format(bot=str(bot), cwd=str(tmp_path))],
                             cwd=Path(__file__).resolve().parents[2],
                             preexec_fn=lambda: signal.signal(signum, signal.SIG_DFL))
    try:
        end = time.monotonic() + 20
        while not (tmp_path / "bot.pid").exists() and time.monotonic() < end:
            time.sleep(0.02)
        pid = int((tmp_path / "bot.pid").read_text())
        judge.send_signal(getattr(signal, signame))
        assert judge.wait(10) == 128 + getattr(signal, signame)  # the shell's status for that signal
        assert gone(pid)
        if escape:
            assert gone(int((tmp_path / "child.pid").read_text()))
    finally:
        judge.kill()
        judge.wait()


@linux_proc
def test_the_stray_bot_example_leaves_nothing_running(tmp_path):
    # examples/duel_stray_bot.py leaves a child in a session of its own on every move.
    example = Path(__file__).resolve().parents[2] / "examples" / "duel_stray_bot.py"
    spec = f"cmd:{PY} {shlex.quote(str(example))}"
    result = play_match(small_board(), spec, FirstLegal(), config=DuelConfig(rounds=6, time_limit=5.0),
                        workdir=tmp_path / "work")
    assert [player for player, _ in result.records].count("A") == 6 and result.message == ""
    folder = str(tmp_path / "work" / "A")
    left = []
    for entry in os.listdir("/proc"):
        try:
            if b"duel-stray-child" in Path(f"/proc/{entry}/cmdline").read_bytes() \
                    and os.readlink(f"/proc/{entry}/cwd") == folder and not ended(int(entry)):
                left.append(int(entry))
        except (OSError, ValueError):
            continue
    assert left == []
