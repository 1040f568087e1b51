"""Sparring partners for the bench and the tests: ``trapper`` and ``collector``.

Not baselines of the issue: they stand in for the course's strongest bots, which are held out.
``collector`` plans like ``greedy`` but values stars by when to take them (mushrooms first, a
star when the other would get it first or when no mushroom is left) and never steps on poison
or mines by choice. ``trapper`` collects like ``collector`` until the other player is near, then
hunts it: it moves to shrink the other's territory and follows it into dead ends, the way the
course's best bots boxed their opponents in.
"""

from __future__ import annotations

import random

from game.duel.protocol import MOVES, Bot, Decision, DuelObservation

from .sim import MINE, MUSH, POISON, PSTAR, STAR, State

HUNT_RADIUS = 8


class CollectorBot(Bot):
    name = "collector"

    def _rng(self, obs):
        return random.Random(f"{self.seed}/{obs.round}/{obs.me}/{self.name}")

    def _collect(self, st: State, rng) -> tuple[int, int, str]:
        me = st.turn
        geo = st.geo
        legal = st.legal(me)
        mine_d = geo.distances(st.pos[me], st.pos[1 - me])
        their_d = geo.distances(st.pos[1 - me], st.pos[me])
        mushrooms_left = any(st.items[c] == MUSH and mine_d[c] > 0 for c in st.item_cells)
        best = None
        for c in st.item_cells:
            it = st.items[c]
            d = mine_d[c]
            if d <= 0 or it in (POISON, PSTAR, MINE) or not it:
                continue
            contested = 0 <= their_d[c] <= d
            if it == STAR:
                value = max(st.score[me], 1) if (contested or not mushrooms_left) else 0.3
            else:
                value = 1.0
            key = (-value / d, d, rng.random())
            if best is None or key < best[0]:
                best = (key, c)
        if best is None:
            return self._wander(st, legal, rng)
        path_first = self._first_step(st, best[1], legal)
        return path_first, best[1], "collects"

    def _first_step(self, st: State, target: int, legal) -> tuple[int, int]:
        back = st.geo.distances(target, st.pos[1 - st.turn])
        safe = [mc for mc in legal if st.items[mc[1]] not in (MINE, POISON, PSTAR)] or legal
        reach = [mc for mc in safe if back[mc[1]] >= 0] or safe
        return min(reach, key=lambda mc: (back[mc[1]] if back[mc[1]] >= 0 else 10 ** 6))

    def _wander(self, st, legal, rng):
        safe = [mc for mc in legal if st.items[mc[1]] not in (MINE, POISON, PSTAR)] or legal
        return rng.choice(safe), -1, "wanders"

    def act(self, obs: DuelObservation) -> Decision:
        st = State.from_observation(obs)
        legal = st.legal(st.turn)
        if not legal:
            return Decision(MOVES[0], "boxed in")
        mc, _, why = self._collect(st, self._rng(obs))
        return Decision(MOVES[mc[0]], why)


class TrapperBot(CollectorBot):
    name = "trapper"

    def act(self, obs: DuelObservation) -> Decision:
        st = State.from_observation(obs)
        me = st.turn
        legal = st.legal(me)
        if not legal:
            return Decision(MOVES[0], "boxed in")
        rng = self._rng(obs)
        geo = st.geo
        their = geo.distances(st.pos[1 - me], st.pos[me])
        gap = min((their[x] for x in geo.nbrs[st.pos[me]] if their[x] >= 0), default=-1)
        if 0 <= gap <= HUNT_RADIUS:
            # Hunt: the move after which the other has the fewest cells it reaches first
            # (ties: fewest legal moves for it, then closest to it).
            def squeeze(mc):
                undo = st.play(mc[1])
                try:
                    mine = geo.distances(st.pos[me], st.pos[1 - me])
                    theirs = geo.distances(st.pos[1 - me], st.pos[me])
                    region = sum(1 for c in geo.open_cells
                                 if theirs[c] >= 0 and (mine[c] < 0 or theirs[c] <= mine[c]))
                    moves = len(st.legal(1 - me))
                    near = theirs[mc[1]] if theirs[mc[1]] >= 0 else 99
                finally:
                    st.undo(undo)
                return (moves == 0, -region, -moves, -near, rng.random())

            safe = [mc for mc in legal if st.items[mc[1]] != MINE] or legal
            best = max(safe, key=squeeze)
            return Decision(MOVES[best[0]], "hunts")
        mc, _, why = self._collect(st, rng)
        return Decision(MOVES[mc[0]], why)
