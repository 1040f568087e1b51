"""Treasure Duel's record in the game registry (``game.registry``)."""

from game.registry import GameInfo

GAME = GameInfo(
    id="duel",
    title="Treasure Duel",
    summary="Two hunters collect items on a point-symmetric grid for 1000 rounds; "
            "a trapped player's score becomes -100.",
    cli_group="duel",
    # Commands not built yet are left out of --help (game.cli skips a missing module).
    commands={
        "play": "game.duel.commands.play",
        "check-log": "game.duel.commands.check_log",
        "generate": "game.duel.commands.generate",
        "bot": "game.duel.commands.bot",
        "bench-engine": "game.duel.commands.bench_engine",
        "bench": "game.duel.commands.bench",
        "screenshot": "game.duel.commands.screenshot",
        "arcade": "game.duel.commands.arcade",
    },
    seats=("A", "B"),
    symmetric=True,
    pure_packages=("game.duel",),  # everything but game.duel.arcade
    arcade="game.duel.arcade.entry:ARCADE",
    replay_codec="game.duel.arcade.codec:CODEC",
)
