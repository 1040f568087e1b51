"""Zoomed out, the stations that matter carry their numbers, and the one under the pointer too (a
review found no number on the board at 1280x720 while the panel spoke of stations by number);
a detectives' view never numbers a station because Mr X is there."""

import pygame

from game.shell.input import HOVER, Intention

from .helpers import Harness, play_scene


def _tagged(view):
    tags = []
    real = view._number_tag
    view._number_tag = lambda surface, station, *rest: tags.append(station) or real(surface, station, *rest)
    try:
        view.draw(pygame.Surface(view.rect.size))
    finally:
        view._number_tag = real
    return tags


def test_pieces_and_the_pointed_station_are_numbered_when_stations_are_too_small(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}, seed=3, mode="detectives"))
    play = h.top
    play.session.play_sync(7)
    play.show_current()
    view = play.view
    assert not view.numbered  # the default zoom at 1280x720: no number inside a station
    seen = view.seen
    detectives = {s for _, s in seen.detectives}
    maybe = {st for st, p in (seen.possible or {}).items() if p > 0}
    public = detectives | ({seen.last_seen} if seen.last_seen else set()) | (maybe if len(maybe) <= 12 else set())
    tags = _tagged(view)
    assert set(tags) == public and detectives <= set(tags)
    if seen.mrx is None and len(maybe) > 12:
        assert play.session.state.mrx_location not in tags
    station = next(s for s in play.session.state.setup.board.stations if s not in public)
    play.handle(Intention(HOVER, view.station_screen(station)))
    assert view.hover == station and _tagged(view)[-1] == station  # drawn last, on top
    play.handle(Intention(HOVER, (0, view.rect.bottom + 5)))  # off the board
    assert view.hover is None


def test_zoomed_in_the_stations_carry_their_own_numbers(display):
    h = Harness(play_scene({"mrx": "random", "detectives": "random"}, seed=3, mode="spectator"))
    view = h.top.view
    for _ in range(4):
        view.zoom_at(view.rect.center, 1)
    h.frames(30)
    assert view.numbered and _tagged(view) == []
