"""`greedy`: the agent of seed report 001, rewritten from its description as a baseline.

A boolean knowledge map (True: the treasure may be there) updated by verified hints and scans.
Actions are scored as the report does: verifying a hint scores the candidates inside its area
(so a fresh hint is nearly always verified at once); a large scan scores the candidates it
covers; the best small move (scored by the candidates its 3x3 scan covers minus its distance to
the mean of the candidates) and a large move compete with constant bonuses. Once the pirate is
free it teleports onto him, then ignores candidates behind him. Deterministic; ties go to the
first option, as in the report. Where the report's code is buggy (it took the last element of
a min-heap), we implement what its text says: the highest score.
"""

from __future__ import annotations

import numpy as np

from game.treasure.actions import LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.board import DIRECTION_INDEX
from game.treasure.observation import Observation

from .base import Agent, Decision
from .knowledge import apply_record, box_sum, hint_settled, public_possible

# The report's offsets, (row, col): small moves then large moves.
SMALL = [("S", 1), ("N", 1), ("E", 1), ("W", 1), ("S", 2), ("N", 2), ("E", 2), ("W", 2)]
LARGE = [("S", 3), ("N", 3), ("E", 3), ("W", 3), ("S", 4), ("N", 4), ("E", 4), ("W", 4)]
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


class GreedyAgent(Agent):
    name = "greedy"

    def start(self, obs: Observation) -> None:
        self.known = obs.board.eligible.copy()
        self.applied: set[int] = set()
        self.last_pirate = None
        self.pirate_seen_turn = 0

    def _update(self, obs: Observation) -> None:
        apply_record(self.known, self.applied, obs)

    def act(self, obs: Observation) -> Decision:
        if not hasattr(self, "known"):
            self.start(obs)
        self._update(obs)
        count = int(self.known.sum())
        if count == 1:
            return self._go_to_known(obs)
        if obs.pirate_free and obs.pirate is not None:
            if not obs.teleport_used:
                return Decision(Teleport(*obs.pirate), "teleport onto the pirate: he is heading for the treasure")
            moved = len(obs.pirate_trail) >= 2
            if not moved:
                return Decision(LargeScan(), "the pirate has not moved: large scan")
            behind = self._behind_pirate(obs)
            return self._best(obs, behind)
        return self._best(obs, self.known)

    def _behind_pirate(self, obs: Observation) -> np.ndarray:
        """Candidates minus the half-planes behind the pirate's last step (for the mean only)."""
        trail = obs.pirate_trail
        (r0, c0), (r1, c1) = trail[-2], trail[-1]
        clone = self.known.copy()
        if c1 > c0:
            clone[:, :c1] = False
        elif c1 < c0:
            clone[:, c1 + 1:] = False
        if r1 > r0:
            clone[:r1, :] = False
        elif r1 < r0:
            clone[r1 + 1:, :] = False
        return clone if clone.any() else self.known

    def _best(self, obs: Observation, for_mean: np.ndarray) -> Decision:
        known = self.known
        n = int(known.sum())
        rows, cols = np.nonzero(for_mean)
        mean = (rows.mean(), cols.mean()) if rows.size else obs.agent
        k3 = box_sum(known.astype(float), 3)
        k5 = box_sum(known.astype(float), 5)
        r, c = obs.agent
        runs = obs.board.free_run
        options = []  # (score, type code, action, reason)
        public = None
        for h in obs.hints:
            # A hint whose truth already follows (all or none of the candidates inside, by its own
            # map or by the whole public record: prisons, the pirate's walk) is never verified.
            if h.verified is not None or h.kind == 6 or hint_settled(h.mask, known) is not None:
                continue
            if public is None:
                public = public_possible(obs)
            if hint_settled(h.mask, public) is None:
                s = int((h.mask & known).sum())
                options.append((s, 0, Verify(h.index), f"verify hint {h.index}: {s} candidates in its area"))
        options.append((int(k5[r, c]), 3, LargeScan(), f"large scan: {int(k5[r, c])} candidates around"))
        best_small, temp = None, float("inf")
        for d, k in SMALL:
            if runs[DIRECTION_INDEX[d], r, c] < k:
                continue
            dest = (r + DELTA[d][0] * k, c + DELTA[d][1] * k)
            h3 = int(k3[dest])
            score = abs(dest[0] - mean[0]) + abs(dest[1] - mean[1]) - h3
            if score < temp:
                temp, best_small = score, (d, k, h3)
        if best_small is not None:
            d, k, h3 = best_small
            options.append((h3 + min(n + 1, 6), 1, MoveSmall(d, k), f"move {d} {k} and scan {h3} candidates"))
        best_large = None
        for d, k in LARGE:
            if runs[DIRECTION_INDEX[d], r, c] < k:
                continue
            dest = (r + DELTA[d][0] * k, c + DELTA[d][1] * k)
            dist = abs(dest[0] - mean[0]) + abs(dest[1] - mean[1])
            if dist < temp:
                temp, best_large = dist, (d, k)
        if best_large is not None:
            d, k = best_large
            options.append((min(n + 2, 8), 2, MoveLarge(d, k), f"move {d} {k} toward the candidates' mean"))
        score, code, action, reason = max(options, key=lambda o: (o[0], o[1], getattr(o[2], "hint", 0)))
        return Decision(action, reason)

    def _go_to_known(self, obs: Observation) -> Decision:
        target = tuple(int(v) for v in np.argwhere(self.known)[0])
        r, c = obs.agent
        if abs(target[0] - r) <= 2 and abs(target[1] - c) <= 2:
            return Decision(LargeScan(), f"the treasure must be at {target}: large scan")
        if not obs.teleport_used:
            return Decision(Teleport(*target), f"the treasure must be at {target}: teleport there")
        best = None
        runs = obs.board.free_run
        for d, k in SMALL + LARGE:
            if runs[DIRECTION_INDEX[d], r, c] < k:
                continue
            dest = (r + DELTA[d][0] * k, c + DELTA[d][1] * k)
            dist = abs(dest[0] - target[0]) + abs(dest[1] - target[1])
            if best is None or dist < best[0]:
                best = (dist, d, k)
        if best is None:
            return Decision(LargeScan(), "boxed in: large scan")
        _, d, k = best
        action = MoveSmall(d, k) if k <= 2 else MoveLarge(d, k)
        return Decision(action, f"the treasure must be at {target}: head there")
