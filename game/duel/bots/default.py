"""The default duel bot: a collection plan, checked by alpha-beta search for traps, dead ends and races.

How it plays (docs/DUEL-BOTS.md says it at length):

* **Plan.** Cheapest paths (poison, mines and stars kept for later cost extra steps; mines far
  more with the other near) to the items it reaches before the other player (to the ones the
  other reaches first when there is none); the best value per step is the target. A mushroom is
  1; a star is worth the score it doubles, so a star waits for the mushrooms only while it is
  safe (the other is further behind us than our mushroom tour takes, or more than 30 steps
  behind); a star at risk is taken now, also worth the other's score the nearer the other is
  (with the players far apart, the score it will have after the mushrooms it reaches first: a
  star it takes doubles that, not what it has now). Stars at most 6 steps apart are a group, taken
  one after the other: the denial of a star of a group of k the other is racing us for counts
  ``2^(k-1)`` times. Far ahead, or behind with the other near, a target down a dead end the
  other can close behind us is no target. The last target is kept unless another is clearly
  better. Behind by more than every item it can still reach could bring, the target is the
  other player (only a trap wins then), the way there around items.
* **Copycat.** As A, when the other has answered our last move with its mirror image (players
  point-symmetric at two turns in a row), every cell is worth its item to us minus the mirror
  cell's item to the other: it walks to the cells that gain (items whose mirror image is gone,
  the centre of an odd board, which the other cannot follow us onto). Behind, it looks for a line
  that ends ahead: a pair of poison stars halves both scores, rounding down, so with the parity
  set by a pair of mushrooms it halves the gap, and an item whose mirror image is gone then puts
  it ahead.
* **Who can be boxed in.** A boxed-in player has the other next to it on its own turn. The board
  is a checkerboard and both change colour every move, so only one of the two players can ever be
  boxed in; a skipped turn (a mine stuns for 3) flips which. The vulnerable player in a dead end
  (its region is a tree with one entrance, no cycle to run round, not even through the hunter's
  cell) is lost: the bot avoids being that player and chases the other to the end of its dead end.
  Early on, as that player on a board whose every star ends a dead end (the course's 8x8 map as
  B), it walks to a near mine while the other is far: the stun makes the other that player.
* **Search.** When the players are close: negamax with alpha-beta over the real turn order (A,
  then B, a stunned player's turns skipped), iterative deepening under a node budget derived from
  the move time (the same game on any machine), with a wall-clock guard. A player with no legal
  move on its turn has erred (score -100, then the scores decide). The evaluation splits the
  board Voronoi-style, values each side's items as the score they lead to (``(S + M) * 2^K``,
  discounted by distance and tour position) on a log scale, adds a term for ending ahead (the
  projected gap over what is left to take, through tanh: near the end one point decides), and
  the dead-end terms; it works on bitboards (a set of cells is one int), so a breadth-first step
  is a few shifts. The plan's move is kept unless the search finds another better by a margin.
* **Safety.** It never answers an illegal move while a legal one exists; if the search finds
  nothing in time, the plan's move (or the first legal move) answers.
"""

from __future__ import annotations

import functools
import heapq
import math
import time

from game.duel.protocol import MOVES, Bot, Decision, DuelObservation

from .sim import (EMPTY, ERROR_SCORE, ITEM_NAME, MINE, MUSH, POISON, PSTAR, ROUNDS, STAR, STUN_TURNS, State,
                  apply_item, negamax_moves, winner_value)

WIN = 1_000_000.0
SETTLED_MARGIN = 0.4  # at most this for the final margin of a settled result (below half a ply)
DOOM = 60.0            # being chased into a dead end is nearly lost
GAMMA = 0.92          # an item d steps away counts GAMMA**d of itself
HAZARD = 12           # extra steps charged for an item only reachable over poison or a mine
QUEUE = 2             # steps between two items of one side's collection tour
STAR_TRY = 10          # a star the other reaches first by at most this many steps is still a target (it may wait)
STAR_SAFETY = 8        # within this many steps of our lead a raced star is also worth the other's score (to come)
TIE_STEPS = 2          # ... and a try the other is at most this many steps nearer to, if the race is open
STAR_RISK = 30         # a star is at risk when the other is at most min(our mushroom tour, this) steps behind us
                       # (12 lost star-rich boards to a collector that takes stars early: docs/DUEL-BOTS.md)
RISK_NEAR = 5          # ... at once; farther (up to STAR_RISK) only while it walks straight at the star
RISK_COMING = 15       # ... and then only within this lead (known to walk at it, the other is this far behind)
APPROACH = 2           # our turns looked back to see the other walking straight at a star (when we know)
WAIT_WORTH = 0.5       # ... and only while our mushrooms to come add this many doublings (log2) to the score
WAIT_LEAD = 10         # ... for a lead beyond this, fewer (times (WAIT_LEAD / lead)^2) if we go for a mushroom
STAR_TIME_MARGIN = 40  # start the star tour this many turns before it would be too late
TERRITORY = 0.5        # the evaluation's weight on the share of the board each side reaches first
CLOSE = 3              # the other this near is a wall for the plan (no walking through it)
KEEP_FACTOR = 1.5      # a new target must be this much better per step to replace the last one
DETOUR_STEPS = 2       # a star we were going for, this near, is taken before a new star target (if that race allows)
MUSHROOM_STEPS = 2.5   # steps a mushroom takes on average in a collection tour
STAR_STEPS = 4         # the plan's extra cost of stepping on a star (it walks around stars it keeps for later)
STAR_DOUBLED = 40      # ... plus MUSHROOM_STEPS for each mushroom of ours still to take, up to this many
COPYCAT = 2            # our turns in a row with the players point-symmetric: the other copies our moves
COPY_DEPTH = 4         # the copy game's search: moves that halve (poison stars) or shift parity, before the rest
COPY_TARGETS = 40      # cells tried (nearest first) for the next step of the copy game's line
WIN_TERM = 16.0        # the evaluation's weight on ending ahead (tanh of the projected gap over what is left)
SYMMETRY_PENALTY = 10.0 + WIN_TERM  # as A, times the chance that B, stepping at random (onto the mirror image of
                        # A's cell when it is one step away, as a copycat does), stands point-symmetric to A
                        # within two rounds with A not ahead in the copy game (a copycat then ties or wins,
                        # taking away what ending ahead is worth)
CYCLE_WINDOW = 40      # rounds of our own moves remembered to spot a stand-off (the same two cells again and again)
CYCLE_REPEATS = 2      # back at the same two cells this often: a stand-off, play another move than before
CYCLE_PENALTY = 3.0    # a move played before from the same two cells, each time: just above the search's MARGIN
CYCLE_COUNT = 3        # ... counted at most this often (9 bits of score ratio: still far below DOOM, a dead end)
KEEP_TURNS = 10        # the other within CLOSE of a star at each of our last this many turns: it keeps it (no try)
DITHER = 6             # our moves in a row between the same two cells, every other one the search overriding the
                       # plan: the two disagree, so the way back costs CYCLE_PENALTY (see DefaultBot._dither)
STALL = 8              # back at the same two cells this often (not in the copy game): no copycat, drop the symmetry guard
GROUP_STEPS = 6        # stars at most this many steps apart are a group: whoever takes one goes on to the next
GROUP_MAX = 4          # ... counted up to this many (the other taking four: 16 times its score)
STAR_CAP = 40          # the plan's star groups and deadlines weigh the nearest this many stars (each
                       # deadline walks the whole board): the course's maps have 12 and 4, the bench's
                       # generated boards (up to 30x30) at most 26, our shipped 64x64 one 124; a 64x64
                       # board of 4000 stars took 4.4 s a move without a cap
STAR_TOUR_CAP = 200    # ... and the tour of our stars (cheap: city-block steps) the nearest this many
SECURE_LEAD = 4        # a score this many times the other's: only being boxed in can lose it
MINE_TALLY = 1 << 16   # make_plan's path tally: poison stars crossed in the low bits, mines above
FAR = 10               # players farther apart than this (in steps) cannot interact within the horizon
END_ROUNDS = 8         # ... but in the game's last this many rounds the search decides even so
EVALS_PER_SECOND = 10000  # nodes per second of move time: under 60% of what this 2-core machine searches
                          # with two games on it (6000-node moves at most 0.34 s on a 30x30 board, 0.27 s
                          # on the course's 20map); 5000 before session 48 (deeper search boxes in and
                          # escapes where 1000-1500 nodes walked into a pen), 2500 before bitboards
_POW = [GAMMA ** d for d in range(4200)]


def nodes_for(move_time: float) -> int:
    """The node budget ``move_time`` seconds buy (``EVALS_PER_SECOND`` a second, at least 8)."""
    return max(8, int(EVALS_PER_SECOND * move_time))


class _OutOfBudget(Exception):
    pass


def settled(mine: int, theirs: int, ply: int) -> float:
    """The value of a game over ``ply`` plies from the root (a game that ends on points: the plies
    to the last round's end), with final scores ``mine`` and ``theirs``: a win is worth WIN less
    the plies to it (a loss the negative), and the final margin adds less than half a ply
    (SETTLED_MARGIN at most). Without it every settled result of the same length tied whatever the
    score, and the search took the first move of the tie: a poison star on the last move, 13 -> 6,
    with every move losing (gen10x10-587686 seed 0 as B against trapper). And a game ended by
    taking the last item counted as a quick win, a poison star taken to end it at 6-3, not 13-3."""
    d = mine - theirs
    return winner_value(mine, theirs) * (WIN - ply) + SETTLED_MARGIN * d / (abs(d) + 10)


def _plies(value: float) -> int:
    """How many plies ahead a settled result (``settled``) lies."""
    return round(WIN - abs(value))


def _at_the_end(st: State, value: float) -> bool:
    """Whether a settled result seen from ``st`` comes at the game's end, not by a trap: the
    round of the position ``_plies(value)`` plies on is past the last (A moves first in a round,
    so from B's turn one ply reaches the next round)."""
    return st.round + (_plies(value) + st.turn) // 2 > ROUNDS


def slog(x: float) -> float:
    return math.log2(1.0 + x) if x >= 0 else -math.log2(1.0 - x)


class Analysis:
    """What one evaluation found, kept for the reason text."""

    __slots__ = ("value", "share", "doomed", "region", "penned", "spread")

    def __init__(self, value, share, doomed, region, penned=(False, False), spread=1.0):
        self.value, self.share, self.doomed, self.region = value, share, doomed, region
        self.penned, self.spread = penned, spread


def _depth(layers: list[int], bit: int) -> int:
    """Steps to a cell (its bit) from a breadth-first search's layers; -1 where it never got."""
    for d, layer in enumerate(layers):
        if layer & bit:
            return d
    return -1


def _item_codes(geo, start: int, safe: int, layers: list[int], region: int, mush: int, star: int) -> list[int]:
    """``(steps << 1) | is_star`` for each mushroom and star in ``region``: its steps from ``start``
    walking on ``safe`` cells only (no poison, no mine on the way), or, only reachable over them,
    its steps in ``layers`` (the breadth-first layers over every cell but mines) plus ``HAZARD``.
    The safe search stops once it has found every item of the region."""
    codes: list[int] = []
    left = region & (mush | star)
    w = geo.stride
    f = geo.bits[start]
    rest = safe & ~f
    d = 0
    while left:
        f = ((f << 1) | (f >> 1) | (f << w) | (f >> w)) & rest
        if not f:
            break
        rest ^= f
        d += 1
        x = f & left
        if x:
            left ^= x
            codes += [d << 1] * (x & mush).bit_count() + [(d << 1) | 1] * (x & star).bit_count()
    if not left:
        return codes
    for d, layer in enumerate(layers):
        x = layer & left
        if x:
            left ^= x
            h = d + HAZARD
            codes += [h << 1] * (x & mush).bit_count() + [(h << 1) | 1] * (x & star).bit_count()
            if not left:
                break
    return codes


def evaluate(st: State, detail: bool = False, spread: float | None = None):
    """The position's value for A (positive: good for A); with ``detail``, an :class:`Analysis`.

    Works on bitboards (:meth:`Geometry.layers`): the four breadth-first searches, the territory
    and its edges are a few big-integer operations per step instead of a loop over the cells."""
    geo = st.geo
    pa, pb = st.pos
    masks = st.masks
    bits = geo.bits
    bit_a, bit_b = bits[pa], bits[pb]
    mush, star = masks[MUSH], masks[STAR]
    # Steps to each cell with mines as walls (a way over a mine is no escape: three turns
    # stunned), never through the other player; and the same never stepping on poison either.
    walk = geo.open_mask & ~masks[MINE]
    safe = walk & ~masks[POISON] & ~masks[PSTAR]
    lay_a = geo.layers(pa, walk & ~bit_b)
    lay_b = geo.layers(pb, walk & ~bit_a)
    mover = st.turn
    # Ply at which each player can first stand on a cell d steps away: the mover's turn comes first.
    off_a = 2 * st.stun[0] - (1 if mover == 0 else 0)
    off_b = 2 * st.stun[1] - (1 if mover == 1 else 0)
    turns_left = ROUNDS - st.round + 1
    # Territory as cells each side reaches first (a cell both reach in as many steps is the
    # mover's, as in play): A's cell d steps away is A's unless B stands on it by ply 2d + off_a,
    # that is, B is at most (2d + off_a - off_b) // 2 steps away.
    reach_b = _cumulative(lay_b)
    last_b = len(reach_b) - 1
    own_a = 0
    for d, layer in enumerate(lay_a):
        k = (2 * d + off_a - off_b) // 2
        if k >= 0:
            layer &= ~reach_b[k if k < last_b else last_b]
        own_a |= layer
    own_b = (reach_b[-1] if reach_b else 0) & ~own_a
    # Stars a side reaches first but only after the other, taking them one at a time, are the other's.
    # (A's running unions only when B has two stars or more: none is late otherwise.)
    stars_b = own_b & star
    late_a = _late_stars(own_a & star, lay_a, off_a, reach_b, off_b)
    late_b = _late_stars(stars_b, lay_b, off_b, _cumulative(lay_a) if stars_b & (stars_b - 1) else (), off_a)
    la = _item_codes(geo, pa, safe & ~bit_b, lay_a, (own_a & ~late_a) | late_b, mush, star)
    lb = _item_codes(geo, pb, safe & ~bit_a, lay_b, (own_b & ~late_b) | late_a, mush, star)
    m_a, k_a = _queue_value(la, st.stun[0], turns_left)
    m_b, k_b = _queue_value(lb, st.stun[1], turns_left)
    sa, sb = st.score
    base_a = sa + m_a
    base_b = sb + m_b
    proj_a = base_a * 2.0 ** k_a if base_a > 0 else base_a
    proj_b = base_b * 2.0 ** k_b if base_b > 0 else base_b
    value = slog(proj_a) - slog(proj_b)
    # Who ends ahead: near the end, with little left to take, a point that decides the game is
    # worth far more than its share of the score. The spread (what is still to take) is the
    # search root's, the same at every leaf: taken at the leaf, a side that is behind would lose
    # by taking its own items (less left to turn the game).
    if spread is None:
        spread = 1.0 + abs(proj_a - sa) + abs(proj_b - sb)
    value += WIN_TERM * math.tanh((proj_a - proj_b) / spread)

    # Whether each side could be chased down: its region is a tree, no cycle to run around
    # (``va`` cells, ``ea`` edges between them). Until session 23 a tied cell counted as both
    # players' for the tree: then at every leaf after our own move a dead end the other closes
    # with its next move looked open, and a search stopping on our move walked into it (88map,
    # default against itself: A took the corner star at the end of a corridor and was boxed in at
    # its mouth).
    w = geo.stride
    va, vb = own_a.bit_count(), own_b.bit_count()
    ea = (own_a & (own_a >> 1)).bit_count() + (own_a & (own_a >> w)).bit_count()
    eb = (own_b & (own_b >> 1)).bit_count() + (own_b & (own_b >> w)).bit_count()
    # A cycle through the other's own cell counts too: the hunted one can run round it.
    region_a = (own_a, lay_a, off_a, lay_b, off_b)
    region_b = (own_b, lay_b, off_b, lay_a, off_a)
    doomed_a = (va - ea == 1 and (geo.around(bit_b) & own_a).bit_count() <= 1 and _vulnerable(st, 0)
                and _one_entrance(geo, region_a, masks[MINE]))
    doomed_b = (vb - eb == 1 and (geo.around(bit_a) & own_b).bit_count() <= 1 and _vulnerable(st, 1)
                and _one_entrance(geo, region_b, masks[MINE]))
    # Penned: behind, in the smaller of two regions that meet at one cell or at two the other
    # guards (:func:`_penned`), with too few items in it to get ahead. It need not be boxed in:
    # the other stands at the mouth, and the score stands (gen12x23-255575 seed 1 as A against
    # trapper: A, 46-52, walked up a corridor with B behind it and spent the last 887 rounds in a
    # strip of four cells on the top row). The hunter of a player in a dead end is not penned: it
    # is the one at the mouth.
    penned_a = (va < vb and sa < sb and not doomed_a and not doomed_b and not _vulnerable(st, 0)
                and _pocket_best(own_a, masks, sa) < sb
                and _penned(geo, region_a, masks[MINE], pb))
    penned_b = (vb < va and sb < sa and not doomed_a and not doomed_b and not _vulnerable(st, 1)
                and _pocket_best(own_b, masks, sb) < sa
                and _penned(geo, region_b, masks[MINE], pa))
    if doomed_a or penned_a:
        value -= DOOM * (0.5 + 10.0 / (20 + va))
    if doomed_b or penned_b:
        value += DOOM * (0.5 + 10.0 / (20 + vb))
    total = va + vb
    value += TERRITORY * (va - vb) / total if total else 0.0
    if detail:
        return Analysis(value, (va / total if total else 0.5), (doomed_a, doomed_b), (va, vb),
                        (penned_a, penned_b), spread)
    return value


def _cumulative(layers: list[int]) -> list[int]:
    """The cells within 0, 1, 2, ... steps: running unions of breadth-first layers."""
    out, acc = [], 0
    for layer in layers:
        acc |= layer
        out.append(acc)
    return out


def _late_stars(stars: int, layers: list[int], off: int, reach_other, off_other: int) -> int:
    """The stars of a side's region (``stars``, a bitboard) that it would reach only after the other
    does, taking them one at a time: the j-th nearest is reached ``QUEUE * j`` steps late (while it
    takes the first, the other walks to the next). ``layers``/``off``: its breadth-first layers and
    ply offset (as in :func:`evaluate`); ``reach_other``: the other's cells within k steps, for each
    k. Without it, a player in a cluster of stars (the four in the middle of the course's map)
    counted all of them as its doublings to come, though the other stood as near to the rest."""
    if not stars & (stars - 1) or not reach_other:
        return 0
    late = 0
    last = len(reach_other) - 1
    j = 0
    left = stars
    for d, layer in enumerate(layers):
        x = layer & left
        while x:
            b = x & -x
            x ^= b
            left ^= b
            if j:
                k = (2 * (d + QUEUE * j) + off - off_other) // 2
                if k >= 0 and reach_other[k if k < last else last] & b:
                    late |= b
            j += 1
        if not left:
            break
    return late


def _pocket_best(region: int, masks: list[int], score: int) -> int:
    """The best score a player can reach with the items of its region (a bitboard) alone: every
    mushroom, then every star."""
    base = score + (region & masks[MUSH]).bit_count()
    return base * 2 ** (region & masks[STAR]).bit_count() if base > 0 else base


def _queue_value(codes: list[int], stun: int, turns_left: int) -> tuple[float, float]:
    """Discounted mushrooms and stars of one side: the j-th nearest item is reached about
    ``QUEUE * j`` steps late (one player takes one item at a time), and none after the last round."""
    codes.sort()
    pw = _POW
    m = k = 0.0
    j = 0
    for code in codes:
        t = (code >> 1) + stun + QUEUE * j
        if t > turns_left:
            break
        if code & 1:
            k += pw[t]
        else:
            m += pw[t]
        j += 1
    return m, k


def _vulnerable(st: State, player: int) -> bool:
    """Whether ``player`` can ever be boxed in, as things stand.

    A boxed-in player has the other next to it on its own turn. The board is a checkerboard and
    each move changes the mover's colour, so after both have moved the two colours compare the
    same way as before: on its turns a player either always has the other on the opposite colour
    (it can be boxed in) or always on its own (it never can). Only skipped turns (a mine) change
    that, one flip per skipped turn.
    """
    cols = st.geo.cols
    pa, pb = st.pos
    differ = ((pa // cols + pa % cols) ^ (pb // cols + pb % cols)) & 1
    other = 1 - player
    # From now until both play again in turn: the other's move before ours if it is to move, and
    # one flip for every turn either of us still has to skip.
    flips = (1 if st.turn == other else 0) + st.stun[player] + st.stun[other]
    return bool(differ ^ (flips & 1))


def _one_entrance(geo, region: tuple, mines: int) -> bool:
    """Whether the region (:func:`_entrances`) touches the rest of the board through one cell
    only: a dead end the other player can walk into, chasing this one to its end.

    Stepping on a mine is a legal move, so a player next to one is never boxed in: a mine that
    leads on to the rest of the board, beside a cell of the region the hunted one reaches before
    the hunter, is a way out (three turns stunned, but out: ``game-0048`` of the rush set, where A
    halved its lead to chase B into a corridor that ended in such a mine, and never boxed it in).
    A mine the hunter reaches first, at the dead end's mouth, is closed with it (generated 9x9
    board 433774: counted as a way out, it let B go up a corridor for mushrooms, and the hunter
    boxed it in); a mine that leads nowhere else is the end of the dead end."""
    return _entrances(geo, region, mines).bit_count() == 1


def _entrances(geo, region: tuple, mines: int) -> int:
    """The cells outside a region next to it (mines as in :func:`_one_entrance`), as a bitboard.

    ``region`` is (its cells as a bitboard, the hunted one's breadth-first layers and its ply
    offset, the hunter's layers and its offset), as in :func:`evaluate`."""
    cells, lay_h, off_h, lay_t, off_t = region
    w = geo.stride
    around = geo.around(cells) & ~cells
    found = around & ~mines
    edge_mines = around & mines
    if not edge_mines:
        return found
    bits, nbrs = geo.bits, geo.nbrs
    while edge_mines:  # the few mines on the region's edge
        bx = edge_mines & -edge_mines
        edge_mines ^= bx
        i = bx.bit_length() - 1
        x = i - i // w
        for c in nbrs[x]:
            if not cells & bits[c]:
                continue
            dt = _depth(lay_t, bits[c])
            closed = dt >= 0 and 2 * dt + off_t <= 2 * _depth(lay_h, bits[c]) + off_h
            if not closed and any(y != c and not cells & bits[y] for y in nbrs[x]):
                found |= bx  # a way out through this mine, from the region's cell c
                break
    return found


def _penned(geo, region: tuple, mines: int, other: int) -> bool:
    """Whether the other can keep the region (:func:`_entrances`) shut: one way out, or two with
    the other standing on or next to both (it steps to whichever we go for; on gen12x23-255575 B
    walked to and fro under the two ways out of A's four cells on the top row for 887 rounds)."""
    ways = _entrances(geo, region, mines)
    n = ways.bit_count()
    return n == 1 or (n == 2 and not ways & ~(geo.bits[other] | geo.around(geo.bits[other])))


class Plan:
    """The collection plan: the item to go for and the first step of a safe shortest path to it."""

    __slots__ = ("cell", "item", "steps", "their_steps", "first", "why", "since")

    def __init__(self, cell, item, steps, their_steps, first, why, since=-1):
        self.cell, self.item, self.steps, self.their_steps, self.first, self.why = (
            cell, item, steps, their_steps, first, why)
        # Our steps to the target when it was chosen (make_plan's keep_since): for a kept target,
        # as remembered; for a new one, ``steps``.
        self.since = steps if since < 0 else since


TRY_WHY = "the other is nearer: worth the try"


def make_plan(st: State, keep: int = -1, keep_since: int = -1, their_past: int = -1,
              their_recent: tuple = (), star_rich: bool = False) -> Plan | None:
    """Pick the item with the best value per step that this player reaches before the other (or,
    when there is none, one the other reaches first, the less far ahead the other, the better).

    Values depend on the score: a mushroom is 1; a star is worth the score it doubles. A star waits
    while it is safe (the other is more steps behind us than our mushroom tour takes, or more than
    ``STAR_RISK``: every mushroom taken first is doubled too); a star at risk is taken now and is
    also worth denying the other's doubling (of its score to come while the players are far apart:
    its score now plus the mushrooms it reaches first), the more the nearer the other is, and for a
    star with others near it as many times as the group a tour from it takes doubles again
    (:func:`_star_groups`); once no mushroom of ours is left, or time runs short, every star is
    taken. A star the other reaches first is a try, worth the other's score now, or its score to
    come when it is at most ``TIE_STEPS`` nearer in an open race. Far ahead, or behind with the
    other within ``FAR`` steps, a target down a dead end whose mouth the other reaches before we
    are back out is left (:func:`pockets`). A poison star only when the score is negative enough
    for halving to help. Poison, mines (far more with the other near) and stars kept for later cost
    extra steps on the way. ``keep`` is the last move's target: it stays the target while it is
    still worth going for and no other is ``KEEP_FACTOR`` times better per step (so the plan does
    not swing between two targets as the other player moves). ``keep_since`` is our steps to the
    kept target when it was chosen: a kept star's lead is counted from there, so the steps we walk
    towards it do not make it look safer, and only the other's steps change its urgency. Counted
    from where we stand, the lead grew as we walked, the urgency fell, and the plan turned back to
    another target, then again to this star as the lead shrank (gen30x30-728762 seed 0 as A against
    ``trapper``: three turns at rounds 90, 94 and 100 between a star and a group of three, and A's
    score stood still from round 86 to 121 while the other took four stars). The urgency it was
    chosen with, kept as it was (session 24), held a star whose racer had walked away:
    gen22x22-43037 seed 0 as B, seven steps up the board while A went the other way. ``their_past``
    is the other's cell ``APPROACH`` of our turns ago (-1: not known): a star more than
    ``RISK_NEAR`` steps ahead of the other then waits unless the other walked straight at it (and
    waiting still adds ``WAIT_WORTH`` doublings; fewer for a lead beyond ``WAIT_LEAD`` steps when
    the plan then goes for a mushroom); more than ``RISK_COMING`` steps ahead, it waits for a
    mushroom even then. ``their_recent`` is the other's cells at our last
    ``KEEP_TURNS`` turns (() when not all known): a star it stood by at each of them is never a try
    (:func:`_kept`).
    """
    me = st.turn
    geo = st.geo
    items = st.items
    score, their_score = st.score[me], st.score[1 - me]
    # Poison and mines cost steps, as much as the points or turns they take away.
    halving_loss = score - (score // 2 if score else 0)
    # The other's steps to each item, as if we were not in its way (we will have moved on).
    theirs = geo.distances(st.pos[1 - me], -1)
    gap = min((theirs[x] for x in geo.nbrs[st.pos[me]] if theirs[x] >= 0), default=-1)
    close = 0 <= gap <= CLOSE
    # A stun with the other near gives it six moves next to us (items, a trap): mines nearly walls.
    # Farther than FAR, a mine costs about its stun (three turns, and it stays on the board). At
    # 30 steps, and 300 with the other up to 20 steps away, A walked round the mines its short
    # ways crossed, and lost the race for B's corner stars by a round (20map seed 0 as A against
    # collector, lost 258-938; at 9, A went over them and won, seven stars to five).
    mine_cost = 3 * STUN_TURNS if gap < 0 or gap > FAR else 100 * STUN_TURNS
    # A board of more stars than STAR_CAP (the course's have 12 and 4, the bench's generated ones
    # at most 26): each star is taken as soon as it is the best per step, none waits for our
    # mushrooms and none is walked around. Waiting for them, the stars of our part of the shipped
    # 64x64 board (124 stars) went to `greedy`, which walked in and took them: B lost seed 0
    # 4.1e9 to 1.2e20 (session 77).
    # Once star-rich, star-rich to the end (``star_rich``: the game began so): with fewer stars left
    # the score is far beyond what the mushrooms add, and the waits the course's boards need would
    # send us back to them (g36x56s13 seed 0 as B against greedy: at 40 stars left, round 87, B
    # turned from its star race to a star 44 steps away; session 78).
    star_rich = star_rich or st.masks[STAR].bit_count() > STAR_CAP
    extra = {POISON: 3, PSTAR: min(3 * max(halving_loss, 0) + 1, 400), MINE: mine_cost,
             STAR: 0 if star_rich else STAR_STEPS}
    other_cost = None if close else 8
    tally = [1 if it == PSTAR else MINE_TALLY if it == MINE else 0 for it in items]
    mine, steps, first, crossed = geo.weighted_paths(st.pos[me], st.pos[1 - me], items, extra, other_cost, tally)
    # A star crossed on the way to a mushroom is taken early: the mushrooms we take after it are
    # not doubled. So on the way to anything but a star, crossing one costs STAR_STEPS plus
    # MUSHROOM_STEPS for each mushroom of ours still to take (at 4 steps, A walked over the star
    # at the mouth of a dead end for the mushroom behind it at 227-132 with B 42 steps away, and
    # lost 480-572 on the mushrooms it took afterwards; duel20x20.txt seed 0 against trapper). On
    # the way to a star the other stars are no loss: they are taken in the same tour. (No star
    # left on the board: the second search would find the same paths.)
    stun_other = st.stun[1 - me]
    # (On a star-rich board no crossing costs anything: no count of the mushrooms to double.)
    to_double = 0 if star_rich else sum(1 for c in st.item_cells if items[c] == MUSH and 0 <= mine[c]
                                        and (theirs[c] < 0 or steps[c] <= theirs[c] + stun_other))
    if to_double and st.masks[STAR]:
        extra[STAR] = STAR_STEPS + int(MUSHROOM_STEPS * min(to_double, STAR_DOUBLED))
        around = geo.weighted_paths(st.pos[me], st.pos[1 - me], items, extra, other_cost, tally)
        for c in st.item_cells:
            if items[c] != STAR:
                mine[c], steps[c], first[c], crossed[c] = (x[c] for x in around)
    halvings = [x % MINE_TALLY for x in crossed]
    # The turns until we stand on each cell: a mine on the way stuns us for STUN_TURNS. (Counting
    # steps only, the stars in the middle of gen16x12-682994 looked A's, seed 1 as A against
    # trapper: no more steps for A than for B, but A's only way there crossed a mine.)
    steps = [s + STUN_TURNS * (x // MINE_TALLY) for s, x in zip(steps, crossed)]
    turns_left = ROUNDS - st.round + 1
    candidates = []
    contested = []   # items the other reaches first: targets only when nothing else is left
    tries = []       # ... but a star the other is only a little nearer to is worth a try all the same
    # No tries with the other near: within CLOSE it is a wall for the plan, so the way to a try
    # would close and open again as it steps to and fro, and the plan would swing between targets.
    try_stars = not 0 <= gap <= 2 * CLOSE
    my_mushrooms = 0
    for c in st.item_cells:
        it = items[c]
        d = mine[c]
        if not it or d <= 0 or d > turns_left:
            continue
        t = theirs[c]
        if t >= 0 and t + stun_other < steps[c]:  # the other gets there first
            contested.append((c, it, d, t))
            continue
        if it == MUSH:
            my_mushrooms += 1
        candidates.append((c, it, d, t))
    if try_stars:
        reach = _try_reach(score, their_score, candidates, contested, my_mushrooms, turns_left)
        # Not a star the other keeps: one it stood by at each of our last KEEP_TURNS turns
        # (``their_recent``). It takes it the moment we come, and the walk there only keeps us
        # from our own items (duel12x30.txt seed 0 as A against searcher: at 280-78, B sat by the
        # two stars of its corner from round 115 on; A, its plan swinging between them and its
        # mushrooms, collected nothing more, and lost 283-312 when B took both in rounds 997-998).
        # A bot only passing by is still worth the try (gen18x16-731691 seed 0 as B against
        # trapper: our try drew A, hunting, onto a poison star; won 195-62).
        tries = [x for x in contested if x[1] == STAR and steps[x[0]] - x[3] - stun_other <= reach
                 and not _kept(geo, x[0], x[3], their_recent)]
    safety = STAR_SAFETY
    # What a star denies the other: the doubling of the score it will have when it takes the star,
    # at least its mushrooms to come (the ones it reaches first), not only the score it has now.
    # Only while the players are far apart: near, the search weighs the star (and the way there).
    their_future = max(their_score, 0)
    if gap < 0 or gap > FAR:
        their_future += min(turns_left / MUSHROOM_STEPS,
                            sum(1 for c in st.item_cells if items[c] == MUSH and theirs[c] >= 0
                                and (mine[c] < 0 or theirs[c] + stun_other < steps[c])))
    deferred = _deferred_stars(geo, _nearest_stars(candidates, steps), steps, stun_other, turns_left)
    # Stars near each other are taken one after the other: a group of k multiplies a score by 2^k.
    groups = _star_groups(geo, [c for c, _, _, _ in _nearest_stars(candidates + tries, steps)])
    # Our mushroom tour, in steps: a star the other could reach before it is done is at risk.
    tour = MUSHROOM_STEPS * my_mushrooms
    # Stars wait for the mushrooms unless the game would end before both tours are done.
    star_tour = _star_tour(st, me, _nearest_stars(candidates, steps, STAR_TOUR_CAP))
    stars_now = star_rich or my_mushrooms == 0 or turns_left <= tour + star_tour + STAR_TIME_MARGIN

    # Far ahead (the other needs two stars to catch up), a target down a dead end is not worth the
    # risk if we can be boxed in (the board's colours) and the other reaches the pocket's mouth
    # before we are back out (course map: B, 888-25 ahead, was boxed in at the end of the left
    # edge's column, where its corner star was). Behind, with the other near enough for the
    # search to see it (FAR), such a target is no better: held in the pocket we lose on points
    # (the evaluation's penned term, whatever the colours), so the search refuses the plan's
    # step, and the plan, asking again, kept us to and fro at the mouth (gen16x12-682994 seed 1
    # as A against trapper: 850 rounds at 28-52). Otherwise the items are what we need, and the
    # search weighs the way there (DOOM).
    exposed = ((score > SECURE_LEAD * max(their_score, 1) and _vulnerable(st, me))
               or (score < their_score and 0 <= gap <= FAR))
    dead_ends = pockets(geo) if exposed else {}

    def closable(c):
        mouth, back = dead_ends.get(c, (-1, 0))
        return mouth >= 0 and 0 <= theirs[mouth] and theirs[mouth] + stun_other <= steps[c] + back

    shut = {x[0] for x in candidates + tries if closable(x[0])}
    risky_cands = [x for x in candidates if x[0] in shut]
    if shut:
        candidates = [x for x in candidates if x[0] not in shut]
        tries = [x for x in tries if x[0] not in shut]

    # Is the other coming for a star of ours? Not knowing where it stood ``APPROACH`` turns ago,
    # any star it could reach within our mushroom tour may be its target. Knowing, only one it has
    # walked straight at all the while: a collector keeps to its own items and comes for ours
    # when those run out, a greedy one when its score makes a star worth the walk. Either walks
    # straight at it; until then the star waits for our mushrooms to double.
    past = geo.distances(their_past, -1) if their_past >= 0 else None
    # Worth the risk only while the mushrooms it would double are a good part of the score: a star
    # the other takes costs two doublings (ours lost, its won), so once the score is large next to
    # our mushrooms (on a star-rich board after a few stars) every star is taken at once.
    # Far ahead of the other (beyond WAIT_LEAD steps) the star is safer, so it may wait for fewer
    # mushrooms ("relaxed", below): gen17x17-448431 seed 0 as B against searcher, at 76 points B's
    # 31 mushrooms to come added 0.49 of a doubling, a star 19 steps ahead of A was taken at once
    # and none of them was doubled. Waiting pays only for mushrooms, though (see choose below).
    waiting_gain = math.inf if score <= 0 else math.log2((score + my_mushrooms) / score)

    def worth_waiting(lead, relaxed):
        scale = min(1.0, (WAIT_LEAD / max(lead, 1)) ** 2) if relaxed else 1.0
        return waiting_gain >= WAIT_WORTH * scale

    def coming(c):
        return past is None or past[c] - theirs[c] >= APPROACH

    # A near-tie try (the other at most TIE_STEPS nearer) is worth its score to come, as a star of
    # ours at risk is, while the race is open: the other is not walking at the star, or our way
    # there is longer only for going round poison, and the quickest way (a mine's stun counted)
    # gets us there first. Valued at its score now, such a try lost to the other's far smaller
    # items: 20map seed 4 as B against trapper, the poison star on our way cost 4 steps, then 7 as
    # our score grew (it would halve more); the lead turned from 1 to -1 and B left the middle's
    # stars to A (lost 110-308, won 243-121). A race the other walks straight into is lost for
    # the one behind: valued in full, 20map seed 1 as B against searcher left its own star for the
    # middle's four, one step behind A, and lost 26-63 (won 453-141 without). The quickest ways
    # (a search of the board) are found only when a near tie the other may be walking at asks.
    quickest = []

    def open_race(c, t):
        if not coming(c):
            return True
        if not quickest:
            turns = [1 + STUN_TURNS * (it == MINE) for it in items]
            quickest.append(geo.cheapest_paths(st.pos[me], turns)[0])
        return quickest[0][c] <= t + stun_other

    def pick(cands, label, tries=(), relaxed=False, far_wait=False):
        best = kept = None
        for c, it, d, t, race in [(*x, label) for x in cands] + [(*x, TRY_WHY) for x in tries]:
            if it == MUSH:
                value, why = 1.0, race
            elif it == STAR:
                if c in deferred and not race:
                    continue
                # Steps the other is behind us on the way to the star (it moves after a stun ends);
                # at risk within our mushroom tour, capped (measured: uncapped, far stars went early).
                lead = _lead(t, steps[c], stun_other, turns_left)
                tie = race == TRY_WHY and lead >= -TIE_STEPS and open_race(c, t)
                if c == keep and keep_since > steps[c]:
                    lead -= keep_since - steps[c]   # the steps we took towards it do not make it safer
                if (not stars_now and c != keep and lead > min(tour, RISK_NEAR)
                        and (lead > min(tour, STAR_RISK)
                             or (worth_waiting(lead, relaxed)
                                 and (not coming(c) or (far_wait and lead > RISK_COMING))))):
                    # Safe: it waits until our mushrooms are in (they get doubled too). Once the
                    # target, it stays one (walking to it makes it look safe: no swinging back).
                    continue
                # A star at risk is taken now: every star is a doubling for whoever takes it, worth
                # more than the mushrooms a late one would double; the nearer the other, the more
                # it is also worth denying the other's doubling.
                urgent = min(1.0, max(0.0, 1.0 - lead / safety))
                # A star of a group the other is racing us for: taking it, the other would go on to
                # the group's others, each doubling again (counted 2^(k-1) times one star: at the
                # full 2^k - 1, a pair 21 steps away with a lead of 1 won over a star 7 steps away
                # with a lead of 3, duel12x30 seed 0 as B against trapper, lost).
                k, hops = groups.get(c, (1, 0)) if (not race or race == TRY_WHY) and urgent > 0 else (1, 0)
                denied = their_future if not race or tie else max(their_score, 0)
                value = max(score, 0) + urgent * denied * 2 ** (k - 1)
                why = race or ("doubles the score" if stars_now else "before the other takes it")
                if value <= 0:
                    continue
                if k > 1:
                    d += hops
                    why = f"{why}; then {k - 1} more star{'s' if k > 2 else ''} within {hops} steps"
            elif it == PSTAR and score < -1:
                value, why = float(score // 2 - score), "halves a negative score"
            else:
                continue
            if race:  # the further the other is ahead, the smaller our chance to get there first
                chance = 1 / (1 + max(0, steps[c] - t - stun_other))
                value *= chance
            else:
                chance = 1.0
            # A way over a poison star loses half the score on the way, for certain: not worth a
            # target worth less than that. A star taken after it doubles only the half that is
            # left, so it is worth only what it keeps from the other, if we get there first.
            # (Before, a star 7 steps away over one was taken at 65: 65 -> 32 -> 64,
            # gen17x30-666011 seed 0 as B against greedy; and at 125-33, for a star the other
            # was 16 steps nearer to, two were: 125 -> 62 -> 32, lost 53-69 to walker,
            # gen12x23-255575 seed 2 as A.)
            if halvings[c] > (it == PSTAR) and halving_loss > 0:
                if it == STAR:
                    value -= (1 + chance) * halving_loss
                    if value <= 0:
                        continue
                elif halving_loss > value:
                    continue
            key = (value / d, -d, -c)
            if c == keep:
                kept = (key, c, it, d, t, why)
            if best is None or key > best[0]:
                best = (key, c, it, d, t, why)
        if best is not None and kept is not None and kept[0][0] * KEEP_FACTOR >= best[0][0]:
            best = kept  # stay with the target of the last move unless another is clearly better
        return best

    # A star is a doubling: one the other reaches only a little sooner competes with our own
    # targets, its value divided by one more than the other's lead (as races are): the other, if
    # it plays a plan like this one, keeps its stars for after its mushrooms, and may be elsewhere.
    # Nothing we reach first: race for what the other reaches first (it may be busy elsewhere).
    def choose(relaxed, far_wait=False):
        return (pick(candidates, "", tries, relaxed, far_wait)
                or pick(contested, "contested: the other is nearer", (), relaxed, far_wait)
                or pick(risky_cands, "down a dead end the other can close", (), relaxed, far_wait))

    def for_a_mushroom(waited):
        # A pick where more stars wait counts only when it sends us to a mushroom (to be doubled),
        # not to another star.
        return waited if waited is not None and waited[2] != STAR else None

    best = choose(False)
    if best is not None and best[2] == STAR and past is not None:
        # A star more than RISK_COMING steps ahead of the other waits even while it walks at it
        # (the plan asks again every move, and turns back in time). Waiting for another star lost
        # gen21x30-824933 seed 1 as A against trapper (2290-2015 before, 1127-1961); but a star
        # the other is nearer its run to goes first when the far one stays ahead after it
        # (_nearer_run_first: duel20x20.txt seed 1 as B against collector, lost 511-595, won 884-(-100)).
        best = (for_a_mushroom(waited := choose(False, far_wait=True))
                or _nearer_run_first(geo, best, waited, steps, stun_other, turns_left) or best)
    if waiting_gain < WAIT_WORTH:
        # The relaxed wait: letting far stars of ours wait while walking to stars near the other
        # lost gen30x30-728762 seed 0 as A against trapper (4540-66516; 290340-33268 taking them).
        best = for_a_mushroom(choose(True)) or best
    if best is None:
        return None
    if star_rich and best[2] == STAR and score > 0:
        best = _race_pick(st, candidates + tries + contested, steps, keep) or best
    best = _detour(geo, best, keep, score, stun_other, steps, halvings, candidates, coming) or best
    _, c, it, d, t, why = best
    return Plan(c, it, steps[c], t, first[c], why, max(keep_since, steps[c]) if c == keep else -1)


RACE_TRIES = 6        # on a star-rich board, the nearest this many stars are tried as the next target ...
RACE_ROUNDS = 80      # ... each by a race of both players over this many rounds (see _star_race)
RACE_KEEP = 2         # ... and the last target stays unless another wins this many stars more
RACE_WHY = "star race"


def _nearest_in(geo, cell: int, mask: int, limit: int) -> tuple[int, int] | None:
    """``(steps, cell)`` of the nearest cell of the bitboard ``mask`` from ``cell`` (of equally near
    ones, the first in reading order), walls only in the way; None if none is within ``limit`` steps."""
    f = geo.bits[cell]
    if f & mask:
        return 0, cell
    w = geo.stride
    rest = geo.open_mask & ~f
    for d in range(1, limit + 1):
        f = ((f << 1) | (f >> 1) | (f << w) | (f >> w)) & rest
        if not f:
            return None
        hit = f & mask
        if hit:
            r, c = divmod((hit & -hit).bit_length() - 1, w)
            return d, r * geo.cols + c
        rest ^= f
    return None


def _star_race(geo, stars: int, first: int, first_steps: int, their_cell: int, their_start: int,
               horizon: int) -> tuple[int, int]:
    """The stars each player takes within ``horizon`` turns if we go for the star ``first`` (in
    ``first_steps``) and from then on both players walk to the nearest star left (the other from
    ``their_cell``, free to move after ``their_start`` turns: its stun), neither going for a star
    the other is already sure to reach first; a player that loses a race has walked there in vain.
    Ties go to us (we move first from here). Returns (ours, theirs): each star a doubling."""
    cell, t, target, arrive = [first, their_cell], [0, their_start], [first, -1], [first_steps, 0]
    count = [0, 0]
    left = stars
    while True:
        for p in (0, 1):
            if target[p] != -1:
                continue
            mask = left
            o = target[1 - p]
            if o >= 0:
                near = _nearest_in(geo, cell[p], mask, horizon - t[p])
                if near is not None and near[1] == o and arrive[1 - p] < t[p] + near[0] + (p == 0):
                    mask &= ~geo.bits[o]   # the other gets there first: not worth the walk
            near = _nearest_in(geo, cell[p], mask, horizon - t[p])
            if near is None:
                target[p] = -2   # nothing more within the horizon
            else:
                target[p], arrive[p] = near[1], t[p] + near[0]
        racing = [p for p in (0, 1) if target[p] >= 0]
        if not racing:
            return count[0], count[1]
        p = min(racing, key=lambda q: (arrive[q], q))
        s = target[p]
        count[p] += 1
        left &= ~geo.bits[s]
        cell[p], t[p], target[p] = s, arrive[p], -1
        if target[1 - p] == s:   # the other walked there in vain
            cell[1 - p], t[1 - p], target[1 - p] = s, arrive[1 - p], -1


def _race_pick(st: State, reachable, steps, keep: int):
    """On a star-rich board, the next star by a race (:func:`_star_race`) from each of the nearest
    ``RACE_TRIES`` stars we can reach: the one after which we take the most stars more than the
    other. Value per step alone walked A 30 steps to a lone star while B took eleven in a cluster
    (g36x56s13, generated 36x56, 60 stars, seed 0 as A against greedy: A's score stood still from
    round 99 to 157, lost 3.5e6-6.4e9; session 78). Over the next ``RACE_ROUNDS`` only: a race to
    round 1000 turns on every step (who goes where next, and so on for hundreds of rounds), and
    raced so far the plan won 42 of 56 games against greedy on seven such boards, no better than
    value per step (43); at 80 rounds it won the eight lost games it was tried on, and 56
    of 56 on those boards (seeds 0-3), 55 of 56 on seeds 100-103 (session 79). Returns
    make_plan's pick tuple, or None (no star within the horizon)."""
    me = st.turn
    geo = st.geo
    stars = [x for x in reachable if x[1] == STAR]
    if not stars:
        return None
    stars.sort(key=lambda x: (steps[x[0]], x[0]))
    tries = stars[:RACE_TRIES] + [x for x in stars[RACE_TRIES:] if x[0] == keep]
    horizon = min(ROUNDS - st.round + 1, RACE_ROUNDS)
    best = kept = None
    for c, it, d, t in tries:
        if steps[c] > horizon:
            continue
        ours, theirs = _star_race(geo, st.masks[STAR], c, steps[c], st.pos[1 - me],
                                  st.stun[1 - me], horizon)
        key = (ours - theirs, ours, -steps[c], -c)
        pick = (key, c, it, d, t, f"{RACE_WHY}: {ours} stars to the other's {theirs} in {horizon} rounds")
        if c == keep:
            kept = pick
        if best is None or key > best[0]:
            best = pick
    if best is not None and kept is not None and kept[0][0] + RACE_KEEP >= best[0][0]:
        # The race is a guess (a step this way or that changes who goes where next): the last
        # target stays unless another wins RACE_KEEP stars more. Swinging on every change, B left
        # a star 5 steps away for one 20 away, then that one at 10 steps for a third (g36x56s13
        # seed 3 as B against greedy, lost 3.3e7-5.5e8; session 78).
        best = kept
    return best


def _nearer_run_first(geo, best, waited, steps, stun_other: int, turns_left: int):
    """The far-wait pass's star ``waited`` before the first pick's star ``best``: when the other is
    nearer its run to it (a smaller lead) and going there first still leaves ``best`` more than
    ``RISK_NEAR`` steps ahead of the other. A star at risk is taken now; the far-ahead one waits."""
    if waited is None or waited[2] != STAR or waited[1] == best[1]:
        return None
    c, b = waited[1], best[1]
    lead_c = _lead(waited[4], steps[c], stun_other, turns_left)
    lead_b = _lead(best[4], steps[b], stun_other, turns_left)
    if lead_c >= lead_b:
        return None
    back = geo.distances(c, -1)[b]
    if back < 0 or lead_b - (steps[c] + back - steps[b]) <= RISK_NEAR:
        return None
    return waited


def _detour(geo, best, keep: int, score: int, stun_other: int, steps, halvings, candidates, coming):
    """The star we were going for, when it is at most ``DETOUR_STEPS`` away and still ours, before a
    new star target ``best`` (make_plan's pick), unless the other is walking at the new one and the
    steps there by way of ours would lose that race. A star is a doubling for two steps; turning
    away lets the other take it (gen24x27-422677 seed 0 as A against trapper: at rounds 53, 106 and
    165 A turned from its star two steps away to a far group, and lost 258-6338). Not before a
    mushroom: a star no longer at risk waits for the mushrooms it will double (before a mushroom,
    88map after the opening of seeds 2 and 6, as B against searcher, went from won 5-4 to lost)."""
    _, c, it, _, t, _ = best
    if (it != STAR or keep < 0 or c == keep or score <= 0 or halvings[keep]
            or not 0 < steps[keep] <= DETOUR_STEPS):
        return None
    ours = next((x for x in candidates if x[0] == keep and x[1] == STAR), None)
    if ours is None:
        return None
    if t >= 0 and coming(c):
        back = geo.distances(keep, -1)[c]
        if back < 0 or steps[keep] + back > t + stun_other:
            return None
    _, _, d, t_keep = ours
    return ((0.0, -d, -keep), keep, STAR, d, t_keep, "doubles the score on the way")


def _kept(geo, star: int, their_steps: int, their_recent: tuple) -> bool:
    """Whether the other keeps ``star``: within ``CLOSE`` steps of it now (``their_steps``) and at
    each of our last ``KEEP_TURNS`` turns (``their_recent``: its cells then, all remembered)."""
    if their_steps > CLOSE or len(their_recent) < KEEP_TURNS:
        return False
    dist = geo.distances(star, -1)
    return all(0 <= dist[c] <= CLOSE for c in their_recent)


def hopeless(st: State) -> bool:
    """True when the player to move is behind by more than everything left on the board could
    change: every mushroom it can reach added to its score (a negative score counted as 0), then
    doubled by every star it can reach, is still below the least the other's score can fall to
    (halved by every poison star it can reach, then less every poison mushroom it can reach: a
    bot that hunts or wanders steps on them). Then no item can win the game; only boxing the
    other in (its score becomes the error score) can."""
    me = st.turn
    score, theirs = st.score[me], st.score[1 - me]
    if score >= theirs or score <= ERROR_SCORE:
        return False
    turns = ROUNDS - st.round + 1
    ours = st.geo.distances(st.pos[me], -1)
    other = st.geo.distances(st.pos[1 - me], -1)
    count = [0] * (MINE + 1)
    for c in st.item_cells:
        it = st.items[c]
        if it in (MUSH, STAR) and ours[c] > 0 or it in (POISON, PSTAR) and other[c] > 0:
            count[it] += 1
    best = (max(score, 0) + min(count[MUSH], turns)) << min(count[STAR], turns)
    floor = (theirs >> min(count[PSTAR], turns)) - min(count[POISON], turns)
    return best < floor


HUNT_WHY = "behind by more than is left to take: only a trap wins"
IDLE_HUNT_WHY = "nothing left to take, not ahead: only a trap wins"
HUNT_ITEM = 8    # extra steps a hunt's way pays to step on an item (see hunt_plan)
HUNT_MINE = 30   # ... and on a mine


def hunt_plan(st: State, why: str = HUNT_WHY, around: bool = False) -> Plan | None:
    """Walk towards the other player (the search, once near, looks for the trap): for a player
    that is :func:`hopeless` on points. The way steps around items: taking them changes nothing
    but brings the game's end nearer (it ends once the board is clear), and a mine stuns us
    (``HUNT_ITEM``, ``HUNT_MINE`` extra steps). With ``around`` (level on points, where a poison
    mushroom loses the tie and a mine's stun lets the other turn the hunt) the way never steps on
    an item. None when the other cannot be reached so."""
    me = st.turn
    other = st.pos[1 - me]
    cost = [1 + (HUNT_MINE if it == MINE else HUNT_ITEM if it else 0) for it in st.items]
    items = set(st.item_cells) if around else ()
    back = st.geo.cheapest_paths(other, cost, ends=items)[0]
    options = [mc for mc in st.legal(me) if back[mc[1]] >= 0 and not (around and st.items[mc[1]])]
    if not options:
        return None
    first = min(options, key=lambda mc: (back[mc[1]], mc[0]))[1]
    steps = st.geo.distances(other, -1)[st.pos[me]]
    return Plan(other, EMPTY, steps, None, first, why)


FLIP_WHY = "nothing left to take, not ahead: its stun turns which of us can be boxed in"


def flip_plan(st: State) -> Plan | None:
    """For a player with nothing left to take, not ahead, that can be boxed in itself: the nearest
    mine, by a way that steps on no other item. Its three skipped turns turn which of the two
    players can be boxed in (see :func:`_vulnerable`): stunned we cannot be boxed in, and after it
    we never can (until another mine), while the other can. None when no mine can be reached so,
    or when it is the last item (taking it ends the game, level or behind)."""
    if st.left <= 1:
        return None
    found = _nearest_mine(st, set(st.item_cells))
    if found is None:
        return None
    mine, steps, first = found
    return Plan(mine, MINE, steps, None, first, FLIP_WHY)


def _nearest_mine(st: State, ends: set) -> tuple[int, int, int] | None:
    """The mine nearest the player to move by a way that goes on from no cell of ``ends`` (and
    never through the other player): (its cell, our steps to it, our first step), or None."""
    me = st.turn
    _, steps, first = st.geo.cheapest_paths(st.pos[me], [1] * len(st.items), wall=st.pos[1 - me], ends=ends)
    mines = [c for c in st.item_cells if st.items[c] == MINE and first[c] >= 0]
    if not mines:
        return None
    mine = min(mines, key=lambda c: (steps[c], c))
    return mine, steps[mine], first[mine]


OPENING_FLIP_ROUNDS = 30   # an opening's mine that turns who can be boxed in: only this early (see opening_flip)
OPENING_FLIP_WHY = "every star lies down a dead end: its stun turns which of us can be boxed in"


def stars_in_dead_ends(st: State) -> bool:
    """Whether stars are left and every one ends a dead end (:func:`pockets`)."""
    stars = [c for c in st.item_cells if st.items[c] == STAR]
    dead_ends = pockets(st.geo) if stars else {}
    return bool(stars) and all(c in dead_ends for c in stars)


def opening_flip(st: State) -> Plan | None:
    """Early on, for the player that can be boxed in on a board whose every star lies down a dead
    end (:func:`pockets`): the nearest mine, by a way over nothing but mushrooms, while the other
    is more than our steps and the stun away from it. Each of those stars is a trap for the one
    that can be boxed in whenever the other follows it there; three skipped turns make the other
    that player for the rest of the game (until another mine), at the cost of its three free
    moves, taken while it is far (``88map`` as B: on the mine four steps from B's start at round 4;
    ``searcher-c0-n10000`` as A, which won 6-5 without it, is boxed in at round 18). None
    otherwise."""
    me = st.turn
    if st.round > OPENING_FLIP_ROUNDS or st.left <= 1 or not _vulnerable(st, me):
        return None
    if not stars_in_dead_ends(st):
        return None
    found = _nearest_mine(st, {c for c in st.item_cells if st.items[c] != MUSH})
    if found is None:
        return None
    mine, steps, first = found
    theirs = st.geo.distances(st.pos[1 - me], st.pos[me])[mine]
    if 0 <= theirs <= steps + STUN_TURNS + st.stun[me] - st.stun[1 - me]:
        return None
    return Plan(mine, MINE, steps, theirs, first, OPENING_FLIP_WHY)


AMBUSH_TURNS = 4   # the other's moves an idle hunt looks ahead (see ambush)
WAIT_REPEATS = 8   # lying in wait, back at the same two cells this often: the other does not wander, break off


def ambush(st: State, turns: int = AMBUSH_TURNS) -> tuple[float, int]:
    """For a hunt with nothing left to take: the chance that a bot stepping at random (each of its
    legal moves that takes no item alike, any legal move if all take one) is boxed in within
    ``turns`` of its moves, if we step well; and our first step for it (a cell; -1 if the chance is
    0). We never step on an item here (a poison mushroom loses a level game, a mine's stun turns
    who can be boxed in). The search assumes the other plays its best, and a bot that always
    steps out of a dead end's reach is never boxed in; one that wanders walks into them, and the
    deeper the search, the less it stays near enough to close one (session 66: from
    ``gen12x14-525193``'s round 201 against ``collector``, 5 of 6 games boxed the wanderer in
    within 200 rounds at 1000 nodes, 2 at 6000 and none at 11,194)."""
    me = st.turn
    if st.stun[0] or st.stun[1]:
        return 0.0, -1
    nbrs, items = st.geo.nbrs, st.items
    seen: dict = {}

    def theirs(a: int, b: int, k: int) -> float:
        key = (a, b, k)
        if key not in seen:
            moves = [x for x in nbrs[b] if x != a]
            if not moves:
                seen[key] = 1.0
            elif k == 0:
                seen[key] = 0.0
            else:
                moves = [x for x in moves if not items[x]] or moves
                seen[key] = sum(ours(a, x, k - 1) for x in moves) / len(moves)
        return seen[key]

    def steps(a: int, b: int) -> list[int]:
        """Our steps from ``a`` with the other at ``b``: never onto it, never onto an item."""
        return [x for x in nbrs[a] if x != b and not items[x]]

    def ours(a: int, b: int, k: int) -> float:
        return max((theirs(x, b, k) for x in steps(a, b)), default=0.0)

    a, b = st.pos[me], st.pos[1 - me]
    best, first = 0.0, -1
    for x in sorted(steps(a, b)):
        v = theirs(x, b, turns)
        if v > best + 1e-12:
            best, first = v, x
    return best, first


def _try_reach(score: int, their_score: int, candidates, contested, my_mushrooms: int, turns_left: int) -> int:
    """How many steps nearer the other may be to a star that is still worth a try: ``STAR_TRY``,
    or any number when what the other reaches first would leave us behind at the end (its score
    and mushrooms, doubled by each of its stars, above ours doubled by ours). Then only denying
    it stars can win, and a far try, its value divided by one more than the other's lead, is
    still worth more than our mushrooms when the scores are large. (Against hunter, which takes
    stars as soon as they are worth most: gen21x18-712548 seed 1 as B, lost 490-692, now won
    958-344; gen30x30-728762 seed 0 as B, lost 17569-20875, now won 70048-41675.)"""
    their_mushrooms = sum(1 for x in contested if x[1] == MUSH)
    my_stars = sum(1 for x in candidates if x[1] == STAR)
    their_stars = sum(1 for x in contested if x[1] == STAR)
    if their_stars == 0:
        return STAR_TRY
    ours = math.log2(max(score + my_mushrooms, 1)) + my_stars
    theirs = math.log2(max(their_score + their_mushrooms, 1)) + their_stars
    return turns_left if theirs > ours else STAR_TRY


def _lead(theirs: int, ours: int, stun_other: int, turns_left: int) -> int:
    """Steps the other is behind us on the way to a cell (it moves after its stun ends); the
    turns left when it cannot get there at all."""
    return theirs + stun_other - ours if theirs >= 0 else turns_left


SCORE_BITS = 900  # scores are weighed as floats (at most 2**1024): larger ones are scaled down


def _within_floats(obs: DuelObservation) -> DuelObservation:
    """``obs`` with both scores halved as often as it takes for them to fit in a float with room
    to double: what matters is how they compare and what a star doubles, and a mushroom is nothing
    beside scores that large (a score of 2**1100 made every move the fallback's, 'int too large
    to convert to float'; it takes more than 1000 stars, a hand-made board)."""
    bits = max(abs(obs.score_a), abs(obs.score_b)).bit_length()
    if bits <= SCORE_BITS:
        return obs
    import dataclasses

    shift = bits - SCORE_BITS
    return dataclasses.replace(obs, score_a=obs.score_a >> shift, score_b=obs.score_b >> shift)


def _nearest_stars(items, steps, cap: int = STAR_CAP) -> list:
    """The stars among ``items`` (plan entries: cell, item, ...): all of them, in their order, up
    to ``cap``; else the nearest ``cap``."""
    stars = [x for x in items if x[1] == STAR]
    if len(stars) > cap:
        stars = sorted(stars, key=lambda x: (steps[x[0]], x[0]))[:cap]
    return stars


def _deferred_stars(geo, candidates, steps, stun_other: int, turns_left: int) -> set:
    """Earliest deadline first. The stars we reach first (``candidates``), each with its lead (the
    steps the other is behind us on the way to it). A star with a lead of ``STAR_SAFETY`` or more
    waits while one with a smaller lead is still ours, if going to the far-ahead one first would
    lose the other (the detour costs more steps than its lead) and going to the near-run one first
    would not lose this one (on a 20x20 board with four stars in the middle, a star in our own
    corner, 27 steps ahead of the other, cost the player to move second the middle's four)."""
    leads = {c: _lead(t, steps[c], stun_other, turns_left) for c, it, _, t in candidates if it == STAR}
    urgent = [c for c, lead in leads.items() if lead < STAR_SAFETY]
    deferred = set()
    if not urgent or len(leads) == len(urgent):
        return deferred
    for y in urgent:
        from_y = geo.distances(y, -1)
        for x, lead in leads.items():
            if lead < STAR_SAFETY or x in deferred or from_y[x] < 0:
                continue
            loses_y = steps[x] + from_y[x] - steps[y] > leads[y]
            keeps_x = steps[y] + from_y[x] - steps[x] < lead
            if loses_y and keeps_x:
                deferred.add(x)
    return deferred


@functools.lru_cache(maxsize=16)
def pockets(geo) -> dict[int, tuple[int, int]]:
    """The board's dead ends: every open cell off its cycles (what is left after peeling cells with
    one open neighbour, again and again), with the cell on a cycle it hangs from (the pocket's
    mouth) and its steps to it. Empty when the board has no cycle at all."""
    degree = [len(geo.nbrs[c]) for c in range(geo.n)]
    peel = [c for c in geo.open_cells if degree[c] <= 1]
    off = set(peel)
    while peel:
        c = peel.pop()
        for x in geo.nbrs[c]:
            if x not in off:
                degree[x] -= 1
                if degree[x] <= 1:
                    off.add(x)
                    peel.append(x)
    found: dict[int, tuple[int, int]] = {}
    if len(off) == len(geo.open_cells):
        return found
    for mouth in geo.open_cells:
        if mouth in off:
            continue
        frontier, d = [x for x in geo.nbrs[mouth] if x in off and x not in found], 1
        while frontier:
            nxt = []
            for c in frontier:
                if c not in found:
                    found[c] = (mouth, d)
                    nxt.extend(x for x in geo.nbrs[c] if x in off and x not in found)
            frontier, d = nxt, d + 1
    return found


def _star_groups(geo, stars: list[int]) -> dict[int, tuple[int, int]]:
    """For each star: how many stars (itself included, at most ``GROUP_MAX``) a tour from it takes
    hopping at most ``GROUP_STEPS`` to the nearest next one, and the steps of those hops; only
    stars in a group are listed (on the course's 20x20 map the four middle stars are one group:
    16 times the score for whoever takes them, and the students' bots that rushed for them won)."""
    if len(stars) < 2:
        return {}
    # Only the stars within GROUP_STEPS of each other matter: a walk that far from each star,
    # not the whole board from every one (stars x cells: 0.66 s of a move on a 64x64 board of
    # stars, past the program's limit).
    near = {c: _stars_within(geo, c, set(stars), GROUP_STEPS) for c in stars}
    groups = {}
    for c in stars:
        here, k, hops = c, 1, 0
        left = set(stars)
        left.discard(c)
        while k < GROUP_MAX:
            hop = min(((d, x) for x, d in near[here].items() if x in left), default=None)
            if hop is None:
                break
            h, nxt = hop
            left.discard(nxt)
            here, k, hops = nxt, k + 1, hops + h
        if k > 1:
            groups[c] = (k, hops)
    return groups


def _stars_within(geo, start: int, stars: set, steps: int) -> dict[int, int]:
    """The stars at most ``steps`` steps from ``start`` (itself left out), with their steps."""
    nbrs = geo.nbrs
    seen = {start}
    frontier = [start]
    found = {}
    for d in range(1, steps + 1):
        nxt = []
        for cell in frontier:
            for x in nbrs[cell]:
                if x not in seen:
                    seen.add(x)
                    nxt.append(x)
                    if x in stars:
                        found[x] = d
        if not nxt:
            break
        frontier = nxt
    return found


def _star_tour(st: State, me: int, candidates) -> float:
    """About how many steps a tour of our stars takes (nearest first, city-block distances and a
    detour factor): stars are kept for last, but not so late that the game ends first."""
    cols = st.geo.cols
    left = [divmod(c, cols) for c, it, _, _ in candidates if it == STAR]
    r, c = divmod(st.pos[me], cols)
    total = 0
    while left:
        k = min(range(len(left)), key=lambda i: abs(left[i][0] - r) + abs(left[i][1] - c))
        nr, nc = left.pop(k)
        total += abs(nr - r) + abs(nc - c)
        r, c = nr, nc
    return 1.5 * total


def _gain(item: int, score: int) -> float:
    """What stepping on ``item`` is worth to a player with ``score``, in mushrooms (a mine: its stun)."""
    if item == MUSH:
        return 1.0
    if item == POISON:
        return -1.0
    if item == STAR:
        return float(score)
    if item == PSTAR:
        return float((score // 2 if score else 0) - score)
    if item == MINE:
        return -float(STUN_TURNS)
    return 0.0


def open_centre(geo) -> int:
    """The board's centre cell if it has one (odd by odd) and it is open, else -1: a copycat
    cannot follow A onto it."""
    n = geo.n
    return (n - 1) // 2 if n % 2 == 1 and geo.open[(n - 1) // 2] else -1


def copy_line_plan(st: State) -> Plan | None:
    """As A, behind or level against a copycat, with a line of the copy game that ends ahead: the
    nearest cell (fewest items on the way, then fewest steps) such that walking there, every
    item on the way and its mirror image's included, leaves A ahead, with a shorter line, or
    (with no halving left to do) nearer the lead; within the rounds left, never onto B's cell (the
    mirror image of ours all the way). None: no such cell among the nearest ``COPY_TARGETS``."""
    geo, items = st.geo, st.items
    n = geo.n
    a0, b0 = st.score
    options = _copy_options(st)
    need = _copy_depth(a0, b0, options)
    if need is None:
        return None
    start = st.pos[0]
    moves_left = ROUNDS - st.round + 1
    touch = [bool(items[c] or items[n - 1 - c]) for c in range(n)]
    # A mine whose mirror image is gone would stun one of us alone (the copying would end): never
    # on the way. A pair of mines stuns both alike: an item on the way, no score changed.
    mine = [(items[c] == MINE) != (items[n - 1 - c] == MINE) for c in range(n)]
    best = {start: (0, 0)}
    parent = {}
    heap = [(0, 0, start)]
    tried = 0
    while heap and tried < COPY_TARGETS:
        t, k, x = heapq.heappop(heap)
        if best[x] != (t, k):
            continue
        if k > moves_left:
            continue   # not in time (nor anything beyond it)
        if x != start and touch[x]:
            tried += 1
            path = [x]
            while path[-1] in parent and parent[path[-1]] != start:
                path.append(parent[path[-1]])
            path.reverse()
            a, b, opts, seen = a0, b0, options, set()
            for c in path:
                i, j = items[c], items[n - 1 - c]
                if (i or j) and i != MINE and min(c, n - 1 - c) not in seen:
                    seen.add(min(c, n - 1 - c))
                    a, b = apply_item(a, i), apply_item(b, j)
                    opts = _take(opts, (i, j) if i <= j else (j, i))
            depth = 0 if a > b else _copy_depth(a, b, opts, max(need - 1, 0))
            if depth is not None and (a > b or depth < need or a - b > a0 - b0):
                return Plan(x, items[x], k, None, path[0], _line_why(items[x], items[n - 1 - x]))
        for y in geo.nbrs[x]:
            if y == n - 1 - x or mine[y]:
                continue   # B, copying, stands on the mirror image of our cell all the way
            cand = (t + touch[y], k + 1)
            if y not in best or cand < best[y]:
                best[y] = cand
                parent[y] = x
                heapq.heappush(heap, (cand[0], cand[1], y))
    return None


def _copy_depth(a: int, b: int, options: tuple, limit: int = COPY_DEPTH):
    """How many halving or parity moves the copy game's shortest winning line needs (None: no line
    with at most ``limit``)."""
    for depth in range(limit + 1):
        if _copy_line(a, b, options, depth) is not None:
            return depth
    return None


LINE_WHY = "copy game: "


def _line_why(ours: int, theirs: int) -> str:
    if theirs == PSTAR:
        return LINE_WHY + "the other copies us onto a poison star, halving the gap"
    if not theirs:
        return LINE_WHY + "the other copies us onto an empty cell"
    if not ours:
        return LINE_WHY + f"the other copies us onto a {ITEM_NAME[theirs]}"
    return LINE_WHY + f"the other copies us onto a {ITEM_NAME[theirs]}, setting up a poison star"


def copy_plan(st: State, keep: int = -1) -> Plan | None:
    """The plan against a copycat (as A, the other has answered our last moves with the mirror
    image, keeping the position point-symmetric): every step we take to a cell, it takes to the
    mirror cell, so a cell is worth what its item gives us minus what the mirror cell's item gives
    the other. Targets are the cells worth most per step (items whose mirror image is gone, the
    other's poison); cells that give the other more cost extra steps on the way. On a board with a
    centre cell, stepping on it breaks the copying (the other cannot follow us there): a target
    when nothing else gains. Behind or level, with a line of the copy game that ends ahead
    (:func:`copy_game_line`: poison stars halving the gap, say), the next cell of that line comes
    first (:func:`copy_line_plan`). ``None`` when no cell gains anything."""
    geo = st.geo
    items = st.items
    n = geo.n
    me = st.turn
    sa, sb = st.score[me], st.score[1 - me]
    centre = open_centre(geo)
    start, other = st.pos[me], st.pos[1 - me]
    if centre < 0 and me == 0 and sa <= sb:
        plan = copy_line_plan(st)
        if plan is not None:
            return plan
    gain = [0.0] * n
    for c in geo.open_cells:
        if c == centre:
            gain[c] = _gain(items[c], sa) + 0.5
        else:
            gain[c] = _gain(items[c], sa) - _gain(items[n - 1 - c], sb)
    # Cells that give the other more cost extra steps on the way.
    step_cost = [1.0 + max(0.0, -g) * 30 for g in gain]
    cost, steps, first = geo.cheapest_paths(start, step_cost, wall=other)
    best = kept = None
    for c in geo.open_cells:
        if gain[c] > 0 and cost[c] > 0:
            key = (gain[c] / cost[c], -cost[c], -c)
            if best is None or key > best[0]:
                best = (key, c)
            if c == keep:
                kept = (key, c)
    if best is None:
        return None
    if kept is not None and kept[0][0] * KEEP_FACTOR >= best[0][0]:
        best = kept
    c = best[1]
    why = "breaks the copying" if c == centre else "the other copies us: its mirror cell gives it less"
    return Plan(c, items[c], steps[c], None, first[c], why)


def _copy_options(st: State) -> tuple:
    """The copy game's moves: for each pair of mirror cells with an item on either (mines left
    out: a stun shared by both changes nothing, one not shared ends the copying), the two items,
    smaller code first, and how many such pairs there are. Stepping on one cell of a pair gives A
    its item and B the other's; A may step on either."""
    n = st.geo.n
    items = st.items
    counts: dict[tuple[int, int], int] = {}
    seen = set()
    for c in st.item_cells:
        m = n - 1 - c
        i, j = items[c], items[m]
        if (not i and not j) or m == c or MINE in (i, j) or min(c, m) in seen:
            continue   # taken, the centre (the other cannot follow us there), a mine, or counted
        seen.add(min(c, m))
        key = (i, j) if i <= j else (j, i)
        counts[key] = counts.get(key, 0) + 1
    return tuple(sorted(counts.items()))


def _take(options: tuple, key) -> tuple:
    return tuple((k, c - 1 if k == key else c) for k, c in options if k != key or c > 1)


def _copy_close(a: int, b: int, options: tuple):
    """Without poison stars: take every pair that gains A more than B (mushrooms and poison first,
    then the doublings). A's line to a lead, or None."""
    line = []
    for multiplicative in (False, True):
        for key, count in options:
            if PSTAR in key or (STAR in key) != multiplicative:
                continue
            for left in range(count, 0, -1):
                best = None
                for x, y in {key, key[::-1]}:
                    a1, b1 = apply_item(a, x), apply_item(b, y)
                    if a1 - b1 > a - b and (best is None or a1 - b1 > best[0] - best[1]):
                        best = (a1, b1, (x, y))
                if best is None:
                    break
                if not multiplicative:   # +1 or -1 each: the same gain every time, all at once
                    a, b = a + left * (best[0] - a), b + left * (best[1] - b)
                    line.extend([best[2]] * left)
                    break
                a, b = best[0], best[1]
                line.append(best[2])
    return tuple(line) if a > b else None


@functools.lru_cache(maxsize=1 << 16)
def _copy_line(a: int, b: int, options: tuple, depth: int):
    if a > b:
        return ()
    line = _copy_close(a, b, options)
    if line is not None or depth == 0 or not any(PSTAR in key for key, _ in options):
        return line
    # A poison star halves both scores, rounding down: with the scores' parity set right (a pair
    # of mushrooms moves both by one) it halves the gap, rounding towards A.
    for key, _ in sorted(options, key=lambda kc: PSTAR not in kc[0]):   # poison stars first
        shift = key in ((MUSH, MUSH), (POISON, POISON))
        if not (PSTAR in key or shift or EMPTY in key):
            continue
        for x, y in {key, key[::-1]}:
            a1, b1 = apply_item(a, x), apply_item(b, y)
            if (a1, b1) == (a, b) or (PSTAR not in key and not shift and a1 - b1 <= a - b):
                continue   # no change, or an item alone that does not gain
            rest = _copy_line(a1, b1, _take(options, key), depth - 1)
            if rest is not None:
                return ((x, y),) + rest
    return None


def copy_game_line(st: State):
    """With the players point-symmetric and B copying every move of A (turned by 180 degrees), A
    alone decides where both go: every step A takes onto a cell, B takes onto its mirror image.
    A line of such steps, as (A's item, B's item) pairs, that ends with A ahead; ``()`` when A is
    ahead already, None when no line is found (everything symmetric: a tie). Items whose mirror
    image is gone go to A; pairs of poison stars, with a pair of mushrooms to set the parity,
    halve a gap A is behind by (rounding towards A); stars double the lead at the end. Distances
    and the rounds left are not counted."""
    a, b, options = st.score[0], st.score[1], _copy_options(st)
    depth = _copy_depth(a, b, options)   # the shortest line
    return None if depth is None else _copy_line(a, b, options, depth)


def copy_game_won(st: State) -> bool:
    """A quick count of the copy game, without search: A takes every item whose mirror image is
    gone (B, on the mirror cell, gets nothing), and every other pair gives both players the same.
    Does A end ahead? (Mushrooms first, then the stars double; poison stars and mines are left
    alone.) False when everything is symmetric: a tie. Used to keep out of a copycat's symmetric
    position; once in it, :func:`copy_plan` looks further (:func:`copy_game_line`)."""
    n = st.geo.n
    items = st.items
    sa, sb = st.score
    stars = 0
    for c in st.item_cells:
        item = items[c]
        if item and not items[n - 1 - c]:
            if item == MUSH:
                sa += 1
            elif item == STAR:
                stars += 1
    if sa > 0:
        sa <<= min(stars, 30)
    return sa > sb


def point_symmetric(st: State) -> bool:
    """B stands on the mirror image (turned by 180 degrees) of A's cell."""
    return st.pos[1] == st.geo.n - 1 - st.pos[0]


def copy_broken(st: State) -> bool:
    """As A on a point-symmetric board without an open centre cell: the players or the items are
    no longer point-symmetric. From a point-symmetric start a copycat B can answer every move of A
    with its mirror image (the mirror cell is never a wall, nor A's cell, and a mine stuns both),
    so then B has passed up a copy at least once: it is no copycat. (Read off the board alone,
    for a program that remembers nothing from move to move, in a game seen from its start: an
    opening of random moves, as in the bench, also breaks the symmetry, so in process the bot
    relies on what it saw instead.)"""
    geo, items = st.geo, st.items
    n = geo.n
    if open_centre(geo) >= 0 or any(geo.open[c] != geo.open[n - 1 - c] for c in range(n // 2)):
        return False
    return not point_symmetric(st) or any(items[c] != items[n - 1 - c] for c in st.item_cells)


def _copy_trap(st: State) -> bool:
    """B stands on the mirror image of A's cell and A does not win the copy game."""
    return point_symmetric(st) and not copy_game_won(st)


def _replies(st: State) -> list[int]:
    """The cells the player to move can step to (``[-1]``: a stunned turn)."""
    p = st.turn
    return [-1] if st.stun[p] > 0 else [c for _, c in st.legal(p)]


def _trap_chance(st: State, rounds: int) -> float:
    """B to move: the chance that B, stepping at random, stands point-symmetric to A (with A not
    winning the copy game) within ``rounds`` rounds, A avoiding it as well as it can. A copycat
    one step from the mirror image of A's cell steps onto it (it reads A's last move off the board
    as the step from that mirror image, and answers it), so then that is its only reply."""
    replies = _replies(st)
    if not replies:
        return 0.0
    mirror = st.geo.n - 1 - st.pos[0]
    if mirror in replies:
        replies = [mirror]
    total = 0.0
    for r in replies:
        back = st.play(r)
        try:
            if _copy_trap(st):
                total += 1.0
            elif rounds > 1:
                ours = _replies(st)
                best = 1.0 if ours else 0.0   # A boxed in: no copy game to lose
                for c in ours:
                    undo = st.play(c)
                    try:
                        best = min(best, _trap_chance(st, rounds - 1))
                    finally:
                        st.undo(undo)
                    if best == 0.0:
                        break
                total += best
        finally:
            st.undo(back)
    return total / len(replies)


def symmetry_risks(st: State, legal, rounds: int = 2) -> dict:
    """As A, on a board without an open centre cell: for each move, the chance that B, stepping at
    random, stands point-symmetric to A within ``rounds`` rounds with A not winning the copy game
    (:func:`copy_game_won`), A avoiding it as well as it can; only moves with a chance above 0.
    When the players already stand point-symmetric, B is taken to copy: the chance is 1 if the
    move's mirror image loses A the copy game, else 0.
    A copycat B that has lost the symmetry (after a random opening, say) walks until it stands on
    the mirror image of A's cell, and copies from then on: from there it ties or wins. On a board
    with a centre cell A breaks the copying by stepping on it, so nothing is risky there."""
    if open_centre(st.geo) >= 0:
        return {}
    n = st.geo.n
    copying = point_symmetric(st)
    risks = {}
    for mc in legal:
        undo = st.play(mc[1])
        try:
            mirror = n - 1 - mc[1]
            if copying and (st.stun[1] > 0 or mirror in _replies(st)):
                # Already point-symmetric: B answers with the mirror image of our move.
                back = st.play(-1 if st.stun[1] > 0 else mirror)
                try:
                    chance = 1.0 if _copy_trap(st) else 0.0
                finally:
                    st.undo(back)
            else:
                chance = _trap_chance(st, rounds)
        finally:
            st.undo(undo)
        if chance > 0.0:
            risks[mc] = chance
    return risks


def _penalised(value: float, penalty: float) -> float:
    """A root move's search value less its penalty (symmetry, stand-off), unless the search found a
    forced result: a forced loss stays a loss (the longest one is still the best: being boxed in
    is an error of ours, a loss on points is not), a forced win stays a win."""
    return value if abs(value) >= WIN / 2 else value - penalty


class DefaultBot(Bot):
    """A collection plan checked by alpha-beta search for traps, dead ends and races (see the module doc)."""

    name = "default"
    MARGIN = 2.0   # the search overrides the plan only for a gain bigger than this (a star, a trap, an escape)

    def __init__(self, seed: int = 0, move_time: float = 0.3, max_depth: int = 24, node_budget: int | None = None):
        """``node_budget`` (default: ``nodes_for(move_time)``) fixes the search's size; with a
        generous ``move_time`` the wall-clock guard never fires and every run is the same."""
        super().__init__(seed=seed, move_time=move_time)
        self.max_depth = max_depth
        self.node_budget = node_budget
        # Every game began at round 1 from the map as given, whatever we remember of it: true of a
        # program the course's judge starts afresh each move (``run.py duel bot`` sets it); in
        # process the first move we see may follow an opening someone else played.
        self.from_the_start = False
        # A ``time.perf_counter()`` reading by which the search stops, however much of ``move_time``
        # is left (None: no such limit). ``run.py duel bot`` sets it from the process's start, so a
        # slow start-up on a busy machine shortens the search instead of overrunning the judge's limit.
        self.stop_by: float | None = None
        self._prev: tuple | None = None  # (round, other's cell, grid, other's inferred stun)
        self._target = -1                 # the plan's target at the last move (a cell), -1: none
        self._since = -1                  # ... and our steps to it when it was chosen (make_plan's keep_since)
        self._mine = False                # our last move stepped on a mine (the next is STUN_TURNS rounds later)
        self._spread: float | None = None  # what is still to take at the search's root (evaluate's spread)
        self._copied = 0                  # our turns in a row (as A) with the players point-symmetric
        self._declined = False            # as A: the other once did not copy a move it could have (no copycat)
        self._star_rich = False           # this game's board had more than STAR_CAP stars at a move of ours
        # [round, our cell, the other's cell, move index, 1 if the search overrode the plan], last CYCLE_WINDOW rounds
        self._visits: list[list[int]] = []
        self._overriding = False          # the search overrode the plan at this move
        self.last_depth = 0
        self.last_nodes = 0

    # ------------------------------------------------------------------ memory between moves
    def memory(self) -> dict:
        """What this bot remembers between moves, as JSON-able values (a program saves it in its
        working folder, since it is started afresh for every move)."""
        if self._prev is None:
            return {}
        round_, pos, grid, stun = self._prev
        return {"round": round_, "other": list(pos), "grid": list(grid), "stun": stun, "target": self._target,
                "since": self._since, "mine": self._mine, "copied": self._copied, "declined": self._declined,
                "visits": [list(v) for v in self._visits], "star_rich": self._star_rich}

    def _forget(self) -> None:
        """Drop what is remembered between moves (a new game, or a memory file that does not parse)."""
        self._prev, self._target, self._since, self._mine, self._copied, self._visits = None, -1, -1, False, 0, []
        self._declined = False
        self._star_rich = False

    def restore(self, memory: dict) -> None:
        """Take back :meth:`memory`; anything malformed is ignored (the bot then starts afresh)."""
        try:
            pos = memory["other"]
            self._prev = (int(memory["round"]), (int(pos[0]), int(pos[1])),
                          tuple(str(r) for r in memory["grid"]), int(memory["stun"]))
            self._target = int(memory.get("target", -1))
            self._since = int(memory.get("since", -1))
            self._mine = memory.get("mine", False) is True
            self._copied = int(memory.get("copied", 0))
            self._declined = memory.get("declined", False) is True
            self._star_rich = memory.get("star_rich", False) is True
            self._visits = [[int(x) for x in v] for v in memory.get("visits", [])[-CYCLE_WINDOW:] if len(v) == 5]
        except Exception:  # noqa: BLE001 - a file made by anyone: 1e400 (OverflowError), [[[...]]]
            self._forget()

    # ------------------------------------------------------------------ inference between turns
    def _other_stun(self, obs: DuelObservation) -> int:
        """In process only: the other player's remaining stun, seen from its moves between turns."""
        other = "B" if obs.me == "A" else "A"
        pos = obs.position(other)
        stun = 0
        if self._prev is not None:
            prev_round, prev_pos, prev_grid, prev_stun = self._prev
            if prev_round == obs.round - 1:  # (act has dropped a memory of another board)
                if pos != prev_pos and prev_grid[pos[0]][pos[1]] == "b":
                    stun = STUN_TURNS
                elif pos == prev_pos and prev_stun > 0:
                    stun = prev_stun - 1
        self._prev = (obs.round, pos, obs.grid, stun)
        return stun

    def _saw_decline(self, obs: DuelObservation) -> bool:
        """As A, right after our last move (the round before): it left us one step from the mirror
        image of the other's cell, so a copycat (``mirror``, or any bot that keeps the position
        point-symmetric) would have answered with the mirror image of our move, onto the mirror
        image of our cell. The other could, and went elsewhere: it is no copycat."""
        if obs.me != "A" or self._prev is None or self._prev[0] != obs.round - 1:
            return False
        _, (br, bc), grid, stun = self._prev
        if stun > 0:  # (act has dropped a memory of another board)
            return False
        rows, cols = obs.rows, obs.cols
        ar, ac = obs.position("A")
        mr, mc = rows - 1 - br, cols - 1 - bc   # where A stands if the other's cell mirrors it
        if abs(ar - mr) + abs(ac - mc) != 1:
            return False
        cr, cc = rows - 1 - ar, cols - 1 - ac   # the copy: the mirror image of our cell
        if grid[cr][cc] == "x" or (cr, cc) == (ar, ac):
            return False
        return obs.position("B") != (cr, cc)

    # ------------------------------------------------------------------ decision
    def act(self, obs: DuelObservation) -> Decision:
        obs = _within_floats(obs)
        if self._prev is not None and not self._same_game(obs):
            # A new game (a program's working folder may be reused from game to game), or another
            # game's memory file (games played at once in one folder): what we remember is about
            # another game.
            self._forget()
        decision = self._act(obs)
        st = self.st  # the position _act read (the search undoes every move it tries)
        self._mine = any(st.items[c] == MINE for i, c in st.legal(st.turn) if MOVES[i] == decision.move)
        self._visits = [v for v in self._visits if v[0] > obs.round - CYCLE_WINDOW]
        self._visits.append([obs.round, st.pos[st.turn], st.pos[1 - st.turn], MOVES.index(decision.move),
                             int(self._overriding)])
        return decision

    def _same_game(self, obs: DuelObservation) -> bool:
        """Whether what we remember can be from this game: from an earlier round, on a board of
        this size, whose cells differ from this one's only as much as the moves since could have
        changed them (each player's move changes two cells: the one it leaves, the one it enters),
        and where no item has come back (an item taken stays taken: two games on one map, played
        at once in one folder, soon differ there)."""
        round_, _, grid, _ = self._prev
        if round_ >= obs.round or len(grid) != obs.rows or any(len(row) != obs.cols for row in grid):
            return False
        elapsed = obs.round - round_
        changed = 0
        for old, new in zip(grid, obs.grid):
            for a, b in zip(old, new):
                if a != b:
                    if a in ".AB" and b not in ".ABx":
                        return False  # an item where none was: not this game
                    changed += 1
        return changed <= 4 * elapsed

    def _their_cell(self, round_: int) -> int:
        """The other's cell at our move of ``round_`` (-1: not remembered, e.g. we were stunned)."""
        return next((v[2] for v in self._visits if v[0] == round_), -1)

    def _their_cells(self, round_: int, turns: int) -> tuple:
        """The other's cells at our moves of the ``turns`` rounds before ``round_``; () unless every
        one of them is remembered (not after a stun of ours, nor early in the game)."""
        cells = tuple(self._their_cell(round_ - k) for k in range(1, turns + 1))
        return () if -1 in cells else cells

    def _played_here(self, st: State) -> list[int]:
        """The moves (indices into ``MOVES``) we played from this cell, with the other on its cell,
        in the last ``CYCLE_WINDOW`` rounds."""
        me = st.turn
        return [v[3] for v in self._visits if v[1] == st.pos[me] and v[2] == st.pos[1 - me]]

    def _repeats(self, st: State, legal, far: bool = False) -> dict:
        """Back at the same two cells (ours and the other's) at least ``CYCLE_REPEATS`` times in the
        last ``CYCLE_WINDOW`` rounds: a stand-off (the other shadowing us, or both walking to and
        fro). Behind, we lose it on points; ahead, it keeps us from the items we came for while the
        other may leave at any time for what is left (``duel12x30`` seed 3: a plan swinging between
        a mushroom and a far star, 880 rounds at 157-69, lost 171-600). Each earlier play of a move
        from here costs ``CYCLE_PENALTY`` (at most ``CYCLE_COUNT`` times), so the search tries
        another about as good, and the longer the stand-off, the more it may give up for that; a
        move it sees lose by a trap (:func:`_penalised`), or into a dead end the other can close
        (``DOOM``), stays worse, and so do a poison star and (unless behind with the other near)
        a mine. Level on score the stand-off holds a tie: each move costs one penalty at most."""
        me = st.turn
        here = self._played_here(st)
        if len(here) < CYCLE_REPEATS:
            return {}
        # Level, the stand-off holds a tie: give up at most one penalty's worth to leave it.
        count = 1 if st.score[me] == st.score[1 - me] else CYCLE_COUNT
        pen = {mc: CYCLE_PENALTY * min(count, here.count(mc[0])) for mc in legal if mc[0] in here}
        if pen:
            # A way out is not a poison star (half the score) nor, unless behind with the other
            # near, a mine (six free moves for the other): each costs as much as the most repeated
            # move. Behind, a mine's three skipped turns flip which of us can be boxed in, and a
            # search near the other weighs that (gen9x9-433774 seed 3: B, 8-13 behind with nothing
            # left to collect, stepped on one and boxed greedy in; with the mine priced out of the
            # stand-off, it lost 8-11). Far apart the search looks one move ahead, and a mine is
            # only six free moves (gen22x22-43037 seed 1 as A, behind, 12 steps from trapper).
            worst = max(pen.values())
            bad = (PSTAR, MINE) if far or st.score[me] >= st.score[1 - me] else (PSTAR,)
            pen.update((mc, worst) for mc in legal if st.items[mc[1]] in bad)
        return pen

    def _dither(self, st: State, round_: int, legal) -> dict:
        """To and fro: our last ``DITHER`` or more moves (one a round) went between the same two cells,
        and at least every other one the search overrode the plan. The plan walks us one way, the
        search back, and the other gets the time (``88map`` from the start as B against
        ``collector``: from round 9 to 19 between a star at the end of a dead end and its way out,
        while A collected; lost 6-60, won once broken off). The move back to the cell we came from
        costs ``CYCLE_PENALTY`` (more the longer it goes on, at most ``CYCLE_COUNT`` times): the
        search goes on one way or the other unless going back is clearly better. To and fro with
        no plan to override is left alone: it is how we hold the other in a pocket (``88map`` s8
        as A against ``collector``: broken off there too, a 116-6 win went 29-6)."""
        cells = {v[0]: v[1] for v in self._visits}
        here = st.pos[st.turn]
        prev = cells.get(round_ - 1, -1)
        if prev < 0 or prev == here:
            return {}
        run = 1
        while cells.get(round_ - run - 1, -1) == (here if run % 2 else prev):
            run += 1
        overrides = sum(v[4] for v in self._visits if round_ - run <= v[0] < round_)
        if run < DITHER or overrides < run // 2:
            return {}
        p = CYCLE_PENALTY * min(CYCLE_COUNT, 1 + (run - DITHER) // 2)
        return {mc: p for mc in legal if mc[1] == prev}

    def _act(self, obs: DuelObservation) -> Decision:
        started = time.perf_counter()
        self._overriding = False
        remembered = self._prev is not None   # (_other_stun below sets it for the next move)
        consecutive = remembered and self._prev[0] == obs.round - 1
        # The plan's last target is kept across our own stun too: we stepped on the mine on the way
        # to it. (Forgotten, a star behind a mine was left once we stood next to it: at the end of
        # a dead end, with the other far, it waited for the mushrooms, and A walked 20 steps to
        # another; duel20x20.txt seed 0 as A against trapper.)
        kept = consecutive or (self._prev is not None and self._mine
                               and self._prev[0] == obs.round - 1 - STUN_TURNS)
        # Before _other_stun below replaces what we remember of the other's last cell with its cell now.
        self._declined = self._declined or self._saw_decline(obs)
        st = self.st = State.from_observation(obs, stun_other=self._other_stun(obs))
        me = st.turn
        self._star_rich = self._star_rich or st.masks[STAR].bit_count() > STAR_CAP
        legal = st.legal(me)
        if not legal:
            return Decision(MOVES[0], "boxed in: no legal move")
        # As A: is the other copying us (point-symmetric players at our turns, round after round)?
        if me == 0 and point_symmetric(st):
            self._copied = self._copied + 1 if consecutive else 1
        else:
            self._copied = 0
        plan = None
        lying_in_wait = False
        # Not against a bot that once passed up a copy (a copycat never does), however often the
        # players stand point-symmetric again: by its star, stepping to and fro, searcher mirrored our
        # steps every other turn, the copy plan and the usual one took turns, and we stood still for
        # 890 rounds, behind (gen22x10-498490 seed 0 as A, lost 104-115).
        copycat = self._copied >= COPYCAT and not self._declined
        if copycat:
            plan = copy_plan(st, keep=self._target if consecutive else -1)
        copying = plan is not None
        if plan is None and hopeless(st):
            plan = hunt_plan(st)
        flipping = False
        if plan is None:
            plan = opening_flip(st)
            flipping = plan is not None
        if plan is None:
            plan = make_plan(st, keep=self._target if kept else -1, keep_since=self._since if kept else -1,
                             their_past=self._their_cell(obs.round - APPROACH),
                             their_recent=self._their_cells(obs.round, KEEP_TURNS), star_rich=self._star_rich)
        if plan is None and st.score[me] <= st.score[1 - me]:
            # Nothing left worth taking, level or behind: only a trap turns the game.
            if not _vulnerable(st, 1 - me):
                # We are the one that can be boxed in: a mine turns that round (duel8x8.txt seed 1
                # as B against collector: from round 26 on, 11-11 with only poison left, A
                # wandering and never to be boxed in, a tie).
                plan = flip_plan(st)
            else:
                # The other is: walk to it, and near it lie in wait (a bot that wanders once the
                # board is bare walks into dead ends; the search expects it not to).
                plan = hunt_plan(st, IDLE_HUNT_WHY, around=True)
                chance, first = ambush(st) if plan is not None else (0.0, -1)
                lying_in_wait = first >= 0
                if lying_in_wait:
                    plan = Plan(plan.cell, EMPTY, plan.steps, None, first,
                                f"{IDLE_HUNT_WHY}: boxes it in within {AMBUSH_TURNS} moves if it steps at "
                                f"random, {chance:.0%} chance")
        self._target = plan.cell if plan is not None else -1
        self._since = plan.since if plan is not None else -1
        if len(legal) == 1:
            return Decision(MOVES[legal[0][0]], self._reason(st, legal[0], None, plan, "only legal move"))
        plan_mc = next((mc for mc in legal if plan is not None and mc[1] == plan.first), None)
        # The root's evaluation: whether the other is in a dead end we can chase it down, and what is
        # still to take (the spread every leaf of the search uses for ending ahead).
        root = evaluate(st, detail=True)
        self._spread = root.spread
        chase = self._chase(st, legal, root)
        if chase is not None:
            self.last_depth, self.last_nodes = 0, 0
            undo = st.play(chase[1])
            boxed = not st.legal(1 - me) and not st.stun[1 - me]
            st.undo(undo)
            return Decision(MOVES[chase[0]], self._reason(st, chase, WIN - 2 if boxed else None, None,
                                                          None if boxed else "chases it to the end"))

        # As A, a move after which B could stand point-symmetric to us, with us not ahead in the copy
        # game, costs SYMMETRY_PENALTY times that chance (above the least of any move).
        # Not once the other has shown it does not copy: then the guard only costs (gen12x23-255575
        # seed 1 as A against trapper: at 86-105 it took a poison star to keep clear of symmetry).
        # Nor in a long stand-off outside the copy game (the same two cells STALL times in the last
        # CYCLE_WINDOW rounds): a copycat that has lost the symmetry walks about, it does not stand
        # its ground, and the guard would keep us where we are, since any way out can let a bot
        # stepping at random stand point-symmetric (gen16x12-682994 seed 1 as A against searcher:
        # at 32-75, A walked to and fro between two cells for 950 rounds, "keeping the position from
        # turning symmetric", the guard outweighing the stand-off breaker).
        repeats = len(self._played_here(st))  # times back at these two cells (the breaker counts them by move)
        # Remembering nothing in a game seen from its start (a program whose folder is read-only:
        # every move its first), the board tells whether the other ever passed up a copy since
        # round 1 (20map seed 0 as A against searcher: without memory A took the star by its start
        # at a score of 0 to keep the position from turning symmetric, and lost 187-204; with
        # memory, won 1366 to -100). Not after an opening we did not play (the bench's): the
        # opening made the asymmetry (unguarded at that one move, A tied mirror twice in 48 bench
        # games that it won guarded).
        declined = self._declined or (self.from_the_start and not remembered and me == 0 and obs.round > 1
                                      and copy_broken(st))
        guarded = me == 0 and not declined and (copying or repeats < STALL)
        risky = symmetry_risks(st, legal) if guarded else {}
        if copying and plan_mc is not None and (
                plan.why.startswith(LINE_WHY)
                or (st.score[me] < st.score[1 - me] and repeats >= CYCLE_REPEATS)):
            # The copy game's line: its way was checked item by item. Or, behind, back at the same
            # two cells again: the guard and the plan would send us to and fro, and lose on points.
            # (Ahead, to and fro keeps the lead: duel8x8.txt seeds 1 and 3, won 3-2 and 2-1 so.)
            risky.pop(plan_mc, None)
        floor = min((risky.get(mc, 0.0) for mc in legal), default=0.0)
        pen = {mc: SYMMETRY_PENALTY * (r - floor) for mc, r in risky.items() if r > floor}
        symmetric = set(pen)
        da = st.geo.distances(st.pos[me], st.pos[1 - me])
        apart = min((da[x] for x in st.geo.nbrs[st.pos[1 - me]] if da[x] >= 0), default=-1)
        # In the last END_ROUNDS rounds the search sees every line to the end, and the plan does
        # not: far apart too, the search decides (gen9x19-241896 seed 1 as B against collector,
        # session 65: at round 995 the search took a poison star, 40 -> 20, for a star at round
        # 1000 that made 42 against 27; two rounds later, more than FAR steps from A, the plan
        # turned to a mushroom instead, and B lost 22-27). Not against a copycat: the search does
        # not see that the copycat takes the mirror image of every item we take (gen30x30-728762
        # seed 1 as A against mirror: 1-0 at round 993, then the search took a poison mushroom and
        # five more items, 48 steps from B, and mirror the mirror images: a tie, 8-8).
        far = (apart < 0 or apart > FAR) and (ROUNDS - st.round >= END_ROUNDS or copycat)
        # Against a copycat the same two cells come back by design; the copy game decides there.
        # Lying in wait for a wanderer, the same two cells come back by design too, for a while: a
        # bot that only ever steps to and fro beside us is no wanderer, and the stand-off breaker
        # tries other moves (gen23x16-999121 seed 1 as B against trapper, 647-656 with nothing
        # left: waiting beside A, B stepped UP and DOWN from round 280 to the end and lost; breaking
        # the stand-off it had boxed the hunting trapper in).
        waiting = lying_in_wait and repeats < WAIT_REPEATS
        repeated = {} if copying or waiting else self._repeats(st, legal, far)
        # Outside a stand-off: is the search taking us back where the plan walked us from?
        dither = {} if copying or waiting or repeated else self._dither(st, obs.round, legal)
        for mc, p in (repeated or dither).items():
            pen[mc] = pen.get(mc, 0.0) + p
        if (obs.round <= OPENING_FLIP_ROUNDS and not _vulnerable(st, me) and stars_in_dead_ends(st)):
            # Where every star ends a dead end, the parity is what the opening's mine is for: a mine
            # of ours would turn it back against us (88map as B against searcher-d80: A's own mine
            # turned it our way at round 4, and the search stepped on ours all the same; tied 32-32).
            for mc in legal:
                if st.items[mc[1]] == MINE:
                    pen[mc] = pen.get(mc, 0.0) + DOOM
        self.deadline = started + self.move_time * 0.9
        if self.stop_by is not None:
            self.deadline = min(self.deadline, self.stop_by)
        self.budget = self.node_budget or nodes_for(self.move_time)
        self.nodes = 0
        self.killers: dict[int, int] = {}

        if (far or copying or flipping) and plan_mc is not None and plan_mc not in pen:
            # Nothing the other does can touch us soon (or it copies our moves, or we walk to an
            # opening's mine it is too far from to come near us on the way): follow the plan
            # unless it walks into a dead end we could be boxed in (then the search decides). The
            # search, which does not see what the mine's parity is worth, would turn us back from
            # the mine (88map as B against greedy, round 2: "keeps 55% of the board").
            undo = st.play(plan_mc[1])
            try:
                info = evaluate(st, detail=True)
            finally:
                st.undo(undo)
            if not info.doomed[me] and not info.penned[me]:
                self.last_depth, self.last_nodes = 0, 1
                return Decision(MOVES[plan_mc[0]], self._reason(st, plan_mc, None, plan, None, info=info))

        # The plan's move is searched first with a full window (an exact value); another move is
        # taken only if it beats that value by MARGIN.
        order = sorted(legal, key=lambda mc: mc != plan_mc)
        choice, choice_value, depth_done = None, None, 0
        for depth in range(1, (1 if far else self.max_depth) + 1):
            try:
                head = order[0]
                head_value = _penalised(self._root_value(head, depth, -math.inf, math.inf), pen.get(head, 0.0))
                bar = head_value + (self.MARGIN if head == plan_mc else 0.0)
                best, best_value = head, head_value
                for mc in order[1:]:
                    p = pen.get(mc, 0.0)
                    v = _penalised(self._root_value(mc, depth, bar + p if bar > -WIN / 2 else bar, math.inf), p)
                    if v > bar and v > best_value:
                        best, best_value, bar = mc, v, v
            except _OutOfBudget:
                break
            choice, choice_value, depth_done = best, best_value, depth
            if best != order[0]:
                order.remove(best)
                order.insert(0, best)
            if abs(best_value) >= WIN / 2 and (not _at_the_end(st, best_value) or depth >= _plies(best_value)):
                break  # a forced result: deeper search cannot change it (on points, once it sees the end)
        self.last_depth, self.last_nodes = depth_done, self.nodes
        if choice is None:  # nothing finished in time: the plan, or else the first legal move
            choice = plan_mc if plan_mc is not None and plan_mc not in pen else min(legal, key=lambda mc: pen.get(mc, 0.0))
        elif abs(choice_value) >= WIN / 2:
            choice = self._settled_move(legal, choice, depth_done)
        note = None if choice == plan_mc or plan_mc is None else "overrides the plan"
        self._overriding = note is not None
        if plan_mc in symmetric and choice != plan_mc:
            note = "keeps the position from turning symmetric (a copycat would tie)"
        if repeated and choice not in repeated:
            note = "breaks a stand-off (the same two cells again)"
        if dither and choice not in dither:
            note = "breaks off a to-and-fro (the plan one way, the search back)"
        return Decision(MOVES[choice[0]], self._reason(st, choice, choice_value, plan if choice == plan_mc else None,
                                                       note, depth=depth_done))

    def _settled_move(self, legal, choice, depth: int):
        """A move with the game's result settled (the search saw a trap or the game's end): of the
        moves with the best result, the exact best (the quickest trap, the longest hold-out, the
        best final margin: ``settled``), and of those the one the evaluation rates highest. The
        plan's move was kept unless another beat it by MARGIN, a round's worth of plies, and on
        the last move, every move tying, the first legal move was taken: a poison star, 13 -> 6,
        with every move losing (gen10x10-587686 seed 0 as B against trapper); ahead, a poison star
        that still wins halves the score all the same. Each move is searched again with a full
        window (the root's other moves are only bounds)."""
        try:
            exact = {mc: self._root_value(mc, depth, -math.inf, math.inf) for mc in legal}
        except _OutOfBudget:
            return choice
        best = max(exact.values())
        return max((mc for mc in legal if exact[mc] == best), key=lambda mc: (self._one_ply(mc), -mc[0]))

    def _chase(self, st: State, legal, info: Analysis):
        """When the other is in a dead end (a single-entrance pocket without a cycle) and our score
        is above the error score, walk the shortest way to it: in a tree it cannot slip past, and
        at the end of the pocket it has no legal move left. ``info``: the position's evaluation."""
        me = st.turn
        if st.score[me] <= ERROR_SCORE:
            return None
        if not info.doomed[1 - me]:
            return None
        geo = st.geo
        back = geo.distances_no_mines(st.pos[1 - me], st.pos[me], st.items)
        options = [mc for mc in legal if back[mc[1]] >= 0 and st.items[mc[1]] != MINE]
        if not options:
            return None
        return min(options, key=lambda mc: (back[mc[1]], mc[0]))

    def _root_value(self, mc, depth: int, alpha: float, beta: float) -> float:
        st = self.st
        undo = st.play(mc[1])
        try:
            return -self._negamax(depth - 1, -beta, -alpha, 1)
        finally:
            st.undo(undo)

    def _one_ply(self, mc) -> float:
        st = self.st
        me = st.turn
        undo = st.play(mc[1])
        try:
            v = evaluate(st, spread=self._spread)
        finally:
            st.undo(undo)
        return v if me == 0 else -v

    def _negamax(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        st = self.st
        self.nodes += 1
        if self.nodes > self.budget or time.perf_counter() > self.deadline:
            raise _OutOfBudget
        p = st.turn
        if st.round > ROUNDS or (p == 0 and st.left == 0):
            # Counted as at the last round's end, however soon the last item went: a game ended
            # early is no surer than one the search sees end on points.
            return settled(st.score[p], st.score[1 - p], ply + 2 * (ROUNDS + 1 - st.round))
        if depth <= 0:
            v = evaluate(st, spread=self._spread)
            return v if p == 0 else -v
        if st.stun[p] > 0:
            undo = st.play(-1)
            try:
                return -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                st.undo(undo)
        moves = st.legal(p)
        if not moves:  # an error: this player's score becomes -100 and the scores decide
            return settled(ERROR_SCORE, st.score[1 - p], ply)
        killer = self.killers.get(ply)
        if killer is not None and len(moves) > 1:
            moves.sort(key=lambda mc: mc[1] != killer)
        best, cut = negamax_moves(st, moves, lambda a, b: self._negamax(depth - 1, a, b, ply + 1), alpha, beta)
        if cut >= 0:
            self.killers[ply] = cut
        return best

    # ------------------------------------------------------------------ reasons
    def _reason(self, st: State, mc, value, plan, note, depth=0, info=None) -> str:
        me = st.turn
        other = "B" if me == 0 else "A"
        parts = []
        score_before = st.score[me]
        item = st.items[mc[1]]
        if info is None:
            undo = st.play(mc[1])
            try:
                info = evaluate(st, detail=True)
            finally:
                st.undo(undo)
        if value is not None and value >= WIN / 2:
            moves = max(1, (_plies(value) + me) // 2)
            # A win the search sees at the game's end is on points, not a trap.
            parts.append("ends ahead" if _at_the_end(st, value) else f"traps {other} within {moves} moves")
        elif value is not None and value <= -WIN / 2:
            parts.append("every move loses; holding out")
        if item:
            if item == MINE:
                parts.append("steps on a mine (stunned 3 turns)")
            else:
                parts.append(f"takes {ITEM_NAME[item]} ({score_before} -> {apply_item(score_before, item)})")
        if plan is not None and plan.cell != mc[1]:
            why = f" ({plan.why})" if plan.why else ""
            # The hunt's target is the other player's own cell (no item lies under a player).
            what = other if plan.cell == st.pos[1 - me] else ITEM_NAME.get(plan.item, "a cell")
            if plan.their_steps is None:
                parts.append(f"{what} in {plan.steps}{why}")
            else:
                needs = f"{other} needs {plan.their_steps}" if plan.their_steps >= 0 else f"{other} cannot reach it"
                parts.append(f"{what} in {plan.steps}{why}, {needs}")
        share = info.share if me == 0 else 1.0 - info.share
        parts.append(f"keeps {round(100 * share)}% of the board")
        doomed_me, doomed_other = (info.doomed if me == 0 else info.doomed[::-1])
        if doomed_other and not (value is not None and value >= WIN / 2):
            parts.append(f"{other} is cut off in a dead end")
        if doomed_me:
            parts.append("in a dead end: danger")
        penned_me, penned_other = (info.penned if me == 0 else info.penned[::-1])
        if penned_other:
            parts.append(f"{other} is penned in, behind")
        if penned_me:
            parts.append("penned in, behind: danger")
        if note:
            parts.append(note)
        if depth:
            parts.append(f"depth {depth}")
        return f"{MOVES[mc[0]]}: " + "; ".join(parts)


__all__ = ["DefaultBot", "Plan", "evaluate", "hopeless", "hunt_plan", "make_plan"]
