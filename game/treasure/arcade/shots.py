"""Treasure Island frames off-screen, for ``screenshot``: the play scene at a turn
(:func:`play_at_turn`, any rules variant) and the ``--overlays`` option's parser. Import
:mod:`game.arcade.offscreen` first (it sets the dummy SDL drivers)."""

from __future__ import annotations

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


def play_at_turn(map_path: str, seed: int, agent: str, turn: int, size: tuple[int, int], overlays: set[str],
                 rules=None):
    """The play scene once the game has reached ``turn`` (or its end), animations finished, with
    ``overlays``; ``rules`` a variant (None: the default). Its state says the turn shown, and a
    hint can be highlighted (``selected_hint``, ``set_focus``) before it is drawn."""
    from game.arcade.app import make_context

    from .scenes import start_play

    ctx = make_context(size, config=rules)
    play = start_play(ctx, map_path, seed, agent, overlays=overlays, speed="instant")
    play.match.advance_to_turn(turn)
    play.view.catch_up()
    play.view.director.finish_all()
    return play
