"""`run.py ratings`: leaderboards from every game in the results database."""

from __future__ import annotations

import csv
from pathlib import Path

from game.cli import UsageError

HELP = "ratings with uncertainty from every recorded game: a leaderboard, a chart and a CSV"


def add_arguments(p) -> None:
    p.add_argument("--game", default=None,
                   help="which game (treasure, duel or sy; default: every game in the database)")
    p.add_argument("--db", default=None, help="the results database (default: the per-user results.sqlite)")
    p.add_argument("--tournament", default=None, help="only this tournament's games")
    p.add_argument("--out", default="ratings", help="folder for the chart and CSV (default: ./ratings)")


def _game_ids(name: str | None):
    from game.registry import games

    known = games()
    if name is None:
        return known
    for info in known:
        if name in (info.id, info.cli_group):
            return [info]
    names = ", ".join(sorted({i.cli_group or i.id for i in known}))
    raise UsageError(f"unknown game {name!r}: one of {names}")


def run(args) -> int:
    from game.tournament import DatabaseError, ResultsDB, default_db_path
    from game.tournament.ratings import chart, leaderboard

    path = Path(args.db) if args.db else default_db_path()
    if not path.exists():
        raise UsageError(f"no results database at {path}: run a bench first (or pass --db PATH)")
    try:
        db = ResultsDB(path, readonly=True)  # ratings only read
    except DatabaseError as exc:
        raise UsageError(str(exc)) from None
    out = Path(args.out)
    shown = 0
    with db:
        for info in _game_ids(args.game):
            games = list(db.games(info.id, args.tournament))
            if not games:
                continue
            shown += 1
            standings = leaderboard(games, info.seats, info.symmetric)
            _print_table(info.title, standings, solo=len(info.seats) <= 1, games=len(games))
            rows = [s.as_row() for s in standings]
            try:
                out.mkdir(parents=True, exist_ok=True)
                with open(out / f"ratings-{info.id}.csv", "w", newline="", encoding="utf-8") as f:
                    writer = csv.DictWriter(f, fieldnames=list(rows[0]))
                    writer.writeheader()
                    writer.writerows(rows)
                chart(standings, f"{info.title}: {len(games)} games", str(out / f"ratings-{info.id}.png"),
                      str(out / f"ratings-{info.id}.svg"))
            except OSError as exc:
                where = f" {exc.filename}" if getattr(exc, "filename", None) else ""
                raise UsageError(f"--out {out}: cannot write{where} ({exc.strerror or exc})") from None
            print(f"wrote {out / f'ratings-{info.id}.csv'} and {out / f'ratings-{info.id}.png'}")
    if shown == 0:
        what = f"for {args.game}" if args.game else ""
        print(f"no games {what} in {path}".replace("  ", " "))
    return 0


def _print_table(title: str, standings, solo: bool, games: int) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{title} ({games} games)")
    table.add_column("#", justify="right")
    table.add_column("player")
    if solo:
        for col in ("games", "wins", "win rate", "95% interval", "turns (same games)"):
            table.add_column(col, justify="right")
        for i, s in enumerate(standings, 1):
            table.add_row(str(i), s.player, str(s.games), str(s.wins), f"{s.win_rate:.1%}",
                          f"{s.ci_low:.1%}–{s.ci_high:.1%}",
                          "–" if s.mean_turns_same_games is None else f"{s.mean_turns_same_games:.2f}")
    else:
        for col in ("rating", "mu ± sigma", "games", "W-L-T", "win rate (95%)"):
            table.add_column(col, justify="right")
        for i, s in enumerate(standings, 1):
            table.add_row(str(i), s.player, f"{s.rating:.2f}", f"{s.mu:.2f} ± {s.sigma:.2f}", str(s.games),
                          f"{s.wins}-{s.losses}-{s.ties}", f"{s.win_rate:.1%} ({s.ci_low:.0%}–{s.ci_high:.0%})")
    Console().print(table)
