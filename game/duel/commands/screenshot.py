"""`run.py duel screenshot`: one frame of a duel in the arcade, written to a PNG without a window."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.arcade.commandline import frame_size, no_window, screenshot
from game.cli import UsageError, output_file

HELP = "render one arcade frame of a duel at a given round to a PNG (no window)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", required=True, metavar="PATH", help="a duel map file (e.g. maps/duel/duel20x20.txt)")
    p.add_argument("--a", default="default", metavar="SPEC", help="player A: a bot name or cmd:COMMAND (default: default)")
    p.add_argument("--b", default="default", metavar="SPEC", help="player B: a bot name or cmd:COMMAND (default: default)")
    p.add_argument("--round", type=int, default=1, metavar="N", help="play on until round N has begun (default 1)")
    p.add_argument("--seed", type=int, default=0, help="seed of the built-in bots (A gets N, B N+1)")
    p.add_argument("--size", default="1280x720", metavar="WxH", help="frame size (default 1280x720)")
    p.add_argument("--no-text", action="store_true", help="the board alone, no panel or captions")
    p.add_argument("-o", "--output", required=True, metavar="PNG",
                   help="the PNG to write (required; a file of that name is replaced)")


def run(args: argparse.Namespace) -> int:
    no_window()
    from .common import load_map

    size = frame_size(args.size)
    if args.round < 1:
        raise UsageError("--round must be at least 1")
    if "human" in (args.a, args.b):
        raise UsageError("a screenshot is played by bots or programs: --a/--b cannot be human")
    board = load_map(args.map)
    from game.duel.match import PlayerSpecError, make_player

    for n, (option, spec) in enumerate((("--a", args.a), ("--b", args.b))):
        if not spec.startswith("cmd:"):
            try:
                make_player(spec, seed=args.seed + n)  # made once to check it: a one-line reason
            except PlayerSpecError as exc:
                raise UsageError(f"{option}: {exc}") from None
    output_file(args.output, "-o")

    def make_scene():
        from game.duel.arcade.offscreen import play_scene_at

        return play_scene_at(board, {"A": args.a, "B": args.b}, args.round, size, map_name=Path(args.map).stem,
                             seed=args.seed, text=not args.no_text)

    from game.duel.arcade.session import SetupError

    scene = screenshot(make_scene, size, args.output, SetupError)
    state = scene.session.state
    print(f"wrote {args.output} ({size[0]}x{size[1]}, {Path(args.map).name}, round {state.round}, "
          f"A {state.score_a} B {state.score_b})", file=sys.stderr)
    return 0
