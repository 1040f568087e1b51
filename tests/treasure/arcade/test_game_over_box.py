"""The game-over box leaves the overlay legend readable (a review found it drawn over the chips)."""

from .helpers import finished


def test_the_game_over_box_starts_below_the_legend(display, board):
    h = finished(board)
    play = h.play
    view = play.view
    chips_bottom = view.legend_bottom()
    assert chips_bottom > view.camera.viewport.top  # the legend row is there, and measured
    box = h.top.box()
    assert box.top >= chips_bottom
    assert play.board_rect.top == chips_bottom and play.board_rect.bottom == view.camera.viewport.bottom
    view.on.add("heat")  # the heat map's key goes under the chips: the box goes lower still
    assert view.legend_bottom() > chips_bottom and h.top.box().top >= view.legend_bottom()
