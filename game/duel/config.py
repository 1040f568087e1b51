"""The duel's rules as numbers: one frozen object, so no other module hard-codes them.

``DuelConfig()`` is the course's game (DUEL.md §2-§5): 1000 rounds, a mine stuns for 3 turns, an
error sets the offender's score to -100, 1 s of wall clock per program run. ``effects`` says what
each item letter does to the mover's score: ``("add", k)`` adds k, ``("mul", k)`` multiplies by k,
``("floordiv", k)`` floor-divides by k (Python ``//``, so -3 // 2 == -2) and ``("stun", 0)`` skips
the mover's next ``stun_turns`` turns.
"""

from __future__ import annotations

from dataclasses import dataclass

# The course's effects, letter -> (kind, operand).
COURSE_EFFECTS: tuple[tuple[str, tuple[str, int]], ...] = (
    ("b", ("stun", 0)),   # mine
    ("m", ("add", 1)),    # mushroom
    ("n", ("add", -1)),   # poison mushroom
    ("s", ("mul", 2)),    # star
    ("t", ("floordiv", 2)),  # poison star
)
EFFECT_KINDS = ("add", "mul", "floordiv", "stun")

MIN_SIDE = 2
MAX_SIDE = 64


@dataclass(frozen=True)
class DuelConfig:
    rounds: int = 1000
    stun_turns: int = 3
    error_score: int = -100
    time_limit: float = 1.0          # seconds of wall clock per program run, start-up included
    effects: tuple[tuple[str, tuple[str, int]], ...] = COURSE_EFFECTS

    def __post_init__(self) -> None:
        if self.rounds < 1:
            raise ValueError(f"rounds must be at least 1, not {self.rounds}")
        if self.stun_turns < 0:
            raise ValueError(f"stun_turns must be >= 0, not {self.stun_turns}")
        if not self.time_limit > 0:
            raise ValueError(f"time_limit must be positive, not {self.time_limit}")
        letters = [letter for letter, _ in self.effects]
        if len(set(letters)) != len(letters):
            raise ValueError(f"an item has two effects: {' '.join(letters)}")
        if set(letters) != set("bmnst"):
            raise ValueError(f"every item b m n s t needs an effect, not only {' '.join(letters)}")
        for letter, (kind, operand) in self.effects:
            if letter not in "bmnst":
                raise ValueError(f"effect for unknown item {letter!r}: items are b m n s t")
            if kind not in EFFECT_KINDS:
                raise ValueError(f"unknown effect {kind!r} for {letter!r}: one of {', '.join(EFFECT_KINDS)}")
            if kind == "floordiv" and operand == 0:
                raise ValueError(f"{letter!r} divides by zero")

    def effect(self, letter: str) -> tuple[str, int]:
        for item, effect in self.effects:
            if item == letter:
                return effect
        raise KeyError(letter)

    def with_time_limit(self, seconds: float) -> "DuelConfig":
        from dataclasses import replace

        return replace(self, time_limit=seconds)


def apply_effect(kind: str, operand: int, score: int) -> int:
    """A score after an item of this effect (a stun leaves the score alone)."""
    if kind == "add":
        return score + operand
    if kind == "mul":
        return score * operand
    if kind == "floordiv":
        return score // operand if score != 0 else 0
    return score
