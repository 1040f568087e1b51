"""Scotland Yard's record in the game registry (``game.registry``)."""

from game.registry import GameInfo

GAME = GameInfo(
    id="scotlandyard",
    title="Scotland Yard",
    summary="Mr X hides on a 199-station London board; five detectives hunt him.",
    cli_group="sy",
    # Commands not built yet are left out of --help (game.cli skips a missing module).
    commands={
        "play": "game.scotlandyard.commands.play",
        "bench-engine": "game.scotlandyard.commands.bench_engine",
        "bench": "game.scotlandyard.commands.bench",
        "screenshot": "game.scotlandyard.commands.screenshot",
        "arcade": "game.scotlandyard.commands.arcade",
    },
    seats=("Mr X", "detectives"),
    pure_packages=("game.scotlandyard",),  # everything but game.scotlandyard.arcade
    arcade="game.scotlandyard.arcade.entry:ARCADE",
    replay_codec="game.scotlandyard.arcade.codec:CODEC",
)
