"""Agents: they see only an Observation and return actions. Nothing here imports pygame.

Agents are chosen by name (``--agent NAME``) or by a dotted path to a user's own class
(``--agent mypackage.module:MyAgent`` or ``mypackage.module.MyAgent``).
"""

from __future__ import annotations

import importlib.util

from .base import Agent, Decision, RandomValidAgent, valid_actions

# name -> "module:Class"; `default` is the strongest agent we have.
REGISTRY: dict[str, str] = {
    "default": "game.treasure.agents.logical:LogicalAgent",
    "greedy": "game.treasure.agents.greedy:GreedyAgent",
    "random": "game.treasure.agents.randomwalk:RandomAgent",
    "random-valid": "game.treasure.agents.base:RandomValidAgent",
}


class AgentNotFound(ValueError):
    pass


def agent_class(name: str) -> type[Agent]:
    """An agent class by name, by dotted path (``module:Class``, ``module.Class``) or from a
    file (``path/to/file.py:Class``). A *function* there is taken as a trained policy
    ``policy(observation, mask) -> action index`` on ``TreasureIsland-v0`` and played through
    :class:`game.envs.agents.PolicyAgent` (the ``rl`` extra)."""
    from game.registry import is_policy_function, load_target

    target = REGISTRY.get(name, name)
    if ":" not in target and "." not in target:
        known = ", ".join(sorted(available_agents()))
        raise AgentNotFound(f"unknown agent {name!r}: use one of {known}, a dotted path module:Class "
                            f"or a file path/to/file.py:Class")
    try:
        cls = load_target(target)
    except Exception as exc:  # noqa: BLE001 - a user's module may fail in any way while loading
        source = f" from {target!r}" if target != name else ""  # a path is named once
        raise AgentNotFound(f"cannot load agent {name!r}{source}: {type(exc).__name__}: {exc}") from None
    if is_policy_function(cls):
        try:
            from game.envs.agents import policy_agent
        except ImportError as exc:
            raise AgentNotFound(f"{target!r} is a function: a policy needs the rl extra "
                                f"(pip install -e '.[rl]'): {exc}") from None
        return policy_agent(target, name=target.rpartition(":")[2] or "policy")
    if not (isinstance(cls, type) and callable(getattr(cls, "act", None))):
        raise AgentNotFound(f"{target!r} is not an agent class (it needs an act(observation) method)")
    return cls


def make_agent(name: str, seed: int = 0) -> Agent:
    return agent_class(name)(seed=seed)


def available_agents() -> list[str]:
    names = []
    for name, target in REGISTRY.items():
        module_name = target.partition(":")[0]
        if importlib.util.find_spec(module_name) is not None:
            names.append(name)
    return names


__all__ = ["Agent", "Decision", "RandomValidAgent", "valid_actions", "REGISTRY", "agent_class", "make_agent",
           "available_agents", "AgentNotFound"]
