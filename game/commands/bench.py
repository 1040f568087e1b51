"""`run.py bench`: agents side by side on the same seeded games; table, JSON, CSV and a chart."""

from __future__ import annotations

import argparse
import csv
import glob
import json
import os
import sys
import warnings
from pathlib import Path

from game.cli import UsageError, bench_seeds

from .common import RULES_HELP, parse_rules

HELP = "benchmark agents on the same seeded games: win rate with 95%% interval, turns, time, invalid actions"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--agents", default="default,greedy,random",
                   help="comma-separated agent names (default: default,greedy,random)")
    p.add_argument("--maps", nargs="+", required=True, metavar="MAP", help="map files (globs are expanded)")
    p.add_argument("--games", type=int, default=500, help="games per map and agent (default: 500)")
    p.add_argument("--seed", type=int, default=0, help="game i on a map uses seed + i, for every agent (default: 0)")
    workers = min(2, os.cpu_count() or 1)
    p.add_argument("--workers", type=int, default=workers,
                   help=f"worker processes (default: {workers}, the smaller of 2 and the number of CPUs)")
    p.add_argument("--out", default="out/bench",
                   help="folder for results.json, results.csv, winrate.png (default: out/bench)")
    p.add_argument("--skip-rejected", action="store_true", help="leave out maps the reader refuses")
    from game.treasure.agents.runner import AGENT_TIME_HELP, DEFAULT_TIME_LIMIT, agent_seconds
    p.add_argument("--agent-time", type=agent_seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS", help=AGENT_TIME_HELP)
    p.add_argument("--rules", metavar="K=V,...", help=RULES_HELP)
    from game.tournament.cli import add_tournament_arguments

    add_tournament_arguments(p)


def _maps(patterns: list[str], skip_rejected: bool) -> tuple[list[str], list[str]]:
    """The maps to play, and why each map left out (with --skip-rejected) was refused."""
    from game.treasure.mapfile import MapFormatError, MapWarning, read_map

    paths: list[str] = []
    for pattern in patterns:
        found = sorted(glob.glob(pattern, recursive=True)) if any(ch in pattern for ch in "*?[") else [pattern]
        if not found:
            raise UsageError(f"no map matches {pattern!r}")
        paths.extend(found)
    good, skipped = [], []
    for path in paths:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MapWarning)
                read_map(path)
            good.append(path)
        except MapFormatError as exc:
            if not skip_rejected:
                raise UsageError(f"rejected map: {exc} (use --skip-rejected to leave such maps out)") from None
            skipped.append(str(exc))
    from game.tournament.cli import drop_duplicate_maps

    return drop_duplicate_maps(good, "bench"), skipped


def run(args: argparse.Namespace) -> int:
    from game.treasure.agents import AgentNotFound, agent_class
    from game.treasure.agents.benchmark import run_bench

    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    if not agents:
        raise UsageError("--agents names no agent (e.g. --agents default,greedy)")
    if len(set(agents)) != len(agents):
        raise UsageError("--agents names an agent twice")
    for name in agents:
        try:
            agent_class(name)
        except AgentNotFound as exc:
            raise UsageError(str(exc)) from None
    if args.games < 1 or args.workers < 1:
        raise UsageError("--games and --workers must be at least 1")
    bench_seeds(args.seed, args.games)
    maps, skipped = _maps(args.maps, args.skip_rejected)
    if not maps:
        raise UsageError(f"no map left after --skip-rejected: the reader refused every --maps file "
                         f"({len(skipped)}, the first {skipped[0]})")
    for why in skipped:
        print(f"bench: skipping rejected map {why}", file=sys.stderr)
    rules = parse_rules(args.rules) if args.rules else None
    from game.tournament.cli import Progress, executor, open_db, out_folder, report, sigterm_as_interrupt, write_error

    out = out_folder(args.out, OUTPUTS)  # now, not after every game has been played

    db = open_db(args)
    bar = Progress("bench")
    try:
        # Through the tournament runner: local processes or a Dask cluster, every game stored as
        # it finishes (Ctrl+C keeps them; the same command resumes). A broken agent (even one
        # that cannot be made) costs forfeits, never the run (#18).
        with sigterm_as_interrupt():
            results, run = run_bench(maps, agents, args.games, args.seed, progress=bar, time_limit=args.agent_time,
                                     rules=rules, db=db, executor=executor(args, args.workers),
                                     tournament=args.tournament)
    finally:
        bar.stop()
        db.close()
    print(report(run, db))
    for job, why in run.failures:
        print(f"bench: {job.setup_name} {job.players[0]} seed {job.seed}: not played (counted as a loss): {why}",
              file=sys.stderr)
    if not results:
        print("bench: no game finished")
        return 130 if run.interrupted else 1
    try:
        return _report(args, out, maps, agents, results, run)
    except OSError as exc:  # checked before the games; a disk that fills up meanwhile still says so in a line
        raise write_error(out, exc) from None


OUTPUTS = ("results.json", "results.csv", "compare.json", "compare.csv", "games.csv", "winrate.png", "winrate.svg")


def _report(args, out: Path, maps: list[str], agents: list[str], results, run) -> int:
    from game.treasure.agents.benchmark import COLUMNS, COMPARE_COLUMNS, compare, summarise

    rows = summarise(results, [(m, a) for m in maps for a in agents])  # every agent a row, even with no game
    order = {m: i for i, m in enumerate(maps)}
    rows.sort(key=lambda r: (order[r["map"]], agents.index(r["agent"])))
    _write_rows(out, "results", rows, COLUMNS)
    with open(out / "games.csv", "w", newline="") as f:  # one row per game, for paired comparisons
        writer = csv.writer(f)
        writer.writerow(["map", "agent", "game", "seed", "won", "turns", "seconds", "invalid_actions"])
        for r in sorted(results, key=lambda r: (order[r.map], agents.index(r.agent), r.game)):
            if r.failed:  # played games only; results.csv counts the others (not_played)
                continue
            writer.writerow([r.map, r.agent, r.game, args.seed + r.game, int(r.won), r.turns, f"{r.seconds:.5f}",
                             r.invalid_actions])
    versus = compare(results, agents[0]) if len(agents) > 1 else []
    versus.sort(key=lambda r: (order[r["map"]], agents.index(r["versus"])))
    _write_rows(out, "compare", versus, COMPARE_COLUMNS)
    _print_paired(results, agents)
    _print_table(rows)
    _print_compare(versus)
    try:
        from .bench_chart import win_rate_chart

        win_rate_chart(rows, agents, out / "winrate.png")
        print(f"wrote {out / 'results.json'}, {out / 'results.csv'}, {out / 'compare.json'}, "
              f"{out / 'compare.csv'}, {out / 'games.csv'}, {out / 'winrate.png'}, {out / 'winrate.svg'}")
    except ImportError as exc:  # the chart needs matplotlib; the numbers do not
        print(f"wrote {out / 'results.json'}, {out / 'results.csv'}, {out / 'compare.json'}, "
              f"{out / 'compare.csv'}, {out / 'games.csv'} (no chart: {exc})")
    total_invalid = sum(r["invalid_actions"] for r in rows)
    print(f"invalid_actions={total_invalid}")
    return 130 if run.interrupted else 0


def _write_rows(out: Path, name: str, rows: list[dict], columns: list[str]) -> None:
    """``out/name.json`` (a list of rows) and ``out/name.csv`` with the same columns."""
    (out / f"{name}.json").write_text(json.dumps(rows, indent=2) + "\n")
    with open(out / f"{name}.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


def _print_paired(results, agents: list[str]) -> None:
    """Turns to win compared only on games both agents won: a fair comparison of speed."""
    if len(agents) < 2:
        return
    first = agents[0]
    won = {(r.map, r.agent, r.game): r.turns for r in results if r.won}
    for other in agents[1:]:
        pairs = [(t, won[(m, other, g)]) for (m, a, g), t in won.items() if a == first and (m, other, g) in won]
        if pairs:
            mean_a = sum(p[0] for p in pairs) / len(pairs)
            mean_b = sum(p[1] for p in pairs) / len(pairs)
            print(f"on the {len(pairs)} games both won: {first} {mean_a:.2f} turns, {other} {mean_b:.2f} turns")


def _console():
    """A rich console on stdout; off a terminal, wide enough that map names are not cut."""
    from rich.console import Console

    return Console(file=sys.stdout, width=None if sys.stdout.isatty() else 160, highlight=False)


def _print_table(rows: list[dict]) -> None:
    try:
        from rich.table import Table
    except ImportError:
        return _print_plain_table(rows)
    table = Table(title="win rate per map and agent (95% Wilson interval)", title_justify="left")
    failed = any(r.get("not_played") for r in rows)
    columns = [("map", "left"), ("agent", "left"), ("games", "right"), ("win rate", "right"), ("95% CI", "right"),
               ("turns", "right"), ("med", "right"), ("win turns", "right"), ("ms/game", "right"),
               ("invalid", "right")] + ([("not played", "right")] if failed else [])
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=name == "map")
    for r in rows:
        name = r["map"] if len(r["map"]) <= 42 else "..." + r["map"][-39:]
        cells = _cells(r)
        table.add_row(name, r["agent"], str(r["games"]), cells["rate"], cells["ci"], cells["turns"], cells["med"],
                      cells["win_turns"], cells["ms"], str(r["invalid_actions"]),
                      *([str(r.get("not_played", 0))] if failed else []))
    _console().print(table)
    if failed:
        print("not played: games whose worker process died twice (the agent crashed it), counted as losses")


def _cells(r: dict) -> dict:
    """A results row's figures as text: n/a for what no played game measured."""
    def number(value, fmt: str, scale: float = 1.0) -> str:
        return "n/a" if value is None else format(scale * value, fmt)

    return {"rate": f"{100 * r['win_rate']:.1f}%" if r["games"] else "n/a",
            "ci": f"{100 * r['ci_low']:.1f}-{100 * r['ci_high']:.1f}%" if r["games"] else "n/a",
            "turns": number(r["mean_turns"], ".1f"), "med": number(r["median_turns"], ".0f"),
            "win_turns": "-" if r["mean_turns_to_win"] is None else f"{r['mean_turns_to_win']:.1f}",
            "ms": number(r["mean_seconds"], ".1f", 1000.0)}


def _print_plain_table(rows: list[dict]) -> None:
    head = f"{'map':42s} {'agent':8s} {'games':>5s} {'win rate':>8s} {'95% CI':>13s} {'turns':>6s} {'med':>4s} " \
           f"{'win turns':>9s} {'ms/game':>8s} {'invalid':>7s}"
    print(head)
    print("-" * len(head))
    for r in rows:
        name = r["map"] if len(r["map"]) <= 42 else "..." + r["map"][-39:]
        c = _cells(r)
        print(f"{name:42s} {r['agent']:8s} {r['games']:5d} {c['rate']:>8s} {c['ci']:>13s} {c['turns']:>6s} "
              f"{c['med']:>4s} {c['win_turns']:>9s} {c['ms']:>8s} {r['invalid_actions']:7d}"
              + (f" not played {r['not_played']}" if r.get("not_played") else ""))


def _print_compare(versus: list[dict]) -> None:
    """Map by map, the first agent against each other on the same games. ``!`` marks where it
    loses more than a third as often, is slower on the games both won (``=``: as fast), or falls
    behind in games won within t turns."""
    if not versus:
        return
    try:
        from rich.table import Table
    except ImportError:
        Table = None
    if Table is not None:
        table = Table(title=f"{versus[0]['agent']} against the others on the same games: losses (ratio, ! above "
                            f"1/3), turns on the games both won, first turn t at which the other had won more "
                            f"games within t turns", title_justify="left")
        for name in ("map", "versus", "losses", "theirs", "ratio", "both won", "turns", "theirs", "behind at"):
            table.add_column(name, justify="left" if name in ("map", "versus") else "right", no_wrap=name == "map")
        for r in versus:
            table.add_row(*_compare_cells(r))
        _console().print(table)
        return
    print()
    print(f"{versus[0]['agent']} against the others on the same games: losses (ratio, ! above 1/3), "
          f"turns on the games both won, first turn t at which the other had won more games within t turns")
    head = f"{'map':42s} {'versus':8s} {'losses':>6s} {'theirs':>6s} {'ratio':>6s}  {'both won':>8s} " \
           f"{'turns':>6s} {'theirs':>6s}  {'behind at':>9s}"
    print(head)
    print("-" * len(head))
    for r in versus:
        name = r["map"] if len(r["map"]) <= 42 else "..." + r["map"][-39:]
        ratio = r["loss_ratio"]
        ratio_text = "-" if ratio is None else f"{ratio:.2f}"
        bad_ratio = (ratio is not None and ratio > 1 / 3) or (ratio is None and r["losses"] > 0)
        turns = "-" if r["turns_both_won"] is None else f"{r['turns_both_won']:.2f}"
        theirs = "-" if r["versus_turns_both_won"] is None else f"{r['versus_turns_both_won']:.2f}"
        mark = " "
        if r["turns_both_won"] is not None:
            mark = "!" if r["turns_both_won"] > r["versus_turns_both_won"] else "=" if \
                r["turns_both_won"] == r["versus_turns_both_won"] else " "
        behind = "never" if r["behind_at_turn"] is None else f"turn {r['behind_at_turn']}!"
        print(f"{name:42s} {r['versus']:8s} {r['losses']:6d} {r['versus_losses']:6d} "
              f"{ratio_text + ('!' if bad_ratio else ' '):>7s} {r['both_won']:8d} {turns:>6s} "
              f"{theirs + mark:>7s} {behind:>10s}")

def _compare_cells(r: dict) -> list[str]:
    """One compare row as text cells, with the same ! and = marks as the plain table."""
    name = r["map"] if len(r["map"]) <= 42 else "..." + r["map"][-39:]
    ratio = r["loss_ratio"]
    bad_ratio = (ratio is not None and ratio > 1 / 3) or (ratio is None and r["losses"] > 0)
    ratio_text = ("-" if ratio is None else f"{ratio:.2f}") + ("!" if bad_ratio else "")
    turns = "-" if r["turns_both_won"] is None else f"{r['turns_both_won']:.2f}"
    theirs = "-" if r["versus_turns_both_won"] is None else f"{r['versus_turns_both_won']:.2f}"
    if r["turns_both_won"] is not None:
        theirs += "!" if r["turns_both_won"] > r["versus_turns_both_won"] else "=" if \
            r["turns_both_won"] == r["versus_turns_both_won"] else ""
    behind = "never" if r["behind_at_turn"] is None else f"turn {r['behind_at_turn']}!"
    return [name, r["versus"], str(r["losses"]), str(r["versus_losses"]), ratio_text, str(r["both_won"]), turns,
            theirs, behind]
