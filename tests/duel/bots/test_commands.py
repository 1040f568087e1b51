"""run.py duel bot (one move as a program) and run.py duel bench (a small tournament)."""

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parents[3]
INPUT = """1
4 4
A . m .
. x . m
m . x .
. m . B
0
0
A
"""


def run_bot(args, stdin, cwd, tmp=None, extra=()):
    # The bot's spare memory goes under TMPDIR: a test's own, never the machine's.
    env = {**os.environ, "TMPDIR": str(tmp or cwd)}
    return subprocess.run([sys.executable, *extra, str(ROOT / "run.py"), "duel", "bot", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd, timeout=60, env=env)


@pytest.mark.parametrize("name", ["default", "greedy", "walker", "random", "mirror"])
def test_bot_prints_exactly_one_legal_move_line(name, tmp_path):
    done = run_bot(["--name", name, "--move-time", "0.05"], INPUT, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout in ("RIGHT\n", "DOWN\n")   # UP and LEFT leave the board
    assert done.stderr == ""


def test_bot_as_a_program_loads_no_other_game_and_no_pygame_or_numpy(tmp_path):
    # A judge starts the program once per move against a 1 s limit, start-up included: the game
    # registry may read the other games' records (their ``info``), never their rules or drawing.
    done = run_bot(["--move-time", "0.05"], INPUT, tmp_path, extra=["-v"])
    assert done.returncode == 0 and done.stdout in ("RIGHT\n", "DOWN\n"), done.stderr
    # -v names every module as it is loaded ("import 'name' # loader"), importlib's too.
    loaded = [line.split("'")[1] for line in done.stderr.splitlines() if line.startswith("import '")]
    assert "game.duel.bots.default" in loaded      # the parse reads the modules the bot loads
    # Another game's package itself (run to reach its ``info``) is fine; a module inside it is not.
    stray = [m for m in loaded if m.split(".")[0] in ("pygame", "numpy")
             or (m.startswith("game.") and m.count(".") >= 2 and m.split(".")[1] != "duel"
                 and not m.endswith(".info"))]
    assert stray == []


def test_bot_remembers_between_moves_in_its_folder(tmp_path):
    run_bot(["--move-time", "0.05"], INPUT, tmp_path)
    memory = json.loads((tmp_path / ".duel-bot-default-A.json").read_text())
    assert memory["round"] == 1 and memory["other"] == [3, 3]


def test_bot_in_a_new_folder_every_move_remembers_through_its_spare_copy(tmp_path):
    # A judge may give the program a new working folder every move (or one it cannot write): the
    # memory is then read from the copy under the temporary folder.
    shared_tmp, first, second = tmp_path / "tmp", tmp_path / "move1", tmp_path / "move2"
    for folder in (shared_tmp, first, second):
        folder.mkdir()
    assert run_bot(["--move-time", "0.05"], INPUT, first, shared_tmp).returncode == 0
    spare = list(shared_tmp.glob("treasure-duel-bots-*/duel-bot-default-A.json"))
    assert len(spare) == 1 and json.loads(spare[0].read_text())["round"] == 1
    round_two = INPUT.replace("1\n4 4", "2\n4 4", 1).replace("m . x .\n. m . B", "m . x B\n. m . .")
    assert run_bot(["--move-time", "0.05"], round_two, second, shared_tmp).returncode == 0
    memory = json.loads((second / ".duel-bot-default-A.json").read_text())
    assert memory["round"] == 2 and [v[0] for v in memory["visits"]] == [1, 2]
    # A working folder that has a file is read first: the first folder's (round 1) is used, not
    # the spare copy, which the move above made round 2's (as a memory of round 2 it would be
    # dropped at round 2, and only this move would be remembered).
    assert run_bot(["--move-time", "0.05"], round_two, first, shared_tmp).returncode == 0
    assert [v[0] for v in json.loads((first / ".duel-bot-default-A.json").read_text())["visits"]] == [1, 2]


def test_bot_remembering_nothing_reads_off_the_board_that_the_other_is_no_copycat(tmp_path):
    # Round 9 in a folder with no memory (as when it can write neither its folder nor the
    # temporary one): the judge starts every game from the map's own start, so the items
    # point-symmetric and the players not mean B once passed up a copy, and A takes the move a
    # copycat could answer with the mirror image (in process, after an opening, it would not).
    round_nine = """9
4 4
A . . m
. . . .
. . . .
m B . .
0
0
A
"""
    done = run_bot(["--move-time", "0.2", "--reason"], round_nine, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "RIGHT\n" and "symmetric" not in done.stderr, done.stderr


def test_bot_stops_searching_at_its_process_limit(tmp_path):
    # The judge's 1 s counts from the program's start: past --process-limit (seconds since the
    # process began) the search stops and the plan's move goes out, however much of --move-time is
    # left. The reason names the search's depth only when the search ran.
    searched = run_bot(["--move-time", "0.2", "--reason"], INPUT, tmp_path)
    assert searched.returncode == 0 and "depth" in searched.stderr, searched.stderr
    cut = run_bot(["--move-time", "0.2", "--reason", "--process-limit", "0.001"], INPUT, tmp_path)
    assert cut.returncode == 0, cut.stderr
    assert cut.stdout in ("RIGHT\n", "DOWN\n") and "depth" not in cut.stderr, cut.stderr
    refused = run_bot(["--process-limit", "0"], INPUT, tmp_path)
    assert refused.returncode == 2 and "--process-limit must be positive" in refused.stderr


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process's start from Linux's /proc")
def test_a_program_knows_when_its_process_started():
    # Read in a fresh process, the age is what Python's start-up and the imports took: positive,
    # and far below the judge's limit on any machine the tests run on.
    code = ("import time; from game.duel.commands.bot import _process_started as p; "
            "s = p(); print(-1 if s is None else time.perf_counter() - s)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    age = float(done.stdout)
    assert 0 < age < 5, done.stdout + done.stderr


def test_bot_reason_goes_to_stderr(tmp_path):
    done = run_bot(["--move-time", "0.05", "--reason"], INPUT, tmp_path)
    assert done.stdout.count("\n") == 1 and done.stderr.startswith(done.stdout.strip() + ":")


def test_bot_refuses_bad_input_with_the_line(tmp_path):
    done = run_bot([], "1\n4 4\nA . m\n", tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert "line 3" in done.stderr and "Traceback" not in done.stderr


def test_bot_unknown_name(tmp_path):
    done = run_bot(["--name", "nosuch"], INPUT, tmp_path)
    assert done.returncode == 2 and "default" in done.stderr and "Traceback" not in done.stderr


def test_bench_writes_table_files_and_chart(tmp_path):
    board = tmp_path / "tiny.txt"
    board.write_text("4 4\nA . m .\n. x . m\nm . x .\n. m . B\n")
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bench", "--bots", "walker,random",
                           "--maps", str(board), "--generated", "1", "--games", "2", "--workers", "1",
                           "--seed", "3", "--out", str(out), "--db", str(tmp_path / "r.sqlite")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "walker" in done.stdout and "95% CI" in done.stdout
    with open(out / "games.csv", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[0] == ["map", "A", "B", "seed", "winner", "score_a", "score_b", "end", "rounds"]
    # 2 maps x 2 seeds x both sides.
    assert len(rows) == 1 + 8
    assert {r[4] for r in rows[1:]} <= {"A Win", "B Win", "Tie"}
    assert {(r[1], r[2]) for r in rows[1:]} == {("walker", "random"), ("random", "walker")}
    results = json.loads((out / "results.json").read_text())
    walker = next(r for r in results["results"] if r["bot"] == "walker" and r["opponent"] == "random")
    assert walker["games"] == 8 and walker["wins"] + walker["losses"] + walker["ties"] == 8
    assert 0 <= walker["ci_low"] <= walker["win_rate"] <= walker["ci_high"] <= 1
    assert (out / "results.csv").exists() and (out / "winrate.png").stat().st_size > 1000


def test_bench_refuses_unknown_bots_and_missing_maps(tmp_path):
    for args, words in ((["--bots", "walker,nosuch", "--generated", "1"], "nosuch"),
                        (["--bots", "walker,random", "--maps", str(tmp_path / "none.txt")], "none.txt")):
        done = subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bench", *args, "--out",
                               str(tmp_path / "o")], capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and words in done.stderr and "Traceback" not in done.stderr


def test_bench_map_patterns_with_two_stars_reach_subfolders(tmp_path):
    from game.duel.commands.bench import _maps

    for folder, text in (("course", "2 2\nA m\nm B\n"), ("ours/small", "2 2\nA .\n. B\n")):  # two maps
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / f"{folder.replace('/', '-')}.txt").write_text(text)
    specs = _maps([str(tmp_path / "**" / "*.txt")])
    assert sorted(spec.label for spec in specs) == ["course.txt", "ours-small.txt"]


def test_bench_plays_a_program_through_the_judge(tmp_path):
    from game.duel.bots.benchmark import GameSpec, MapSpec, play_one

    board = tmp_path / "tiny.txt"
    board.write_text("4 4\nA . m .\n. x . m\nm . x .\n. m . B\n")
    program = f"cmd:{sys.executable} {ROOT / 'run.py'} duel bot --name greedy --move-time 0.05"
    row = play_one(GameSpec(MapSpec("tiny", path=str(board)), program, "walker", seed=1, opening=0, move_time=0.05))
    assert row.winner in ("A Win", "B Win", "Tie") and row.rounds >= 1
    assert "A" not in row.errors   # the program answered every move legally


def test_the_seeded_opening_does_not_end_point_symmetric_when_it_can():
    # B's last opening move has two choices: LEFT onto the mirror image of A's cell (the map's own
    # symmetric start again) or UP. Whatever the seed, it goes UP.
    import random

    from game.duel.bots.benchmark import draw_opening_move
    from game.duel.protocol import DuelObservation

    obs = DuelObservation(round=1, grid=(".A..", "....", "..x.", "...B"), score_a=0, score_b=0, me="B")
    moves = {draw_opening_move(obs, random.Random(seed), last=True) for seed in range(40)}
    assert moves == {"UP"}
    # Earlier opening moves are still drawn from every legal move.
    early = {draw_opening_move(obs, random.Random(seed), last=False) for seed in range(40)}
    assert early == {"UP", "LEFT"}


def _state_of(rows: list[str], mover: str = "A"):
    from game.duel.mapfile import parse_map
    from game.duel.rules import initial_state

    board = parse_map(f"{len(rows)} {len(rows[0].split())}\n" + "\n".join(rows) + "\n", "test")
    state = initial_state(board)
    return state._replace(mover=mover)


def test_copy_forced_names_the_openings_a_copycat_wins():
    from game.duel.bots.benchmark import copy_forced

    # The players point-symmetric: B copies from here on.
    assert copy_forced(_state_of(["A . m .", ". x . .", ". . x .", ". m . B"]))
    # A (top left) has two moves: RIGHT, whose mirror cell (3, 2) B at (2, 3) cannot reach in a
    # step, and DOWN, whose mirror cell is B's own: B cannot copy either.
    assert not copy_forced(_state_of(["A . m .", ". x . .", ". . x B", ". m . ."]))
    # A's only move is RIGHT to (0, 1), whose mirror image (3, 2) is one step from B at (3, 1).
    assert copy_forced(_state_of(["A . m .", "x x . .", ". . x x", ". B . ."]))
    # Same, but a wall keeps B from that cell: A can still break away.
    assert not copy_forced(_state_of(["A . m .", "x x . .", ". . x x", "x B x ."]))


def test_bench_openings_never_hand_a_copycat_the_game_and_are_the_same_for_every_bot():
    import random

    from game.duel.bots.benchmark import (OPENING_MAX, OPENING_MIN, copy_forced, generated_maps,
                                          opening_moves, schedule)
    from game.duel.rules import initial_state, step

    maps = generated_maps(6, 0)
    specs = schedule(["greedy", "mirror", "walker"], maps, 5, 0, 0.05)
    assert all(s.opening for s in specs)   # generated boards: every game has an opening
    firsts = {}
    for spec in specs:
        firsts.setdefault((spec.map.label, spec.seed), spec.opening)
        assert firsts[(spec.map.label, spec.seed)] == spec.opening
    for m in maps:
        board = m.board()
        for s in range(5):
            k = random.Random(f"opening:{m.label}:{s}").randint(OPENING_MIN, OPENING_MAX)
            moves = opening_moves(board, k, s)
            assert moves == opening_moves(board, k, s)
            state, i = initial_state(board), {"A": 0, "B": 0}
            while state.outcome is None and i[state.mover] < len(moves[state.mover]):
                side = state.mover
                state, _ = step(state, moves[side][i[side]])
                i[side] += 1
            assert state.outcome is None and not copy_forced(state), (m.label, s)


def test_a_generated_boards_label_names_it_and_is_read_back():
    from game.duel.bots.benchmark import generated_from_label, generated_maps
    from game.duel.mapfile import format_map

    maps = generated_maps(20, 54)
    assert len({m.label for m in maps}) == 20
    for m in maps:
        back = generated_from_label(m.label)
        assert back == m and format_map(back.board()) == format_map(m.board()), m.label
    assert generated_from_label("gen9x11-4242").rows == 9
    for bad in ("gen9x11", "gen9x11-", "gen1x11-5", "gen9x99-5", "20map", "gen9x11-5.txt", "gen09x11-5", "gen9x11-05"):
        assert generated_from_label(bad) is None, bad


def test_a_map_file_keeps_its_own_start_as_game_0(tmp_path):
    from game.duel.bots.benchmark import MapSpec, schedule

    board = tmp_path / "tiny.txt"
    board.write_text("4 4\nA . m .\n. x . m\nm . x .\n. m . B\n")
    specs = schedule(["greedy", "walker"], [MapSpec("tiny", path=str(board))], 3, 0, 0.05)
    assert [s.opening == 0 for s in specs] == [True, True, False, False, False, False]


def test_the_bench_tells_programs_apart_and_says_what_went_wrong(tmp_path):
    # A review's bench named two programs in one folder both "cmd:/tmp/revie" and said only
    # "time out" for a program that could not even start.
    board = tmp_path / "tiny.txt"
    board.write_text("4 4\nA . m .\n. x . m\nm . x .\n. m . B\n")
    folder = tmp_path / "a rather long folder name for the student bots"
    folder.mkdir()
    lower = folder / "lower.sh"
    lower.write_text("#!/bin/sh\ncat > /dev/null\necho up\n")
    lower.chmod(0o755)
    bots = f"cmd:'{lower}',cmd:'{folder / 'missing'}',greedy"
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bench", "--bots", bots,
                           "--maps", str(board), "--generated", "0", "--games", "1", "--workers", "1",
                           "--seed", "3", "--out", str(tmp_path / "out"), "--db", str(tmp_path / "r.sqlite")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("cmd:")]
    assert any(line.startswith("cmd:") and "lower.sh' " in line and "missing' " in line for line in rows), done.stdout
    assert "invalid output format: printed 'up\\n', expected one of UP" in done.stderr
    assert "cannot run" in done.stderr and "No such file" in done.stderr


def test_the_bench_gives_programs_the_time_limit_it_is_told(tmp_path):
    board = tmp_path / "tiny.txt"
    board.write_text("4 4\nA . m .\n. x . m\nm . x .\n. m . B\n")
    slow = tmp_path / "slow.sh"
    slow.write_text("#!/bin/sh\ncat > /dev/null\nsleep 0.6\necho RIGHT\n")
    slow.chmod(0o755)
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bench", "--bots", f"cmd:{slow},walker",
                           "--maps", str(board), "--games", "1", "--workers", "1", "--time-limit", "0.3",
                           "--out", str(out), "--db", str(tmp_path / "r.sqlite")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "ran past the time limit of 0.3 s" in done.stderr
    with open(out / "games.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == 2 and all(r["end"] == "time out" for r in rows), rows
    assert json.loads((out / "results.json").read_text())["config"]["time_limit"] == 0.3
    refused = subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bench", "--bots", "walker,random",
                              "--generated", "1", "--time-limit", "0", "--out", str(out)],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "--time-limit must be positive" in refused.stderr


def test_the_time_limit_splits_only_games_a_program_plays():
    from game.duel.bots.benchmark import MapSpec, schedule

    m = MapSpec(label="m", path="m.txt")
    specs = schedule(["greedy", "walker", "cmd:./bot"], [m], 1, 0, 0.3, time_limit=0.5)
    assert {(s.a, s.b): s.time_limit for s in specs} == {
        ("greedy", "walker"): None, ("walker", "greedy"): None,
        ("greedy", "cmd:./bot"): 0.5, ("cmd:./bot", "greedy"): 0.5,
        ("walker", "cmd:./bot"): 0.5, ("cmd:./bot", "walker"): 0.5}
