"""`run.py duel arcade`: the arcade straight into the Treasure Duel (its options, or a game).

With ``--map`` (or ``--autoplay``/``--quit-at-end``) the game starts at once with ``--a`` and
``--b``; otherwise the duel's options screen opens. Under SDL_VIDEODRIVER=dummy nobody watches,
so the speed is "instant" unless ``--speed`` says otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.arcade.commandline import SPEEDS, add_window_arguments, arcade_speed, headless, run_arcade, window_size
from game.cli import UsageError, positive_seconds
from game.duel.config import DuelConfig

HELP = "open the arcade on the Treasure Duel (options, or a game with --map/--a/--b)"
__all__ = ["HELP", "SPEEDS", "add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", metavar="PATH", help="a duel map file (default: maps/duel/duel20x20.txt)")
    p.add_argument("--a", default="default", metavar="SPEC", help="player A: a bot name, cmd:COMMAND or human")
    p.add_argument("--b", default="default", metavar="SPEC", help="player B: a bot name, cmd:COMMAND or human")
    p.add_argument("--seed", type=int, default=0, help="seed of the built-in bots (A gets N, B N+1)")
    p.add_argument("--time-limit", type=float, default=DuelConfig().time_limit, metavar="S",
                   help="wall-clock limit per move of cmd: programs, start-up included, seconds "
                        "(default: the course's 1)")
    add_window_arguments(p)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.paths import MAPS_DIR

    from .common import load_map

    window_size(args.size)
    direct = bool(args.map or args.autoplay or args.quit_at_end)
    map_path = args.map or str(MAPS_DIR / "duel" / "duel20x20.txt")
    board = load_map(map_path)
    positive_seconds(args.time_limit, "--time-limit")
    if args.quit_at_end and "human" in (args.a, args.b):
        raise UsageError("--quit-at-end needs bots or programs on both sides")
    from game.duel.match import PlayerSpecError, make_player

    for n, (option, spec) in enumerate((("--a", args.a), ("--b", args.b))):
        if spec.startswith("cmd:"):
            if not spec[4:].strip():
                raise UsageError(f"{option}: cmd: needs a command, as in cmd:./mybot")
        elif spec != "human":
            try:
                make_player(spec, seed=args.seed + n)  # made once to check it, now rather than in the window
            except PlayerSpecError as exc:
                raise UsageError(f"{option}: {exc}") from None
    speed = arcade_speed(args.speed)

    def first_scene(ctx):
        from game.duel.arcade.scenes import DuelOptions, DuelOptionsScene, DuelPlayScene
        from game.duel.arcade.session import DuelSession

        if not direct:
            options = DuelOptions()
            options.time_limit = args.time_limit
            return DuelOptionsScene(ctx, options)
        session = DuelSession(board, {"A": args.a, "B": args.b}, seed=args.seed, map_name=Path(map_path).stem,
                              config=DuelConfig(time_limit=args.time_limit),
                              process_bots=not headless())  # headless: instant, nobody watches the frames
        return DuelPlayScene(ctx, session, autoplay=args.autoplay or args.quit_at_end, speed=speed)

    first = run_arcade(args, first_scene, "Treasure Duel")
    session = getattr(first, "session", None)
    if args.quit_at_end and session is not None:
        state = session.state
        result = state.outcome.winner if state.outcome else "UNFINISHED"
        message = (state.outcome.message if state.outcome else "") or "round limit"
        print(f"{result}: A {state.score_a}, B {state.score_b} ({message}; round {state.round})")
        if first.saved_path:
            print(f"replay: {first.saved_path}", file=sys.stderr)
    return 0
