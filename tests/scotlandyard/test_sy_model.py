"""SCOTLAND-YARD.md §8: the model and its observers."""

from dataclasses import dataclass, field

import pytest

from game.scotlandyard import (
    STANDARD_REVEALS, Board, Event, GameSetup, IllegalMove, Model, Observer, ObserverSet, SingleMove,
)
from tests.scotlandyard.helpers import MRX, RED, TAXI, det, game_on, line_board, mrx, standard


class Recorder:
    def __init__(self, name, calls):
        self.name, self.calls = name, calls

    def on_model_changed(self, state, event):
        self.calls.append((self.name, state, event))


def test_registering_and_unregistering():
    model = Model(standard(mrx(45), det(RED, 1)))
    a, b = Recorder("a", []), Recorder("b", [])
    assert model.observers == frozenset()
    model.register(a)
    model.register(b)
    assert model.observers == {a, b}
    model.unregister(a)
    assert model.observers == {b}


def test_none_is_a_type_error_and_doubles_or_strangers_a_value_error():
    model = Model(standard(mrx(45), det(RED, 1)))
    a = Recorder("a", [])
    with pytest.raises(TypeError):
        model.register(None)
    with pytest.raises(TypeError):
        model.unregister(None)
    with pytest.raises(ValueError):
        model.unregister(a)
    model.register(a)
    with pytest.raises(ValueError):
        model.register(a)


def test_observers_compare_as_python_compares_them():
    class Same:
        def __eq__(self, other):
            return isinstance(other, Same)

        def __hash__(self):
            return 1

        def on_model_changed(self, state, event):
            pass

    model = Model(standard(mrx(45), det(RED, 1)))
    model.register(Same())
    with pytest.raises(ValueError):
        model.register(Same())
    model.unregister(Same())
    assert model.observers == frozenset()


def test_each_observer_is_told_once_in_registration_order_with_the_new_state():
    calls = []
    model = Model(standard(mrx(45), det(RED, 1)))
    observers = [Recorder(n, calls) for n in "cab"]
    for o in observers:
        model.register(o)
    new = model.choose_move(SingleMove(MRX, 45, TAXI, 46))
    assert [c[0] for c in calls] == ["c", "a", "b"]
    assert all(c[1] is model.state and c[1] == new for c in calls)
    assert all(c[2] is Event.MOVE_MADE and c[2] == "MOVE_MADE" for c in calls)


def test_a_move_that_ends_the_game_is_only_game_over():
    calls = []
    model = Model(game_on(line_board(3), (False, False), mrx(1, taxi=1), det(RED, 3, taxi=1)))
    model.register(Recorder("a", calls))
    model.choose_move(SingleMove(MRX, 1, TAXI, 2))
    model.choose_move(SingleMove(RED, 3, TAXI, 2))
    assert [c[2] for c in calls] == [Event.MOVE_MADE, Event.GAME_OVER]
    assert calls[-1][1].winner == {RED}


def test_an_illegal_move_changes_nothing_and_tells_nobody():
    calls = []
    state = standard(mrx(45), det(RED, 1))
    model = Model(state)
    model.register(Recorder("a", calls))
    with pytest.raises(IllegalMove):
        model.choose_move(SingleMove(MRX, 45, TAXI, 1))
    with pytest.raises(TypeError):
        model.choose_move(None)
    assert model.state is state and calls == []


def test_unregistered_observers_are_not_told():
    calls = []
    model = Model(standard(mrx(45), det(RED, 1)))
    a = Recorder("a", calls)
    model.register(a)
    model.unregister(a)
    model.choose_move(SingleMove(MRX, 45, TAXI, 46))
    assert calls == []


def test_observers_that_cannot_be_hashed_are_registered_listed_and_told():
    # A plain dataclass defines __eq__ and so no __hash__: the shape a recorder most often has.
    @dataclass
    class Log:
        name: str
        events: list = field(default_factory=list)

        def on_model_changed(self, state, event):
            self.events.append(event)

    model = Model(game_on(line_board(3), (False, False), mrx(1, taxi=1), det(RED, 3, taxi=1)))
    a, b = Log("a"), Log("b")
    model.register(a)
    model.register(b)
    with pytest.raises(ValueError):
        model.register(Log("a"))  # equal to a: already registered, as Python compares them
    listed = model.observers
    assert isinstance(listed, ObserverSet) and len(listed) == 2
    assert a in listed and Log("b") in listed and Log("c") not in listed
    assert list(listed) == [a, b]  # in the order they registered
    assert listed == ObserverSet([b, a])  # order not significant
    assert listed != ObserverSet([a]) and listed != ObserverSet([a, Log("c")])
    model.choose_move(SingleMove(MRX, 1, TAXI, 2))
    model.choose_move(SingleMove(RED, 3, TAXI, 2))
    assert a.events == b.events == [Event.MOVE_MADE, Event.GAME_OVER]
    model.unregister(Log("a", [Event.MOVE_MADE, Event.GAME_OVER]))  # equal to a now
    assert list(model.observers) == [b]
    model.unregister(b)
    assert model.observers == frozenset() and model.observers == ObserverSet()


def test_an_observer_without_the_callback_is_told_nothing_and_the_base_class_does_nothing():
    # The coursework's observer interface has a default method that does nothing; a port that
    # registers a bare object, or an Observer it never overrides, must not crash a move.
    calls = []
    model = Model.create(GameSetup(Board.standard(), STANDARD_REVEALS), mrx(45), det(RED, 1))
    bare, base, recorder = object(), Observer(), Recorder("r", calls)
    for o in (bare, base, recorder):
        model.register(o)
    assert model.observers == {bare, base, recorder}
    state = model.choose_move(SingleMove(MRX, 45, TAXI, 46))
    assert model.state is state and [c[0] for c in calls] == ["r"]
    assert Observer().on_model_changed(state, Event.MOVE_MADE) is None
