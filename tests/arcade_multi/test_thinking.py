"""The thinking worker: decisions happen off the frame loop, and leaving never waits for them."""

import sys
import threading

from game.arcade.thinking import Thinker
from game.shell.clock import FakeClock


def test_a_job_runs_on_another_thread_and_is_collected_once():
    gate = threading.Event()
    seen = {}

    def decide():
        seen["thread"] = threading.current_thread()
        gate.wait(5)
        return "UP"

    thinker = Thinker()
    job = thinker.start(decide, tag="round 1")
    assert thinker.busy
    assert thinker.poll() is None  # still thinking: the frame goes on
    gate.set()
    assert job.wait(5)
    done = thinker.poll()
    assert done is job and done.result == "UP" and done.tag == "round 1"
    assert seen["thread"] is not threading.main_thread()
    assert thinker.poll() is None and not thinker.busy


def test_an_exception_is_handed_over_not_raised():
    thinker = Thinker(synchronous=True)
    thinker.start(lambda: 1 / 0)
    job = thinker.poll()
    assert isinstance(job.error, ZeroDivisionError) and job.result is None


def test_cancel_runs_the_kill_hook_at_once_and_drops_the_late_result():
    gate = threading.Event()
    killed = []
    thinker = Thinker()
    job = thinker.start(lambda: gate.wait(5) and "LEFT", on_cancel=lambda: killed.append(True))
    thinker.cancel()  # leaving the game: must not wait for the bot
    assert killed == [True] and not thinker.busy
    gate.set()
    job.wait(5)
    assert thinker.poll() is None  # the cancelled job's answer never arrives


def test_starting_a_new_job_cancels_the_old_one():
    gate = threading.Event()
    killed = []
    thinker = Thinker()
    thinker.start(lambda: gate.wait(5), on_cancel=lambda: killed.append("old"))
    new = thinker.start(lambda: "new")
    new.wait(5)
    gate.set()
    assert killed == ["old"]
    assert thinker.poll().result == "new"


def test_indicator_time_comes_from_the_injected_clock():
    clock = FakeClock()
    gate = threading.Event()
    thinker = Thinker(clock=clock)
    thinker.start(lambda: gate.wait(5))
    clock.advance(1.5)
    assert thinker.thinking_for == 1.5
    gate.set()
    thinker.job.wait(5)
    assert thinker.thinking_for == 0.0


def test_switch_interval_is_restored_when_idle():
    before = sys.getswitchinterval()
    thinker = Thinker(synchronous=True)
    thinker.start(lambda: sys.getswitchinterval())
    job = thinker.poll()
    assert job.result < before or before <= 0.0005
    assert sys.getswitchinterval() == before
