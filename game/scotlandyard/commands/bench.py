"""`run.py sy bench`: Scotland Yard AIs side by side on the same seeded games.

Every (Mr X, detectives) pairing plays games ``seed .. seed+N-1`` from the same start stations.
Prints a table (Mr X's win rate with its 95% interval, game length, capture round, time per move,
illegal moves) and writes ``results.json``, ``results.csv``, ``games.csv`` and ``winrate.png``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
from pathlib import Path

from game.cli import UsageError, bench_seeds, positive_seconds
from game.files import atomic_write, atomic_write_text

HELP = "Scotland Yard AIs side by side: Mr X's win rate with 95% interval, length, capture round, time per move"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mrx", default="default,minimax,random", help="comma-separated Mr X players")
    p.add_argument("--detectives", default="default,chaser,random", help="comma-separated detectives' players")
    p.add_argument("--games", type=int, default=500, help="games per pairing")
    p.add_argument("--seed", type=int, default=0, help="game k of every pairing is standard_game(seed + k)")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="worker processes")
    p.add_argument("--move-time", type=float, default=1.0, help="each player's budget per move, seconds")
    p.add_argument("--out", default="out/sy-bench", help="folder for results.json/.csv, games.csv, winrate.png")
    from game.tournament.cli import add_tournament_arguments

    add_tournament_arguments(p)


def _names(text: str, option: str, table: dict) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise UsageError(f"{option}: give at least one player name")
    if len(set(names)) != len(names):
        raise UsageError(f"{option} names a player twice")
    return names


def _table(rows: list[dict]) -> str:
    failed = any(r.get("not_played") for r in rows)
    head = (f"{'Mr X':<10} {'detectives':<10} {'games':>5} {'Mr X wins':>9} {'win rate':>8} {'95% interval':>15} "
            f"{'rounds':>6} {'capture':>7} {'ms/move':>8} {'max ms':>8} {'over':>5} {'max cpu':>8} {'over':>5} {'illegal':>7}"
            + (f" {'not played':>10}" if failed else ""))
    lines = [head, "-" * len(head)]
    for r in rows:
        cap = f"{r['mean_capture_round']:.1f}" if r["mean_capture_round"] is not None else "-"
        played = r["games"] > 0
        rate = format(r["mrx_win_rate"], ".1%") if played else "n/a"
        interval = "[" + format(r["ci_low"], ".1%") + ", " + format(r["ci_high"], ".1%") + "]" if played else "n/a"
        rounds = f"{r['mean_rounds']:.1f}" if played else "n/a"
        lines.append(f"{r['mrx']:<10} {r['detectives']:<10} {r['games']:>5} {r['mrx_wins']:>9} "
                     f"{rate:>8} {interval:>15} "
                     f"{rounds:>6} {cap:>7} {r['mean_move_ms']:>8.1f} {r['max_move_ms']:>8.1f} "
                     f"{r['moves_over_budget']:>5} {r['max_move_cpu_ms']:>8.1f} {r['moves_over_budget_cpu']:>5} "
                     f"{r['illegal_moves']:>7}" + (f" {r.get('not_played', 0):>10}" if failed else ""))
    if failed:
        lines.append("not played: games whose worker process died twice, counted for neither side")
    return "\n".join(lines)


def _every_pairing(summary: list[dict], mrx: list[str], detectives: list[str], failures, move_time: float) -> list[dict]:
    """Every pairing of the schedule a row, in its order, with the games that could not be played
    (``not_played``); a pairing none of whose games was played has games 0 (the table: n/a)."""
    from game.tournament.ratings import wilson

    broken: dict[tuple[str, str], int] = {}
    for job, _ in failures:
        key = (job.players[0], job.players[1])
        broken[key] = broken.get(key, 0) + 1
    by_pair = {(r["mrx"], r["detectives"]): r for r in summary}
    out = []
    for m in mrx:
        for d in detectives:
            row = by_pair.get((m, d))
            if row is None:
                low, high = wilson(0, 0)
                row = {"mrx": m, "detectives": d, "games": 0, "mrx_wins": 0, "mrx_win_rate": 0.0, "ci_low": low,
                       "ci_high": high, "mean_rounds": 0.0, "mean_capture_round": None, "captures": 0,
                       "illegal_moves": 0, "errors": 0, "mean_move_ms": 0.0, "max_move_ms": 0.0,
                       "moves_over_budget": 0, "max_move_cpu_ms": 0.0, "moves_over_budget_cpu": 0,
                       "move_time": move_time}
            out.append({**row, "not_played": broken.get((m, d), 0)})
    return out


def _chart(rows: list[dict], path: Path, move_time: float) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [f"{r['mrx']}\nvs {r['detectives']}" for r in rows]
    rates = [100 * r["mrx_win_rate"] for r in rows]
    low = [100 * (r["mrx_win_rate"] - r["ci_low"]) for r in rows]
    high = [100 * (r["ci_high"] - r["mrx_win_rate"]) for r in rows]
    fig, ax = plt.subplots(figsize=(max(6, 1.1 * len(rows) + 2), 4.5))
    ax.bar(range(len(rows)), rates, yerr=[low, high], capsize=4, color="#455a64")
    ax.set_xticks(range(len(rows)), labels, fontsize=8)
    ax.set_ylabel("Mr X's win rate (%), 95% interval")
    ax.set_ylim(0, 100)
    games = rows[0]["games"] if rows else 0
    ax.set_title(f"Scotland Yard: Mr X vs detectives, {games} games per pairing, {move_time:g} s per move")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def run(args: argparse.Namespace) -> int:
    from game.scotlandyard.ai import DETECTIVE_PLAYERS, MRX_PLAYERS, AiNotFound, create_player
    from game.scotlandyard.ai.bench import GAME_COLUMNS, RESULT_COLUMNS, game_dicts, summarise

    mrx = _names(args.mrx, "--mrx", MRX_PLAYERS)
    detectives = _names(args.detectives, "--detectives", DETECTIVE_PLAYERS)
    for side, option, names in (("mrx", "--mrx", mrx), ("detectives", "--detectives", detectives)):
        for name in names:
            try:
                create_player(side, name)  # made once to check it, as the games will make it
            except AiNotFound as exc:
                raise UsageError(f"{option}: {exc}") from None
    if args.games < 1 or args.workers < 1:
        raise UsageError("--games and --workers must be at least 1")
    bench_seeds(args.seed, args.games)
    positive_seconds(args.move_time, "--move-time")
    from game.scotlandyard.tournament import run_rows
    from game.tournament.cli import Progress, executor, open_db, out_folder, report, sigterm_as_interrupt, write_error

    out = out_folder(args.out, OUTPUTS)  # now, not after every game has been played

    db = open_db(args)
    bar = Progress("sy bench")
    try:
        # Through the tournament runner: local processes or a Dask cluster, every game stored as
        # it finishes; an interrupt keeps what finished, and the same command plays the rest.
        with sigterm_as_interrupt():
            rows, run = run_rows(mrx, detectives, args.games, args.seed, args.move_time, progress=bar,
                                 executor=executor(args, args.workers), db=db, tournament=args.tournament)
    finally:
        bar.stop()
        db.close()
    print(report(run, db))
    for job, why in run.failures:
        print(f"sy bench: {job.players[0]} vs {job.players[1]} seed {job.seed}: not played: {why}", file=sys.stderr)
    if not rows and not run.failures:
        print("sy bench: no game finished")
        return 130 if run.interrupted else 1
    summary = _every_pairing(summarise(rows, args.move_time), mrx, detectives, run.failures, args.move_time)
    try:
        atomic_write_text(out / "results.json", json.dumps(summary, indent=2) + "\n")
        # the column of games that could not be played only when there are some: the file keeps
        # its columns otherwise
        _write_csv(out / "results.csv", RESULT_COLUMNS + (["not_played"] if run.failures else []), summary)
        _write_csv(out / "games.csv", GAME_COLUMNS, game_dicts(rows))
        _chart(summary, out / "winrate.png", args.move_time)
    except OSError as exc:  # checked before the games; a disk that fills up meanwhile still says so in a line
        raise write_error(out, exc) from None
    print(_table(summary))
    if not rows:
        print("sy bench: no game finished")
        return 130 if run.interrupted else 1
    print(f"move budget {args.move_time:g} s; 'over' counts moves above {1.2 * args.move_time:g} s, "
          "by the wall clock ('max ms') and by the CPU time of the player's process ('max cpu'); "
          f"wrote {out}/results.json, results.csv, games.csv, winrate.png")
    return 130 if run.interrupted else 0


OUTPUTS = ("results.json", "results.csv", "games.csv", "winrate.png")


def _write_csv(path: Path, columns: list[str], rows: list[dict]) -> None:
    def write(f) -> None:
        writer = csv.DictWriter(f, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        for r in rows:
            writer.writerow({k: ("" if r.get(k) is None else r.get(k)) for k in columns})

    atomic_write(path, write, newline="")
