"""The duel bench: every pair of bots on every map, both sides, seeded variants; results and a chart.

Games are played by the engine's :func:`game.duel.match.play_match` (so ``cmd:`` programs take
part through its judge exactly like built-in bots). A course map is point-symmetric and most bots
are deterministic, so the same pair on the same map would play the same game again; so games
start with a *seeded opening*: both players' first ``k`` moves are random legal moves drawn from
the game's seed (the bots are not asked), after which the bots play. Game 0 on a map file is the
map as it is (as the course's judge played it). Generated maps (the engine's generator, sizes
8..30 on each side, square and not) add boards nobody tuned for; every game on them has an
opening. An opening that would hand a copycat the game (the players left point-symmetric, or A
unable to keep B from its mirror image) is drawn again: from there no bot playing A can win
against ``mirror``, and the game would measure nothing (:func:`copy_forced`).
"""

from __future__ import annotations

import csv
import json
import random
import re
import statistics
from collections import Counter, defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

from game.duel.config import MAX_SIDE, MIN_SIDE, DuelConfig
from game.duel.protocol import DELTAS, MOVES, DuelObservation
from game.tournament.ratings import wilson  # the one 95% Wilson interval, shared by every bench

GAME_COLUMNS = ["map", "A", "B", "seed", "winner", "score_a", "score_b", "end", "rounds"]
ERROR_KINDS = ("time out", "invalid move", "invalid output format")
OPENING_MIN, OPENING_MAX = 2, 20


@dataclass(frozen=True)
class MapSpec:
    """A board to play on: a file, or a generated board (rows, cols, seed)."""
    label: str
    path: str | None = None
    rows: int = 0
    cols: int = 0
    seed: int = 0

    def board(self):
        if self.path is not None:
            from game.duel.mapfile import read_map

            return read_map(self.path)
        from game.duel.generator import generate_board

        return generate_board(self.rows, self.cols, self.seed)


@dataclass(frozen=True)
class GameSpec:
    map: MapSpec
    a: str
    b: str
    seed: int
    opening: int          # random moves per player before the bots play (0: none)
    move_time: float
    time_limit: float | None = None   # a program's wall-clock limit per move (None: the course's 1 s)


@dataclass
class GameRow:
    map: str
    A: str
    B: str
    seed: int
    winner: str
    score_a: int
    score_b: int
    end: str
    rounds: int
    opening: int = 0
    errors: dict = field(default_factory=dict)     # "A"/"B" -> error kind committed
    times_a: list = field(default_factory=list)    # seconds per move the bot answered
    times_b: list = field(default_factory=list)
    note: str = ""


def generated_maps(count: int, seed: int, low: int = 8, high: int = 30) -> list[MapSpec]:
    """``count`` generated boards with sides drawn from ``low..high`` (every third one square)."""
    rng = random.Random(f"duel-bench-maps:{seed}")
    out = []
    for i in range(count):
        rows = rng.randint(low, high)
        cols = rows if i % 3 == 0 else rng.randint(low, high)
        out.append(generated_spec(rows, cols, rng.randrange(10 ** 6)))
    return out


GENERATED_LABEL = re.compile(r"gen(\d+)x(\d+)-(\d+)")


def generated_spec(rows: int, cols: int, seed: int) -> MapSpec:
    """The generated board of these sides and generator seed, labelled ``gen{rows}x{cols}-{seed}``
    (the label names it: :func:`generated_from_label` reads it back)."""
    return MapSpec(label=f"gen{rows}x{cols}-{seed}", rows=rows, cols=cols, seed=seed)


def generated_from_label(label: str) -> MapSpec | None:
    """The generated board a label such as ``gen13x20-642737`` names (rows, columns, the
    generator's seed), or None for a label of another form or sides the generator cannot make."""
    m = GENERATED_LABEL.fullmatch(label)
    if m is None:
        return None
    rows, cols, seed = map(int, m.groups())
    spec = generated_spec(rows, cols, seed)
    if spec.label != label or not (MIN_SIDE <= rows <= MAX_SIDE and MIN_SIDE <= cols <= MAX_SIDE):
        return None   # a label written another way (gen09x11-5) would draw another opening
    return spec


def opening_length(m: MapSpec, seed: int, plain: bool = False) -> int:
    """Random moves per player before the bots play: none in a ``plain`` game, otherwise drawn
    from ``OPENING_MIN..OPENING_MAX`` by the board's label and the seed."""
    return 0 if plain else random.Random(f"opening:{m.label}:{seed}").randint(OPENING_MIN, OPENING_MAX)


def schedule(bots: list[str], maps: list[MapSpec], games: int, seed: int, move_time: float,
             focus: str | None = None, time_limit: float | None = None) -> list[GameSpec]:
    """Every unordered pair of bots (only those with ``focus`` if given), on every map, ``games``
    seeds, each seed played from both sides. Seed ``seed`` on a map file is played from the map's
    own start; every other game starts with a seeded opening."""
    specs = []
    for i, x in enumerate(bots):
        for y in bots[i + 1:]:
            if focus is not None and focus not in (x, y):
                continue
            for m in maps:
                for g in range(games):
                    s = seed + g
                    # Game 0 on a map file is the map as it is (the course's own games start so);
                    # a generated board has no such game: every one starts with an opening.
                    opening = opening_length(m, s, plain=g == 0 and m.path is not None)
                    # The limit binds programs only: games of in-process bots stay the same games.
                    limit = time_limit if x.startswith("cmd:") or y.startswith("cmd:") else None
                    specs.append(GameSpec(m, x, y, s, opening, move_time, limit))
                    specs.append(GameSpec(m, y, x, s, opening, move_time, limit))
    return specs


OPENING_DRAWS = 20    # tries at an opening that does not hand a copycat the game (then the last is kept)


def draw_opening_move(obs: DuelObservation, rng: random.Random, last: bool) -> str:
    """One random opening move for ``obs.me``: legal, off mines when it can; B's ``last`` opening
    move, when it can, not onto the mirror image of A's cell (the map's own symmetric start)."""
    from .common import legal_moves

    r, c = obs.position(obs.me)
    legal = legal_moves(obs)
    safe = [m for m in legal if obs.grid[r + DELTAS[m][0]][c + DELTAS[m][1]] != "b"]
    pool = safe or legal or list(MOVES)
    if obs.me == "B" and last:
        ar, ac = obs.position("A")
        mirror = (obs.rows - 1 - ar, obs.cols - 1 - ac)
        apart = [m for m in pool if (r + DELTAS[m][0], c + DELTAS[m][1]) != mirror]
        pool = apart or pool
    return rng.choice(pool)


def copy_forced(state) -> bool:
    """True when, A to move, a copycat B (answering each of A's moves with its mirror image) is
    already copying or can start on its next move whatever A does: the players stand
    point-symmetric, or every legal move of A leaves B one step from the mirror image of A's new
    cell. From there a position with no centre cell is at best a tie for A, which says nothing
    about A's play; such an opening is drawn again."""
    from game.duel.rules import legal_moves

    if state.outcome is not None or state.mover != "A" or state.stun_b:
        return False
    board = state.board
    last = board.rows * board.cols - 1
    if state.pos_b == last - state.pos_a:
        return True
    moves = legal_moves(state, "A")
    if not moves:
        return False
    a_next = [board.neighbours[state.pos_a][MOVES.index(m)] for m in moves]
    b_next = {n for n in board.neighbours[state.pos_b] if n >= 0}
    # Wherever A steps (cell c), B can step onto c's mirror image (which is never c itself here).
    return all(last - c in b_next and last - c != c for c in a_next)


def opening_moves(board, k: int, seed: int) -> dict[str, list[str]]:
    """Both players' first ``k`` moves, drawn from ``seed`` and played out on the rules (the same
    whichever bots play the sides). An opening that ends :func:`copy_forced` is drawn again with
    the next draw's generators (at most ``OPENING_DRAWS`` draws; the last is kept)."""
    from game.duel.rules import initial_state, observe, step

    moves: dict[str, list[str]] = {"A": [], "B": []}
    for draw in range(OPENING_DRAWS):
        suffix = "" if draw == 0 else f":{draw}"
        rngs = {side: random.Random(f"opening:{seed}:{side}{suffix}") for side in "AB"}
        moves = {"A": [], "B": []}
        state = initial_state(board)
        while state.outcome is None and len(moves[state.mover]) < k:
            side = state.mover
            move = draw_opening_move(observe(state), rngs[side], last=len(moves[side]) == k - 1)
            moves[side].append(move)
            state, _ = step(state, move)
        if not copy_forced(state):
            break
    return moves


class OpeningPlayer:
    """Plays a side's opening moves (:func:`opening_moves`), then hands over to the real player."""

    def __init__(self, inner, moves: list[str]):
        self.inner, self.moves = inner, list(moves)
        self.done = 0
        self.label = getattr(inner, "label", "")

    def answer(self, obs: DuelObservation):
        from game.duel.match import Answer

        if self.done < len(self.moves):
            self.done += 1
            return Answer(self.moves[self.done - 1] + "\n", 0.0, reason="seeded opening")
        return self.inner.answer(obs)

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if close:
            close()


def play_one(spec: GameSpec, workdir: str | None = None, on_event=None, reasons: list | None = None) -> GameRow:
    """One game of the bench. ``on_event`` is :func:`play_match`'s; ``reasons``, a list, gets the
    in-process bots' reasons, (player, round, reason), opening moves included (to trace a game)."""
    from game.duel.match import make_player, play_match

    board = spec.map.board()
    config = DuelConfig() if spec.time_limit is None else DuelConfig(time_limit=spec.time_limit)
    opening = opening_moves(board, spec.opening, spec.seed) if spec.opening else None
    players: list = []
    folders: list[str] = []
    if spec.a.startswith("cmd:") or spec.b.startswith("cmd:"):
        from game.duel.judge import install_cleanup

        install_cleanup()  # SIGTERM from here on unwinds (programs killed, folders removed), not kills
    try:  # the folders go whatever ends the game, a SIGTERM while the second one is made included
        for side, name, s in (("A", spec.a, spec.seed), ("B", spec.b, spec.seed + 1)):
            wd = None
            if name.startswith("cmd:"):
                import tempfile

                wd = tempfile.mkdtemp(prefix=f"duel-bench-{side}-")
                folders.append(wd)
            player = make_player(name, seed=s, config=config, workdir=wd, move_time=spec.move_time)
            players.append(OpeningPlayer(player, opening[side]) if opening else player)
        result = play_match(board, players[0], players[1], config=config, seed=spec.seed,
                            move_time=spec.move_time, on_event=on_event)
    finally:
        import shutil

        for wd in folders:
            shutil.rmtree(wd, ignore_errors=True)
    if reasons is not None:
        reasons.extend(result.reasons)
    errors = {}
    outcome = result.final.outcome
    if getattr(outcome, "offender", None):
        errors[outcome.offender] = outcome.message
    ka, kb = (len(opening["A"]), len(opening["B"])) if opening else (0, 0)
    return GameRow(map=spec.map.label, A=spec.a, B=spec.b, seed=spec.seed, winner=result.winner,
                   score_a=result.score_a, score_b=result.score_b, end=result.message, rounds=result.rounds,
                   opening=spec.opening, errors=errors, times_a=list(result.times["A"][ka:]),
                   times_b=list(result.times["B"][kb:]), note="; ".join(result.notes[:3]))


def _play_safely(spec: GameSpec) -> GameRow:
    try:
        return play_one(spec)
    except Exception as exc:  # a broken user bot must not stop the bench: the game is recorded as lost
        return GameRow(map=spec.map.label, A=spec.a, B=spec.b, seed=spec.seed, winner="error", score_a=0,
                       score_b=0, end=f"bench error: {type(exc).__name__}: {exc}", rounds=0, opening=spec.opening)


def run(specs: list[GameSpec], workers: int = 1, progress=None) -> list[GameRow]:
    rows: list[GameRow] = []
    total = len(specs)
    if progress:
        progress(0, total)
    if workers <= 1:
        for spec in specs:
            rows.append(_play_safely(spec))
            if progress:
                progress(len(rows), total)
        return rows
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_play_safely, spec) for spec in specs]
        for fut in as_completed(futures):
            rows.append(fut.result())
            if progress:
                progress(len(rows), total)
    order = {(s.map.label, s.a, s.b, s.seed): i for i, s in enumerate(specs)}
    rows.sort(key=lambda r: order.get((r.map, r.A, r.B, r.seed), 0))
    return rows




def summarise(rows: list[GameRow], bots: list[str]) -> list[dict]:
    """One row per bot and opponent (the bot's view over both sides), then one per bot over all."""
    acc: dict[tuple[str, str], dict] = defaultdict(lambda: {"wins": 0, "losses": 0, "ties": 0, "scores": [],
                                                            "errors": Counter(), "times": [], "broken": 0})
    for r in rows:
        for side, me, other in (("A", r.A, r.B), ("B", r.B, r.A)):
            for key in ((me, other), (me, "*")):
                a = acc[key]
                if r.winner == "error":
                    a["broken"] += 1
                    continue
                won = r.winner == f"{side} Win"
                lost = r.winner in ("A Win", "B Win") and not won
                a["wins"] += won
                a["losses"] += lost
                a["ties"] += r.winner == "Tie"
                a["scores"].append(r.score_a if side == "A" else r.score_b)
                if side in r.errors:
                    a["errors"][r.errors[side]] += 1
                a["times"].extend(r.times_a if side == "A" else r.times_b)
    out = []
    for me in bots:
        for other in [b for b in bots if b != me] + ["*"]:
            a = acc.get((me, other))
            if a is None:
                continue
            games = a["wins"] + a["losses"] + a["ties"]
            lo, hi = wilson(a["wins"], games)
            times = a["times"]
            out.append({
                "bot": me, "opponent": "all" if other == "*" else other, "games": games,
                "wins": a["wins"], "losses": a["losses"], "ties": a["ties"],
                "win_rate": a["wins"] / games if games else 0.0, "ci_low": lo, "ci_high": hi,
                "mean_score": statistics.fmean(a["scores"]) if a["scores"] else 0.0,
                **{f"errors_{k.replace(' ', '_')}": a["errors"].get(k, 0) for k in ERROR_KINDS},
                "mean_move_ms": 1000 * statistics.fmean(times) if times else 0.0,
                "max_move_ms": 1000 * max(times) if times else 0.0,
                "moves": len(times), "bench_errors": a["broken"],
            })
    return out


NAME_WIDTH = (14, 40)  # the table's bot columns: at least, at most


def short_name(name: str, width: int) -> str:
    """``name`` in ``width`` characters: cut in the middle, keeping its start (``cmd:``) and its
    end (a program's file name), so two programs in one folder stay apart."""
    if len(name) <= width:
        return name
    keep = width - 3
    return name[: keep // 3] + "..." + name[len(name) - (keep - keep // 3):]


def table(summary: list[dict]) -> str:
    """The bench's table, with a 'not played' column (games that could not be played: their
    worker died twice, counted for neither side) and n/a for the rate and interval of a row
    with no game."""
    longest = max((len(s[k]) for s in summary for k in ("bot", "opponent")), default=0)
    n = max(NAME_WIDTH[0], min(NAME_WIDTH[1], longest))
    head = (f"{'bot':<{n}} {'vs':<{n}} {'games':>5} {'W':>5} {'L':>5} {'T':>4} {'win%':>6} {'95% CI':>13} "
            f"{'score':>10} {'timeout':>7} {'badmove':>7} {'badout':>6} {'ms/mv':>6} {'max ms':>7} {'not played':>10}")
    lines = [head, "-" * len(head)]
    for s in summary:
        rate = f"{100 * s['win_rate']:>5.1f}%" if s["games"] else "n/a"
        ci = f"{100 * s['ci_low']:>5.1f}-{100 * s['ci_high']:>5.1f}%" if s["games"] else "n/a"
        lines.append(
            f"{short_name(s['bot'], n):<{n}} {short_name(s['opponent'], n):<{n}} {s['games']:>5} {s['wins']:>5} "
            f"{s['losses']:>5} {s['ties']:>4} {rate:>6} {ci:>13} "
            f"{s['mean_score']:>10.1f} {s.get('errors_time_out', 0):>7} {s.get('errors_invalid_move', 0):>7} "
            f"{s.get('errors_invalid_output_format', 0):>6} {s['mean_move_ms']:>6.1f} {s['max_move_ms']:>7.1f} "
            f"{s.get('bench_errors', 0):>10}")
    return "\n".join(lines)


def write_outputs(out: Path, rows: list[GameRow], summary: list[dict], config: dict) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    p = out / "results.json"
    p.write_text(json.dumps({"config": config, "results": summary}, indent=2) + "\n")
    written.append(p)
    p = out / "results.csv"
    with p.open("w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(summary[0].keys()) if summary else ["bot"])
        w.writeheader()
        w.writerows(summary)
    written.append(p)
    p = out / "games.csv"
    with p.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(GAME_COLUMNS)
        for r in rows:
            w.writerow([getattr(r, c) for c in GAME_COLUMNS])
    written.append(p)
    p = chart(out / "winrate.png", summary)
    if p is not None:
        written.append(p)
    return written


def chart(path: Path, summary: list[dict]) -> Path | None:
    """Win rate of each bot against each other bot, with its 95% interval (matplotlib, no window)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    pairs = [s for s in summary if s["opponent"] != "all"]
    bots = list(dict.fromkeys(s["bot"] for s in pairs))
    opponents = list(dict.fromkeys(s["opponent"] for s in pairs))
    if not pairs:
        return None
    fig, ax = plt.subplots(figsize=(max(6, 1.4 * len(bots) * max(1, len(opponents)) / 2), 4.5), dpi=100)
    width = 0.8 / max(1, len(opponents))
    for j, opp in enumerate(opponents):
        xs, ys, lo, hi = [], [], [], []
        for i, bot in enumerate(bots):
            s = next((s for s in pairs if s["bot"] == bot and s["opponent"] == opp), None)
            if s is None:
                continue
            xs.append(i + (j - (len(opponents) - 1) / 2) * width)
            ys.append(100 * s["win_rate"])
            # Rounding can put a 100% rate a hair above its interval's top: an error bar is never negative.
            lo.append(max(0.0, 100 * (s["win_rate"] - s["ci_low"])))
            hi.append(max(0.0, 100 * (s["ci_high"] - s["win_rate"])))
        ax.bar(xs, ys, width, yerr=[lo, hi], capsize=2, label=f"vs {opp}")
    ax.set_xticks(range(len(bots)), bots)
    ax.set_ylabel("win rate (%), 95% interval")
    ax.set_ylim(0, 100)
    ax.set_title("Treasure Duel bench: each bot against each other bot, both sides")
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    return path


def row_dict(r: GameRow) -> dict:
    return asdict(r)


__all__ = ["MapSpec", "GameSpec", "GameRow", "generated_maps", "schedule", "play_one", "run", "summarise",
           "table", "write_outputs", "chart", "wilson", "GAME_COLUMNS"]
