"""`run.py render-map`: a map file as a PNG, headless, for looking at islands by eye."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.cli import UsageError, output_file

from .common import load_map

HELP = "render a map file to a PNG (regions, mountains, prisons, treasure); needs no display"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("map", metavar="MAPFILE", help="a MAPx.txt file")
    p.add_argument("-o", "--output", required=True, metavar="PNG",
                   help="image file to write (an existing one only with --force)")
    p.add_argument("--tile", type=int, default=None, metavar="N",
                   help="pixels per tile, 1..64 (default: fits the image in about 1500 pixels)")
    p.add_argument("--force", action="store_true", help="overwrite --output if it exists (as generate --force)")


def run(args: argparse.Namespace) -> int:
    if args.tile is not None and not 1 <= args.tile <= 64:
        raise UsageError(f"--tile must be between 1 and 64, not {args.tile}")
    out = Path(args.output)
    if out.suffix.lower() != ".png":
        raise UsageError(f"the output must be a .png file, not {out.name!r}")
    out = output_file(args.output, "-o", overwrite=args.force)  # refused now, before the drawing
    board, path = load_map(args.map)
    from game.arcade import offscreen  # pygame only for good input, and never a window
    from game.treasure.arcade.preview import default_tile, render_board

    offscreen.init()
    tile = args.tile or default_tile(board)
    try:
        _save(render_board(board, tile), out, args.force)
    except FileExistsError:
        raise UsageError(f"-o {out}: the file exists; pass --force to overwrite it") from None
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc.strerror or exc}") from None
    print(f"wrote {out}: {path} at {tile} px per tile ({board.width * tile}x{board.height * tile})")
    return 0


def _save(surface, out: Path, overwrite: bool) -> None:
    """``surface`` as a PNG at ``out``, whole or not at all: written beside it under a fresh name,
    then moved into place (without ``overwrite``, only if no file has taken the name since)."""
    import os
    import tempfile

    from game.arcade import offscreen
    from game.files import make_ordinary, move_into_place

    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".png", dir=out.parent)
    os.close(fd)
    try:
        offscreen.save_png(surface, tmp)  # OSError with pygame's reason if it cannot be written
        make_ordinary(tmp)
        move_into_place(tmp, out, overwrite=overwrite)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
