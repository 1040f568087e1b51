"""A course log opens as a replay, and its final scores are the log's."""

from pathlib import Path

import pytest

from game.duel.arcade import codec

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "duel"


@pytest.fixture
def golden():
    if not (SHARED / "golden-logs").is_dir():
        pytest.skip(f"reference data not found at {SHARED} (CI checks it out beside the repo)")
    return SHARED


def test_a_course_log_replays_to_its_final_scores(golden):
    log = golden / "golden-logs" / "game-0001.log"
    replay = codec.from_course_log(log, golden / "20map")
    lines = log.read_text().split("\n")
    assert f"A Score: {replay.final.score_a}" == lines[-3]
    assert f"B Score: {replay.final.score_b}" == lines[-2]
    assert replay.final.outcome.winner == lines[-4]
    assert len([e for e in replay.entries if e.player]) == len(lines) - 4


def test_a_log_on_the_wrong_map_is_refused_with_what_differs(golden):
    with pytest.raises(codec.DuelReplayError):
        codec.from_course_log(golden / "golden-logs" / "game-0001.log", golden / "88map")


def test_log_parsing_keeps_multi_line_invalid_output_as_one_move():
    log = codec.parse_course_log("A UP\nB hello\nworld\nA Win\nA Score: 0\nB Score: -100\ninvalid output format")
    assert log.moves == [("A", "UP"), ("B", "hello\nworld")]
    assert (log.winner, log.score_a, log.score_b, log.message) == ("A Win", 0, -100, "invalid output format")


def test_a_malformed_log_names_the_line():
    with pytest.raises(codec.DuelReplayError, match="line 1"):
        codec.parse_course_log("zzz\nA UP\nA Win\nA Score: 1\nB Score: 0\ngame clear")


def test_a_course_log_opens_in_the_duel_replay_scene_at_its_final_scores(golden, display):
    from game.arcade.app import make_context
    from game.arcade.games import arcade_games
    from game.duel.arcade.replay import DuelReplayScene

    ctx = make_context((1280, 720), sprites_dir="", maps=[])
    entry = next(g.entry for g in arcade_games() if g.info.id == "duel")
    scene = entry.replay_scene(ctx, str(golden / "golden-logs" / "game-0002.log"), map_path=str(golden / "20map"))
    assert isinstance(scene, DuelReplayScene)
    scene.seek(len(scene.entries) - 1)
    lines = (golden / "golden-logs" / "game-0002.log").read_text().split("\n")
    final = scene.entries[scene.cursor].state
    assert (f"A Score: {final.score_a}", f"B Score: {final.score_b}") == (lines[-3], lines[-2])


def test_a_score_of_thousands_of_digits_is_refused_with_its_line():
    import pytest

    from game.duel.arcade.codec import DuelReplayError, parse_course_log

    with pytest.raises(DuelReplayError, match=r"huge.log: line 4: expected 'A Score: <number>'"):
        parse_course_log("A UP\nB UP\nA Win\nA Score: " + "9" * 5000 + "\nB Score: 0\n", "huge.log")
