"""The one list of games. No pygame: `run.py`, the title screen, the replay browser, the
tournament runner and the tests read it.

Each game package has an ``info`` module defining ``GAME``, a :class:`GameInfo`. Adding a game is
a new package under ``game/`` plus one line in :data:`GAME_MODULES`. Everything a record names by
``"module:attr"`` string is imported only when it is needed, so listing the games is cheap and
never loads pygame.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass, field

# The index of games, in the order the title screen shows them.
GAME_MODULES: tuple[str, ...] = (
    "game.treasure.info",
    "game.duel.info",
    "game.scotlandyard.info",
)


@dataclass(frozen=True)
class GameInfo:
    """What the rest of the project needs to know of one game.

    ``cli_group`` is the word after ``run.py`` for this game's commands (``duel`` for
    ``run.py duel play``); ``None`` puts them at the top level (Treasure Island's, kept where they
    always were). ``commands`` maps a command name to a module with ``HELP``,
    ``add_arguments(parser)`` and ``run(args) -> int``, like ``game.commands``.

    ``seats`` names the seats of a game in the order its jobs list their players (Treasure
    Island's one agent; the duel's A and B; Mr X and the detectives); ``symmetric`` says a player
    is the same player in every seat (the duel), so that ratings pool its games on both sides.

    ``pure_packages`` are the packages that must never import pygame (rules, agents, bots, AI);
    ``arcade`` and ``replay_codec`` are ``"module:attr"`` strings the arcade imports when it shows
    the game (``None`` until the game has them).
    """

    id: str
    title: str
    summary: str
    cli_group: str | None = None
    commands: dict[str, str] = field(default_factory=dict)
    seats: tuple[str, ...] = ("player",)
    symmetric: bool = False
    pure_packages: tuple[str, ...] = ()
    arcade: str | None = None
    replay_codec: str | None = None


def _load(module_name: str):
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module_name + ".").startswith(exc.name + "."):
            return None  # a game not built yet
        raise


def games() -> list[GameInfo]:
    """Every game that is present, in the index's order."""
    out = []
    for name in GAME_MODULES:
        module = _load(name)
        if module is not None:
            out.append(module.GAME)
    return out


def game(game_id: str) -> GameInfo:
    for info in games():
        if info.id == game_id:
            return info
    known = ", ".join(g.id for g in games())
    raise KeyError(f"unknown game {game_id!r}: one of {known}")


def resolve(target: str):
    """Import ``"package.module:attr"`` and return the attribute."""
    module_name, _, attr = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


def load_target(target: str):
    """A user's player, by ``"package.module:attr"``, ``"package.module.attr"`` or a file:
    ``"path/to/policy.py:attr"`` (a trained policy saved beside its script needs no package).

    Raises ``ImportError`` or ``AttributeError`` naming what could not be loaded.
    """
    import sys
    from pathlib import Path

    path, colon, attr = target.rpartition(":")
    if colon and path.endswith(".py"):
        file = Path(path).expanduser().resolve()
        if not file.is_file():
            raise ImportError(f"no such file: {path}")
        import hashlib  # only for a file: `run.py duel bot`, started every move, never needs it

        name = "_user_" + hashlib.sha256(str(file).encode()).hexdigest()[:12] + "_" + file.stem
        module = sys.modules.get(name)
        if module is None:
            spec = importlib.util.spec_from_file_location(name, file)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot load {path} as Python")
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            try:
                spec.loader.exec_module(module)
            except BaseException:
                del sys.modules[name]
                raise
        if not hasattr(module, attr):
            raise AttributeError(f"{path} has no {attr!r}")
        return getattr(module, attr)
    if colon:
        module_name = path
    else:
        module_name, _, attr = target.rpartition(".")
    if not module_name or not attr:
        raise ImportError(f"{target!r} is not module:name, module.name or file.py:name")
    module = importlib.import_module(module_name)
    if not hasattr(module, attr):
        raise AttributeError(f"module {module_name!r} has no {attr!r}")
    return getattr(module, attr)


def is_policy_function(obj) -> bool:
    """A trained policy: a function of two positional arguments, ``policy(observation, mask)``
    returning an action index (what ``game.envs.agents`` wraps as a player of any game)."""
    import inspect

    if isinstance(obj, type) or not callable(obj):
        return False
    try:
        params = list(inspect.signature(obj).parameters.values())
    except (TypeError, ValueError):
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = [p for p in positional if p.default is p.empty]
    return len(positional) >= 2 and len(required) == 2
