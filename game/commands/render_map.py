"""`run.py render-map`: a map file as a PNG, headless, for looking at islands by eye."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.cli import UsageError

from .common import load_map

HELP = "render a map file to a PNG (regions, mountains, prisons, treasure); needs no display"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("map", metavar="MAPFILE", help="a MAPx.txt file")
    p.add_argument("-o", "--output", required=True, metavar="PNG", help="image file to write")
    p.add_argument("--tile", type=int, default=None, metavar="N",
                   help="pixels per tile, 1..64 (default: fits the image in about 1500 pixels)")


def run(args: argparse.Namespace) -> int:
    if args.tile is not None and not 1 <= args.tile <= 64:
        raise UsageError(f"--tile must be between 1 and 64, not {args.tile}")
    out = Path(args.output)
    if out.suffix.lower() != ".png":
        raise UsageError(f"the output must be a .png file, not {out.name!r}")
    if not out.parent.is_dir():
        raise UsageError(f"directory {out.parent} does not exist")
    board, path = load_map(args.map)
    from game.treasure.arcade.preview import default_tile, save_png  # pygame only for good input

    tile = args.tile or default_tile(board)
    try:
        save_png(board, out, tile)
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc}") from None
    print(f"wrote {out}: {path} at {tile} px per tile ({board.width * tile}x{board.height * tile})")
    return 0
