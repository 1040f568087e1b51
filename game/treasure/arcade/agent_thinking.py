"""Treasure Island's agent, deciding on the thinking worker instead of inside the frame.

:class:`AgentThinking` stands between Treasure Island's play scene and its
:class:`~game.treasure.arcade.match.Match`. Asked for an action, it plays it at once if the agent has
already decided for the current state; otherwise it starts the decision on the worker
(:mod:`game.arcade.thinking`), remembers that an action (or a whole turn) is owed, and plays it
from :meth:`pump` on the frame the answer arrives. The agent's answer is handed to the match as
its cached suggestion, so the match plays exactly what it would have played itself.

``asynchronous=False`` (tests, screenshots, the instant speed of headless runs) decides inline:
the same calls, the old behaviour, deterministic frame by frame. The window turns it on
(``ctx.think_async``).
"""

from __future__ import annotations

from game.treasure.actions import Action, Forfeit

from game.arcade.thinking import Thinker


class AgentThinking:
    def __init__(self, match, *, asynchronous: bool = False, clock=None) -> None:
        self.match = match
        self.asynchronous = asynchronous
        self.thinker = Thinker(clock=clock)
        self.owed_actions = 0
        self.owed_turn: int | None = None  # play until this turn is over

    # -- state ------------------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.thinker.busy

    @property
    def thinking_for(self) -> float:
        return self.thinker.thinking_for

    @property
    def owed(self) -> bool:
        return bool(self.owed_actions) or self.owed_turn is not None

    def ready(self) -> bool:
        """The agent has decided for the state the match is in."""
        cached = getattr(self.match, "_suggestion", None)
        return cached is not None and cached[0] is self.match.state

    def cancel(self) -> None:
        self.thinker.cancel()
        self.forget_owed()

    def forget_owed(self) -> None:
        """No action is owed any more (a person took over): the decision under way, if any,
        goes on, as the suggestion the person may accept."""
        self.owed_actions = 0
        self.owed_turn = None

    # -- deciding ---------------------------------------------------------------------------------

    def think(self) -> bool:
        """Make sure a decision for the current state is ready or under way; True if ready."""
        match = self.match
        if match.over or self.ready():
            return not match.over
        if not self.asynchronous:
            match.suggest()
            return True
        job = self.thinker.job
        if job is None or job.tag is not match.state:
            state = match.state
            self.thinker.start(self._decider(), tag=state)
        self.collect()
        return self.ready()

    def _decider(self):
        return self.match._decide  # it times itself (match.agent_seconds) and never raises

    def collect(self) -> None:
        job = self.thinker.poll()
        if job is None or job.tag is not self.match.state:
            return
        if job.error is not None:
            message = f"the agent crashed: {type(job.error).__name__}: {job.error}"[:120]
            self.match._suggestion = (job.tag, Forfeit("(crash)", message), message)
        else:
            action, reason = job.result
            if not isinstance(action, (Action, Forfeit)):
                action = Forfeit(repr(action)[:60], "the agent returned something that is not an action")
            self.match._suggestion = (job.tag, action, reason)

    def suggestion(self):
        """The agent's ``(action, reason)`` for now, or None while it thinks (the human's ghost)."""
        if self.think():
            return self.match.suggest()
        return None

    # -- playing ----------------------------------------------------------------------------------

    def action(self):
        """One agent action now if decided (the match's new step), else None: it is owed and
        :meth:`pump` plays it when the answer comes."""
        if self.match.over:
            return None
        if not self.asynchronous:
            return self.match.advance_action()
        if self.think():
            return self.match.advance_action()
        self.owed_actions += 1
        return None

    def turn(self) -> list:
        """The actions of a whole turn now if the agent keeps up, the rest owed."""
        if not self.asynchronous:
            return self.match.advance_turn()
        self.owed_turn = self.match.state.turn
        return self.pump()

    def autoplay(self):
        """One action for autoplay if decided, else start thinking and return None (no debt:
        autoplay asks again next frame)."""
        if self.match.over:
            return None
        if self.think():
            return self.match.advance_action()
        return None

    def pump(self) -> list:
        """Play what is owed as far as decisions are ready; call it every frame."""
        played = []
        if not self.asynchronous:
            return played
        self.collect()
        while not self.match.over and self.owed:
            if self.owed_turn is not None and self.match.state.turn != self.owed_turn:
                self.owed_turn = None
                continue
            if not self.think():
                break
            step = self.match.advance_action()
            if step is None:
                break
            played.append(step)
            if self.owed_actions:
                self.owed_actions -= 1
        if self.match.over:
            self.owed_actions, self.owed_turn = 0, None
        return played
