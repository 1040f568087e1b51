"""Treasure Island's agent thinks on the worker in the window: frames go on, leaving never waits."""

import threading

from game.treasure.arcade.scenes import PauseOverlay, TitleScene
from game.treasure.actions import LargeScan

from ..treasure.arcade.conftest import make_board
from ..treasure.arcade.helpers import Harness


class Gated:
    """An agent that answers only when the test opens its gate."""

    name = "gated"

    def __init__(self, gate):
        self.gate = gate
        self.calls = 0

    def start(self, obs):
        pass

    def act(self, obs):
        self.calls += 1
        self.gate.wait(5)
        return LargeScan()


def harness(gate):
    agent = Gated(gate)
    h = Harness(make_board(), agent_factory=lambda name, seed: agent)
    h.ctx.think_async = True
    from game.treasure.arcade.agent_thinking import AgentThinking

    h.play.thinking = AgentThinking(h.match, asynchronous=True)
    return h, agent


def test_space_while_the_agent_thinks_keeps_frames_coming_and_plays_when_it_answers(display):
    gate = threading.Event()
    h, agent = harness(gate)
    h.press("space")
    assert len(h.match.steps) == 1 and h.play.thinking.busy  # asked, not yet decided
    h.frames(10)  # the loop runs on while the agent thinks
    assert len(h.match.steps) == 1
    gate.set()
    h.play.thinking.thinker.job.wait(5)
    h.frames(2)
    assert len(h.match.steps) == 2 and h.match.steps[-1].action == LargeScan()
    assert not h.play.thinking.busy


def test_pausing_and_leaving_while_the_agent_thinks_never_blocks(display):
    gate = threading.Event()
    h, agent = harness(gate)
    h.press("a")
    h.frames(40)
    assert h.play.thinking.busy
    h.press("p")
    assert isinstance(h.top, PauseOverlay)
    h.press("q")  # to the title while the agent is still thinking
    assert isinstance(h.top, TitleScene)
    assert not h.play.thinking.busy  # cancelled: its late answer is dropped
    gate.set()
