"""Treasure Island's record in the game registry (``game.registry``)."""

from game.registry import GameInfo

GAME = GameInfo(
    id="treasure",
    title="Treasure Island",
    summary="Search an island for a treasure with a pirate's hints, some of them lies, "
            "and race the pirate once he escapes.",
    cli_group=None,  # its commands (play, bench, replay, ...) stay at the top level of run.py
    commands={},     # listed in game.cli.COMMANDS, where they always were
    seats=("agent",),
    arcade="game.treasure.arcade.entry:ARCADE",
    pure_packages=("game.treasure", "game.treasure.agents", "game.treasure.replay"),
)
