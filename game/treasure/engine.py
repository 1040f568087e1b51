"""The rules as a pure, seeded state machine: ``step(state, action) -> (state, events)``.

A :class:`GameState` is immutable (frozen dataclass, read-only arrays) and always waits for the
agent: :func:`new_game` and :func:`step` run the pirate's phases of a turn (reveal, release,
hint, pirate move) themselves and stop when the agent must act or the game is over. All
randomness comes from the state's own ``numpy.random.Generator``, which :func:`step` clones
before use, so the input state is never changed and the same map + seed + actions always
give the same game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

import numpy as np

from . import events as ev
from .actions import ACTION_TYPES, Action, Forfeit, LargeScan, Move, MoveLarge, MoveSmall, Teleport, Verify
from .board import DIRECTION_INDEX, DIRECTIONS, Board, Pos
from .config import RulesConfig
from .hints import Hint, HintContext, draw_hint
from .mapfile import reachable_prisons
from .pirate import route as pirate_route

WIN, LOSE = "WIN", "LOSE"


class RulesError(ValueError):
    """A game that cannot be set up (e.g. no prison reaches the treasure)."""


@dataclass(frozen=True, eq=False)
class GameState:
    board: Board  # with the treasure
    config: RulesConfig
    seed: int
    rng: np.random.Generator  # never advanced in place: step() works on a clone
    turn: int
    actions_left: int
    agent: Pos
    teleports_used: int
    prison: Pos  # secret until revealed
    revealed: bool
    free: bool
    pirate_route: tuple[Pos, ...]  # his whole walk, fixed at the start (the rule is deterministic)
    pirate_steps: int  # how far along the route he is
    hints: tuple[Hint, ...]
    verified: tuple[bool | None, ...]  # per hint: None until verified
    scanned: np.ndarray  # read-only bool (H, W)
    outcome: str | None = None
    actions_taken: int = 0  # every agent action so far, teleport and forfeits included

    @property
    def pirate(self) -> Pos:
        return self.pirate_route[self.pirate_steps]

    @property
    def teleport_used(self) -> bool:
        return self.teleports_used >= self.config.teleports

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def treasure(self) -> Pos:
        assert self.board.treasure is not None
        return self.board.treasure

    @property
    def slot(self) -> int:
        """Which of the turn's actions comes next (1-based)."""
        return self.config.actions_per_turn - self.actions_left + 1

    def hint(self, k: int) -> Hint:
        return self.hints[k - 1]

    def same_as(self, other: "GameState") -> bool:
        """Equality of everything that matters, arrays included."""
        return (
            self.board is other.board or self.board.same_as(other.board)
        ) and all(
            _equal(getattr(self, name), getattr(other, name))
            for name in ("config", "seed", "turn", "actions_left", "agent", "teleports_used", "prison",
                         "revealed", "free", "pirate_route", "pirate_steps", "verified", "scanned",
                         "outcome", "actions_taken")
        ) and self.rng.bit_generator.state == other.rng.bit_generator.state and len(self.hints) == len(
            other.hints
        ) and all(
            a.kind == b.kind and a.params == b.params and a.truth == b.truth and np.array_equal(a.mask, b.mask)
            for a, b in zip(self.hints, other.hints)
        )


def _equal(a, b) -> bool:
    if isinstance(a, np.ndarray):
        return np.array_equal(a, b)
    return a == b


class PublicView(Protocol):
    """What action validity depends on: all of it public, so agents can check too."""

    board: Board
    agent: Pos
    verified: Sequence[bool | None]
    teleports_used: int
    config: RulesConfig

    @property
    def over(self) -> bool: ...


def clone_rng(rng: np.random.Generator) -> np.random.Generator:
    bit_generator = type(rng.bit_generator)(0)  # seeding with 0 is cheaper than OS entropy
    bit_generator.state = rng.bit_generator.state
    return np.random.Generator(bit_generator)


# --- setting up ---------------------------------------------------------------------------
def new_game(board: Board, seed: int, config: RulesConfig | None = None) -> tuple[GameState, list[ev.Event]]:
    """Start a game: choose the pirate's prison and the agent's spawn, then run turn 1 up to
    the agent's first action."""
    config = config or RulesConfig()
    if board.treasure is None:
        raise RulesError("the board has no treasure")
    if not board.eligible[board.treasure]:
        raise RulesError(f"the treasure at {board.treasure} is not on ordinary land")
    prisons = reachable_prisons(board)
    if not prisons:
        raise RulesError("no prison can reach the treasure over passable land")
    spawn = np.flatnonzero(board.eligible)
    rng = np.random.default_rng(seed)
    prison = prisons[int(rng.integers(len(prisons)))]
    agent = divmod(int(spawn[int(rng.integers(spawn.size))]), board.width)
    walk = pirate_route(board, prison, board.treasure, board.distance_to_treasure)
    scanned = np.zeros(board.shape, dtype=bool)
    scanned.flags.writeable = False
    state = GameState(
        board=board, config=config, seed=int(seed), rng=rng, turn=0, actions_left=0, agent=agent,
        teleports_used=0, prison=prison, revealed=False, free=False, pirate_route=walk, pirate_steps=0,
        hints=(), verified=(), scanned=scanned,
    )
    events: list[ev.Event] = [ev.GameStarted(0, agent, int(seed))]
    d = dict(state.__dict__)
    _begin_turn(d, events)
    return GameState(**d), events


# --- validity -------------------------------------------------------------------------------
def _whole(value: object) -> bool:
    """A plain whole number of sane size (the action classes turn numpy integers into int)."""
    return type(value) is int and -(2**31) <= value < 2**31


def _show(value: object) -> str:
    """A value in a refusal: short, and for an int or str the value itself (no repr surprises)."""
    if type(value) in (int, float, bool):
        text = repr(value) if type(value) is not int or _whole(value) else "a huge number"
    elif type(value) is str:
        text = repr(value)
    else:
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def action_error(view: PublicView, action: object) -> str | None:
    """Why ``action`` is invalid now, or None if it is valid. Uses public information only.

    Only the game's own action classes are actions (not subclasses), and every field must have
    its type: whole numbers are ``int`` (not bool, not float), the direction one of N, E, S, W,
    a forfeit's texts ``str``."""
    if view.over:
        return "the game is over"
    cfg = view.config
    kind = type(action)
    if kind is MoveSmall or kind is MoveLarge:  # the commonest question first: agents ask it often
        lo, hi = cfg.small_move if kind is MoveSmall else cfg.large_move
        direction, steps = action.direction, action.steps
        if type(direction) is not str or direction not in DIRECTION_INDEX:
            return f"unknown direction {_show(direction)} (expected N, E, S or W)"
        if type(steps) is not int:
            name = "MOVE_SMALL" if kind is MoveSmall else "MOVE_LARGE"
            return f"{name} needs a whole number of tiles, not {_show(steps)}"
        if not lo <= steps <= hi:
            name = "MOVE_SMALL" if kind is MoveSmall else "MOVE_LARGE"
            return f"{name} moves {lo}-{hi} tiles, not {_show(steps)}"
        return _path_error(view.board, view.agent, action)
    if kind not in ACTION_TYPES:
        if isinstance(action, Action):
            return f"a {kind.__name__} is not one of the game's actions (VERIFY, MOVE_SMALL, MOVE_LARGE, " \
                   "LARGE_SCAN, TELEPORT)"
        return f"{_show(action) if type(action) in (int, float, bool, str) else 'a ' + kind.__name__} " \
               "is not an action"
    if kind is Verify:
        k = action.hint
        if not _whole(k):
            return f"VERIFY needs a whole hint number, not {_show(k)}"
        if not 1 <= k <= len(view.verified):
            return f"there is no hint {k} (hints 1-{len(view.verified)} were given)"
        if view.verified[k - 1] is not None:
            return f"hint {k} is already verified"
        return None
    if kind is LargeScan:
        return None
    if kind is Teleport:
        if not (_whole(action.row) and _whole(action.col)):
            return f"TELEPORT needs a whole row and column, not {_show(action.row)}, {_show(action.col)}"
        if view.teleports_used >= cfg.teleports:
            return "the teleport is already used"
        target = action.target
        if not view.board.on_map(target):
            return f"{target} is off the map"
        if not view.board.land[target]:
            return f"cannot teleport to {target}: it is sea"
        if view.board.mountain[target]:
            return f"cannot teleport to {target}: it is a mountain"
        return None
    # A Forfeit: it loses the action; its two texts go into the LOG (escaped there).
    if type(action.attempted) is not str or type(action.reason) is not str:
        return "a FORFEIT needs text for what was attempted and why"
    return None


def _path_error(board: Board, start: Pos, move: Move) -> str | None:
    if board.free_run[DIRECTION_INDEX[move.direction]][start] >= move.steps:
        return None  # the common case, answered from a per-board table
    dr, dc = DIRECTIONS[move.direction]
    for i in range(1, move.steps + 1):
        tile = (start[0] + dr * i, start[1] + dc * i)
        if not board.on_map(tile):
            return f"moving {move.direction} {move.steps} leaves the map at {tile}"
        if not board.passable[tile]:
            what = "sea" if not board.land[tile] else "a mountain"
            return f"moving {move.direction} {move.steps} crosses {what} at {tile}"
    return None


# --- the transition ---------------------------------------------------------------------------
def step(state: GameState, action: Action) -> tuple[GameState, list[ev.Event]]:
    """Apply one agent action. An invalid action is refused: the same state comes back with
    a single :class:`~game.treasure.events.ActionRefused` event saying why."""
    reason = action_error(state, action)
    if reason is not None:
        return state, [ev.ActionRefused(state.turn, action, reason)]
    # Work on a plain dict of the fields and build one new state at the end: cheaper than
    # a chain of dataclasses.replace() calls, and the input state is never touched.
    d = dict(state.__dict__)
    events: list[ev.Event] = []
    turn = state.turn
    slot = 0 if isinstance(action, Teleport) else state.slot
    d["actions_taken"] += 1
    if isinstance(action, Verify):
        truth = state.hint(action.hint).truth
        verified = list(state.verified)
        verified[action.hint - 1] = truth
        d["verified"] = tuple(verified)
        events.append(ev.HintVerified(turn, slot, action, action.hint, truth))
    elif isinstance(action, Move):
        dr, dc = DIRECTIONS[action.direction]
        path = tuple((state.agent[0] + dr * i, state.agent[1] + dc * i) for i in range(action.steps + 1))
        d["agent"] = path[-1]
        events.append(ev.AgentMoved(turn, slot, action, path))
        if isinstance(action, MoveSmall):
            _scan(d, slot, action, state.config.small_scan, events)
    elif isinstance(action, LargeScan):
        _scan(d, slot, action, state.config.large_scan, events)
    elif isinstance(action, Teleport):
        events.append(ev.Teleported(turn, slot, action, state.agent, action.target))
        d["agent"] = action.target
        d["teleports_used"] += 1
    elif isinstance(action, Forfeit):
        events.append(ev.ActionForfeited(turn, slot, action, action.attempted, action.reason))
    if action.costs_action and d["outcome"] is None:
        d["actions_left"] -= 1
        if d["actions_left"] == 0:
            d["rng"] = clone_rng(state.rng)  # only a new turn draws random numbers
            _begin_turn(d, events)
    return GameState(**d), events


def _scan(d: dict, slot: int, action: Action, size: int, events: list[ev.Event]) -> None:
    board: Board = d["board"]
    r, c = d["agent"]
    half = size // 2
    top, left = max(0, r - half), max(0, c - half)
    bottom, right = min(board.height, r + half + 1), min(board.width, c + half + 1)
    scanned = d["scanned"].copy()
    scanned[top:bottom, left:right] = True
    scanned.flags.writeable = False
    d["scanned"] = scanned
    tr, tc = board.treasure
    found = top <= tr < bottom and left <= tc < right
    events.append(ev.Scanned(d["turn"], slot, action, (r, c), size, found))
    if found:
        events.append(ev.GameOver(d["turn"], WIN, board.treasure, (r, c)))
        d["outcome"] = WIN


def _begin_turn(d: dict, events: list[ev.Event]) -> None:
    """Turn order (RULES §3): reveal, release, hint, pirate move; then the agent acts."""
    board: Board = d["board"]
    config: RulesConfig = d["config"]
    t = d["turn"] = d["turn"] + 1
    d["actions_left"] = config.actions_per_turn
    events.append(ev.TurnStarted(t))
    if not d["revealed"] and t >= min(board.reveal_turn, board.free_turn):
        d["revealed"] = True
        events.append(ev.PrisonRevealed(t, d["prison"]))
    route = d["pirate_route"]
    if not d["free"] and t >= board.free_turn:
        d["free"] = True
        events.append(ev.PirateFreed(t, route[d["pirate_steps"]]))
    ctx = HintContext(board, d["agent"], d["prison"] if d["revealed"] else None)
    hint = draw_hint(t, ctx, board.treasure, d["rng"], config)
    known = t == 1 and config.first_hint_true
    d["hints"] = d["hints"] + (hint,)
    d["verified"] = d["verified"] + (True if known else None,)
    events.append(ev.HintGiven(t, hint))
    if d["free"]:
        start = d["pirate_steps"]
        end = min(start + config.pirate_speed, len(route) - 1)
        if end > start:
            events.append(ev.PirateMoved(t, route[start : end + 1]))
            d["pirate_steps"] = end
        if route[end] == board.treasure:
            events.append(ev.GameOver(t, LOSE, board.treasure, route[end]))
            d["outcome"] = LOSE


def refused(events: Sequence[ev.Event]) -> ev.ActionRefused | None:
    """The refusal among ``events`` if the action was refused."""
    return next((e for e in events if isinstance(e, ev.ActionRefused)), None)
