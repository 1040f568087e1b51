"""Golden frames of the map view, without text, with the procedural stand-in sprites (so new art
in sprites/ does not change them). `pytest --update-golden` rewrites them."""

import pygame

from game.treasure.arcade.boardview import BoardView
from game.treasure.arcade.match import Match
from game.treasure.arcade.sprites import Sprites
from game.treasure.actions import LargeScan, MoveSmall

from .test_match import scripted

SIZE = (360, 300)


def render(match, overlays, focus=None):
    view = BoardView(match, Sprites(None), pygame.Rect((0, 0), SIZE), text=None, overlays=overlays)
    view.hint_focus = focus
    surface = pygame.Surface(SIZE)
    view.draw(surface)
    return surface


def test_golden_start_of_a_game(display, board, golden_frame):
    match = Match(board, 3, agent_factory=scripted())
    golden_frame(render(match, set()), "arcade_start")


def test_golden_after_scans_with_overlays_and_a_hint(display, board, golden_frame):
    match = Match(board, 3, agent_factory=scripted(MoveSmall("S", 1), LargeScan(), LargeScan(), LargeScan()))
    match.advance_to_turn(3)
    golden_frame(render(match, {"scanned", "ruled_out", "path", "treasure"}, focus=2), "arcade_overlays")
