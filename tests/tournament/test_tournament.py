"""The tournament runner: same results on every executor, resumable, survives dying workers,
ratings that recover a known order, and a database that refuses what it cannot read."""

import sqlite3

import pytest

from game.tournament import (DaskExecutor, DatabaseError, Failure, Job, LocalExecutor, ResultsDB,
                             SchedulerUnreachable, SerialExecutor, make_options, run_tournament)
from game.tournament.ratings import leaderboard
from game.tournament.schedule import Outcome

PLAY = "tests.tournament.fakegame:play"
SOLO = "tests.tournament.fakegame:solo"


def round_robin(players=("p1", "p3", "p9"), games=6, **options):
    jobs = []
    for a in players:
        for b in players:
            if a != b:
                for seed in range(games):
                    jobs.append(Job("fake", (a, b), "board.txt", "a b\nc d\n", seed, make_options(**options)))
    return jobs


def outcomes(run):
    return {job.key: outcome for job, outcome in run.results}


def test_job_key_is_its_content():
    a = Job("fake", ("p1", "p2"), "x.txt", "map text", 3)
    assert a.key == Job("fake", ("p1", "p2"), "renamed.txt", "map text", 3).key  # the name is only a label
    assert a.key != Job("fake", ("p1", "p2"), "x.txt", "map text!", 3).key
    assert a.key != Job("fake", ("p2", "p1"), "x.txt", "map text", 3).key
    assert a.key != Job("fake", ("p1", "p2"), "x.txt", "map text", 4).key


def test_local_processes_give_the_serial_results():
    jobs = round_robin()
    serial = outcomes(run_tournament(PLAY, jobs, executor=SerialExecutor()))
    local = outcomes(run_tournament(PLAY, jobs, executor=LocalExecutor(2)))
    assert len(serial) == len(jobs) == 36
    assert serial.keys() == local.keys()
    assert all(serial[k].same_game_as(local[k]) for k in serial)


def test_a_two_worker_dask_cluster_gives_the_serial_results(tmp_path):
    distributed = pytest.importorskip("distributed")
    import dask

    jobs = round_robin(games=3)
    serial = outcomes(run_tournament(PLAY, jobs, executor=SerialExecutor()))
    scratch = tmp_path / "dask"  # not $TMPDIR/dask-scratch-space, which would outlive the test
    with dask.config.set({"temporary-directory": str(scratch)}):
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None,
                                      local_directory=str(scratch)) as cluster:
            with distributed.Client(cluster) as client:
                executor = DaskExecutor(client=client, ship_code=False)
                on_cluster = outcomes(run_tournament(PLAY, jobs, executor=executor))
    assert serial.keys() == on_cluster.keys()
    assert all(serial[k].same_game_as(on_cluster[k]) for k in serial)


def test_an_unreachable_scheduler_is_a_clear_error():
    pytest.importorskip("distributed")
    with pytest.raises(SchedulerUnreachable, match="tcp://127.0.0.1:9"):
        DaskExecutor("tcp://127.0.0.1:9", timeout=2)


def test_an_interrupted_run_keeps_its_games_and_a_rerun_completes_it(tmp_path):
    jobs = round_robin()
    db = ResultsDB(tmp_path / "r.sqlite")

    def interrupt_after_ten(done, total):
        if done >= 10:
            raise KeyboardInterrupt

    first = run_tournament(PLAY, jobs, executor=SerialExecutor(), db=db, progress=interrupt_after_ten)
    assert first.interrupted and first.played == 10
    assert len(db.done_keys(first.name)) == 10

    second = run_tournament(PLAY, jobs, executor=LocalExecutor(2), db=db)
    assert not second.interrupted
    assert second.name == first.name and second.resumed == 10 and second.played == len(jobs) - 10
    rows = db.conn.execute("SELECT COUNT(*), COUNT(DISTINCT job_key) FROM games").fetchone()
    assert rows == (len(jobs), len(jobs))
    reference = outcomes(run_tournament(PLAY, jobs, executor=SerialExecutor()))
    assert all(reference[k].same_game_as(o) for k, o in outcomes(second).items())


def test_a_killed_worker_s_game_is_played_once_more(tmp_path):
    marker = tmp_path / "died"
    jobs = round_robin(games=2)
    jobs[3] = Job(jobs[3].game, jobs[3].players, "board.txt", jobs[3].setup, jobs[3].seed,
                  make_options(die_once=str(marker)))
    db = ResultsDB(tmp_path / "r.sqlite")
    run = run_tournament(PLAY, jobs, executor=LocalExecutor(2), db=db)
    assert marker.exists(), "the worker never died: the test tests nothing"
    assert run.failures == []
    assert len(run.results) == len(jobs)
    assert db.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == len(jobs)


def test_a_game_that_always_kills_its_worker_fails_after_two_tries():
    jobs = round_robin(games=1)[:3]
    jobs[1] = Job("fake", ("p1", "p3"), "board.txt", "x", 0, make_options(die_always=True))
    run = run_tournament(PLAY, jobs, executor=LocalExecutor(2))
    assert [job.key for job, _ in run.failures] == [jobs[1].key]
    assert "died 2 times" in run.failures[0][1]
    assert len(run.results) == 2


def test_an_exception_in_a_game_is_a_failure_not_the_end_of_the_run():
    jobs = [Job("fake", ("p1", "notanumber"), "b", "x", 0), Job("fake", ("p1", "p2"), "b", "x", 0)]
    run = run_tournament(PLAY, jobs, executor=SerialExecutor())
    assert len(run.results) == 1
    assert "ValueError" in run.failures[0][1]


def test_ratings_recover_a_known_order(tmp_path):
    players = ("p1", "p2", "p4", "p8")
    db = ResultsDB(tmp_path / "r.sqlite")
    run_tournament(PLAY, round_robin(players, games=40), executor=SerialExecutor(), db=db)
    standings = leaderboard(list(db.games("fake")), ("A", "B"), symmetric=True)
    assert [s.player for s in standings] == ["p8", "p4", "p2", "p1"]
    assert all(s.sigma < 8.333 for s in standings)  # more certain than a new player


def test_asymmetric_seats_are_rated_apart(tmp_path):
    db = ResultsDB(tmp_path / "r.sqlite")
    run_tournament(PLAY, round_robin(("p1", "p5"), games=10), executor=SerialExecutor(), db=db)
    names = {s.player for s in leaderboard(list(db.games("fake")), ("Mr X", "detectives"), symmetric=False)}
    assert names == {"p1 (Mr X)", "p5 (Mr X)", "p1 (detectives)", "p5 (detectives)"}


def test_solo_games_rank_by_win_rate_with_turns_on_the_same_games(tmp_path):
    db = ResultsDB(tmp_path / "r.sqlite")
    jobs = [Job("solo", (agent,), "m", "text", seed) for agent in ("p2", "p9") for seed in range(60)]
    run_tournament(SOLO, jobs, executor=SerialExecutor(), db=db)
    standings = leaderboard(list(db.games("solo")), ("agent",), symmetric=False)
    assert [s.player for s in standings] == ["p9", "p2"]
    assert standings[0].ci_low < standings[0].win_rate < standings[0].ci_high
    assert standings[0].mean_turns_same_games < standings[1].mean_turns_same_games


def test_a_database_from_a_newer_schema_is_refused_untouched(tmp_path):
    path = tmp_path / "new.sqlite"
    ResultsDB(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="newer version"):
        ResultsDB(path)
    assert path.read_bytes() == before


def test_a_corrupt_file_and_a_foreign_database_are_refused(tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"this is not sqlite at all\x00" * 100)
    with pytest.raises(DatabaseError, match="junk.sqlite"):
        ResultsDB(junk)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE customers (name TEXT)")
    with pytest.raises(DatabaseError, match="other tables"):
        ResultsDB(other)


def test_failures_are_never_stored(tmp_path):
    db = ResultsDB(tmp_path / "r.sqlite")
    run = run_tournament(PLAY, [Job("fake", ("p1", "bad"), "b", "x", 0)], executor=SerialExecutor(), db=db)
    assert isinstance(Failure(run.failures[0][1]), Failure)
    assert db.conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def test_the_ratings_command_prints_a_leaderboard_and_writes_a_chart_and_csv(tmp_path, capsys, monkeypatch):
    from game import registry
    from game.cli import main
    from game.registry import GameInfo

    db = ResultsDB(tmp_path / "r.sqlite")
    run_tournament(PLAY, [Job("duel", j.players, j.setup_name, j.setup, j.seed) for j in round_robin(games=10)],
                   executor=SerialExecutor(), db=db)
    db.close()
    duel = GameInfo(id="duel", title="Treasure Duel", summary="", cli_group="duel", seats=("A", "B"),
                    symmetric=True, pure_packages=("game.duel",))
    monkeypatch.setattr(registry, "games", lambda: [duel])
    assert main(["ratings", "--game", "duel", "--db", str(tmp_path / "r.sqlite"), "--out", str(tmp_path / "o")]) == 0
    out = capsys.readouterr().out
    assert out.index("p9") < out.index("p3") < out.index("p1")
    assert (tmp_path / "o" / "ratings-duel.png").stat().st_size > 1000
    assert (tmp_path / "o" / "ratings-duel.csv").read_text().splitlines()[0].startswith("player,games,wins")


def test_the_ratings_command_refuses_a_missing_or_foreign_database(tmp_path, capsys):
    from game.cli import main

    assert main(["ratings", "--db", str(tmp_path / "none.sqlite")]) == 2
    (tmp_path / "bad.sqlite").write_bytes(b"garbage" * 50)
    assert main(["ratings", "--db", str(tmp_path / "bad.sqlite")]) == 2
    err = capsys.readouterr().err
    assert "no results database" in err and "bad.sqlite" in err


def test_a_results_table_missing_columns_is_refused_untouched(tmp_path):
    path = tmp_path / "old.sqlite"
    ResultsDB(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE games DROP COLUMN timing")
    before = path.read_bytes()
    with pytest.raises(DatabaseError, match="lacks the columns timing"):
        ResultsDB(path)
    assert path.read_bytes() == before


def _write_many(path, tournament, seeds):
    db = ResultsDB(path)
    for job in [Job("fake", ("p1", "p3"), "b", "x", s) for s in seeds]:
        db.add(tournament, job, __import__("tests.tournament.fakegame", fromlist=["play"]).play(job))
    db.close()


def test_two_runs_writing_one_database_at_once_lose_nothing(tmp_path):
    import multiprocessing

    path = tmp_path / "shared.sqlite"
    ResultsDB(path).close()
    ctx = multiprocessing.get_context("spawn")
    writers = [ctx.Process(target=_write_many, args=(str(path), name, range(150))) for name in ("run-a", "run-b")]
    for w in writers:
        w.start()
    try:
        for w in writers:
            w.join(timeout=120)
            assert w.exitcode == 0
    finally:
        for w in writers:  # one that hung (or the other, after a failed assert) must not outlive the test
            if w.is_alive():
                w.terminate()
                w.join(10)
    with sqlite3.connect(path) as conn:
        counts = dict(conn.execute("SELECT tournament, COUNT(*) FROM games GROUP BY tournament"))
    assert counts == {"run-a": 150, "run-b": 150}


def test_a_tournament_name_changes_with_its_own_game_and_shared_code_but_not_another_game(tmp_path):
    from game.tournament.runner import tournament_name
    from game.tournament.schedule import code_version, sources_digest

    root = tmp_path / "game"
    for rel, text in {"duel/bots.py": "A = 1\n", "scotlandyard/ai.py": "B = 1\n",
                      "tournament/runner.py": "C = 1\n", "cli.py": "D = 1\n"}.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    games = {"duel", "scotlandyard", "treasure"}
    before = {g: sources_digest(root, g, games) for g in ("duel", "scotlandyard", None)}

    (root / "scotlandyard/ai.py").write_text("B = 2\n")        # another game changes
    assert sources_digest(root, "duel", games) == before["duel"]
    assert sources_digest(root, "scotlandyard", games) != before["scotlandyard"]
    assert sources_digest(root, None, games) != before[None]

    (root / "tournament/runner.py").write_text("C = 2\n")      # shared code changes
    assert sources_digest(root, "duel", games) != before["duel"]
    shared = sources_digest(root, "duel", games)
    (root / "duel/new.py").write_text("")                      # a new file in the game counts
    assert sources_digest(root, "duel", games) != shared

    # The real sources: each game's digest is stable, and differs from the others'.
    assert code_version("duel") == code_version("duel")
    assert len({code_version("duel"), code_version("scotlandyard"), code_version()}) == 3
    assert tournament_name("duel", [Job("duel", ("a", "b"), "m", "text", 0)]).endswith(code_version("duel"))


def test_a_program_rebuilt_at_the_same_path_is_a_new_player(tmp_path, monkeypatch):
    # A review copied one bot, then another, to ./prog and ran the same bench twice: the second
    # run said "0 played, 2 already in the database" and showed the first program's results.
    from game.tournament.db import _version
    from game.tournament.programs import program_digest
    from game.tournament.runner import tournament_name

    monkeypatch.chdir(tmp_path)
    prog = tmp_path / "prog"
    prog.write_text("#!/bin/sh\necho UP\n")
    classes = tmp_path / "classes"
    (classes / "pkg").mkdir(parents=True)
    (classes / "pkg" / "Bot.class").write_bytes(b"\xca\xfe1")
    jobs = [Job("duel", ("cmd:./prog", "greedy"), "m", "text", 0),
            Job("duel", ("cmd:java -cp classes pkg.Bot", "greedy"), "m", "text", 0)]
    first, version = tournament_name("duel", jobs), _version("cmd:./prog")
    assert tournament_name("duel", jobs) == first  # the same files: the same tournament, resumed
    assert program_digest("python3 -u prog") != program_digest("python3 -u")  # the script counts, not python3
    prog.write_text("#!/bin/sh\necho DOWN\n")
    second = tournament_name("duel", jobs)
    assert second != first and _version("cmd:./prog") != version and version.startswith("cmd:./prog (files ")
    (classes / "pkg" / "Bot.class").write_bytes(b"\xca\xfe2-longer")  # a recompiled class: its size
    assert tournament_name("duel", jobs) != second
    assert program_digest("'unclosed") == "unparsed"


@pytest.mark.parametrize("games", [4, 10, 14, 19, 24, 29, 1, 100])
def test_a_perfect_or_empty_record_charts_without_an_error_bar_below_zero(tmp_path, games):
    # wilson(n, n) came out 0.9999999999999999 for these n: a negative error bar, and matplotlib
    # refused the whole chart (`ratings --game treasure` after a bench the default agent swept).
    from game.tournament.ratings import Standing, chart, wilson

    for wins in (0, games):
        low, high = wilson(wins, games)
        assert 0.0 <= low <= wins / games <= high <= 1.0
    perfect = Standing("default", games, games, 0, 0, None, None, *wilson(games, games))
    nothing = Standing("random", games, 0, games, 0, None, None, *wilson(0, games))
    chart([perfect, nothing], "win rate", str(tmp_path / "c.png"))
    assert (tmp_path / "c.png").stat().st_size > 1000


@pytest.mark.parametrize("command", [
    ["bench", "--agents", "default,greedy", "--maps", "maps/island16.txt", "--games", "1"],
    ["duel", "bench", "--bots", "walker,random", "--generated", "1", "--games", "1"],
    ["sy", "bench", "--games", "1"],
])
def test_every_bench_refuses_an_out_that_is_a_file_before_playing(tmp_path, capsys, monkeypatch, command):
    from pathlib import Path

    from game.cli import main

    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    taken = tmp_path / "results"
    taken.write_text("a file the user keeps\n")
    assert main([*command, "--out", str(taken), "--db", str(tmp_path / "r.sqlite")]) == 2
    err = capsys.readouterr().err
    assert f"--out {taken}: cannot create the folder" in err and "Traceback" not in err
    assert taken.read_text() == "a file the user keeps\n" and not (tmp_path / "r.sqlite").exists()


@pytest.mark.parametrize("agents, words", [(",", "names no agent"), ("greedy,greedy", "twice")])
def test_bench_refuses_an_empty_or_repeated_agent_list(tmp_path, capsys, monkeypatch, agents, words):
    from pathlib import Path

    from game.cli import main

    monkeypatch.chdir(Path(__file__).resolve().parents[2])
    assert main(["bench", "--agents", agents, "--maps", "maps/island16.txt", "--games", "1",
                 "--out", str(tmp_path / "o"), "--db", str(tmp_path / "r.sqlite")]) == 2
    assert words in capsys.readouterr().err and not (tmp_path / "o").exists()


def test_ratings_never_writes_a_database_and_names_a_damaged_game(tmp_path, capsys):
    from game.cli import main

    foreign = tmp_path / "foreign.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE foo (x)")
    conn.commit()
    conn.close()
    before = foreign.read_bytes()
    assert main(["ratings", "--db", str(foreign)]) == 2
    assert "other tables (foo)" in capsys.readouterr().err and foreign.read_bytes() == before  # not even to WAL
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    assert main(["ratings", "--db", str(empty), "--out", str(tmp_path / "o")]) == 0
    assert "no games" in capsys.readouterr().out and empty.read_bytes() == b""
    db = ResultsDB(tmp_path / "r.sqlite")
    db.add("t", Job("duel", ("walker", "random"), "tiny", "d" * 12, 0), Outcome((1, 2), (3.0, 1.0), 10))
    db.conn.execute("UPDATE games SET scores = '[1, '")
    db.close()
    assert main(["ratings", "--db", str(tmp_path / "r.sqlite")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is damaged" in err and "Traceback" not in err
