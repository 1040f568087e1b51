"""Replays: a played game is recorded, opens through the registry, seeks, and branches with O."""

import json

import pytest

from game.arcade import games
from game.scotlandyard.arcade import codec
from game.scotlandyard.arcade.replay import REVEAL_MARK, SyReplayScene, marks_for
from game.scotlandyard.arcade.scenes import SyPlayScene
from game.scotlandyard.arcade.session import SySession

from .helpers import Harness, click


@pytest.fixture
def recorded(tmp_path):
    session = SySession({"mrx": "random", "detectives": "random"}, seed=4)
    session.play_sync()
    path = codec.save(session, tmp_path / "game.json")
    return session, path


def test_a_recorded_game_reproduces_every_position_with_its_reasons(recorded):
    session, path = recorded
    replay = codec.load(path)
    assert [e.state for e in replay.entries] == [e.state for e in session.history]
    assert [e.reason for e in replay.entries] == [e.reason for e in session.history]
    assert replay.players == {"mrx": "random", "detectives": "random"}
    assert codec.CODEC.summary(replay).endswith(codec.winner_text(session.state))
    assert games.game_of_replay(path).info.id == "scotlandyard"


def test_a_record_whose_moves_do_not_follow_the_rules_is_refused_naming_the_move(recorded, tmp_path):
    _, path = recorded
    doc = json.loads(path.read_text())
    doc["moves"][1] = "RED 1 TAXI 8"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(codec.SyReplayError, match="move 2"):
        codec.load(bad)


def test_the_replay_opens_seeks_marks_reveals_and_branches(display, recorded):
    session, path = recorded
    h = Harness(lambda ctx: games.replay_scene(ctx, str(path)))
    scene = h.top
    assert isinstance(scene, SyReplayScene)
    reveal_indices = [i for i, colour in marks_for(scene.entries) if colour == REVEAL_MARK]
    assert reveal_indices == scene.replay.reveal_marks()
    h.press("end")
    assert scene.cursor == len(scene.entries) - 1
    h.press("home")
    h.press("pagedown")  # the next reveal
    assert scene.cursor == reveal_indices[0]
    timeline = scene.timeline
    target = len(scene.entries) // 3
    h.frames(1, click((timeline.x_of(target), timeline.rect.centery)))
    assert scene.cursor == target
    while scene.entries[scene.cursor].state.winner:
        h.press("left")
    h.press("o")
    play = h.top
    assert isinstance(play, SyPlayScene)
    mover = play.session.mover
    assert play.session.is_human(mover) and play.mode == ("mrx" if mover == "mrx" else "detectives")
    assert play.session.history == scene.entries[:scene.cursor + 1]
    play.thinker.cancel()


def test_the_replay_browser_describes_a_scotland_yard_record(recorded):
    from game.scotlandyard.arcade.entry import ARCADE

    session, path = recorded
    row = ARCADE.describe_replay(json.loads(path.read_text()))
    assert row["game"] == "Scotland Yard" and row["players"] == "Mr X random vs random"
    assert row["result"] in ("Mr X escapes", "detectives win")
    assert row["length"] == str(sum(1 for e in session.history if e.side == 'mrx'))  # Mr X's turns


def test_the_replay_has_the_speed_keys_its_help_lists(display, recorded):
    _, path = recorded
    h = Harness(lambda ctx: games.replay_scene(ctx, str(path)))
    scene = h.top
    rows = dict((row[0], row[1]) for row in scene.key_rows())
    for digit, speed in (("1", "slow"), ("3", "fast"), ("4", "instant"), ("2", "normal")):
        assert digit in rows and speed in rows[digit].lower()
        h.press(digit)
        assert scene.view.speed == speed


def test_a_branch_is_saved_once_something_new_is_played(display, recorded):
    from game.replayfiles import saved_replays

    _, path = recorded
    h = Harness(lambda ctx: games.replay_scene(ctx, str(path)))
    scene = h.top
    scene.seek(5)
    h.press("o")
    play = h.top
    assert isinstance(play, SyPlayScene) and play.session.branch_length == 6
    play.on_exit()  # left at once: the replay it came from holds all of it
    assert saved_replays() == []
    assert not isinstance(play.session.human_move(play.session.state.legal_moves()[0]), str)
    play.on_exit()
    saved = saved_replays()
    assert len(saved) == 1 and len(codec.load(saved[0]).entries) == 7
