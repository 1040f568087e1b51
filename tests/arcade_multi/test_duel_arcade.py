"""The duel in the arcade, driven through the same picker and shared scenes as Treasure Island."""

import pygame
import pytest

from game.arcade.common import GameOverOverlay, PauseOverlay
from game.arcade.picker import GamePickerScene
from game.arcade.thinking import Thinker
from game.duel.arcade import codec
from game.duel.arcade.replay import DuelReplayScene
from game.duel.arcade.scenes import DuelOptionsScene, DuelPlayScene
from game.duel.arcade.session import DuelSession
from game.duel.rules import legal_moves
from game.replayfiles import saved_replays

from .helpers import Harness, board


@pytest.fixture
def display_ok(display):
    return display


def play_scene(players, **kwargs):
    def make(ctx):
        session = DuelSession(board(), players, seed=1, map_name="tiny")
        return DuelPlayScene(ctx, session, thinker=Thinker(synchronous=True), **kwargs)
    return make


def test_picker_to_duel_options_to_a_bot_game(display_ok):
    h = Harness(lambda ctx: GamePickerScene(ctx, selected="duel"))
    h.press("return")
    assert isinstance(h.top, DuelOptionsScene)
    assert h.top.current() == "start"
    h.press("return")
    assert isinstance(h.top, DuelPlayScene)
    assert h.top.session.specs == {"A": "default", "B": "default"}
    h.top.thinker.cancel()


def test_space_plays_one_move_and_the_tween_ends_at_the_engines_position(display_ok):
    h = Harness(play_scene({"A": "greedy", "B": "walker"}))
    play = h.top
    assert len(play.session.history) == 1
    h.press("space")
    h.frames(3)
    assert len(play.session.history) == 2  # one move, no more: autoplay is off
    hunter = play.view.hunters["A"]
    assert hunter.moving  # a short eased step is under way
    h.frames(60)
    assert not hunter.moving
    assert hunter.cell == play.session.state.position("A")
    assert len(play.session.history) == 2


def test_enter_plays_one_round(display_ok):
    h = Harness(play_scene({"A": "greedy", "B": "walker"}))
    h.press("return")
    h.frames(120)
    state = h.top.session.state
    assert state.round == 2 and state.mover == "A"


def test_a_human_moves_with_an_arrow_key_and_the_bot_answers(display_ok):
    h = Harness(play_scene({"A": "human", "B": "walker"}))
    play = h.top
    start = play.session.state.position("A")
    move = legal_moves(play.session.state)[0]
    h.press(move.lower())
    assert play.session.history[1].player == "A" and play.session.history[1].move == move
    assert play.session.state.position("A") != start
    h.frames(60)
    assert play.session.history[-1].player == "B"  # the bot answered by itself
    assert play.session.mover == "A"


def test_an_invalid_human_move_is_refused_with_the_reason_and_costs_nothing(display_ok):
    h = Harness(play_scene({"A": "human", "B": "walker"}))
    play = h.top
    h.press("up")  # A stands in the top row: UP leaves the board
    assert len(play.session.history) == 1
    assert play.session.state.score_a == 0 and not play.session.over
    assert "Refused" in play.message and "leaves the board" in play.message


def test_hotseat_wasd_for_a_and_arrows_for_b(display_ok):
    h = Harness(play_scene({"A": "human", "B": "human"}))
    play = h.top
    h.press("left")  # arrows are B's: refused, it is A's turn
    assert len(play.session.history) == 1 and "A's turn" in play.message
    h.press("d")  # A moves right
    assert play.session.history[-1].player == "A" and play.session.history[-1].move == "RIGHT"
    h.press("up")  # B moves up
    assert play.session.history[-1].player == "B" and play.session.history[-1].move == "UP"


def test_override_takes_over_the_side_to_move_and_hands_back(display_ok):
    h = Harness(play_scene({"A": "greedy", "B": "walker"}))
    play = h.top
    h.press("o")
    assert play.session.is_human("A") and "A" in play.session.name("A") or play.session.name("A").endswith("(you)")
    move = legal_moves(play.session.state)[0]
    h.press(move.lower())
    assert play.session.history[-1].by == "human"
    h.frames(30)  # B's bot answers on its own
    assert play.session.history[-1].player == "B"
    h.press("o")
    assert not play.session.humans
    h.press("space")
    h.frames(30)
    assert play.session.history[-1].player == "A" and play.session.history[-1].by == "greedy"


def test_pause_while_a_bot_thinks_never_blocks_and_leaving_cancels_it(display_ok):
    import threading

    gate = threading.Event()

    class Slow:
        def act(self, obs):
            gate.wait(5)
            return "RIGHT"

    def make(ctx):
        session = DuelSession(board(), {"A": "slow", "B": "walker"}, seed=1,
                              bot_factory=lambda spec, seed, t: Slow() if spec == "slow" else __import__(
                                  "game.duel.bots", fromlist=["make_bot"]).make_bot(spec, seed, t))
        return DuelPlayScene(ctx, session, autoplay=True)

    h = Harness(make)
    play = h.top
    h.frames(15)  # past the autoplay gap
    assert play.thinker.busy  # the bot thinks; frames keep coming
    h.press("p")
    assert isinstance(h.top, PauseOverlay)
    h.frames(5)
    h.press("q")  # back to the options while the bot still thinks
    assert isinstance(h.top, DuelOptionsScene)
    assert not play.thinker.busy
    gate.set()


def test_a_finished_game_is_saved_reopened_seeked_and_branched(display_ok, private_data_dir):
    h = Harness(play_scene({"A": "greedy", "B": "walker"}, autoplay=True, speed="instant"))
    h.frames(400)
    play = h.app.stack.scenes[0]
    assert play.session.over
    assert isinstance(h.top, GameOverOverlay)
    files = saved_replays()
    assert len(files) == 1 and play.saved_path == files[0]
    replay = codec.load(files[0])
    assert replay.final == play.session.state
    from game.arcade.games import replay_scene

    scene = replay_scene(h.ctx, str(files[0]))
    assert isinstance(scene, DuelReplayScene)
    h2 = Harness(lambda ctx: replay_scene(ctx, str(files[0])))
    rs = h2.top
    h2.press("end")
    assert rs.cursor == len(rs.entries) - 1
    h2.press("home")
    h2.press("right")
    assert rs.cursor == 1
    h2.press("g")
    h2.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3")])
    h2.press("return")
    assert rs.entries[rs.cursor].state.round == 3 and rs.entries[rs.cursor].state.mover == "A"
    h2.press("o")
    branched = h2.top
    assert isinstance(branched, DuelPlayScene)
    assert branched.session.is_human("A") and len(branched.session.history) == rs.cursor + 1
    assert branched.session.branched_from == str(files[0])


def test_leaving_an_unfinished_game_saves_it(display_ok, private_data_dir):
    h = Harness(play_scene({"A": "greedy", "B": "walker"}))
    h.press("space")
    h.frames(10)
    h.press("q")
    files = saved_replays()
    assert len(files) == 1
    assert codec.load(files[0]).extra == {} and "UNFINISHED" in files[0].read_text()


def test_a_tampered_replay_is_refused_with_the_move_that_differs(tmp_path, display_ok):
    session = DuelSession(board(), {"A": "greedy", "B": "walker"}, seed=1)
    session.play_sync(20)
    doc = codec.to_document(session)
    doc["moves"][3]["p"] = "A" if doc["moves"][3]["p"] == "B" else "B"
    with pytest.raises(codec.DuelReplayError, match="move 4:"):  # moves[3]: the screen's "Move 4"
        codec.parse_document(doc, "x.json")


def test_replay_keys_and_a_timeline_click_seek(display_ok):
    session = DuelSession(board(), {"A": "greedy", "B": "walker"}, seed=1)
    session.play_sync()
    replay = codec.DuelReplay(session.board, session.config, dict(session.specs), session.history)
    h = Harness(lambda ctx: DuelReplayScene(ctx, replay))
    rs = h.top
    h.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=pygame.KMOD_SHIFT, unicode="")])
    assert rs.entries[rs.cursor].state.round == 2 and rs.entries[rs.cursor].state.mover == "A"
    assert session.state.round > 52  # long enough for a 50-round jump
    h.press("pagedown")
    assert rs.entries[rs.cursor].state.round == 52 and rs.entries[rs.cursor].state.mover == "A"
    h.press("pageup")
    assert rs.entries[rs.cursor].state.round == 2
    bar = rs.timeline.rect
    h.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(bar.right - 1, bar.centery), button=1),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(bar.right - 1, bar.centery), button=1)])
    assert rs.cursor == len(rs.entries) - 1  # the right end of the timeline is the end of the game
    h.press("space")
    assert rs.playing  # at the end, Space plays from the start
    h.frames(30)
    assert 0 < rs.cursor < len(rs.entries) - 1


def test_a_branch_is_saved_once_something_new_is_played(display_ok, private_data_dir):
    session = DuelSession(board(), {"A": "greedy", "B": "walker"}, seed=1)
    session.play_sync(12)
    path = codec.save(session, private_data_dir / "game.json")
    before = saved_replays()
    h = Harness(lambda ctx: DuelReplayScene(ctx, codec.load(path)))
    rs = h.top
    rs.seek(6)
    h.press("o")
    branched = h.top
    assert isinstance(branched, DuelPlayScene) and branched.session.branch_length == 7
    branched.on_exit()  # left at once: the replay it came from holds all of it
    assert saved_replays() == before
    state = branched.session.state
    branched.session.human_move(legal_moves(state)[0])
    branched.on_exit()
    new = [p for p in saved_replays() if p not in before]
    assert len(new) == 1 and len(codec.load(new[0]).entries) == 8
    branched.session.restart()
    assert branched.session.branch_length == 1
