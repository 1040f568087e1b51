"""A small referee for bot tests, built on the bots' own model (game.duel.bots.sim).

The judge of record is the engine's; this one plays the same rules (DUEL.md §2-§5) so that the
bots' tests do not depend on it: A then B each round, a mine skips the next 3 turns, no item at a
round's start ends the game, an error sets the offender's score to -100.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.duel.bots.sim import ERROR_SCORE, ROUNDS, State
from game.duel.protocol import DELTAS, MOVES, Decision, DuelObservation

LETTERS = {0: "A", 1: "B"}
CODES = {1: "m", 2: "n", 3: "s", 4: "t", 5: "b"}


def parse_map(text: str) -> DuelObservation:
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    if len(lines[0].split()) == 2 and all(x.isdigit() for x in lines[0].split()):
        lines = lines[1:]
    grid = tuple("".join(ln.split()) for ln in lines)
    return DuelObservation(round=1, grid=grid, score_a=0, score_b=0, me="A")


def observation(st: State, player: int) -> DuelObservation:
    geo = st.geo
    cells = []
    for i in range(geo.n):
        if not geo.open[i]:
            cells.append("x")
        elif i == st.pos[0]:
            cells.append("A")
        elif i == st.pos[1]:
            cells.append("B")
        else:
            cells.append(CODES.get(st.items[i], "."))
    grid = tuple("".join(cells[r * geo.cols:(r + 1) * geo.cols]) for r in range(geo.rows))
    return DuelObservation(round=st.round, grid=grid, score_a=st.score[0], score_b=st.score[1],
                           me=LETTERS[player])


@dataclass
class Result:
    winner: str
    scores: tuple[int, int]
    end: str
    rounds: int
    moves: list[tuple[str, str, str]] = field(default_factory=list)  # (letter, move, reason)
    times: list[float] = field(default_factory=list)
    side_times: dict = field(default_factory=lambda: {"A": [], "B": []})


def play(board: DuelObservation, bot_a, bot_b, rounds: int = ROUNDS, keep_moves: bool = False) -> Result:
    st = State.from_observation(board)
    st.turn = 0
    bots = (bot_a, bot_b)
    moves: list = []
    times: list = []
    side_times: dict = {"A": [], "B": []}
    end = ""
    while True:
        if st.round > rounds or (st.turn == 0 and st.left == 0):
            end = "game clear" if st.round <= rounds else ""
            break
        p = st.turn
        if st.stun[p] > 0:
            st.play(-1)
            continue
        obs = observation(st, p)
        t0 = time.perf_counter()
        answer = bots[p].act(obs)
        times.append(time.perf_counter() - t0)
        side_times[LETTERS[p]].append(times[-1])
        move, reason = (answer.move, answer.reason) if isinstance(answer, Decision) else (answer, "")
        if keep_moves:
            moves.append((LETTERS[p], move, reason))
        target = None
        if move in MOVES:
            dr, dc = DELTAS[move]
            r, c = divmod(st.pos[p], st.geo.cols)
            nr, nc = r + dr, c + dc
            if 0 <= nr < st.geo.rows and 0 <= nc < st.geo.cols:
                cell = nr * st.geo.cols + nc
                if st.geo.open[cell] and cell != st.pos[1 - p]:
                    target = cell
        if target is None:
            st.score[p] = ERROR_SCORE
            end = "invalid move"
            break
        st.play(target)
    a, b = st.score
    winner = "A Win" if a > b else "B Win" if b > a else "Tie"
    return Result(winner, (a, b), end, min(st.round, rounds), moves, times, side_times)
