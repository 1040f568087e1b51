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
    p.add_argument("--list", action="store_true",
                   help="list the tournaments in the database (name, game, games, when, code versions) and stop")


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
    from game.tournament.ratings import chart, distinct, leaderboard

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
        if getattr(args, "list", False):
            return _list(db, path, _game_ids(args.game) if args.game else None)
        for info in _game_ids(args.game):
            stored = list(db.games(info.id, args.tournament))
            broken = list(db.failures(info.id, args.tournament))
            # One game once, however many tournaments hold it (the same job, the same players'
            # versions): `bench --games 2` then `--games 3` are two tournaments sharing two games.
            games, failures = distinct(stored, broken)
            if not games and not failures:
                continue
            shown += 1
            standings = leaderboard(games, info.seats, info.symmetric, failures)
            _print_sources(games, failures, len(stored) + len(broken))
            _print_table(info.title, standings, solo=len(info.seats) <= 1, games=len(games),
                         not_played=len(failures))
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


def _code_versions(versions) -> list[str]:
    """The code versions (``code 1a2b...``) among stored player versions, outside programs and
    files left out."""
    return sorted({v.split(" (")[0] for v in versions if v.startswith("code ")})


def _print_sources(games, failures, rows: int) -> None:
    """Which tournaments (and code versions) the ratings come from, and how many repeats of the
    same game were counted once."""
    by_tournament: dict[str, int] = {}
    versions: set[str] = set()
    for g in list(games) + list(failures):
        by_tournament[g.tournament] = by_tournament.get(g.tournament, 0) + 1
        versions.update(g.player_versions)
    repeats = rows - len(games) - len(failures)
    names = ", ".join(f"{name} ({count})" for name, count in by_tournament.items())
    line = f"from {len(by_tournament)} tournament(s): {names}"
    codes = _code_versions(versions)
    if codes:
        line += f"; code versions {', '.join(c.removeprefix('code ') for c in codes)}"
    if repeats:
        line += f"; {repeats} repeat(s) of the same game in other tournaments counted once"
    print(line)


def _list(db, path: Path, infos) -> int:
    from datetime import datetime

    ids = None if infos is None else {i.id for i in infos}
    found = [t for t in db.tournaments() if ids is None or t.game in ids]
    if not found:
        print(f"no tournaments in {path}")
        return 0
    print(f"{len(found)} tournament(s) in {path}:")
    for t in found:
        when = "-" if t.last is None else datetime.fromtimestamp(t.last).strftime("%Y-%m-%d %H:%M")
        codes = ", ".join(c.removeprefix("code ") for c in _code_versions(t.versions)) or "-"
        others = sorted(v for v in t.versions if not v.startswith("code "))
        extra = f"; not played {t.failures}" if t.failures else ""
        print(f"{t.name}  game {t.game}, {t.games} games{extra}, last {when}, code {codes}"
              + (f", outside players {'; '.join(others)}" if others else ""))
    return 0


def _interval(s, digits: str = ".1%") -> str:
    """A standing's 95% interval, or n/a with no game to go on."""
    if not s.games or s.ci_low is None:
        return "n/a"
    return f"{format(s.ci_low, digits)}–{format(s.ci_high, digits)}"


def _print_table(title: str, standings, solo: bool, games: int, not_played: int = 0) -> None:
    from rich.console import Console
    from rich.table import Table

    note = f", {not_played} could not be played" if not_played else ""
    table = Table(title=f"{title} ({games} games{note})")
    table.add_column("#", justify="right")
    table.add_column("player")
    if solo:
        for col in ("games", "wins", "win rate", "95% interval", "turns (same games)", "not played"):
            table.add_column(col, justify="right")
        for i, s in enumerate(standings, 1):
            table.add_row(str(i), s.player, str(s.games), str(s.wins),
                          f"{s.win_rate:.1%}" if s.games else "n/a", _interval(s),
                          "–" if s.mean_turns_same_games is None else f"{s.mean_turns_same_games:.2f}",
                          str(s.not_played))
    else:
        for col in ("rating", "mu ± sigma", "games", "W-L-T", "win rate (95%)", "could not be played"):
            table.add_column(col, justify="right")
        for i, s in enumerate(standings, 1):
            rated = s.mu is not None
            table.add_row(str(i), s.player, f"{s.rating:.2f}" if rated else "n/a",
                          f"{s.mu:.2f} ± {s.sigma:.2f}" if rated else "n/a", str(s.games),
                          f"{s.wins}-{s.losses}-{s.ties}",
                          f"{s.win_rate:.1%} ({_interval(s, '.0%')})" if s.games else "n/a",
                          str(s.not_played))
    import sys

    # off a terminal (a log, a pipe) wide enough that names (a user's agent by its path) and
    # intervals are not cut
    longest = max((len(s.player) for s in standings), default=0)
    Console(width=None if sys.stdout.isatty() else max(160, longest + 100)).print(table)
