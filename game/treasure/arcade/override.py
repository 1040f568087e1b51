"""The human override: key and click intentions in, the engine's own Action objects out.

Nothing here draws or touches the engine. :class:`OverrideController` remembers a half-typed
command (an arrow waiting for its length, ``V`` waiting for a hint number, ``T`` waiting for a
tile) and answers each intention with a :class:`Command`: an action to try, the AI's suggestion
to accept, or nothing yet (with a prompt for the caption). Whether the action is valid is the
engine's call (``action_error``), made by whoever applies it.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.treasure.actions import Action, LargeScan, MoveLarge, MoveSmall, Teleport, Verify
from game.treasure.config import RulesConfig

DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


@dataclass(frozen=True)
class Command:
    action: Action | None = None  # try this
    accept: bool = False  # take the AI's suggestion
    message: str = ""  # a complaint about the keys themselves (not the rules)


class OverrideController:
    def __init__(self, config: RulesConfig) -> None:
        self.config = config
        self.pending: str | None = None  # "N" / "E" / "S" / "W", "verify", "teleport"
        self.digits = ""  # the hint number typed so far after V
        # A verify finished by its digits alone (no longer number could be a hint): the Enter
        # a player types after it anyway confirms that verify and must do nothing else.
        self.enter_swallowed = False

    @property
    def prompt(self) -> str:
        """What the caption says while a command is half-typed."""
        if self.pending in DIRECTION_NAMES:
            lo, hi = self.config.small_move[0], self.config.large_move[1]
            return f"Move {DIRECTION_NAMES[self.pending]}: how far? {lo}-{hi}   (Esc: cancel)"
        if self.pending == "verify":
            return f"Verify hint number: {self.digits}_   (click a hint; Enter: done; Esc: cancel)"
        if self.pending == "teleport":
            return "Teleport: click the tile to go to   (Esc: cancel)"
        return ""

    def cancel(self) -> bool:
        """Forget a half-typed command; True if there was one."""
        had = self.pending is not None
        self.pending, self.digits = None, ""
        self.enter_swallowed = False
        return had

    def other_key(self) -> None:
        """Any key but Enter after a verify its digits finished: Enter means "accept" again."""
        self.enter_swallowed = False

    def direction(self, d: str) -> Command:
        self.pending, self.digits = d, ""
        return Command()

    def large_scan(self) -> Command:
        self.cancel()
        return Command(LargeScan())

    def verify(self) -> Command:
        self.pending, self.digits = "verify", ""
        return Command()

    def teleport(self) -> Command:
        self.pending, self.digits = "teleport", ""
        return Command()

    def digit(self, d: int, hints_given: int) -> Command | None:
        """A digit key; None if no command is waiting for a number (the key means something else)."""
        if self.pending in DIRECTION_NAMES:
            direction = self.pending
            self.cancel()
            small, large = self.config.small_move, self.config.large_move
            if small[0] <= d <= small[1]:
                return Command(MoveSmall(direction, d))
            if large[0] <= d <= large[1]:
                return Command(MoveLarge(direction, d))
            return Command(message=f"a move is {small[0]}-{large[1]} tiles, not {d}")
        if self.pending == "verify":
            self.digits += str(d)
            number = int(self.digits)
            if number * 10 > hints_given:  # no longer number could be a hint: done
                self.cancel()
                self.enter_swallowed = True
                return Command(Verify(number))
            return Command()
        return None

    def enter(self) -> Command:
        """Enter finishes a hint number, else accepts the AI's suggestion. Right after V and
        digits that already made the verify, Enter only confirms it: it never falls through to
        the AI's suggestion. Enter after a bare V (no number yet) does nothing either."""
        if self.pending == "verify":
            number = int(self.digits) if self.digits else None
            self.cancel()
            return Command(Verify(number)) if number is not None else Command(message="no hint number typed: V cancelled")
        if self.pending is not None:  # a move's length or a teleport's tile never typed
            what = "teleport" if self.pending == "teleport" else "move"
            self.cancel()
            return Command(message=f"{what} cancelled: nothing played")
        if self.enter_swallowed:
            self.enter_swallowed = False
            return Command()
        return Command(accept=True)

    def hint_clicked(self, k: int) -> Command | None:
        """A click on hint ``k`` in the panel verifies it after V (else it only highlights)."""
        if self.pending != "verify":
            return None
        self.cancel()
        return Command(Verify(k))

    def tile_clicked(self, tile: tuple[int, int]) -> Command | None:
        if self.pending != "teleport":
            return None
        self.cancel()
        return Command(Teleport(int(tile[0]), int(tile[1])))
