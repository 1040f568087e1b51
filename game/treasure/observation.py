"""What an agent may see: public information only, so no agent can cheat by construction.

An :class:`Observation` has the board without the treasure, the agent's tile, the pirate once
his prison is revealed (and his walk once he is free), every hint's text and area with the
truth only of the verified ones, the scanned tiles, the turn and the counters. It holds no
reference to the game state.

An agent cannot use it to change the game. Every array it holds (the board's, and every
array the board derives and caches, the hint areas, the scanned tiles) is a read-only copy
whose memory belongs to an immutable ``bytes`` object, so ``flags.writeable = True`` raises
ValueError, on the array and on its ``.base``. The board is a public copy made once per real
board (agents cache per board), never the engine's own, and made afresh if an agent rewrote
any of its attributes; the rules are a fresh copy per observation. Changing the observation's
attributes with ``object.__setattr__`` changes only that agent's view.

What observations reuse is kept by the id of the engine's object, never with it: no global of
this module leads to the engine's board (the treasure) or its hints (their truth).
"""

from __future__ import annotations

import copy
import weakref
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np

from .board import Board, Pos
from .config import RulesConfig


@dataclass(frozen=True, eq=False)
class PublicHint:
    index: int
    kind: int
    text: str
    mask: np.ndarray  # read-only: the area the hint speaks of
    params: tuple[tuple[str, Any], ...]
    verified: bool | None  # None: not verified; else the hint's truth


@dataclass(frozen=True, eq=False)
class Observation:
    board: Board  # treasure is None
    config: RulesConfig
    turn: int
    actions_left: int
    agent: Pos
    teleports_used: int
    reveal_turn: int  # r
    free_turn: int  # f
    prison: Pos | None  # once revealed
    pirate: Pos | None  # once revealed (he sits in the prison until free)
    pirate_free: bool
    pirate_trail: tuple[Pos, ...]  # tiles he has walked since free, prison first
    hints: tuple[PublicHint, ...]
    verified: tuple[bool | None, ...]  # per hint, the same as hints[i].verified
    scanned: np.ndarray  # read-only
    outcome: str | None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def teleport_used(self) -> bool:
        return self.teleports_used >= self.config.teleports

    @property
    def slot(self) -> int:
        return self.config.actions_per_turn - self.actions_left + 1


def sealed(array: np.ndarray) -> np.ndarray:
    """A read-only copy that cannot be made writable again (its memory is a ``bytes`` object)."""
    array = np.asarray(array)
    out = np.frombuffer(array.tobytes(), dtype=array.dtype).reshape(array.shape)
    return out


# What observations reuse, keyed by the id of the engine's object it was made from, never by the
# object: a module's globals are where an agent would look first, and the engine's board holds
# the treasure, its hints their truth. An entry leaves with its object (so no id is reused).
_PUBLIC_BOARDS: dict[int, tuple[Board, dict]] = {}  # id(board) -> (public board, its attributes)
_PUBLIC_HINTS: dict[int, dict] = {}  # id(hint) -> {verified: PublicHint}


def _remember(cache: dict, obj, value):
    """``cache[id(obj)] = value`` until ``obj`` is collected."""
    key = id(obj)
    if key not in cache:
        weakref.finalize(obj, cache.pop, key, None)
    cache[key] = value
    return value


def public_board(board: Board) -> Board:
    """The island without the treasure, every array sealed, derived arrays computed and sealed
    now: one per real board, so agents' per-board caches keep working across observations.
    If an agent rewrote an attribute of it (``object.__setattr__``, ``__dict__``), the next
    observation notices and gets a fresh one, so no later agent sees the tampered view."""
    got = _PUBLIC_BOARDS.get(id(board))
    if got is not None:
        public, snapshot = got
        attrs = public.__dict__
        if len(attrs) == len(snapshot) and all(attrs.get(k) is v for k, v in snapshot.items()):
            return public
    public = Board(sealed(board.region), sealed(board.mountain), sealed(board.prison), None,
                   board.reveal_turn, board.free_turn, board.n_regions)
    for arg in ("region", "mountain", "prison"):  # Board() may have re-wrapped them
        object.__setattr__(public, arg, sealed(getattr(public, arg)))
    for name, attr in vars(Board).items():
        if isinstance(attr, cached_property) and name not in ("public_copy", "distance_to_treasure"):
            try:
                value = getattr(public, name)
            except Exception:  # noqa: BLE001 - a property a public board cannot have
                continue
            if isinstance(value, np.ndarray):
                public.__dict__[name] = sealed(value)
    _remember(_PUBLIC_BOARDS, board, (public, dict(public.__dict__)))
    return public


def _public_hint(hint, verified: bool | None) -> PublicHint:
    """The hint as an agent sees it (its truth only once verified), made once per hint and state
    of verification, its area sealed once per hint."""
    made = _PUBLIC_HINTS.get(id(hint))
    if made is None:
        made = _remember(_PUBLIC_HINTS, hint, {})
    got = made.get(verified)
    if got is None:
        mask = next(iter(made.values())).mask if made else sealed(hint.mask)
        got = made[verified] = PublicHint(hint.index, hint.kind, hint.text, mask, hint.params, verified)
    return got


def observe(state) -> Observation:
    """The public view of a :class:`~game.treasure.engine.GameState` (see the module docstring)."""
    hints = tuple(map(_public_hint, state.hints, state.verified))
    revealed = state.revealed
    return Observation(
        board=public_board(state.board),
        config=copy.copy(state.config),
        turn=state.turn,
        actions_left=state.actions_left,
        agent=state.agent,
        teleports_used=state.teleports_used,
        reveal_turn=state.board.reveal_turn,
        free_turn=state.board.free_turn,
        prison=state.prison if revealed else None,
        pirate=state.pirate if revealed else None,
        pirate_free=state.free,
        pirate_trail=state.pirate_route[: state.pirate_steps + 1] if state.free else (),
        hints=hints,
        verified=state.verified,
        scanned=sealed(state.scanned),
        outcome=state.outcome,
    )
