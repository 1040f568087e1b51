"""Treasure Duel's rules: a pure, deterministic state machine (DUEL.md §2-§5). No pygame, no I/O.

How to drive a game (the judge in ``match.py`` does exactly this)::

    from game.duel.rules import initial_state, step, fault, observe, legal_moves
    state = initial_state(board)                 # board: game.duel.board.DuelBoard
    while not state.over:
        obs = observe(state)                     # what state.mover reads (the course's input)
        state, events = step(state, "UP")        # a move of state.mover; "invalid move" is an event
        # or, when a program failed:  state, events = fault(state, TIME_OUT)
    state.outcome.winner                         # "A Win" / "B Win" / "Tie"

States are immutable (``DuelState`` is a named tuple) and share one board; a step copies a few
integers, never the grid. Taken items are one integer bit mask (bit ``i`` = cell ``i``), and the
count of items left makes "game clear" a comparison. Stunned turns are skipped inside ``step``:
the returned state always names the next player who really moves (or is over), and the skipped
turns come back as ``TurnSkipped`` events (the log writes nothing for them).
"""

from __future__ import annotations

from typing import NamedTuple

from .board import DuelBoard
from .config import DuelConfig
from .protocol import DELTAS, MOVES, DuelObservation

TIME_OUT = "time out"
INVALID_OUTPUT = "invalid output format"
INVALID_MOVE = "invalid move"
GAME_CLEAR = "game clear"
ROUNDS_OVER = ""  # the course's end message after the last round is empty
ERRORS = (TIME_OUT, INVALID_OUTPUT, INVALID_MOVE)

_MOVE_INDEX = {move: k for k, move in enumerate(MOVES)}
_DEFAULT_CONFIG = DuelConfig()


class Outcome(NamedTuple):
    winner: str        # "A Win", "B Win" or "Tie"
    message: str       # "", "game clear", "time out", "invalid move", "invalid output format"
    offender: str      # the player who erred ("A"/"B"), "" when the game ended without error


class DuelState(NamedTuple):
    """One moment of a game. ``round`` is the round being played (after the game: the last round
    that began); ``mover`` is "A" or "B", the player whose turn it is, "" once the game is over.
    ``pos_a``/``pos_b`` are cell indices (``row * cols + col``); ``stun_a``/``stun_b`` the turns
    each still has to skip."""

    board: DuelBoard
    config: DuelConfig
    round: int
    mover: str
    pos_a: int
    pos_b: int
    score_a: int
    score_b: int
    stun_a: int
    stun_b: int
    taken: int
    items_left: int
    outcome: Outcome | None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def position(self, player: str) -> tuple[int, int]:
        return self.board.coords(self.pos_a if player == "A" else self.pos_b)

    def score(self, player: str) -> int:
        return self.score_a if player == "A" else self.score_b

    def item_on(self, index: int) -> str:
        """The item still lying on cell ``index`` ("" for none)."""
        item = self.board.item_at[index]
        return "" if not item or (self.taken >> index) & 1 else item


# -- events ------------------------------------------------------------------------------------
class Moved(NamedTuple):
    """``player`` stepped from cell ``src`` to ``dst`` in ``round``, took ``item`` ("" for none)
    and now has ``score``."""
    player: str
    round: int
    move: str
    src: int
    dst: int
    item: str
    score: int


class Stunned(NamedTuple):
    """``player`` stepped on a mine: its next ``turns`` turns are skipped."""
    player: str
    round: int
    turns: int


class TurnSkipped(NamedTuple):
    """A stunned ``player``'s turn in ``round`` passed without its program being run."""
    player: str
    round: int


class Fault(NamedTuple):
    """``player`` erred (``kind`` is one of ERRORS); ``move`` is the offending move, if any."""
    player: str
    round: int
    kind: str
    move: str


class GameEnded(NamedTuple):
    winner: str
    score_a: int
    score_b: int
    message: str
    rounds: int


class GameOverError(RuntimeError):
    """A step asked of a game that has ended."""


# -- the machine ---------------------------------------------------------------------------------
def initial_state(board: DuelBoard, config: DuelConfig = _DEFAULT_CONFIG) -> DuelState:
    """Round 1, A to move, both scores 0. A board without items is cleared at once."""
    state = DuelState(board, config, 1, "A", board.start_a, board.start_b, 0, 0, 0, 0, 0,
                      board.item_count, None)
    if board.item_count == 0:
        return _ended(state._replace(round=0), GAME_CLEAR, "")
    return state


def winner(score_a: int, score_b: int) -> str:
    """Scores alone decide (DUEL.md §5), after an error too."""
    if score_a > score_b:
        return "A Win"
    if score_a < score_b:
        return "B Win"
    return "Tie"


def _ended(state: DuelState, message: str, offender: str) -> DuelState:
    return state._replace(mover="", outcome=Outcome(winner(state.score_a, state.score_b), message, offender))


_COMPILED: dict[DuelConfig, dict[str, tuple[str, int]]] = {}


def _effects(config: DuelConfig) -> dict[str, tuple[str, int]]:
    table = _COMPILED.get(config)
    if table is None:
        table = _COMPILED[config] = dict(config.effects)
    return table


def step(state: DuelState, move: str) -> tuple[DuelState, list]:
    """``state.mover`` plays ``move`` (one of MOVES). Leaving the board, entering a wall or the
    opponent's cell is the ``invalid move`` error; anything that is not one of MOVES is refused
    with ValueError (the judge turns bad output into :func:`fault` with INVALID_OUTPUT first)."""
    if state.outcome is not None:
        raise GameOverError("the game is over")
    k = _MOVE_INDEX.get(move)
    if k is None:
        raise ValueError(f"not a move: {move!r} (one of {', '.join(MOVES)})")
    board = state.board
    a_moves = state.mover == "A"
    if a_moves:
        src, other, score = state.pos_a, state.pos_b, state.score_a
    else:
        src, other, score = state.pos_b, state.pos_a, state.score_b
    dst = board.neighbours[src][k]
    if dst < 0 or dst == other:
        return fault(state, INVALID_MOVE, move)
    rnd = state.round
    taken = state.taken
    items_left = state.items_left
    stun_a, stun_b = state.stun_a, state.stun_b
    item = board.item_at[dst]
    stunned = False
    if item and not (taken >> dst) & 1:
        taken |= 1 << dst
        items_left -= 1
        kind, operand = _effects(state.config)[item]
        if kind == "add":
            score += operand
        elif kind == "mul":
            score *= operand
        elif kind == "floordiv":
            if score:
                score //= operand
        else:  # a mine: the mover sits out its next turns
            stunned = True
            if a_moves:
                stun_a = state.config.stun_turns
            else:
                stun_b = state.config.stun_turns
    else:
        item = ""
    events: list = [Moved(state.mover, rnd, move, src, dst, item, score)]
    if stunned:
        events.append(Stunned(state.mover, rnd, state.config.stun_turns))
    if a_moves:
        pos_a, pos_b, score_a, score_b = dst, other, score, state.score_b
    else:
        pos_a, pos_b, score_a, score_b = other, dst, state.score_a, score

    # Whose turn next: B after A; A in the next round after B, which first checks the round limit
    # and "game clear" (both only at a round's start); stunned turns pass without a move.
    rounds = state.config.rounds
    mover = state.mover
    message = None
    while True:
        if mover == "A":
            mover = "B"
        else:
            mover = "A"
            if rnd >= rounds:
                message = ROUNDS_OVER
                break
            rnd += 1
            if items_left == 0:
                message = GAME_CLEAR
                rnd -= 1  # the round that would start is not played
                break
        if mover == "A":
            if stun_a:
                stun_a -= 1
                events.append(TurnSkipped("A", rnd))
                continue
        elif stun_b:
            stun_b -= 1
            events.append(TurnSkipped("B", rnd))
            continue
        break
    if message is None:
        return DuelState(board, state.config, rnd, mover, pos_a, pos_b, score_a, score_b, stun_a, stun_b,
                         taken, items_left, None), events
    result = winner(score_a, score_b)
    new = DuelState(board, state.config, rnd, "", pos_a, pos_b, score_a, score_b, stun_a, stun_b,
                    taken, items_left, Outcome(result, message, ""))
    events.append(GameEnded(result, score_a, score_b, message, rnd))
    return new, events


def fault(state: DuelState, kind: str, move: str = "") -> tuple[DuelState, list]:
    """``state.mover`` commits error ``kind`` (TIME_OUT, INVALID_OUTPUT or INVALID_MOVE): the game
    ends at once and the offender's score becomes ``config.error_score``."""
    if state.outcome is not None:
        raise GameOverError("the game is over")
    if kind not in ERRORS:
        raise ValueError(f"not an error: {kind!r} (one of {', '.join(map(repr, ERRORS))})")
    player = state.mover
    if player == "A":
        state = state._replace(score_a=state.config.error_score)
    else:
        state = state._replace(score_b=state.config.error_score)
    new = _ended(state, kind, player)
    return new, [Fault(player, state.round, kind, move),
                 GameEnded(new.outcome.winner, new.score_a, new.score_b, kind, state.round)]


# -- what players see ----------------------------------------------------------------------------
def grid_rows(state: DuelState) -> tuple[str, ...]:
    """The board as it is now: taken items gone, both players on their cells."""
    board = state.board
    cells = list(board.floor)
    taken = state.taken
    while taken:
        low = taken & -taken
        cells[low.bit_length() - 1] = "."
        taken ^= low
    cells[state.pos_a] = "A"
    cells[state.pos_b] = "B"
    cols = board.cols
    return tuple("".join(cells[r * cols:(r + 1) * cols]) for r in range(board.rows))


def observe(state: DuelState, player: str | None = None) -> DuelObservation:
    """The course's input for ``player`` (default: the player to move), as a value."""
    me = player or state.mover
    if me not in ("A", "B"):
        raise ValueError("the game is over: name the player to observe for")
    return DuelObservation(round=state.round, grid=grid_rows(state), score_a=state.score_a,
                           score_b=state.score_b, me=me)


def legal_moves(state: DuelState, player: str | None = None) -> list[str]:
    """The moves (clockwise from UP) that are not an invalid move for ``player`` (default: the
    mover). Empty when boxed in: any move is then an error."""
    player = player or state.mover
    src, other = (state.pos_a, state.pos_b) if player == "A" else (state.pos_b, state.pos_a)
    row = state.board.neighbours[src]
    return [MOVES[k] for k in range(4) if row[k] >= 0 and row[k] != other]


def why_invalid(state: DuelState, move: str) -> str:
    """Why ``move`` is an invalid move for the mover (DUEL.md §2), in words; "" if it is legal."""
    r, c = state.position(state.mover)
    dr, dc = DELTAS[move]
    nr, nc = r + dr, c + dc
    board = state.board
    if not (0 <= nr < board.rows and 0 <= nc < board.cols):
        return f"{move} leaves the board"
    if board.walls[nr, nc]:
        return f"{move} walks into a wall"
    other = "B" if state.mover == "A" else "A"
    if state.position(other) == (nr, nc):
        return f"{move} walks into {other}"
    return ""


__all__ = [
    "DuelState", "Outcome", "Moved", "Stunned", "TurnSkipped", "Fault", "GameEnded", "GameOverError",
    "initial_state", "step", "fault", "observe", "legal_moves", "why_invalid", "grid_rows", "winner",
    "TIME_OUT", "INVALID_OUTPUT", "INVALID_MOVE", "GAME_CLEAR", "ROUNDS_OVER", "ERRORS",
]
