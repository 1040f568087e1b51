"""Sparring partners for the bench and the tests: ``collector``, ``trapper``, ``hunter``, ``searcher``
and ``montecarlo``.

Not baselines of the issue: they stand in for the course's strongest bots, which are held out.
``collector`` follows the default bot's collection plan without any search: mushrooms first,
stars late unless raced for, poison and mines charged extra steps (a mine about its stun with the
other far, nearly a wall with it near). ``trapper`` collects the same way
until the other player is near, then hunts it: every move it takes the step that leaves the
other the fewest cells it reaches first (and the fewest legal moves), following it into dead ends
the way the course's best bots boxed their opponents in. ``hunter`` hunts the same way but
collects like ``greedy`` (value per step, stars as soon as they are worth most): a strong student
bot as the course saw them, a greedy collector that also traps. ``searcher`` is the other kind
of strong student bot: no plan at all, a plain alpha-beta search over both players' moves to a
fixed number of positions, scoring a position by the score difference, the items each side
reaches first (Voronoi) and the cells each side reaches first; a player with no legal move loses
there, so it sees traps within its horizon, for itself and for the other. ``montecarlo`` is a
third kind, built after the rest and never tuned against: a tree search guided by random games
(UCT), no evaluation of territory or traps at all, only who wins or leads when its playouts stop.
"""

from __future__ import annotations

import math
import random
import time

from game.duel.protocol import MOVES, Bot, Decision, DuelObservation

from .default import make_plan
from .greedy import GreedyBot
from .sim import ERROR_SCORE, MINE, MUSH, POISON, PSTAR, ROUNDS, STAR, State, negamax_moves, winner_value

HUNT_RADIUS = 8


class CollectorBot(Bot):
    name = "collector"

    def __init__(self, seed: int = 0, move_time: float = 0.3):
        super().__init__(seed=seed, move_time=move_time)
        self._target, self._since, self._round = -1, -1, -10

    def _collect(self, st: State, obs: DuelObservation) -> Decision:
        legal = st.legal(st.turn)
        kept = self._round == obs.round - 1
        plan = make_plan(st, keep=self._target if kept else -1, keep_since=self._since if kept else -1)
        self._target, self._round = (plan.cell if plan else -1), obs.round
        self._since = plan.since if plan else -1
        if plan is not None:
            for mc in legal:
                if mc[1] == plan.first:
                    return Decision(MOVES[mc[0]], f"collects: {plan.steps} steps to its target")
            # The way goes through the other player: the legal step nearest the target instead.
            back = st.geo.distances(plan.cell, st.pos[1 - st.turn])
            near = [mc for mc in legal if back[mc[1]] >= 0]
            if near:
                mc = min(near, key=lambda mc: (back[mc[1]], mc[0]))
                return Decision(MOVES[mc[0]], "collects: around the other player")
        rng = random.Random(f"{self.seed}/{obs.round}/{obs.me}/{self.name}")
        safe = [mc for mc in legal if not st.items[mc[1]]] or legal
        return Decision(MOVES[rng.choice(safe)[0]], "nothing to collect: wanders")

    def act(self, obs: DuelObservation) -> Decision:
        st = State.from_observation(obs)
        if not st.legal(st.turn):
            return Decision(MOVES[0], "boxed in")
        return self._collect(st, obs)


class TrapperBot(CollectorBot):
    name = "trapper"
    HUNT_RADIUS = HUNT_RADIUS  # hunts once the other is at most this many steps from a cell next to it

    def act(self, obs: DuelObservation) -> Decision:
        st = State.from_observation(obs)
        me = st.turn
        legal = st.legal(me)
        if not legal:
            return Decision(MOVES[0], "boxed in")
        geo = st.geo
        their = geo.distances(st.pos[1 - me], st.pos[me])
        gap = min((their[x] for x in geo.nbrs[st.pos[me]] if their[x] >= 0), default=-1)
        if not 0 <= gap <= self.HUNT_RADIUS:
            return self._collect(st, obs)

        def squeeze(mc):
            undo = st.play(mc[1])
            try:
                mine = geo.distances(st.pos[me], st.pos[1 - me])
                theirs = geo.distances(st.pos[1 - me], st.pos[me])
                region = sum(1 for c in geo.open_cells
                             if theirs[c] >= 0 and (mine[c] < 0 or theirs[c] <= mine[c]))
                moves = len(st.legal(1 - me))
            finally:
                st.undo(undo)
            near = their[mc[1]] if their[mc[1]] >= 0 else 99
            return (moves == 0, -region, -moves, -near, -mc[0])

        safe = [mc for mc in legal if st.items[mc[1]] != MINE] or legal
        best = max(safe, key=squeeze)
        return Decision(MOVES[best[0]], "hunts: leaves the other the least room")


class HunterBot(TrapperBot):
    name = "hunter"

    def __init__(self, seed: int = 0, move_time: float = 0.3):
        super().__init__(seed=seed, move_time=move_time)
        self._greedy = GreedyBot(seed=seed, move_time=move_time)

    def _collect(self, st: State, obs: DuelObservation) -> Decision:
        return self._greedy.act(obs)


class _Out(Exception):
    """The searcher's node budget is spent."""


class SearcherBot(Bot):
    """Iterative-deepening alpha-beta (negamax) over both players' moves, to ``NODES`` positions.

    Deterministic: the budget counts positions, not seconds (the clock is only a guard at twice
    the move time). The evaluation, for the player to move: its score less the other's, plus the
    items each reaches first (a mushroom 1, a poison mushroom -1, a star its score, a poison star
    minus half its score and one more, each ``DISCOUNT`` per step), plus ``CELL`` for each cell it
    reaches first.
    """

    name = "searcher"
    NODES = 1500
    DISCOUNT = 0.9
    CELL = 0.05
    WIN = 1e12

    def __init__(self, seed: int = 0, move_time: float = 0.3):
        super().__init__(seed=seed, move_time=move_time)
        self.st: State | None = None
        self.nodes = 0
        self.deadline = 0.0

    def act(self, obs: DuelObservation) -> Decision:
        st = self.st = State.from_observation(obs)
        legal = st.legal(st.turn)
        if not legal:
            return Decision(MOVES[0], "boxed in")
        self.nodes, self.deadline = 0, time.perf_counter() + 2 * self.move_time
        best, depth = legal[0], 0
        order = list(legal)
        for d in range(1, 40):
            try:
                scored = []
                alpha = -math.inf
                for mc in order:
                    undo = st.play(mc[1])
                    try:
                        v = -self._negamax(d - 1, -math.inf, -alpha, 1)
                    finally:
                        st.undo(undo)
                    scored.append((v, mc))
                    alpha = max(alpha, v)
            except _Out:
                break
            scored.sort(key=lambda x: -x[0])  # stable: ties keep the last depth's order
            order = [mc for _, mc in scored]
            best, depth = order[0], d
            if abs(scored[0][0]) >= self.WIN / 2:
                break  # a forced result: deeper will not change it
        return Decision(MOVES[best[0]], f"searches {depth} plies")

    def _negamax(self, depth: int, alpha: float, beta: float, ply: int) -> float:
        st = self.st
        self.nodes += 1
        if self.nodes > self.NODES:
            raise _Out
        if self.nodes % 256 == 0 and time.perf_counter() > self.deadline:
            raise _Out
        p = st.turn
        if st.round > ROUNDS or (p == 0 and st.left == 0):
            return winner_value(st.score[p], st.score[1 - p]) * (self.WIN - ply)
        moves = st.legal(p) if st.stun[p] == 0 else [(-1, -1)]  # stunned: the turn is skipped
        if not moves:  # an error: its score becomes -100, and the scores decide
            return winner_value(ERROR_SCORE, st.score[1 - p]) * (self.WIN - ply)
        if depth <= 0 and st.stun[p] == 0:  # a skipped turn is searched on: it costs no choice
            return self._evaluate(p)
        return negamax_moves(st, moves, lambda a, b: self._negamax(depth - 1, a, b, ply + 1), alpha, beta)[0]

    def _evaluate(self, p: int) -> float:
        st = self.st
        geo = st.geo
        bits = geo.bits
        free = geo.open_mask & ~bits[st.pos[0]] & ~bits[st.pos[1]]
        layers = [geo.layers(st.pos[q], free) for q in (0, 1)]
        masks = st.masks
        value = [0.0, 0.0]
        seen = [0, 0]  # cells each player reaches in fewer steps than the layer at hand
        o = 1 - p
        for d in range(max(len(layers[0]), len(layers[1]))):
            now = [layers[q][d] if d < len(layers[q]) else 0 for q in (0, 1)]
            # Cells a player reaches strictly first are its own; at equal steps, the mover's.
            own = [0, 0]
            own[p] = now[p] & ~seen[o]
            own[o] = now[o] & ~seen[p] & ~now[p]
            seen = [seen[0] | now[0], seen[1] | now[1]]
            for q in (0, 1):
                if not own[q]:
                    continue
                score = max(st.score[q], 0)
                cells = own[q]
                items = ((masks[MUSH] & cells).bit_count() - (masks[POISON] & cells).bit_count()
                         + (masks[STAR] & cells).bit_count() * score
                         - (masks[PSTAR] & cells).bit_count() * (score // 2 + 1))
                value[q] += items * self.DISCOUNT ** d + cells.bit_count() * self.CELL
        return st.score[p] - st.score[o] + value[p] - value[o]


class _Node:
    __slots__ = ("visits", "total", "moves", "children")

    def __init__(self):
        self.visits = 0
        self.total = 0.0   # summed playout results, for the player who moved into this node
        self.moves = None  # the (move, cell) pairs of the player to move here, once expanded
        self.children = None


class MonteCarloBot(Bot):
    """Monte Carlo tree search (UCT) over both players' moves, ``ITERATIONS`` playouts a move.

    Each iteration walks down the tree by UCB1 (``EXPLORE``), adds one position, and plays on from
    it for at most ``HORIZON`` plies: each player steps onto a neighbouring mushroom or star half of
    the time (never poison or a mine when it has a choice), at random otherwise. The playout's
    result, for A, is +1/-1 for a game won or lost (a player with no legal move loses, as in play),
    else the tanh of A's lead over the scores' size. The move played is the root's most visited.
    Deterministic: the playouts draw from a generator seeded by the seed, round and side, and the
    budget counts playouts (the clock is only a guard at twice the move time).
    """

    name = "montecarlo"
    ITERATIONS = 600
    HORIZON = 24
    EXPLORE = 1.0
    GREED = 0.5

    def act(self, obs: DuelObservation) -> Decision:
        st = State.from_observation(obs)
        me = st.turn
        legal = st.legal(me)
        if not legal:
            return Decision(MOVES[0], "boxed in")
        if len(legal) == 1:
            return Decision(MOVES[legal[0][0]], "only legal move")
        rng = random.Random(f"{self.seed}/{obs.round}/{obs.me}/{self.name}")
        root = _Node()
        deadline = time.perf_counter() + 2 * self.move_time
        done = 0
        for done in range(1, self.ITERATIONS + 1):
            self._iterate(st, root, rng)
            if done % 32 == 0 and time.perf_counter() > deadline:
                break
        visits = {cell: child.visits for cell, child in root.children.items()}
        best = max(root.moves, key=lambda mc: (visits[mc[1]], -mc[0]))
        child = root.children[best[1]]
        won = child.total / child.visits if child.visits else 0.0
        return Decision(MOVES[best[0]], f"{done} playouts, {100 * (won + 1) / 2:.0f}% for it")

    def _iterate(self, st: State, root: _Node, rng: random.Random) -> None:
        path = []   # (node, the player whose move led to it), below the root
        undos = []
        node = root
        result = None
        try:
            while True:
                if st.over():
                    result = self._result(st)
                    break
                p = st.turn
                if node.moves is None:
                    node.moves = [(-1, -1)] if st.stun[p] else st.legal(p)
                    node.children = {mc[1]: _Node() for mc in node.moves}
                if not node.moves:  # boxed in: an error, its score becomes -100
                    result = self._result(st, error=p)
                    break
                untried = [mc for mc in node.moves if node.children[mc[1]].visits == 0]
                if untried:
                    mc = rng.choice(untried)
                else:
                    log_n = math.log(node.visits)
                    mc = max(node.moves, key=lambda mc: self._ucb(node.children[mc[1]], log_n))
                undos.append(st.play(mc[1]))
                node = node.children[mc[1]]
                path.append((node, p))
                if untried:
                    result = self._playout(st, rng, undos)
                    break
        finally:
            for undo in reversed(undos):
                st.undo(undo)
        root.visits += 1
        for node, p in path:
            node.visits += 1
            node.total += result if p == 0 else -result

    def _ucb(self, child: _Node, log_n: float) -> float:
        """UCB1 of a child for the player choosing it (its results are kept from that player's side)."""
        return child.total / child.visits + self.EXPLORE * math.sqrt(log_n / child.visits)

    def _playout(self, st: State, rng: random.Random, undos: list) -> float:
        items = st.items
        for _ in range(self.HORIZON):
            if st.over():
                return self._result(st)
            p = st.turn
            if st.stun[p]:
                undos.append(st.play(-1))
                continue
            legal = st.legal(p)
            if not legal:
                return self._result(st, error=p)
            good = [mc for mc in legal if items[mc[1]] in (MUSH, STAR)]
            if good and rng.random() < self.GREED:
                mc = rng.choice(good)
            else:
                safe = [mc for mc in legal if items[mc[1]] not in (POISON, PSTAR, MINE)] or legal
                mc = rng.choice(safe)
            undos.append(st.play(mc[1]))
        return self._result(st)

    @staticmethod
    def _result(st: State, error: int = -1) -> float:
        """The game's value for A: +-1 at its end (an error sets the offender's score to -100), else
        the tanh of A's lead over the scores' size."""
        a, b = st.score
        if error >= 0:
            a, b = (ERROR_SCORE, b) if error == 0 else (a, ERROR_SCORE)
            return float(winner_value(a, b))
        if st.over():
            return float(winner_value(a, b))
        return math.tanh((a - b) / max(4.0, (abs(a) + abs(b)) / 4))
