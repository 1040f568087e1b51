"""Old path of :mod:`game.treasure.agents.base`, kept for users' agents that subclass
``game.agents.base.Agent`` (see :mod:`game.agents`)."""

from game.treasure.agents.base import *  # noqa: F401,F403
from game.treasure.agents.base import Agent, Decision, RandomValidAgent, valid_actions  # noqa: F401
