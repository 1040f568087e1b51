"""Property tests on random small boards: determinism, no mutation, score arithmetic, and logs that
replay to themselves."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.duel.board import DuelBoard
from game.duel.config import DuelConfig, apply_effect
from game.duel.log import Record, format_log, replay_log
from game.duel.protocol import MOVES
from game.duel.rules import INVALID_OUTPUT, TIME_OUT, Moved, Stunned, fault, initial_state, step


@st.composite
def boards(draw):
    rows = draw(st.integers(2, 6))
    cols = draw(st.integers(2, 6))
    cells = draw(st.lists(st.sampled_from("..xbmmnst"), min_size=rows * cols, max_size=rows * cols))
    a, b = draw(st.lists(st.integers(0, rows * cols - 1), min_size=2, max_size=2, unique=True))
    cells[a], cells[b] = "A", "B"
    return DuelBoard(["".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)])


# What a player's program did: a move, no answer in time, or some other text.
answers = st.lists(st.one_of(st.sampled_from(MOVES), st.just(None),
                             st.text(alphabet="UPDOWNLEFTRIGHTAB \n", max_size=12)), max_size=120)
configs = st.builds(DuelConfig, rounds=st.integers(1, 40), stun_turns=st.integers(0, 4))


def play(board, config, script):
    """Play ``script`` (then time out) the way the judge does; return states, events, records."""
    state = initial_state(board, config)
    states, events, records = [state], [], []
    for answer in script + [None]:
        if state.over:
            break
        if answer is None:
            state, new = fault(state, TIME_OUT)
        else:
            records.append(Record(state.mover, answer))
            state, new = step(state, answer) if answer in MOVES else fault(state, INVALID_OUTPUT)
        states.append(state)
        events.extend(new)
    return states, events, records


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(boards(), configs, answers)
def test_the_same_moves_give_the_same_game(board, config, script):
    assert play(board, config, script) == play(board, config, script)


@SETTINGS
@given(boards(), configs, answers)
def test_step_never_changes_its_input(board, config, script):
    codes = board.codes.copy()
    states, _, _ = play(board, config, script)
    snapshots = [tuple(s) for s in states]
    for s in states[:-1]:
        move = "UP"
        if not s.over:
            step(s, move)
            fault(s, TIME_OUT)
    assert [tuple(s) for s in states] == snapshots
    assert (board.codes == codes).all()


@SETTINGS
@given(boards(), configs, answers)
def test_scores_follow_the_item_arithmetic(board, config, script):
    states, events, _ = play(board, config, script)
    effects = dict(config.effects)
    score = {"A": 0, "B": 0}
    taken = set()
    for event in events:
        if isinstance(event, Moved):
            if event.item:
                assert event.dst not in taken and board.item_at[event.dst] == event.item
                taken.add(event.dst)
                kind, operand = effects[event.item]
                score[event.player] = apply_effect(kind, operand, score[event.player])
            else:
                assert event.dst in taken or not board.item_at[event.dst]
            assert event.score == score[event.player]
        elif isinstance(event, Stunned):
            assert event.turns == config.stun_turns
    final = states[-1]
    offender = final.outcome.offender
    for player in "AB":
        expected = config.error_score if player == offender else score[player]
        assert final.score(player) == expected
    assert final.items_left == board.item_count - len(taken)


@SETTINGS
@given(boards(), configs, answers)
def test_every_log_replays_to_itself(board, config, script):
    states, _, records = play(board, config, script)
    final = states[-1]
    text = format_log(records, final)
    replay = replay_log(board, text, config)
    assert replay.text == text
    assert replay.final.outcome == final.outcome
    assert (replay.final.score_a, replay.final.score_b) == (final.score_a, final.score_b)
