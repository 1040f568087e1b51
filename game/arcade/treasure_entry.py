"""Treasure Island's entry in the arcade (see :mod:`game.arcade.games`).

Its scenes predate the registry and live in ``game.arcade`` (title, play, replay); this entry
only points at them, so the picker and the shared replay browser open Treasure Island like any
other game.
"""

from __future__ import annotations

from game.treasure.replay import FORMAT


class TreasureArcade:
    game_id = "treasure"
    replay_formats = (FORMAT,)

    def options_scene(self, ctx):
        from game.shell.scenes import Replace

        from .picker import GamePickerScene
        from .scenes import TitleScene

        title = TitleScene(ctx)
        title.back = lambda: Replace(GamePickerScene(ctx, selected="treasure"))  # Esc: back to the games
        return title

    def replay_scene(self, ctx, path: str, *, speed: str = "normal", **_options):
        from game.treasure.replay import Playback, ReplayError, load_replay

        from .replayscene import ReplayScene

        try:
            playback = Playback(load_replay(path))
        except ReplayError as exc:
            raise ValueError(str(exc)) from None
        return ReplayScene(ctx, playback, str(path), speed=speed)

    def describe_replay(self, doc: dict) -> dict[str, str]:
        outcome = doc.get("outcome") if isinstance(doc.get("outcome"), dict) else {}
        return {"game": "Treasure Island", "players": str(doc.get("agent", "")),
                "map": f"seed {doc.get('seed', '?')}", "result": str(outcome.get("result", "?")),
                "length": f"{outcome.get('turns', '?')} turns"}


ARCADE = TreasureArcade()


def _draw_icon(surface, rect, ctx) -> None:
    hero = ctx.sprites.character("agent", "S", 0, rect.h)
    surface.blit(hero, hero.get_rect(center=rect.center))


TreasureArcade.draw_icon = staticmethod(_draw_icon)
