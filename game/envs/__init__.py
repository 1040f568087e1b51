"""Every game as a standard reinforcement-learning environment (docs/RL.md).

* ``TreasureIsland-v0``: Gymnasium, registered when this package is imported
  (``gymnasium.make("TreasureIsland-v0")`` after ``import game.envs``, or
  ``gymnasium.make("game.envs:TreasureIsland-v0")`` which imports it for you);
* ``game.envs.duel_v0``: the Treasure Duel as a PettingZoo AEC environment (``env()``,
  ``raw_env``);
* ``game.envs.scotland_yard_v0``: Scotland Yard as a PettingZoo AEC environment (``env()``,
  ``raw_env``).

Both PettingZoo environments are also in PettingZoo's registry (1.27 and later) once this
package is imported: ``pettingzoo.make("aec", "duel_v0")``, ``pettingzoo.make("aec",
"scotland_yard_v0")``; the plain ``env()`` factories work with any PettingZoo version.

Nothing here imports pygame: rendering loads the arcade's renderer (``game.envs.arcade``) on
the first ``render()`` call. Our agents as policies are in :mod:`game.envs.policies`, a trained
policy as an agent in :mod:`game.envs.agents`.
"""

from __future__ import annotations

import gymnasium
import pettingzoo

TREASURE_ISLAND_ID = "TreasureIsland-v0"
PETTINGZOO_IDS = {"duel_v0": "game.envs.duel_v0:env", "scotland_yard_v0": "game.envs.scotland_yard_v0:env"}

if TREASURE_ISLAND_ID not in gymnasium.registry:
    gymnasium.register(id=TREASURE_ISLAND_ID, entry_point="game.envs.treasure:TreasureIslandEnv")

if hasattr(pettingzoo, "register"):  # PettingZoo's registry is new in 1.27
    for _id, _entry in PETTINGZOO_IDS.items():
        if _id not in pettingzoo.aec_registry:
            pettingzoo.register("aec", _id, entry_point=_entry)

__all__ = ["TREASURE_ISLAND_ID", "PETTINGZOO_IDS"]
