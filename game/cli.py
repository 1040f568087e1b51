"""Command-line entry point behind ``run.py``.

Each subcommand lives in its own module under ``game.commands`` and exposes ``HELP`` (one line),
``add_arguments(parser)`` and ``run(args) -> int``. The names and options of the commands named
in the issues are a contract: keep them, add new ones beside them.

Exit status: 0 for a finished job, 2 with a one-line message on stderr for bad input. A
``--seed``, in every command, is a whole number >= 0 (numpy's generators take no other).

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


def new_record_path(text: str | None, option: str = "--record"):
    """The file a ``--record`` option names, checked before any game is played: a record is
    never written over an existing file, and its folder must exist. None without the option."""
    from game.files import output_path

    if not text:
        return None
    path = output_path(text, option, UsageError)
    if path.exists():
        raise UsageError(f"{option} {path}: the file exists; a record is never overwritten")
    return path


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
