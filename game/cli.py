"""Command-line entry point behind ``run.py``.

Each subcommand lives in its own module under ``game.commands`` and exposes ``HELP`` (one line),
``add_arguments(parser)`` and ``run(args) -> int``. The names and options of the commands named
in the issues are a contract: keep them, add new ones beside them.

Exit status: 0 for a finished job, 2 with a one-line message on stderr for bad input. A
``--seed``, in every command, is a whole number from 0 to 2**64 - 1 (numpy's generators take no
negative one, and a replay stores no larger one); a bench's seeds, ``--seed`` to ``--seed`` plus
``--games``, stay at most 2**63 - 1 (its results database stores no larger one).

Command modules never import pygame: what draws lives in ``game.arcade`` (``app.run_in_window``,
``offscreen``), and the drawing commands (the arcade, ``replay``, ``screenshot``, ``bench-frames``)
import it inside their functions. Every command module is imported to build ``--help``, so a
top-level import would load pygame (and its banner) for ``bench``, ``generate`` and the rest, and
``screenshot`` must set ``SDL_VIDEODRIVER`` before pygame is first imported.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# name -> module; order is the order shown in --help.
COMMANDS: dict[str, str] = {
    "play": "game.commands.play",
    "bench-engine": "game.commands.bench_engine",
    "generate": "game.commands.generate",
    "bench-generate": "game.commands.bench_generate",
    "render-map": "game.commands.render_map",
    "bench": "game.commands.bench",
    "screenshot": "game.commands.screenshot",
    "bench-frames": "game.commands.bench_frames",
    "replay": "game.commands.replay",
    "bench-replay": "game.commands.bench_replay",
    "ratings": "game.commands.ratings",
}

DEFAULT = "game.commands.arcade"  # what a bare `python run.py` runs


class UsageError(Exception):
    """Bad input from the user: printed as one line on stderr, exit status 2."""


class HelpShown(Exception):
    """The user asked for a list (``--rules help``): printed on stdout, exit status 0."""


MAX_SEED = 2**64 - 1  # the largest seed a replay stores (game.treasure.replay.document.MAX_SEED)
MAX_SECONDS = 86_400.0  # a time option's upper bound: a day (as --agent-time's)


def cannot_write_in(folder) -> str | None:
    """Why no file can be made in ``folder`` (e.g. "Permission denied"), or None if one can: a
    file is made there and removed at once, which is the only test that also holds for root, for
    read-only file systems and for access control lists."""
    import os
    import tempfile

    try:
        fd, name = tempfile.mkstemp(prefix=".write-check-", suffix=".tmp", dir=folder)
    except OSError as exc:
        return exc.strerror or str(exc)
    os.close(fd)
    try:
        os.unlink(name)
    except OSError:
        pass
    return None


def output_file(text: str, option: str, *, overwrite: bool = True,
                exists: str = "pass --force to overwrite it"):
    """The file an option names that the command writes at its end, checked before the work: it
    is not a folder, its folder is there (and is a folder) and a file can be written in it, and,
    unless ``overwrite``, no file has its name yet (``exists`` says what to do then). UsageError,
    one line naming the option, otherwise."""
    from pathlib import Path

    path = Path(text)
    if path.is_dir():
        raise UsageError(f"{option} {path}: is a folder, expected a file name")
    parent = path.parent
    if not parent.is_dir():
        there = parent
        while not there.exists() and there != there.parent:
            there = there.parent
        if there.exists() and not there.is_dir():
            raise UsageError(f"{option} {path}: {there} is a file, not a folder")
        raise UsageError(f"{option} {path}: the folder {parent} does not exist")
    if not overwrite and (path.exists() or path.is_symlink()):
        raise UsageError(f"{option} {path}: the file exists; {exists}")
    why = cannot_write_in(parent)
    if why is not None:
        raise UsageError(f"{option} {path}: cannot write in the folder {parent} ({why})")
    return path


def new_record_path(text: str | None, option: str = "--record"):
    """The file a ``--record`` option names, checked before any game is played: a record is
    never written over an existing file, and its folder must exist and take a new file. None
    without the option."""
    if not text:
        return None
    return output_file(text, option, overwrite=False, exists="a record is never overwritten")


MAX_STORED_SEED = 2**63 - 1  # the results database keeps a seed as an SQLite integer


def bench_seeds(seed: int, games: int) -> None:
    """A bench plays seeds ``seed`` to ``seed + games`` (the duel gives B one more) and stores each
    in the results database, whose integers stop at 2**63 - 1: UsageError, before any game, for
    a range that goes past it."""
    if seed + games > MAX_STORED_SEED:
        raise UsageError(f"--seed {seed} with --games {games}: a bench's seeds (seed to seed + games) must "
                         f"stay at most 2**63 - 1, the largest the results database stores")


def positive_seconds(value, option: str, most: float = MAX_SECONDS) -> float:
    """A time option's value (``--move-time``, ``--time-limit``): a finite number of seconds above
    0 and at most ``most``; UsageError otherwise (NaN, infinity, 0 and negative numbers)."""
    import math

    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not 0 < value <= most:
        raise UsageError(f"{option} must be positive and finite, at most {most:g} seconds, not {value}")
    return float(value)


def _load(module_name: str):
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module_name + ".").startswith(exc.name + "."):
            return None  # command (or its package) not built yet
        raise


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, object]]:
    parser = argparse.ArgumentParser(
        prog="run.py",
        description="Treasure Island Arcade. Without a command, opens the arcade.",
    )
    default = _load(DEFAULT)
    if default is not None:
        default.add_arguments(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    modules: dict[str, object] = {}
    for name, module_name in COMMANDS.items():
        module = _load(module_name)
        if module is None:
            continue
        modules[name] = module
        p = sub.add_parser(name, help=_help(module), description=module.HELP.replace("%%", "%"))
        module.add_arguments(p)
    for info in _game_groups():
        group = sub.add_parser(info.cli_group, help=f"{info.title}: `run.py {info.cli_group} --help` lists its commands",
                               description=f"{info.title}: {info.summary}")
        group_sub = group.add_subparsers(dest="group_command", metavar="COMMAND")
        group_modules: dict[str, object] = {}
        for name, module_name in info.commands.items():
            module = _load(module_name)
            if module is None:
                continue
            group_modules[name] = module
            p = group_sub.add_parser(name, help=_help(module), description=module.HELP.replace("%%", "%"))
            module.add_arguments(p)
        modules[info.cli_group] = (group, group_modules)
    if default is not None:
        modules[None] = default  # type: ignore[index]
    return parser, modules


def _help(module) -> str:
    """A command's one-line help for argparse, which reads ``%`` as a format code: a HELP that
    says "95%" must not crash ``--help``."""
    return module.HELP.replace("%%", "%").replace("%", "%%")


def _game_groups():
    """The games whose commands live under their own word (`run.py duel ...`, `run.py sy ...`)."""
    from game.registry import games

    return [info for info in games() if info.cli_group]


def _direct_group_command(argv: list[str]):
    """`run.py GROUP COMMAND ...` with a known group and command: (parser, module) built for that
    command alone, so that a command that must start fast (`run.py duel bot`, which a judge runs
    once per move) does not import every other command to build the full --help."""
    if len(argv) < 2 or argv[0].startswith("-") or argv[1].startswith("-"):
        return None
    for info in _game_groups():
        if info.cli_group == argv[0] and argv[1] in info.commands:
            module = _load(info.commands[argv[1]])
            if module is None:
                return None
            parser = argparse.ArgumentParser(prog=f"run.py {argv[0]} {argv[1]}",
                                             description=module.HELP.replace("%%", "%"))
            module.add_arguments(parser)
            return parser, module
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    direct = _direct_group_command(argv)
    if direct is not None:
        parser, module = direct
        args = parser.parse_args(argv[2:])
        return _run(module, args)
    parser, modules = build_parser()
    args = parser.parse_args(argv)
    module = modules.get(args.command)
    if isinstance(module, tuple):  # a game's group: `run.py duel play ...`
        group, group_modules = module
        module = group_modules.get(getattr(args, "group_command", None))
        if module is None:
            group.print_help()
            return 2
    if module is None:
        parser.print_help()
        return 2
    return _run(module, args)


def _run(module, args) -> int:
    try:
        seed = getattr(args, "seed", None)
        if isinstance(seed, int) and seed < 0:  # one rule for every command's --seed
            raise UsageError(f"--seed must be >= 0, not {seed}")
        if isinstance(seed, int) and seed > MAX_SEED:  # what a replay cannot store is refused now
            shown = str(seed) if len(str(seed)) <= 40 else f"a number of {len(str(seed))} digits"
            raise UsageError(f"--seed must be at most 2**64 - 1 (the largest seed a replay stores), not {shown}")
        return int(module.run(args) or 0)
    except HelpShown as shown:
        print(shown)
        return 0
    except UsageError as exc:
        print(f"run.py: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
