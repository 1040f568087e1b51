"""`random`: the agent of seed report 002, rewritten from its description as a baseline.

Each turn it draws two different kinds of action at random among verify, large move, small
move with scan, large scan and (while unused) teleport. Verification takes the oldest unverified
hint. Moves head toward the side (half-plane N, E, S or W of the agent) with the most unchecked
tiles: the best side two times in three, the second best otherwise; blocked moves try the other
sides. Once the pirate is free it teleports 3-4 tiles ahead of him, then follows his direction.
"""

from __future__ import annotations

import numpy as np

from game.treasure.actions import LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.board import DIRECTION_INDEX, DIRECTIONS
from game.treasure.observation import Observation

from .base import Agent, Decision
from .knowledge import apply_record

KINDS = ("verify", "large_move", "small_move", "large_scan", "teleport")


class RandomAgent(Agent):
    name = "random"

    def start(self, obs: Observation) -> None:
        self.unchecked = obs.board.eligible.copy()
        self.applied: set[int] = set()
        self.turn_kinds: dict[int, str] = {}
        self.chased = False

    def act(self, obs: Observation) -> Decision:
        if not hasattr(self, "unchecked"):
            self.start(obs)
        apply_record(self.unchecked, self.applied, obs)
        if obs.pirate_free and obs.pirate is not None and not obs.teleport_used and not self.chased:
            self.chased = True
            spot = self._ahead_of_pirate(obs)
            if spot is not None:
                return Decision(Teleport(*spot), f"teleport ahead of the pirate to {spot}")
        first = self.turn_kinds.get(obs.turn) if obs.slot == 2 else None
        for _ in range(20):
            kind = KINDS[int(self.rng.integers(len(KINDS)))]
            if kind == first or (kind == "teleport" and obs.teleport_used):
                continue
            if kind == "large_scan" and first == "small_move":
                continue  # the report: a large scan does not go with a move-and-scan
            decision = self._make(kind, obs)
            if decision is not None:
                self.turn_kinds[obs.turn] = kind
                return decision
        return Decision(LargeScan(), "nothing else fits: large scan")

    def _make(self, kind: str, obs: Observation) -> Decision | None:
        if kind == "verify":
            for h in obs.hints:
                if h.verified is None:
                    return Decision(Verify(h.index), f"verify the oldest unverified hint, {h.index}")
            return None
        if kind == "large_scan":
            return Decision(LargeScan(), "a random large scan")
        if kind == "teleport":
            land = np.flatnonzero(obs.board.passable & self.unchecked) if self.unchecked.any() else \
                np.flatnonzero(obs.board.passable)
            r, c = divmod(int(land[int(self.rng.integers(land.size))]), obs.board.width)
            return Decision(Teleport(r, c), f"a random teleport to {(r, c)}")
        small = kind == "small_move"
        lo, hi = obs.config.small_move if small else obs.config.large_move
        steps = int(self.rng.integers(lo, hi + 1))
        for direction in self._directions(obs):
            room = int(obs.board.free_run[DIRECTION_INDEX[direction]][obs.agent])
            n = min(steps, room)
            if n >= lo:
                action = MoveSmall(direction, n) if small else MoveLarge(direction, n)
                return Decision(action, f"move {direction} {n}: toward the side with the most unchecked tiles")
        return None

    def _directions(self, obs: Observation) -> list[str]:
        if obs.pirate_free and len(obs.pirate_trail) >= 2:
            (r0, c0), (r1, c1) = obs.pirate_trail[-2:]
            follow = next(d for d, v in DIRECTIONS.items() if v == (r1 - r0, c1 - c0))
            rest = [d for d in "NESW" if d != follow]
            return [follow] + rest
        r, c = obs.agent
        u = self.unchecked
        counts = {"N": int(u[:r].sum()), "S": int(u[r + 1:].sum()), "W": int(u[:, :c].sum()),
                  "E": int(u[:, c + 1:].sum())}
        ranked = sorted(counts, key=lambda d: -counts[d])
        if self.rng.random() < 1 / 3:
            ranked[0], ranked[1] = ranked[1], ranked[0]
        return ranked

    def _ahead_of_pirate(self, obs: Observation):
        trail = obs.pirate_trail
        if len(trail) < 2:
            return obs.pirate
        (r0, c0), (r1, c1) = trail[-2:]
        dr, dc = r1 - r0, c1 - c0
        for k in (4, 3, 2, 1, 0):
            spot = (r1 + dr * k, c1 + dc * k)
            if obs.board.on_map(spot) and obs.board.land[spot] and not obs.board.mountain[spot]:
                return spot
        return obs.pirate
