"""`run.py sy arcade`: the arcade straight into Scotland Yard (its options, or a game).

With ``--autoplay``/``--quit-at-end`` (or a human side) the game starts at once with ``--mrx`` and
``--detectives``; otherwise Scotland Yard's options screen opens. Under SDL_VIDEODRIVER=dummy
nobody watches, so the speed is "instant" unless ``--speed`` says otherwise.
"""

from __future__ import annotations

import argparse
import os
import sys

from game.arcade.commandline import SPEEDS, add_window_arguments, arcade_speed, headless, run_arcade, window_size
from game.cli import UsageError, positive_seconds

HELP = "open the arcade on Scotland Yard (options, or a game with --mrx/--detectives)"
VIEWS = ("spectator", "detectives", "mrx")
__all__ = ["HELP", "SPEEDS", "VIEWS", "add_arguments", "run"]


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mrx", default="default", metavar="NAME", help="Mr X: an AI name or human")
    p.add_argument("--detectives", default="default", metavar="NAME", help="the detectives: an AI name or human")
    p.add_argument("--seed", type=int, default=0, help="draws the start stations and seeds the AIs")
    p.add_argument("--move-time", type=float, default=1.0, metavar="SECONDS", help="the AIs' time a move (default 1)")
    p.add_argument("--view", choices=VIEWS, default="spectator", help="the view while watching (default spectator)")
    add_window_arguments(p)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    window_size(args.size)
    positive_seconds(args.move_time, "--move-time")
    if args.quit_at_end and "human" in (args.mrx, args.detectives):
        raise UsageError("--quit-at-end needs AIs on both sides")
    from game.scotlandyard.arcade.session import SetupError, check_spec

    for side, spec in (("mrx", args.mrx), ("detectives", args.detectives)):
        try:
            check_spec(side, spec)
        except SetupError as exc:
            raise UsageError(f"--{side}: {exc}") from None
    direct = bool(args.autoplay or args.quit_at_end or "human" in (args.mrx, args.detectives))
    speed = arcade_speed(args.speed)

    def first_scene(ctx):
        from game.scotlandyard.arcade.scenes import SyOptionsScene, SyPlayScene
        from game.scotlandyard.arcade.session import SySession

        if not direct:
            return SyOptionsScene(ctx)
        session = SySession({"mrx": args.mrx, "detectives": args.detectives}, seed=args.seed,
                            move_time=args.move_time, process_bots=not headless())
        return SyPlayScene(ctx, session, autoplay=args.autoplay or args.quit_at_end, speed=speed, mode=args.view)

    first = run_arcade(args, first_scene, "Scotland Yard")
    session = getattr(first, "session", None)
    if args.quit_at_end and session is not None:
        from game.scotlandyard.arcade.session import winner_text

        print(winner_text(session.state) or f"unfinished after {len(session.history) - 1} moves")
        if getattr(first, "saved_path", None):
            print(f"replay: {first.saved_path}", file=sys.stderr)
    return 0
