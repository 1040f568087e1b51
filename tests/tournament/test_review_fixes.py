"""A review's findings on the tournament runner, fixed: outside players' files in the tournament's
identity, a game's outcome independent of what its worker played before, a bench that survives a
game killing its process, games that could not be played shown (not vanished), ratings that count
each game once, a foreign or damaged database refused in one line, a map given twice played once,
concurrent runs reporting only what they stored, and Dask's attempts documented."""

import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.tournament import DatabaseError, Job, LocalExecutor, ResultsDB, SerialExecutor, make_options, run_tournament
from game.tournament.schedule import Outcome

ROOT = Path(__file__).resolve().parents[2]
MAP16 = str(ROOT / "maps" / "island16.txt")
SOLO = "tests.tournament.fakegame:solo"
THREADS = "tests.tournament.review_fixes_games:threads"
EXITS = "tests.tournament.review_fixes_games:exits"


def _env():
    import os

    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")


# -- 1. a user's agent or bot file, and the Scotland Yard board, in the tournament's identity ------


def test_a_users_agent_file_edited_in_place_is_a_new_tournament_and_player_version(tmp_path):
    from game.tournament.db import _version
    from game.tournament.runner import tournament_name

    mine = tmp_path / "mine.py"
    mine.write_text("class Mine:\n    pass\n")
    spec = f"{mine}:Mine"
    jobs = [Job("treasure", (spec,), "m", "text", 0), Job("treasure", ("default",), "m", "text", 0)]
    first, version = tournament_name("treasure", jobs), _version(spec, "treasure")
    assert tournament_name("treasure", jobs) == first  # the same file: the same tournament, resumed
    assert str(mine) in version
    mine.write_text("class Mine:\n    better = True\n")
    assert tournament_name("treasure", jobs) != first
    assert _version(spec, "treasure") != version
    # built-in players (the project's own code) add nothing: their names stay as they were
    builtin = [Job("treasure", ("default",), "m", "text", 0)]
    assert tournament_name("treasure", builtin).count("-") == 2


def test_a_users_module_outside_the_project_counts_by_its_file_without_being_imported(tmp_path, monkeypatch):
    from game.tournament.db import _version
    from game.tournament.runner import tournament_name

    package = tmp_path / "review_fixes_userpkg"
    package.mkdir()
    (package / "__init__.py").write_text("raise RuntimeError('imported, and it must not be')\n")
    (package / "bots.py").write_text("class Bot:\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for spec in ("review_fixes_userpkg.bots:Bot", "review_fixes_userpkg.bots.Bot"):
        jobs = [Job("duel", (spec, "greedy"), "m", "text", 0)]
        before, version = tournament_name("duel", jobs), _version(spec, "duel")
        (package / "bots.py").write_text((package / "bots.py").read_text() + "# edited\n")
        assert tournament_name("duel", jobs) != before, spec
        assert _version(spec, "duel") != version and "bots.py" in version
    assert "review_fixes_userpkg" not in sys.modules


def test_the_scotland_yard_board_file_is_part_of_every_sy_job(tmp_path, monkeypatch):
    from game.scotlandyard import board, tournament

    copy = tmp_path / "standard.txt"
    copy.write_bytes(board.STANDARD_FILE.read_bytes())
    monkeypatch.setattr(board, "STANDARD_FILE", copy)
    monkeypatch.setattr(tournament, "_BOARD_DIGEST", [])
    keys = [j.key for j in tournament.jobs_of(["random"], ["random"], 2, 0, 0.05)]
    copy.write_bytes(copy.read_bytes() + b"\n")
    monkeypatch.setattr(tournament, "_BOARD_DIGEST", [])
    edited = tournament.jobs_of(["random"], ["random"], 2, 0, 0.05)
    assert not set(keys) & {j.key for j in edited}
    # a worker whose board differs from the job's refuses to play it (never a wrong result)
    monkeypatch.setattr(tournament, "_BOARD_DIGEST", ["another"])
    with pytest.raises(RuntimeError, match="standard.txt differs"):
        tournament.play_job(edited[0])


# -- 2. a job that leaves a thread running does not slow the games after it --------------------------


def test_a_game_that_leaves_a_thread_running_retires_its_worker():
    jobs = [Job("solo", ("p1",), "m", "t", seed, make_options(leak=seed == 1 or None)) for seed in range(3)]
    executor = LocalExecutor(1)
    run = run_tournament(THREADS, jobs, executor=executor)
    counts = [dict(o.detail)["threads"] for _, o in run.results]
    assert run.failures == [] and len(counts) == 3
    assert counts[2] == counts[0], "the game after the leaking one ran beside its thread"
    assert executor.retired == 1 and executor.deaths == 0  # a deliberate exit, not a crash


# -- 3. one worker: a game that kills its process does not end the bench -----------------------------


def test_one_worker_survives_a_game_that_ends_its_process():
    script = textwrap.dedent(f"""
        from game.tournament import Job, make_executor, make_options, run_tournament
        jobs = [Job("solo", ("p1",), "m", "t", s, make_options(exit=s == 0 or None)) for s in range(3)]
        run = run_tournament({EXITS!r}, jobs, executor=make_executor(1))
        print("results", len(run.results), "failures", len(run.failures), run.failures[0][1] if run.failures else "")
    """)
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=_env(), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "results 2 failures 1" in done.stdout and "died 2 times" in done.stdout


# -- 3 and 4 through the command: the agent that kills its worker is shown, charged with its games ----


EXITER = """\
import os

from game.treasure.agents.randomwalk import RandomAgent


class Exiter(RandomAgent):
    def act(self, obs):
        os._exit(3)
"""


def test_bench_with_one_worker_survives_an_agent_that_ends_its_process_and_shows_it(tmp_path, capsys):
    agent = tmp_path / "exiter.py"
    agent.write_text(EXITER)
    spec = f"{agent}:Exiter"
    db, out = tmp_path / "r.sqlite", tmp_path / "out"
    done = subprocess.run([sys.executable, "run.py", "bench", "--agents", f"{spec},random", "--maps", MAP16,
                           "--games", "2", "--workers", "1", "--out", str(out), "--db", str(db)],
                          cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "2 could not be played" in done.stdout and "0.0-0.0%" not in done.stdout
    rows = {r["agent"]: r for r in json.loads((out / "results.json").read_text())}
    assert rows[spec]["games"] == 2 and rows[spec]["wins"] == 0 and rows[spec]["not_played"] == 2
    assert rows["random"]["not_played"] == 0
    # ratings: the agent is there, its unplayable games counted against it
    from game.cli import main

    assert main(["ratings", "--db", str(db), "--game", "treasure", "--out", str(tmp_path / "rt")]) == 0
    text = capsys.readouterr().out
    assert "Exiter" in text and "could not be played" in text
    csv_rows = (tmp_path / "rt" / "ratings-treasure.csv").read_text().splitlines()
    exiter = next(line for line in csv_rows if "Exiter" in line).split(",")
    header = csv_rows[0].split(",")
    assert exiter[header.index("games")] == "2" and exiter[header.index("not_played")] == "2"


def test_a_two_seat_player_whose_games_could_not_be_played_is_listed_not_rated(tmp_path, capsys):
    from game.cli import main

    db = ResultsDB(tmp_path / "r.sqlite")
    db.add("t", Job("duel", ("walker", "random"), "m", "text", 0), Outcome((0, 1), (1.0, 0.0), 10))
    db.add_failure("t", Job("duel", ("crasher", "random"), "m", "text", 0), "its worker process died 2 times")
    db.close()
    assert main(["ratings", "--db", str(tmp_path / "r.sqlite"), "--game", "duel", "--out", str(tmp_path / "o")]) == 0
    text = capsys.readouterr().out
    line = next(line for line in text.splitlines() if "crasher" in line)
    assert "n/a" in line and "could not be played" in text and "0%–0%" not in text


def test_an_interval_of_no_games_is_unknown_and_shown_as_n_a():
    from game.duel.bots.benchmark import table as duel_table
    from game.scotlandyard.commands.bench import _every_pairing, _table as sy_table
    from game.tournament.ratings import wilson

    assert wilson(0, 0) == (0.0, 1.0)
    sy = _every_pairing([], ["random"], ["chaser"], [(Job("scotlandyard", ("random", "chaser"), "s", "s", 0), "x")],
                        0.05)
    assert sy[0]["games"] == 0 and sy[0]["not_played"] == 1
    text = sy_table(sy)
    assert "n/a" in text and "0.0%, 0.0%" not in text and "not played" in text
    row = {"bot": "a", "opponent": "all", "games": 0, "wins": 0, "losses": 0, "ties": 0, "win_rate": 0.0,
           "ci_low": 0.0, "ci_high": 1.0, "mean_score": 0.0, "mean_move_ms": 0.0, "max_move_ms": 0.0,
           "bench_errors": 2}
    text = duel_table([row])
    assert "n/a" in text and "0.0-  0.0%" not in text and "not played" in text


# -- 5. ratings count a game once, however many tournaments hold it; --list ---------------------------


def test_ratings_count_a_game_held_by_two_tournaments_once_and_say_which(tmp_path, capsys):
    from game.cli import main

    path = tmp_path / "r.sqlite"
    db = ResultsDB(path)
    jobs = [Job("treasure", ("p5",), "m", "text", seed) for seed in range(3)]
    run_tournament(SOLO, jobs[:2], executor=SerialExecutor(), db=db, name="bench-two")
    run_tournament(SOLO, jobs, executor=SerialExecutor(), db=db, name="bench-three")
    db.close()
    assert main(["ratings", "--db", str(path), "--game", "treasure", "--out", str(tmp_path / "o")]) == 0
    text = capsys.readouterr().out
    assert "(3 games)" in text and "bench-two" in text and "bench-three" in text
    header, row = (tmp_path / "o" / "ratings-treasure.csv").read_text().splitlines()[:2]
    assert row.split(",")[header.split(",").index("games")] == "3"
    assert main(["ratings", "--db", str(path), "--list"]) == 0
    listed = capsys.readouterr().out
    assert "bench-two" in listed and "bench-three" in listed and "2 games" in listed and "3 games" in listed


# -- 6. another program's database with a games table: refused, untouched -----------------------------


@pytest.mark.parametrize("columns", ["id INTEGER, white TEXT, black TEXT", "id INTEGER, game TEXT, result TEXT"])
def test_another_programs_games_table_is_refused_without_a_write(tmp_path, columns):
    path = tmp_path / "chess.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute(f"CREATE TABLE games ({columns})")
        conn.execute("INSERT INTO games (id) VALUES (1)")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="another program's"):
        ResultsDB(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chess.sqlite"]  # no -wal, no -shm


# -- 7. a damaged page: one line, in the runner and in ratings -----------------------------------------


def _damaged_db(path: Path) -> None:
    db = ResultsDB(path)
    for seed in range(400):
        db.add("t", Job("treasure", ("random",), "m", "text", seed), Outcome((1,), turns=3, detail=(("x", "y" * 200),)))
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    with open(path, "r+b") as f:
        f.seek(4096 * 10)
        f.write(b"\xff" * 4096)


def test_a_damaged_page_is_a_one_line_database_error(tmp_path, capsys):
    from game.cli import main

    path = tmp_path / "r.sqlite"
    _damaged_db(path)
    db = ResultsDB(path)
    with pytest.raises(DatabaseError, match="malformed"):
        db.outcomes("t")
    with pytest.raises(DatabaseError, match="malformed"):
        list(db.games())
    db.close()
    assert main(["ratings", "--db", str(path), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err
    assert "malformed" in err and "Traceback" not in err and err.count("\n") == 1


# -- 8. a map given twice (or two files with one text): played once, said in a line ---------------------


def test_a_map_given_twice_is_played_once_with_a_warning(tmp_path, capsys):
    from game.commands.bench import _maps as treasure_maps
    from game.duel.commands.bench import _maps as duel_maps

    copy = tmp_path / "copy16.txt"
    copy.write_bytes(Path(MAP16).read_bytes())
    maps, _ = treasure_maps([MAP16, str(copy), MAP16], False)
    assert maps == [MAP16]
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2 and str(copy) in err[0] and MAP16 in err[0] and "given twice" in err[1]
    duel = tmp_path / "d.txt"
    duel.write_text("2 2\nA m\nm B\n")
    twin = tmp_path / "twin.txt"
    twin.write_text("2 2\nA m\nm B\n")
    assert [m.path for m in duel_maps([str(duel), str(twin)])] == [str(duel)]
    line = capsys.readouterr().err
    assert line.count("\n") == 1 and str(twin) in line and str(duel) in line


# -- 9. two runs of one tournament on one database: each reports what it stored ---------------------------


def test_a_run_reports_only_the_games_it_stored(tmp_path):
    from game.tournament.cli import report

    class LateReader(ResultsDB):
        """As a run that read the database before another run stored the same games."""

        def outcomes(self, tournament):
            return {}

    jobs = [Job("solo", ("p4",), "m", "text", seed) for seed in range(4)]
    db = ResultsDB(tmp_path / "r.sqlite")
    first = run_tournament(SOLO, jobs, executor=SerialExecutor(), db=db)
    db.close()
    late = LateReader(tmp_path / "r.sqlite")
    second = run_tournament(SOLO, jobs, executor=SerialExecutor(), db=late)
    assert first.played == 4 and second.played == 0 and second.stored_elsewhere == 4
    assert "0 played" in report(second, late) and "another run" in report(second, late)
    assert len(second.results) == 4  # still reported in the bench's tables


# -- 10. Dask: no retries on top of the scheduler's own allowed failures --------------------------------


def test_dask_adds_no_retries_to_the_schedulers_allowed_failures(monkeypatch):
    distributed = pytest.importorskip("distributed")
    from game.tournament import DaskExecutor

    seen = []

    class Future:
        def __init__(self, value):
            self.value = value

        def result(self):
            return self.value

    class Client:
        def submit(self, fn, *args, **kwargs):
            seen.append(kwargs)
            return Future(fn(*args))

        def close(self):
            pass

    monkeypatch.setattr(distributed, "as_completed", lambda futures: iter(futures))
    executor = DaskExecutor(client=Client(), ship_code=False)
    results = list(executor.run(SOLO, [Job("solo", ("p3",), "m", "t", 0)]))
    assert len(results) == 1 and seen[0]["retries"] == 0


def test_treasure_islands_idle_game_thread_does_not_retire_its_worker():
    # The runner keeps its game thread idle for the next game: not a leftover (every game retired
    # its worker, and a 600-game bench took twice as long, when it counted as one).
    from game.treasure.agents import benchmark

    root = Path(__file__).resolve().parents[2]
    jobs = benchmark.bench_jobs([str(root / "maps" / "island16.txt")], ["default"], 6, 0, 10.0, None)
    executor = LocalExecutor(1)
    run = run_tournament("game.treasure.agents.benchmark:play_job", jobs, executor=executor)
    assert len(run.results) == 6 and run.failures == []
    assert executor.retired == 0 and executor.deaths == 0


def test_the_rules_defaults_spelled_out_are_the_same_games_as_none():
    from game.treasure.agents.benchmark import bench_jobs
    from game.treasure.config import RulesConfig

    island = str(Path(__file__).resolve().parents[2] / "maps" / "island16.txt")
    plain = bench_jobs([island], ["random"], 2, 0)
    spelled = bench_jobs([island], ["random"], 2, 0, rules=RulesConfig(pirate_speed=RulesConfig().pirate_speed))
    assert [j.key for j in plain] == [j.key for j in spelled]
    other = bench_jobs([island], ["random"], 2, 0, rules=RulesConfig(pirate_speed=3))
    assert [j.key for j in other] != [j.key for j in plain]
