"""The human override and the replay scene, driven by synthetic events and a fake clock."""

import pygame

from game.treasure.arcade.replay import ReplayScene
from game.treasure.arcade.scenes import PlayScene
from game.treasure.replay import Playback, load_replay
from game.shell.input import Click
from game.shell.scenes import Replace
from game.treasure.actions import LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.engine import action_error

from .helpers import Harness, finished, key
from .test_match import scripted


def human(board, seed=3, *actions):
    h = Harness(board, seed=seed, speed="instant", agent_factory=scripted(*actions))
    h.press("o")
    assert h.play.human
    return h


def last_action(h):
    entry = h.match.steps[-1]
    return entry.action, entry.by


def a_valid(state, *candidates):
    return next(a for a in candidates if action_error(state, a) is None)


def test_arrow_then_digit_moves_exactly_that_far(display, board):
    h = human(board)
    state = h.match.state
    for d, name in (("N", "up"), ("E", "right"), ("S", "down"), ("W", "left")):
        for n in (1, 2, 3, 4):
            cls = MoveSmall if n <= 2 else MoveLarge
            if action_error(state, cls(d, n)) is None:
                h.press(name, key(str(n)))
                assert last_action(h) == (cls(d, n), "human")
                return
    raise AssertionError("no valid move from the start")


def test_l_large_scans_and_v_digit_verifies(display, board):
    h = human(board)
    h.press("l")
    assert last_action(h) == (LargeScan(), "human")
    h.press("l")  # turn 2: hint 2 exists
    assert h.match.state.turn == 2
    h.press("v", "2")
    assert last_action(h) == (Verify(2), "human")


def test_v_then_a_click_on_the_hint_verifies_it(display, board):
    h = human(board)
    h.press("l", "l")
    h.frames(2)
    assert 2 in h.play.panel.hint_rows
    h.press("v")
    where = h.play.panel.hint_rows[2].center
    h.play.handle(type("I", (), {"name": "click", "data": Click(1, where)})())
    assert last_action(h) == (Verify(2), "human")


def test_t_then_a_click_on_a_tile_teleports(display, board):
    h = human(board)
    h.frames(2)
    target = (7, 7)
    cam = h.play.view.camera
    x, y = cam.world_to_screen((target[0] + 0.5, target[1] + 0.5))
    h.press("t")
    h.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(int(x), int(y))),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(int(x), int(y)))])
    assert last_action(h) == (Teleport(*target), "human")


def test_a_refused_action_shows_the_engines_reason_and_changes_nothing(display, board):
    h = human(board)
    h.press("v", "1")  # hint 1 is given true: already verified
    assert len(h.match.steps) == 1
    assert h.play.message == "Refused: VERIFY 1: hint 1 is already verified"
    state = h.match.state
    h.press("t")
    x, y = h.play.view.camera.world_to_screen((0.5, 0.5))  # the sea
    h.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(int(x), int(y))),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(int(x), int(y)))])
    assert h.match.state is state and "it is sea" in h.play.message


def test_the_ghost_shows_the_ais_action_and_enter_accepts_it(display, board):
    h = human(board, 3, LargeScan(), MoveSmall("S", 1))
    h.frames(2)
    ghost = h.play.view.ghost
    assert ghost == (LargeScan(), "because the script says so")
    h.press("return")
    assert last_action(h) == (LargeScan(), "scripted")
    assert h.match.steps[-1].reason == "because the script says so"


def test_digits_without_a_prompt_keep_choosing_the_speed_and_o_hands_back(display, board):
    h = human(board)
    h.press("2")
    assert h.play.view.director.speed == "normal" and len(h.match.steps) == 1
    h.press("escape")  # no half-typed command: pauses
    assert not isinstance(h.top, PlayScene)
    h.press("escape")
    h.press("up", "escape")  # a half-typed move is cancelled, not a pause
    assert isinstance(h.top, PlayScene) and h.play.override.pending is None
    h.press("o")
    assert not h.play.human
    h.press("space")
    assert last_action(h)[1] == "scripted"


def test_a_finished_game_is_saved_and_the_game_over_screen_says_where(display, board, private_data_dir):
    h = finished(board)
    path = h.play.saved_path
    assert path is not None and path.parent == private_data_dir / "replays"
    playback = Playback(load_replay(path))
    assert playback.final.same_as(h.match.state)
    h.frames(1)  # the overlay draws the path without error


# --- the replay scene -------------------------------------------------------------------------

def replay_scene(board, tmp_path, speed="instant"):
    h = Harness(board, seed=2, speed="instant")
    h.press("a")
    for _ in range(100):
        if h.match.over:
            break
        h.frames(10)
    h.frames(3)
    playback = Playback(load_replay(h.play.saved_path))
    scene = ReplayScene(h.ctx, playback, str(h.play.saved_path), speed=speed)
    h.app.stack.apply(Replace(scene))
    return h, scene, playback


def test_replay_keys_step_and_seek(display, board, tmp_path):
    h, scene, playback = replay_scene(board, tmp_path)
    assert scene.cursor == 0
    h.press("right")
    assert scene.cursor == 1 and scene.view.state.same_as(playback.state_at(1))
    h.press("left")
    assert scene.cursor == 0
    h.press(key("right", pygame.KMOD_SHIFT))
    assert playback.turns[scene.cursor] == 2 and playback.turns[scene.cursor - 1] == 1
    h.press("end")
    assert scene.cursor == scene.last and scene.view.state.same_as(playback.final)
    h.press("home")
    assert scene.cursor == 0
    h.press("g", "3", "return")
    assert scene.cursor == playback.position_of_turn(3)
    h.press("pageup")
    assert scene.cursor == 0


def test_forward_animates_and_back_is_instant(display, board, tmp_path):
    h, scene, playback = replay_scene(board, tmp_path, speed="normal")
    h.press("right")
    assert scene.view.director.busy
    h.frames(400)
    assert not scene.view.director.busy and scene.view.shown == 1
    h.press("left")
    assert not scene.view.director.busy and scene.view.shown == 0


def test_space_plays_to_the_end(display, board, tmp_path):
    h, scene, _ = replay_scene(board, tmp_path)
    h.press("space")
    h.frames(scene.last * 3 + 10)
    assert scene.cursor == scene.last and not scene.autoplay


def test_a_click_on_the_timeline_seeks(display, board, tmp_path):
    h, scene, playback = replay_scene(board, tmp_path)
    h.frames(1)
    bar = scene.timeline_rect()
    x = scene.x_of(scene.last // 2)
    h.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x, bar.centery)),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(x, bar.centery))])
    assert scene.cursor == scene.last // 2
    assert scene.view.state.same_as(playback.state_at(scene.last // 2))


def test_o_branches_into_a_new_game_that_records_its_own_replay(display, board, tmp_path, private_data_dir):
    h, scene, playback = replay_scene(board, tmp_path)
    h.press("g", "2", "return")
    at = scene.cursor
    h.press("o")
    play = h.top
    assert isinstance(play, PlayScene) and play.human
    assert play.match.state.same_as(playback.state_at(at)) and len(play.match.steps) == at + 1
    play.set_human(False)
    play.autoplay = True
    for _ in range(200):
        if play.saved_path is not None:
            break
        h.frames(10)
    branch = load_replay(play.saved_path)
    assert branch.extra["branched_from"] == scene.source
    again = Playback(branch)
    assert again.final.same_as(play.match.state)
    assert again.log.text().count("\n") > 5


def test_a_game_left_before_its_end_is_saved_as_unfinished(display, board, private_data_dir):
    h = Harness(board, seed=2, speed="instant")
    h.press("space")
    h.frames(3)
    h.press("space")
    h.frames(3)
    assert not h.match.over and h.play.saved_path is None
    h.press("r")  # restart with the same seed: the first game must not be lost
    h.frames(2)
    saved = sorted((private_data_dir / "replays").glob("*.json"))
    assert len(saved) == 1
    replay = load_replay(saved[0])
    assert replay.outcome.result == "UNFINISHED" and len(replay.actions) == 2


def test_the_game_over_headline_speaks_to_the_player_only_when_the_player_played(display, board):
    watched = finished(board)
    headline, _, _ = watched.play.over_lines()
    outcome = watched.match.state.outcome
    assert headline == {"WIN": "TREASURE FOUND!", "LOSE": "THE PIRATE WINS"}[outcome]
    h = human(board)
    h.press("l")  # one action of the player's own, then the agent plays on
    h.press("o", "a")
    for _ in range(100):
        if h.match.over:
            break
        h.frames(10)
    assert h.match.over and any(step.by == "human" for step in h.match.steps)
    assert h.play.over_lines()[0] == {"WIN": "YOU WIN!", "LOSE": "YOU LOSE"}[h.match.state.outcome]


def test_the_treasure_spoiler_is_off_and_refused_while_a_person_plays(display, board):
    h = Harness(board, seed=3, speed="instant", agent_factory=scripted())
    h.press("x")
    assert "treasure" in h.play.view.on  # a spectator may peek
    h.press("o")
    assert h.play.human and "treasure" not in h.play.view.on
    h.press("x")
    h.frames(2)
    assert "treasure" not in h.play.view.on and "hidden while you play" in h.play.message
    h.press("o")
    assert not h.play.human and "treasure" in h.play.view.on  # back as the spectator left it
    h.press("x", "o", "o")
    assert not h.play.human and "treasure" not in h.play.view.on  # off stays off


def test_a_game_started_for_a_person_with_the_spoiler_asked_for_starts_without_it(display, board):
    h = Harness(board, seed=3, speed="instant", agent_factory=scripted(), overlays={"treasure", "scanned"})
    play = PlayScene(h.ctx, h.match, "island", overlays={"treasure", "scanned"}, human=True)
    assert play.view.on == {"scanned"}
    play.set_human(False)
    assert "treasure" in play.view.on


def test_the_replay_caption_says_which_action_is_playing_out(display, board, tmp_path, monkeypatch):
    h, scene, playback = replay_scene(board, tmp_path, speed="slow")
    drawn = []
    real = h.ctx.text.draw
    monkeypatch.setattr(h.ctx.text, "draw", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k))
    h.press("right")
    h.frames(1)
    assert scene.cursor == 1 and scene.view.director.busy and scene.view.shown == 0
    assert any("action 0->1/" in t and "now playing" in t for t in drawn), drawn
    for _ in range(60):
        if not scene.view.director.busy:
            break
        h.frames(10)
    drawn.clear()
    h.frames(1)
    assert scene.view.shown == 1 and any("action 1/" in t and "now playing" not in t for t in drawn)


def test_the_top_row_zero_is_a_digit_in_a_number_being_typed(display, board, tmp_path):
    # "0" also fits the map; in V's hint number or G's turn number it was lost: V 2 0 Enter
    # verified hint 2, and G 1 0 Enter went nowhere.
    h = human(board)
    h.press("v")
    h.play.override.digits = "2"  # as if 2 were typed with 20 or more hints given
    h.press("0")
    assert h.play.override.pending is None and "VERIFY 20" in h.play.message  # hint 20 asked for
    h2, scene, _ = replay_scene(board, tmp_path)
    h2.press("g", "1", "0")
    assert scene.goto_digits == "10"


def test_taking_over_drops_the_actions_the_agent_still_owed(display, board):
    # Space, then O while the agent thinks in the background: its owed move must not be played
    # for the person after their own move.
    h = Harness(board, seed=3, speed="instant", agent_factory=scripted())
    h.play.thinking.owed_actions = 1
    h.play.thinking.owed_turn = 2
    h.press("o")
    assert h.play.human and not h.play.thinking.owed


def test_a_branch_is_saved_once_something_new_is_played_a_restart_included(display, board, tmp_path,
                                                                          private_data_dir):
    h, scene, playback = replay_scene(board, tmp_path)
    folder = private_data_dir / "replays"
    before = set(folder.glob("*.json"))
    h.press("g", "3", "return")
    h.press("o")
    play = h.top
    assert isinstance(play, PlayScene) and len(play.match.steps) > 1
    play.on_exit()  # left at once: the replay it came from holds all of it
    assert set(folder.glob("*.json")) == before
    h.press("r")  # a new game on the branch's board: it is a game of its own, saved once played
    assert len(play.match.steps) == 1
    h.press("l")
    assert len(play.match.steps) == 2
    play.on_exit()
    new = set(folder.glob("*.json")) - before
    assert len(new) == 1 and len(load_replay(new.pop()).actions) == 1
