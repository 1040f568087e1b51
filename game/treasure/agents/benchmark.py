"""Play agents side by side on exactly the same seeded games and summarise the results.

Game i on a map uses seed ``seed + i`` for every agent (and seeds the agent with it too), so
the agents face the same islands, spawns, prisons and hint draws.

A broken agent never stops a run: the runner turns its exceptions, wrong answers and time-outs
into forfeits (see :mod:`game.treasure.agents.runner`), and an agent that cannot even be made plays its
games forfeiting every action. Each map's row counts ``invalid_actions`` (every forfeit) and
``errors`` (forfeits because the agent raised, ran out of time, or could not be made).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable, Iterator

from game.tournament.schedule import Outcome
from game.treasure.mapfile import parse_map

from game.treasure.actions import Forfeit

from . import make_agent
from .base import Agent, Decision
from .runner import CRASH, DEFAULT_TIME_LIMIT, crash_summary, play_game, release_agent
from game.tournament.ratings import wilson  # the one 95% Wilson interval, shared by every bench

COLUMNS = ["map", "agent", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_turns", "median_turns",
           "mean_turns_to_win", "mean_seconds", "median_seconds", "invalid_actions", "errors", "not_played"]


@dataclass(frozen=True)
class GameResult:
    map: str
    agent: str
    game: int
    won: bool
    turns: int
    seconds: float
    invalid_actions: int
    errors: int = 0  # forfeits because the agent raised, timed out or could not be made
    timed_out: bool = False
    failed: bool = False  # could not be played (its worker died twice): a loss, no turns or time


class Unmade(Agent):
    """Stands in for an agent whose constructor failed: it forfeits every action, saying why."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(0)
        self.name, self.why = name, why

    def act(self, obs) -> Decision:
        return Decision(Forfeit(CRASH, self.why))




_BOARDS: dict[str, object] = {}


def _board(source: str, text: str):
    """The board of a job's map text, parsed once per worker process."""
    from game.tournament import digest

    key = digest(text)
    if key not in _BOARDS:
        _BOARDS[key] = parse_map(text, source).board
    return _BOARDS[key]


def play_job(job) -> Outcome:
    """One Treasure Island game of a tournament (``game.tournament``): the job's one player is
    the agent, its setup the map's text; seed, rules and time limit come from the job. Runs in
    a worker process or on a Dask worker."""
    board = _board(job.setup_name, job.setup)
    time_limit = job.option("time_limit", DEFAULT_TIME_LIMIT)
    rules = job.option("rules")
    agent_name = job.players[0]
    try:
        agent = make_agent(agent_name, job.seed)
    except Exception as exc:  # noqa: BLE001 - a broken constructor: its games are all forfeits
        agent = Unmade(agent_name, f"the agent could not be made: {crash_summary(exc)}")
    t0 = time.perf_counter()
    record = play_game(board, job.seed, agent, rules, time_limit=time_limit)
    seconds = time.perf_counter() - t0
    release_agent(agent)
    actions = max(1, len(record.actions))
    return Outcome(ranks=(0,) if record.result == "WIN" else (1,), turns=record.state.turn,
                   seconds=seconds, mean_move_seconds=seconds / actions,
                   errors=(("errors", record.errors), ("invalid_actions", record.invalid_actions),
                           ("timed_out", int(record.timed_out))),
                   detail=(("result", record.result or "UNFINISHED"),))


def bench_jobs(maps: list[str], agents: list[str], games: int, seed: int,
               time_limit: float | None = DEFAULT_TIME_LIMIT, rules=None) -> list:
    """The schedule: game i on a map has seed ``seed + i`` for every agent."""
    from game.tournament import Job, make_options

    texts = {}
    for path in maps:
        with open(path, encoding="utf-8-sig") as f:
            texts[path] = f.read()
    from game.treasure.config import RulesConfig

    if rules is not None and rules == RulesConfig():
        rules = None  # the defaults spelled out (--rules pirate_speed=2) are the same games as none
    options = make_options(time_limit=time_limit, rules=rules)
    return [Job("treasure", (agent,), path, texts[path], seed + i, options)
            for path in maps for agent in agents for i in range(games)]


def result_of(job, outcome: Outcome, seed: int) -> GameResult:
    errors = dict(outcome.errors)
    return GameResult(job.setup_name, job.players[0], job.seed - seed, outcome.ranks[0] == 0, outcome.turns,
                      outcome.seconds, errors.get("invalid_actions", 0), errors.get("errors", 0),
                      bool(errors.get("timed_out", 0)))


def failed_result(job, seed: int) -> GameResult:
    """A game that could not be played (the agent killed its worker process twice: a segfault,
    ``os._exit``): the game's only player caused it, so it counts as a loss."""
    return GameResult(job.setup_name, job.players[0], job.seed - seed, False, 0, 0.0, 0, 0, False, failed=True)


def run_bench(maps: list[str], agents: list[str], games: int, seed: int, workers: int = 1, *,
              progress: Callable[[int, int], None] | None = None,
              time_limit: float | None = DEFAULT_TIME_LIMIT, rules=None, db=None, executor=None,
              tournament: str | None = None):
    """Every agent on every map, ``games`` games each, through the tournament runner: local
    worker processes or a Dask cluster, every game stored in ``db`` (a
    :class:`~game.tournament.ResultsDB`) as it finishes, so an interrupted bench resumes.
    ``executor`` defaults to ``workers`` local processes.
    Returns ``(results in schedule order, the TournamentRun)``; a game that could not be played
    is a :func:`failed_result` (a loss) among them."""
    from game.tournament import make_executor, run_tournament

    jobs = bench_jobs(maps, agents, games, seed, time_limit, rules)
    run = run_tournament("game.treasure.agents.benchmark:play_job", jobs, executor=executor or make_executor(workers),
                         db=db, name=tournament, progress=progress)
    done = {job.key: result_of(job, outcome, seed) for job, outcome in run.results}
    done.update({job.key: failed_result(job, seed) for job, _ in run.failures})
    return [done[job.key] for job in jobs if job.key in done], run


def run_games(maps: list[str], agents: list[str], games: int, seed: int, workers: int = 1,
              chunk: int = 10, progress: Callable[[int, int], None] | None = None,
              time_limit: float | None = DEFAULT_TIME_LIMIT, rules=None) -> Iterator[GameResult]:
    """Every agent on every map, ``games`` games each; ``time_limit``: seconds per action;
    ``rules``: a :class:`~game.treasure.config.RulesConfig` (None: the defaults). ``chunk`` is
    kept for callers of the old signature; the tournament runner schedules single games."""
    results, _ = run_bench(maps, agents, games, seed, workers, progress=progress, time_limit=time_limit,
                           rules=rules)
    yield from results


def summarise(results: list[GameResult], schedule: list[tuple[str, str]] = ()) -> list[dict]:
    """One row per map and agent. A game that could not be played counts in ``games`` as a loss
    (and in ``not_played``), never in the turns or times. Every ``(map, agent)`` of ``schedule``
    gets a row, one with no game (an interrupted run) with ``games`` 0 and no figures."""
    groups: dict[tuple[str, str], list[GameResult]] = {key: [] for key in schedule}
    for r in results:
        groups.setdefault((r.map, r.agent), []).append(r)
    rows = []
    for (path, agent), rs in groups.items():
        played = [r for r in rs if not r.failed]
        wins = sum(r.won for r in played)
        low, high = wilson(wins, len(rs))
        won_turns = [r.turns for r in played if r.won]
        rows.append({
            "map": path, "agent": agent, "games": len(rs), "wins": wins,
            "win_rate": round(wins / len(rs), 4) if rs else 0.0, "ci_low": round(low, 4),
            "ci_high": round(high, 4),  # no game: 0-1, nothing known (a table shows n/a)
            "mean_turns": round(statistics.mean(r.turns for r in played), 2) if played else None,
            "median_turns": statistics.median(r.turns for r in played) if played else None,
            "mean_turns_to_win": round(statistics.mean(won_turns), 2) if won_turns else None,
            "mean_seconds": round(statistics.mean(r.seconds for r in played), 5) if played else None,
            "median_seconds": round(statistics.median(r.seconds for r in played), 5) if played else None,
            "invalid_actions": sum(r.invalid_actions for r in rs),
            "errors": sum(r.errors for r in rs),
            "not_played": len(rs) - len(played),
        })
    return rows


COMPARE_COLUMNS = ["map", "agent", "versus", "games", "losses", "versus_losses", "loss_ratio", "both_won",
                   "turns_both_won", "versus_turns_both_won", "behind_at_turn"]


def compare(results: list[GameResult], first: str) -> list[dict]:
    """``first`` against every other agent, map by map, on the same games.

    * ``loss_ratio``: first's losses / the other's (None when the other never lost).
    * ``turns_both_won``: mean turns to win over the games both won. An agent's mean over its
      own wins favours an agent that wins only its easy games; on the same games it does not.
    * ``behind_at_turn``: the first turn t at which the other agent had won more games within t
      turns than ``first`` (None: never), a comparison of speed that counts every game.
    """
    by_key = {(r.map, r.agent, r.game): r for r in results}
    maps = list(dict.fromkeys(r.map for r in results))
    others = [a for a in dict.fromkeys(r.agent for r in results) if a != first]
    rows = []
    for path in maps:
        for other in others:
            games = sorted(g for (m, a, g) in by_key if m == path and a == first and (m, other, g) in by_key)
            if not games:
                continue
            mine = [by_key[(path, first, g)] for g in games]
            theirs = [by_key[(path, other, g)] for g in games]
            losses = sum(not r.won for r in mine)
            their_losses = sum(not r.won for r in theirs)
            both = [(a.turns, b.turns) for a, b in zip(mine, theirs) if a.won and b.won]
            rows.append({
                "map": path, "agent": first, "versus": other, "games": len(games),
                "losses": losses, "versus_losses": their_losses,
                "loss_ratio": round(losses / their_losses, 4) if their_losses else None,
                "both_won": len(both),
                "turns_both_won": round(statistics.mean(t for t, _ in both), 2) if both else None,
                "versus_turns_both_won": round(statistics.mean(t for _, t in both), 2) if both else None,
                "behind_at_turn": _behind_at(mine, theirs),
            })
    return rows


def _behind_at(mine: list[GameResult], theirs: list[GameResult]) -> int | None:
    last = max([r.turns for r in mine + theirs if r.won], default=0)
    count_mine = [0] * (last + 2)
    count_theirs = [0] * (last + 2)
    for r in mine:
        if r.won:
            count_mine[r.turns] += 1
    for r in theirs:
        if r.won:
            count_theirs[r.turns] += 1
    a = b = 0
    for t in range(last + 1):
        a += count_mine[t]
        b += count_theirs[t]
        if b > a:
            return t
    return None
