import time

import pytest

from game.shell.clock import FakeClock, SystemClock


def test_fake_clock_moves_only_when_advanced():
    clock = FakeClock(start=10.0)
    assert clock.now() == 10.0
    assert clock.now() == 10.0
    clock.advance(0.5)
    clock.advance(0.25)
    assert clock.now() == pytest.approx(10.75)


def test_fake_clock_refuses_to_run_backwards():
    clock = FakeClock()
    with pytest.raises(ValueError):
        clock.advance(-0.1)
    assert clock.now() == 0.0


def test_system_clock_is_perf_counter_and_monotonic():
    clock = SystemClock()
    before = time.perf_counter()
    first = clock.now()
    second = clock.now()
    assert before <= first <= second
