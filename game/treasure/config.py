"""Every number of the rules in one frozen object (RULES: "every number below is a default").

The engine reads these values and hard-codes none of them, so a variant game is one
``RulesConfig(...)`` away and a replay can store exactly the rules it was played with.
"""

from __future__ import annotations

import numbers
from dataclasses import asdict, dataclass, fields
from typing import Any

import numpy as np

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
        """Check every value's type and range, as strictly as the command line does.

        Whole numbers must be ``int`` (numpy integers count as the numbers they are; ``True``,
        ``2.5`` and ``"1"`` do not); shares are numbers in (0, 1]; every value has an upper bound
        (:data:`LIMITS`), so a replay's rules cannot make the engine allocate or loop without end.
        Raises ValueError (TypeError for a wrong type) naming the setting.
        """
        for name, (low, high) in LIMITS.items():
            value = getattr(self, name)
            if name in _PAIRS:
                pair = _sequence(name, value, 2)
                if name.endswith("_share"):
                    lo, hi = (_share(f"{name}[{i}]", v) for i, v in enumerate(pair))
                else:
                    lo, hi = (_whole(f"{name}[{i}]", v, low, high) for i, v in enumerate(pair))
                if not lo <= hi:
                    raise ValueError(f"{name} must be a range (lo, hi) with lo <= hi, not {(lo, hi)}")
                object.__setattr__(self, name, (lo, hi))
            elif name == "hint_weights":
                weights = tuple(_whole(f"hint_weights[{i}]", w, low, high)
                                for i, w in enumerate(_sequence(name, value, 15)))
                if not any(weights[:5] + weights[6:]):  # type 6 needs the prison, unknown at first
                    raise ValueError("hint_weights must be 15 non-negative numbers, some type other than 6 "
                                     "above zero")
                object.__setattr__(self, name, weights)
            else:
                object.__setattr__(self, name, _whole(name, value, low, high))
        if not isinstance(self.truth_model, str) or self.truth_model not in TRUTH_MODELS:
            raise ValueError(f"truth_model must be one of {TRUTH_MODELS}, not {_show(self.truth_model)}")
        object.__setattr__(self, "truth_model", str.__str__(self.truth_model))
        liar = self.liar_rate
        if isinstance(liar, (bool, np.bool_)) or not isinstance(liar, numbers.Real):
            raise TypeError(f"liar_rate must be a number in [0, 1], not {_show(liar)}")
        try:
            liar = float(liar)
        except OverflowError:
            liar = float("inf")
        if not 0.0 <= liar <= 1.0:  # NaN fails this too
            raise ValueError(f"liar_rate must be a number in [0, 1], not {_show(self.liar_rate)}")
        object.__setattr__(self, "liar_rate", liar)
        if not isinstance(self.first_hint_true, (bool, np.bool_)):
            raise TypeError(f"first_hint_true must be true or false, not {_show(self.first_hint_true)}")
        object.__setattr__(self, "first_hint_true", bool(self.first_hint_true))
        for name in ("small_scan", "large_scan"):
            if getattr(self, name) % 2 == 0:
                raise ValueError(f"{name} must be an odd side length, not {getattr(self, name)}")

    def to_dict(self) -> dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RulesConfig":
        """The rules a replay stored; ValueError/TypeError for anything unknown or out of range."""
        if not isinstance(data, dict):
            raise TypeError(f"rules must be an object, not {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = [str(k) for k in data if k not in known]
        if unknown:
            raise ValueError(f"unknown rules settings: {', '.join(sorted(unknown))[:200]}")
        values = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        return cls(**values)


# Inclusive bounds of every whole-number setting (pairs: of each end). A share is in (0, 1].
LIMITS: dict[str, tuple[int, int]] = {
    "actions_per_turn": (1, 100),
    "small_move": (1, 1000),
    "large_move": (1, 1000),
    "small_scan": (1, 1025),
    "large_scan": (1, 1025),
    "teleports": (0, 1000),
    "pirate_speed": (1, 1000),
    "hint_weights": (0, 1_000_000),
    "tiles_hint_count": (1, 10_000),
    "regions_in_count": (1, 10_000),
    "regions_out_count": (1, 10_000),
    "large_rect_share": (0, 1),
    "small_rect_share": (0, 1),
    "sea_distance": (1, 10_000),
    "square_share": (0, 1),
    "max_hint_draws": (1, 100_000),
}
_PAIRS = frozenset({"small_move", "large_move", "tiles_hint_count", "regions_in_count", "regions_out_count",
                    "large_rect_share", "small_rect_share", "sea_distance", "square_share"})


def _whole(name: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {_show(value)} ({type(value).__name__})")
    value = int(value)
    if not low <= value <= high:
        raise ValueError(f"{name} must be between {low} and {high}, not {value}")
    return value


def _share(name: str, value: Any) -> float:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, not {_show(value)} ({type(value).__name__})")
    try:
        value = float(value)
    except OverflowError:
        value = float("inf")
    if not 0.0 < value <= 1.0:  # NaN fails this too
        raise ValueError(f"{name} must be a share in (0, 1], not {value}")
    return value


def _sequence(name: str, value: Any, length: int) -> tuple:
    if not isinstance(value, (tuple, list)) or len(value) != length:
        raise TypeError(f"{name} must be a list of {length} numbers, not {_show(value)}")
    return tuple(value)


def _show(value: Any) -> str:
    """A short repr for messages; never fails (a 5,000-digit int cannot even be repr'd)."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001
        return f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:57] + "..."
