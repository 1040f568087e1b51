import pytest

from game.shell import tweens
from game.shell.tweens import EASINGS, Call, Parallel, Sequence, Tween, TweenGroup, Wait

STEP = 1 / 60


def run_steps(animation, n, dt=STEP):
    for _ in range(n):
        animation.update(dt)


@pytest.mark.parametrize("name", sorted(EASINGS))
def test_every_easing_starts_at_0_and_ends_at_1(name):
    ease = EASINGS[name]
    assert ease(0.0) == pytest.approx(0.0, abs=1e-12)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("name", ["linear", "in_quad", "out_quad", "in_out_quad", "in_cubic",
                                  "out_cubic", "in_out_cubic", "smoothstep"])
def test_monotone_easings_never_go_backwards(name):
    ease = EASINGS[name]
    samples = [ease(i / 100) for i in range(101)]
    assert samples == sorted(samples)


def test_easings_have_their_shape():
    assert tweens.in_quad(0.5) == 0.25
    assert tweens.out_quad(0.5) == 0.75
    assert tweens.in_out_quad(0.5) == pytest.approx(0.5)
    assert tweens.in_out_cubic(0.25) < 0.25 < tweens.out_cubic(0.25)
    assert max(tweens.out_back(i / 100) for i in range(101)) > 1.05  # it overshoots


def test_a_tween_reaches_exactly_its_end_value_on_fixed_steps():
    tween = Tween(0.0, 0.3, duration=1.0, easing="in_out_cubic")
    run_steps(tween, 59)
    assert not tween.done
    assert tween.value != 0.3
    tween.update(STEP)
    assert tween.done
    assert tween.value == 0.3  # exact, not approximately


def test_a_tween_interpolates_tuples_component_by_component():
    tween = Tween((0, 10), (100, 20), duration=1.0)
    tween.update(0.25)
    assert tween.value == pytest.approx((25.0, 12.5))
    tween.update(10.0)
    assert tween.value == (100.0, 20.0)


def test_a_tween_returns_the_time_it_did_not_need():
    tween = Tween(0, 1, duration=0.5)
    assert tween.update(0.2) == 0.0
    assert tween.update(0.5) == pytest.approx(0.2)


def test_a_zero_length_tween_jumps_to_the_end_and_applies_it_once():
    applied = []
    tween = Tween(1, 5, duration=0, apply=applied.append)
    assert tween.done and tween.value == 5.0
    tween.update(0)
    tween.update(STEP)
    assert applied == [5.0]


def test_apply_receives_every_value_up_to_the_end_exactly_once():
    applied = []
    tween = Tween(0, 1, duration=3 * STEP, apply=applied.append)
    run_steps(tween, 5)
    assert applied == pytest.approx([1 / 3, 2 / 3, 1.0])
    assert applied[-1] == 1.0


def test_mismatched_shapes_and_negative_durations_are_refused():
    with pytest.raises(ValueError):
        Tween((0, 0), (1, 1, 1), 1.0)
    with pytest.raises(ValueError):
        Tween(0, (1, 1), 1.0)
    with pytest.raises(ValueError):
        Tween(0, 1, -1)
    with pytest.raises(ValueError):
        Wait(-1)


def test_a_sequence_runs_its_steps_in_order():
    log = []
    seq = Sequence(
        Call(lambda: log.append("start")),
        Tween(0, 1, 2 * STEP, apply=lambda v: log.append(("slide", v))),
        Wait(2 * STEP),
        Call(lambda: log.append("end")),
    )
    run_steps(seq, 3)
    assert log == ["start", ("slide", pytest.approx(0.5)), ("slide", 1.0)]
    assert not seq.done
    run_steps(seq, 1)
    assert log[-1] == "end"
    assert seq.done


def test_a_sequence_carries_leftover_time_so_chains_end_on_time():
    seq = Sequence(Tween(0, 1, 0.1), Tween(1, 2, 0.15), Wait(0.25))
    run_steps(seq, 29)  # 0.4833 s of 0.5 s
    assert not seq.done
    run_steps(seq, 1)
    assert seq.done


def test_a_call_fires_once_even_on_a_zero_update():
    calls = []
    seq = Sequence(Call(lambda: calls.append(1)))
    seq.update(0)
    seq.update(1)
    assert calls == [1] and seq.done


def test_parallel_is_done_when_its_longest_step_is():
    par = Parallel(Tween(0, 1, 0.1), Wait(0.3))
    run_steps(par, 6)
    assert not par.done
    run_steps(par, 12)
    assert par.done


def test_a_group_is_busy_until_everything_finished_and_drops_finished_work():
    group = TweenGroup()
    assert not group.busy
    short, long = Tween(0, 1, 2 * STEP), Tween(0, 1, 4 * STEP)
    group.add(short)
    group.add(long)
    run_steps(group, 2)
    assert short.done and len(group) == 1 and group.busy
    run_steps(group, 2)
    assert long.done and not group.busy


def test_adding_under_a_key_replaces_the_running_animation():
    group = TweenGroup()
    first = group.add(Tween(0, 10, 1.0), key="camera")
    second = group.add(Tween(5, 20, 1.0), key="camera")
    group.add(Wait(1.0))
    assert len(group) == 2
    assert group.get("camera") is second
    group.update(0.5)
    assert first.elapsed == 0.0 and second.elapsed == 0.5
    group.cancel("camera")
    assert group.get("camera") is None and len(group) == 1


def test_finish_all_jumps_to_the_end_including_work_added_by_callbacks():
    group = TweenGroup()
    values = []
    late = Tween(0, 7, 5.0, apply=values.append)
    group.add(Sequence(Wait(100.0), Call(lambda: group.add(late))))
    group.add(Tween(0, 3, 10.0, apply=values.append))
    group.finish_all()
    assert not group.busy
    assert late.done and values[-2:] == [3.0, 7.0]


def test_animations_added_during_an_update_start_on_the_next_one():
    group = TweenGroup()
    late = Tween(0, 1, 1.0)
    group.add(Call(lambda: group.add(late)))
    group.update(0.5)
    assert late.elapsed == 0.0 and group.busy
    group.update(0.5)
    assert late.elapsed == 0.5
