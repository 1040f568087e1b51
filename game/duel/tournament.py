"""The duel's part in the tournament runner (``game.tournament``): a bench game as a job, and
back. ``run.py duel bench`` builds its schedule (:mod:`game.duel.bots.benchmark`), and the runner
plays it on local processes or a Dask cluster, storing every game as it finishes.

A job carries the map's text (a generated board is written out as text too), the two player
specs (A, B), the seed, the seeded opening's length and the move budget, so any worker can play
it and its result is identified by what decides the game.
"""

from __future__ import annotations

import time

from dataclasses import dataclass

from game.tournament import Job, Outcome, make_options

from .bots.benchmark import GameRow, GameSpec, MapSpec, play_one
from .mapfile import format_map, parse_map

PLAY = "game.duel.tournament:play_job"


def _map_text(m: MapSpec) -> str:
    if m.path is not None:
        with open(m.path, encoding="utf-8") as f:
            return f.read()
    return format_map(m.board())


def jobs_of(specs: list[GameSpec]) -> list[Job]:
    texts: dict[MapSpec, str] = {}
    out = []
    for spec in specs:
        if spec.map not in texts:
            texts[spec.map] = _map_text(spec.map)
        out.append(Job("duel", (spec.a, spec.b), spec.map.label, texts[spec.map], spec.seed,
                       make_options(opening=spec.opening, move_time=spec.move_time, time_limit=spec.time_limit)))
    return out


@dataclass(frozen=True)
class JobMap(MapSpec):
    """A map whose board comes from the job's text (all a remote worker has), not a file."""

    text: str = ""

    def board(self):
        return parse_map(self.text, self.label)


def _spec_of(job: Job) -> GameSpec:
    return GameSpec(JobMap(label=job.setup_name, text=job.setup), job.players[0], job.players[1], job.seed,
                    job.option("opening", 0), job.option("move_time", 0.3), job.option("time_limit", None))


def _times(total: float, count: int, longest: float) -> list[float]:
    """Per-move times with the stored count, sum and maximum (what the bench's summary reads)."""
    if count <= 0:
        return []
    if count == 1:
        return [longest]
    return [longest] + [(total - longest) / (count - 1)] * (count - 1)


def play_job(job: Job) -> Outcome:
    """One bench game on any worker: the duel's :func:`play_one`, as an :class:`Outcome`."""
    started = time.perf_counter()
    row = play_one(_spec_of(job))
    seconds = time.perf_counter() - started
    ranks = {"A Win": (0, 1), "B Win": (1, 0)}.get(row.winner, (0, 0))
    timing = {"a_moves": len(row.times_a), "a_total": sum(row.times_a), "a_max": max(row.times_a, default=0.0),
              "b_moves": len(row.times_b), "b_total": sum(row.times_b), "b_max": max(row.times_b, default=0.0)}
    moves = row.times_a + row.times_b
    return Outcome(seconds=seconds, ranks=ranks, scores=(row.score_a, row.score_b), turns=row.rounds,
                   mean_move_seconds=sum(moves) / len(moves) if moves else 0.0,
                   max_move_seconds=max(moves, default=0.0),
                   errors=tuple(sorted((f"{side}: {kind}", 1) for side, kind in row.errors.items())),
                   detail=(("end", row.end), ("note", row.note), ("opening", row.opening),
                           ("winner", row.winner)),
                   timing=tuple(sorted(timing.items())))


def row_of(job: Job, outcome: Outcome) -> GameRow:
    detail, timing = dict(outcome.detail), dict(outcome.timing)
    errors = {}
    for key in dict(outcome.errors):
        side, _, kind = key.partition(": ")
        errors[side] = kind
    return GameRow(map=job.setup_name, A=job.players[0], B=job.players[1], seed=job.seed,
                   winner=detail.get("winner", ""), score_a=int(outcome.scores[0]), score_b=int(outcome.scores[1]),
                   end=detail.get("end", ""), rounds=outcome.turns, opening=int(detail.get("opening", 0)),
                   errors=errors,
                   times_a=_times(timing.get("a_total", 0.0), int(timing.get("a_moves", 0)), timing.get("a_max", 0.0)),
                   times_b=_times(timing.get("b_total", 0.0), int(timing.get("b_moves", 0)), timing.get("b_max", 0.0)),
                   note=detail.get("note", ""))


def failed_row(job: Job, why: str) -> GameRow:
    """A game the runner could not play (its worker died twice): recorded as the bench always
    recorded a broken game, never as a win or loss."""
    return GameRow(map=job.setup_name, A=job.players[0], B=job.players[1], seed=job.seed, winner="error",
                   score_a=0, score_b=0, end=f"bench error: {why}", rounds=0, opening=job.option("opening", 0))


def run_specs(specs: list[GameSpec], *, executor=None, db=None, tournament: str | None = None, progress=None):
    """Play the bench's schedule through the tournament runner; ``(rows in schedule order, run)``."""
    from game.tournament import run_tournament

    jobs = jobs_of(specs)
    run = run_tournament(PLAY, jobs, executor=executor, db=db, name=tournament, progress=progress)
    rows = {job.key: row_of(job, outcome) for job, outcome in run.results}
    rows.update({job.key: failed_row(job, why) for job, why in run.failures})
    return [rows[job.key] for job in jobs if job.key in rows], run
