"""A small, fast model of the duel for bots that search: flat cells, make/unmake moves.

This is not the judge (``game.duel.rules`` is): it is the same rules written for speed inside a
search, with moves applied in place and undone. Cells are numbered ``r * cols + c``; walls never
change, so the neighbour lists of a board are built once and cached.
"""

from __future__ import annotations

from game.duel.protocol import DELTAS, MOVES, DuelObservation

try:  # the rules' numbers live in one object; the course's values if it is not there
    from game.duel.config import DuelConfig as _DuelConfig

    _CFG = _DuelConfig()
    ROUNDS, STUN_TURNS, ERROR_SCORE = _CFG.rounds, _CFG.stun_turns, _CFG.error_score
except ImportError:  # pragma: no cover - only before the engine exists
    ROUNDS, STUN_TURNS, ERROR_SCORE = 1000, 3, -100

EMPTY, MUSH, POISON, STAR, PSTAR, MINE = 0, 1, 2, 3, 4, 5
ITEM_CODE = {"m": MUSH, "n": POISON, "s": STAR, "t": PSTAR, "b": MINE}
ITEM_NAME = {MUSH: "mushroom", POISON: "poison mushroom", STAR: "star", PSTAR: "poison star", MINE: "mine"}


def apply_item(score: int, item: int) -> int:
    """The mover's score after stepping on ``item`` (a mine leaves it unchanged)."""
    if item == MUSH:
        return score + 1
    if item == POISON:
        return score - 1
    if item == STAR:
        return score * 2
    if item == PSTAR:
        return score // 2 if score != 0 else 0
    return score


class Geometry:
    """Walls and neighbours of one board (shared by every state on it)."""

    __slots__ = ("rows", "cols", "n", "open", "open_cells", "nbrs", "nbr_moves", "stride", "bits", "open_mask")

    def __init__(self, rows: int, cols: int, walls: str):
        self.rows, self.cols, self.n = rows, cols, rows * cols
        self.open = [walls[i] != "x" for i in range(self.n)]
        self.open_cells = [i for i in range(self.n) if self.open[i]]
        nbrs: list[tuple[int, ...]] = []
        nbr_moves: list[tuple[tuple[int, int], ...]] = []
        for i in range(self.n):
            r, c = divmod(i, cols)
            ns, ms = [], []
            if self.open[i]:
                for k, move in enumerate(MOVES):
                    dr, dc = DELTAS[move]
                    nr, nc = r + dr, c + dc
                    if 0 <= nr < rows and 0 <= nc < cols and self.open[nr * cols + nc]:
                        j = nr * cols + nc
                        ns.append(j)
                        ms.append((k, j))
            nbrs.append(tuple(ns))
            nbr_moves.append(tuple(ms))
        self.nbrs, self.nbr_moves = nbrs, nbr_moves
        # Bitboards (sets of cells as one int): cell (r, c) is bit r * (cols + 1) + c. The spare
        # bit at the end of each row stays clear, so a shift by one never wraps round to the next
        # row: a breadth-first layer is a few shifts, ors and ands (:meth:`layers`).
        self.stride = cols + 1
        self.bits = [1 << (i + i // cols) for i in range(self.n)]
        self.open_mask = sum(self.bits[i] for i in self.open_cells)

    def around(self, cells: int) -> int:
        """The open cells next to any of ``cells`` (a bitboard), those cells included if so."""
        w = self.stride
        return ((cells << 1) | (cells >> 1) | (cells << w) | (cells >> w)) & self.open_mask

    def layers(self, start: int, passable: int) -> list[int]:
        """Breadth-first search on bitboards: the sets of cells 0, 1, 2, ... steps from ``start``,
        walking on the cells of ``passable`` only (``start`` need not be one of them)."""
        w = self.stride
        f = self.bits[start]
        rest = passable & ~f
        out = [f]
        while True:
            f = ((f << 1) | (f >> 1) | (f << w) | (f >> w)) & rest  # :meth:`around`, inline: the hot loop
            if not f:
                return out
            rest ^= f
            out.append(f)

    def distances_no_mines(self, start: int, blocked: int, items: list[int]) -> list[int]:
        """:meth:`distances` where a mine is a wall (a way over a mine is no escape: three turns stunned)."""
        nbrs = self.nbrs
        dist = [-1] * self.n
        if blocked >= 0:
            dist[blocked] = -2
        dist[start] = 0
        frontier = [start]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for cell in frontier:
                for x in nbrs[cell]:
                    if dist[x] == -1:
                        if items[x] == MINE:
                            dist[x] = -3
                            continue
                        dist[x] = d
                        nxt.append(x)
            frontier = nxt
        if blocked >= 0:
            dist[blocked] = -1
        return dist

    def distances(self, start: int, blocked: int) -> list[int]:
        """Steps from ``start`` to every cell (-1: unreachable), never through ``blocked`` (-1: none)."""
        nbrs = self.nbrs
        dist = [-1] * self.n
        if blocked >= 0:
            dist[blocked] = -2
        dist[start] = 0
        frontier = [start]
        d = 0
        while frontier:
            d += 1
            nxt = []
            for cell in frontier:
                for x in nbrs[cell]:
                    if dist[x] == -1:
                        dist[x] = d
                        nxt.append(x)
            frontier = nxt
        if blocked >= 0:
            dist[blocked] = -1
        return dist

    def weighted_paths(self, start: int, other: int, items: list[int], extra: dict[int, int],
                       other_cost: int | None = 8, tally=None) -> tuple[list[int], ...]:
        """Cheapest paths where stepping on an item ``k`` costs ``1 + extra[k]``.

        The other player's cell costs ``1 + other_cost`` to pass (far away, it will have moved on
        by then; a path that avoided it outright would swing from side to side as it moves). With
        ``other_cost=None`` (the other is close) its cell is a wall and no path goes *through* a
        cell next to it (those cells may still be the end of a path): two players in one
        corridor then stop trying to walk through each other.

        Returns (cost, steps, first cell of the path) per cell; cost -1 where unreachable. With
        ``tally`` (a number per cell), also the sum of ``tally`` over each path's cells.
        """
        step_cost = [1 + extra.get(it, 0) for it in items]
        if other_cost is None:
            return self.cheapest_paths(start, step_cost, wall=other, ends=self.nbrs[other], tally=tally)
        step_cost[other] += other_cost
        return self.cheapest_paths(start, step_cost, tally=tally)

    def cheapest_paths(self, start: int, step_cost, wall: int = -1,
                       ends=(), tally=None) -> tuple[list, ...]:
        """Dijkstra from ``start`` where stepping onto cell ``c`` costs ``step_cost[c]``; ``wall``
        (a cell, or -1) is never entered, and cells in ``ends`` may end a path but no path goes
        on from them. Ties go to fewer steps, then the lower cell index.

        Returns (cost, steps, first cell of the path) per cell; cost -1 where unreachable (0 at
        ``start``). With ``tally`` (a number per cell), also the sum of ``tally`` over the cells
        each path enters (the start not counted).
        """
        import heapq

        nbrs = self.nbrs
        n = self.n
        cost = [-1] * n
        steps = [0] * n
        first = [-1] * n
        cost[start] = 0
        # Each entry carries its path's tally last: the order in which cells are settled, and so
        # cost, steps and first, does not depend on it.
        counts = tally if tally is not None else [0] * n
        total = [0] * n
        heap = [(step_cost[x], 1, x, x, counts[x]) for x in nbrs[start] if x != wall]
        heapq.heapify(heap)
        while heap:
            cx, sx, x, f, tx = heapq.heappop(heap)
            if cost[x] != -1:
                continue
            cost[x], steps[x], first[x], total[x] = cx, sx, f, tx
            if x in ends:
                continue
            for y in nbrs[x]:
                if cost[y] == -1 and y != wall:
                    heapq.heappush(heap, (cx + step_cost[y], sx + 1, y, f, tx + counts[y]))
        return (cost, steps, first) if tally is None else (cost, steps, first, total)


_GEOMETRY_CACHE: dict[tuple[int, int, str], Geometry] = {}


def geometry_of(obs: DuelObservation) -> Geometry:
    walls = "".join("x" if ch == "x" else "." for row in obs.grid for ch in row)
    key = (obs.rows, obs.cols, walls)
    geo = _GEOMETRY_CACHE.get(key)
    if geo is None:
        if len(_GEOMETRY_CACHE) > 16:
            _GEOMETRY_CACHE.clear()
        geo = _GEOMETRY_CACHE[key] = Geometry(obs.rows, obs.cols, walls)
    return geo


class State:
    """A position: items per cell, both players (0 = A, 1 = B), scores, stuns, round and turn.

    ``turn`` is the player whose turn it is in ``round``; ``over`` is set once the game has ended.
    """

    __slots__ = ("geo", "items", "item_cells", "pos", "score", "stun", "round", "turn", "left", "masks")

    def __init__(self, geo: Geometry, items: list[int], pos: list[int], score: list[int], stun: list[int],
                 round_: int, turn: int):
        self.geo = geo
        self.items = items
        self.item_cells = [i for i, v in enumerate(items) if v]
        self.pos = pos
        self.score = score
        self.stun = stun
        self.round = round_
        self.turn = turn
        self.left = len(self.item_cells)
        # The cells holding each kind of item, as bitboards (``masks[MUSH]``...), kept by play/undo.
        bits = geo.bits
        self.masks = [0] * (MINE + 1)
        for c in self.item_cells:
            self.masks[items[c]] |= bits[c]

    @classmethod
    def from_observation(cls, obs: DuelObservation, stun_other: int = 0) -> "State":
        geo = geometry_of(obs)
        items = [0] * geo.n
        pos = [0, 0]
        for r, row in enumerate(obs.grid):
            base = r * obs.cols
            for c, ch in enumerate(row):
                if ch in ITEM_CODE:
                    items[base + c] = ITEM_CODE[ch]
                elif ch == "A":
                    pos[0] = base + c
                elif ch == "B":
                    pos[1] = base + c
        me = 0 if obs.me == "A" else 1
        stun = [0, 0]
        stun[1 - me] = stun_other
        return cls(geo, items, pos, [obs.score_a, obs.score_b], stun, obs.round, me)

    def copy(self) -> "State":
        s = State.__new__(State)
        s.geo, s.items, s.item_cells = self.geo, list(self.items), self.item_cells
        s.pos, s.score, s.stun = list(self.pos), list(self.score), list(self.stun)
        s.round, s.turn, s.left = self.round, self.turn, self.left
        s.masks = list(self.masks)
        return s

    def legal(self, player: int) -> list[tuple[int, int]]:
        """(move index, cell) pairs the player may take now."""
        other = self.pos[1 - player]
        return [mc for mc in self.geo.nbr_moves[self.pos[player]] if mc[1] != other]

    def over(self) -> bool:
        """True once no further turn is played: past the last round, or no item at a round's start."""
        return self.round > ROUNDS or (self.turn == 0 and self.left == 0)

    # make / unmake -----------------------------------------------------------------------------
    def play(self, cell: int) -> tuple:
        """The player to move steps to ``cell`` (``-1``: a skipped, stunned turn). Returns an undo record."""
        p = self.turn
        undo = (p, self.pos[p], self.score[p], self.stun[p], self.round, cell, self.items[cell] if cell >= 0 else 0)
        if cell < 0:
            self.stun[p] -= 1
        else:
            item = self.items[cell]
            self.pos[p] = cell
            if item:
                self.items[cell] = 0
                self.masks[item] ^= self.geo.bits[cell]
                self.left -= 1
                if item == MINE:
                    self.stun[p] = STUN_TURNS
                else:
                    self.score[p] = apply_item(self.score[p], item)
        if p == 1:
            self.round += 1
        self.turn = 1 - p
        return undo

    def undo(self, undo: tuple) -> None:
        p, pos, score, stun, round_, cell, item = undo
        self.pos[p], self.score[p], self.stun[p], self.round, self.turn = pos, score, stun, round_, p
        if cell >= 0 and item:
            self.items[cell] = item
            self.masks[item] ^= self.geo.bits[cell]
            self.left += 1


def negamax_moves(st: State, moves, search, alpha: float, beta: float) -> tuple[float, int]:
    """One node of an alpha-beta (negamax) search: each of ``moves`` ((move, cell) pairs of the
    player to move) is played, valued ``-search(-beta, -alpha)`` and undone, until one reaches
    ``beta``. Returns the best value and the cell whose move cut the search off (-1: none did)."""
    best = float("-inf")
    for mc in moves:
        undo = st.play(mc[1])
        try:
            v = -search(-beta, -alpha)
        finally:
            st.undo(undo)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    return best, mc[1]
    return best, -1


def winner_value(score_me: int, score_other: int) -> int:
    """+1, 0 or -1: how the game ends for 'me' by comparing scores."""
    return (score_me > score_other) - (score_me < score_other)
