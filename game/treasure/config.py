"""Every number of the rules in one frozen object (RULES: "every number below is a default").

The engine reads these values and hard-codes none of them, so a variant game is one
``RulesConfig(...)`` away and a replay can store exactly the rules it was played with.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

# Hint types 1..15; weight 4 for normal types, 1 for the rare ones (7, 12, 14) (RULES §5).
DEFAULT_HINT_WEIGHTS = (4, 4, 4, 4, 4, 4, 1, 4, 4, 4, 4, 1, 4, 1, 4)
TRUTH_MODELS = ("random", "bluff")


@dataclass(frozen=True)
class RulesConfig:
    # Agent (RULES §4)
    actions_per_turn: int = 2
    small_move: tuple[int, int] = (1, 2)  # MOVE_SMALL n in this range, then small scan
    large_move: tuple[int, int] = (3, 4)  # MOVE_LARGE n in this range, no scan
    small_scan: int = 3  # side of the square
    large_scan: int = 5
    teleports: int = 1
    # Pirate (RULES §6)
    pirate_speed: int = 2
    # Hints (RULES §5)
    hint_weights: tuple[int, ...] = DEFAULT_HINT_WEIGHTS
    truth_model: str = "random"  # or "bluff"
    liar_rate: float = 0.3  # used by the bluff model only
    tiles_hint_count: tuple[int, int] = (1, 12)  # type 1
    regions_in_count: tuple[int, int] = (2, 5)  # type 2
    regions_out_count: tuple[int, int] = (1, 3)  # type 3
    large_rect_share: tuple[float, float] = (0.5, 0.8)  # type 4, of H and of W
    small_rect_share: tuple[float, float] = (0.125, 0.25)  # type 5
    sea_distance: tuple[int, int] = (2, 3)  # type 11
    square_share: tuple[float, float] = (0.5, 0.9)  # type 14, outer side of min(H, W)
    first_hint_true: bool = True
    # A hint draw is retried while its area is empty or covers every possible treasure tile,
    # or (bluff model) while its truth differs from the pirate's decision; this bounds it.
    max_hint_draws: int = 500

    def __post_init__(self) -> None:
        if self.truth_model not in TRUTH_MODELS:
            raise ValueError(f"truth_model must be one of {TRUTH_MODELS}, not {self.truth_model!r}")
        if not 0.0 <= self.liar_rate <= 1.0:
            raise ValueError(f"liar_rate must be in [0, 1], not {self.liar_rate}")
        if len(self.hint_weights) != 15 or any(w < 0 for w in self.hint_weights) or not any(self.hint_weights):
            raise ValueError("hint_weights must be 15 non-negative numbers, not all zero")
        if self.actions_per_turn < 1 or self.pirate_speed < 1:
            raise ValueError("actions_per_turn and pirate_speed must be at least 1")
        for name in ("small_move", "large_move", "tiles_hint_count", "regions_in_count",
                     "regions_out_count", "sea_distance"):
            lo, hi = getattr(self, name)
            if not 0 < lo <= hi:
                raise ValueError(f"{name} must be a range (lo, hi) with 0 < lo <= hi, not {(lo, hi)}")
        for name in ("small_scan", "large_scan"):
            if getattr(self, name) < 1 or getattr(self, name) % 2 == 0:
                raise ValueError(f"{name} must be an odd side length, not {getattr(self, name)}")

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RulesConfig":
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rules settings: {', '.join(sorted(unknown))}")
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)
