"""Fixed-search replays: the default bot at a fixed node count against another bot, on the game
lists docs/DUEL-BOTS.md measures with, one line per game, the same games on any machine.

    python examples/duel_replays.py [--against searcher] [--nodes 6000] [--seeds 0 1]
                                    [--boards LABEL ...] [--games FILE] [--no-opening]
                                    [--generated-seed S]
                                    [--memoryless] [--ours BOT] [--code DIR] [--workers 2] [--out FILE]
                                    [--compare FILE]

The boards: the course's two maps (``../shared/data/duel/20map`` and ``88map``, left out with a
note when absent), ``maps/duel/duel8x8.txt``, ``duel12x30.txt``, ``duel20x20.txt`` and the
bench's 20 generated boards (``generated_maps(20, 0)``; ``--generated-seed S``: another 20, boards
none of the lists above were tuned on); any generated board can be named by its label
(``gen13x20-642737``: 13 rows, 20 columns, the generator's seed 642737); each seed is played from both sides,
with the bench's openings (seed 0 on a map file from the map's own start, every other game after
its seeded opening; ``--no-opening``: every game from the map's start). The game's seed also
seeds the bots (A gets it, B it plus one), so with ``--no-opening`` each seed gives a seeded bot
such as ``montecarlo`` another game from the map's start, where a bot that does not use its seed
(``searcher``) plays the same game for every seed. ``--games FILE`` plays a list instead, one
``label:seed:side[:opponent]`` a line, as this script prints them.

``default`` searches ``--nodes`` positions a move (by default what it searches as a course program,
6000 since session 60) and ``searcher`` its ``--opponent-nodes``, with no clock cut-off, so a
result depends on the code alone. ``--memoryless``: ``default`` starts afresh every move, as a
program whose working folder it cannot write (nothing remembered). ``--against`` takes a
comma-separated list; ``searcher-d80-c0-n3000`` is a searcher with another discount a step (0.80),
cell weight (0.00, in hundredths) or node count (any of the three, in any order): the kinds of
student search bots the held-out games may bring; ``trapper-r3`` and ``hunter-r12`` hunt from
another distance (3 or 12 steps instead of 8): trapping bots that close in sooner or later;
``montecarlo-i3000-h40`` plays 3000 playouts a move of at most 40 plies (600 and 24 by default).
``--code DIR`` plays the bots of another checkout, from this script's commit on (a change in a git
worktree, say); ``--compare`` lists the games whose result or score differs from an earlier
``--out``. ``--ours collector`` puts another bot in ``default``'s seat (``collector`` is its plan
without the search: what the search adds). Not a test: nothing is asserted.
Each line: ``label:seed:side:opponent W|L|T ours-theirs rROUNDS SECONDSs 'end'``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data" / "duel"
OWN_MAPS = ("duel8x8.txt", "duel12x30.txt", "duel20x20.txt")
NODES_ENV, OPPONENT_NODES_ENV = "DUEL_REPLAY_NODES", "DUEL_REPLAY_OPPONENT_NODES"
MEMORYLESS_ENV = "DUEL_REPLAY_MEMORYLESS"

if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def program_nodes() -> int:
    """The nodes ``default`` searches a move as a course program (``python run.py duel bot``): what
    the held-out games play against, so what the replays play by default."""
    from game.duel.bots.default import nodes_for
    from game.duel.commands.bot import PROGRAM_MOVE_TIME

    return nodes_for(PROGRAM_MOVE_TIME)


def _fixed_classes():
    """``default`` and ``searcher`` with their search sizes fixed (read from the environment, so
    worker processes, forked or spawned, see the same)."""
    from game.duel.bots.default import DefaultBot
    from game.duel.bots.sparring import SearcherBot

    class FixedDefault(DefaultBot):
        def __init__(self, seed: int = 0, move_time: float = 0.3):
            super().__init__(seed=seed, move_time=600.0, node_budget=int(os.environ[NODES_ENV]))

        def act(self, obs):
            if os.environ.get(MEMORYLESS_ENV):
                # As a program whose working folder it cannot write: started afresh every move,
                # with nothing remembered (no memory file, no search tables).
                self.__init__(seed=self.seed)
                self.from_the_start = True  # as run.py duel bot tells it
            return super().act(obs)

    class FixedSearcher(SearcherBot):
        NODES = int(os.environ.get(OPPONENT_NODES_ENV, SearcherBot.NODES))

        def __init__(self, seed: int = 0, move_time: float = 0.3):
            super().__init__(seed=seed, move_time=600.0)

    return FixedDefault, FixedSearcher


def _settings(name: str, kinds: tuple, fields: dict) -> dict | None:
    """A variant's name, ``KIND-x1-y2`` with ``KIND`` one of ``kinds``, as ``{fields[x]: 1,
    fields[y]: 2}``: at least one field, each a letter of ``fields`` and its digits, each letter
    once; None for a name of another form."""
    kind, *parts = name.split("-")
    if kind not in kinds or not parts:
        return None
    settings = {}
    for part in parts:
        key, digits = part[:1], part[1:]
        if key not in fields or not digits.isdigit() or fields[key] in settings:
            return None
        settings[fields[key]] = int(digits)
    return settings


def _searcher_variant(name: str):
    """``searcher-d80-c0-n3000`` (any of d, c, n): ``FixedSearcher`` with ``DISCOUNT`` 0.80,
    ``CELL`` 0.00 and ``NODES`` 3000; None for a name of another form."""
    settings = _settings(name, ("searcher",), {"d": "DISCOUNT", "c": "CELL", "n": "NODES"})
    if settings is None:
        return None
    settings.update({attr: settings[attr] / 100 for attr in ("DISCOUNT", "CELL") if attr in settings})
    if not 0 < settings.get("DISCOUNT", 0.9) <= 1 or settings.get("NODES", 1) < 1:
        return None
    return type(name.replace("-", "_"), (_fixed_classes()[1],), settings)


HUNTERS = ("trapper", "hunter")


def _hunter_variant(name: str):
    """``trapper-r3`` or ``hunter-r12``: the sparring bot hunting once the other is at most that many
    steps away (``HUNT_RADIUS``, 8 by default); None for a name of another form."""
    settings = _settings(name, HUNTERS, {"r": "HUNT_RADIUS"})
    if settings is None or settings["HUNT_RADIUS"] < 1:
        return None
    from game.duel.bots.sparring import HunterBot, TrapperBot

    base = TrapperBot if name.startswith("trapper-") else HunterBot
    return type(name.replace("-", "_"), (base,), settings)


def _montecarlo_variant(name: str):
    """``montecarlo-i3000-h40`` (either of i, h): the sparring ``montecarlo`` with ``ITERATIONS``
    3000 and ``HORIZON`` 40, no clock guard; None for a name of another form."""
    settings = _settings(name, ("montecarlo",), {"i": "ITERATIONS", "h": "HORIZON"})
    if settings is None or min(settings.values()) < 1:
        return None
    from game.duel.bots.sparring import MonteCarloBot

    def __init__(self, seed: int = 0, move_time: float = 0.3):
        MonteCarloBot.__init__(self, seed=seed, move_time=600.0)

    return type(name.replace("-", "_"), (MonteCarloBot,), {**settings, "__init__": __init__})


def _variant(name: str):
    """A searcher, hunter or montecarlo variant named as ``--against`` takes it, or None."""
    return _searcher_variant(name) or _hunter_variant(name) or _montecarlo_variant(name)


def _names_variant(name: str) -> bool:
    """Whether a name is of a variant's form (``searcher-...``, ``trapper-...``, ``hunter-...``,
    ``montecarlo-...``)."""
    return "-" in name and name.split("-")[0] in ("searcher", "montecarlo") + HUNTERS


def _bad_variant(name: str) -> bool:
    """Whether a name has a variant's form but names none (``trapper-r0``, ``searcher-q5``)."""
    return _names_variant(name) and _variant(name) is None


def __getattr__(name: str):
    """``FixedDefault``, ``FixedSearcher``, its variants (``searcher_d80_n3000``) and the hunters'
    (``trapper_r3``), made when a game asks for them by this file's path (the bench's players are
    names; a worker process loads this file afresh)."""
    if name in ("FixedDefault", "FixedSearcher"):
        return dict(zip(("FixedDefault", "FixedSearcher"), _fixed_classes()))[name]
    variant = _variant(name.replace("_", "-"))
    if variant is not None:
        return variant
    raise AttributeError(name)


OURS, FIXED_SEARCHER = f"{Path(__file__).resolve()}:FixedDefault", f"{Path(__file__).resolve()}:FixedSearcher"


def _load(code: str) -> None:
    """Puts the checkout whose bots play first on the path (before anything imports them); once,
    though both the command and, playing in-process, its worker set-up ask for it."""
    if code and sys.path[0] != code:
        sys.path.insert(0, code)


def generated_board(label: str):
    """The generated board a label such as ``gen13x20-642737`` names, or None (see
    ``benchmark.generated_from_label``)."""
    from game.duel.bots.benchmark import generated_from_label

    return generated_from_label(label)


def boards(missing=print, generated_seed: int = 0) -> dict:
    from game.duel.bots import benchmark as bench
    from game.duel.bots.benchmark import MapSpec

    maps = []
    for name in ("20map", "88map"):
        if (SHARED / name).is_file():
            maps.append(MapSpec(label=name, path=str(SHARED / name)))
        else:
            missing(f"{SHARED / name}: not found, left out")
    maps += [MapSpec(label=name, path=str(ROOT / "maps" / "duel" / name)) for name in OWN_MAPS]
    maps += bench.generated_maps(20, generated_seed)
    return {m.label: m for m in maps}


def parse_games(text: str, against: str, where: str) -> list[tuple[str, int, str, str]]:
    games = []
    for n, line in enumerate(text.splitlines(), 1):
        token = line.split()[0] if line.split() else ""
        if not token or token.startswith("#") or token == "TOTAL":
            continue
        parts = token.split(":")
        if len(parts) not in (3, 4) or not parts[1].isdigit() or parts[2] not in ("A", "B"):
            raise SystemExit(f"{where}:{n}: expected label:seed:side[:opponent], got {token!r}")
        opponent = parts[3] if len(parts) == 4 else against
        if _bad_variant(opponent):
            raise SystemExit(f"{where}:{n}: expected a bot name, or a searcher-d80-c0-n3000, trapper-r3 or "
                             f"montecarlo-i3000 variant, got {opponent!r}")
        games.append((parts[0], int(parts[1]), parts[2], opponent))
    return games


def _opponent(name: str) -> str:
    if name == "searcher":
        return FIXED_SEARCHER
    if _names_variant(name):
        return f"{Path(__file__).resolve()}:{name.replace('-', '_')}"
    return name


class _Setup:
    maps: dict = {}
    no_opening = False
    ours = OURS


def game_spec(game: tuple[str, int, str, str], m, ours: str, no_opening: bool = False):
    """The bench's game for a list's ``game`` on the board ``m``: the bench's seeded opening (none on
    a map file's game 0, or with ``no_opening``), ``ours`` in ``side``'s seat, no clock cut-off."""
    from game.duel.bots import benchmark as bench

    label, seed, side, against = game
    opening = bench.opening_length(m, seed, plain=no_opening or (seed == 0 and m.path is not None))
    a, b = (ours, _opponent(against)) if side == "A" else (_opponent(against), ours)
    return bench.GameSpec(m, a, b, seed, opening, 600.0)


def game_line(game: tuple[str, int, str, str], row, seconds: float | None = None) -> str:
    """A list's line for a played game: ``label:seed:side:opponent W|L|T ours-theirs rROUNDS
    [SECONDSs] 'end'``."""
    label, seed, side, against = game
    ours, theirs = (row.score_a, row.score_b) if side == "A" else (row.score_b, row.score_a)
    result = "T" if row.winner == "Tie" else "W" if row.winner.startswith(side) else "L"
    took = "" if seconds is None else f"{seconds:.0f}s "
    return f"{label}:{seed}:{side}:{against} {result} {ours}-{theirs} r{row.rounds} {took}{row.end!r}"


def play(game: tuple[str, int, str, str]) -> str:
    from game.duel.bots import benchmark as bench

    started = time.perf_counter()
    row = bench.play_one(game_spec(game, _Setup.maps[game[0]], _Setup.ours, _Setup.no_opening))
    return game_line(game, row, time.perf_counter() - started)


def compare(old_path: Path, new_lines: list[str]) -> list[str]:
    """The games of ``new_lines`` whose result or score differs from ``old_path``'s."""
    old = {}
    for line in old_path.read_text().splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] != "TOTAL":
            old[parts[0]] = parts[1:3]
    out = []
    for line in new_lines:
        parts = line.split()
        before = old.get(parts[0])
        if before is not None and before != parts[1:3]:
            flag = "  RESULT" if before[0] != parts[1] else ""
            out.append(f"{parts[0]} {' '.join(before)} -> {' '.join(parts[1:3])}{flag}")
    return out


def _init(code: str, maps: dict, no_opening: bool, ours: str = OURS) -> None:
    _load(code)
    _Setup.maps, _Setup.no_opening, _Setup.ours = maps, no_opening, ours


def add_play_options(ap) -> None:
    """The options that say how a list's games are played: ``--nodes``, ``--opponent-nodes``,
    ``--ours`` and ``--code`` (this script's and ``duel_trace.py``'s)."""
    ap.add_argument("--nodes", type=int,
                    help="default's positions searched a move (default: the program's budget in the "
                         "checkout that plays)")
    ap.add_argument("--opponent-nodes", type=int, default=1500, help="searcher's positions searched a move")
    ap.add_argument("--ours", default="default", metavar="BOT",
                    help="the bot in default's seat (default: default; collector is its plan without "
                         "the search, so --ours collector measures what the search adds)")
    ap.add_argument("--code", default="", help="a checkout whose bots play (default: this one)")


def apply_play_options(args) -> tuple[str, str]:
    """Loads ``--code``'s bots and fixes both search sizes (``--nodes`` defaults to the program's);
    returns the checkout's path ("" for this one) and the bot for ours' seat."""
    code = str(Path(args.code).resolve()) if args.code else ""
    _load(code)  # before anything imports the bots (program_nodes does)
    if args.nodes is None:
        args.nodes = program_nodes()
    if args.nodes < 1 or args.opponent_nodes < 1:
        raise SystemExit("--nodes and --opponent-nodes must be positive")
    os.environ[NODES_ENV], os.environ[OPPONENT_NODES_ENV] = str(args.nodes), str(args.opponent_nodes)
    return code, OURS if args.ours == "default" else _opponent(args.ours)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default="searcher",
                    help="the other bot, or several separated by commas: searcher (fixed search), a variant "
                         "such as searcher-d80-c0-n3000 (discount, cell weight in hundredths, nodes), trapper-r3 or "
                         "hunter-r12 (hunting from 3 or 12 steps), montecarlo-i3000-h40 (playouts, their "
                         "plies), or any bot name")
    ap.add_argument("--boards", nargs="+", metavar="LABEL", help="only these boards (e.g. 20map 88map)")
    add_play_options(ap)
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1])
    ap.add_argument("--games", type=Path, help="a list of label:seed:side[:opponent] lines instead")
    ap.add_argument("--no-opening", action="store_true", help="every game from the map's own start")
    ap.add_argument("--generated-seed", type=int, default=0,
                    help="which 20 generated boards (generated_maps(20, S)); 0: the boards the lists use")
    ap.add_argument("--memoryless", action="store_true",
                    help="default remembers nothing from move to move (a program whose working folder is read-only)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--out", type=Path, help="also append the lines to this file")
    ap.add_argument("--compare", type=Path, help="an earlier output: list the games that differ")
    args = ap.parse_args(argv)
    code, ours = apply_play_options(args)
    if args.memoryless:
        os.environ[MEMORYLESS_ENV] = "1"
    maps = boards(missing=lambda note: print(note, file=sys.stderr), generated_seed=args.generated_seed)
    opponents = [name.strip() for name in args.against.split(",") if name.strip()]
    bad = [name for name in opponents + [args.ours] if _bad_variant(name)]
    if not opponents or bad:
        raise SystemExit(f"--against or --ours: expected bot names, searcher-d80-c0-n3000, trapper-r3 or "
                         f"montecarlo-i3000 variants, got {args.against!r} and {args.ours!r}")
    if args.games:
        games = parse_games(args.games.read_text(), opponents[0], str(args.games))
    else:
        labels = args.boards or list(maps)
        games = [(label, s, side, against) for against in opponents for label in labels
                 for s in args.seeds for side in "AB"]
    for label in {g[0] for g in games} - set(maps):
        spec = generated_board(label)
        if spec is not None:
            maps[label] = spec
    unknown = sorted({g[0] for g in games} - set(maps))
    if unknown:
        raise SystemExit(f"unknown boards: {', '.join(unknown)} (known: {', '.join(maps)})")
    out = args.out.open("a") if args.out else None
    tally, lines = {"W": 0, "L": 0, "T": 0}, []
    setup = (code, maps, args.no_opening, ours)
    pool = Pool(args.workers, initializer=_init, initargs=setup) if args.workers > 1 else None
    if pool is None:
        _init(*setup)

    def emit(text: str) -> None:
        for f in (sys.stdout, out):
            if f is not None:
                print(text, file=f, flush=True)

    try:
        for line in pool.imap(play, games) if pool else map(play, games):
            tally[line.split()[1]] += 1
            lines.append(line)
            emit(line)
        emit(f"TOTAL {tally['W']}-{tally['L']}-{tally['T']}")
    finally:
        if pool is not None:
            pool.terminate()
        if out is not None:
            out.close()
    if args.compare:
        diffs = compare(args.compare, lines)
        print(f"{len(diffs)} of {len(lines)} games differ from {args.compare}")
        print("\n".join(diffs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
