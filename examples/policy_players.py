"""Policies as our agents, bots and AIs: what a trained policy looks like to the bench and the arcade.

Each ``*_policy`` function below stands in for a trained network: it gets an environment's
observation and mask and returns an action index (here by a simple rule, so the example runs
without a deep-learning library). The classes wrap them for the project's dotted-path loaders::

    python run.py play --headless --map maps/island16.txt --seed 1 --agent examples.policy_players:TreasurePolicyAgent
    python run.py --agent examples.policy_players:TreasurePolicyAgent          # watch it in the arcade
    python run.py bench --agents default,examples.policy_players:TreasurePolicyAgent --maps maps/island32.txt --games 50
    python run.py duel play --map MAP --a examples.policy_players:DuelPolicyBot --b random
    python run.py sy play --mrx examples.policy_players:SYPolicyMrX --detectives examples.policy_players:SYPolicyDetectives

Replace the function by your model's ``predict`` (see docs/RL.md).
"""

from __future__ import annotations

import numpy as np

from game.envs.agents import policy_agent, policy_bot, policy_detectives, policy_mrx


def treasure_policy(observation, mask) -> int:
    """Large scan when the 5x5 square around the agent holds a possible tile, else the first
    valid move (the teleport block is left alone)."""
    agent = np.argwhere(observation["agent"])[0]
    r0, c0 = max(agent[0] - 2, 0), max(agent[1] - 2, 0)
    if mask[0] and observation["possible"][r0:agent[0] + 3, c0:agent[1] + 3].any():
        return 0
    moves = np.flatnonzero(mask[1:17]) + 1
    return int(moves[0]) if moves.size else int(np.flatnonzero(mask)[0])


def duel_policy(observation, mask) -> int:
    """The first legal move clockwise from UP (index 0 when boxed in: any move loses then)."""
    legal = np.flatnonzero(mask)
    return int(legal[0]) if legal.size else 0


def scotland_yard_policy(observation, mask) -> int:
    """The last valid index: Mr X prefers the highest-numbered station by secret ticket."""
    return int(np.flatnonzero(mask)[-1])


TreasurePolicyAgent = policy_agent("examples.policy_players:treasure_policy", name="example-policy")
DuelPolicyBot = policy_bot("examples.policy_players:duel_policy", name="example-policy")
SYPolicyMrX = policy_mrx("examples.policy_players:scotland_yard_policy", name="example-policy")
SYPolicyDetectives = policy_detectives("examples.policy_players:scotland_yard_policy", name="example-policy")
