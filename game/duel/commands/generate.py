"""`run.py duel generate`: a fresh point-symmetric duel map (the same bytes for the same arguments)."""

from __future__ import annotations

import argparse
import sys

from game.cli import UsageError, output_file

from ..config import MAX_SIDE, MIN_SIDE
from ..generator import generate_board, scaled_shares
from ..mapfile import format_map, write_map

HELP = "generate a point-symmetric duel map (A top-left, B bottom-right, every item reachable by both)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rows", type=int, required=True, metavar="M", help=f"{MIN_SIDE}..{MAX_SIDE}")
    p.add_argument("--cols", type=int, required=True, metavar="N", help=f"{MIN_SIDE}..{MAX_SIDE}")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--walls", type=float, metavar="SHARE",
                   help="share of walls before cut-off parts are opened (default: the course's 20x20 map, 0.357)")
    p.add_argument("--items", type=float, metavar="SHARE",
                   help="share of items, in the course's proportions (default: the course's 20x20 map, 0.417)")
    p.add_argument("-o", "--output", metavar="PATH",
                   help="write the map here (default: standard output); an existing file only with --force")
    p.add_argument("--force", action="store_true", help="overwrite --output if it exists")


def run(args: argparse.Namespace) -> int:
    for name in ("rows", "cols"):
        value = getattr(args, name)
        if not MIN_SIDE <= value <= MAX_SIDE:
            raise UsageError(f"--{name} must be {MIN_SIDE}..{MAX_SIDE}, not {value}")
    for name in ("walls", "items"):
        value = getattr(args, name)
        if value is not None and not 0 <= value <= 1:
            raise UsageError(f"--{name} must be a share between 0 and 1, not {value}")
    shares = scaled_shares(args.walls, args.items)
    if sum(shares.values()) > 1 + 1e-9:
        raise UsageError(f"walls and items take more than the whole board ({sum(shares.values()):.3f})")
    if args.output:  # refused before the work, as Treasure Island's generate does
        output_file(args.output, "-o", overwrite=args.force)
    board = generate_board(args.rows, args.cols, args.seed, shares)
    if args.output:
        try:
            write_map(board, args.output)
        except OSError as exc:
            raise UsageError(f"-o {args.output}: {exc.strerror}") from None
        print(f"wrote {args.output}: {board.rows}x{board.cols}, {int(board.walls.sum())} walls, "
              f"{board.item_count} items")
    else:
        sys.stdout.write(format_map(board))
    return 0
