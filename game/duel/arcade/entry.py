"""The Treasure Duel's entry in the arcade (the registry's ``arcade`` field names ``ARCADE``)."""

from __future__ import annotations

from .codec import FORMAT


class DuelArcade:
    game_id = "duel"
    replay_formats = (FORMAT,)

    def options_scene(self, ctx):
        from .scenes import DuelOptionsScene

        return DuelOptionsScene(ctx)

    def replay_scene(self, ctx, path: str, *, speed: str = "normal", map_path: str | None = None, **_options):
        """A saved duel replay, or a course log when ``map_path`` is given."""
        from .codec import DuelReplayError, from_course_log, load
        from .replay import DuelReplayScene

        try:
            replay = from_course_log(path, map_path) if map_path else load(path)
        except DuelReplayError as exc:
            raise ValueError(str(exc)) from None
        return DuelReplayScene(ctx, replay, speed=speed)

    def describe_replay(self, doc: dict) -> dict[str, str]:
        players = doc.get("players") if isinstance(doc.get("players"), dict) else {}
        outcome = doc.get("outcome") if isinstance(doc.get("outcome"), dict) else {}
        result = str(outcome.get("winner", "?"))
        if result != "UNFINISHED":
            result += f" {outcome.get('score_a', '?')}:{outcome.get('score_b', '?')}"
            if outcome.get("offender"):
                result += f" ({outcome.get('message')})"
        moves = doc.get("moves") if isinstance(doc.get("moves"), list) else []
        humans = sum(1 for m in moves if isinstance(m, dict) and m.get("by") == "human")
        human = "all" if moves and humans == len(moves) else "yes" if humans else "no"
        if doc.get("branched_from"):
            human += " (branch)"
        return {"game": "Treasure Duel", "players": f"{players.get('A', '?')} vs {players.get('B', '?')}",
                "map": str(doc.get("map_name", "?")), "result": result,
                "length": str(outcome.get('round', '?')), "human": human}

    @staticmethod
    def draw_icon(surface, rect, ctx) -> None:
        from .sprites import shared

        sprites = shared()
        size = rect.h * 3 // 4  # the two hunters face each other across the card's icon
        surface.blit(sprites.hunter("A", "E", 0, size), (rect.x - size // 5, rect.bottom - size))
        surface.blit(sprites.hunter("B", "W", 0, size), (rect.right - size + size // 5, rect.bottom - size))


ARCADE = DuelArcade()
