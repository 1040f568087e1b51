"""``default`` Mr X: Monte-Carlo search over his own moves (after Nijssen & Winands, with changes).

* **Move filtering.** Secret tickets only where they hide something (just after a reveal, or when
  the detectives know few places), never on a reveal move; double moves only when a detective is
  no single move keeps him out of reach, or just after a reveal with a detective one ride away;
  one double move per pair of stations and kind of ticket.
* **Prior.** Each candidate gets a static score (``policy.mrx_static_score``): the chance a
  detective rides onto him next (never taken below ``RISK_ROOT / sqrt(places)``: measured), his
  territory (stations he reaches before any detective), how many places the detectives will
  think he can be after it (the public tracker run forward), how exposed the station is, and
  what the tickets cost. The search starts
  from it (progressive bias) so that a short budget still plays sensibly.
* **Search.** UCB1 over the best candidates (a one-level tree), with progressive bias toward the
  prior. Between Mr X's moves the detectives play *without knowing where he is*: in the
  simulation they keep the public set of possible stations, step onto a possible station when
  they can (likelier stations first) and otherwise head for one drawn by its probability.
  Playouts are epsilon-greedy (Mr X rides to the station farthest from the detectives, doubles
  when cornered) and stop at his move before the detectives' fourth round, scored by a *learned*
  chance that he escapes from there (``survival.py``: a logistic regression over distances,
  reach, places, territory, tickets on both sides and how soon the next reveal comes, fitted to
  logged games by ``fit_survival.py``). A capture scores 0, reaching the end of the log 1.
* **The detectives' reply, foreseen.** The detectives cannot see him, so what they do next depends
  only on the public log, not on his station: their team objective over their own belief
  (``policy.objective_reply``) gives one reply per kind of ticket he could show. Most simulations
  of a candidate start after that reply, as far as it has come true in this game (against the
  default detectives about 77% of their stations; against chaser about half, so there it is not
  used).
* The move with the most visits wins; its reason names the distance kept, the places he could be,
  and the mean score of its simulations. At most ``MAX_SIMULATIONS`` per decision whatever the
  budget: more made him weaker (the playouts' detectives are a rough model).
"""

from __future__ import annotations

import math
import time

from game.scotlandyard.ai.base import Decision, MrXPlayer, describe_move, simulation_cap
from game.scotlandyard.ai.context import mrx_context, public_tracker
from game.scotlandyard.ai.policy import (
    TERRITORY_CAP, TERRITORY_WEIGHT, category_bias, entries_for, filtered_mrx_moves, mrx_move_features,
    mrx_room, mrx_static_score, objective_reply,
)
from game.scotlandyard.ai.sim import SECRET, Graph, Sim
from game.scotlandyard.ai.survival import playout_features, survival_probability

EXPLORATION = 0.25
PRIOR_WEIGHT = 3.0        # progressive bias: prior / (visits + 1) * this
HORIZON = 4               # rounds simulated after the move being judged (the last one is not played: learned leaf)
MIN_ITERATIONS = 96       # before stopping early
EVAL_PLACES = 0.04        # playout score per doubling of the places he could be
EPSILON = 0.15            # chance of a random ride in a playout
# The detectives' reply (``policy.objective_reply``): their round after each candidate, played by
# their team objective over their own belief (the public log with location categorisation). It
# depends only on the public entries his move writes, so one reply serves every candidate with the
# same ticket. A share of his simulations start from it, as far as it has foreseen the detectives'
# stations in this game (TRUST_PRIOR pseudo-observations at TRUST_START before any): none at
# TRUST_LOW or below, RESPONSE_MIX at TRUST_HIGH and above. It foresees about 77% of the default
# detectives' stations and about half of chaser's. Count-bound, seeds 0-199: 108 escapes against
# the default detectives where 62 without, 182 against chaser where 178 (with the model always on
# at about 0.9, chaser 160: hence the trust). A cheap copy of the objective (room, distance and
# landing only, over the uniform set) was worse: the escape-route terms are what closes the net
# (docs/SCOTLAND-YARD-AI.md, eighth round).
RESPONSE_MIX = 0.9        # share of simulations that start from the modelled reply, at full trust
TRUST_LOW = 0.6
TRUST_HIGH = 0.75
TRUST_PRIOR = 4.0
TRUST_START = 0.68
ITERATIONS_PER_SECOND = 3000
# More simulations made him weaker: the playouts' detectives are a rough model, and the more
# simulations, the more they outweigh the prior. Against chaser detectives (games 0-49) 45 escapes
# in 50 at 0.05 s per move, 35 at 0.2 s (37 before the risk floor). So a decision uses at most
# this many simulations, whatever the budget. Re-checked with the learned leaf score (count-bound,
# seeds 0-399): 300 and 600 gave 113 and 110 escapes against the default detectives where 150 gave
# 105, and at 0.1 s for both sides 300 gave 120 where 150 gave 111: within the noise, so it stays
# (docs/SCOTLAND-YARD-AI.md, fifth round).
MAX_SIMULATIONS = 150
MAX_SCORED = 80           # candidates scored for the prior, safest first
PRIOR_SHARE = 0.25        # of the budget, at most, for scoring the candidates
RESPONSE_SHARE = 0.45     # of the budget, at most, for the prior and the replies
SEARCH_SHARE = 0.7        # of the budget, at most, for everything before the choice
FORESEE_SHARE = 0.8       # the model's reply to the move played is worked out only before this
MAX_CANDIDATES = 24       # the best by the prior go to the search
NEAREST_TARGET = 0.0      # chance a simulated detective heads for the nearest possible station
DETECTIVE_GREED = 0.9     # chance a simulated detective steps onto a possible station in reach
# A conditional-logit model of the detectives' rides fitted to logged default and chaser games,
# in place of this rule, gave 60 escapes in 200 against 62 at more than twice the time per
# decision (docs/SCOTLAND-YARD-AI.md, sixth round): not kept.
# A playout ends at its last Mr X move, scored by the learned chance that he escapes from there
# (survival.py, fitted to logged games); the simulated detectives' last round is not played.
# Measured (count-bound searches): against the default detectives 47 and 57 escapes in 200 games
# (seeds 0-199, 200-399) against 35 and 27 with the hand-written score after their last round;
# against chaser detectives 170 and 162 against 166 and 169 (docs/SCOTLAND-YARD-AI.md, fourth round).
# The leaf moved from his move before the detectives' third round to the one before their fourth
# (HORIZON 4): 62 and 60 against 48 and 57 (default detectives), chaser 178 against 171 on seeds
# 0-199 and 175 against 162 on 200-399; before their second round 44, before their fifth 40 (fifth round).
LEARNED_LEAF = True


def _settled(stats: dict, total: int) -> bool:
    """Stop early once one move has most of the visits and twice the next one's: the rest of the
    budget could not change the choice (and CPU is shared)."""
    if total < MIN_ITERATIONS:
        return False
    visits = sorted((n for n, _ in stats.values()), reverse=True)
    return visits[0] >= 0.6 * total and (len(visits) < 2 or visits[0] >= 2 * visits[1])


def _rollout_detectives(sim: Sim, prob: dict, rng, targets: list) -> None:
    """One round of the simulated detectives (they do not know where Mr X is)."""
    g = sim.g
    dd = g.ddist
    n = len(sim.dl)
    for i in range(n):
        if sim.winner is not None:
            return
        if not (sim.to_move >> i) & 1:
            continue
        moves = sim.detective_singles(i)
        if not moves:
            continue
        onto = [m for m in moves if m[2] in prob]
        if onto and rng.random() < DETECTIVE_GREED:
            weights = [prob[m[2]] for m in onto]
            total = sum(weights)
            r = rng.random() * total
            move = onto[-1]
            for m, w in zip(onto, weights):
                r -= w
                if r <= 0:
                    move = m
                    break
        else:
            target = targets[i]
            if target not in prob and prob:
                if rng.random() < NEAREST_TARGET:
                    here = sim.dl[i]
                    target = targets[i] = min(prob, key=lambda p: dd[here][p])
                else:
                    target = targets[i] = _draw(prob, rng)
            far = [dd[m[2]][target] for m in moves]
            best = min(far)
            opts = [m for m, f in zip(moves, far) if f == best]
            move = opts[int(rng.random() * len(opts))]
        sim.play_detective(move)
        _strike(prob, move[2])
        if sim.to_move < 0:
            return


def _strike(prob: dict, station: int) -> None:
    """A detective stands on ``station`` and has not caught him: strike it out of ``prob`` (in
    place) and share its weight among the rest."""
    if prob.pop(station, None) is not None and prob:
        total = sum(prob.values())
        for k in prob:
            prob[k] /= total


def _draw(prob: dict, rng) -> int:
    r = rng.random()
    last = None
    for s, w in prob.items():
        last = s
        r -= w
        if r <= 0:
            return s
    return last


def _rollout_mrx_move(sim: Sim, rng):
    g = sim.g
    dd = g.ddist
    singles = sim.mrx_singles()
    if not singles:
        return None
    if rng.random() < EPSILON:
        return singles[int(rng.random() * len(singles))]
    cheap = [m for m in singles if m[0] != SECRET] or singles
    best, best_v = None, -1
    rows = [dd[d] for d in sim.dl]
    degree = g.degree
    for m in cheap:
        x = m[1]
        v = min([row[x] for row in rows]) * 10 + degree[x] + rng.random()
        if v > best_v:
            best, best_v = m, v
    if best_v < 20 and sim.can_double():  # next to a detective: try a double move
        best, best_v = _best_double(sim, cheap, best, best_v, rng)
    return best


def _best_double(sim: Sim, singles, best, best_v, rng):
    """The double move (first ride among ``singles``, no secret) that ends farthest from the
    detectives, if it beats ``best_v``."""
    g = sim.g
    dd = g.ddist
    mt = sim.mt
    rows = [dd[d] for d in sim.dl]
    for t1, d1 in singles:
        mt[t1] -= 1
        for t2, d2 in sim.mrx_singles(d1, mt):
            if t2 == SECRET:
                continue
            v = min([row[d2] for row in rows]) * 10 + g.degree[d2] - 5 + rng.random()
            if v > best_v:
                best, best_v = (t1, d1, t2, d2), v
        mt[t1] += 1
    return best, best_v


def _mrx_apply(sim: Sim, prob: dict, move) -> dict:
    """Play Mr X's move and run the public possible set forward (uniform model)."""
    from game.scotlandyard.ai.policy import entries_for

    entries = entries_for(sim, move)
    occ = sim.dl
    by_ticket = sim.g.by_ticket
    for ticket, loc in entries:
        if loc is not None:
            prob = {loc: 1.0}
            continue
        new = {}
        for s, w in prob.items():
            dests = [d for d in by_ticket[s][ticket] if d not in occ]
            if dests:
                share = w / len(dests)
                for d in dests:
                    new[d] = new.get(d, 0.0) + share
        prob = new
    total = sum(prob.values())
    if total > 0 and abs(total - 1.0) > 1e-9:
        prob = {k: v / total for k, v in prob.items()}
    if move[-1] not in prob:  # cannot happen with an exact tracker; keep the truth reachable
        prob[move[-1]] = 1e-6
    sim.play_mrx(move)
    return prob


def _evaluate(sim: Sim, prob: dict) -> float:
    if sim.winner == "DETECTIVES":
        return 0.0
    if sim.winner == "MRX":
        return 1.0
    g = sim.g
    dd = g.ddist
    near = min(dd[d][sim.mrx] for d in sim.dl)
    room = mrx_room(g, sim.mrx, sim.dl)
    return min(1.0, 0.3 + 0.05 * min(near, 5) + EVAL_PLACES * math.log2(1 + len(prob))
               + TERRITORY_WEIGHT * min(room, TERRITORY_CAP) / TERRITORY_CAP)


class MctsMrX(MrXPlayer):
    name = "default"

    def __init__(self, seed: int = 0, move_time: float = 1.0):
        super().__init__(seed, move_time)
        self.tracker = None
        self.responses: dict = {}
        self.belief = None          # the detectives' belief, as the default detectives keep it
        self.bias_now = None        # location categorisation at the detectives' stations now
        self.foreseen = None        # the detectives' stations the model foresaw for his last move
        self.model_hits = 0
        self.model_seen = 0
        # Simulations per decision: ITERATIONS_PER_SECOND x the budget, so that a game repeats
        # exactly given the seeds; the clock stops the search sooner on a loaded machine.
        self.max_iterations: int | None = None
        import random

        self.prng = random.Random(seed)

    def choose(self, view) -> Decision:
        t0 = time.perf_counter()
        deadline = t0 + self.move_time * SEARCH_SHARE
        ctx = mrx_context(view)
        self.tracker = public_tracker(view, self.tracker)
        self.belief = public_tracker(view, self.belief, bias=category_bias)
        g, sim = ctx.g, ctx.sim
        mix = RESPONSE_MIX * self._trust(sim)
        self.bias_now = category_bias(g, tuple(sim.dl))
        moves = filtered_mrx_moves(g, sim, self.tracker, sorted(ctx.moves))
        # score the candidates, nearest-to-safe first, as long as the budget allows (a cornered
        # Mr X with double moves can have hundreds)
        dd = g.ddist
        moves.sort(key=lambda m: (-min(dd[d][m[-1]] for d in sim.dl), len(m), m[0] == SECRET))
        prior_deadline = t0 + PRIOR_SHARE * self.move_time
        feats, prior = {}, {}
        for k, m in enumerate(moves):
            if k >= MAX_SCORED or (k >= 4 and time.perf_counter() > prior_deadline):
                break
            feats[m] = mrx_move_features(g, sim, self.tracker, m)
            prior[m] = mrx_static_score(g, sim, self.tracker, m, feats[m])
        moves = list(prior)
        # keep the most promising candidates: a search this short cannot weigh hundreds
        moves.sort(key=lambda m: -prior[m])
        moves = moves[:MAX_CANDIDATES]
        stats = {m: [0, 0.0] for m in moves}
        rng = self.prng
        # the detectives' likely reply to the best candidates, by their objective over their belief
        self.responses = {}
        replies: dict = {}
        if len(moves) > 1 and mix > 0:
            reply_deadline = t0 + RESPONSE_SHARE * self.move_time
            for k, m in enumerate(moves):
                if k >= 2 and time.perf_counter() > reply_deadline:
                    break
                self.responses[m] = self._reply(g, sim, m, replies)
        iterations = 0
        if len(moves) > 1:
            cap = self.max_iterations or simulation_cap(self.move_time, ITERATIONS_PER_SECOND,
                                                          MIN_ITERATIONS, MAX_SIMULATIONS)
            while iterations < cap and time.perf_counter() < deadline:
                iterations += 1
                total_n = iterations
                best, best_u = None, -1e9
                log_n = math.log(total_n + 1)
                for m in moves:
                    n, w = stats[m]
                    if n == 0:
                        u = 10.0 + prior[m]
                    else:
                        u = w / n + EXPLORATION * math.sqrt(log_n / n) + PRIOR_WEIGHT * prior[m] / (n + 1)
                    if u > best_u:
                        best, best_u = m, u
                value = self._simulate(sim, self.tracker.prob, best, rng, mix)
                st = stats[best]
                st[0] += 1
                st[1] += value
                if iterations % 32 == 0 and _settled(stats, iterations):
                    break
        if iterations:
            choice = max(moves, key=lambda m: (stats[m][0], prior[m]))
        else:
            choice = moves[0]
        # check the model next turn, unless that would take him over the budget now
        late = time.perf_counter() > t0 + FORESEE_SHARE * self.move_time
        self.foreseen = self._foresee(g, sim, choice, replies, late)
        n, w = stats[choice]
        near, reach, after, revealed, _ = feats[choice]
        m = ctx.moves[choice]
        survive = f"; scored {w / n:.2f} in {n} simulations (1 = escaped)" if n else ""
        k = len(after)
        reason = (f"{describe_move(m)}: keeps {near} station{'s' if near != 1 else ''} between Mr X and the "
                  f"nearest detective; {k} place{'s' if k != 1 else ''} he could be{survive}")
        if self.responses and self.model_seen:
            reason += f"; foresees their reply ({self.model_hits / self.model_seen:.0%} right so far)"
        return Decision(m, reason)

    def _trust(self, sim: Sim) -> float:
        """How far to go by the modelled reply: score the stations it foresaw for his last move
        against where the detectives stand now, and map the running share to [0, 1]."""
        if self.foreseen is not None:
            for a, b in zip(self.foreseen, sim.dl):
                self.model_seen += 1
                self.model_hits += a == b
            self.foreseen = None
        share = (self.model_hits + TRUST_START * TRUST_PRIOR) / (self.model_seen + TRUST_PRIOR)
        return min(1.0, max(0.0, (share - TRUST_LOW) / (TRUST_HIGH - TRUST_LOW)))

    def _reply(self, g: Graph, sim: Sim, move, replies: dict):
        """(position, possible set) after ``move`` and the modelled reply; one model run per
        distinct set of public log entries."""
        path = self._reply_path(g, sim, move, replies)
        after = sim.copy()
        prob = _mrx_apply(after, dict(self.tracker.prob), move)
        for dm in path:
            if after.winner is not None:
                break
            after.play_detective(dm)
            _strike(prob, dm[2])
        return after, prob

    def _reply_path(self, g: Graph, sim: Sim, move, replies: dict, late: bool = False):
        """The modelled reply's moves after ``move``, worked out once per distinct set of public
        log entries (``replies`` holds them for this decision); ``None`` if not yet worked out
        and ``late``."""
        key = tuple(entries_for(sim, move))
        path = replies.get(key)
        if path is None and not late:
            path = replies[key] = objective_reply(g, sim, move, self.belief, self.bias_now)
        return path

    def _foresee(self, g: Graph, sim: Sim, move, replies: dict, late: bool = False):
        """The detectives' stations the model expects after ``move`` (to be checked next turn);
        ``None`` when it is not known yet and ``late``."""
        path = self._reply_path(g, sim, move, replies, late)
        if not path:
            return None
        locs = list(sim.dl)
        for i, _, d in path:
            locs[i] = d
        return locs

    def _simulate(self, root_sim: Sim, root_prob: dict, move, rng, mix: float = 0.0) -> float:
        reply = self.responses.get(move)
        if reply is not None and rng.random() < mix:
            sim = reply[0].copy()
            prob = dict(reply[1])
            rounds = 1
        else:
            sim = root_sim.copy()
            prob = _mrx_apply(sim, dict(root_prob), move)
            rounds = 0
        if not prob:
            prob = {sim.mrx: 1.0}
        targets = [_draw(prob, rng) for _ in sim.dl]
        while sim.winner is None:
            if sim.to_move >= 0:
                _rollout_detectives(sim, prob, rng, targets)
                rounds += 1
                if rounds >= HORIZON:
                    break
            else:
                mv = _rollout_mrx_move(sim, rng)
                if mv is None:
                    sim.check()
                    break
                if LEARNED_LEAF and rounds == HORIZON - 1:
                    # the playout's last Mr X move is scored by the learned chance of escaping
                    # from there, instead of playing the simulated detectives' last round
                    before = sim.copy()
                    prob = _mrx_apply(sim, prob, mv)
                    if sim.winner is not None:
                        return _evaluate(sim, prob)
                    return survival_probability(playout_features(before, mv, prob))
                prob = _mrx_apply(sim, prob, mv)
        return _evaluate(sim, prob)

