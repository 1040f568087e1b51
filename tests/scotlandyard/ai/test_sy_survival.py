"""Mr X's learned survival value (``survival.py``) and the script that fits it (``fit_survival.py``)."""

import math

import numpy as np

from game.scotlandyard import Board, GameSetup, MrXView, Piece, Player, Ticket, Transport, new_game
from game.scotlandyard.ai import fit_survival as fs
from game.scotlandyard.ai.context import mrx_context, public_tracker
from game.scotlandyard.ai.survival import FEATURE_NAMES, move_survival_features, survival_probability


def _corridor(mrx_at, detectives, reveals=(False,) * 8):
    board = Board.from_edges(range(1, 13), [(a, b, Transport.TAXI) for a, b in
                                           [(i, i + 1) for i in range(1, 9)] + [(6, 10), (10, 11), (11, 12)]])
    mrx = Player(Piece.MRX, {Ticket.TAXI: 5}, mrx_at)
    dets = [Player(p, {Ticket.TAXI: 10}, at) for p, at in zip((Piece.RED, Piece.GREEN), detectives)]
    return new_game(GameSetup(board, reveals), mrx, dets)


def _features(state, dest):
    view = MrXView.of(state)
    ctx = mrx_context(view)
    tracker = public_tracker(view)
    move = next(m for m in ctx.moves if m[-1] == dest)
    return move_survival_features(ctx.g, ctx.sim, tracker, move)


def test_features_describe_the_position_after_the_move():
    # Mr X on 5, a detective on 3: a ride to 4 ends next to it, a ride to 6 two rides away
    state = _corridor(5, [3])
    near = dict(zip(FEATURE_NAMES, _features(state, 4)))
    far = dict(zip(FEATURE_NAMES, _features(state, 6)))
    assert near["near1"] == 1 and near["near"] == 1 and near["reach"] == 1
    assert far["near1"] == 0 and far["near"] == 3 and far["reach"] == 0
    assert far["safe_exits"] > near["safe_exits"]
    assert len(near) == len(FEATURE_NAMES)


def test_the_fitted_model_ranks_a_ride_into_a_detectives_reach_below_a_safe_one():
    # the committed coefficients: a ride onto a station a detective can ride to next, on a reveal
    # (he is shown there), is far likelier to end in a capture than one out of reach
    reveals = (True,) + (False,) * 7
    state = _corridor(5, [3], reveals)
    deadly = survival_probability(_features(state, 4))
    safe = survival_probability(_features(state, 6))
    assert 0.0 < deadly < safe < 1.0
    assert deadly < 0.5


def test_logistic_fit_recovers_the_signs_of_a_known_model():
    rng = np.random.default_rng(0)
    X = rng.normal(size=(3000, 3)) * [1.0, 2.0, 0.5] + [0.0, 5.0, 1.0]
    z = 0.5 + 1.5 * (X[:, 0]) - 1.0 * (X[:, 1] - 5.0) / 2.0
    y = (rng.random(3000) < 1 / (1 + np.exp(-z))).astype(float)
    b, c, m, s = fs.fit_logistic(X, y, l2=1.0)
    assert c[0] > 1.0 and c[1] < -0.6 and abs(c[2]) < 0.2
    p = fs.predict((b, c, m, s), X)
    assert fs.log_loss(p, y) < fs.log_loss(np.full(len(y), y.mean()), y)
    assert fs.auc(p, y) > 0.75


def test_auc_counts_ties_as_half():
    y = np.array([0, 0, 1, 1])
    assert fs.auc(np.array([0.1, 0.2, 0.3, 0.4]), y) == 1.0
    assert fs.auc(np.array([0.4, 0.3, 0.2, 0.1]), y) == 0.0
    assert fs.auc(np.array([0.5, 0.5, 0.5, 0.5]), y) == 0.5


def test_the_fitting_script_logs_games_and_fits_finite_coefficients(tmp_path, capsys):
    # two short games against chaser detectives (no alternatives: seconds), then a fit without a
    # held-out part: every coefficient finite, one per feature
    out = tmp_path / "rows.npz"
    assert fs.main(["log", "--detectives", "chaser", "--seeds", "3:5", "--no-alternatives", "--out", str(out)]) == 0
    rows = np.load(out)["rows"]
    assert rows.shape[1] == 4 + len(FEATURE_NAMES) + 1 + 4
    assert set(np.unique(rows[:, -1])) <= {0.0, 1.0}
    saved = tmp_path / "model.npz"
    assert fs.main(["fit", str(out), "--label", "1", "--holdout", "0", "--save", str(saved)]) == 0
    model = np.load(saved)
    assert model["coefficients"].shape == (len(FEATURE_NAMES),)
    assert all(math.isfinite(v) for v in model["coefficients"]) and math.isfinite(float(model["intercept"]))


def test_playout_features_match_the_features_of_the_same_move_at_the_root():
    # the playouts score their last Mr X move from the sim and the uniform possible set they carry;
    # for a move at the root that must describe the position exactly as the root does
    from game.scotlandyard import standard_game
    from game.scotlandyard.ai.mcts_mrx import _mrx_apply
    from game.scotlandyard.ai.survival import playout_features

    state = standard_game(5)
    for _ in range(6):        # a few rounds in: Mr X's first moves and the detectives' replies
        state = state.advance(sorted(state.available_moves(), key=str)[0])
    while not state.is_mrx_turn:
        state = state.advance(sorted(state.available_moves(), key=str)[0])
    view = MrXView.of(state)
    ctx = mrx_context(view)
    tracker = public_tracker(view)
    for move in sorted(ctx.moves)[:12]:
        after = ctx.sim.copy()
        prob = _mrx_apply(after, dict(tracker.prob), move)
        got = playout_features(ctx.sim, move, prob)
        want = move_survival_features(ctx.g, ctx.sim, tracker, move)
        assert np.allclose(got, want), (move, dict(zip(FEATURE_NAMES, np.subtract(got, want))))
