"""Camera, views and the overlays of the Scotland Yard screen."""

import pygame

from game.arcade.common import HelpOverlay
from game.scotlandyard import Ticket
from game.scotlandyard.arcade.entry import ARCADE
from game.scotlandyard.arcade.session import VIEWS
from game.scotlandyard.moves import DoubleMove

from .helpers import Harness, play_scene


def wheel(pos, steps):
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=steps, flipped=False, precise_x=0.0, precise_y=float(steps))]


def test_wheel_zooms_at_the_pointer_drag_pans_f_fits_and_the_minimap_appears(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}))
    view = h.top.view
    fitted = view.camera.tile
    assert view.fitted and not view.minimap_visible()
    station = 89
    before = view.station_screen(station)
    h.frames(1, wheel(before, 3))
    assert view.camera.tile > fitted and view.minimap_visible()
    after = view.station_screen(station)
    assert abs(after[0] - before[0]) <= view.camera.tile and abs(after[1] - before[1]) <= view.camera.tile
    start = view.camera.origin
    h.frames(1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(400, 300)),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=(340, 260), rel=(-60, -40), buttons=(1, 0, 0)),
                 pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(340, 260))])
    assert view.camera.origin != start
    h.press("f")
    assert view.camera.tile == fitted and not view.minimap_visible()


def test_v_cycles_the_views_while_nobody_plays_and_the_panel_follows(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}))
    play = h.top
    seen_modes = []
    for _ in VIEWS:
        seen_modes.append((play.mode, play.view.seen.mode, play.view.seen.mrx is None))
        h.press("v")
    assert seen_modes == [("spectator", "spectator", False), ("detectives", "detectives", True),
                          ("mrx", "mrx", False)]
    assert play.mode == "spectator"


def test_in_the_detectives_view_a_hidden_ride_is_told_by_its_tickets_only(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}, seed=5, mode="detectives"))
    play = h.top
    state = play.session.state
    move = next(m for m in state.legal_moves() if isinstance(m, DoubleMove) and m.ticket1 is Ticket.SECRET)
    entry = play.session.apply_decision("mrx", (str(move), "the reason names 42"), None, 0.1)
    play.shown(entry)
    tickets, stations, _, _ = play.view.toast
    assert tickets == [Ticket.SECRET, move.ticket2] and stations == [None, None]
    assert play.view.busy  # the watcher gets time to read it before the detectives move
    h.frames(120)
    assert play.view.toast is None


def test_help_lists_the_keys_and_the_mouse_and_the_picker_draws_the_icon(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}))
    h.press("f1")
    assert isinstance(h.top, HelpOverlay)
    rows = dict(h.top.host.key_rows())
    assert "Click a station" in rows and any("View" in text for text in rows.values())
    h.frames(2)
    surface = pygame.Surface((200, 120))
    ARCADE.draw_icon(surface, surface.get_rect(), h.ctx)
    assert len({surface.get_at((x, y))[:3] for x in range(0, 200, 7) for y in range(0, 120, 7)}) > 3


def test_a_resize_lays_the_screen_out_again(display):
    from game.shell.input import Intention

    h = Harness(play_scene({"mrx": "random", "detectives": "random"}))
    play = h.top
    play.handle(Intention("resize", (1920, 1080)))
    assert play.view.rect.right == play.panel.rect.x and play.panel.rect.right == 1920
    assert play.view.fitted
