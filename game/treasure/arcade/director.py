"""Turns the engine's events into animations, played one history step after another.

The director owns the order: each step of the match's history becomes one ``Sequence`` (the
agent walks tile by tile, the scan square grows, the pirate walks, toasts say what happened),
ending with a call that makes the view show that step's state. Autoplay asks :attr:`busy`
before advancing, so it always waits for the animations. The speed scales time; "instant"
skips animation altogether.
"""

from __future__ import annotations

import math
from collections import deque

from game.treasure import events as ev

from .animation import Call, RingEffect, ScanEffect, Sequence, Toast, Tween, Wait

SPEEDS: dict[str, float] = {"slow": 0.5, "normal": 1.0, "fast": 3.0, "instant": math.inf}
SPEED_ORDER = ("slow", "normal", "fast", "instant")
# Pause between two autoplayed actions, in seconds of real time.
AUTOPLAY_GAP: dict[str, float] = {"slow": 0.6, "normal": 0.25, "fast": 0.05, "instant": 0.0}

AGENT_TILE_SECONDS = 0.16
PIRATE_TILE_SECONDS = 0.2
GOLD, RED, CYAN, WHITE, GREEN = (255, 210, 60), (240, 80, 70), (120, 230, 255), (255, 255, 255), (110, 220, 120)


def _p(pos) -> str:
    return f"({pos[0]}, {pos[1]})"


class Director:
    def __init__(self, view) -> None:
        self.view = view
        self.pending: deque[int] = deque()
        self.current: Sequence | None = None
        self.current_index: int | None = None
        self.speed = "normal"

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.pending)

    @property
    def rate(self) -> float:
        return SPEEDS[self.speed]

    def enqueue(self, index: int) -> None:
        self.pending.append(index)
        if self.speed == "instant":
            self.finish_all()

    def clear(self) -> None:
        self.pending.clear()
        self.current = None
        self.current_index = None

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds of real time (scaled by the speed)."""
        if self.speed == "instant":
            self.finish_all()
            return
        dt *= self.rate
        while True:
            if self.current is None:
                if not self.pending:
                    return
                self._start(self.pending.popleft())
            assert self.current is not None
            left = self.current.update(dt)
            if not self.current.done:
                return
            self.current = None
            self.current_index = None
            if left <= 0:
                return
            dt = left

    def finish_all(self) -> None:
        """Jump to the end of everything queued: the view shows the latest state."""
        while self.current is not None or self.pending:
            if self.current is None:
                self._start(self.pending.popleft())
            assert self.current is not None
            self.current.update(math.inf)
            if self.current.done:
                self.current = None
                self.current_index = None
        self.view.effects.clear()
        self.view.toasts.clear()

    def _start(self, index: int) -> None:
        self.current_index = index
        self.current = self.animate(index)

    # -- the animations of one step -------------------------------------------------------------

    def animate(self, index: int) -> Sequence:
        view = self.view
        entry = view.match.steps[index]
        steps: list = []
        agent, pirate = view.agent, view.pirate

        def sound(name: str) -> Call:
            board = getattr(view, "sound", None)
            return Call(lambda: board.play(name) if board is not None else None)
        for event in entry.events:
            if isinstance(event, ev.TurnStarted):
                steps += [Call(lambda e=event: view.say(f"Turn {e.turn}", WHITE, 0.6)), Wait(0.12)]
            elif isinstance(event, ev.PrisonRevealed):
                def reveal(e=event):
                    pirate.place(e.prison)
                    pirate.visible = True
                    view.effects.add(RingEffect(1.0, tile=e.prison, colour=RED, radius_tiles=3, rings=3))
                    view.say(f"The pirate's prison is revealed at {_p(e.prison)}!", RED, 1.6)
                steps += [sound("reveal"), Call(reveal), Wait(1.0)]
            elif isinstance(event, ev.PirateFreed):
                def freed(e=event):
                    pirate.visible = True
                    view.effects.add(RingEffect(0.9, tile=e.position, colour=GOLD, radius_tiles=4, rings=3))
                    view.say("The pirate breaks out and runs for the treasure!", RED, 1.6)
                steps += [sound("release"), Call(freed), Wait(0.9)]
            elif isinstance(event, ev.HintGiven):
                steps += [sound("hint"), Call(lambda e=event: view.say(f"Hint {e.hint.index}: {e.hint.text}", GOLD, 1.8)),
                          Wait(0.35)]
            elif isinstance(event, ev.PirateMoved):
                steps.append(pirate.walk(event.path, PIRATE_TILE_SECONDS))
            elif isinstance(event, ev.AgentMoved):
                steps += [sound("step"), agent.walk(event.path, AGENT_TILE_SECONDS)]
            elif isinstance(event, ev.Scanned):
                def scan(e=event):
                    view.effects.add(ScanEffect(0.55, centre=e.centre, size=e.size, found=e.found))
                steps += [sound("scan"), Call(scan), Wait(0.55)]
            elif isinstance(event, ev.Teleported):
                steps += [sound("teleport"), *self._teleport(event)]
            elif isinstance(event, ev.HintVerified):
                def verified(e=event):
                    view.flash = (e.hint_index, e.truth)
                    view.say(f"Hint {e.hint_index} is {'TRUE' if e.truth else 'FALSE'}",
                             GREEN if e.truth else RED, 1.4)
                steps += [sound("verify_true" if event.truth else "verify_false"), Call(verified), Wait(0.8),
                          Call(lambda: setattr(view, "flash", None))]
            elif isinstance(event, ev.ActionForfeited):
                steps += [Call(lambda e=event: view.say(f"Invalid action lost: {e.reason}", RED, 1.6)), Wait(0.5)]
            elif isinstance(event, ev.GameOver):
                def over(e=event):
                    view.game_over = True
                    view.effects.add(RingEffect(1.4, tile=e.treasure, colour=GOLD, radius_tiles=5, rings=4))
                    text = "The treasure is found! WIN" if e.result == "WIN" else "The pirate got the treasure. LOSE"
                    view.say(text, GOLD if e.result == "WIN" else RED, 2.5)
                steps += [sound("win" if event.result == "WIN" else "lose"), Call(over), Wait(1.3)]
        steps.append(Call(lambda: view.show(index)))
        return Sequence(*steps)

    def _teleport(self, event: ev.Teleported) -> list:
        view, agent = self.view, self.view.agent

        def vanish():
            view.effects.add(RingEffect(0.35, tile=event.start, colour=CYAN, radius_tiles=2.5, inward=True))
            view.say(f"Teleport to {_p(event.target)}", CYAN, 1.2)

        def appear():
            agent.place(event.target)
            view.effects.add(RingEffect(0.45, tile=event.target, colour=CYAN, radius_tiles=3))

        return [
            Call(vanish),
            Tween(1.0, 0.0, 0.3, "in_quad", apply=lambda v: setattr(agent, "scale", v)),
            Call(appear),
            Tween(0.0, 1.0, 0.3, "out_back", apply=lambda v: setattr(agent, "scale", v)),
        ]


__all__ = ["Director", "SPEEDS", "SPEED_ORDER", "AUTOPLAY_GAP", "Toast"]
