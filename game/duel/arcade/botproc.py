"""A duel bot in its own process, so its thinking never competes with the frame loop.

The process itself is the shared :class:`game.arcade.childproc.ChildPlayer`; this module gives it
the duel's loop (build the bot, answer each observation). A bot that raises answers with the
error (the course counts a crash as a time-out).
No pygame here.
"""

from __future__ import annotations

from game.arcade.childproc import ChildPlayer, PlayerCrashed, serve_player


class BotCrashed(PlayerCrashed):
    """The bot raised (or its process died); the message says what happened."""


def _serve(conn, spec: str, seed: int, move_time: float) -> None:
    from game.duel.bots import make_bot
    from game.duel.protocol import Decision

    def answer(bot, obs):
        returned = bot.act(obs)
        if isinstance(returned, Decision):
            return returned.move, str(returned.reason or "")
        return returned, ""

    serve_player(conn, lambda: make_bot(spec, seed, move_time), answer, f"bot {spec!r}")


class BotProcess(ChildPlayer):
    crashed = BotCrashed
    what = "bot"

    def __init__(self, spec: str, seed: int, move_time: float) -> None:
        super().__init__(_serve, (spec, seed, move_time), f"duel-bot-{spec}", spec)
        self.seed, self.move_time = seed, move_time
