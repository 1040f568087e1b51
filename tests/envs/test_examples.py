"""The example scripts keep working: one short game per line of each (timings are not checked)."""

import importlib.util
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(name):
    spec = importlib.util.spec_from_file_location(f"example_{name}", ROOT / "examples" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_play_envs_prints_a_win_rate_for_a_random_policy_and_our_players():
    play = load("play_envs")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rows = (play.treasure_island(1, 0, str(ROOT / "maps" / "island16.txt")) + play.duel(1, 0, rounds=10)
                + play.scotland_yard(1, 0))
    labels = [label for label, _ in rows]
    assert len(rows) == 6 and labels[0] == "random policy" and "our" in labels[1]
    assert all(0.0 <= rate <= 1.0 for _, rate in rows)


def test_bench_envs_measures_both_sides_of_every_environment():
    bench = load("bench_envs")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        rates = [bench.treasure(str(ROOT / "maps" / "island16.txt"), 0.01), bench.duel(0.01), bench.scotland_yard(0.01)]
    assert all(env_rate > 0 and engine_rate > 0 for env_rate, engine_rate in rates)
