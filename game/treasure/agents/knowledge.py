"""What the public record says about where the treasure can be.

Hard knowledge rules tiles out for certain: the map (never sea, mountain or prison, and only
where some prison can walk to: the pirate's prison is drawn among the prisons that reach the
treasure, and a map where none does is refused), the revealed prison (the treasure is on the
land he can walk to from it), scanned tiles, verified hints, and the pirate's walk. The walk rule (RULES §6) is deterministic, so
every step he is seen to take rules out each tile for which that step is not the rule's choice:
the tile must lie on a shortest path through his trail, and no neighbour the rule prefers
(his previous direction, else the first of N, E, S, W) may also lead there as fast.

Soft knowledge, under the ``bluff`` truth model only, weighs unverified hints by the liar rate.
Under the ``random`` model a hint's area is drawn without looking at the treasure, so an
unverified hint carries no information at all and is ignored until verified.
"""

from __future__ import annotations

import weakref

import numpy as np

from game.treasure.board import DIRECTION_ORDER, DIRECTIONS, UNREACHABLE, Board, Pos, walking_distance
from game.treasure.observation import Observation

_BFS_CACHE: "weakref.WeakKeyDictionary[Board, dict[Pos, np.ndarray]]" = weakref.WeakKeyDictionary()
_BFS_CACHE_LIMIT = 512


def distances_from(board: Board, source: Pos) -> np.ndarray:
    """Walking distances from ``source`` (cached per board: games on one map share them)."""
    cache = _BFS_CACHE.setdefault(board, {})
    dist = cache.get(source)
    if dist is None:
        dist = walking_distance(board.passable, source)
        dist.flags.writeable = False
        _remember(cache, source, dist)
    return dist


def _remember(cache: dict, key, value) -> None:
    """Store ``value``, first dropping the oldest entry if the cache is full."""
    if len(cache) >= _BFS_CACHE_LIMIT:
        cache.pop(next(iter(cache)))
    cache[key] = value


_NEAR_CACHE: "weakref.WeakKeyDictionary[Board, dict[Pos, tuple[np.ndarray, int]]]" = weakref.WeakKeyDictionary()


def distances_near(board: Board, source: Pos, around: Pos, reach: int) -> np.ndarray:
    """Walking distances from ``source``, exact on every tile within ``reach`` steps' walk of
    ``around`` (and wherever else they are no larger); other tiles may read UNREACHABLE.
    The agent only asks how far its next two moves' tiles are from its target, so the search
    stops there instead of covering the map. Cached per board, like :func:`distances_from`."""
    full = _BFS_CACHE.get(board, {}).get(source)
    if full is not None:
        return full
    cache = _NEAR_CACHE.setdefault(board, {})
    got = cache.get(source)
    if got is not None:
        dist, covered = got
        if dist[around] != UNREACHABLE and dist[around] + reach <= covered:
            return dist
    dist = walking_distance(board.passable, source, until=around, margin=reach)
    dist.flags.writeable = False
    reached = int(dist[around])
    _remember(cache, source, (dist, reached + reach if reached != UNREACHABLE else UNREACHABLE))
    return dist


def walkable_from(board: Board, source: Pos) -> np.ndarray:
    """Tiles one can walk to from ``source``: ``distances_from(board, source) != UNREACHABLE``
    read off the board's connected pieces, without a search."""
    label = int(board.components[source])
    if label == 0:
        return np.zeros(board.shape, dtype=bool)
    return board.components == label


_SCAN_REACH: "weakref.WeakKeyDictionary[Board, dict[tuple[int, int], np.ndarray]]" = weakref.WeakKeyDictionary()


def scan_reach(board: Board, source: Pos, side: int) -> np.ndarray:
    """Tiles a side x side scan can cover from land one can walk to from ``source`` (cached
    per board and connected piece)."""
    key = (int(board.components[source]), side)
    cache = _SCAN_REACH.setdefault(board, {})
    mask = cache.get(key)
    if mask is None:
        mask = cache[key] = box_sum(walkable_from(board, source).astype(np.float64), side) > 0.5
        mask.flags.writeable = False
    return mask


def walk_steps(board: Board, source: Pos, target: Pos, limit: int) -> int | None:
    """Walking distance from ``source`` to ``target`` if it is at most ``limit``, else None.
    A walk of ``limit`` steps never leaves the square of that radius around ``source``, so
    the search is confined to it: a few hundred tiles instead of the whole map."""
    if abs(target[0] - source[0]) > limit or abs(target[1] - source[1]) > limit:
        return None
    r0, c0 = max(source[0] - limit, 0), max(source[1] - limit, 0)
    crop = board.passable[r0:source[0] + limit + 1, c0:source[1] + limit + 1]
    d = int(walking_distance(crop, (source[0] - r0, source[1] - c0))[target[0] - r0, target[1] - c0])
    return d if d <= limit else None


class Knowledge:
    """Incrementally maintained candidate mask and probability map for one game."""

    def __init__(self, obs: Observation):
        self.board = obs.board
        self.possible = obs.board.eligible & reachable_from_prisons(obs.board)  # hard constraints so far
        self.prison_applied = False
        self.applied_hints: set[int] = set()
        self.trail_seen = 0  # how many trail tiles have been used
        self.notes: list[str] = []

    # --- hard knowledge ------------------------------------------------------------------
    def update(self, obs: Observation) -> None:
        apply_record(self.possible, self.applied_hints, obs)
        if obs.prison is not None and not self.prison_applied:
            labels = self.board.components
            self.possible &= labels == labels[obs.prison]
            self.prison_applied = True
        if obs.pirate_free and len(obs.pirate_trail) > max(self.trail_seen, 1):
            self._apply_trail(obs.pirate_trail)
        if not self.possible.any():
            # Cannot happen if the engine follows the rules; recover rather than stall.
            self.notes.append("knowledge became inconsistent; starting again from the public record")
            self.possible = obs.board.eligible & ~obs.scanned

    def _apply_trail(self, trail: tuple[Pos, ...]) -> None:
        board = self.board
        start = trail[0]
        from_start = distances_from(board, start)
        k = len(trail) - 1
        here = distances_from(board, trail[-1])
        # On a shortest path through the whole trail, and not where he stands now.
        ok = (from_start != UNREACHABLE) & (here == from_start - k) & (here > 0)
        first_new = max(self.trail_seen - 1, 0)
        for i, n in rival_steps(board, trail, first_new):
            # The rival would also be a step on a shortest path: the rule would have taken it.
            ok &= distances_from(board, n) != from_start - i - 1
        self.possible &= ok
        self.trail_seen = len(trail)

    # --- probability -----------------------------------------------------------------------
    def probabilities(self, obs: Observation) -> np.ndarray:
        p = self.possible.astype(np.float64)
        total = p.sum()
        if obs.config.truth_model == "bluff":
            lie = obs.config.liar_rate
            for hint in obs.hints:
                if hint.verified is None:
                    inside = float((p * hint.mask).sum())
                    if 0 < inside < total:
                        # P(t | hint) = (1-lie) P(t | A) for t in A, lie P(t | not A) outside.
                        p = np.where(hint.mask, p * ((1 - lie) / inside), p * (lie / (total - inside)))
                        total = p.sum()
        if total <= 0:
            return p
        return p / total


def reachable_from_prisons(board: Board) -> np.ndarray:
    """Tiles some prison can walk to: the only places the treasure can be (RULES §3, §6)."""
    labels = board.components
    pieces = sorted({int(labels[p]) for p in board.prisons})
    return np.isin(labels, pieces) & (labels > 0)


def apply_record(possible: np.ndarray, applied: set[int], obs: Observation) -> None:
    """Rule out, in place, the scanned tiles and what each newly verified hint excludes.
    ``applied`` remembers which hints are already in ``possible``."""
    possible &= ~obs.scanned
    for hint in obs.hints:
        if hint.verified is not None and hint.index not in applied:
            possible &= hint.mask if hint.verified else ~hint.mask
            applied.add(hint.index)


def area_side(p: np.ndarray, smallest: int, largest: int = 25) -> int:
    """An odd square side fitted to how spread ``p`` is: about the root of its effective
    number of tiles (1 / sum p^2), within [smallest, largest]."""
    n_eff = 1.0 / max(float((p * p).sum()), 1e-12)
    return int(np.clip(np.sqrt(n_eff), smallest, largest)) | 1


def _direction(a: Pos, b: Pos) -> str:
    delta = (b[0] - a[0], b[1] - a[1])
    for name, d in DIRECTIONS.items():
        if d == delta:
            return name
    raise ValueError(f"{a} -> {b} is not one step")


def _rivals(previous: str | None, chosen: str) -> list[str]:
    """Directions that, had they led to the treasure as fast, the rule would have taken."""
    if previous == chosen:
        return []
    earlier = list(DIRECTION_ORDER[: DIRECTION_ORDER.index(chosen)])
    if previous is not None and previous not in earlier:
        earlier.append(previous)
    return earlier


def rival_steps(board: Board, trail: list[Pos], start: int = 0):
    """For each step ``i >= start`` of the trail, the open cells a rival direction leads to from
    ``trail[i]`` (directions the rule would have preferred, had they been as short): ``(i, cell)``."""
    for i in range(start, len(trail) - 1):
        previous = _direction(trail[i - 1], trail[i]) if i > 0 else None
        for rival in _rivals(previous, _direction(trail[i], trail[i + 1])):
            dr, dc = DIRECTIONS[rival]
            n = (trail[i][0] + dr, trail[i][1] + dc)
            if board.on_map(n) and board.passable[n]:
                yield i, n


def box_sum(p: np.ndarray, side: int) -> np.ndarray:
    """Sum of ``p`` over the side x side square centred on each tile, clipped to the map."""
    half = side // 2
    h, w = p.shape
    padded = np.zeros((h + 2 * half + 1, w + 2 * half + 1))
    padded[half + 1 : half + 1 + h, half + 1 : half + 1 + w] = p
    c = padded.cumsum(0).cumsum(1)
    return c[side:, side:] - c[:-side, side:] - c[side:, :-side] + c[:-side, :-side]


def entropy2(x: float) -> float:
    """Binary entropy in bits: the information a yes/no test with P(yes) = x gives."""
    if x <= 0.0 or x >= 1.0:
        return 0.0
    return float(-x * np.log2(x) - (1 - x) * np.log2(1 - x))


# --- hints whose truth already follows ----------------------------------------------------------

def public_possible(obs: Observation, *, hints: bool = True) -> np.ndarray:
    """Where the treasure can still be by hard knowledge of the public record: the map, the
    revealed prison's land, the scans, the pirate's walk, and (``hints``) the verified hints."""
    if not hints:
        from dataclasses import replace

        obs = replace(obs, hints=tuple(replace(h, verified=None) for h in obs.hints),
                      verified=tuple(None for _ in obs.hints))
    knowledge = Knowledge(obs)
    knowledge.update(obs)
    return knowledge.possible


def hint_settled(mask: np.ndarray, possible: np.ndarray) -> bool | None:
    """A hint's truth if ``possible`` already decides it: True when every tile the treasure can
    still be on lies in the hint's area, False when none does, None while it is open."""
    inside = bool((possible & mask).any())
    outside = bool((possible & ~mask).any())
    if inside and not outside:
        return True
    if outside and not inside:
        return False
    return None


def implied_hints(obs: Observation, possible: np.ndarray | None = None) -> dict[int, tuple[bool, tuple[int, ...]]]:
    """Unverified hints whose truth follows from what is known, by hint number:
    ``{5: (False, (3,))}`` reads "hint 5 is FALSE, which follows from hint 3". The hints named
    are the fewest verified ones (one if one suffices, else all of them) that decide it with the
    scans, the map and the pirate; an empty tuple means the hints are not needed at all."""
    if possible is None:
        possible = public_possible(obs)
    open_hints = [h for h in obs.hints if h.verified is None]
    settled = {h.index: hint_settled(np.asarray(h.mask, dtype=bool), possible) for h in open_hints}
    settled = {k: v for k, v in settled.items() if v is not None}
    if not settled:
        return {}
    base = public_possible(obs, hints=False)
    verified = [h for h in obs.hints if h.verified is not None]
    out: dict[int, tuple[bool, tuple[int, ...]]] = {}
    for hint in open_hints:
        truth = settled.get(hint.index)
        if truth is None:
            continue
        mask = np.asarray(hint.mask, dtype=bool)
        if hint_settled(mask, base) is truth:
            out[hint.index] = (truth, ())
            continue
        source: tuple[int, ...] = tuple(h.index for h in verified)
        for other in reversed(verified):  # the latest verification first: it usually did it
            alone = base & (other.mask if other.verified else ~np.asarray(other.mask, dtype=bool))
            if hint_settled(mask, alone) is truth:
                source = (other.index,)
                break
        out[hint.index] = (truth, source)
    return out


def implied_text(truth: bool, source: tuple[int, ...]) -> str:
    """``FALSE (follows from 3)``, ``TRUE (follows from 2, 5)``, ``FALSE (follows from the scans)``."""
    word = "TRUE" if truth else "FALSE"
    if not source:
        return f"{word} (follows from what is known)"
    return f"{word} (follows from {', '.join(map(str, source))})"
