"""AIs off the frame loop: in their own process (seeing only their side's view), and a game to its end."""

import os

from game.arcade.common import GameOverOverlay
from game.scotlandyard import DetectivesView, MrXView
from game.scotlandyard.arcade.botproc import PlayerProcess
from game.scotlandyard.arcade.session import SySession
from game.scotlandyard.moves import parse_move

from .helpers import Harness, play_scene


def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_an_ai_in_its_own_process_answers_from_its_view_and_close_kills_it():
    state = SySession({"mrx": "random", "detectives": "random"}, seed=3).state
    mrx = PlayerProcess("mrx", "random", 0, 0.1)
    move, reason = mrx.decide(MrXView.of(state))
    assert parse_move(move) in state.available_moves() and reason
    after = state.advance(parse_move(move))
    detectives = PlayerProcess("detectives", "random", 1, 0.1)
    answer, _ = detectives.decide(DetectivesView.of(after))
    assert parse_move(answer) in after.available_moves()
    pids = [mrx.pid, detectives.pid]
    assert all(alive(pid) for pid in pids)
    mrx.close()
    detectives.close()
    assert not any(alive(pid) for pid in pids)


def test_a_game_played_to_its_end_says_who_won_and_saves_its_replay(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}, seed=4, autoplay=True, speed="instant"))
    play = h.top
    for _ in range(400):
        h.frames(1)
        if isinstance(h.top, GameOverOverlay):
            break
    assert isinstance(h.top, GameOverOverlay)
    headline, _, lines = play.over_lines()
    assert headline in ("MR X ESCAPES", "CAUGHT", "MR X IS CORNERED")
    assert lines[0].startswith(("Mr X escapes", "The detectives win"))
    assert play.saved_path is not None and play.saved_path.exists()
