"""One Treasure Island frame off-screen with a rules variant (``screenshot --rules``): what
:func:`game.arcade.offscreen.render_at_turn` draws, under the name the command imports."""

from __future__ import annotations

import pygame


def render_with_rules(map_path: str, seed: int, agent: str, turn: int, size: tuple[int, int], overlays: set[str],
                      hint: int | None, rules) -> pygame.Surface:
    from .offscreen import render_at_turn

    return render_at_turn(map_path, seed, agent, turn, size, overlays, hint, rules=rules)
