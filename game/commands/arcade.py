"""The arcade (what a bare `python run.py` opens): a full-screen game to watch agents play.

Top-level options live here because this is the default command. Under SDL_VIDEODRIVER=dummy
nobody is watching, so unless --speed is given the game runs at the "instant" speed.
"""

from __future__ import annotations

import argparse
import os
import sys

from game.cli import UsageError

from game.arcade.commandline import window_size

from .common import RULES_HELP, choose_seed, load_agent, load_map, parse_rules

HELP = "open the arcade (the default when no command is given)"
SPEEDS = ("slow", "normal", "fast", "instant")


def add_arguments(p: argparse.ArgumentParser) -> None:
    from game.treasure.agents.runner import AGENT_TIME_HELP, DEFAULT_TIME_LIMIT, agent_seconds

    p.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    p.add_argument("--size", metavar="WxH", help="window size with --windowed (default 1280x720)")
    p.add_argument("--map", metavar="PATH", help="a MAPx.txt file (default: a shipped map)")
    p.add_argument("--seed", type=int, help="game seed (default: random)")
    p.add_argument("--agent", default="default", help="agent name or module:Class (default: default)")
    p.add_argument("--autoplay", action="store_true", help="start playing at once, without the menu")
    p.add_argument("--max-turns", type=int, metavar="N", help="stop autoplay after N turns")
    p.add_argument("--quit-at-end", action="store_true", help="exit when the game (or --max-turns) ends")
    p.add_argument("--speed", choices=SPEEDS, help="animation speed (default: normal; instant when headless)")
    p.add_argument("--rules", metavar="K=V,...", help=RULES_HELP)
    p.add_argument("--agent-time", type=agent_seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS",
                   help=AGENT_TIME_HELP)


def _headless() -> bool:
    return os.environ.get("SDL_VIDEODRIVER") == "dummy"


def run(args: argparse.Namespace) -> int:
    if _headless():  # nobody listens either; on a real display the sound effects may play
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = window_size(getattr(args, "size", None))
    if args.max_turns is not None and args.max_turns < 1:
        raise UsageError("--max-turns must be at least 1")
    if getattr(args, "rules", None):
        parse_rules(args.rules)  # a clear error now, not in the window
    _, map_path = load_map(args.map)  # a clear error now, not a crash in the window
    seed = choose_seed(args.seed)
    load_agent(args.agent, seed)
    speed = args.speed or ("instant" if _headless() else "normal")
    direct = bool(args.map or args.autoplay or args.quit_at_end or args.max_turns)
    return _run_window(args, size, str(map_path), seed, speed, direct)


def run_play(args: argparse.Namespace) -> int:
    """`run.py play` without --headless: straight into the play scene, step by step."""
    _, map_path = load_map(args.map)
    seed = choose_seed(args.seed)
    load_agent(args.agent, seed)
    ns = argparse.Namespace(windowed=False, size=None, max_turns=None, quit_at_end=False, autoplay=False,
                            agent=args.agent, record=getattr(args, "record", None), rules=getattr(args, "rules", None),
                            rules_config=getattr(args, "rules_config", None), agent_time=args.agent_time)
    return _run_window(ns, None, str(map_path), seed, "instant" if _headless() else "normal", True)


def _run_window(args, size, map_path: str, seed: int, speed: str, direct: bool) -> int:
    from game.arcade.app import run_in_window
    from game.treasure.arcade.scenes import TitleScene, start_play

    def first_scene(ctx):
        if getattr(args, "record", None):
            from pathlib import Path

            ctx.record_path = Path(args.record)  # the first finished game is saved there
        if direct:
            first = start_play(ctx, map_path, seed, args.agent, autoplay=args.autoplay or args.quit_at_end,
                               speed=speed)
        elif args_seed(args) is None and args.agent == "default":
            from game.arcade.picker import GamePickerScene  # several games: pick one first

            first = GamePickerScene(ctx)
        else:
            first = TitleScene(ctx, map_path=map_path if map_path not in map(str, ctx.maps) else None,
                               seed=args_seed(args), agent=args.agent, speed=speed)
            if map_path in map(str, ctx.maps):
                first.map_index = [str(m) for m in ctx.maps].index(map_path)
            first.back = lambda: _picker(ctx)  # Esc: to the game picker
        return first

    config = getattr(args, "rules_config", None)  # `play`'s --truth/--liar-rate/--rules, already combined
    if config is None and getattr(args, "rules", None):
        config = parse_rules(args.rules)
    first = run_in_window(first_scene, fullscreen=not args.windowed, size=size, caption="Treasure Island",
                          quit_at_end=args.quit_at_end, max_turns=args.max_turns, config=config,
                          agent_time=args.agent_time)
    play = getattr(first, "match", None)
    if args.quit_at_end and play is not None:
        state = first.match.state
        print(f"{state.outcome or 'UNFINISHED'} turn {state.turn} seed {first.match.seed}", file=sys.stdout)
    return 0


def args_seed(args) -> int | None:
    return getattr(args, "seed", None)


def _picker(ctx):
    from game.arcade.picker import GamePickerScene
    from game.shell.scenes import Replace

    return Replace(GamePickerScene(ctx, selected="treasure"))
