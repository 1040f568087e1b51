"""`run.py screenshot`: render one frame of the arcade to a PNG, without opening a window."""

from __future__ import annotations

import argparse
import os
import sys

from game.cli import UsageError, output_file

from game.arcade.commandline import frame_size

from .common import RULES_HELP, choose_seed, load_agent, load_map, parse_rules

HELP = "render one arcade frame at a given turn to a PNG (no window)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", metavar="PATH", help="a MAPx.txt file (default: a shipped map)")
    p.add_argument("--seed", type=int, help="game seed (default: random, printed)")
    p.add_argument("--turn", type=int, default=1,
                   help="play on until this turn has started, or the game is over (default 1)")
    p.add_argument("-o", "--output", required=True, metavar="PNG",
                   help="the PNG to write (required; a file of that name is replaced)")
    p.add_argument("--size", default="1280x720", metavar="WxH", help="frame size (default 1280x720)")
    p.add_argument("--agent", default="default", help="agent name or module:Class (default: default)")
    p.add_argument("--overlays", metavar="LIST",
                   help="comma list of ruled_out, scanned, heat, path, treasure, regions; or all / none "
                        "(default: scanned,path)")
    p.add_argument("--show-treasure", action="store_true", help="draw the treasure (a spoiler)")
    p.add_argument("--hint", type=int, metavar="K",
                   help="highlight hint K's area on the map (a hint given by the turn shown: 1, 2, ...)")
    p.add_argument("--rules", metavar="K=V,...", help=RULES_HELP)


def run(args: argparse.Namespace) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # never a window, even from a desktop session
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.arcade import offscreen
    from game.treasure.arcade import shots
    from game.treasure.arcade.boardview import DEFAULT_OVERLAYS

    width, height = frame_size(args.size)
    if args.turn < 1:
        raise UsageError("--turn must be at least 1")
    if args.hint is not None and args.hint < 1:
        raise UsageError(f"--hint must be at least 1 (hints are numbered 1, 2, ...), not {args.hint}")
    try:
        overlays = shots.parse_overlays(args.overlays, DEFAULT_OVERLAYS)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if args.show_treasure:
        overlays.add("treasure")
    rules = parse_rules(args.rules) if args.rules else None
    _, map_path = load_map(args.map)
    seed = choose_seed(args.seed)
    load_agent(args.agent, seed)
    output = output_file(args.output, "-o")
    offscreen.init()
    play = shots.play_at_turn(str(map_path), seed, args.agent, args.turn, (width, height), overlays, rules)
    state = play.match.state
    hints = len(state.hints)
    if args.hint is not None:
        if args.hint > hints:
            have = f"hints 1 to {hints}" if hints > 1 else "hint 1 only" if hints == 1 else "no hint yet"
            raise UsageError(f"--hint {args.hint}: no such hint: the game shown (turn {state.turn}) has {have}")
        play.selected_hint = args.hint
        play.set_focus()
    surface = offscreen.frame_surface((width, height))
    play.draw(surface)
    try:
        offscreen.save_png(surface, str(output))
    except OSError as exc:
        raise UsageError(f"cannot write {output}: {exc}") from None
    shown = f"turn {state.turn}"
    if state.turn < args.turn:  # the game ended before the turn asked for
        shown += f", where the game ended ({state.outcome or 'UNFINISHED'}), before --turn {args.turn}"
    print(f"wrote {output} ({width}x{height}, map {map_path.name}, seed {seed}, {shown})", file=sys.stderr)
    return 0

