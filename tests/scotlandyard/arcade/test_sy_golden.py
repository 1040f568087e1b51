"""Golden frames of the London board without text (fonts differ between versions), in the
spectator and the detectives' views; `pytest --update-golden` rewrites them."""

import pytest

SIZE = (800, 450)


@pytest.mark.parametrize("mode", ["spectator", "detectives"])
def test_the_board_matches_its_golden_frame(display, golden_frame, mode):
    from game.scotlandyard.arcade.offscreen import play_scene_at, render

    scene = play_scene_at({"mrx": "random", "detectives": "random"}, 6, SIZE, seed=3, text=False, mode=mode)
    assert len(scene.session.state.travel_log) >= 5
    golden_frame(render(scene, SIZE), f"sy_{mode}")
