"""`run.py generate`: a fresh seeded island as a MAPx.txt file (or on stdout).

The same arguments always give the same bytes, so a map is fully described by its command
line; maps/README.md lists the command behind every shipped map.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli import UsageError
from game.treasure.generator import GeneratorError, generate_island
from game.treasure.mapfile import format_map, write_map

HELP = "generate a seeded island map (MAPx.txt format) to a file or stdout"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--width", type=int, required=True, metavar="W", help="map width, 8..512")
    p.add_argument("--height", type=int, required=True, metavar="H", help="map height, 8..512")
    p.add_argument("--regions", type=int, required=True, metavar="R",
                   help="regions including the sea, as line 4 of the file (R-1 land regions)")
    p.add_argument("--seed", type=int, default=0, help="random seed, 0 or more (default 0)")
    p.add_argument("--mountains", type=float, default=0.08, metavar="SHARE",
                   help="share of the land under mountains, 0..0.3 (default 0.08)")
    p.add_argument("--prisons", type=int, default=None, metavar="N",
                   help="number of prisons (default: 2, one more per 1500 land tiles, at most 10)")
    p.add_argument("--reveal", type=int, default=None, metavar="TURN",
                   help="turn r the prison is revealed (default: drawn in 2..4)")
    p.add_argument("--free", type=int, default=None, metavar="TURN",
                   help="turn f the pirate is freed (default: r + round(max(W, H) / 5))")
    p.add_argument("--no-islets", dest="islets", action="store_false",
                   help="no small islands off the coast")
    p.add_argument("-o", "--output", metavar="PATH", help="file to write (default: stdout)")
    p.add_argument("--force", action="store_true", help="overwrite --output if it exists")


def run(args: argparse.Namespace) -> int:
    out = Path(args.output) if args.output else None
    if out is not None:
        # Refuse before the work, not after it.
        if out.exists() and not args.force:
            raise UsageError(f"{out} exists; pass --force to overwrite it")
        if out.is_dir():
            raise UsageError(f"{out} is a directory, not a file")
        if not out.parent.is_dir():
            raise UsageError(f"directory {out.parent} does not exist")
    try:
        board = generate_island(
            args.width, args.height, args.regions, args.seed,
            mountain_share=args.mountains, prisons=args.prisons,
            reveal_turn=args.reveal, free_turn=args.free, islets=args.islets,
        )
    except GeneratorError as exc:
        raise UsageError(str(exc)) from None
    if out is None:
        sys.stdout.write(format_map(board))
        return 0
    try:
        write_map(board, out, overwrite=args.force)
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(
        f"wrote {out}: {board.width}x{board.height}, {board.n_regions} regions (sea included), "
        f"{len(board.prisons)} prisons, {int(board.mountain.sum())} mountain tiles, "
        f"treasure at {board.treasure}, r={board.reveal_turn}, f={board.free_turn}"
    )
    return 0
