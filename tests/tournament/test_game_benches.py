"""Each game's bench through the tournament runner plays exactly the games its own bench plays,
on every executor, and stores them so a rerun resumes."""

from pathlib import Path

import pytest

from game.tournament import LocalExecutor, ResultsDB, SerialExecutor

DUEL8 = Path(__file__).resolve().parents[2] / "maps" / "duel" / "duel8x8.txt"


def _duel_key(r):
    return (r.map, r.A, r.B, r.seed, r.winner, r.score_a, r.score_b, r.end, r.rounds, r.opening,
            tuple(sorted(r.errors.items())), len(r.times_a), len(r.times_b))


def _sy_key(r):
    return (r.mrx, r.detectives, r.game, r.seed, r.winner, r.rounds, r.log_length, r.capture_round,
            r.illegal_moves, r.errors, r.decisions)


def test_the_duel_bench_games_are_the_same_through_the_runner(tmp_path):
    from game.duel.bots import benchmark as bench
    from game.duel.tournament import run_specs

    maps = [bench.MapSpec(label="duel8x8.txt", path=str(DUEL8))] + bench.generated_maps(1, 0)
    specs = bench.schedule(["greedy", "walker", "random"], maps, 2, 0, 0.05)
    direct = [_duel_key(r) for r in bench.run(specs, workers=1)]
    db = ResultsDB(tmp_path / "r.sqlite")
    rows, run = run_specs(specs, executor=LocalExecutor(2), db=db)
    assert [_duel_key(r) for r in rows] == direct and run.played == len(specs) == 24
    # Per-move times keep their count, mean and maximum through the database.
    again, rerun = run_specs(specs, executor=SerialExecutor(), db=db)
    assert rerun.played == 0 and rerun.resumed == 24
    for a, b in zip(rows, again):
        assert len(a.times_a) == len(b.times_a)
        assert sum(a.times_a) == pytest.approx(sum(b.times_a)) and max(a.times_a, default=0) == max(b.times_a, default=0)


def test_the_scotland_yard_bench_games_are_the_same_through_the_runner(tmp_path):
    from game.scotlandyard.ai.bench import run as run_direct
    from game.scotlandyard.tournament import run_rows

    direct = [_sy_key(r) for r in run_direct(["random"], ["chaser", "random"], 3, 5, 1, 0.02)]
    rows, run = run_rows(["random"], ["chaser", "random"], 3, 5, 0.02, executor=LocalExecutor(2),
                         db=ResultsDB(tmp_path / "r.sqlite"))
    assert [_sy_key(r) for r in rows] == direct and run.played == 6
