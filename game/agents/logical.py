"""The default agent: keeps the probability of every tile and picks the action worth most.

Each action is valued in bits of information about the treasure's tile, plus the chance it
wins at once, plus progress toward where the probability is:

* ``VERIFY k`` is a yes/no test: worth the binary entropy of the probability inside hint k's
  area, so the hint that splits what remains most evenly is worth most (1 bit at 50%).
* A scan is a yes/no test too, and a "yes" wins: entropy of the mass it covers (held at 1 bit
  past one half, so a surer scan is never worth less), plus that mass times ``win_weight``.
* Moving nearer the likeliest area is worth ``progress_weight`` x that area's mass x the
  number of large moves (4 tiles) it saves.
* The teleport (free, once) is kept until one large scan somewhere far away would cover a
  large share of the probability, or the pirate is about to reach every candidate.

Scans weigh each tile by how soon the pirate can stand on it (before the reveal, averaged over
the prisons he may be in), so the race is part of every value. The first action of a turn is
valued as the start of a two-action plan: its own worth plus half the best next action's, so a
step that scans nothing can still win the turn by setting up a large scan.

Every decision carries a one-line reason; :meth:`probabilities` exposes the heat map.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.treasure.actions import Action, LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.board import DIRECTION_ORDER, DIRECTIONS, UNREACHABLE, Pos
from game.treasure.observation import Observation

from .base import Agent, Decision
from .knowledge import Knowledge, area_side, box_sum, distances_from, entropy2


@dataclass(frozen=True)
class LogicalSettings:
    win_weight: float = 2.0
    progress_weight: float = 1.5
    teleport_mass: float = 0.5  # teleport when one large scan there covers this much ...
    teleport_min_distance: int = 9  # ... and it is at least this far (two large moves and more)
    on_foot_share: float = 0.15  # teleport when less than this much probability is reachable on foot
    urgent_turns: int = 2  # or when the pirate reaches this much of the probability ...
    urgent_share: float = 0.5  # ... within urgent_turns turns
    urgency: float = 1.5  # scans weigh tiles the pirate reaches in t turns by 1 + urgency / (t + 1)
    deadline_weight: float = 12.0  # ... or, if > 0, by 1 + deadline_weight / (our actions left before he can get there)
    prior_urgency: bool = True  # before the reveal, average that weight over the prisons he may be in
    lookahead: float = 0.5  # value an action by its own worth + this x the best next action's
    turn_only: bool = True  # ... only for a plan within this turn
    race_margin: float = 1.0  # once the prison is known, teleport if a scan there beats acting here by this (< 0: never)


@dataclass(frozen=True)
class _Option:
    value: float
    action: Action
    reason: str
    dest: Pos | None = None  # where the agent stands after it (None: it does not move or scan)
    window: tuple[int, int, int, int] | None = None  # the tiles it scans: rows r0:r1, cols c0:c1
    mass: float = 0.0  # the (deadline-weighted) probability it scans
    hint: int | None = None  # the hint it verifies


def _window(pos: Pos, side: int, shape: tuple[int, int]) -> tuple[int, int, int, int]:
    half = side // 2
    r, c = pos
    return max(r - half, 0), min(r + half + 1, shape[0]), max(c - half, 0), min(c + half + 1, shape[1])


def _mass(arr: np.ndarray, w: tuple[int, int, int, int]) -> float:
    return float(arr[w[0]:w[1], w[2]:w[3]].sum())


def _scan_bits(mass: float) -> float:
    """What a scan tells beyond the chance it wins: the entropy of a yes/no test, but a "yes"
    ends the game, so past one half the bits stay at 1. The value of a scan then grows with
    the mass it covers all the way to a certain win (plain entropy falls to 0 at 100%)."""
    return entropy2(min(mass, 0.5))


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%" if x >= 0.01 or x == 0 else f"{100 * x:.1f}%"


class LogicalAgent(Agent):
    """Probability map + information value: the strongest agent here (``--agent default``)."""

    name = "default"

    def __init__(self, seed: int = 0, settings: LogicalSettings | None = None):
        super().__init__(seed)
        self.settings = settings or LogicalSettings()
        self.knowledge: Knowledge | None = None
        self._p: np.ndarray | None = None

    def start(self, obs: Observation) -> None:
        self.knowledge = Knowledge(obs)

    def probabilities(self) -> np.ndarray | None:
        return self._p

    # --- the decision --------------------------------------------------------------------
    def act(self, obs: Observation) -> Decision:
        if self.knowledge is None or self.knowledge.board is not obs.board:
            self.knowledge = Knowledge(obs)
        self.knowledge.update(obs)
        p = self.knowledge.probabilities(obs)
        self._p = p
        arrival = self._pirate_arrival(obs)
        # A tile the pirate reaches soon is worth covering now: later it may be too late.
        weighted = p * self._urgency(obs, arrival)
        total = weighted.sum()
        weighted = weighted / total if total > 0 else p
        s5 = box_sum(weighted, obs.config.large_scan)

        known = self._certain_tile(p)
        teleport = self._teleport(obs, p, s5, known, arrival)
        if teleport is not None:
            return teleport

        target, target_mass = self._target(obs, p, s5)
        to_target = distances_from(obs.board, target)
        verifies = self._verify_options(obs, p)
        options = verifies + self._scan_and_move_options(obs, obs.agent, weighted, to_target, target_mass, known)
        if self.settings.lookahead > 0 and (obs.actions_left > 1 or not self.settings.turn_only):
            options = [self._with_follow_up(obs, o, weighted, verifies, to_target, target_mass) for o in options]
        best = max(options, key=lambda o: o.value)
        if arrival is not None and not obs.teleport_used and self.settings.race_margin >= 0:
            race = self._race_teleport(obs, p, weighted, s5, best)
            if race is not None:
                return race
        return Decision(best.action, best.reason)

    def _race_teleport(self, obs: Observation, p, weighted, s5, best: _Option) -> Decision | None:
        """Once the pirate's prison is known: teleport if a large scan somewhere out of reach
        this action is worth ``race_margin`` more than the best thing to do here."""
        spot = divmod(int(np.argmax(np.where(self._landing(obs.board, p), s5, -1.0))), p.shape[1])
        m = float(s5[spot])
        if m <= float(s5[obs.agent]) or int(distances_from(obs.board, obs.agent)[spot]) <= obs.config.small_move[1]:
            return None
        value = _scan_bits(m) + self.settings.win_weight * m
        if value <= best.value + self.settings.race_margin:
            return None
        raw = _mass(p, _window(spot, obs.config.large_scan, p.shape))
        return Decision(Teleport(*spot), f"teleport to {spot}: the pirate is coming; a large scan there covers "
                                         f"{_pct(raw)}, the tiles he reaches first among them")

    @staticmethod
    def _landing(board, p: np.ndarray) -> np.ndarray:
        """Land only where one can walk to most of the probability: a spot walled in by
        mountains may look ideal to a 5x5 scan and still be a trap."""
        labels = board.components
        comp_mass = np.bincount(labels.ravel(), weights=p.ravel(), minlength=int(labels.max()) + 1)
        comp_mass[0] = 0.0
        return board.passable & (comp_mass[labels] >= 0.5 * comp_mass.max())

    # --- pieces ----------------------------------------------------------------------------
    @staticmethod
    def _certain_tile(p: np.ndarray) -> Pos | None:
        flat = int(np.argmax(p))
        if p.flat[flat] > 0.999:
            return divmod(flat, p.shape[1])
        return None

    def _target(self, obs: Observation, p: np.ndarray, s5: np.ndarray) -> tuple[Pos, float]:
        """Where to head: first the likeliest area (its size fitted to how spread the
        probability is), discounted by the trip there; then, inside it, the best place for
        a large scan. Returns that place and the area's mass."""
        board = obs.board
        side = area_side(p, obs.config.large_scan)
        mass = s5 if side == obs.config.large_scan else box_sum(p, side)
        rows, cols = np.indices(p.shape)
        trip = np.abs(rows - obs.agent[0]) + np.abs(cols - obs.agent[1])
        walkable = board.passable & (distances_from(board, obs.agent) != UNREACHABLE)
        discount = 1.0 / (1.0 + trip / 8.0)
        centre = divmod(int(np.argmax(np.where(walkable, mass * discount, -1.0))), p.shape[1])
        half = side // 2
        inside = (np.abs(rows - centre[0]) <= half) & (np.abs(cols - centre[1]) <= half) & walkable
        target = divmod(int(np.argmax(np.where(inside, s5 * discount, -1.0))), p.shape[1])
        return target, float(mass[centre])

    def _verify_options(self, obs: Observation, p: np.ndarray) -> list[_Option]:
        out = []
        for hint in obs.hints:
            if hint.verified is not None:
                continue
            inside = float(p[hint.mask].sum())
            bits = entropy2(inside)
            if bits <= 0:
                continue
            reason = f"verify hint {hint.index}: its area holds {_pct(inside)} of what remains"
            out.append(_Option(bits, Verify(hint.index), reason, hint=hint.index))
        return out

    def _scan_and_move_options(self, obs: Observation, pos: Pos, weighted: np.ndarray, to_target: np.ndarray,
                               target_mass: float, known: Pos | None) -> list[_Option]:
        """The large scan here and every legal move from ``pos``, valued on ``weighted``."""
        cfg, st = obs.config, self.settings
        shape = weighted.shape
        r, c = pos
        here_d = int(to_target[pos])
        window = _window(pos, cfg.large_scan, shape)
        m = _mass(weighted, window)
        out = [_Option(_scan_bits(m) + st.win_weight * m, LargeScan(),
                       f"large scan here: {_pct(m)} of the probability is within reach" if not known
                       else f"large scan: the treasure must be at {known}", pos, window, m)]
        runs = obs.board.free_run
        for d_index, direction in enumerate(DIRECTION_ORDER):
            dr, dc = DIRECTIONS[direction]
            room = int(runs[d_index, r, c])
            for n in range(cfg.small_move[0], min(cfg.small_move[1], room) + 1):
                dest = (r + dr * n, c + dc * n)
                window = _window(dest, cfg.small_scan, shape)
                got = _mass(weighted, window)
                gain = self._progress(here_d, int(to_target[dest]), target_mass)
                reason = (f"move {direction} {n} and scan: covers {_pct(got)}"
                          + (f", {here_d - int(to_target[dest])} tiles nearer the likeliest area" if gain > 0 else ""))
                out.append(_Option(_scan_bits(got) + st.win_weight * got + gain, MoveSmall(direction, n), reason,
                                   dest, window, got))
            for n in range(cfg.large_move[0], min(cfg.large_move[1], room) + 1):
                dest = (r + dr * n, c + dc * n)
                gain = self._progress(here_d, int(to_target[dest]), target_mass)
                reason = (f"move {direction} {n}: {here_d - int(to_target[dest])} tiles nearer the likeliest area"
                          f" ({_pct(target_mass)} there)")
                out.append(_Option(gain, MoveLarge(direction, n), reason, dest))
        return out

    def _with_follow_up(self, obs: Observation, first: _Option, weighted: np.ndarray, verifies: list[_Option],
                        to_target: np.ndarray, target_mass: float) -> _Option:
        """Value ``first`` as the start of a two-action plan: its own value plus ``lookahead``
        x the best next action's, in every outcome where the game goes on. A move that scans
        nothing now may set up the large scan that wins before the pirate gets there."""
        other_verify = max((v.value for v in verifies if v.hint != first.hint), default=0.0)
        if first.hint is not None:  # a verify: the next action sees either answer
            mask = next(h.mask for h in obs.hints if h.index == first.hint)
            inside = float(weighted[mask].sum())
            follow = 0.0
            for area, share in ((mask, inside), (~mask, 1.0 - inside)):
                if share <= 1e-9:
                    continue
                best = self._best_next(obs, obs.agent, weighted * area / share, to_target, target_mass, other_verify)
                follow += share * best.value
            return _Option(first.value + self.settings.lookahead * follow, first.action, first.reason, hint=first.hint)
        rest = weighted
        if first.window is not None and first.mass > 0:
            if first.mass >= 1.0 - 1e-9:
                return first
            rest = weighted.copy()
            w = first.window
            rest[w[0]:w[1], w[2]:w[3]] = 0.0
            rest /= 1.0 - first.mass
        best = self._best_next(obs, first.dest, rest, to_target, target_mass, other_verify)
        value = first.value + self.settings.lookahead * (1.0 - first.mass) * best.value
        reason = first.reason
        if best.value > first.value and best.mass > first.mass and best.mass >= 0.05:
            reason = f"{reason}; then {best.reason}"
        return _Option(value, first.action, reason, first.dest, first.window, first.mass)

    def _best_next(self, obs: Observation, pos: Pos, weighted: np.ndarray, to_target: np.ndarray,
                   target_mass: float, verify_value: float) -> _Option:
        options = self._scan_and_move_options(obs, pos, weighted, to_target, target_mass, None)
        best = max(options, key=lambda o: o.value)
        if verify_value > best.value:
            return _Option(verify_value, best.action, "verify a hint")
        return best

    def _progress(self, before: int, after: int, mass: float) -> float:
        if before == UNREACHABLE or after == UNREACHABLE:
            return 0.0
        return self.settings.progress_weight * mass * (before - after) / 4.0

    def _urgency(self, obs: Observation, arrival: np.ndarray | None) -> np.ndarray | float:
        """How much more a tile is worth covering now than later, by how soon the pirate can
        stand on it. Before the reveal, averaged over the prisons that could hold him (he is
        drawn uniformly among those that reach the treasure)."""
        st = self.settings
        if st.deadline_weight <= 0:
            return 1.0 if arrival is None else 1.0 + st.urgency / (arrival + 1.0)
        if arrival is not None:
            return self._deadline_factor(obs, arrival)
        if not st.prior_urgency:
            return 1.0
        board = obs.board
        total = np.zeros(board.shape)
        count = np.zeros(board.shape)
        wait = max(obs.free_turn - obs.turn, 0)
        for prison in board.prisons:
            dist = distances_from(board, prison).astype(np.float64)
            reach = dist < UNREACHABLE
            dist[~reach] = np.inf
            total += np.where(reach, self._deadline_factor(obs, wait + np.ceil(dist / obs.config.pirate_speed)), 0.0)
            count += reach
        return np.where(count > 0, total / np.maximum(count, 1), 1.0)

    def _deadline_factor(self, obs: Observation, arrival: np.ndarray) -> np.ndarray:
        """1 + deadline_weight / (our actions left before the pirate can get to the tile)."""
        per_turn = obs.config.actions_per_turn
        actions = np.maximum(arrival * per_turn + obs.actions_left - per_turn, 1.0)
        return 1.0 + self.settings.deadline_weight / actions

    def _pirate_arrival(self, obs: Observation) -> np.ndarray | None:
        """Turns until the pirate could stand on each tile (None before his prison is known)."""
        if obs.pirate is None:
            return None
        dist = distances_from(obs.board, obs.pirate).astype(np.float64)
        dist[dist >= UNREACHABLE] = np.inf
        wait = 0 if obs.pirate_free else max(obs.free_turn - obs.turn, 0)
        return wait + np.ceil(dist / obs.config.pirate_speed)

    def _teleport(self, obs: Observation, p, s5, known: Pos | None, arrival) -> Decision | None:
        if obs.teleport_used:
            return None
        st = self.settings
        board = obs.board
        landing = self._landing(board, p)
        reach = distances_from(board, obs.agent)
        # What a scan from walkable land can cover: the land itself and large_scan // 2 around it.
        walk = (reach != UNREACHABLE).astype(np.float64)
        on_foot = float(p[box_sum(walk, obs.config.large_scan) > 0.5].sum())
        if on_foot < self.settings.on_foot_share:
            # Most of the probability is on land we cannot walk to: go where the most of it is.
            side = area_side(p, obs.config.large_scan)
            area = np.where(landing, box_sum(p, side), -1.0)
            spot = divmod(int(np.argmax(area)), p.shape[1])
            return Decision(Teleport(*spot), f"teleport to {spot}: {_pct(1 - on_foot)} of the probability "
                                             f"cannot be reached on foot from here")
        spot = divmod(int(np.argmax(np.where(landing, s5, -1.0))), p.shape[1])
        mass = float(s5[spot])
        far = reach[spot] == UNREACHABLE or reach[spot] >= st.teleport_min_distance
        if not far or mass <= float(s5[obs.agent]):
            return None
        if known is not None:
            return Decision(Teleport(*spot), f"teleport to {spot}: the treasure must be within one large scan")
        if mass >= st.teleport_mass:
            return Decision(Teleport(*spot), f"teleport to {spot}: one large scan there covers {_pct(mass)}")
        if obs.pirate_free and arrival is not None:
            at_risk = float(p[arrival <= st.urgent_turns].sum())
            if at_risk >= st.urgent_share and mass >= 0.1:
                return Decision(Teleport(*spot), f"teleport to {spot}: the pirate can reach {_pct(at_risk)} of the "
                                                 f"probability within {st.urgent_turns} turns; {_pct(mass)} lies there")
        return None
