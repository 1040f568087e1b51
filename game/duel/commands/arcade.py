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

from game.cli import UsageError

HELP = "open the arcade on the Treasure Duel (options, or a game with --map/--a/--b)"
SPEEDS = ("slow", "normal", "fast", "instant")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", metavar="PATH", help="a duel map file (default: maps/duel/duel20x20.txt)")
    p.add_argument("--a", default="default", metavar="SPEC", help="player A: a bot name, cmd:COMMAND or human")
    p.add_argument("--b", default="default", metavar="SPEC", help="player B: a bot name, cmd:COMMAND or human")
    p.add_argument("--seed", type=int, default=0, help="seed of the built-in bots (A gets N, B N+1)")
    p.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    p.add_argument("--size", metavar="WxH", help="window size with --windowed (default 1280x720)")
    p.add_argument("--autoplay", action="store_true", help="start playing at once")
    p.add_argument("--quit-at-end", action="store_true", help="exit when the game ends (prints the result)")
    p.add_argument("--speed", choices=SPEEDS, help="animation speed (default: normal; instant when headless)")
    p.add_argument("--record", metavar="FILE", help="save the game's replay to FILE (never overwritten)")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.paths import MAPS_DIR

    from .common import load_map

    size = None
    if args.size:
        try:
            size = tuple(int(v) for v in args.size.lower().split("x"))
            assert len(size) == 2 and min(size) >= 64
        except (ValueError, AssertionError):
            raise UsageError(f"--size must look like 1280x720, not {args.size!r}") from None
    direct = bool(args.map or args.autoplay or args.quit_at_end)
    map_path = args.map or str(MAPS_DIR / "duel" / "duel20x20.txt")
    board = load_map(map_path)
    if args.quit_at_end and "human" in (args.a, args.b):
        raise UsageError("--quit-at-end needs bots or programs on both sides")
    from game.duel.bots import BotNotFound, bot_class

    for option, spec in (("--a", args.a), ("--b", args.b)):
        if spec.startswith("cmd:"):
            if not spec[4:].strip():
                raise UsageError(f"{option}: cmd: needs a command, as in cmd:./mybot")
        elif spec != "human":
            try:
                bot_class(spec)
            except BotNotFound as exc:
                raise UsageError(f"{option}: {exc}") from None
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    speed = args.speed or ("instant" if headless else "normal")

    def first_scene(ctx):
        from game.duel.arcade.scenes import DuelOptionsScene, DuelPlayScene
        from game.duel.arcade.session import DuelSession

        if args.record:
            ctx.record_path = Path(args.record)
        if not direct:
            return DuelOptionsScene(ctx)
        session = DuelSession(board, {"A": args.a, "B": args.b}, seed=args.seed, map_name=Path(map_path).stem,
                              process_bots=not headless)  # headless: instant, nobody watches the frames
        return DuelPlayScene(ctx, session, autoplay=args.autoplay or args.quit_at_end, speed=speed)

    from game.arcade.app import run_in_window

    first = run_in_window(first_scene, fullscreen=not args.windowed, size=size, caption="Treasure Duel",
                          quit_at_end=args.quit_at_end)
    session = getattr(first, "session", None)
    if args.quit_at_end and session is not None:
        state = session.state
        result = state.outcome.winner if state.outcome else "UNFINISHED"
        message = (state.outcome.message if state.outcome else "") or "round limit"
        print(f"{result}: A {state.score_a}, B {state.score_b} ({message}; round {state.round})")
        if first.saved_path:
            print(f"replay: {first.saved_path}", file=sys.stderr)
    return 0
