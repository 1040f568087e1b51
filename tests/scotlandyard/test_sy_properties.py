"""Property tests over random play (hypothesis) and the differential test of available_moves."""

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from game.scotlandyard import (
    Board, DoubleMove, GameSetup, Piece, Player, Ticket, Transport, new_game, standard_game,
)
from tests.scotlandyard import reference

TICKETS = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND)


def random_game(seed, max_plies=400):
    """States of one random standard game (seeded), first to last."""
    rng = random.Random(seed)
    state = standard_game(seed)
    states = [state]
    while not state.winner and len(states) < max_plies:
        moves = state.legal_moves()
        state = state.advance(moves[rng.randrange(len(moves))])
        states.append(state)
    return states


@st.composite
def small_games(draw):
    """A random small board (some stations may be isolated), 1-3 detectives, few tickets, short
    reveal list: games where every ending is likely."""
    n = draw(st.integers(4, 9))
    edges = draw(st.lists(st.tuples(st.integers(1, n), st.integers(1, n), st.sampled_from(list(Transport))),
                          min_size=n - 1, max_size=3 * n))
    edges = [(a, b, t) for a, b, t in edges if a != b]
    board = Board.from_edges(range(1, n + 1), edges)
    reveals = draw(st.lists(st.booleans(), min_size=1, max_size=6))
    k = draw(st.integers(1, min(3, n - 1)))
    stations = draw(st.permutations(range(1, n + 1)))[:k + 1]
    colours = draw(st.permutations(list(Piece)[1:]))[:k]

    def stock(mrx):
        kinds = list(Ticket) if mrx else list(TICKETS)
        return {t: draw(st.integers(0, 3)) for t in kinds}

    mrx = Player(Piece.MRX, stock(True), stations[0])
    detectives = [Player(c, stock(False), s) for c, s in zip(colours, stations[1:])]
    return new_game(GameSetup(board, reveals), mrx, detectives)


def _check_invariants(before, move, after):
    # winner and available moves are never both non-empty
    assert not (after.winner and after.available_moves())
    # the log never outgrows the reveal list
    assert len(after.travel_log) <= len(after.setup.reveals)
    # detectives never share a station
    spots = [after.detective_location(p) for p in after.players[1:]]
    assert len(set(spots)) == len(spots)
    # tickets: a detective's spent ticket is Mr X's gain; Mr X's own tickets leave the game
    if move.piece is Piece.MRX:
        spent = list(move.tickets)
        for t in Ticket:
            assert after.tickets(Piece.MRX)[t] == before.tickets(Piece.MRX)[t] - spent.count(t)
    else:
        t = move.ticket
        assert after.tickets(move.piece)[t] == before.tickets(move.piece)[t] - 1
        assert after.tickets(Piece.MRX)[t] == before.tickets(Piece.MRX)[t] + 1
        total = lambda s: sum(sum(s.tickets(p).values()) for p in s.players)  # noqa: E731
        assert total(after) == total(before)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_games(), st.randoms(use_true_random=False))
def test_invariants_hold_over_random_play_on_small_boards(state, rng):
    for _ in range(60):
        moves = state.legal_moves()
        assert set(moves) == state.available_moves() == reference.available_moves(state)
        assert state.winner == reference.winner(state)
        if not moves:
            break
        snapshot = (state.mrx_location, dict(state.tickets(Piece.MRX)), state.travel_log, state.remaining,
                    tuple(state.detective_location(p) for p in state.players[1:]))
        for m in moves:  # every available move advances without error, leaving its input alone
            state.advance(m)
        assert snapshot == (state.mrx_location, dict(state.tickets(Piece.MRX)), state.travel_log,
                            state.remaining, tuple(state.detective_location(p) for p in state.players[1:]))
        move = rng.choice(sorted(moves))
        after = state.advance(move)
        _check_invariants(state, move, after)
        state = after


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_invariants_hold_over_random_standard_games(seed):
    states = random_game(seed)
    assert states[-1].winner or len(states) == 400
    for before, after in zip(states, states[1:]):
        move = after.history[-1]
        assert move in before.available_moves()
        _check_invariants(before, move, after)


def test_differential_available_moves_and_winner_over_random_standard_games():
    doubles = 0
    for seed in range(25):
        for state in random_game(seed):
            fast = state.available_moves()
            assert fast == reference.available_moves(state), (seed, state)
            assert state.winner == reference.winner(state), (seed, state)
            doubles += sum(isinstance(m, DoubleMove) for m in fast)
    assert doubles > 1000  # the comparison did cover double moves


def _small_random_game(r):
    n = r.randint(4, 9)
    edges = [(r.randint(1, n), r.randint(1, n), r.choice(list(Transport))) for _ in range(r.randint(n - 1, 3 * n))]
    board = Board.from_edges(range(1, n + 1), [e for e in edges if e[0] != e[1]])
    reveals = [r.random() < 0.5 for _ in range(r.randint(1, 6))]
    k = r.randint(1, min(3, n - 1))
    stations = r.sample(range(1, n + 1), k + 1)
    mrx = Player(Piece.MRX, {t: r.randint(0, 3) for t in Ticket}, stations[0])
    detectives = [Player(c, {t: r.randint(0, 3) for t in TICKETS}, s)
                  for c, s in zip(r.sample(list(Piece)[1:], k), stations[1:])]
    return new_game(GameSetup(board, reveals), mrx, detectives)


def test_differential_on_small_random_boards_reaches_every_ending():
    r = random.Random(1)
    endings = set()
    for _ in range(400):
        state = _small_random_game(r)
        while True:
            assert state.available_moves() == reference.available_moves(state)
            assert state.winner == reference.winner(state)
            if state.winner:
                break
            state = state.advance(r.choice(state.legal_moves()))
        if Piece.MRX in state.winner:
            endings.add("log full" if len(state.travel_log) == len(state.setup.reveals) else "detectives stuck")
        else:
            caught = state.mrx_location in {d.location for d in state.detectives}
            endings.add("capture" if caught else "mr x stuck")
    assert endings == {"log full", "detectives stuck", "capture", "mr x stuck"}
