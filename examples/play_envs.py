"""A random policy and our own agents through each environment, with the win rates.

    python examples/play_envs.py [--games 20] [--seed 0]

Needs only the project (gymnasium and pettingzoo: ``pip install -e ".[rl]"``), no deep-learning
library. Each environment is driven the way a training loop drives it: observation and mask in,
action index out, through ``policy(observation, mask) -> int``. A trained policy plugs in the
same way (see docs/RL.md).
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gymnasium as gym  # noqa: E402

import game.envs  # noqa: E402,F401 - registers TreasureIsland-v0
from game.envs import duel_v0, scotland_yard_v0  # noqa: E402
from game.envs.policies import duel_policy, random_policy, scotland_yard_policy, treasure_policy  # noqa: E402


def treasure_island(games: int, seed: int, map_path: str) -> list[tuple[str, float]]:
    env = gym.make("TreasureIsland-v0", map=map_path)
    rows = []
    for name, make in (("random policy", lambda s: random_policy(s)),
                       ("our default agent", lambda s: treasure_policy("default", s, env=env))):
        wins = 0
        for k in range(games):
            policy = make(seed + k)
            obs, info = env.reset(seed=seed + k)
            while True:
                obs, reward, terminated, truncated, info = env.step(policy(obs, info["action_mask"]))
                if terminated or truncated:
                    wins += info["outcome"] == "WIN"
                    break
        rows.append((name, wins / games))
    env.close()
    return rows


def play_aec(env, policies: dict, seed: int) -> dict:
    """One game; returns the last info of every agent."""
    env.reset(seed=seed)
    infos = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            infos[agent] = info
            env.step(None)
            continue
        env.step(policies[agent](obs["observation"], obs["action_mask"]))
    return infos


def first_available(names, check) -> str:
    for name in names:
        try:
            check(name)
            return name
        except Exception:  # noqa: BLE001 - a bot not built yet: try the next
            continue
    raise RuntimeError(f"none of {names} is available")


def duel(games: int, seed: int, rounds: int = 200) -> list[tuple[str, float]]:
    from game.duel.bots import bot_class

    bot = first_available(["default", "greedy", "walker"], bot_class)
    env = duel_v0.env(config={"rounds": rounds})
    rows = []
    for label, seats in ((f"random policy (A) vs our {bot} (B)", ("random", bot)),
                         (f"our {bot} (A) vs random policy (B)", (bot, "random"))):
        wins = 0
        for k in range(games):
            policies = {side: random_policy(seed + k) if who == "random" else duel_policy(who, seed + k, 0.02)
                        for side, who in zip("AB", seats)}
            infos = play_aec(env, policies, seed + k)
            wins += infos["A"]["winner"] == "A Win"
        rows.append((f"{label}: A wins", wins / games))
    env.close()
    return rows


def scotland_yard(games: int, seed: int) -> list[tuple[str, float]]:
    from game.scotlandyard.ai import make_detectives, make_mrx

    detectives = first_available(["chaser", "greedy", "random"], lambda n: make_detectives(n, move_time=0.01))
    mrx = first_available(["minimax", "random"], lambda n: make_mrx(n, move_time=0.01))
    env = scotland_yard_v0.env()
    base = env.unwrapped
    rows = []
    for label, (x, d) in ((f"random policy Mr X vs our {detectives} detectives", ("random-policy", detectives)),
                          (f"our {mrx} Mr X vs random policy detectives", (mrx, "random-policy"))):
        wins = 0
        for k in range(games):
            s = seed + k
            team = random_policy(s) if d == "random-policy" else scotland_yard_policy("detectives", d, s, env=base,
                                                                                      move_time=0.01)
            policies = {a: team for a in base.possible_agents[1:]}
            policies["mrx"] = random_policy(s) if x == "random-policy" else scotland_yard_policy("mrx", x, s, env=base,
                                                                                               move_time=0.01)
            infos = play_aec(env, policies, s)
            wins += infos["mrx"]["winner"] == "mrx"
        rows.append((f"{label}: Mr X wins", wins / games))
    env.close()
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per line (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--map", default=str(ROOT / "maps" / "island32.txt"), help="Treasure Island map")
    parser.add_argument("--duel-rounds", type=int, default=200, help="rounds of a duel game (default 200)")
    args = parser.parse_args()
    warnings.simplefilter("ignore")  # PettingZoo's deprecation notes are not about this script
    sections = (("TreasureIsland-v0", lambda: treasure_island(args.games, args.seed, args.map)),
                ("duel_v0", lambda: duel(args.games, args.seed, args.duel_rounds)),
                ("scotland_yard_v0", lambda: scotland_yard(args.games, args.seed)))
    for title, run in sections:
        print(f"{title} ({args.games} games each)")
        for label, rate in run():
            print(f"  {label:62} {rate:6.1%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
