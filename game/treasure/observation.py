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


_PUBLIC_BOARDS: "weakref.WeakKeyDictionary[Board, tuple[Board, dict]]" = weakref.WeakKeyDictionary()
_SEALED_MASKS: "weakref.WeakKeyDictionary[Any, np.ndarray]" = weakref.WeakKeyDictionary()


def public_board(board: Board) -> Board:
    """The island without the treasure, every array sealed, derived arrays computed and sealed
    now: one per real board, so agents' per-board caches keep working across observations.
    If an agent rewrote an attribute of it (``object.__setattr__``, ``__dict__``), the next
    observation notices and gets a fresh one, so no later agent sees the tampered view."""
    got = _PUBLIC_BOARDS.get(board)
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
    _PUBLIC_BOARDS[board] = (public, dict(public.__dict__))
    return public


_LAST_HINTS: tuple = (None, None, ())  # (hints, verified, public hints) of the last observation


def _hint_mask(hint) -> np.ndarray:
    got = _SEALED_MASKS.get(hint)
    if got is None:
        got = _SEALED_MASKS[hint] = sealed(hint.mask)
    return got


def observe(state) -> Observation:
    """The public view of a :class:`~game.treasure.engine.GameState` (see the module docstring)."""
    global _LAST_HINTS
    last = _LAST_HINTS  # one tuple, read and replaced whole: safe with several threads
    if last[0] is state.hints and last[1] is state.verified:  # successive states share them
        hints = last[2]
    else:
        hints = tuple(PublicHint(h.index, h.kind, h.text, _hint_mask(h), h.params, v)
                      for h, v in zip(state.hints, state.verified))
        _LAST_HINTS = (state.hints, state.verified, hints)
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
