"""`run.py sy screenshot`: one frame of a Scotland Yard game in the arcade, to a PNG, no window."""

from __future__ import annotations

import argparse
import sys

from game.arcade.commandline import frame_size, no_window, screenshot
from game.cli import UsageError, output_file, positive_seconds

HELP = "render one arcade frame of a Scotland Yard game at a given move to a PNG (no window)"
VIEWS = ("spectator", "detectives", "mrx")


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mrx", default="default", metavar="NAME", help="Mr X's AI (default: default)")
    p.add_argument("--detectives", default="default", metavar="NAME", help="the detectives' AI (default: default)")
    p.add_argument("--round", type=int, default=1, metavar="N",
                   help="play on until Mr X's move N is the next to make (default 1: the start)")
    p.add_argument("--seed", type=int, default=0, help="draws the start stations and seeds the AIs")
    p.add_argument("--move-time", type=float, default=0.2, metavar="SECONDS",
                   help="the AIs' time a move while playing up to --round (default 0.2)")
    p.add_argument("--view", choices=VIEWS, default="spectator",
                   help="whose view: spectator (everything), detectives (Mr X hidden), mrx")
    p.add_argument("--zoom", type=int, default=0, metavar="STEPS",
                   help="zoom in this many steps (about 1.2x each) around --center (default 0: whole board)")
    p.add_argument("--center", type=int, metavar="STATION",
                   help="station to zoom around (default: the station of the side to move)")
    p.add_argument("--size", default="1280x720", metavar="WxH", help="frame size (default 1280x720)")
    p.add_argument("--no-text", action="store_true", help="the board alone, no panel, captions or numbers")
    p.add_argument("-o", "--output", required=True, metavar="PNG",
                   help="the PNG to write (required; a file of that name is replaced)")


def run(args: argparse.Namespace) -> int:
    no_window()
    size = frame_size(args.size)
    if not 1 <= args.round <= 24:
        raise UsageError("--round must be between 1 and 24 (Mr X's moves)")
    positive_seconds(args.move_time, "--move-time")
    if "human" in (args.mrx, args.detectives):
        raise UsageError("a screenshot is played by AIs: --mrx/--detectives cannot be human")
    if args.zoom < 0 or args.zoom > 20:
        raise UsageError("--zoom must be between 0 and 20 steps")
    from game.scotlandyard import Board

    if args.center is not None and args.center not in Board.standard():
        raise UsageError(f"--center {args.center}: no such station (1 to 199)")
    from game.scotlandyard.ai import AiNotFound, create_player

    for side, spec in (("mrx", args.mrx), ("detectives", args.detectives)):
        try:
            create_player(side, spec, seed=args.seed, move_time=args.move_time)  # made once to check it
        except AiNotFound as exc:
            raise UsageError(f"--{side}: {exc}") from None
    output_file(args.output, "-o")

    def make_scene():
        from game.scotlandyard.arcade.offscreen import play_scene_at

        scene = play_scene_at({"mrx": args.mrx, "detectives": args.detectives}, args.round, size, seed=args.seed,
                              move_time=args.move_time, text=not args.no_text, mode=args.view)
        if args.zoom:
            zoom(scene, args)
        return scene

    from game.scotlandyard.arcade.session import SetupError

    scene = screenshot(make_scene, size, args.output, SetupError)
    state = scene.session.state
    print(f"wrote {args.output} ({size[0]}x{size[1]}, {args.view} view, Mr X's move "
          f"{len(state.travel_log) + 1} next, seed {args.seed})", file=sys.stderr)
    return 0


def zoom(scene, args: argparse.Namespace) -> None:
    """--zoom steps around --center (default: the station of the side to move)."""
    state = scene.session.state
    centre = args.center
    if centre is None:
        if state.is_mrx_turn and args.view != "detectives":
            centre = state.mrx_location
        else:
            centre = state.detectives[0].location if not state.remaining else \
                state.detective_location(state.remaining[0])
    scene.view.camera.zoom_to(scene.view.camera.tile)  # no-op, keeps the camera as fitted
    for _ in range(args.zoom):
        scene.view.zoom_at(scene.view.station_screen(centre), 1)
    row, col = scene.view.geo.world(centre)
    scene.view.camera.center_on((int(row), int(col)))
