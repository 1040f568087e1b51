"""The detectives' view never draws Mr X's true station between reveals: not by his pawn, a tween
in flight, the minimap, the panel or the timeline. Checked on the pixels of real frames."""

import numpy as np
import pygame

from game.scotlandyard import Piece
from game.scotlandyard.arcade.session import HIDDEN_REASON, legs, shown_reason

from .helpers import Harness, play_scene


def patch(surface, centre, half):
    x, y = centre
    rect = pygame.Rect(x - half, y - 2 * half, 2 * half, 3 * half).clip(surface.get_rect())
    return pygame.surfarray.array3d(surface.subsurface(rect)).copy()


def board_only(view):
    """What the board shows with no piece on it: the layer the view blits before the pawns, and
    the public stations' number tags (where Mr X may be: every one alike, test_sy_numbers checks
    that no tag is his alone)."""
    full = pygame.Surface(view.rect.bottomright)
    full.blit(view._state_layer(), view.rect)
    view._draw_numbers(full)
    return full


def far_from_everything(view, station, others, distance):
    x, y = view.station_screen(station)
    return all((x - ox) ** 2 + (y - oy) ** 2 > distance ** 2 for ox, oy in others)


def test_no_frame_of_the_detectives_view_draws_mr_x_between_reveals(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "human"}, seed=3))
    play = h.top
    view = play.view
    view.minimap_mode = "on"
    view.speed = "slow"  # a long tween: frames are checked while it would be in flight
    frames = []
    for _ in range(60):  # Mr X's AI moves (after the autoplay gap), then the detectives' turn
        h.frames(1)
        frames.append((h.surface.copy(), board_only(view)))  # the frame, and the board under it
    state = play.session.state
    assert state.travel_log and all(e.location is None for e in state.travel_log)  # hidden rides
    move = play.session.history[1].move
    assert play.mode == "detectives" and play.view.seen.mrx is None
    assert Piece.MRX not in view.pawns  # no pawn, so no tween, for Mr X
    half = view.pawn_size(view.radius) + 4
    others = [view.station_screen(s) for _, s in view.seen.detectives]
    stations = [move.source] + [to for _, _, to in legs(move)]  # a double move: both legs
    for station in stations:
        assert far_from_everything(view, station, others, 3 * half), "pick another seed: a detective is near"
    for frame, background in frames[-40:]:  # every frame after his move, tween time included
        for station in stations:
            centre = view.station_screen(station)
            assert np.array_equal(patch(frame, centre, half), patch(background, centre, half))
    # the minimap has no dot for him either
    mini = view.minimap_rect()
    geo = view.geo
    s = mini.w / geo.width
    mx, my = geo.pos[move.destination]
    at = (int(mini.x + (mx - geo.ox) * s), int(mini.y + (my - geo.oy) * s))
    expected = view._mini_surface(mini.size).get_at((at[0] - mini.x, at[1] - mini.y))
    assert frames[-1][0].get_at(at) == expected


def test_the_same_position_in_the_spectator_view_does_draw_him_there(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}, seed=3))
    play = h.top
    h.press("space")
    h.frames(60)
    view = play.view
    state = play.session.state
    assert play.mode == "spectator" and view.seen.mrx == state.mrx_location
    half = view.pawn_size(view.radius) + 4
    centre = view.station_screen(state.mrx_location)
    assert not np.array_equal(patch(h.surface, centre, half), patch(board_only(view), centre, half))


def test_his_reasons_are_hidden_and_a_reveal_shows_his_last_seen_station(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}, seed=3, mode="detectives"))
    play = h.top
    play.view.speed = "instant"
    while not play.session.over and len(play.session.state.travel_log) < 3:
        h.press("space")
        h.frames(2)
    state = play.session.state
    log = state.travel_log
    assert log[2].location is not None  # move 3 is a reveal
    assert play.view.seen.last_seen == log[2].location
    last_mrx = play.session.last_entry("mrx")
    assert shown_reason(last_mrx, play.mode) == HIDDEN_REASON
    if not state.winner and len(log) == 3 and state.is_mrx_turn is False:
        assert play.view.seen.mrx is None


def _click_a_move(h, station):
    h.click_station(station)
    if h.top.menu is not None:
        h.press("1")


def test_hot_seat_hides_mr_x_behind_a_curtain_until_his_player_lifts_it(display):
    h = Harness(play_scene({"mrx": "human", "detectives": "human"}, seed=3))
    play = h.top
    session = play.session
    h.frames(2)
    # the game opens on Mr X's turn: the curtain first, over the public view, nothing to click
    assert play.curtain and play.mode == "detectives" and play.view.seen.mrx is None
    assert play.view.available is None and "look away" in play.caption_text()[0]
    here = session.state.mrx_location
    play.cycle_view()  # V cannot get round it
    assert play.mode == "detectives"
    h.click_station(next(iter(session.state.board.neighbours(here))))
    assert len(session.history) == 1 and not play.curtain  # that click only lifted it
    assert play.mode == "mrx" and play.view.seen.mrx == here
    _click_a_move(h, sorted(play.view.available)[0])
    assert len(session.history) == 2 and session.mover == "detectives"
    assert not play.curtain and play.mode == "detectives" and play.view.seen.mrx is None
    while session.mover == "detectives":
        h.frames(120)  # the last move's glide ends
        assert not play.curtain
        before = len(session.history)
        _click_a_move(h, sorted(play.view.available - {d.location for d in session.state.detectives})[0])
        assert len(session.history) == before + 1
    # every detective moved: Mr X is to move, and the screen still shows only the public view
    assert session.mover == "mrx" and not session.over
    assert play.curtain and play.mode == "detectives" and play.view.seen.mrx is None
    assert play.view.available is None
    h.frames(120)
    assert play.curtain and play.view.seen.mrx is None  # time alone does not lift it
    h.press("space")
    assert not play.curtain and play.mode == "mrx" and play.view.seen.mrx == session.state.mrx_location
