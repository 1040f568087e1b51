"""Could A still win against this copycat? A check for the games A ties against ``mirror``.

On a board without a centre cell, once the players stand point-symmetric with A to move, a
copycat B answers every move of A with its mirror image for the rest of the game, and the
*copy game* follows: every pair of items still on the board goes one to each (the same change to
both scores, and every item effect is monotone, so it never puts the one behind ahead), and A alone
gets the items whose mirror image is gone. So if A does not win that copy game (neither by the
quick count, :func:`game.duel.bots.default.copy_game_won`, nor by a line the default bot finds and
can walk, :func:`game.duel.bots.default.copy_line_plan`: poison stars halving a gap, say), the game
is a tie at best for it: the position is *copy-locked*. The line is walked as the default bot
walks it, move by move against ``mirror``, within the rounds left. A mine or a poison star whose
mirror image is gone could still change things (a stun that B does not share breaks the copying;
halving a negative score raises it), so a position with one of those is never counted as locked.

:func:`escapes` asks, against one deterministic copycat (``mirror`` draws its walk from its seed,
the round and its side), whether any line of A's moves stays out of a copy lock for ``rounds``
rounds, or wins. ``False`` means no bot playing A could have won from there against that bot.
Used to sort the ties of a bench (docs/DUEL-BOTS.md, session 16); no pygame.
"""

from __future__ import annotations

import sys

from .default import copy_game_won, copy_line_plan
from .sim import MINE, PSTAR, State


def copy_locked(state) -> bool:
    """A to move (a rules ``DuelState``), the players point-symmetric, A not winning the copy
    game (no line to a lead found), and no mine or poison star left whose mirror image is gone."""
    from game.duel.rules import observe

    board = state.board
    n = board.rows * board.cols - 1
    if state.outcome is not None or state.mover != "A" or state.pos_b != n - state.pos_a:
        return False
    st = State.from_observation(observe(state, "A"))
    items = st.items
    if any(items[c] in (MINE, PSTAR) and items[n - c] != items[c] for c in st.item_cells):
        return False
    return not copy_game_won(st) and not _walks_to_a_lead(state)


def _walks_to_a_lead(state) -> bool:
    """A to move, point-symmetric: A follows :func:`copy_line_plan` move by move, ``mirror``
    copying each; is A ever ahead (or the winner) before the plan runs out or the game ends?"""
    from game.duel.bots import make_bot
    from game.duel.protocol import MOVES
    from game.duel.rules import observe, step

    copycat = make_bot("mirror", seed=0)
    s = state
    while s.outcome is None and s.mover == "A":
        st = State.from_observation(observe(s, "A"))
        if st.score[0] > st.score[1]:
            return True
        plan = copy_line_plan(st)
        if plan is None:
            return False
        s, _ = step(s, next(MOVES[i] for i, c in st.legal(0) if c == plan.first))
        while s.outcome is None and s.mover == "B":
            s, _ = step(s, _move_of(copycat.act(observe(s))))
    return s.outcome is not None and s.outcome.winner == "A Win"


def escapes(state, copycat, rounds: int) -> bool:
    """A to move: is there a line of A's moves, ``copycat`` (a bot, B) answering each, that
    wins, or reaches a point-symmetric position A wins the copy game from, or stays out of a copy
    lock for ``rounds`` rounds? ``False``: every line is copy-locked (or lost) within ``rounds``."""
    from game.duel.rules import legal_moves, observe, step

    board = state.board
    n = board.rows * board.cols - 1
    seen: dict[tuple, bool] = {}

    def search(s, left: int) -> bool:
        if s.outcome is not None:
            return s.outcome.winner == "A Win"
        if copy_locked(s):
            return False
        if left == 0 or s.pos_b == n - s.pos_a:   # out of the horizon, or symmetric with A winning
            return True
        key = (s.pos_a, s.pos_b, s.taken, s.score_a, s.score_b, s.round, s.stun_a, s.stun_b, left)
        if key not in seen:
            seen[key] = False
            for move in legal_moves(s, "A"):
                s1, _ = step(s, move)
                while s1.outcome is None and s1.mover == "B":
                    s1, _ = step(s1, _move_of(copycat.act(observe(s1))))
                if search(s1, left - 1):
                    seen[key] = True
                    break
        return seen[key]

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 4 * rounds + 1000))   # one level a round, a few frames each
    try:
        return search(state, rounds)
    finally:
        sys.setrecursionlimit(limit)


def _move_of(answer) -> str:
    return answer if isinstance(answer, str) else answer.move


__all__ = ["copy_locked", "escapes"]
