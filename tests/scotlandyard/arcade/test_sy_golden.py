"""Golden frames of the London board without text (fonts differ between versions), in the
spectator and the detectives' views."""

import pytest

from game.shell.golden import assert_matches_golden

SIZE = (800, 450)


@pytest.mark.parametrize("mode", ["spectator", "detectives"])
def test_the_board_matches_its_golden_frame(display, mode):
    from game.scotlandyard.arcade.offscreen import play_scene_at, render

    scene = play_scene_at({"mrx": "random", "detectives": "random"}, 6, SIZE, seed=3, text=False, mode=mode)
    assert len(scene.session.state.travel_log) >= 5
    assert_matches_golden(render(scene, SIZE), f"sy_{mode}")
