"""`--agent path/to/file.py:Name`: a user's agent class or a trained policy function from a file
(no package needed), in a game, a bench with worker processes, and with clear refusals."""

import textwrap
from pathlib import Path

import pytest

from game.treasure.agents import AgentNotFound, agent_class, make_agent
from game.treasure.agents.benchmark import run_bench
from game.treasure.agents.runner import play_game
from game.treasure.mapfile import read_map

ISLAND16 = Path(__file__).resolve().parents[3] / "maps" / "island16.txt"

POLICY_FILE = textwrap.dedent('''
    import numpy as np

    def first_valid(observation, mask):
        return int(np.flatnonzero(mask)[0])

    class Scanner:
        name = "scanner"

        def __init__(self, seed=0):
            self.seed = seed

        def start(self, obs):
            pass

        def act(self, obs):
            from game.treasure.actions import LargeScan
            return LargeScan()
''')


@pytest.fixture
def policy_file(tmp_path):
    path = tmp_path / "my_policy.py"
    path.write_text(POLICY_FILE)
    return path


def test_a_class_from_a_file_plays_a_game(policy_file):
    agent = make_agent(f"{policy_file}:Scanner", 3)
    record = play_game(read_map(ISLAND16), 3, agent)
    assert record.state.over and record.invalid_actions == 0
    assert {a.action.text().split()[0] for a in record.actions} == {"LARGE_SCAN"}


def test_a_policy_function_from_a_file_is_played_through_the_rl_adapter(policy_file):
    pytest.importorskip("gymnasium")
    cls = agent_class(f"{policy_file}:first_valid")
    record = play_game(read_map(ISLAND16), 5, cls(seed=5))
    assert record.state.over and record.invalid_actions == 0


def test_a_bench_with_worker_processes_loads_the_file_in_each_worker(policy_file):
    results, run = run_bench([str(ISLAND16)], [f"{policy_file}:Scanner"], 4, 0, workers=2)
    assert run.failures == [] and len(results) == 4
    assert all(r.invalid_actions == 0 for r in results)


@pytest.mark.parametrize("target, why", [("{dir}/none.py:Scanner", "no such file"),
                                         ("{file}:Missing", "has no 'Missing'")])
def test_a_missing_file_or_name_is_refused_saying_which(policy_file, target, why):
    with pytest.raises(AgentNotFound, match=why):
        agent_class(target.format(dir=policy_file.parent, file=policy_file))


def test_a_file_that_fails_to_import_is_refused_with_the_error(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("raise RuntimeError('broken on import')\n")
    with pytest.raises(AgentNotFound, match="RuntimeError: broken on import"):
        agent_class(f"{bad}:Anything")
