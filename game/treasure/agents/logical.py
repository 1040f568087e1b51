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

import copy
import weakref
from dataclasses import dataclass
from typing import Callable

import numpy as np

from game.treasure.actions import Action, LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.board import DIRECTION_ORDER, DIRECTIONS, UNREACHABLE, Pos
from game.treasure.observation import Observation

from .base import Agent, Decision
from .knowledge import Knowledge, area_side, hint_settled, box_sum, distances_from, distances_near, entropy2, scan_reach, walk_steps, walkable_from


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


Window = tuple[int, int, int, int]  # rows r0:r1, cols c0:c1


@dataclass(frozen=True)
class _Option:
    value: float
    action: Action
    why: Callable[[], str]  # its one-line reason, formatted only for the option that is chosen
    dest: Pos | None = None  # where the agent stands after it (None: it does not move or scan)
    window: Window | None = None  # the tiles it scans
    mass: float = 0.0  # the (deadline-weighted) probability it scans
    hint: int | None = None  # the hint it verifies

    @property
    def reason(self) -> str:
        return self.why()


def _clean(s: float) -> float:
    """Differences of large partial sums carry ~1e-16 noise: round it off so that windows over
    the same tiles are worth exactly the same (ties then break by action order)."""
    return round(s, 12) if s > 1e-12 else 0.0


class _Sums:
    """Sums of an array over rectangles in O(1) (a summed-area table): the hundreds of
    windows a two-action plan looks at each cost four lookups instead of a numpy slice.
    ``without`` is the same array with one window already scanned (zeroed) and the rest
    rescaled to sum to 1, which is what the action after that scan sees."""

    def __init__(self, arr: np.ndarray, around: Pos | None = None, reach: int = 0):
        """``around``/``reach``: only windows within ``reach`` tiles of ``around`` will be asked
        for, so only that part of the table is turned into Python lists."""
        self.shape = arr.shape
        self.arr = arr
        h, w = arr.shape
        t = np.zeros((h + 1, w + 1))
        np.cumsum(arr, 0, out=t[1:, 1:])
        np.cumsum(t[1:, 1:], 1, out=t[1:, 1:])
        self._r, self._c = 0, 0
        if around is not None:
            self._r, self._c = max(around[0] - reach, 0), max(around[1] - reach, 0)
            t = t[self._r:around[0] + reach + 2, self._c:around[1] + reach + 2]
        self._t = t.tolist()
        self._without: Window | None = None
        self._scale = 1.0

    def _raw(self, w: Window) -> float:
        t, r0, r1, c0, c1 = self._t, w[0] - self._r, w[1] - self._r, w[2] - self._c, w[3] - self._c
        return t[r1][c1] - t[r0][c1] - t[r1][c0] + t[r0][c0]

    def __call__(self, w: Window) -> float:
        s = self._raw(w)
        f = self._without
        if f is not None:
            r0, r1, c0, c1 = max(w[0], f[0]), min(w[1], f[1]), max(w[2], f[2]), min(w[3], f[3])
            if r0 < r1 and c0 < c1:
                s -= self._raw((r0, r1, c0, c1))
            s *= self._scale
        return _clean(s)

    def without(self, w: Window, mass: float) -> "_Sums":
        other = copy.copy(self)
        other._without, other._scale = w, 1.0 / (1.0 - mass)
        return other


def _window(pos: Pos, side: int, shape: tuple[int, int]) -> Window:
    half = side // 2
    r, c = pos
    return max(r - half, 0), min(r + half + 1, shape[0]), max(c - half, 0), min(c + half + 1, shape[1])


def _mass(arr: np.ndarray, w: Window) -> float:
    return float(arr[w[0]:w[1], w[2]:w[3]].sum())


def _scan_bits(mass: float) -> float:
    """What a scan tells beyond the chance it wins: the entropy of a yes/no test, but a "yes"
    ends the game, so past one half the bits stay at 1. The value of a scan then grows with
    the mass it covers all the way to a certain win (plain entropy falls to 0 at 100%)."""
    return entropy2(min(mass, 0.5))


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%" if x >= 0.01 or x == 0 else f"{100 * x:.1f}%"


def _tiles(n: int) -> str:
    return f"{n} tile" if n == 1 else f"{n} tiles"


def _text(template: str, share: float | None = None) -> Callable[[], str]:
    """A reason formatted when asked for: ``template`` with ``share`` as a percentage."""
    return lambda: template.format(_pct(share)) if share is not None else template


def _then(first: Callable[[], str], then: Callable[[], str]) -> Callable[[], str]:
    return lambda: f"{first()}; then {then()}"


class _Split:
    """The weighted probability on either side of a hint's area: what the action after a
    verify sees, for each answer. Windows are summed inside the area once and shared."""

    def __init__(self, sums: _Sums, mask: np.ndarray):
        self.sums = sums
        self.inside = sums.arr * mask
        self.total_in = float(self.inside.sum())
        self._cache: dict[Window, float] = {}

    def share(self, answer: bool) -> float:
        return self.total_in if answer else 1.0 - self.total_in

    def _in(self, w: Window) -> float:
        got = self._cache.get(w)
        if got is None:
            got = self._cache[w] = float(self.inside[w[0]:w[1], w[2]:w[3]].sum())
        return got

    def given(self, answer: bool) -> "_Given":
        return _Given(self, answer)


class _Given:
    """Window sums of the weighted probability given one answer to a verify."""

    def __init__(self, split: _Split, answer: bool):
        self.split, self.answer, self.shape = split, answer, split.sums.shape
        self.scale = 1.0 / split.share(answer)

    def __call__(self, w: Window) -> float:
        inside = self.split._in(w)
        return _clean((inside if self.answer else self.split.sums._raw(w) - inside) * self.scale)


Masses = _Sums | _Given  # what a plan reads window sums from


@dataclass(frozen=True)
class _Move:
    action: MoveSmall | MoveLarge
    dest: Pos
    window: Window | None  # the small scan that follows a small move


_MOVES: "weakref.WeakKeyDictionary[object, dict]" = weakref.WeakKeyDictionary()


def _move_table(obs: Observation, pos: Pos) -> tuple[Window, list[_Move]]:
    """The large scan's window at ``pos`` and every legal move from it, in action order
    (cached per board: the same tiles come up in every game on a map)."""
    cfg = obs.config
    cache = _MOVES.setdefault(obs.board, {})
    key = (pos, cfg.small_move, cfg.large_move, cfg.small_scan, cfg.large_scan)
    got = cache.get(key)
    if got is not None:
        return got
    if len(cache) >= 20000:
        cache.clear()
    shape = obs.board.shape
    r, c = pos
    moves = []
    for d_index, direction in enumerate(DIRECTION_ORDER):
        dr, dc = DIRECTIONS[direction]
        room = int(obs.board.free_run[d_index, r, c])
        for n in range(cfg.small_move[0], min(cfg.small_move[1], room) + 1):
            dest = (r + dr * n, c + dc * n)
            moves.append(_Move(MoveSmall(direction, n), dest, _window(dest, cfg.small_scan, shape)))
        for n in range(cfg.large_move[0], min(cfg.large_move[1], room) + 1):
            moves.append(_Move(MoveLarge(direction, n), (r + dr * n, c + dc * n), None))
    got = cache[key] = (_window(pos, cfg.large_scan, shape), moves)
    return got


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
        landing = spot = None
        if not obs.teleport_used:
            landing, spot = self._landing_spot(obs.board, p, s5)
            teleport = self._teleport(obs, p, s5, known, arrival, landing, spot)
            if teleport is not None:
                return teleport

        target, target_mass = self._target(obs, p, s5)
        cfg = obs.config
        reach = 2 * max(cfg.small_move[1], cfg.large_move[1])  # the farthest the next two moves go
        to_target = distances_near(obs.board, target, obs.agent, reach)
        verifies = self._verify_options(obs, p)
        sums = _Sums(weighted, obs.agent, reach + max(cfg.small_scan, cfg.large_scan) // 2)
        options = verifies + self._scan_and_move_options(obs, obs.agent, sums, to_target, target_mass, known)
        if self.settings.lookahead > 0 and (obs.actions_left > 1 or not self.settings.turn_only):
            options = [self._with_follow_up(obs, o, sums, verifies, to_target, target_mass) for o in options]
        best = max(options, key=lambda o: o.value)
        if arrival is not None and spot is not None and self.settings.race_margin >= 0:
            race = self._race_teleport(obs, p, s5, spot, best)
            if race is not None:
                return race
        return Decision(best.action, best.reason)

    def _race_teleport(self, obs: Observation, p, s5, spot: Pos, best: _Option) -> Decision | None:
        """Once the pirate's prison is known: teleport if a large scan at ``spot`` (out of reach
        this action) is worth ``race_margin`` more than the best thing to do here."""
        m = float(s5[spot])
        if m <= float(s5[obs.agent]) or walk_steps(obs.board, obs.agent, spot, obs.config.small_move[1]) is not None:
            return None
        if self._scan_value(m) <= best.value + self.settings.race_margin:
            return None
        raw = _mass(p, _window(spot, obs.config.large_scan, p.shape))
        return Decision(Teleport(*spot), f"teleport to {spot}: the pirate is coming; a large scan there covers "
                                         f"{_pct(raw)}, the tiles he reaches first among them")

    @staticmethod
    def _landing_spot(board, p: np.ndarray, s5: np.ndarray) -> tuple[np.ndarray, Pos]:
        """Where a teleport may land, and the best large scan there. Land only where one can
        walk to most of the probability: a spot walled in by mountains may look ideal to a 5x5
        scan and still be a trap."""
        labels = board.components
        comp_mass = np.bincount(labels.ravel(), weights=p.ravel(), minlength=int(labels.max()) + 1)
        comp_mass[0] = 0.0
        landing = board.passable & (comp_mass[labels] >= 0.5 * comp_mass.max())
        return landing, divmod(int(np.argmax(np.where(landing, s5, -1.0))), p.shape[1])

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
        walkable = walkable_from(board, obs.agent)
        discount = 1.0 / (1.0 + trip / 8.0)
        centre = divmod(int(np.argmax(np.where(walkable, mass * discount, -1.0))), p.shape[1])
        half = side // 2
        inside = (np.abs(rows - centre[0]) <= half) & (np.abs(cols - centre[1]) <= half) & walkable
        target = divmod(int(np.argmax(np.where(inside, s5 * discount, -1.0))), p.shape[1])
        return target, float(mass[centre])

    def _verify_options(self, obs: Observation, p: np.ndarray) -> list[_Option]:
        out = []
        possible = self.knowledge.possible if self.knowledge is not None else p > 0
        for hint in obs.hints:
            # A hint whose truth already follows (its area holds all or none of the tiles the
            # treasure can still be on) teaches nothing: never spend an action on it.
            if hint.verified is not None or hint_settled(hint.mask, possible) is not None:
                continue
            inside = float(p[hint.mask].sum())
            bits = entropy2(inside)
            if bits <= 0:
                continue
            out.append(_Option(bits, Verify(hint.index), _text(
                f"verify hint {hint.index}: its area holds {{}} of what remains", inside), hint=hint.index))
        return out

    def _scan_and_move_options(self, obs: Observation, pos: Pos, sums: Masses, to_target: np.ndarray,
                               target_mass: float, known: Pos | None) -> list[_Option]:
        """The large scan here and every legal move from ``pos``, valued on ``sums`` (the
        deadline-weighted probability over any window)."""
        scan, m, valued = self._valued_moves(obs, pos, sums, to_target, target_mass)
        return [self._scan_option(pos, scan, m, known)] + [self._move_option(*v, target_mass) for v in valued]

    def _best_next(self, obs: Observation, pos: Pos, sums: Masses, to_target: np.ndarray,
                   target_mass: float, verify_value: float) -> _Option:
        """The best of :meth:`_scan_and_move_options` (the same values and the same first best
        on ties), without building an option for each: this runs for every first action."""
        scan, m, valued = self._valued_moves(obs, pos, sums, to_target, target_mass)
        best_value, best = self._scan_value(m), None
        for v in valued:
            if v[0] > best_value:
                best_value, best = v[0], v
        if verify_value > best_value:
            return _Option(verify_value, LargeScan() if best is None else best[1].action, _text("verify a hint"))
        if best is None:
            return self._scan_option(pos, scan, m, None)
        return self._move_option(*best, target_mass)

    def _valued_moves(self, obs: Observation, pos: Pos, sums: Masses, to_target: np.ndarray, target_mass: float
                      ) -> tuple[Window, float, list[tuple[float, "_Move", float, float, int]]]:
        """The large scan's window at ``pos`` and the mass it covers, and for every legal move
        from ``pos``, in action order: (value, move, mass it scans, progress, tiles nearer)."""
        scan, moves = _move_table(obs, pos)
        here_d = int(to_target[pos])
        valued = []
        for move in moves:
            after = int(to_target[move.dest])
            gain = self._progress(here_d, after, target_mass)
            if move.window is None:
                valued.append((gain, move, 0.0, gain, here_d - after))
            else:
                got = sums(move.window)
                valued.append((self._scan_value(got) + gain, move, got, gain, here_d - after))
        return scan, sums(scan), valued

    def _scan_value(self, mass: float) -> float:
        """A scan covering ``mass``: its bits plus ``win_weight`` x the chance it wins now."""
        return _scan_bits(mass) + self.settings.win_weight * mass

    def _scan_option(self, pos: Pos, window: Window, m: float, known: Pos | None) -> _Option:
        why = (_text("large scan here: {} of the probability is within reach", m) if not known
               else _text(f"large scan: the treasure must be at {known}"))
        return _Option(self._scan_value(m), LargeScan(), why, pos, window, m)

    @staticmethod
    def _move_option(value: float, move: "_Move", got: float, gain: float, nearer: int, target_mass: float) -> _Option:
        direction, n = move.action.direction, move.action.steps
        if move.window is not None:
            why = _text(f"move {direction} {n} and scan: covers {{}}"
                        + (f", {_tiles(nearer)} nearer the likeliest area" if gain > 0 else ""), got)
            return _Option(value, move.action, why, move.dest, move.window, got)
        where = (f"{_tiles(nearer)} nearer the likeliest area" if nearer > 0
                 else f"{_tiles(-nearer)} farther from the likeliest area" if nearer < 0
                 else "no nearer the likeliest area")
        why = _text(f"move {direction} {n}: {where} ({{}} there)", target_mass)
        return _Option(value, move.action, why, move.dest)

    def _with_follow_up(self, obs: Observation, first: _Option, sums: "_Sums", verifies: list[_Option],
                        to_target: np.ndarray, target_mass: float) -> _Option:
        """Value ``first`` as the start of a two-action plan: its own value plus ``lookahead``
        x the best next action's, in every outcome where the game goes on. A move that scans
        nothing now may set up the large scan that wins before the pirate gets there."""
        other_verify = max((v.value for v in verifies if v.hint != first.hint), default=0.0)
        if first.hint is not None:  # a verify: the next action sees either answer
            mask = next(h.mask for h in obs.hints if h.index == first.hint)
            split = _Split(sums, mask)
            follow = 0.0
            for answer in (True, False):
                share = split.share(answer)
                if share <= 1e-9:
                    continue
                best = self._best_next(obs, obs.agent, split.given(answer), to_target, target_mass, other_verify)
                follow += share * best.value
            return _Option(first.value + self.settings.lookahead * follow, first.action, first.why, hint=first.hint)
        rest: Masses = sums
        if first.window is not None and first.mass > 0:
            if first.mass >= 1.0 - 1e-9:
                return first
            rest = sums.without(first.window, first.mass)
        best = self._best_next(obs, first.dest, rest, to_target, target_mass, other_verify)
        value = first.value + self.settings.lookahead * (1.0 - first.mass) * best.value
        why = first.why
        if best.value > first.value and best.mass > first.mass and best.mass >= 0.05:
            why = _then(first.why, best.why)
        return _Option(value, first.action, why, first.dest, first.window, first.mass)

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

    def _teleport(self, obs: Observation, p, s5, known: Pos | None, arrival, landing: np.ndarray,
                  spot: Pos) -> Decision | None:
        """Whether to spend the teleport now (it is unused): ``landing`` and ``spot`` are from
        :meth:`_landing_spot`."""
        st = self.settings
        board = obs.board
        # What a scan from walkable land can cover: the land itself and large_scan // 2 around it.
        on_foot = float(p[scan_reach(board, obs.agent, obs.config.large_scan)].sum())
        if on_foot < self.settings.on_foot_share:
            # Most of the probability is on land we cannot walk to: go where the most of it is.
            side = area_side(p, obs.config.large_scan)
            area = np.where(landing, box_sum(p, side), -1.0)
            there = divmod(int(np.argmax(area)), p.shape[1])
            return Decision(Teleport(*there), f"teleport to {there}: {_pct(1 - on_foot)} of the probability "
                                              f"cannot be reached on foot from here")
        mass = float(s5[spot])
        far = walk_steps(board, obs.agent, spot, st.teleport_min_distance - 1) is None
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
