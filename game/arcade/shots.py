"""One Treasure Island frame off-screen with a rules variant (``screenshot --rules``), as
:func:`game.arcade.offscreen.render_at_turn` draws it for the default rules."""

from __future__ import annotations

import pygame


def render_with_rules(map_path: str, seed: int, agent: str, turn: int, size: tuple[int, int], overlays: set[str],
                      hint: int | None, rules) -> pygame.Surface:
    from .app import make_context, start_play

    ctx = make_context(size, config=rules)
    play = start_play(ctx, map_path, seed, agent, overlays=overlays, speed="instant")
    play.match.advance_to_turn(turn)
    play.view.catch_up()
    play.view.director.finish_all()
    if hint is not None and 1 <= hint <= len(play.match.state.hints):
        play.selected_hint = hint
        play.set_focus()
    surface = pygame.Surface(size)
    play.draw(surface)
    return surface
