"""Sparring partners for the bench and the tests: ``collector``, ``trapper`` and ``hunter``.

Not baselines of the issue: they stand in for the course's strongest bots, which are held out.
``collector`` follows the default bot's collection plan without any search: mushrooms first,
stars late unless raced for, poison and mines walked around. ``trapper`` collects the same way
until the other player is near, then hunts it: every move it takes the step that leaves the
other the fewest cells it reaches first (and the fewest legal moves), following it into dead ends
the way the course's best bots boxed their opponents in. ``hunter`` hunts the same way but
collects like ``greedy`` (value per step, stars as soon as they are worth most): a strong student
bot as the course saw them, a greedy collector that also traps.
"""

from __future__ import annotations

import random

from game.duel.protocol import MOVES, Bot, Decision, DuelObservation

from .default import make_plan
from .greedy import GreedyBot
from .sim import MINE, State

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

    def act(self, obs: DuelObservation) -> Decision:
        st = State.from_observation(obs)
        me = st.turn
        legal = st.legal(me)
        if not legal:
            return Decision(MOVES[0], "boxed in")
        geo = st.geo
        their = geo.distances(st.pos[1 - me], st.pos[me])
        gap = min((their[x] for x in geo.nbrs[st.pos[me]] if their[x] >= 0), default=-1)
        if not 0 <= gap <= HUNT_RADIUS:
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
