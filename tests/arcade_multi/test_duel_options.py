"""The duel's options: map (shipped, generated with a seed, a file), who plays A and B."""

import pygame
import pytest

from game.arcade.app import make_context
from game.arcade.games import replay_list
from game.duel.arcade.scenes import DuelOptions, DuelOptionsScene, DuelPlayScene
from game.shell.input import CLICK, Click, Intention
from game.shell.scenes import Replace


@pytest.fixture
def ctx(display):
    return make_context((1280, 720), sprites_dir="", maps=[])


def go(scene, *names):
    out = None
    for name in names:
        out = scene.handle(Intention(name))
    return out


def test_start_with_the_shipped_map_and_default_bots(ctx):
    scene = DuelOptionsScene(ctx)
    transition = go(scene, "menu_go")
    play = transition.scene
    assert isinstance(play, DuelPlayScene)
    assert play.session.specs == {"A": "default", "B": "default"}
    assert play.session.map_name == scene.options.maps[0].stem
    assert play.session.config.time_limit == 1.0  # the course's, for a cmd: program
    play.on_exit()


def test_the_time_limit_the_command_line_gave_reaches_the_game(ctx):
    options = DuelOptions()
    options.time_limit = 0.4  # duel arcade --time-limit 0.4
    play = go(DuelOptionsScene(ctx, options), "menu_go").scene
    assert play.session.config.time_limit == 0.4
    play.on_exit()


def test_a_generated_map_with_a_typed_seed(ctx):
    scene = DuelOptionsScene(ctx)
    scene.row = 0
    while scene.options.map_mode != "generated":
        go(scene, "menu_right")
    assert scene.visible_rows()[:3] == ["map", "size", "seed"]
    scene.row = 2
    for ch in "42":
        scene.handle(Intention("text", ch))
    scene.row = 1
    go(scene, "menu_left")  # 16 x 16
    scene.row = scene.visible_rows().index("start")
    play = go(scene, "menu_go").scene
    assert (play.session.board.rows, play.session.map_name) == (16, "gen16-seed42")
    play.on_exit()


def test_a_program_without_a_command_is_refused_on_screen(ctx):
    options = DuelOptions()
    options.b = options.players.index("cmd:")
    scene = DuelOptionsScene(ctx, options)
    assert "cmd_b" in scene.visible_rows()
    scene.row = scene.visible_rows().index("start")
    assert go(scene, "menu_go") is None
    assert "Program B" in scene.message


def test_a_missing_map_file_is_refused_with_its_name(ctx, tmp_path):
    scene = DuelOptionsScene(ctx)
    scene.options.map_mode = "file"
    scene.options.file = str(tmp_path / "nope.txt")
    scene.row = scene.visible_rows().index("start")
    assert go(scene, "menu_go") is None and "nope.txt" in scene.message


def test_human_players_and_a_mouse_click_on_a_line_changes_it(ctx):
    scene = DuelOptionsScene(ctx)
    scene.draw(pygame.Surface((1280, 720)))
    index, rect = next((i, r) for i, r in scene._rects if scene.visible_rows()[i] == "a")
    before = scene.options.a
    scene.handle(Intention(CLICK, Click(1, rect.center)))
    assert scene.options.a == (before + 1) % len(scene.options.players)
    scene.options.a = scene.options.players.index("human")
    scene.row = scene.visible_rows().index("start")
    play = go(scene, "menu_go").scene
    assert play.session.is_human("A") and not play.session.is_human("B")
    play.on_exit()


def test_the_replay_list_describes_and_opens_a_duel_replay(ctx, private_data_dir):
    from game.duel.arcade import codec
    from game.duel.arcade.session import DuelSession

    from .helpers import board

    session = DuelSession(board(), {"A": "greedy", "B": "walker"}, map_name="tiny")
    session.play_sync()
    codec.save(session)
    browser = replay_list(ctx)
    row = browser.columns(browser.files[0])
    assert row["game"] == "Treasure Duel" and row["map"] == "tiny" and row["human"] == "no"
    assert row["outcome"].startswith(session.state.outcome.winner)
    assert row["turns"] == str(session.state.round)
    opened = go(browser, "menu_go")
    assert isinstance(opened, Replace) and type(opened.scene).__name__ == "DuelReplayScene"
