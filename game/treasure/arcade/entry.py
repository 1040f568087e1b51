"""Treasure Island's entry in the arcade (see :mod:`game.arcade.games`).

It points at Treasure Island's scenes (title, play, replay, in this package), so the picker and
the shared replay browser open Treasure Island like any other game.
"""

from __future__ import annotations

from game.treasure.replay import FORMAT


class TreasureArcade:
    game_id = "treasure"
    replay_formats = (FORMAT,)

    def options_scene(self, ctx):
        from game.shell.scenes import Replace

        from game.arcade.picker import GamePickerScene

        from .scenes import TitleScene

        title = TitleScene(ctx)
        title.back = lambda: Replace(GamePickerScene(ctx, selected="treasure"))  # Esc: back to the games
        return title

    def replay_scene(self, ctx, path: str, *, speed: str = "normal", **_options):
        from game.treasure.replay import Playback, ReplayError, load_replay

        from .replay import ReplayScene

        try:
            playback = Playback(load_replay(path))
        except ReplayError as exc:
            raise ValueError(str(exc)) from None
        return ReplayScene(ctx, playback, str(path), speed=speed)

    def replay_columns(self, path, doc: dict, row: dict[str, str]) -> dict[str, str]:
        """The replay list's row (game, map, date, outcome, turns, human) for one of its replays."""
        row["game"] = "Treasure Island"
        map_text = doc.get("map") if isinstance(doc.get("map"), str) else ""
        size = map_text.split(maxsplit=2)[:2]
        stem = path.stem.split("-seed")[0]
        row["map"] = f"{stem} ({size[0]}x{size[1]})" if len(size) == 2 and all(v.isdigit() for v in size) else stem
        created = str(doc.get("created", ""))
        row["date"] = created[:16].replace("T", " ")
        outcome = doc.get("outcome") if isinstance(doc.get("outcome"), dict) else {}
        row["outcome"] = str(outcome.get("result") or "?")
        turns = outcome.get("turns")
        row["turns"] = str(turns) if isinstance(turns, int) else "?"
        actions = doc.get("actions") if isinstance(doc.get("actions"), list) else []
        humans = sum(1 for a in actions if isinstance(a, dict) and a.get("by") == "human")
        row["human"] = "all" if actions and humans == len(actions) else "yes" if humans else "no"
        if doc.get("branched_from"):
            row["human"] += " (branch)"
        return row

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
