"""Playing a replay back: validate every action, rebuild the LOG, compare, then seek anywhere.

The engine is deterministic, so the game at action ``i`` is ``new_game`` followed by the first
``i`` recorded actions. :class:`Playback` does that once, checking each action against the rules
at its point (and its recorded turn), and keeps a state every ``checkpoint_every`` actions plus
every action's events. :meth:`Playback.state_at` then starts from the nearest checkpoint at or
before ``i`` (or the last state it handed out, if that is nearer), so a seek costs at most
``checkpoint_every`` engine steps instead of a replay from the start.

Position ``i`` means "after the first ``i`` actions": 0 is the start, ``len(playback) - 1`` the
end.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.treasure import events as ev
from game.treasure.actions import Action
from game.treasure.engine import GameState, action_error, new_game, step
from game.treasure.log import GameLog, map_header

from .document import UNFINISHED, RecordedAction, Replay, ReplayError

DEFAULT_CHECKPOINT_EVERY = 8


class ReplayMismatch(ReplayError):
    """The replay's actions do not (or no longer) make the recorded game."""


@dataclass(frozen=True)
class Mark:
    """A key event on the timeline: reveal, release, teleport, verify, win or lose."""

    index: int  # the position whose step caused it
    turn: int
    kind: str  # "reveal", "free", "teleport", "verify_true", "verify_false", "win", "lose"


def log_header(replay: Replay) -> list[str]:
    return map_header(replay.board, replay.seed, replay.agent or None, replay.rules)


class Playback:
    def __init__(self, replay: Replay, *, checkpoint_every: int = DEFAULT_CHECKPOINT_EVERY,
                 check_outcome: bool = True) -> None:
        if checkpoint_every < 1:
            raise ValueError("checkpoint_every must be at least 1")
        self.replay = replay
        self.every = checkpoint_every
        state, events = new_game(replay.board, replay.seed, replay.rules)
        self.log = GameLog(log_header(replay))
        self.log.record(events)
        self.events: list[tuple[ev.Event, ...]] = [tuple(events)]
        self.turns: list[int] = [state.turn]  # the turn shown at each position
        self.checkpoints: dict[int, GameState] = {0: state}
        for recorded in replay.actions:
            state = self._apply(state, recorded)
        self.final = state
        self._last: tuple[int, GameState] = (len(self) - 1, state)
        self.checkpoints[len(self) - 1] = state
        if check_outcome:
            self.check_outcome()

    def _apply(self, state: GameState, recorded: RecordedAction) -> GameState:
        where = recorded.where
        if state.over:
            raise ReplayMismatch(f"{where}: {recorded.action.text()} comes after the game ended "
                                 f"({state.outcome} on turn {state.turn})")
        if recorded.turn != state.turn:
            raise ReplayMismatch(f"{where}: recorded on turn {recorded.turn} but the replayed game is on "
                                 f"turn {state.turn} here")
        error = action_error(state, recorded.action)
        if error is not None:
            raise ReplayMismatch(f"{where}: {recorded.action.text()} is invalid: {error}")
        state, events = step(state, recorded.action)
        self.log.record(events, recorded.reason)
        self.events.append(tuple(events))
        self.turns.append(state.turn)
        if (recorded.n + 1) % self.every == 0:
            self.checkpoints[recorded.n + 1] = state
        return state

    def check_outcome(self) -> None:
        """Raise :class:`ReplayMismatch` unless the end matches the recorded outcome and LOG."""
        want, state = self.replay.outcome, self.final
        got = state.outcome or UNFINISHED
        n = len(self.replay.actions)
        if got != want.result or (state.turn != want.turns):
            hint = " (actions missing: truncated?)" if got == UNFINISHED and want.result != UNFINISHED else ""
            raise ReplayMismatch(f"after action {n} (turn {state.turn}): the replayed game is {got} on turn "
                                 f"{state.turn}, but the replay says {want.result} on turn {want.turns}{hint}")
        digest = self.log.digest()
        if digest != want.log_sha256:
            raise ReplayMismatch(f"after action {n} (turn {state.turn}): the replayed LOG differs from the "
                                 f"recorded one (sha256 {digest[:12]}… instead of {want.log_sha256[:12]}…): "
                                 "an action, a reason or the map was edited")
        self.check_digests()

    def check_digests(self) -> None:
        """Raise :class:`ReplayMismatch` unless the island, the rules and every action (with its
        author and reason) are the ones recorded. Replays made in memory, and format 1 files,
        carry no digests: nothing to compare (``replay --check`` refuses format 1)."""
        stored = self.replay.digests
        if stored is None:
            return
        now = self.replay.content_digests()
        if now["map"] != stored["map"]:
            raise ReplayMismatch(f"the island differs from the recorded one at {_map_line(now['map'], stored['map'])} "
                                 "(its digest does not match): a tile, a region, a mountain, a prison, the treasure, "
                                 "r, f or R was edited")
        if now["rules"] != stored["rules"]:
            names = sorted(set(now["rules"]) | set(stored["rules"]))
            edited = [n for n in names if now["rules"].get(n) != stored["rules"].get(n)]
            raise ReplayMismatch(f"the rules differ from the recorded ones: {', '.join(edited)[:120]} "
                                 "(digest does not match) was edited")
        if len(stored["actions"]) != len(now["actions"]):
            raise ReplayMismatch(f"the replay has {len(now['actions'])} actions but digests for "
                                 f"{len(stored['actions'])}: actions were added or removed")
        for recorded, have, want in zip(self.replay.actions, now["actions"], stored["actions"]):
            if have != want:
                raise ReplayMismatch(f"{recorded.where}: differs from the recorded action (its sha256 does not "
                                     "match): its author ('by'), its reason or the action was edited")

    # -- reading ---------------------------------------------------------------------------

    def __len__(self) -> int:
        """Number of positions: one more than the number of actions."""
        return len(self.replay.actions) + 1

    def action(self, i: int) -> RecordedAction | None:
        """The action that led to position ``i`` (None for the start)."""
        return self.replay.actions[i - 1] if i > 0 else None

    def state_at(self, i: int) -> GameState:
        if not 0 <= i < len(self):
            raise IndexError(f"position {i} is outside 0..{len(self) - 1}")
        if i in self.checkpoints:
            return self.checkpoints[i]
        base = i - i % self.every
        last_i, last_state = self._last
        if base <= last_i <= i:  # stepping forward from where we were is cheaper
            base, state = last_i, last_state
        else:
            state = self.checkpoints[base]
        for k in range(base, i):
            state, _ = step(state, self.replay.actions[k].action)
        self._last = (i, state)
        return state

    def position_of_turn(self, turn: int) -> int:
        """The first position at which turn ``turn`` is the current turn (clamped to the game)."""
        turn = max(self.turns[0], min(turn, self.turns[-1]))
        lo, hi = 0, len(self.turns) - 1
        while lo < hi:  # turns never decrease: binary search
            mid = (lo + hi) // 2
            if self.turns[mid] < turn:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def marks(self) -> list[Mark]:
        out: list[Mark] = []
        for i, events in enumerate(self.events):
            for e in events:
                kind = None
                if isinstance(e, ev.PrisonRevealed):
                    kind = "reveal"
                elif isinstance(e, ev.PirateFreed):
                    kind = "free"
                elif isinstance(e, ev.Teleported):
                    kind = "teleport"
                elif isinstance(e, ev.HintVerified):
                    kind = "verify_true" if e.truth else "verify_false"
                elif isinstance(e, ev.GameOver):
                    kind = e.result.lower()
                if kind is not None:
                    out.append(Mark(i, e.turn, kind))
        return out

    def actions(self) -> list[Action]:
        return [r.action for r in self.replay.actions]


_HEADER = ("line 1 (W H)", "line 2 (r)", "line 3 (f)", "line 4 (R)", "line 5 (the treasure)")


def _map_line(now: list[str], stored: list[str]) -> str:
    """Where two maps' line digests first differ, in words."""
    for i, (a, b) in enumerate(zip(now, stored)):
        if a != b:
            return _HEADER[i] if i < 5 else f"line {i + 1} (row {i - 5})"
    return f"its size ({len(now) - 5} rows instead of {len(stored) - 5})"


def check_replay(replay: Replay) -> Playback:
    """Play back and compare; raises :class:`ReplayMismatch` (what and where) if it differs."""
    return Playback(replay)
