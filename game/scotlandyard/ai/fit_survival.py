"""Log games of the default Mr X and fit his survival value (``survival.py``) to them.

Two steps, both deterministic given the seeds (the searches are ended by their simulation count,
not the clock, so a game is a function of the code and the seed):

    python -m game.scotlandyard.ai.fit_survival log --detectives default --seeds 1000:1200 --out A.npz
    python -m game.scotlandyard.ai.fit_survival log --detectives chaser --seeds 1200:1400 --out B.npz
    python -m game.scotlandyard.ai.fit_survival fit A.npz B.npz --label 2 --holdout 5

``log`` plays the default Mr X against the given detectives and, at each of his decisions,
records :func:`survival.move_survival_features` of the chosen move with its outcome: caught within
1, 2, 3 detective rounds, escaped in the end; and (``--alternatives``) of one other filtered
candidate drawn at random, whose outcome within 1 and 2 rounds comes from playing the game on from
it with fresh players (so that the model also sees moves the search would not pick). The
hand-written prior (``policy.mrx_static_score``) of each logged move is kept for comparison.

``fit`` fits an L2 logistic regression (numpy, standardised features, Newton steps) of
"not caught within K rounds" on the rows of the training seeds and reports held-out log-loss and
AUC beside the hand-written prior's (its AUC, and the log-loss of a logistic fit on it alone). It
prints the constants for ``survival.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys

import numpy as np

LABELS = ("caught1", "caught2", "caught3", "escaped")


@contextlib.contextmanager
def _count_bound():
    """Within it, both searches end by their simulation count only (games repeat exactly whatever
    the load)."""
    import game.scotlandyard.ai.mcts_detectives as md
    import game.scotlandyard.ai.mcts_mrx as mx

    saved = (md.SEARCH_SHARE, mx.SEARCH_SHARE, mx.PRIOR_SHARE)
    md.SEARCH_SHARE = mx.SEARCH_SHARE = mx.PRIOR_SHARE = 1e6
    try:
        yield
    finally:
        md.SEARCH_SHARE, mx.SEARCH_SHARE, mx.PRIOR_SHARE = saved


def _row(g, sim, tracker, move):
    from game.scotlandyard.ai.policy import mrx_move_features, mrx_static_score
    from game.scotlandyard.ai.survival import move_survival_features

    feats = mrx_move_features(g, sim, tracker, move)
    return move_survival_features(g, sim, tracker, move, feats), mrx_static_score(g, sim, tracker, move, feats)


def _play_on(state, seed, rounds, detectives, move_time):
    """Play ``state`` (detectives to move) on for ``rounds`` detective rounds with fresh players;
    the round (1-based) in which Mr X is caught, or 0."""
    from game.scotlandyard import DetectivesView, MrXView, Piece
    from game.scotlandyard.ai import make_detectives, make_mrx

    mrx = make_mrx("default", seed=seed, move_time=move_time)
    det = make_detectives(detectives, seed=seed, move_time=move_time)
    started = set()
    done = 1
    while not state.winner:
        if state.is_mrx_turn:
            done += 1
            if done > rounds:
                return 0
            view, player = MrXView.of(state), mrx
        else:
            view, player = DetectivesView.of(state), det
        if id(player) not in started:
            started.add(id(player))
            player.start(view)
        state = state.advance(player.choose(view).move)
    return done if Piece.MRX not in state.winner else 0


def log_games(detectives: str, seeds, alternatives: bool = True, move_time: float = 0.05):
    """Rows (seed, opponent 0 default / 1 other, turn, kind 0 chosen / 1 alternative, features...,
    hand prior, caught1, caught2, caught3, escaped); -1 where a label is unknown."""
    with _count_bound():
        return _log(detectives, seeds, alternatives, move_time)


def _log(detectives, seeds, alternatives, move_time):
    from game.scotlandyard import DetectivesView, MrXView, Piece, standard_game
    from game.scotlandyard.ai import make_detectives, make_mrx
    from game.scotlandyard.ai.context import mrx_context, public_tracker, to_internal
    from game.scotlandyard.ai.policy import filtered_mrx_moves

    opp = 0 if detectives == "default" else 1
    rows = []
    for seed in seeds:
        state = standard_game(seed)
        mrx = make_mrx("default", seed=seed, move_time=move_time)
        det = make_detectives(detectives, seed=seed, move_time=move_time)
        rng = random.Random(seed * 7919 + 17)
        mrx.start(MrXView.of(state))
        det.start(DetectivesView.of(state))
        turn = 0
        game_rows = []
        while not state.winner:
            if state.is_mrx_turn:
                turn += 1
                view = MrXView.of(state)
                ctx = mrx_context(view)
                tracker = public_tracker(view)
                move = mrx.choose(view).move
                index_of = {p: i for i, p in enumerate(ctx.pieces)}
                chosen = to_internal(move, index_of)
                x, prior = _row(ctx.g, ctx.sim, tracker, chosen)
                game_rows.append([seed, opp, turn, 0, *x, prior, None])
                if alternatives:
                    cands = [m for m in filtered_mrx_moves(ctx.g, ctx.sim, tracker, sorted(ctx.moves)) if m != chosen]
                    if cands:
                        alt = cands[int(rng.random() * len(cands))]
                        xa, pa = _row(ctx.g, ctx.sim, tracker, alt)
                        caught = _play_on(state.advance(ctx.moves[alt]), seed * 100 + turn, 2, detectives, move_time)
                        labels = [1 if caught == 1 else 0, 1 if caught in (1, 2) else 0, -1, -1]
                        game_rows.append([seed, opp, turn, 1, *xa, pa, labels])
                state = state.advance(move)
            else:
                state = state.advance(det.choose(DetectivesView.of(state)).move)
        caught_at = None if Piece.MRX in state.winner else turn
        for r in game_rows:
            if r[-1] is None:
                t = r[2]
                r[-1] = ([0, 0, 0, 1] if caught_at is None else
                         [int(caught_at - t < k) for k in (1, 2, 3)] + [0])
            rows.append(r[:-1] + r[-1])
        print(f"seed {seed}: {'escaped' if caught_at is None else f'caught after turn {caught_at}'}, "
              f"{len(game_rows)} rows", file=sys.stderr, flush=True)
    return np.asarray(rows, dtype=np.float64)


# --- fitting -------------------------------------------------------------------------------------
def fit_logistic(X: np.ndarray, y: np.ndarray, l2: float = 1.0, iters: int = 50):
    """L2-regularised logistic regression by Newton's method on standardised features. Returns
    (intercept, coefficients, means, scales); the intercept is not penalised."""
    means = X.mean(axis=0)
    scales = X.std(axis=0)
    scales[scales < 1e-9] = 1.0
    Z = np.hstack([np.ones((len(X), 1)), (X - means) / scales])
    w = np.zeros(Z.shape[1])
    pen = np.full(Z.shape[1], l2)
    pen[0] = 0.0
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-np.clip(Z @ w, -30, 30)))
        grad = Z.T @ (p - y) + pen * w
        H = (Z * (p * (1 - p))[:, None]).T @ Z + np.diag(pen + 1e-9)
        step = np.linalg.solve(H, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    return float(w[0]), w[1:], means, scales


def predict(model, X: np.ndarray) -> np.ndarray:
    b, c, m, s = model
    return 1.0 / (1.0 + np.exp(-np.clip(b + ((X - m) / s) @ c, -30, 30)))


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def auc(score: np.ndarray, y: np.ndarray) -> float:
    """Chance a random positive scores above a random negative (ties count half)."""
    order = np.argsort(score, kind="mergesort")
    s = score[order]
    ranks = np.empty(len(s))
    i = 0
    while i < len(s):
        j = i
        while j + 1 < len(s) and s[j + 1] == s[i]:
            j += 1
        ranks[i:j + 1] = (i + j) / 2.0 + 1
        i = j + 1
    r = np.empty(len(s))
    r[order] = ranks
    pos = y == 1
    n1, n0 = int(pos.sum()), int((~pos).sum())
    if n1 == 0 or n0 == 0:
        return float("nan")
    return float((r[pos].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def load(paths) -> np.ndarray:
    return np.vstack([np.load(p)["rows"] for p in paths])


def split(rows: np.ndarray, n_features: int, label: int):
    """Features, hand prior, survival label (1 = not caught within ``label`` rounds, or escaped
    for ``label`` 0) for the rows whose label is known."""
    col = {1: 0, 2: 1, 3: 2, 0: 3}[label]
    lab = rows[:, 4 + n_features + 1 + col]
    keep = lab >= 0
    X = rows[keep, 4:4 + n_features]
    prior = rows[keep, 4 + n_features]
    y = lab[keep] if label == 0 else 1.0 - lab[keep]
    return X, prior, y, rows[keep]


def fit_report(rows: np.ndarray, label: int, holdout: int = 5, l2: float = 1.0, out=sys.stdout, drop=()):
    """Fit and report; features named in ``drop`` are left out (coefficient 0)."""
    from game.scotlandyard.ai.survival import FEATURE_NAMES

    nf = len(FEATURE_NAMES)
    X, prior, y, kept = split(rows, nf, label)
    use = np.array([name not in drop for name in FEATURE_NAMES])
    train = (kept[:, 0] % holdout != 0) if holdout else np.ones(len(kept), bool)
    test = ~train
    b, c, m, s = fit_logistic(X[train][:, use], y[train], l2)
    full_c, full_m, full_s = np.zeros(nf), X.mean(axis=0), np.ones(nf)
    full_c[use], full_m[use], full_s[use] = c, m, s
    model = (b, full_c, full_m, full_s)
    base = fit_logistic(prior[train, None], y[train], l2)
    print(f"label: {'escaped' if label == 0 else f'not caught within {label} rounds'}; "
          f"train {int(train.sum())} rows ({y[train].mean():.3f} positive), test {int(test.sum())}", file=out)
    if test.any():
        p = predict(model, X[test])
        pb = predict(base, prior[test, None])
        print(f"held out: model log-loss {log_loss(p, y[test]):.4f} AUC {auc(p, y[test]):.4f}; "
              f"hand prior log-loss {log_loss(pb, y[test]):.4f} AUC {auc(prior[test], y[test]):.4f}; "
              f"constant log-loss {log_loss(np.full(int(test.sum()), y[train].mean()), y[test]):.4f}", file=out)
        for kind, name in ((0, "chosen"), (1, "alternatives")):
            sel = kept[test, 3] == kind
            if sel.sum() > 10 and 0 < y[test][sel].mean() < 1:
                print(f"  {name}: {int(sel.sum())} rows, model AUC {auc(p[sel], y[test][sel]):.4f}, "
                      f"hand prior AUC {auc(prior[test][sel], y[test][sel]):.4f}", file=out)
    b, c, m, s = model
    print(f"INTERCEPT = {round(b, 6)!r}", file=out)
    for name, values in (("COEFFICIENTS", c), ("MEANS", m), ("SCALES", s)):
        print(f"{name} = (" + ", ".join(repr(round(float(v), 6)) for v in values) + ")", file=out)
    for name, v in sorted(zip(FEATURE_NAMES, c), key=lambda kv: -abs(kv[1])):
        print(f"  {name:12s} {v:+.3f}", file=out)
    return model


def _seeds(text: str):
    a, b = map(int, text.split(":"))
    return range(a, b)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    lg = sub.add_parser("log")
    lg.add_argument("--detectives", default="default")
    lg.add_argument("--seeds", default="1000:1010")
    lg.add_argument("--no-alternatives", action="store_true")
    lg.add_argument("--out", required=True)
    ft = sub.add_parser("fit")
    ft.add_argument("files", nargs="+")
    ft.add_argument("--label", type=int, default=2, help="K rounds (1-3), or 0 for the game's end")
    ft.add_argument("--holdout", type=int, default=5, help="seeds divisible by this are held out (0: none)")
    ft.add_argument("--l2", type=float, default=1.0)
    ft.add_argument("--drop", default="", help="features left out, comma-separated")
    ft.add_argument("--save", help="also write the model (intercept, coefficients, means, scales) to this .npz")
    a = ap.parse_args(argv)
    if a.cmd == "log":
        rows = log_games(a.detectives, _seeds(a.seeds), not a.no_alternatives)
        np.savez_compressed(a.out, rows=rows)
        print(f"{len(rows)} rows to {a.out}")
    else:
        b, c, m, s = fit_report(load(a.files), a.label, a.holdout, a.l2,
                                drop=tuple(x for x in a.drop.split(',') if x))
        if a.save:
            np.savez(a.save, intercept=b, coefficients=c, means=m, scales=s)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
