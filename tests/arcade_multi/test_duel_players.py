"""Players off the frame loop: bots in their own process, cmd: programs killed when left."""

import os
import sys
import textwrap
import time

import pytest

from game.duel.arcade.botproc import BotCrashed, BotProcess
from game.duel.arcade.programs import ProgramFault, ProgramRun, read_output
from game.duel.arcade.session import DuelSession
from game.duel.rules import INVALID_OUTPUT, TIME_OUT, legal_moves, observe

from .helpers import board


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_a_bot_in_its_own_process_answers_like_in_process_and_close_kills_it():
    state = DuelSession(board(), {"A": "greedy", "B": "greedy"}).state
    proc = BotProcess("greedy", 0, 0.3)
    move, reason = proc.decide(observe(state))
    from game.duel.bots import make_bot

    expected = make_bot("greedy", 0, 0.3).act(observe(state))
    assert move == expected.move and reason == expected.reason
    pid = proc.pid
    assert alive(pid)
    proc.close()
    assert not alive(pid)
    with pytest.raises(BotCrashed):
        proc.decide(observe(state))


def test_a_session_with_process_bots_plays_and_leaves_no_process():
    session = DuelSession(board(), {"A": "greedy", "B": "walker"}, process_bots=True)
    session.play_sync(6)
    assert len(session.history) == 7
    pids = [seat.proc.pid for seat in session.seats.values()]
    session.close()
    assert not any(alive(pid) for pid in pids)


def test_program_output_is_read_as_the_course_judge_reads_it():
    assert read_output(b"UP\n") == "UP" and read_output(b"LEFT\r\n") == "LEFT" and read_output(b"DOWN\r") == "DOWN"
    for bad in (b"UP", b"UP\n\n", b" UP\n", b"\xffUP\n"):
        with pytest.raises(ProgramFault) as info:
            read_output(bad)
        assert info.value.fault == INVALID_OUTPUT


@pytest.fixture
def program(tmp_path):
    def write(body):
        path = tmp_path / "bot.py"
        path.write_text(textwrap.dedent(body))
        return f"{sys.executable} {path}"
    return write


def test_a_program_move_and_its_failures(program, tmp_path):
    state = DuelSession(board(), {"A": "human", "B": "human"}).state
    text = observe(state).to_text()
    good = program("import sys; sys.stdin.read(); print('RIGHT')")
    assert ProgramRun(good, text, 5.0, str(tmp_path)).run() == ("RIGHT", "")
    crash = program("import sys; sys.stdin.read(); print('RIGHT'); sys.exit(3)")
    with pytest.raises(ProgramFault) as info:
        ProgramRun(crash, text, 5.0, str(tmp_path)).run()
    assert info.value.fault == TIME_OUT  # the course: a non-zero exit is a time out


def test_a_program_is_run_by_the_judge_in_the_arcade_too(program, tmp_path):
    """Its stderr goes to stderr.txt in its folder; a flood of output is cut (invalid output, not
    memory without end); a child left holding the output open does not delay the move; the
    time-out says the limit."""
    text = "1\n"
    talker = program("import sys; sys.stdin.read(); print('thinking', file=sys.stderr); print('UP')")
    assert ProgramRun(talker, text, 5.0, str(tmp_path)).run() == ("UP", "")
    assert "thinking" in (tmp_path / "stderr.txt").read_text()
    flood = program("import sys; sys.stdin.read(); sys.stdout.write('x' * 5_000_000)")
    with pytest.raises(ProgramFault) as info:
        ProgramRun(flood, text, 10.0, str(tmp_path)).run()
    assert info.value.fault == INVALID_OUTPUT
    leaver = program("""
        import os, sys, time
        sys.stdin.read()
        if os.fork() == 0:
            time.sleep(30)
        print('LEFT')
    """)
    started = time.perf_counter()
    assert ProgramRun(leaver, text, 20.0, str(tmp_path)).run() == ("LEFT", "")
    assert time.perf_counter() - started < 10
    sleeper = program("import time; time.sleep(30)")
    with pytest.raises(ProgramFault) as info:
        ProgramRun(sleeper, text, 0.5, str(tmp_path)).run()
    assert info.value.fault == TIME_OUT and "0.5 s" in str(info.value)


def test_leaving_kills_a_thinking_program_at_once(program, tmp_path):
    import threading

    # On Linux it also starts a child in a session of its own, which leaving must end too.
    escape = os.path.exists("/proc/self/environ")
    slow = program(f"""
        import os, subprocess, sys, time
        sys.stdin.read()
        if {escape}:
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True)
            open("child.tmp", "w").write(str(child.pid))
            os.rename("child.tmp", "child.pid")
        time.sleep(30)
        print("UP")
    """)
    run = ProgramRun(slow, "1\n", 60.0, str(tmp_path))
    outcomes = []  # what run() ended with, as the thinking worker sees it

    def think():
        try:
            outcomes.append(run.run())
        except BaseException as error:  # noqa: BLE001 - the test asserts which one below
            outcomes.append(error)

    thread = threading.Thread(target=think, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20  # a hang guard: starting a process is quick
        while run.pid is None and time.monotonic() < deadline:
            time.sleep(0.01)
        pid = run.pid
        assert pid is not None, "the program never started"
        assert alive(pid)
        while escape and not (tmp_path / "child.pid").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        started = time.perf_counter()
        run.kill()
        thread.join(5)
        assert not thread.is_alive() and time.perf_counter() - started < 5
    finally:
        run.kill()
        thread.join(30)
    assert not alive(pid)
    if escape:
        child = int((tmp_path / "child.pid").read_text())
        end = time.monotonic() + 5   # killed by the thinking worker as its run ends
        while alive(child) and time.monotonic() < end:
            time.sleep(0.02)
        assert not alive(child)
    assert len(outcomes) == 1, outcomes
    fault = outcomes[0]
    assert isinstance(fault, ProgramFault), fault
    assert fault.fault == TIME_OUT and str(fault) == "cancelled"


def test_a_program_player_in_a_session_moves(program):
    cmd = program("""
        import sys
        words = sys.stdin.read().split()
        print('RIGHT' if words[-1] == 'A' else 'UP')
    """)
    session = DuelSession(board(), {"A": "cmd:" + cmd, "B": "walker"})
    session.play_sync(2)
    assert session.history[1].player == "A" and session.history[1].move == "RIGHT"
    assert session.history[1].fault == ""
    session.close()


def test_a_human_facing_no_legal_move_loses_by_the_rule():
    from game.duel.board import DuelBoard

    boxed = DuelBoard(["Axm", "xmB"])
    session = DuelSession(boxed, {"A": "human", "B": "human"})
    assert legal_moves(session.state) == []
    entry = session.human_move("RIGHT")
    assert session.over and entry.fault == "invalid move"
