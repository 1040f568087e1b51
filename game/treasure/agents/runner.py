"""Play one game: an agent against the engine, recording the log.

The agent is not trusted. Whatever it does wrong costs it that action, as a logged
:class:`~game.treasure.actions.Forfeit` (RULES §4), and never stops the game:

* ``act()`` or ``start()`` raises: the forfeit's reason is the exception and where it was raised
  (a one-line traceback summary: the agent's innermost frame);
* it returns something that is not one of the game's actions, or an action whose fields have
  the wrong type (``Teleport(1.0, 2.0)``, ``MoveSmall("N", True)``, a bare ``Action()``, a
  subclass); numpy integers are accepted as the numbers they are;
* it gives a reason that is not a string (a string reason is kept, on one line: newlines and
  other control characters escaped, at most :data:`~game.treasure.log.MAX_TEXT` characters);
* it takes longer than the time limit (default :data:`DEFAULT_TIME_LIMIT` seconds, ``--agent-time``).

Nothing the agent hands back is used as is: :func:`ask_agent` reads it once, on the agent's own
worker thread, into fresh plain values (ints, one-line strings), so a strange object cannot run
code later, and no memory address or other run-dependent text reaches the LOG.

**The time limit.** A Python thread cannot be stopped from outside. Each game's agent runs on
its own daemon worker thread; the game waits at most the limit for an answer. An agent that
runs out of time forfeits that action and is *retired* for the rest of the game: every later
action is forfeited at once, without asking it ("retired after running out of time on action
k"). It is never asked again because its late call may still be running and changing its
memory at any moment, so nothing it says afterwards can be trusted, and because asking a hung
agent again would leave one more stuck thread per action. Its late answer is discarded. The
result is deterministic for an agent that hangs, the game always ends (the pirate walks on),
and the process can always exit (the worker is a daemon thread; at most one is left per game
whose agent hung, and it dies with the process).
"""

from __future__ import annotations

import numbers
import os
import re
import threading
import time
import traceback
import weakref
from dataclasses import dataclass, field
from typing import Callable

from game.treasure.actions import Action, Forfeit, LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.board import Board
from game.treasure.config import RulesConfig
from game.treasure.engine import GameState, action_error, new_game, step
from game.treasure.events import Event
from game.treasure.log import GameLog, map_header, one_line
from game.treasure.observation import Observation, observe

from .base import Agent, Decision

DEFAULT_TIME_LIMIT = 10.0  # seconds per action (and for start())
CRASH, NO_ANSWER, RETIRED = "(crash)", "(no answer)", "(retired)"


@dataclass
class PlayedAction:
    action: Action
    reason: str
    by: str
    turn: int


@dataclass
class GameRecord:
    state: GameState
    log: GameLog
    actions: list[PlayedAction] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    invalid_actions: int = 0
    errors: int = 0  # forfeits because the agent raised, timed out or was retired
    timed_out: bool = False  # the agent ran out of time once and was retired

    @property
    def result(self) -> str | None:
        return self.state.outcome


def as_decision(returned: object) -> Decision:
    """Kept for callers of the old runner: use :func:`read_answer` for untrusted agents."""
    if isinstance(returned, Decision):
        return returned
    return Decision(returned, "")  # type: ignore[arg-type]  # not an Action: the engine refuses it


# --- reading an agent's answer ------------------------------------------------------------------

def safe_text(value: object, limit: int = 60) -> str:
    """What a returned object looks like in a LOG line: its repr on one line, cut to ``limit``,
    with memory addresses removed (``<object object at 0x7f...>`` differs from run to run)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001
        text = f"<{type(value).__name__}>"
    if type(text) is not str:
        text = f"<{type(value).__name__}>"
    text = _strip_addresses(text[: 4 * limit])
    return one_line(text, limit)


def _strip_addresses(text: str) -> str:
    return re.sub(r" at 0x[0-9a-fA-F]+", "", text)


def _whole(name: str, value: object) -> int:
    if isinstance(value, bool) or type(value).__name__ in ("bool_", "bool") or \
            not isinstance(value, numbers.Integral):
        raise _Wrong(f"{name} must be a whole number, not {safe_text(value, 30)} ({type(value).__name__})")
    number = int(value)
    if not -(2**31) <= number < 2**31:
        raise _Wrong(f"{name} is out of range")
    return number


class _Wrong(Exception):
    """An answer of the wrong shape; the message is the forfeit's reason."""


def canonical_action(action: object) -> Action:
    """A fresh action of the game's own classes with plain field values; raises ``_Wrong``."""
    kind = type(action)
    if kind is Verify:
        return Verify(_whole("VERIFY's hint number", action.hint))
    if kind is MoveSmall or kind is MoveLarge:
        direction = action.direction
        if not isinstance(direction, str) or str.__str__(direction) not in ("N", "E", "S", "W"):
            raise _Wrong(f"the direction must be one of N, E, S, W, not {safe_text(direction, 30)}")
        return kind(str.__str__(direction), _whole("the number of tiles", action.steps))
    if kind is LargeScan:
        return LargeScan()
    if kind is Teleport:
        return Teleport(_whole("TELEPORT's row", action.row), _whole("TELEPORT's column", action.col))
    if kind is Forfeit:  # an agent may give up an action on purpose
        if not (isinstance(action.attempted, str) and isinstance(action.reason, str)):
            raise _Wrong("a FORFEIT needs text for what was attempted and why")
        return Forfeit(one_line(action.attempted, 60), one_line(action.reason))
    if isinstance(action, Action):
        raise _Wrong(f"a {kind.__name__} is not one of the game's actions (VERIFY, MOVE_SMALL, MOVE_LARGE, "
                     "LARGE_SCAN, TELEPORT)")
    raise _Wrong("the agent returned something that is not an action")


def read_answer(returned: object) -> Decision:
    """The agent's return value as a :class:`Decision` of plain values, or a Forfeit saying
    what is wrong with it. Call it where the agent's code may run (it reads attributes)."""
    action, reason = returned, ""
    if isinstance(returned, Decision):
        action, reason = returned.action, returned.reason
    try:
        if reason is None:
            reason = ""
        if not isinstance(reason, str):
            raise _Wrong(f"the reason must be text, not a {type(reason).__name__}")
        return Decision(canonical_action(action), one_line(reason))
    except _Wrong as wrong:
        return Decision(Forfeit(safe_text(action), one_line(str(wrong))), "")


def _answer(agent: Agent, obs: Observation) -> Decision:
    """The whole of asking: act(), reading its answer, and summarising its exception. Runs
    inside the time limit, because each step may run the agent's code (``__repr__``,
    ``__str__``, ``__int__``, properties), and never raises an ``Exception``."""
    try:
        return read_answer(agent.act(obs))
    except Exception as exc:  # noqa: BLE001 - anything the agent raised
        return Decision(Forfeit(CRASH, f"the agent raised {crash_summary(exc)}"), "")


def _start(agent: Agent, obs: Observation) -> str | None:
    try:
        agent.start(obs)
    except Exception as exc:  # noqa: BLE001
        return f"start() raised {crash_summary(exc)}"
    return None


def crash_summary(exc: BaseException) -> str:
    """``ZeroDivisionError: division by zero (in act, my_agent.py:12)``: the exception and the
    innermost frame it was raised in, on one line, without memory addresses."""
    try:
        message = str(exc)
    except Exception:  # noqa: BLE001
        message = "?"
    text = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    frames = traceback.extract_tb(exc.__traceback__)
    if frames:
        last = frames[-1]
        text += f" (in {last.name}, {os.path.basename(last.filename)}:{last.lineno})"
    return one_line(_strip_addresses(text), 160)


# --- asking, with a time limit ------------------------------------------------------------------

class AgentWorker:
    """One agent's daemon thread: runs its calls one at a time and waits at most ``limit``.

    After a call runs out of time the worker is *stuck* (the call may go on for ever): every
    later :meth:`call` fails at once with :class:`TimeoutError`, and the thread dies with the
    process. :meth:`close` ends an idle worker's thread."""

    _STOP = object()

    def __init__(self, name: str = "agent") -> None:
        self._name = name
        self._thread: threading.Thread | None = None
        self._job: object = None
        self._result: tuple[bool, object] = (True, None)
        # Two plain locks used as signals: the cheapest hand-over between two threads.
        self._go = threading.Lock()
        self._go.acquire()
        self._done = threading.Lock()
        self._done.acquire()
        # One call at a time: the arcade may ask again (a new position) while a call it gave up on
        # still runs; without this the hand-over above would give the new caller the old answer.
        self._calls = threading.Lock()
        self._closing = False  # close() came during a call: end the thread after it
        self.stuck = False

    def _loop(self) -> None:
        while True:
            self._go.acquire()
            job, self._job = self._job, None
            if job is AgentWorker._STOP:
                return
            try:
                self._result = (True, job())
            except BaseException as exc:  # noqa: BLE001 - SystemExit, KeyboardInterrupt from the agent too
                self._result = (False, exc)
            job = None  # drop the agent's objects before waiting for the next call
            self._done.release()

    def call(self, job: Callable[[], object], limit: float | None) -> tuple[bool, object]:
        """Run ``job()`` on the worker: ``(True, value)`` or ``(False, the exception it raised)``.
        TimeoutError past ``limit`` (and on every call after that). ``limit`` None: no thread,
        the job runs here (and a KeyboardInterrupt in it is the caller's). Calls from several
        threads run one after the other, each getting its own job's answer."""
        with self._calls:
            try:
                return self._call(job, limit)
            finally:
                if self._closing:
                    self._closing = False
                    self._stop()

    def _call(self, job: Callable[[], object], limit: float | None) -> tuple[bool, object]:
        if self.stuck:
            raise TimeoutError("the agent's earlier call is still running")
        if limit is None:
            try:
                return True, job()
            except (KeyboardInterrupt, SystemExit):
                raise
            except Exception as exc:  # noqa: BLE001
                return False, exc
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name=f"agent-{self._name}", daemon=True)
            self._thread.start()
        self._job = job
        self._go.release()
        if not self._done.acquire(timeout=max(limit, 0.0)):
            self.stuck = True
            raise TimeoutError(f"no answer within {limit:g} s")
        result, self._result = self._result, (True, None)
        return result

    def submit(self, job: Callable[[], object]) -> None:
        """Start ``job()`` on the worker without waiting; :meth:`collect` after it has finished."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._loop, name=f"agent-{self._name}", daemon=True)
            self._thread.start()
        self._job = job
        self._go.release()

    def collect(self) -> None:
        """After a submitted job is known to have finished: make the worker ready again."""
        self._done.acquire()
        self._result = (True, None)

    def mark_idle(self, idle: bool) -> None:
        """Say on the thread whether it waits, idle, for a next game (a tournament's worker
        process is then not replaced for it: game.tournament.executors)."""
        if self._thread is not None:
            self._thread.idle_between_games = idle

    def close(self) -> None:
        """End the thread now if it is idle, or as soon as the call under way returns (a stuck
        one is left to die with the process). Never waits for the agent."""
        if not self._calls.acquire(blocking=False):
            self._closing = True
            return
        try:
            self._stop()
        finally:
            self._calls.release()

    def _stop(self) -> None:
        if self._thread is not None and not self.stuck:
            thread, self._thread = self._thread, None
            self._job = AgentWorker._STOP
            self._go.release()
            # The thread is idle, so it reads STOP and ends at once; wait for that, or a call
            # right after close() would start a new thread whose job could overwrite STOP before
            # the old thread read it, and release ``_go`` a second time (RuntimeError).
            if thread is not threading.current_thread():  # a weakref callback may run on it
                thread.join(timeout=2.0)


_WORKERS: dict[int, tuple[Callable[[], object], AgentWorker]] = {}  # id(agent) -> (ref, worker)
# Re-entrant: an agent's weak-reference callback (``forget``, below) runs in whichever thread the
# garbage collector happens to run in, possibly inside one of these locked blocks (making a worker
# allocates). With a plain lock that thread waited for itself for ever: seen in a fresh clone's
# test run, the gymnasium check_env test held 300 s, until pytest-timeout's alarm broke it.
_WORKERS_LOCK = threading.RLock()


def _worker_for(agent: object) -> AgentWorker:
    """This agent object's worker (one per agent, made on first use; closed when the agent is
    garbage-collected, or by :func:`release_agent`)."""
    key = id(agent)
    with _WORKERS_LOCK:
        got = _WORKERS.get(key)
        if got is not None and got[0]() is agent:
            return got[1]
        worker = AgentWorker(type(agent).__name__)

        def forget(_ref, key=key, worker=worker) -> None:
            with _WORKERS_LOCK:
                if _WORKERS.get(key, (None, None))[1] is worker:
                    del _WORKERS[key]
            worker.close()

        try:
            ref: Callable[[], object] = weakref.ref(agent, forget)
        except TypeError:  # no weak references to this class: keep it until release_agent()
            ref = lambda agent=agent: agent  # noqa: E731
        _WORKERS[key] = (ref, worker)
        return worker


def release_agent(agent: object) -> None:
    """The game with ``agent`` is over: end its worker thread (unless it is stuck)."""
    with _WORKERS_LOCK:
        got = _WORKERS.get(id(agent))
        if got is None or got[0]() is not agent:
            return
        del _WORKERS[id(agent)]
    got[1].close()


def ask_agent(agent: Agent, obs: Observation, time_limit: float | None = DEFAULT_TIME_LIMIT) -> Decision:
    """Ask ``agent`` for one action, safely: the one function to call from any game loop.

    Returns a :class:`Decision` whose ``action`` is either an action that is valid in ``obs``
    (a fresh object of the game's own classes, plain ints and strings) or a
    :class:`~game.treasure.actions.Forfeit` whose ``reason`` says what went wrong (the engine's
    refusal, the exception with a traceback summary, the wrong type, the time limit), and whose
    ``reason`` is the agent's own reason on one bounded line ("" for a forfeit). It never
    raises (but a KeyboardInterrupt of the caller's own goes through) and never waits much
    longer than ``time_limit`` seconds (None: no limit, the agent runs on the caller's thread).

    The agent's ``act()`` runs on the agent's own daemon worker thread, so the caller (e.g. the
    arcade's frame loop, or its own worker thread) can keep going. An agent that ran out of time
    once is not asked again: every later call returns a forfeit at once (see the module's
    docstring for why). Pass a fresh observation (``observe(state)``) each time."""
    worker = _worker_for(agent)
    if worker.stuck:
        return Decision(Forfeit(RETIRED, "the agent was retired after running out of time"), "")
    try:
        ok, answer = worker.call(lambda: _answer(agent, obs), time_limit)
    except TimeoutError:
        return Decision(Forfeit(NO_ANSWER, f"the agent took longer than {time_limit:g} s to act"), "")
    if not ok:  # SystemExit or the like, raised by the agent
        return Decision(Forfeit(CRASH, f"the agent raised {type(answer).__name__}"), "")
    assert isinstance(answer, Decision)
    error = action_error(obs, answer.action)
    if error is not None:
        return Decision(Forfeit(_attempted(answer.action), error), "")
    return answer


def start_agent(agent: Agent, obs: Observation, time_limit: float | None = DEFAULT_TIME_LIMIT) -> str | None:
    """Call ``agent.start(obs)`` under the time limit; None if it went well, else why not
    (one line). After a timeout the agent is retired, as in :func:`ask_agent`."""
    worker = _worker_for(agent)
    if worker.stuck:
        return "the agent was retired after running out of time"
    try:
        ok, value = worker.call(lambda: _start(agent, obs), time_limit)
    except TimeoutError:
        return f"start() took longer than {time_limit:g} s"
    return value if ok else f"start() raised {type(value).__name__}"  # type: ignore[return-value]


def retired(agent: Agent) -> bool:
    """Whether ``agent`` ran out of time and is no longer asked."""
    with _WORKERS_LOCK:
        got = _WORKERS.get(id(agent))
    return bool(got and got[0] is agent and got[1].stuck)


def _attempted(action: Action) -> str:
    return action.text() if not isinstance(action, Forfeit) else f"FORFEIT {action.attempted}"


# --- one game -----------------------------------------------------------------------------------

class _Game:
    """One headless game's loop, run on a thread of its own while the caller keeps the clock.

    The whole loop (observe, ask, step, log) runs on the game thread, so asking the agent costs
    no hand-over between threads. The thread stamps when each call into the agent begins; the
    caller sleeps until that call's deadline and, if the call is still running then, retires the
    agent and finishes the game itself. Every change to the record happens under ``lock`` and
    only while the agent is not retired, so the late thread can never touch the game again."""

    def __init__(self, board, seed, agent, config, max_actions, keep_events, time_limit) -> None:
        self.agent, self.max_actions, self.keep_events, self.limit = agent, max_actions, keep_events, time_limit
        state, events = new_game(board, seed, config)
        try:
            self.name = one_line(str(getattr(agent, "name", "agent")), 60) or "agent"
        except Exception:  # noqa: BLE001 - a name that cannot even be read
            self.name = "agent"
        log = GameLog(map_header(board, seed, self.name, state.config))
        log.record(events)
        self.record = GameRecord(state, log, events=list(events) if keep_events else [])
        self.lock = threading.Lock()
        self.finished = threading.Event()
        self.since: float | None = None  # when the running call into the agent began
        self.retired = False
        self.in_start = True  # the running call is start(), not act()
        self.failure: BaseException | None = None  # a bug outside the agent: raised to the caller

    def more(self) -> bool:
        r = self.record
        return not r.state.over and (self.max_actions is None or len(r.actions) < self.max_actions)

    def apply(self, decision: Decision) -> None:
        r = self.record
        action = decision.action
        if isinstance(action, Forfeit):
            r.invalid_actions += 1
            if action.attempted in (CRASH, NO_ANSWER, RETIRED):
                r.errors += 1
        turn = r.state.turn
        r.state, events = step(r.state, action)
        r.actions.append(PlayedAction(action, decision.reason, self.name, turn))
        r.log.record(events, decision.reason)
        if self.keep_events:
            r.events.extend(events)

    def _call(self, job: Callable[[], object]) -> tuple[bool, object] | None:
        """Run a call into the agent; None if it was retired meanwhile (the answer is dropped)."""
        with self.lock:
            if self.retired:
                return None
            self.since = time.monotonic()
        try:
            result: tuple[bool, object] = (True, job())
        except Exception as exc:  # noqa: BLE001 - anything the agent raised
            result = (False, exc)
        except BaseException as exc:  # noqa: BLE001 - SystemExit from the agent: a crash too
            if isinstance(exc, KeyboardInterrupt) and self.limit is None:
                raise
            result = (False, exc)
        with self.lock:
            self.since = None
            return None if self.retired else result

    def run(self) -> None:
        """The game loop (on the game thread, or on the caller's with no time limit)."""
        try:
            obs = observe(self.record.state)
            started = self._call(lambda: _start(self.agent, obs))
            if started is None:
                return
            self.in_start = False
            why = started[1] if started[0] else f"start() raised {type(started[1]).__name__}"
            pending = None if why is None else Decision(Forfeit(CRASH, why), "")  # type: ignore[arg-type]
            while True:
                with self.lock:
                    if self.retired or not self.more():
                        return
                if pending is None:
                    obs = observe(self.record.state)
                    answer = self._call(lambda: _answer(self.agent, obs))
                    if answer is None:
                        return
                    ok, value = answer
                    if not ok:  # SystemExit or the like, raised by the agent
                        pending = Decision(Forfeit(CRASH, f"the agent raised {type(value).__name__}"), "")
                    else:
                        error = action_error(obs, value.action)  # type: ignore[union-attr]
                        pending = value if error is None else Decision(
                            Forfeit(_attempted(value.action), error), "")  # type: ignore[union-attr,arg-type]
                with self.lock:
                    if self.retired:
                        return
                    self.apply(pending)
                pending = None
        except BaseException as exc:  # noqa: BLE001 - the engine's own bug: the caller re-raises it
            self.failure = exc
        finally:
            self.finished.set()

    def supervise(self) -> None:
        """Wait for the game thread; retire the agent at a call's deadline and finish the game."""
        limit = float(self.limit)  # type: ignore[arg-type]
        try:
            thread = _IDLE_GAME_THREADS.pop()  # reused: starting a thread per game costs more
        except IndexError:
            thread = AgentWorker("game")
        thread.submit(self.run)
        thread.mark_idle(False)
        try:
            self._watch(limit)
        finally:
            if self.finished.is_set():
                thread.collect()
                thread.mark_idle(True)
                _IDLE_GAME_THREADS.append(thread)
            else:  # left running inside the agent: it dies with the process
                thread.stuck = True

    def _watch(self, limit: float) -> None:
        while True:
            with self.lock:
                since = self.since
            wait = limit if since is None else since + limit - time.monotonic()
            if self.finished.wait(max(wait, 0.0) + 0.001):
                break
            with self.lock:
                if self.finished.is_set():
                    break
                if self.since is None or time.monotonic() - self.since < limit:
                    continue
                self.retired = True
                self.record.timed_out = True
                where = "start()" if self.in_start else "act()"
                self.apply(Decision(Forfeit(NO_ANSWER, f"the agent took longer than {limit:g} s in {where}"), ""))
                while self.more():
                    self.apply(Decision(Forfeit(RETIRED, "the agent was retired after running out of time"), ""))
                break



_IDLE_GAME_THREADS: list[AgentWorker] = []  # list.pop/append are atomic: safe across threads


def _forget_threads_after_fork() -> None:
    """A forked child (a bench worker) has none of its parent's threads: forget them all."""
    global _WORKERS_LOCK
    _IDLE_GAME_THREADS.clear()
    _WORKERS.clear()
    _WORKERS_LOCK = threading.RLock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_threads_after_fork)


def play_game(board: Board, seed: int, agent: Agent, config: RulesConfig | None = None, *,
              max_actions: int | None = None, keep_events: bool = False,
              time_limit: float | None = DEFAULT_TIME_LIMIT) -> GameRecord:
    """Play to the end (or ``max_actions`` agent actions) and return the record.

    Every misbehaviour of the agent is a logged forfeit (see the module docstring); a
    ``start()`` that raises forfeits the first action, with the reason. With a ``time_limit``
    (seconds per call into the agent) the game runs on a daemon thread of its own and the
    caller keeps the clock; None: no limit, everything on the caller's thread."""
    game = _Game(board, seed, agent, config, max_actions, keep_events, time_limit)
    if time_limit is None:
        game.run()
    else:
        game.supervise()
    if game.failure is not None:
        raise game.failure
    return game.record


def agent_seconds(text: str) -> float:
    """``--agent-time`` on the command line: seconds per action, a number > 0 (at most a day)."""
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds such as 10 or 0.5, not {text!r}") from None
    if not (math.isfinite(value) and 0 < value <= 86_400):
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 86400 seconds, not {text!r}")
    return value


AGENT_TIME_HELP = (f"seconds an agent may think per action (default {DEFAULT_TIME_LIMIT:g}); past it the action "
                   "is forfeited and the agent retired for the rest of the game")
