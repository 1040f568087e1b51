import pytest

from game.shell.clock import FakeClock
from game.shell.loop import FixedStepLoop, run_app

STEP = 1 / 60


class Recorder:
    def __init__(self):
        self.dts = []
        self.alphas = []

    def update(self, dt):
        self.dts.append(dt)

    def render(self, alpha):
        self.alphas.append(alpha)


@pytest.mark.parametrize("n", [1, 7, 60, 600])
def test_n_steps_of_time_in_one_frame_run_n_updates(n):
    clock = FakeClock()
    loop = FixedStepLoop(clock, step=STEP, max_frame=100, max_steps=10_000)
    rec = Recorder()
    clock.advance(n * STEP)
    assert loop.frame(rec.update, rec.render) == n
    assert rec.dts == [STEP] * n
    assert len(rec.alphas) == 1


def test_one_step_per_frame_runs_exactly_one_update_every_frame():
    clock = FakeClock(start=12345.678)  # a large origin, like perf_counter, makes floats drift
    loop = FixedStepLoop(clock)
    rec = Recorder()
    counts = []
    for _ in range(3600):
        clock.advance(STEP)
        counts.append(loop.frame(rec.update, rec.render))
    assert counts == [1] * 3600
    assert loop.ticks == 3600


def test_frames_faster_than_the_step_update_only_when_a_step_is_due():
    clock = FakeClock()
    loop = FixedStepLoop(clock)
    rec = Recorder()
    counts = []
    for _ in range(8):  # 144 Hz display over a 60 Hz step
        clock.advance(1 / 144)
        counts.append(loop.frame(rec.update, rec.render))
    assert sum(counts) == 3  # 8/144 s = 3.33 steps
    assert max(counts) == 1
    assert len(rec.alphas) == 8  # one render per frame regardless


def test_a_huge_frame_is_clamped_to_max_frame():
    clock = FakeClock()
    loop = FixedStepLoop(clock, step=STEP, max_frame=0.25, max_steps=1000)
    rec = Recorder()
    clock.advance(30.0)  # a debugger pause
    assert loop.frame(rec.update, rec.render) == 15  # 0.25 s of steps, not 1800
    clock.advance(STEP)
    assert loop.frame(rec.update, rec.render) == 1  # and no backlog afterwards


def test_catch_up_is_capped_and_the_backlog_dropped():
    clock = FakeClock()
    loop = FixedStepLoop(clock, step=STEP, max_frame=0.25, max_steps=4)
    rec = Recorder()
    clock.advance(10 * STEP)
    assert loop.frame(rec.update, rec.render) == 4
    clock.advance(STEP)
    assert loop.frame(rec.update, rec.render) == 1


def test_alpha_is_the_fraction_of_the_next_step_and_stays_below_one():
    clock = FakeClock()
    loop = FixedStepLoop(clock)
    rec = Recorder()
    clock.advance(2.5 * STEP)
    loop.frame(rec.update, rec.render)
    assert rec.alphas[-1] == pytest.approx(0.5)
    for dt in [0.001, 0.0166, 0.0167, 0.02, 0.05, 0.3, 1e-7]:
        clock.advance(dt)
        loop.frame(rec.update, rec.render)
    assert all(0.0 <= a < 1.0 for a in rec.alphas)
    assert len(rec.alphas) == 8


def test_reset_forgets_time_spent_elsewhere():
    clock = FakeClock()
    loop = FixedStepLoop(clock)
    rec = Recorder()
    clock.advance(0.2)  # loading a map
    loop.reset()
    assert loop.frame(rec.update, rec.render) == 0
    assert rec.dts == []


def test_bad_parameters_are_refused():
    with pytest.raises(ValueError):
        FixedStepLoop(FakeClock(), step=0)
    with pytest.raises(ValueError):
        FixedStepLoop(FakeClock(), step=0.1, max_frame=0.05)
    with pytest.raises(ValueError):
        FixedStepLoop(FakeClock(), max_steps=0)


class CountingApp:
    def __init__(self, quit_after_updates):
        self.quit_after = quit_after_updates
        self.events = []
        self.updates = 0
        self.draws = []

    @property
    def running(self):
        return self.updates < self.quit_after and "quit" not in self.events

    def handle_event(self, event):
        self.events.append(event)

    def update(self, dt):
        self.updates += 1

    def draw(self, surface, alpha):
        self.draws.append((surface, alpha))


def test_run_app_runs_frames_until_the_app_stops():
    clock = FakeClock()
    app = CountingApp(quit_after_updates=30)
    presented = []
    frames = run_app(
        app, clock, events=lambda: [], surface="screen", present=lambda: presented.append(1),
        pace=lambda: clock.advance(STEP),
    )
    # The first frame has no time behind it, so 30 updates take 31 frames.
    assert frames == 31
    assert app.updates == 30
    assert len(presented) == 31
    assert all(surface == "screen" for surface, _ in app.draws)


def test_run_app_feeds_events_before_updating_and_stops_on_quit_event():
    clock = FakeClock()
    app = CountingApp(quit_after_updates=1000)
    batches = [["a", "b"], [], ["quit"], ["never seen"]]
    frames = run_app(
        app, clock, events=lambda: batches.pop(0), surface="screen", present=lambda: None,
        pace=lambda: clock.advance(STEP),
    )
    assert frames == 2
    assert app.events == ["a", "b", "quit"]
    assert batches == [["never seen"]]


def test_run_app_honours_max_frames():
    clock = FakeClock()
    app = CountingApp(quit_after_updates=1000)
    frames = run_app(
        app, clock, max_frames=5, events=lambda: [], surface="s", present=lambda: None,
        pace=lambda: clock.advance(STEP),
    )
    assert frames == 5
    assert app.updates == 4
