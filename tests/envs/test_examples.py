"""The example scripts keep working: one short game per line of each (timings are not checked)."""

import importlib.util
import os
import warnings
from pathlib import Path

import pytest

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


SHARED_DUEL = ROOT.parent / "shared" / "data" / "duel"


@pytest.mark.skipif(not (SHARED_DUEL / "golden-logs" / "MANIFEST.json").is_file(),
                    reason="needs ../shared/data/duel (the course's 20x20 map and its recorded games)")
def test_duel_rushes_finds_the_students_middle_star_openings_and_plays_one():
    from game.duel.mapfile import read_map

    rushes = load("duel_rushes")
    board = read_map(str(SHARED_DUEL / "20map"))
    assert sorted(divmod(c, board.cols) for c in rushes.middle_stars(board)) == [(9, 8), (9, 11), (10, 8), (10, 11)]
    found = rushes.rushes(SHARED_DUEL / "golden-logs", board)
    assert len(found) >= 10 and len({(side, script) for _, side, script in found}) == len(found)
    assert {side for _, side, _ in found} == {"A", "B"}
    # Each script ends at its side's last middle star: its recorded game, replayed up to there,
    # has that side take two or more middle stars, the last with the script's last move.
    from game.duel.rules import initial_state, step

    middle = sum(1 << c for c in rushes.middle_stars(board))
    for name, side, script in found:
        st, played, took, last = initial_state(board), 0, 0, False
        for mover, move in rushes.read_moves(SHARED_DUEL / "golden-logs" / name, board):
            if mover == side and played == len(script):
                break
            before = st.taken
            st, _ = step(st, move)
            if mover == side:
                played += 1
                assert move == script[played - 1]
                last = bool((st.taken ^ before) & middle)
                took += last
        assert took >= 2 and last, (name, side, took)
    name, side, script = found[0]
    rushes._init({"board": board, "bot": "greedy", "nodes": 0, "then": "trapper", "move_time": 0.3})
    line = rushes.play(found[0]).split()
    assert line[0] == name and line[1] == "greedy=" + ("B" if side == "A" else "A") and line[2] in ("W", "L", "T")


def test_duel_program_speed_times_every_move_of_the_bot_run_as_a_program(tmp_path, monkeypatch):
    monkeypatch.setenv("TMPDIR", str(tmp_path))  # the program's spare memory: here, not in the machine's /tmp
    speed = load("duel_program_speed")
    times, near = speed.measure(str(ROOT / "maps" / "duel" / "duel8x8.txt"), rounds=2)
    # Two rounds from the corners: two runs of our program, timed by the judge (not checked
    # against any limit here: timings belong to the benchmark's output, not to the tests).
    assert len(times) == 2 and all(t > 0 for t in times) and near == []
    line = speed.summary(times)
    assert line.startswith("2 moves: median ") and "p95" in line and "max" in line
    assert speed.summary([]) == "no moves"
    # A move over the course's 1 s is counted (the judge here waits longer, to measure it).
    assert speed.summary([0.4, 1.3, 0.9]).endswith("max 1.300 s, 1 over 1 s")
    # --busy: processes spinning beside the game, gone once killed.
    import signal

    spinning = speed.spin(1)
    try:
        assert len(spinning) == 1 and spinning[0].poll() is None
    finally:
        spinning[0].kill()
        spinning[0].wait(30)
    assert spinning[0].returncode == -signal.SIGKILL  # it spun until killed, it did not just exit
    with pytest.raises(ProcessLookupError):  # its session's group (pgid = its pid) is empty: gone
        os.killpg(spinning[0].pid, 0)


def test_duel_replays_plays_a_list_at_a_fixed_search_and_compares_two_runs(tmp_path, capsys):
    replays = load("duel_replays")
    games = tmp_path / "games.txt"
    games.write_text("duel8x8.txt:0:A:greedy\nduel8x8.txt:1:B:greedy\n")
    first = tmp_path / "first.txt"
    replays.main(["--games", str(games), "--nodes", "50", "--workers", "1", "--out", str(first)])
    lines = first.read_text().splitlines()
    assert [line.split()[0] for line in lines] == ["duel8x8.txt:0:A:greedy", "duel8x8.txt:1:B:greedy", "TOTAL"]
    assert all(line.split()[1] in "WLT" and line.split()[3].startswith("r") for line in lines[:2])
    # The same search size plays the same games: nothing differs from the first run.
    capsys.readouterr()
    replays.main(["--games", str(games), "--nodes", "50", "--workers", "1", "--compare", str(first)])
    assert "0 of 2 games differ" in capsys.readouterr().out
    # A changed line is listed, with RESULT when the winner changed.
    label, result, score = lines[0].split()[:3]
    flipped = "L" if result == "W" else "W"
    first.write_text(f"{label} {flipped} {score}\n")
    assert replays.compare(first, lines[:1]) == [f"{label} {flipped} {score} -> {result} {score}  RESULT"]
    with pytest.raises(SystemExit, match="games.txt:1: expected label:seed:side"):
        games.write_text("duel8x8.txt:zero:A\n")
        replays.main(["--games", str(games)])


def test_duel_replays_plays_searcher_variants_on_chosen_boards(tmp_path):
    replays = load("duel_replays")
    variant = replays._searcher_variant("searcher-d80-c0-n30")
    assert (variant.DISCOUNT, variant.CELL, variant.NODES) == (0.8, 0.0, 30)
    assert replays._searcher_variant("searcher-n40").DISCOUNT == replays._fixed_classes()[1].DISCOUNT
    for bad in ("searcher", "searcher-x1", "searcher-d", "searcher-d0", "searcher-n0", "searcher-d80-d90", "greedy-d80"):
        assert replays._searcher_variant(bad) is None, bad
    out = tmp_path / "out.txt"
    replays.main(["--against", "searcher-d80-n30,greedy", "--boards", "duel8x8.txt", "--seeds", "0",
                  "--nodes", "50", "--workers", "1", "--out", str(out)])
    labels = [line.split()[0] for line in out.read_text().splitlines()]
    assert labels == ["duel8x8.txt:0:A:searcher-d80-n30", "duel8x8.txt:0:B:searcher-d80-n30",
                      "duel8x8.txt:0:A:greedy", "duel8x8.txt:0:B:greedy", "TOTAL"]
    with pytest.raises(SystemExit, match="--against or --ours: expected"):
        replays.main(["--against", "searcher-q5"])


def test_duel_replays_plays_trappers_hunting_from_another_distance(tmp_path):
    from game.duel.bots.sparring import HUNT_RADIUS, HunterBot, TrapperBot

    replays = load("duel_replays")
    near, far = replays._hunter_variant("trapper-r3"), replays._hunter_variant("hunter-r12")
    assert issubclass(near, TrapperBot) and near.HUNT_RADIUS == 3
    assert issubclass(far, HunterBot) and far.HUNT_RADIUS == 12
    assert TrapperBot.HUNT_RADIUS == HUNT_RADIUS == 8  # the variants leave the named bots alone
    for bad in ("trapper", "trapper-r", "trapper-r0", "trapper-3", "trapper-r3-r4", "greedy-r3", "hunter-rx"):
        assert replays._hunter_variant(bad) is None, bad
    # The radius is the one the bot hunts from: 2 steps apart on an open board, r1 collects, r3 hunts.
    from game.duel.protocol import DuelObservation

    obs = DuelObservation(round=5, grid=("A.....", "......", "..B...", "......", "m....m", "......"),
                          score_a=0, score_b=0, me="B")
    assert replays._hunter_variant("trapper-r3")().act(obs).reason.startswith("hunts")
    assert replays._hunter_variant("trapper-r1")().act(obs).reason.startswith("collects")
    out = tmp_path / "out.txt"
    replays.main(["--against", "trapper-r3", "--boards", "duel8x8.txt", "--seeds", "0",
                  "--nodes", "50", "--workers", "1", "--out", str(out)])
    labels = [line.split()[0] for line in out.read_text().splitlines()]
    assert labels == ["duel8x8.txt:0:A:trapper-r3", "duel8x8.txt:0:B:trapper-r3", "TOTAL"]
    with pytest.raises(SystemExit, match="--against or --ours: expected"):
        replays.main(["--against", "trapper-r0"])
    games = tmp_path / "games.txt"  # a list names its own opponents: checked there, by line
    games.write_text("duel8x8.txt:0:A:trapper-r3\nduel8x8.txt:0:B:hunter-r0\n")
    with pytest.raises(SystemExit, match="games.txt:2: expected a bot name.*'hunter-r0'"):
        replays.main(["--games", str(games), "--against", "greedy"])


def test_duel_replays_plays_montecarlo_variants(tmp_path):
    from game.duel.bots.sparring import MonteCarloBot

    replays = load("duel_replays")
    variant = replays._montecarlo_variant("montecarlo-i40-h8")
    assert issubclass(variant, MonteCarloBot) and (variant.ITERATIONS, variant.HORIZON) == (40, 8)
    assert variant(seed=1).move_time == 600.0  # no clock guard: a result depends on the code alone
    assert replays._montecarlo_variant("montecarlo-i40").HORIZON == MonteCarloBot.HORIZON == 24
    for bad in ("montecarlo", "montecarlo-i", "montecarlo-i0", "montecarlo-x5", "montecarlo-i4-i5", "greedy-i40"):
        assert replays._montecarlo_variant(bad) is None, bad
    out = tmp_path / "out.txt"
    replays.main(["--against", "montecarlo-i20-h6", "--boards", "duel8x8.txt", "--seeds", "0",
                  "--nodes", "50", "--workers", "1", "--out", str(out)])
    labels = [line.split()[0] for line in out.read_text().splitlines()]
    assert labels == ["duel8x8.txt:0:A:montecarlo-i20-h6", "duel8x8.txt:0:B:montecarlo-i20-h6", "TOTAL"]
    with pytest.raises(SystemExit, match="--against or --ours: expected"):
        replays.main(["--against", "montecarlo-i0"])


def test_duel_replays_puts_another_bot_in_defaults_seat(tmp_path):
    from game.duel.bots import benchmark as bench

    replays = load("duel_replays")
    out = tmp_path / "out.txt"
    replays.main(["--ours", "collector", "--against", "greedy", "--boards", "duel8x8.txt", "--seeds", "0",
                  "--workers", "1", "--out", str(out)])
    lines = out.read_text().splitlines()
    assert len(lines) == 3 and lines[2].startswith("TOTAL")
    spec = replays.boards()["duel8x8.txt"]
    for line, (a, b, side) in zip(lines, (("collector", "greedy", "A"), ("greedy", "collector", "B"))):
        row = bench.play_one(bench.GameSpec(spec, a, b, 0, 0, 600.0))
        ours, theirs = (row.score_a, row.score_b) if side == "A" else (row.score_b, row.score_a)
        assert line.split()[0] == f"duel8x8.txt:0:{side}:greedy"
        assert line.split()[2] == f"{ours}-{theirs}", (line, row)
    with pytest.raises(SystemExit, match="--against or --ours: expected"):
        replays.main(["--ours", "trapper-r0", "--against", "greedy"])


def test_duel_replays_names_any_generated_board_by_its_label(tmp_path):
    replays = load("duel_replays")
    spec = replays.generated_board("gen9x11-4242")
    assert (spec.label, spec.rows, spec.cols, spec.seed, spec.path) == ("gen9x11-4242", 9, 11, 4242, None)
    for bad in ("gen9x11", "gen9x11-", "gen1x11-5", "gen9x99-5", "20map", "gen9x11-5.txt"):
        assert replays.generated_board(bad) is None, bad
    # Another generated seed, another 20 boards; the lists' boards stay those of seed 0.
    first = [label for label in replays.boards(missing=lambda note: None) if label.startswith("gen")]
    other = [label for label in replays.boards(missing=lambda note: None, generated_seed=7) if label.startswith("gen")]
    assert len(first) == len(other) == 20 and not set(first) & set(other)
    out = tmp_path / "out.txt"
    replays.main(["--against", "greedy", "--boards", "gen8x9-11", "--seeds", "1", "--nodes", "40",
                  "--workers", "1", "--out", str(out)])
    lines = out.read_text().splitlines()
    assert [line.split()[0] for line in lines] == ["gen8x9-11:1:A:greedy", "gen8x9-11:1:B:greedy", "TOTAL"]
    assert all(line.split()[1] in "WLT" for line in lines[:2])
    with pytest.raises(SystemExit, match="unknown boards: gen1x9-11"):
        replays.main(["--boards", "gen1x9-11", "--workers", "1"])


def test_duel_replays_memoryless_default_starts_afresh_every_move(monkeypatch):
    from game.duel.mapfile import parse_map
    from game.duel.rules import initial_state, legal_moves, observe, step

    replays = load("duel_replays")
    monkeypatch.setenv(replays.NODES_ENV, "40")

    def play_two_rounds():
        bot = replays._fixed_classes()[0]()
        state = initial_state(parse_map("4 4\nA . m .\n. x . .\n. . x .\n. m . B"))
        for _ in range(2):
            state, _ = step(state, bot.act(observe(state)).move)
            state, _ = step(state, legal_moves(state)[0])
        return bot

    assert len(play_two_rounds().memory()["visits"]) == 2
    monkeypatch.setenv(replays.MEMORYLESS_ENV, "1")
    assert len(play_two_rounds().memory()["visits"]) == 1, "only the move just played is remembered"


def test_duel_trace_prints_a_replay_games_reasons_boards_and_scores_and_its_line(tmp_path, monkeypatch):
    replays, trace = load("duel_replays"), load("duel_trace")
    out = tmp_path / "out.txt"
    replays.main(["--against", "greedy", "--boards", "duel8x8.txt", "--seeds", "1", "--nodes", "40",
                  "--workers", "1", "--out", str(out)])
    line_a = out.read_text().splitlines()[0]
    printed = []
    spec = replays.boards(missing=lambda note: None)["duel8x8.txt"]
    monkeypatch.setenv(replays.NODES_ENV, "40")
    ended = trace.trace(("duel8x8.txt", 1, "A", "greedy"), spec, (20, 21), True, 10, replays.OURS,
                        out=printed.append)
    # The same game as the replays played: its line, but for the seconds it took.
    assert ended == printed[-1]
    assert ended.split()[:4] == line_a.split()[:4] and ended.split()[-1] == line_a.split()[-1]
    round_20 = [text for text in printed if text.startswith("  20 ")]
    assert round_20.pop(0).startswith("  20 score ")    # the score first, then A's board and move
    assert round_20[0].startswith("  20 board: A(") and round_20[1].startswith("  20 A: ")
    assert round_20[2].startswith("  20 B: ")          # B's reason after A's, in the round
    board = printed[printed.index(round_20[0]) + 1:printed.index(round_20[0]) + 9]
    assert len(board) == 8 and all(len(text.split()[1]) == 8 for text in board)
    assert [text.split()[0] for text in printed if " score " in text][:3] == ["10", "20", "30"]
    assert not any(" A: " in text or " B: " in text for text in printed
                   if text[:4].strip().isdigit() and not 20 <= int(text[:4]) <= 21)
    with pytest.raises(SystemExit, match="expected label:seed:side:opponent"):
        trace.main(["duel8x8.txt:1:A"])
    with pytest.raises(SystemExit, match="unknown board: nosuch"):
        trace.main(["nosuch:1:A:greedy", "--nodes", "40"])


def test_duel_trace_no_opening_plays_the_game_duel_replays_no_opening_plays(tmp_path, monkeypatch):
    replays, trace = load("duel_replays"), load("duel_trace")
    out = tmp_path / "out.txt"
    replays.main(["--against", "greedy", "--boards", "duel8x8.txt", "--seeds", "1", "--nodes", "40",
                  "--workers", "1", "--no-opening", "--out", str(out)])
    lines = out.read_text().splitlines()
    spec = replays.boards(missing=lambda note: None)["duel8x8.txt"]
    monkeypatch.setenv(replays.NODES_ENV, "40")
    for side, listed in zip("AB", lines):
        printed = []
        ended = trace.trace(("duel8x8.txt", 1, side, "greedy"), spec, (1, 1), False, 0, replays.OURS,
                            out=printed.append, no_opening=True)
        assert ended.split()[:4] == listed.split()[:4] and ended.split()[-1] == listed.split()[-1]
        # From the map's start, round 1 is played by the bots themselves, not by a seeded opening.
        assert [text for text in printed if text.startswith("   1 A: ")], printed[:3]
