from game.treasure.agents.base import Agent, Decision
from game.treasure.arcade.match import Match, candidates
from game.treasure.actions import Forfeit, LargeScan, MoveSmall
from game.treasure.events import ActionForfeited


class Scripted(Agent):
    """Plays the given actions in order, then large scans."""

    name = "scripted"

    def __init__(self, actions, seed=0):
        super().__init__(seed)
        self.actions = list(actions)

    def act(self, obs):
        return Decision(self.actions.pop(0) if self.actions else LargeScan(), "because the script says so")


class Broken(Agent):
    name = "broken"

    def act(self, obs):
        raise RuntimeError("boom")


def scripted(*actions):
    return lambda name, seed: Scripted(actions, seed)


def test_one_action_adds_one_step_with_the_reason(board):
    match = Match(board, 4, agent_factory=scripted(LargeScan()))
    entry = match.advance_action()
    assert len(match.steps) == 2 and entry is match.steps[-1]
    assert entry.action == LargeScan() and entry.reason == "because the script says so"
    assert match.state is entry.state


def test_an_invalid_program_action_becomes_a_forfeit_like_the_runner(board):
    match = Match(board, 4, agent_factory=scripted(MoveSmall("N", 2), MoveSmall("N", 2), MoveSmall("N", 2),
                                                   MoveSmall("N", 2), MoveSmall("N", 2), MoveSmall("N", 2)))
    kinds = set()
    for _ in range(6):
        kinds.add(type(match.advance_action().action))
    assert Forfeit in kinds  # walking north 12 tiles leaves the island sooner or later
    assert any(isinstance(e, ActionForfeited) for s in match.steps for e in s.events)


def test_an_agent_that_raises_loses_the_action_instead_of_crashing(board):
    match = Match(board, 4, agent_factory=lambda name, seed: Broken(seed))
    entry = match.advance_action()
    assert isinstance(entry.action, Forfeit) and entry.action.attempted == "(crash)"
    assert "RuntimeError: boom" in entry.action.reason


def test_an_agent_past_the_time_limit_forfeits_and_is_retired_as_in_headless_play(board):
    import threading
    import time

    release = threading.Event()  # the agent answers only when the test lets it (or after 60 s)

    class Sleepy:
        name = "sleepy"

        def __init__(self, seed):
            self.calls = 0

        def start(self, obs):
            pass

        def act(self, obs):
            self.calls += 1
            release.wait(60)
            return LargeScan()

    match = Match(board, 4, agent_factory=lambda name, seed: Sleepy(seed), agent_time_limit=0.2)
    try:
        started = time.perf_counter()
        first = match.advance_action()
        second = match.advance_action()
        # A hang guard (the agent would block 60 s): the forfeits below prove the limit was kept.
        assert time.perf_counter() - started < 20, "the arcade waited for the agent past its limit"
        assert first.action.attempted == "(no answer)"
        assert second.action.attempted == "(retired)" and match.agent.calls == 1
    finally:
        release.set()


def test_an_agent_whose_start_raises_forfeits_its_first_action(board):
    class BadStart(Broken):
        def start(self, obs):
            raise ValueError("no start")

    match = Match(board, 4, agent_factory=lambda name, seed: BadStart(seed))
    entry = match.advance_action()
    assert entry.action.attempted == "(crash)" and "ValueError" in entry.action.reason


def test_a_turn_is_every_action_until_the_next_turn_and_restart_replays_the_seed(board):
    match = Match(board, 9, agent_factory=scripted())
    first_agent = match.state.agent
    match.advance_turn()
    assert match.state.turn == 2 or match.over
    match.restart()
    assert len(match.steps) == 1 and match.state.agent == first_agent
    match.restart(10)
    assert match.seed == 10


def test_candidates_use_public_information_only(board):
    match = Match(board, 4, agent_factory=scripted(LargeScan()))
    match.advance_action()
    cand = candidates(board, match.observation())
    assert not (cand & match.state.scanned).any()
    assert not (cand & ~board.eligible).any()
