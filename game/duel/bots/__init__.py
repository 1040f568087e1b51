"""Treasure Duel bots, chosen by name or by a dotted path to a user's own class.

``make_bot("default")``, ``make_bot("greedy", seed=3)``, or a class of your own:
``make_bot("mypackage.mybot:MyBot")`` (or ``mypackage.mybot.MyBot``). A bot is a
:class:`game.duel.protocol.Bot`: built with ``(seed, move_time)``, it answers
``act(observation)`` with a :class:`~game.duel.protocol.Decision` or a move string.

Modules are imported only when a bot is made, so ``run.py duel bot`` loads just what it plays.
Nothing here imports pygame.
"""

from __future__ import annotations

import importlib.util

from game.duel.protocol import Bot

# name -> "module:Class"; `default` is the strongest bot we have.
REGISTRY: dict[str, str] = {
    "default": "game.duel.bots.default:DefaultBot",
    "greedy": "game.duel.bots.greedy:GreedyBot",
    "mirror": "game.duel.bots.mirror:MirrorBot",
    "walker": "game.duel.bots.simple:WalkerBot",
    "random": "game.duel.bots.simple:RandomBot",
    # Sparring partners for the bench and the tests (not baselines of the issue).
    "trapper": "game.duel.bots.sparring:TrapperBot",
    "collector": "game.duel.bots.sparring:CollectorBot",
    "hunter": "game.duel.bots.sparring:HunterBot",
    "searcher": "game.duel.bots.sparring:SearcherBot",
    "montecarlo": "game.duel.bots.sparring:MonteCarloBot",
}


class BotNotFound(ValueError):
    """An unknown bot name, or a dotted path that does not lead to a bot class."""


def available_bots() -> list[str]:
    """Registered names whose module exists, in registry order."""
    names = []
    for name, target in REGISTRY.items():
        module_name = target.partition(":")[0]
        try:
            found = importlib.util.find_spec(module_name) is not None
        except ModuleNotFoundError:
            found = False
        if found:
            names.append(name)
    return names


def bot_class(spec: str) -> type:
    """The class a name (``greedy``), a dotted path (``pkg.mod:Cls``, ``pkg.mod.Cls``) or a file
    (``path/to/file.py:Cls``) names. A function ``policy(observation, mask)`` there is a trained
    ``duel_v0`` policy, played through :mod:`game.envs.agents` (the ``rl`` extra)."""
    from game.registry import is_policy_function, load_target

    target = REGISTRY.get(spec, spec)
    if ":" not in target and "." not in target:
        known = ", ".join(available_bots())
        raise BotNotFound(f"unknown bot {spec!r}: use one of {known}, or a class of your own as module:Class "
                          f"(or path/to/file.py:Class)")
    try:
        cls = load_target(target)
    except Exception as exc:  # noqa: BLE001 - a user's module may fail in any way while loading
        known = ", ".join(available_bots())
        source = f" from {target!r}" if target != spec else ""  # a path is named once
        raise BotNotFound(f"cannot load bot {spec!r}{source}: {type(exc).__name__}: {exc} "
                          f"(built-in bots: {known})") from None
    if is_policy_function(cls):
        try:
            from game.envs.agents import policy_bot
        except ImportError as exc:
            raise BotNotFound(f"{target!r} is a policy function: it needs the rl extra ({exc})") from None
        return policy_bot(target, name=target.rpartition(":")[2] or "policy")
    if not (isinstance(cls, type) and callable(getattr(cls, "act", None))):
        raise BotNotFound(f"{target!r} is not a bot class (it needs an act(observation) method)")
    return cls


def make_bot(spec: str, seed: int = 0, move_time: float = 0.3) -> Bot:
    """A fresh bot for one game and side."""
    cls = bot_class(spec)
    try:
        return cls(seed=seed, move_time=move_time)
    except TypeError:
        return cls(seed=seed)  # a user's class that takes no budget


__all__ = ["REGISTRY", "BotNotFound", "available_bots", "bot_class", "make_bot"]
