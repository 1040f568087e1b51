"""Treasure Island frames off-screen, for ``screenshot`` and ``bench-frames``: one frame at a turn
(:func:`render_at_turn`, with a rules variant for ``screenshot --rules``) and the ``--overlays``
option's parser. Import :mod:`game.arcade.offscreen` first (it sets the dummy SDL drivers)."""

from __future__ import annotations

import pygame

from .boardview import OVERLAYS


def parse_overlays(text: str | None, default: set[str]) -> set[str]:
    """``"all"``, ``"none"`` or a comma list of overlay names; ValueError for unknown names."""
    if text is None:
        return set(default)
    text = text.strip().lower()
    if text == "all":
        return set(OVERLAYS)
    if text in ("", "none"):
        return set()
    names = {n.strip().replace("-", "_") for n in text.split(",") if n.strip()}
    unknown = names - set(OVERLAYS)
    if unknown:
        raise ValueError(f"unknown overlay {', '.join(sorted(unknown))}: use all, none or some of "
                         f"{', '.join(OVERLAYS)}")
    return names


def render_at_turn(map_path: str, seed: int, agent: str, turn: int, size: tuple[int, int], overlays: set[str],
                   hint: int | None = None, rules=None) -> pygame.Surface:
    """The arcade frame once the game has reached ``turn`` (animations finished), with
    ``overlays`` and hint ``hint``'s area highlighted; ``rules`` a variant (None: the default)."""
    from game.arcade.app import make_context

    from .scenes import start_play

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


def render_with_rules(map_path: str, seed: int, agent: str, turn: int, size: tuple[int, int], overlays: set[str],
                      hint: int | None, rules) -> pygame.Surface:
    return render_at_turn(map_path, seed, agent, turn, size, overlays, hint, rules=rules)
