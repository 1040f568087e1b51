"""Issue #17's controls, driven by synthetic events: a finished game is never restarted by
accident, a half-typed command never falls through, every scene's keys do what its footer says,
Esc on the title asks first, M mutes, the teleport is refused at once once used."""

import pytest

from game.treasure.arcade.replay import ReplayPauseOverlay
from game.treasure.arcade.scenes import PlayScene, TitleScene, summary
from game.treasure.arcade.match import plural
from game.shell.input import Click, Intention, key_code
from game.shell.scenes import Quit
from game.treasure.actions import LargeScan, Teleport, Verify

from .helpers import Harness, finished, key
from .test_override import human, last_action, replay_scene


@pytest.mark.parametrize("name", ["escape", "space", "return", "kp_enter", "p", "f1", "h"])
def test_the_game_over_box_closes_and_leaves_the_final_board(display, board, name):
    h = finished(board)
    steps = len(h.match.steps)
    h.press(name)
    assert isinstance(h.top, PlayScene)  # the box is gone ...
    assert len(h.match.steps) == steps and h.match.over  # ... and the game is the same finished game
    h.frames(30)
    assert isinstance(h.top, PlayScene)  # it does not come back by itself
    h.press("return", "space")  # Enter / Space on the finished board play nothing
    assert len(h.match.steps) == steps and h.match.over


def test_only_r_and_n_start_another_game_from_the_game_over_box(display, board):
    h = finished(board)
    h.press("n")
    assert isinstance(h.top, PlayScene) and len(h.match.steps) == 1 and not h.match.over
    h = finished(board)
    h.press("r")
    assert len(h.match.steps) == 1 and h.match.seed == 2


def _keys_the_box_shows(h, monkeypatch) -> dict[str, str]:
    """Draw the game-over box and read back its ``KEY / KEY: what it does`` parts as drawn."""
    box = h.top
    drawn = []
    real = box.ctx.text.draw

    def draw(surface, text, *args, **kwargs):
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(box.ctx.text, "draw", draw)
    box.draw(h.surface)
    monkeypatch.undo()
    said = {}
    for text in drawn:
        for part in text.split("   "):
            keys_, _, what = part.partition(": ")
            if what and all(len(k) <= 5 and k[:1].isupper() for k in keys_.split(" / ")):
                for k in keys_.split(" / "):
                    said[k] = what
    return said


def test_the_game_over_box_says_which_keys_do_what(display, board, monkeypatch):
    h = finished(board)
    said = _keys_the_box_shows(h, monkeypatch)
    # What the box says, as it is drawn on the screen (a seeded game: R and N both offered) ...
    assert said == {"R": "play this seed again", "N": "new seed", "Q": "options",
                    "Esc": "close and study the board", "Enter": "close and study the board"}
    # ... is what those keys are bound to in the box ...
    bound = {k: h.top.bindings.match(key_code(k.lower()), 0).name for k in said}
    assert bound == {"R": "restart", "N": "new_seed", "Q": "menu", "Esc": "close", "Enter": "close"}
    # ... and what they do: R the same seed again, N another seed, Q the options, Esc/Enter close.
    seed = h.match.seed
    h.press("r")
    assert isinstance(h.top, PlayScene) and len(h.match.steps) == 1 and h.match.seed == seed
    h = finished(board)
    h.press("n")
    assert isinstance(h.top, PlayScene) and len(h.match.steps) == 1 and not h.match.over
    h = finished(board)
    h.press("q")
    assert isinstance(h.top, TitleScene)
    for name in ("escape", "return"):
        h = finished(board)
        steps = len(h.match.steps)
        h.press(name)
        assert isinstance(h.top, PlayScene) and h.match.over and len(h.match.steps) == steps


def test_v_digit_enter_verifies_that_hint_and_nothing_else(display, board):
    h = human(board, 3, LargeScan(), LargeScan(), LargeScan(), LargeScan())
    h.press("l", "l")  # turn 2: hints 1 and 2 exist
    before = len(h.match.steps)
    h.press("v", "2", "return")
    assert last_action(h) == (Verify(2), "human")
    assert len(h.match.steps) == before + 1  # Enter did not also play the AI's suggestion
    h.press("return")  # a later Enter accepts the suggestion again
    assert len(h.match.steps) == before + 2 and last_action(h)[1] != "human"


def test_enter_after_a_half_typed_command_plays_nothing(display, board):
    h = human(board, 3, LargeScan(), LargeScan())
    before = len(h.match.steps)
    h.press("v", "return")  # V without a number
    assert len(h.match.steps) == before and h.play.override.pending is None
    h.press("up", "return")  # an arrow without its length
    assert len(h.match.steps) == before and h.play.override.pending is None
    h.press("v", "space")  # Space while V waits: cancels, the agent does not act
    assert len(h.match.steps) == before


def test_t_with_the_teleport_used_is_refused_at_once(display, board):
    h = human(board)
    h.frames(2)
    target = (7, 7)
    h.press("t")
    h.play.handle(Intention("click", Click(1, h.play.view.camera.tile_center(target))))
    assert last_action(h) == (Teleport(*target), "human")
    h.press("t")
    assert h.play.override.pending is None  # no waiting for a click that can only be refused
    assert "already used" in h.play.message


def test_replay_p_and_esc_pause_as_the_footer_says(display, board, tmp_path):
    h, scene, _ = replay_scene(board, tmp_path)
    assert "P / Esc: pause" in scene.footer
    for name in ("p", "escape"):
        h.press(name)
        assert isinstance(h.top, ReplayPauseOverlay)
        h.press("escape")
        assert h.top is scene
    h.press("g", "3", "escape")  # Esc first cancels a half-typed G
    assert h.top is scene and scene.goto_digits is None
    h.press("q")
    assert isinstance(h.top, TitleScene)


def test_esc_on_the_title_asks_before_quitting(display, board):
    h = Harness(board)
    title = TitleScene(h.ctx)
    assert title.handle(Intention("menu_back")) is None and title.confirm_quit
    assert title.handle(Intention("menu_back")) is None and not title.confirm_quit  # Esc again: stay
    title.handle(Intention("menu_back"))
    assert title.handle(Intention("text", "n")) is None and not title.confirm_quit
    title.handle(Intention("menu_back"))
    assert isinstance(title.handle(Intention("menu_go")), Quit)  # Enter confirms
    title = TitleScene(h.ctx)
    title.handle(Intention("menu_back"))
    assert isinstance(title.handle(Intention("text", "y")), Quit)  # so does Y


def test_m_mutes_and_the_brackets_set_the_volume(display, board):
    h = Harness(board, seed=3)
    sound = h.ctx.sound
    assert not sound.available  # the dummy audio driver: silent, and nothing breaks
    h.press("m")
    assert sound.muted
    h.press("m")
    assert not sound.muted
    volume = sound.volume
    h.press(key("]", unicode="]"))  # bound on the typed character, whatever the layout
    assert sound.volume == pytest.approx(min(1.0, volume + 0.1))
    h.press(key("[", unicode="["), key("[", unicode="["))
    assert sound.volume == pytest.approx(max(0.0, volume - 0.1))


def test_effects_are_asked_for_as_the_events_happen(display, board):
    from .test_match import scripted

    h = Harness(board, seed=3, speed="instant", agent_factory=scripted(LargeScan()))
    h.press("space")
    h.frames(2)
    assert "scan" in h.ctx.sound.requested


def test_the_summary_tells_the_race_and_counts_in_words(display, board):
    h = finished(board)
    lines = summary(h.match)
    assert any(line.startswith("The race: ") for line in lines)
    assert plural(1, "turn") == "1 turn" and plural(2, "hint") == "2 hints" and plural(0, "scan") == "0 scans"
    assert not any(" 1 turns" in line or " 1 hints" in line or " 1 scans" in line for line in lines)
