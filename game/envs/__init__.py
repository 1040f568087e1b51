"""Every game as a standard reinforcement-learning environment (docs/RL.md).

* ``TreasureIsland-v0``: Gymnasium, registered when this package is imported
  (``gymnasium.make("TreasureIsland-v0")`` after ``import game.envs``, or
  ``gymnasium.make("game.envs:TreasureIsland-v0")`` which imports it for you);
* ``game.envs.duel_v0``: the Treasure Duel as a PettingZoo AEC environment (``env()``,
  ``raw_env``, ``parallel_env()``);
* ``game.envs.scotland_yard_v0``: Scotland Yard as a PettingZoo AEC environment.

Nothing here imports pygame: rendering loads the arcade's renderer (``game.envs.arcade``) on
the first ``render()`` call. Our agents as policies are in :mod:`game.envs.policies`, a trained
policy as an agent in :mod:`game.envs.agents`.
"""

from __future__ import annotations

import gymnasium

TREASURE_ISLAND_ID = "TreasureIsland-v0"

if TREASURE_ISLAND_ID not in gymnasium.registry:
    gymnasium.register(id=TREASURE_ISLAND_ID, entry_point="game.envs.treasure:TreasureIslandEnv")

__all__ = ["TREASURE_ISLAND_ID"]
