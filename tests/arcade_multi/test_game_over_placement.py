"""Where the end of a game is shown: the game-over box and the duel's banner keep off the pieces
that ended it (a review found B, the winner, under the box, and the banner over the top row)."""

import pygame
import pytest

from game.arcade.common import GameOverOverlay
from game.arcade.thinking import Thinker
from game.duel.arcade.scenes import DuelPlayScene
from game.duel.arcade.session import DuelSession
from game.duel.board import DuelBoard

from .helpers import Harness


@pytest.fixture
def display_ok(display):
    return display



def test_the_duel_box_and_banner_keep_off_the_hunters(display_ok):
    session = DuelSession(DuelBoard(["A.x...", "..x...", "......", "......", "...x..", "...x.B"]),
                          {"A": "greedy", "B": "walker"}, seed=1, map_name="tiny")
    session.play_sync()
    assert session.over
    h = Harness(lambda ctx: DuelPlayScene(ctx, session, thinker=Thinker(synchronous=True)))
    h.frames(5)
    play = h.app.stack.scenes[0]
    overlay = h.top
    assert isinstance(overlay, GameOverOverlay)
    box = overlay.box()
    state = session.state
    cells = [play.view.cell_rect(*state.position(p)) for p in "AB"]
    anchor = play.over_anchor()
    assert anchor == (sum(c.centerx for c in cells) // 2, sum(c.centery for c in cells) // 2)
    board = play.view.rect
    assert (box.centery > board.centery) == (anchor[1] < board.centery)  # the other half


def test_the_duel_anchor_is_the_player_who_erred(display_ok):
    board = DuelBoard(["A.s...", "......", "......", "......", "....xx", "....xB"])
    session = DuelSession(board, {"A": "walker", "B": "walker"}, seed=1)
    session.play_sync()
    state = session.state
    assert state.outcome.offender == "B"
    h = Harness(lambda ctx: DuelPlayScene(ctx, session, thinker=Thinker(synchronous=True)))
    h.frames(5)
    play = h.app.stack.scenes[0]
    assert play.over_anchor() == play.view.cell_rect(*state.position("B")).center
    box = h.top.box()
    assert box.bottom < play.view.cell_rect(*state.position("B")).top  # B, at the bottom, stays in sight


def test_the_banner_leaves_a_hunter_on_the_top_row_in_sight(display_ok):
    from game.duel.arcade.view import draw_banner

    board = DuelBoard(["A.s...", "x.....", "......", "......", "....xx", "....xB"])  # A can only go RIGHT
    session = DuelSession(board, {"A": "walker", "B": "walker"}, seed=1)
    session.play_sync()
    h = Harness(lambda ctx: DuelPlayScene(ctx, session, thinker=Thinker(synchronous=True)))
    h.frames(2)
    view = h.app.stack.scenes[0].view
    drawn = view.drawn_rect
    assert drawn.top - view.rect.top < 40 and view.rect.bottom - drawn.bottom < 40  # no strip: on the board
    a_row = session.state.position("A")[0]
    surface = pygame.Surface(h.surface.get_size())
    surface.fill((0, 0, 0))
    draw_banner(surface, h.ctx.text, view.rect, "A Win", (255, 255, 0), h.ctx.scale, view)
    painted = [y for y in range(surface.get_height()) if surface.get_at((view.rect.centerx, y))[:3] != (0, 0, 0)]
    a_cell = view.cell_rect(*session.state.position("A"))
    assert painted and (a_row == 0) and not any(a_cell.top <= y < a_cell.bottom for y in painted)


def test_the_scotland_yard_box_keeps_off_mr_x(display):
    from game.scotlandyard.arcade.scenes import SyPlayScene
    from game.scotlandyard.arcade.session import SySession

    session = SySession({"mrx": "random", "detectives": "random"}, seed=4)
    session.play_sync()
    h = Harness(lambda ctx: SyPlayScene(ctx, session, thinker=Thinker(synchronous=True)))
    h.frames(5)
    play = h.app.stack.scenes[0]
    overlay = h.top
    assert isinstance(overlay, GameOverOverlay)
    mrx = play.view.station_screen(session.state.mrx_location)
    assert play.over_anchor() == mrx
    assert not overlay.box().collidepoint(mrx)
    # The box counts Mr X's moves as the travel log does, and his turns as the replay list does.
    moves = len(session.state.travel_log)
    turns = sum(1 for entry in session.history if entry.side == "mrx")
    made = next(line for line in play.over_lines()[2] if "moves made" in line)
    assert made.startswith(f"{moves} of Mr X's 24 moves made")
    assert (f"in {turns} turns" in made) == (turns != moves)

