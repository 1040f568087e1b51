"""Environment speed: steps per second with random policies, against the rules engine driven
directly by the same random choices (what an agent loop must do anyway: ask for the legal moves,
pick one, apply it, read the public view).

    python examples/bench_envs.py [--seconds 3] [--map maps/island32.txt]

Prints one line per environment: env steps/s, engine steps/s and the ratio (cost of the
environment / cost of the engine). The environment and the engine play the same seeds, game by
game in turn, so a change in the machine's load affects both. Not a test: timings are never
asserted.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def timed(env_game, engine_game, seconds: float) -> tuple[float, float]:
    """Steps per second of the environment and of the engine, over whole games played for about
    ``seconds`` each. The two play the same seeds in turn (game 0 in the environment, game 0 in
    the engine, game 1 ...), so a machine whose load changes during the run slows both alike and
    the ratio stays comparable from run to run."""
    steps, spent, game = [0, 0], [0.0, 0.0], 0
    while min(spent) < seconds:
        for side, run_one_game in enumerate((env_game, engine_game)):
            started = time.perf_counter()
            steps[side] += run_one_game(game)
            spent[side] += time.perf_counter() - started
        game += 1
    return steps[0] / spent[0], steps[1] / spent[1]


# --- Treasure Island ----------------------------------------------------------------------------
def treasure(map_path: str, seconds: float) -> tuple[float, float]:
    from game.treasure.agents.base import valid_actions
    from game.envs.treasure import TreasureIslandEnv
    from game.treasure.actions import Teleport
    from game.treasure.engine import new_game, step
    from game.treasure.mapfile import read_map
    from game.treasure.observation import observe

    board = read_map(map_path)
    env = TreasureIslandEnv(map=board)

    def env_game(seed: int) -> int:
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        n = 0
        while True:
            options = np.flatnonzero(info["action_mask"])
            _, _, terminated, truncated, info = env.step(int(options[rng.integers(options.size)]))
            n += 1
            if terminated or truncated:
                return n

    def engine_game(seed: int) -> int:
        # The engine's own legal actions (RandomValidAgent's list) plus the teleport while it is
        # unused, so the choice is among the same actions the mask allows.
        rng = np.random.default_rng(seed)
        state, _ = new_game(board, seed)
        passable = np.argwhere(board.passable)
        n = 0
        while not state.over:
            obs = observe(state)
            options = valid_actions(obs)
            tele = 0 if obs.teleport_used else len(passable)
            k = int(rng.integers(len(options) + tele))
            action = options[k] if k < len(options) else Teleport(*map(int, passable[k - len(options)]))
            state, _ = step(state, action)
            n += 1
        return n

    return timed(env_game, engine_game, seconds)


# --- Treasure Duel ------------------------------------------------------------------------------
def duel(seconds: float) -> tuple[float, float]:
    from game.duel.protocol import MOVES
    from game.duel.rules import initial_state, legal_moves, observe, step
    from game.envs import duel_v0

    env = duel_v0.raw_env()

    def env_game(seed: int) -> int:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        n = 0
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            options = np.flatnonzero(obs["action_mask"])
            env.step(int(options[rng.integers(options.size)]) if options.size else 0)
            n += 1
        return n

    def engine_game(seed: int) -> int:
        rng = np.random.default_rng(seed)
        state = initial_state(env.board, env.config)
        n = 0
        while state.outcome is None:
            observe(state)  # what a bot reads
            options = legal_moves(state)
            state, _ = step(state, options[int(rng.integers(len(options)))] if options else MOVES[0])
            n += 1
        return n

    return timed(env_game, engine_game, seconds)


# --- Scotland Yard ------------------------------------------------------------------------------
def scotland_yard(seconds: float) -> tuple[float, float]:
    from game.envs import scotland_yard_v0 as sy
    from game.scotlandyard.model import new_game
    from game.scotlandyard.views import DetectivesView, MrXView

    env = sy.raw_env()

    def env_game(seed: int) -> int:
        rng = np.random.default_rng(seed)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            options = np.flatnonzero(obs["action_mask"])
            env.step(int(options[rng.integers(options.size)]))
        return len(env.game.history)  # moves, not decisions: a double move is two env steps

    def engine_game(seed: int) -> int:
        rng = np.random.default_rng(seed)
        mrx, dets = sy.start_players(seed)
        state = new_game(env.setup, mrx, dets)
        n = 0
        while not state.winner:
            view = MrXView.of(state) if state.is_mrx_turn else DetectivesView.of(state)  # what a player reads
            moves = view.legal_moves()
            state = state.advance(moves[int(rng.integers(len(moves)))])
            n += 1
        return n

    return timed(env_game, engine_game, seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--map", default=str(Path(__file__).resolve().parent.parent / "maps" / "island32.txt"),
                        help="Treasure Island map (default maps/island32.txt)")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    rows = [
        (f"TreasureIsland-v0 ({Path(args.map).name})", *treasure(args.map, args.seconds)),
        ("duel_v0 (8x8)", *duel(args.seconds)),
        ("scotland_yard_v0 (standard, moves/s)", *scotland_yard(args.seconds)),
    ]
    print(f"{'environment':38} {'env steps/s':>12} {'engine steps/s':>15} {'env/engine cost':>16}")
    for name, env_rate, engine_rate in rows:
        print(f"{name:38} {env_rate:12.0f} {engine_rate:15.0f} {engine_rate / env_rate:16.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
