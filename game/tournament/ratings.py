"""Ratings and leaderboards from every game in the results database.

* Games between players (the duel, Scotland Yard): a Plackett-Luce rating with uncertainty
  (``openskill``, a maintained implementation of Weng and Lin's Bayesian rating), updated game by
  game in the order the games finished. The leaderboard is sorted by the conservative estimate
  ``mu - 3 sigma``. In a symmetric game (the duel) a player is one player on both sides; in an
  asymmetric one (Scotland Yard) each seat is rated on its own, so ``default`` as Mr X and
  ``default`` as the detectives are two entries.
* Games a player plays alone (Treasure Island): agents ranked by win rate with a 95% Wilson
  interval, and by turns on the games that every agent on the board played (same map, seed and
  options), so a fast agent is not one that only wins its easy games.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass

from .db import StoredFailure, StoredGame


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval for a rate. With no games nothing is known: ``(0, 1)`` (a
    table shows it as n/a), never an interval of zero width at 0%."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    # The interval holds p; rounding alone could leave it a hair outside (wilson(4, 4) gave an
    # upper end of 0.9999999999999999, and the chart's error bar below p stopped matplotlib).
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@dataclass(frozen=True)
class Standing:
    player: str
    games: int
    wins: int
    losses: int
    ties: int
    mu: float | None = None
    sigma: float | None = None
    ci_low: float | None = None
    ci_high: float | None = None
    mean_turns_same_games: float | None = None
    not_played: int = 0  # games that could not be played (their worker died twice)

    @property
    def rating(self) -> float | None:
        """The conservative estimate, ``mu - 3 sigma``: what the player is at least."""
        return None if self.mu is None else self.mu - 3 * self.sigma

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def as_row(self) -> dict:
        return {"player": self.player, "games": self.games, "wins": self.wins, "losses": self.losses,
                "ties": self.ties, "win_rate": round(self.win_rate, 4),
                "rating": None if self.rating is None else round(self.rating, 3),
                "mu": None if self.mu is None else round(self.mu, 3),
                "sigma": None if self.sigma is None else round(self.sigma, 3),
                "ci_low": None if self.ci_low is None else round(self.ci_low, 4),
                "ci_high": None if self.ci_high is None else round(self.ci_high, 4),
                "mean_turns_same_games": self.mean_turns_same_games, "not_played": self.not_played}


def seat_player(game: StoredGame, seat: int, seats: tuple[str, ...], symmetric: bool) -> str:
    spec = game.players[seat]
    if symmetric or len(seats) <= 1:
        return spec
    return f"{spec} ({seats[seat]})"


def distinct(games: list, failures: list = ()) -> tuple[list, list]:
    """Each game once: several tournaments in one database may hold the same game (``bench
    --games 2`` and then ``--games 3`` share two), the same game being the same job played by
    the same players' versions. The first stored is kept; a game that could not be played is
    left out where the same game was played."""
    seen: set = set()

    def first_of(items) -> list:
        kept = []
        for item in items:
            key = (item.job_key, item.player_versions) if item.job_key else (id(item),)
            if key not in seen:
                seen.add(key)
                kept.append(item)
        return kept

    return first_of(games), first_of(failures)  # games first: a failure of a game played is left out


def rate_matches(games: list[StoredGame], seats: tuple[str, ...], symmetric: bool,
                 failures: list[StoredFailure] = ()) -> list[Standing]:
    """Plackett-Luce ratings over games of two or more seats. The players of games that could not
    be played are shown too (no game is counted for or against them: which seat's player broke
    it is not known), with how many of their games could not be played."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, object] = {}
    counts: dict[str, list[int]] = {}
    for g in sorted(games, key=lambda g: g.finished_at):
        ranks = g.outcome.ranks
        names = [seat_player(g, i, seats, symmetric) for i in range(len(ranks))]
        if len(set(names)) < len(names):
            continue  # a player against itself tells nothing about its strength
        teams = [[ratings.setdefault(n, model.rating(name=n))] for n in names]
        new = model.rate(teams, ranks=list(ranks))
        for n, team, rank in zip(names, new, ranks):
            ratings[n] = team[0]
            c = counts.setdefault(n, [0, 0, 0, 0])  # games, wins, losses, ties
            c[0] += 1
            best = min(ranks)
            if rank == best and list(ranks).count(best) > 1:
                c[3] += 1
            elif rank == best:
                c[1] += 1
            else:
                c[2] += 1
    broken: dict[str, int] = {}
    for f in failures:
        for i in range(len(f.players)):
            name = seat_player(f, i, seats, symmetric)
            broken[name] = broken.get(name, 0) + 1
    out = []
    for n, r in ratings.items():
        games_n, wins, losses, ties = counts[n]
        low, high = wilson(wins, games_n)
        out.append(Standing(n, games_n, wins, losses, ties, mu=r.mu, sigma=r.sigma, ci_low=low, ci_high=high,
                            not_played=broken.get(n, 0)))
    for n, count in broken.items():
        if n not in ratings:  # every game it was in could not be played: shown, not rated
            low, high = wilson(0, 0)
            out.append(Standing(n, 0, 0, 0, 0, ci_low=low, ci_high=high, not_played=count))
    return sorted(out, key=lambda s: (s.rating is None, -(s.rating or 0.0), s.player))


def rank_solo(games: list[StoredGame], failures: list[StoredFailure] = ()) -> list[Standing]:
    """Agents that play alone: win rate with an interval; turns on the games all of them played.
    A game that could not be played (its worker died twice) is the agent's doing, the game's only
    player: it counts as a loss (and in ``not_played``), so an agent that kills its worker does
    not vanish from the table, nor keep only the games it survived."""
    by_agent: dict[str, list[StoredGame]] = {}
    for g in games:
        by_agent.setdefault(g.players[0], []).append(g)
    broken: dict[str, int] = {}
    for f in failures:
        broken[f.players[0]] = broken.get(f.players[0], 0) + 1
        by_agent.setdefault(f.players[0], [])

    def same_game(g: StoredGame):
        return g.setup_digest, g.seed, tuple(sorted(g.options.items()))

    common = None
    for gs in by_agent.values():
        if not gs:
            continue  # an agent none of whose games was played: turns are compared among the rest
        keys = {same_game(g) for g in gs}
        common = keys if common is None else common & keys
    common = common or set()
    out = []
    for agent, gs in by_agent.items():
        wins = sum(1 for g in gs if g.outcome.ranks[0] == 0)
        failed = broken.get(agent, 0)
        total = len(gs) + failed
        low, high = wilson(wins, total)
        shared = [g.outcome.turns for g in gs if same_game(g) in common]
        out.append(Standing(agent, total, wins, total - wins, 0, ci_low=low, ci_high=high,
                            mean_turns_same_games=round(statistics.mean(shared), 2) if shared else None,
                            not_played=failed))
    return sorted(out, key=lambda s: (-s.win_rate, s.mean_turns_same_games or 0.0, s.player))


def leaderboard(games: list[StoredGame], seats: tuple[str, ...], symmetric: bool,
                failures: list[StoredFailure] = ()) -> list[Standing]:
    if len(seats) <= 1:
        return rank_solo(games, failures)
    return rate_matches(games, seats, symmetric, failures)


def chart(standings: list[Standing], title: str, path_png: str, path_svg: str | None = None) -> None:
    """A horizontal bar chart: the rating with mu ± 3 sigma (matches) or the win rate with its
    95% interval (solo games)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if any(s.mu is not None for s in standings):
        standings = [s for s in standings if s.mu is not None]  # the unrated (no game played) have no bar
    names = [s.player for s in standings][::-1]
    fig, ax = plt.subplots(figsize=(8, 0.45 * max(3, len(names)) + 1.2))
    if standings and standings[0].mu is not None:
        mus = [s.mu for s in standings][::-1]
        errs = [3 * s.sigma for s in standings][::-1]
        ax.barh(names, mus, xerr=errs, color="#4c78a8", ecolor="#333333", capsize=3, label="mu ± 3 sigma")
        ax.set_xlabel("rating (Plackett-Luce mu; leaderboard order: mu − 3 sigma)")
    else:
        rates = [s.win_rate for s in standings][::-1]
        lows = [s.win_rate - (s.ci_low or 0) for s in standings][::-1]
        highs = [(s.ci_high or 0) - s.win_rate for s in standings][::-1]
        ax.barh(names, rates, xerr=[lows, highs], color="#59a14f", ecolor="#333333", capsize=3,
                label="win rate, 95% interval")
        ax.set_xlim(0, 1)
        ax.set_xlabel("win rate")
    ax.set_title(title)
    ax.legend(loc="lower right")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path_png, dpi=110)
    if path_svg:
        fig.savefig(path_svg)
    plt.close(fig)
