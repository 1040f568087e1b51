"""The benches' progress report: plain lines in a log, rich's bar on a terminal, never on stdout."""

import io
import os
import signal
import time

import pytest

from game.tournament.cli import Progress, sigterm_as_interrupt


def test_a_log_gets_a_line_at_every_tenth_and_a_guess_only_once_a_game_has_finished():
    stream = io.StringIO()
    bar = Progress("duel bench", stream=stream)
    for done in range(0, 101):
        bar(done, 100)
    bar.stop()
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11
    assert lines[0].startswith("duel bench: 0/100 games, ") and "left" not in lines[0]
    assert all("about" in line and line.endswith("s left") for line in lines[1:10])
    assert lines[-1].startswith("duel bench: 100/100 games, ") and "left" not in lines[-1]


def test_a_resumed_run_guesses_from_the_games_it_plays_not_the_stored_ones():
    stream = io.StringIO()
    bar = Progress("bench", stream=stream)
    bar(50, 100)  # found 50 in the database
    bar(60, 100)
    first, second = stream.getvalue().splitlines()
    assert first.startswith("bench: 50/100 games") and "left" not in first
    assert "about" in second


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_on_a_terminal_the_bar_is_drawn_on_its_stream_and_never_on_stdout(capsys):
    pytest.importorskip("rich")
    stream = _Terminal()
    bar = Progress("sy bench", stream=stream)
    assert bar.bar is not None
    for done in (3, 4, 10):  # a resumed run: the first call counts stored games
        bar(done, 10)
    bar.stop()
    assert "sy bench" in stream.getvalue() and "10/10" in stream.getvalue()
    assert capsys.readouterr().out == ""


def test_sigterm_inside_is_an_interrupt_and_the_handler_is_put_back():
    before = signal.getsignal(signal.SIGTERM)
    with pytest.raises(KeyboardInterrupt):
        with sigterm_as_interrupt():
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)  # the handler raises as soon as the signal is handled
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_sigterm_the_caller_ignores_stays_ignored():
    # e.g. a batch system or a parent that set SIGTERM to SIG_IGN before starting the bench
    before = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        with sigterm_as_interrupt():
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGTERM)   # ignored: no interrupt, no exit
            time.sleep(0.05)
        assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGTERM, before)
