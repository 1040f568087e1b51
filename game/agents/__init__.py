"""Agents: they see only an Observation and return actions. Nothing here imports pygame.

Agents are chosen by name (``--agent NAME``) or by a dotted path to a user's own class
(``--agent mypackage.module:MyAgent`` or ``mypackage.module.MyAgent``).
"""

from __future__ import annotations

import importlib
import importlib.util

from .base import Agent, Decision, RandomValidAgent, valid_actions

# name -> "module:Class"; `default` is the strongest agent we have.
REGISTRY: dict[str, str] = {
    "default": "game.agents.logical:LogicalAgent",
    "greedy": "game.agents.greedy:GreedyAgent",
    "random": "game.agents.randomwalk:RandomAgent",
    "random-valid": "game.agents.base:RandomValidAgent",
}


class AgentNotFound(ValueError):
    pass


def agent_class(name: str) -> type[Agent]:
    target = REGISTRY.get(name, name)
    if ":" in target:
        module_name, _, attr = target.partition(":")
    elif "." in target:
        module_name, _, attr = target.rpartition(".")
    else:
        known = ", ".join(sorted(available_agents()))
        raise AgentNotFound(f"unknown agent {name!r}: use one of {known} or a dotted path module:Class")
    try:
        module = importlib.import_module(module_name)
        cls = getattr(module, attr)
    except (ImportError, AttributeError) as exc:
        raise AgentNotFound(f"cannot load agent {name!r} from {target!r}: {exc}") from None
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
