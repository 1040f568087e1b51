"""Agents that raise, sleep, hang, answer nonsense, inject lines or tamper with what they see:
each plays a whole headless game, every misdeed a logged forfeit, and bench runs to the end."""

import json
import re
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest

from game.treasure.agents import make_agent
from game.treasure.agents.base import Decision, RandomValidAgent
from game.treasure.agents.benchmark import run_games, summarise
from game.treasure.agents.runner import CRASH, NO_ANSWER, RETIRED, ask_agent, play_game, read_answer
from game.cli import main
from game.treasure.actions import Forfeit, LargeScan, MoveSmall, Teleport
from game.treasure.engine import new_game, step
from game.treasure.generator import generate_island
from game.treasure.mapfile import write_map
from game.treasure.observation import observe

from . import misbehaving as bad

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def island():
    return generate_island(16, 16, 5, 3, reveal_turn=2, free_turn=5)


@pytest.fixture
def map_file(tmp_path, island):
    path = tmp_path / "island16.txt"
    write_map(island, path)
    return path


def invalid_lines(record):
    return [line for line in record.log.text().splitlines() if " INVALID " in line]


def check_log_shape(text: str):
    """The LOG's own header counts hold: no agent text added or removed a line."""
    lines = text.splitlines()
    assert int(lines[0]) == len(lines) - 1
    assert lines[1] in ("WIN", "LOSE") and lines[3] == "START GAME"
    assert sum(1 for l in lines if re.fullmatch(r"TURN \d+", l)) == int(lines[2])
    assert sum(1 for l in lines if l.startswith(("WIN turn", "LOSE turn"))) == 1
    assert lines[-1].startswith(lines[1] + " turn ")
    return lines


def test_an_exception_in_act_is_a_forfeit_with_a_traceback_summary(island):
    record = play_game(island, 3, bad.Raiser())
    assert record.result == "LOSE" and record.invalid_actions == record.errors == len(record.actions) > 0
    line = invalid_lines(record)[0]
    assert f"INVALID {CRASH}: the agent raised KeyError: 'no such key' (in act, misbehaving.py:" in line
    check_log_shape(record.log.text())


def test_an_exception_in_start_forfeits_the_first_action_only(island):
    record = play_game(island, 3, bad.StartRaiser(3))
    lines = invalid_lines(record)
    assert len(lines) == 1 and "ACTION 1.1 INVALID (crash): start() raised RuntimeError: cannot start" in lines[0]
    assert record.result in ("WIN", "LOSE") and record.errors == 1


def test_wrong_types_are_forfeits_with_reasons(island):
    record = play_game(island, 3, bad.WrongTypes())
    reasons = [a.action.reason for a in record.actions if isinstance(a.action, Forfeit)]
    assert len(reasons) == len(record.actions)
    expected = ["TELEPORT's row must be a whole number, not 1.0 (float)",
                "TELEPORT's row must be a whole number, not '1' (str)",
                "a Action is not one of the game's actions",
                "the number of tiles must be a whole number, not True (bool)",
                "the agent returned something that is not an action",
                "the agent returned something that is not an action",
                "the agent returned something that is not an action",
                "the reason must be text, not a list",
                "the direction must be one of N, E, S, W, not ['N']",
                "TELEPORT's row is out of range"]
    # the agent cycles through its answers: every one of them is played, each with its reason
    assert len(reasons) >= len(expected), reasons
    for i, got in enumerate(reasons):
        want = expected[i % len(expected)]
        assert got.startswith(want), (i, got, want)
    text = record.log.text()
    assert "MOVE_SMALL N True" not in text and " at 0x" not in text
    check_log_shape(text)


def test_returning_object_gives_the_same_log_twice(island):
    first = play_game(island, 5, bad.WrongTypes()).log.text()
    assert first == play_game(island, 5, bad.WrongTypes()).log.text()
    assert "INVALID <object object>: " in first


def test_numpy_integers_in_a_valid_move_count_as_numbers(island):
    record = play_game(island, 4, bad.NumpyMover(4))
    assert record.invalid_actions == 0 and record.result in ("WIN", "LOSE")
    moves = [a.action for a in record.actions if isinstance(a.action, MoveSmall)]
    assert moves and all(type(m.steps) is int and type(m.direction) is str for m in moves)


def test_a_reason_with_newlines_is_one_bounded_line(island):
    record = play_game(island, 6, bad.Newlines(6))
    lines = check_log_shape(record.log.text())
    assert "AGENT newlines\\nWIN turn 1" in lines
    actions = [l for l in lines if l.startswith("ACTION ")]
    assert actions and all("| fine\\nWIN turn 1: the scan" in l and l.endswith("…") for l in actions)
    assert max(len(l) for l in actions) < 300
    assert all("\n" not in a.reason and len(a.reason) <= 200 for a in record.actions)


def test_a_slow_agent_forfeits_at_the_time_limit_and_is_retired(island):
    started = time.perf_counter()
    record = play_game(island, 3, bad.Sleeper(), time_limit=0.2)
    assert time.perf_counter() - started < bad.Sleeper.SLEEP + 5  # it did not wait for every sleep
    kinds = [a.action.attempted for a in record.actions]
    assert kinds[0] == NO_ANSWER and set(kinds[1:]) == {RETIRED} and record.timed_out
    lines = invalid_lines(record)
    assert "the agent took longer than 0.2 s in act()" in lines[0]
    assert "retired after running out of time" in lines[1]
    assert record.errors == len(record.actions) and record.result == "LOSE"


def test_a_hung_start_forfeits_and_retires(island):
    class SlowStart(RandomValidAgent):
        def start(self, obs):
            time.sleep(1.0)

    record = play_game(island, 3, SlowStart(3), time_limit=0.2)
    assert "took longer than 0.2 s in start()" in record.actions[0].action.reason
    assert all(a.action.attempted == RETIRED for a in record.actions[1:])


def test_the_observation_cannot_change_the_game(island):
    before = [island.region.copy(), island.mountain.copy(), island.prison.copy(), island.passable.copy()]
    bad.Mutator.changed = 0
    tampered = play_game(island, 7, bad.Mutator(7))
    assert bad.Mutator.changed == 0
    assert all(np.array_equal(a, b) for a, b in zip(before, [island.region, island.mountain, island.prison,
                                                              island.passable]))
    honest = play_game(island, 7, RandomValidAgent(7))  # the same seed, the same choices
    assert tampered.log.text().replace("AGENT mutator", "AGENT random-valid") == honest.log.text()
    assert tampered.state.config.teleports == 1


def test_observation_arrays_cannot_be_made_writable(island):
    state, _ = new_game(island, 2)
    obs = observe(state)
    arrays = [obs.board.region, obs.board.mountain, obs.board.prison, obs.board.passable, obs.board.eligible,
              obs.board.free_run, obs.board.components, obs.board.sea_distance, obs.scanned,
              *(h.mask for h in obs.hints)]
    for array in arrays:
        for target in (array, array.base):
            with pytest.raises(ValueError):
                target.flags.writeable = True
    assert obs.board is not island and obs.board.treasure is None
    assert obs.config is not state.config


def test_ask_agent_is_what_a_game_loop_calls(island):
    state, _ = new_game(island, 1)
    obs = observe(state)
    good = ask_agent(RandomValidAgent(1), obs, 5.0)
    assert not isinstance(good.action, Forfeit) and good.reason == "a random valid action"
    crash = ask_agent(bad.Raiser(), obs, 5.0)
    assert crash.action.attempted == CRASH and "KeyError" in crash.action.reason
    invalid = ask_agent(make_agent("random-valid"), obs, None)
    assert not isinstance(invalid.action, Forfeit)
    sleeper = bad.Hang()
    t0 = time.perf_counter()
    late = ask_agent(sleeper, obs, 0.1)
    # a hang guard only (the agent never answers): NO_ANSWER proves the 0.1 s limit was kept
    assert late.action.attempted == NO_ANSWER and time.perf_counter() - t0 < 20
    again = ask_agent(sleeper, obs, 0.1)  # answered at once: the hung agent is not asked again
    assert again.action.attempted == RETIRED


def test_read_answer_reads_plain_values():
    assert read_answer(Decision(Teleport(np.int32(2), np.int64(3)), "x")).action == Teleport(2, 3)
    assert read_answer(LargeScan()).action == LargeScan()
    assert isinstance(read_answer(Decision(LargeScan(), b"bytes")).action, Forfeit)


@pytest.mark.parametrize("agent", ["raiser", "wrong-types", "newlines", "mutator", "start-raiser"])
def test_every_misbehaving_agent_plays_a_headless_game_from_the_command_line(agent, map_file, tmp_path, capsys):
    name = {"raiser": "Raiser", "wrong-types": "WrongTypes", "newlines": "Newlines", "mutator": "Mutator",
            "start-raiser": "StartRaiser"}[agent]
    log = tmp_path / "g.log"
    replay = tmp_path / "g.json"
    assert main(["play", "--headless", "--map", str(map_file), "--seed", "2", "--agent",
                 f"tests.treasure.agents.misbehaving:{name}", "--log", str(log), "--record", str(replay)]) == 0
    check_log_shape(log.read_text(encoding="utf-8"))
    capsys.readouterr()
    assert main(["replay", str(replay), "--check"]) == 0, capsys.readouterr().err


def test_a_hanging_agent_cannot_keep_the_process_alive(map_file, tmp_path):
    log = tmp_path / "hang.log"
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "run.py", "play", "--headless", "--map", str(map_file), "--seed", "1",
                           "--agent", "tests.treasure.agents.misbehaving:Hang", "--agent-time", "0.3", "--log", str(log)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert time.perf_counter() - started < 30
    lines = check_log_shape(log.read_text())
    assert any("INVALID (no answer): the agent took longer than 0.3 s" in l for l in lines)


@pytest.mark.parametrize("value", ["0", "-1", "nan", "soon"])
def test_agent_time_must_be_positive_seconds(value, map_file, capsys):
    with pytest.raises(SystemExit) as info:
        main(["play", "--headless", "--map", str(map_file), "--agent-time", value])
    assert info.value.code == 2
    assert "--agent-time" in capsys.readouterr().err


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bench_run_survives_broken_agents_and_counts_their_errors(map_file, workers):
    broken = [f"tests.treasure.agents.misbehaving:{name}" for name in ("Raiser", "Unbuildable", "Sleeper", "StartRaiser")]
    wrong, fine = "tests.treasure.agents.misbehaving:WrongTypes", [f"tests.treasure.agents.misbehaving:{name}" for name in
                                                          ("Newlines", "Mutator", "NumpyMover")]
    agents = broken + [wrong] + fine + ["random-valid"]
    results = list(run_games([str(map_file)], agents, 2, 0, workers=workers, chunk=1, time_limit=0.2))
    rows = {r["agent"]: r for r in summarise(results)}
    assert set(rows) == set(agents) and all(r["games"] == 2 for r in rows.values())
    for name in broken:
        assert rows[name]["errors"] > 0 and rows[name]["invalid_actions"] >= rows[name]["errors"]
    assert rows[wrong]["invalid_actions"] > 0 and rows[wrong]["errors"] == 0
    for name in fine + ["random-valid"]:
        assert rows[name]["errors"] == rows[name]["invalid_actions"] == 0, name


def test_the_bench_command_finishes_with_a_broken_agent(map_file, tmp_path, capsys):
    out = tmp_path / "bench"
    assert main(["bench", "--agents", "random-valid,tests.treasure.agents.misbehaving:Raiser", "--maps", str(map_file),
                 "--games", "2", "--workers", "1", "--out", str(out), "--agent-time", "2"]) == 0
    rows = {r["agent"]: r for r in json.loads((out / "results.json").read_text())}
    assert rows["tests.treasure.agents.misbehaving:Raiser"]["errors"] > 0 and rows["random-valid"]["errors"] == 0


def test_an_exception_that_takes_for_ever_to_explain_is_still_timed(island):
    started = time.perf_counter()
    record = play_game(island, 3, bad.SlowToExplain(), time_limit=0.2)
    assert time.perf_counter() - started < 10
    assert record.actions[0].action.attempted == NO_ANSWER and record.timed_out
    decision = ask_agent(bad.SlowToExplain(), observe(new_game(island, 1)[0]), 0.2)
    assert decision.action.attempted == NO_ANSWER


def test_a_rewritten_public_board_is_not_shown_to_the_next_game(island):
    state, _ = new_game(island, 2)
    seen = observe(state).board
    object.__setattr__(seen, "reveal_turn", 999)
    seen.__dict__["passable"] = np.ones(island.shape, dtype=bool)
    fresh = observe(new_game(island, 3)[0]).board
    assert fresh is not seen and fresh.reveal_turn == island.reveal_turn
    assert np.array_equal(fresh.passable, island.passable)
    assert observe(new_game(island, 4)[0]).board is fresh  # untouched: shared again


def test_an_agent_collected_while_the_workers_lock_is_held_does_not_hang():
    # The garbage collector may run an agent's weak-reference callback inside a locked block of
    # the runner (making a worker allocates), in the same thread. It must not wait for itself.
    import gc
    import threading

    from game.treasure.agents import runner

    class Plain:
        pass

    done = threading.Event()

    def scenario():
        agent = Plain()
        runner._worker_for(agent)
        with runner._WORKERS_LOCK:
            del agent  # the last reference: the callback runs now, in this thread
            gc.collect()
        done.set()

    thread = threading.Thread(target=scenario, daemon=True)
    thread.start()
    thread.join(10)
    assert done.is_set(), "the weak-reference callback waited for the lock its own thread holds"


def _reachable(root, depth=4):
    """Every object reachable from ``root`` through mappings (weak ones too), lists, tuples and
    sets, up to ``depth``."""
    seen, todo = {}, [(root, 0)]
    while todo:
        obj, level = todo.pop()
        if id(obj) in seen:
            continue
        seen[id(obj)] = obj
        if level < depth:
            if isinstance(obj, Mapping):
                todo += [(x, level + 1) for pair in list(obj.items()) for x in pair]
            elif isinstance(obj, (list, tuple, set, frozenset)):
                todo += [(x, level + 1) for x in obj]
    return seen


def test_no_module_of_the_game_hands_an_agent_the_engine_board_or_hints(island):
    # An agent runs in the game's process. Whatever the game keeps in module globals (caches of
    # what observations reuse) is where it would look first: none may be the engine's board (it
    # holds the treasure) or a hint (it holds its truth), nor hold one in a container.
    state, _ = new_game(island, 5)
    for _ in range(4):
        observe(state)
        state = step(state, LargeScan())[0] if not state.over else state
    observe(state)
    secret = {id(state.board)} | {id(h) for h in state.hints}
    assert len(state.hints) > 1
    modules = [m for name, m in sys.modules.items() if name == "game" or name.startswith("game.")]
    leaks = [(m.__name__, name) for m in modules for name, value in vars(m).items()
             if secret & set(_reachable(value))]
    assert leaks == []


def test_two_callers_of_one_agent_worker_each_get_their_own_answer():
    # The arcade asks again (the player moved) while a call it gave up on still runs: the second
    # caller used to be able to take the first call's answer, a move for the old position.
    import threading

    from game.treasure.agents.runner import AgentWorker

    worker = AgentWorker("test")
    started = threading.Event()
    answers = {}

    def slow():
        started.set()
        time.sleep(0.3)
        return "old position"

    first = threading.Thread(target=lambda: answers.setdefault("first", worker.call(slow, 5.0)))
    first.start()
    assert started.wait(5)
    answers["second"] = worker.call(lambda: "new position", 5.0)
    first.join(5)
    assert answers == {"first": (True, "old position"), "second": (True, "new position")}
    worker.close()  # idle: the thread ends
    assert worker.call(lambda: "again", 5.0) == (True, "again")
    running, release, finished = threading.Event(), threading.Event(), threading.Event()

    def long_call():
        running.set()
        release.wait(30)  # until the test lets it answer
        finished.set()
        return "late answer"

    busy = threading.Thread(target=lambda: answers.setdefault("busy", worker.call(long_call, 60.0)))
    busy.start()
    try:
        assert running.wait(10)
        thread = worker._thread
        worker.close()  # during a call: returns at once, the thread ends after the call
        assert not finished.is_set() and thread.is_alive()  # close() did not wait for the call
    finally:
        release.set()
    busy.join(10)
    assert not busy.is_alive() and answers["busy"] == (True, "late answer")
    thread.join(10)
    assert worker._thread is None and not thread.is_alive()
