"""`run.py sy arcade`: the arcade straight into Scotland Yard (its options, or a game).

With ``--autoplay``/``--quit-at-end`` (or a human side) the game starts at once with ``--mrx`` and
``--detectives``; otherwise Scotland Yard's options screen opens. Under SDL_VIDEODRIVER=dummy
nobody watches, so the speed is "instant" unless ``--speed`` says otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.cli import UsageError

HELP = "open the arcade on Scotland Yard (options, or a game with --mrx/--detectives)"
SPEEDS = ("slow", "normal", "fast", "instant")
VIEWS = ("spectator", "detectives", "mrx")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mrx", default="default", metavar="NAME", help="Mr X: an AI name or human")
    p.add_argument("--detectives", default="default", metavar="NAME", help="the detectives: an AI name or human")
    p.add_argument("--seed", type=int, default=0, help="draws the start stations and seeds the AIs")
    p.add_argument("--move-time", type=float, default=1.0, metavar="SECONDS", help="the AIs' time a move (default 1)")
    p.add_argument("--view", choices=VIEWS, default="spectator", help="the view while watching (default spectator)")
    p.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    p.add_argument("--size", metavar="WxH", help="window size with --windowed (default 1280x720)")
    p.add_argument("--autoplay", action="store_true", help="start playing at once")
    p.add_argument("--quit-at-end", action="store_true", help="exit when the game ends (prints the result)")
    p.add_argument("--speed", choices=SPEEDS, help="animation speed (default: normal; instant when headless)")
    p.add_argument("--record", metavar="FILE", help="save the game's replay to FILE (never overwritten)")


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = None
    if args.size:
        try:
            size = tuple(int(v) for v in args.size.lower().split("x"))
            assert len(size) == 2 and min(size) >= 64
        except (ValueError, AssertionError):
            raise UsageError(f"--size must look like 1280x720, not {args.size!r}") from None
    if args.move_time <= 0:
        raise UsageError(f"--move-time must be positive, got {args.move_time}")
    if args.quit_at_end and "human" in (args.mrx, args.detectives):
        raise UsageError("--quit-at-end needs AIs on both sides")
    from game.scotlandyard.arcade.session import SetupError, check_spec

    for side, spec in (("mrx", args.mrx), ("detectives", args.detectives)):
        try:
            check_spec(side, spec)
        except SetupError as exc:
            raise UsageError(f"--{side}: {exc}") from None
    direct = bool(args.autoplay or args.quit_at_end or "human" in (args.mrx, args.detectives))
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    speed = args.speed or ("instant" if headless else "normal")

    def first_scene(ctx):
        from game.scotlandyard.arcade.scenes import SyOptionsScene, SyPlayScene
        from game.scotlandyard.arcade.session import SySession

        if args.record:
            ctx.record_path = Path(args.record)
        if not direct:
            return SyOptionsScene(ctx)
        session = SySession({"mrx": args.mrx, "detectives": args.detectives}, seed=args.seed,
                            move_time=args.move_time, process_bots=not headless)
        return SyPlayScene(ctx, session, autoplay=args.autoplay or args.quit_at_end, speed=speed, mode=args.view)

    from game.arcade.app import run_in_window

    first = run_in_window(first_scene, fullscreen=not args.windowed, size=size, caption="Scotland Yard",
                          quit_at_end=args.quit_at_end)
    session = getattr(first, "session", None)
    if args.quit_at_end and session is not None:
        from game.scotlandyard.arcade.session import winner_text

        print(winner_text(session.state) or f"unfinished after {len(session.history) - 1} moves")
        if getattr(first, "saved_path", None):
            print(f"replay: {first.saved_path}", file=sys.stderr)
    return 0
