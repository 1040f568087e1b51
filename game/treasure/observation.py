"""What an agent may see: public information only, so no agent can cheat by construction.

An :class:`Observation` has the board without the treasure, the agent's tile, the pirate once
his prison is revealed (and his walk once he is free), every hint's text and area with the
truth only of the verified ones, the scanned tiles, the turn and the counters. It holds no
reference to the game state.
"""

from __future__ import annotations

from dataclasses import dataclass
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


def observe(state) -> Observation:
    """The public view of a :class:`~game.treasure.engine.GameState`."""
    hints = tuple(
        PublicHint(h.index, h.kind, h.text, h.mask, h.params, v) for h, v in zip(state.hints, state.verified)
    )
    revealed = state.revealed
    return Observation(
        board=state.board.public(),
        config=state.config,
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
        scanned=state.scanned,
        outcome=state.outcome,
    )
