"""The possible-locations tracker: public information only, and never loses Mr X."""

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.scotlandyard import Board, DetectivesView, MrXView, standard_game
from game.scotlandyard.ai.adapt import graph_for
from game.scotlandyard.ai.base import sorted_moves
from game.scotlandyard.ai.context import public_tracker
from game.scotlandyard.ai.sim import MRX_STARTS, SECRET, TAXI, Graph
from game.scotlandyard.ai.tracker import PossibleLocations


def _random_game(seed: int, max_moves: int = 400):
    """Every state of a random standard game, in order."""
    rng = random.Random(seed)
    state = standard_game(seed)
    states = [state]
    while not state.winner and len(states) < max_moves:
        state = state.advance(rng.choice(sorted_moves(state.available_moves())))
        states.append(state)
    return states


@settings(max_examples=12, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_mrx_true_station_is_always_a_possible_location(seed):
    tracker = None
    for state in _random_game(seed):
        if state.winner:
            break
        tracker = public_tracker(DetectivesView.of(state), tracker)
        assert state.mrx_location in tracker.stations
        probs = tracker.probabilities()
        assert probs[state.mrx_location] > 0
        assert abs(sum(probs.values()) - 1.0) < 1e-9


def test_replaying_from_scratch_equals_the_incremental_tracker():
    tracker = None
    for state in _random_game(7)[:60]:
        tracker = public_tracker(DetectivesView.of(state), tracker)
        fresh = public_tracker(DetectivesView.of(state))
        assert fresh.stations == tracker.stations


def test_standard_game_starts_from_the_mrx_start_list_minus_detectives():
    state = standard_game(3)
    tracker = public_tracker(DetectivesView.of(state))
    assert tracker.stations == frozenset(MRX_STARTS)
    assert all(abs(p - 1 / 12) < 1e-12 for p in tracker.probabilities().values())


def test_mrx_view_gives_the_same_public_tracker():
    states = _random_game(11)
    state = next(s for s in states[5:] if s.is_mrx_turn and not s.winner)
    assert public_tracker(MrXView.of(state)).stations == public_tracker(DetectivesView.of(state)).stations


def _line():
    # 1 -taxi- 2 -taxi- 3 -bus- 4 ; 2 -ferry- 5
    return Graph([1, 2, 3, 4, 5], [(1, 2, "TAXI"), (2, 3, "TAXI"), (3, 4, "BUS"), (2, 5, "FERRY")])


def test_a_taxi_entry_moves_candidates_along_taxi_edges_only():
    t = PossibleLocations(_line(), [2, 3])
    t.mrx_moved(TAXI, None, detective_locations=())
    assert t.stations == {1, 2, 3}  # from 2: 1 or 3; from 3: 2 (not 4: that is a bus ride)


def test_a_secret_entry_may_be_any_transport_including_the_ferry():
    t = PossibleLocations(_line(), [2])
    t.mrx_moved(SECRET, None, detective_locations=())
    assert t.stations == {1, 3, 5}


def test_mrx_never_moves_onto_a_detective_and_a_detective_strikes_a_station_out():
    t = PossibleLocations(_line(), [2])
    t.mrx_moved(TAXI, None, detective_locations=(1,))
    assert t.stations == {3}
    t = PossibleLocations(_line(), [1, 3])
    t.detective_at(3)
    assert t.stations == {1} and t.probabilities() == {1: 1.0}


def test_a_revealed_entry_pins_him_down():
    t = PossibleLocations(_line(), [1, 2, 3])
    t.mrx_moved(TAXI, 2, detective_locations=())
    assert t.probabilities() == {2: 1.0}


def test_probability_follows_how_many_ways_lead_to_a_station():
    # 1 - 2 - 3 - 4 by taxi, Mr X equally likely on 1 or 3: from 1 he must go to 2; from 3 he goes
    # to 2 or 4, one way each
    g = Graph([1, 2, 3, 4], [(1, 2, "TAXI"), (2, 3, "TAXI"), (3, 4, "TAXI")])
    t = PossibleLocations(g, [1, 3])
    t.mrx_moved(TAXI, None, detective_locations=())
    assert t.probabilities() == pytest.approx({2: 0.75, 4: 0.25})


def test_graph_of_the_standard_board_has_the_spec_counts():
    g = graph_for(Board.standard())
    assert len(g.stations) == 199 and len(g.edges) == 467
    assert g.dist[1][8] == 1 and g.ddist[108][115] > 1 and g.dist[108][115] == 1
