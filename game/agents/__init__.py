"""Old home of Treasure Island's agents, now :mod:`game.treasure.agents`.

Kept only so that users' own agents written against the old path (``from game.agents.base
import Agent``, as the README documented) keep working; the project itself imports
:mod:`game.treasure.agents`. Nothing else lives here.
"""

from game.treasure.agents import *  # noqa: F401,F403
from game.treasure.agents import __all__  # noqa: F401
