"""Golden frames of the duel board (no text: fonts differ between versions); `pytest --update-golden`
rewrites them."""

import pytest

SIZE = (640, 480)


@pytest.mark.parametrize("name, round_no", [("duel8x8", 12), ("duel20x20", 30)])
def test_duel_board_matches_its_golden_frame(display, golden_frame, name, round_no):
    from game.duel.arcade.offscreen import play_scene_at, render
    from game.duel.mapfile import read_map
    from game.paths import MAPS_DIR

    board = read_map(MAPS_DIR / "duel" / f"{name}.txt")
    scene = play_scene_at(board, {"A": "greedy", "B": "walker"}, round_no, SIZE, map_name=name, text=False)
    assert scene.session.state.round == round_no
    golden_frame(render(scene, SIZE), f"duel_{name.replace('duel', '')}")
