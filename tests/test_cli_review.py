"""A review of the command line (Treasure Island's commands and what every game shares): bad input
is one line and exit status 2, found before the work, never a traceback, a silently ignored option
or a file overwritten without being asked.

A folder nobody may write in is made with mode 0o555; root writes in it all the same, so when
the tests run as root the command runs as the user ``nobody`` (``setpriv``), from a scratch
folder every user may enter (pytest's ``tmp_path`` is private to the user running the tests).
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.cli import main

ROOT = Path(__file__).resolve().parents[1]
MAP16 = str(ROOT / "maps" / "island16.txt")
DUEL8 = str(ROOT / "maps" / "duel" / "duel8x8.txt")

BAD_AGENTS = '''
from game.treasure.agents.base import Agent


class BadInit(Agent):
    def __init__(self, seed=0):
        raise ValueError("bad init")


class NoSeed(Agent):
    def __init__(self):
        pass
'''


# -- helpers: one-line errors, and a user who may not write -------------------------------------


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("run.py: error: "), err
    assert "Traceback" not in err
    return lines[0]


@pytest.fixture
def shared_dir():
    """A scratch folder every user may enter and write in (for a command run as ``nobody``)."""
    folder = Path(tempfile.mkdtemp(prefix="cli-review-"))
    folder.chmod(0o777)
    yield folder
    for path in [folder, *folder.rglob("*")]:  # a locked folder's files go too
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o777)
    shutil.rmtree(folder, ignore_errors=True)


def _writes_in(folder: Path) -> bool:
    try:
        tempfile.NamedTemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def locked(folder: Path) -> Path:
    """``folder`` (made) with mode 0o555: no one but root may make a file in it."""
    folder.mkdir(parents=True, exist_ok=True)
    folder.chmod(0o555)
    return folder


def run_as_another_user(args: list[str], cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """``run.py ARGS`` as a user for whom mode 0o555 means read-only: this one, or ``nobody``
    when the tests run as root."""
    command = [sys.executable, str(ROOT / "run.py"), *args]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("the tests run as root and setpriv is missing: no user to be refused a write")
        command = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", *command]
    elif _writes_in(locked(cwd / ".probe")):
        pytest.skip("this user writes in a read-only folder (a capability): nothing to refuse")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(cwd),
               XDG_DATA_HOME=str(cwd / "data"), TREASURE_ISLAND_DATA=str(cwd / "data"), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


def refused_in_one_line(done: subprocess.CompletedProcess, *words: str) -> str:
    assert done.returncode == 2, (done.returncode, done.stderr[-2000:])
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr[-2000:]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def bad_agents(tmp_path) -> Path:
    path = tmp_path / "bad_agents.py"
    path.write_text(BAD_AGENTS)
    return path


# -- 1. a bench's --out folder it cannot write: refused before any game --------------------------


@pytest.mark.parametrize("command", [
    ["bench", "--maps", MAP16, "--agents", "random", "--games", "1", "--workers", "1"],
    ["duel", "bench", "--maps", DUEL8, "--bots", "walker,random", "--games", "1", "--workers", "1"],
    ["sy", "bench", "--mrx", "random", "--detectives", "random", "--games", "1", "--workers", "1"],
], ids=["bench", "duel-bench", "sy-bench"])
def test_bench_refuses_an_out_folder_it_cannot_write_before_playing(command, shared_dir):
    out = locked(shared_dir / "out")
    db = shared_dir / "results.sqlite"
    done = run_as_another_user([*command, "--out", str(out), "--db", str(db)], shared_dir)
    refused_in_one_line(done, f"--out {out}", "cannot write", "Permission denied")
    assert not db.exists()  # no game was played, nothing stored


def test_bench_refuses_an_out_folder_where_a_result_file_is_a_folder(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "results.json").mkdir(parents=True)
    db = tmp_path / "results.sqlite"
    assert main(["bench", "--maps", MAP16, "--agents", "random", "--games", "1", "--workers", "1",
                 "--out", str(out), "--db", str(db)]) == 2
    assert "results.json there is a folder" in one_line_error(capsys)
    assert not db.exists()


# -- 2. render-map: a file it cannot write, and one that exists ----------------------------------


def test_render_map_cannot_write_is_one_line(shared_dir):
    png = locked(shared_dir / "ro") / "x.png"
    done = run_as_another_user(["render-map", MAP16, "-o", str(png)], shared_dir)
    refused_in_one_line(done, "cannot write", "Permission denied")


def test_render_map_overwrites_a_png_only_with_force(tmp_path, capsys):
    png = tmp_path / "map.png"
    png.write_bytes(b"mine")
    assert main(["render-map", MAP16, "-o", str(png)]) == 2
    assert "the file exists; pass --force" in one_line_error(capsys)
    assert png.read_bytes() == b"mine"
    assert main(["render-map", MAP16, "-o", str(png), "--force"]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [p.name for p in tmp_path.iterdir()] == ["map.png"]  # no temporary file left


# -- 3. a plug-in agent whose constructor fails ----------------------------------------------------


@pytest.mark.parametrize("cls, why", [("BadInit", "ValueError: bad init"),
                                      ("NoSeed", "TypeError: ")])
@pytest.mark.parametrize("command", [
    ["play", "--headless", "--map", MAP16, "--seed", "1"],
    ["--autoplay", "--quit-at-end", "--map", MAP16, "--seed", "1"],
    ["screenshot", "--map", MAP16, "--seed", "1", "-o", "{tmp}/shot.png"],
    ["bench-frames", "--map", MAP16, "--frames", "2", "--size", "800x450"],
], ids=["play", "arcade", "screenshot", "bench-frames"])
def test_an_agent_that_cannot_be_made_is_one_line(command, cls, why, bad_agents, tmp_path, capsys):
    spec = f"{bad_agents}:{cls}"
    argv = [word.replace("{tmp}", str(tmp_path)) for word in command]
    assert main([*argv, "--agent", spec]) == 2
    assert one_line_error(capsys).startswith(f"run.py: error: cannot create agent {spec!r}: {why}")
    assert not (tmp_path / "shot.png").exists()


def test_bench_still_counts_an_agent_that_cannot_be_made_as_forfeits(bad_agents, tmp_path, capsys):
    out = tmp_path / "out"
    assert main(["bench", "--maps", MAP16, "--agents", f"{bad_agents}:BadInit,random", "--games", "1",
                 "--workers", "1", "--out", str(out), "--db", str(tmp_path / "r.sqlite")]) == 0
    rows = {r["agent"]: r for r in json.loads((out / "results.json").read_text())}
    assert rows[f"{bad_agents}:BadInit"]["win_rate"] == 0


# -- 4. a seed no replay can store ------------------------------------------------------------------


@pytest.mark.parametrize("command", [
    ["play", "--headless", "--map", MAP16, "--log", "{tmp}/log.txt"],
    ["--autoplay", "--quit-at-end", "--map", MAP16],
    ["screenshot", "--map", MAP16, "-o", "{tmp}/shot.png"],
], ids=["play", "arcade", "screenshot"])
def test_a_seed_of_2_to_the_64_or_more_is_refused_up_front(command, tmp_path, capsys):
    argv = [word.replace("{tmp}", str(tmp_path)) for word in command]
    assert main([*argv, "--seed", str(2**64)]) == 2
    assert "--seed must be at most 2**64 - 1" in one_line_error(capsys)
    assert list(tmp_path.iterdir()) == []
    assert main(["play", "--headless", "--map", MAP16, "--seed", str(2**64 - 1), "--log",
                 str(tmp_path / "log.txt")]) == 0  # the largest is fine


# -- 5. (Treasure Island) a time that is no number of seconds ---------------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_bench_frames_refuses_a_move_time_that_is_not_positive_and_finite(value, capsys):
    assert main(["bench-frames", "--game", "scotlandyard", "--frames", "2", "--size", "800x450",
                 "--move-time", value]) == 2
    assert "--move-time must be positive and finite" in one_line_error(capsys)


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_agent_time_refuses_nan_inf_and_negative(value, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--headless", "--map", MAP16, "--agent-time", value])
    assert exit_info.value.code == 2
    assert "--agent-time" in capsys.readouterr().err


# -- 7. --truth, --liar-rate and --rules ------------------------------------------------------------


@pytest.mark.parametrize("options, says", [
    (["--truth", "bluff", "--rules", "truth_model=random"], "give the truth model once"),
    (["--truth", "random", "--rules", "truth_model=random"], "give the truth model once"),
    (["--truth", "bluff", "--liar-rate", "0.5", "--rules", "liar_rate=0.2"], "give the liar rate once"),
    (["--liar-rate", "0.5"], "--liar-rate is the probability of a lie under --truth bluff"),
    (["--truth", "random", "--liar-rate", "0.5"], "--liar-rate is the probability of a lie under --truth bluff"),
    (["--truth", "bluff", "--liar-rate", "1.5"], "--liar-rate: liar_rate must be"),
])
def test_play_refuses_truth_and_liar_rate_that_would_be_ignored(options, says, tmp_path, capsys):
    log = tmp_path / "log.txt"
    assert main(["play", "--headless", "--map", MAP16, "--seed", "1", "--log", str(log), *options]) == 2
    assert says in one_line_error(capsys)
    assert not log.exists()


@pytest.mark.parametrize("options", [
    ["--truth", "bluff", "--liar-rate", "0.5"],
    ["--rules", "truth_model=bluff", "--liar-rate", "0.5"],
    ["--truth", "bluff", "--rules", "liar_rate=0.5"],
    ["--rules", "truth_model=bluff,liar_rate=0.5"],
])
def test_each_way_of_giving_a_bluff_game_plays_the_same_game(options, tmp_path, capsys):
    log = tmp_path / "log.txt"
    assert main(["play", "--headless", "--map", MAP16, "--seed", "1", "--log", str(log), *options]) == 0
    assert "RULES truth bluff liar_rate 0.5" in log.read_text()


def test_play_in_a_window_plays_the_truth_model_it_is_given(monkeypatch, capsys):
    import game.arcade.app as app

    seen = {}
    monkeypatch.setattr(app, "run_in_window", lambda first_scene, **options: seen.update(options))
    assert main(["play", "--map", MAP16, "--seed", "1", "--truth", "bluff", "--liar-rate", "0.4"]) == 0
    assert (seen["config"].truth_model, seen["config"].liar_rate) == ("bluff", 0.4)


# -- 8. the results database: read-only for ratings, and what is not one ---------------------------


def _results_db(folder: Path) -> Path:
    db = folder / "results.sqlite"
    out = folder / "bench"
    assert main(["bench", "--maps", MAP16, "--agents", "random", "--games", "2", "--workers", "1",
                 "--out", str(out), "--db", str(db)]) == 0
    shutil.rmtree(out)
    return db


def test_ratings_reads_a_database_the_user_may_only_read(shared_dir, capsys):
    folder = shared_dir / "dbs"
    folder.mkdir()
    folder.chmod(0o777)
    db = _results_db(folder)
    capsys.readouterr()
    db.chmod(0o444)
    locked(folder)
    before = sorted(p.name for p in folder.iterdir())
    done = run_as_another_user(["ratings", "--db", str(db), "--out", str(shared_dir / "ratings")], shared_dir)
    assert done.returncode == 0, done.stderr
    assert "Treasure Island" in done.stdout and "random" in done.stdout
    assert sorted(p.name for p in folder.iterdir()) == before  # nothing written beside it
    # To store games in it, the same user is told why it cannot, in words about permissions.
    folder.chmod(0o777)
    done = run_as_another_user(["bench", "--maps", MAP16, "--agents", "random", "--games", "1", "--workers", "1",
                                "--out", str(shared_dir / "out"), "--db", str(db)], shared_dir)
    line = refused_in_one_line(done, str(db), "permission denied")
    assert "not a results database" not in line


@pytest.mark.parametrize("command", [["ratings"], ["bench", "--maps", MAP16, "--agents", "random", "--games", "1",
                                                   "--workers", "1", "--out", "{tmp}/out"]], ids=["ratings", "bench"])
def test_a_db_that_is_a_folder_says_so(command, tmp_path, capsys):
    argv = [word.replace("{tmp}", str(tmp_path)) for word in command]
    folder = tmp_path / "adir"
    folder.mkdir()
    assert main([*argv, "--db", str(folder)]) == 2
    assert f"{folder}: is a folder, not a results database" in one_line_error(capsys)


def test_bench_db_must_be_an_sqlite_file_or_an_empty_file_named_as_one(tmp_path, capsys):
    bench = ["bench", "--maps", MAP16, "--agents", "random", "--games", "1", "--workers", "1",
             "--out", str(tmp_path / "out")]
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    assert main([*bench, "--db", str(empty)]) == 2
    assert "an empty file, not a results database" in one_line_error(capsys)
    assert empty.read_bytes() == b""
    text = tmp_path / "notes.db"
    text.write_text("my notes\n")
    assert main([*bench, "--db", str(text)]) == 2
    assert "not an SQLite database" in one_line_error(capsys)
    assert text.read_text() == "my notes\n"
    fresh = tmp_path / "fresh.sqlite"
    fresh.write_bytes(b"")
    assert main([*bench, "--db", str(fresh)]) == 0
    assert sqlite3.connect(fresh).execute("SELECT COUNT(*) FROM games").fetchone() == (1,)


# -- 9. every map refused by --skip-rejected --------------------------------------------------------


def test_bench_with_no_map_left_after_skip_rejected_is_one_line_and_stores_nothing(tmp_path, capsys):
    pic = tmp_path / "pic.png"
    pic.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4)
    db = tmp_path / "results.sqlite"
    assert main(["bench", "--maps", str(pic), "--skip-rejected", "--agents", "random", "--games", "1",
                 "--workers", "1", "--out", str(tmp_path / "out"), "--db", str(db)]) == 2
    assert "no map left after --skip-rejected" in one_line_error(capsys)
    assert not db.exists() and not (tmp_path / "out").exists()


# -- 11. screenshot: --hint, and the turn shown -----------------------------------------------------


@pytest.mark.parametrize("hint, says", [("99", "--hint 99: no such hint"), ("0", "--hint must be at least 1"),
                                        ("-1", "--hint must be at least 1")])
def test_screenshot_refuses_a_hint_that_does_not_exist(hint, says, tmp_path, capsys):
    shot = tmp_path / "shot.png"
    assert main(["screenshot", "--map", MAP16, "--seed", "1", "--size", "800x450", "-o", str(shot),
                 "--hint", hint]) == 2
    assert says in one_line_error(capsys)
    assert not shot.exists()


def test_screenshot_reports_the_turn_it_shows(tmp_path, capsys):
    shot = tmp_path / "shot.png"
    assert main(["screenshot", "--map", MAP16, "--seed", "1", "--size", "800x450", "-o", str(shot),
                 "--turn", "100000", "--hint", "1"]) == 0
    line = capsys.readouterr().err.strip()
    turn = int(line.split(", turn ")[1].split(",")[0])
    assert turn < 100000 and "where the game ended (WIN)" in line and "before --turn 100000" in line


# -- 12. screenshot writes only where -o says ------------------------------------------------------


@pytest.mark.parametrize("command", [["screenshot"], ["duel", "screenshot", "--map", DUEL8], ["sy", "screenshot"]],
                         ids=["screenshot", "duel", "sy"])
def test_a_screenshot_needs_o(command, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_info:
        main(command)
    assert exit_info.value.code == 2
    assert "-o/--output" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_screenshot_help_says_o_is_required(capsys):
    with pytest.raises(SystemExit):
        main(["screenshot", "--help"])
    assert "(required;" in capsys.readouterr().out


# -- 13. bench-frames: the size check of every command, and --map where it means nothing -------------


@pytest.mark.parametrize("options, says", [
    (["--size", "1x1"], "--size must be between"),
    (["--game", "scotlandyard", "--map", MAP16, "--size", "800x450"], "--map is for treasure and duel"),
])
def test_bench_frames_refuses_a_tiny_size_and_a_map_for_scotland_yard(options, says, capsys):
    assert main(["bench-frames", "--frames", "2", *options]) == 2
    assert says in one_line_error(capsys)


# -- 14, 18. bench-replay --checkpoint-every, and the replay refused names its file -----------------


@pytest.fixture
def replay_file(tmp_path, capsys) -> Path:
    record = tmp_path / "game.json"
    assert main(["play", "--headless", "--map", MAP16, "--seed", "3", "--log", str(tmp_path / "log.txt"),
                 "--record", str(record)]) == 0
    capsys.readouterr()
    return record


def test_bench_replay_refuses_checkpoint_every_0(replay_file, capsys):
    assert main(["bench-replay", str(replay_file), "--checkpoint-every", "0"]) == 2
    assert "--checkpoint-every must be at least 1, not 0" in one_line_error(capsys)
    assert main(["bench-replay", str(replay_file), "--checkpoint-every", "1"]) == 0


@pytest.mark.parametrize("command", [["replay", "--check"], ["bench-replay"]])
def test_a_replay_refused_for_an_invalid_action_names_its_file(command, replay_file, capsys):
    doc = json.loads(replay_file.read_text())
    doc["actions"][0]["action"] = "MOVE_SMALL W 9"
    replay_file.write_text(json.dumps(doc))
    assert main([*command, str(replay_file)]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"run.py: error: replay refused: {replay_file}: action 1 ")
    assert line.count(str(replay_file)) == 1


# -- 15. play --maps matching nothing ----------------------------------------------------------------


def test_play_maps_matching_nothing_is_one_line(tmp_path, capsys):
    assert main(["play", "--headless", "--maps", str(tmp_path / "nomatch" / "*.txt"),
                 "--out", str(tmp_path / "out")]) == 2
    assert "no map to play" in one_line_error(capsys)
    assert not (tmp_path / "out").exists()


# -- 17. play --record into a folder that cannot be written ----------------------------------------


def test_play_record_in_a_folder_it_cannot_write_is_refused_before_the_game(shared_dir):
    log = shared_dir / "log.txt"
    record = locked(shared_dir / "ro") / "game.json"
    done = run_as_another_user(["play", "--headless", "--map", MAP16, "--seed", "1", "--log", str(log),
                                "--record", str(record)], shared_dir)
    refused_in_one_line(done, f"--record {record}", "cannot write", "Permission denied")
    assert not log.exists()  # refused before the game, not after it


# -- 18. messages ------------------------------------------------------------------------------------


def test_a_log_inside_a_file_says_the_file_is_not_a_folder(tmp_path, capsys):
    (tmp_path / "empty.txt").write_text("")
    log = tmp_path / "empty.txt" / "x.log"
    assert main(["play", "--headless", "--map", MAP16, "--seed", "1", "--log", str(log)]) == 2
    line = one_line_error(capsys)
    assert f"{tmp_path / 'empty.txt'} is a file, not a folder" in line and "does not exist" not in line


def test_an_agent_module_that_is_not_there_is_named_once(capsys):
    assert main(["play", "--headless", "--map", MAP16, "--seed", "1", "--agent", "nosuchmod:X"]) == 2
    line = one_line_error(capsys)
    assert line == ("run.py: error: cannot load agent 'nosuchmod:X': ModuleNotFoundError: "
                    "No module named 'nosuchmod'")


# -- 19. documentation --------------------------------------------------------------------------------


def test_bench_help_shows_its_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["bench", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for default in ("(default: default,greedy,random)", "(default: 500)", "(default: 0)", "(default: out/bench)"):
        assert default in text, default
    assert "--workers" in text and text.count("(default: ") >= 5


def test_readme_play_row_names_truth_and_liar_rate():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| `python run.py play --headless --map"))
    assert "--truth" in row and "--liar-rate" in row


def test_a_bench_refuses_seeds_its_database_cannot_store_before_playing(tmp_path):
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[1]
    for args in (["bench", "--agents", "random", "--maps", str(root / "maps" / "island16.txt")],
                 ["duel", "bench", "--bots", "random,walker", "--maps", str(root / "maps" / "duel" / "duel8x8.txt")],
                 ["sy", "bench", "--mrx", "random", "--detectives", "random"]):
        done = subprocess.run([sys.executable, str(root / "run.py"), *args, "--games", "2", "--seed",
                               str(2**63 - 2), "--workers", "1", "--out", str(tmp_path / "o"),
                               "--db", str(tmp_path / "r.sqlite")], capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and "2**63 - 1" in done.stderr and "Traceback" not in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1
    assert not (tmp_path / "r.sqlite").exists()


def test_a_liar_rate_in_rules_without_bluff_is_refused(capsys):
    from game.cli import main

    island = str(Path(__file__).resolve().parents[1] / "maps" / "island16.txt")
    assert main(["play", "--headless", "--map", island, "--seed", "1", "--rules", "liar_rate=0.5"]) == 2
    assert "liar_rate" in capsys.readouterr().err
    from game.commands.common import parse_rules

    assert parse_rules("truth_model=bluff,liar_rate=0.5").liar_rate == 0.5


def test_checking_a_size_does_not_load_pygame():
    import subprocess
    import sys

    code = ("import sys; from game.arcade.commandline import frame_size, window_size; "
            "frame_size('800x450'); window_size('1280x720'); print('pygame' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[1])
    assert done.stdout.strip() == "False", done.stderr
