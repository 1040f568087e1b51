"""The students' centre rushes: a bot against the openings of the course's recorded games in which
one player went for the stars in the middle of the board early.

    python examples/duel_rushes.py [--bot default] [--nodes 750] [--then trapper] [--workers 2]
                                   [--logs ../shared/data/duel/golden-logs] [--map ../shared/data/duel/20map]

On the course's 20x20 map whoever takes the four middle stars multiplies its score by 16. In many
of the recorded games (all on that map, from its start) one student bot went straight for them.
Each such opening (the rushing side's recorded moves up to its last middle star, one per distinct
move list) plays here as a scripted opponent, which then plays ``--then`` (a recorded move that
would be illegal here hands over early). ``--bot`` plays the other side. With ``--nodes`` the
default bot searches a fixed number of nodes (the same games on any machine); otherwise it plays
on the clock (``--move-time``).

Prints one line per game and the won-lost-tied count. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.duel.protocol import MOVES  # noqa: E402

SHARED = ROOT.parent / "shared" / "data" / "duel"
LATEST = 80   # the rusher's second middle star by this round


def middle_stars(board) -> set[int]:
    """The star cells in the middle third of the board, both ways."""
    rows, cols = board.rows, board.cols
    return {r * cols + c for r in range(rows) for c in range(cols)
            if board.floor[r * cols + c] == "s" and rows <= 3 * r < 2 * rows and cols <= 3 * c < 2 * cols}


def read_moves(path: Path, board) -> list[tuple[str, str]]:
    """The (player, move) records of a judge's log, read by the rules' own replay (an invalid
    output, which ends a game, is left out)."""
    from game.duel.log import replay_log

    return [(r.player, r.text) for r in replay_log(board, path.read_text()).records if r.text in MOVES]


def rushes(logs: Path, board) -> list[tuple[str, str, tuple[str, ...]]]:
    """(log file, rushing side, its moves up to its last middle star), one for every distinct
    opening in which one side took the first two middle stars, the second by round ``LATEST``."""
    from game.duel.rules import initial_state, step

    middle = sum(1 << c for c in middle_stars(board))
    manifest = logs / "MANIFEST.json"
    if not manifest.is_file():
        raise SystemExit(f"{manifest}: not found (the course's recorded games; --logs names their folder)")
    found: dict[tuple[str, tuple[str, ...]], str] = {}
    for entry in json.loads(manifest.read_text()):
        moves = read_moves(logs / entry["file"], board)
        st = initial_state(board)
        played = {"A": 0, "B": 0}
        took: list[tuple[str, int, int]] = []   # (side, its moves so far, round) per middle star taken
        for side, move in moves:
            if st.outcome is not None or side != st.mover:
                break
            played[side] += 1
            before = st.taken
            st, _ = step(st, move)
            if (st.taken ^ before) & middle:
                took.append((side, played[side], st.round))
        if len(took) >= 2 and took[0][0] == took[1][0] and took[1][2] <= LATEST:
            side = took[0][0]
            last = max(n for s, n, _ in took if s == side)
            found.setdefault((side, tuple(m for s, m in moves if s == side)[:last]), entry["file"])
    return sorted((name, side, script) for (side, script), name in found.items())


class _Setup:
    """What every game shares (module level, so worker processes can read it: see ``_init``)."""
    board = None
    bot = "default"
    nodes = 0
    then = "trapper"
    move_time = 0.3


def _our_bot(seed: int):
    from game.duel.bots import make_bot
    from game.duel.bots.default import DefaultBot

    if _Setup.bot == "default" and _Setup.nodes:
        return DefaultBot(seed=seed, move_time=30.0, node_budget=_Setup.nodes)
    return make_bot(_Setup.bot, seed=seed, move_time=_Setup.move_time)


def play(rush: tuple[str, str, tuple[str, ...]]) -> str:
    """One game against one rush: its line (log, our side, W/L/T, scores, middle stars taken)."""
    from game.duel.bots import make_bot
    from game.duel.rules import initial_state, observe, step

    name, side, script = rush
    me = "B" if side == "A" else "A"
    ours, then = _our_bot(0), make_bot(_Setup.then, seed=1, move_time=_Setup.move_time)
    middle = sum(1 << c for c in middle_stars(_Setup.board))
    st = initial_state(_Setup.board)
    i, scripted, took = 0, True, {"A": 0, "B": 0}
    while st.outcome is None:
        mover = st.mover
        move = None
        if mover == me:
            move = ours.act(observe(st)).move
        elif scripted and i < len(script):
            move, i = script[i], i + 1
            nxt, _ = step(st, move)
            if nxt.outcome is not None and nxt.outcome.offender:
                move = None   # illegal here: the scripted side plays on as --then
        if move is None:
            scripted = False
            move = then.act(observe(st)).move
        before = st.taken
        st, _ = step(st, move)
        if (st.taken ^ before) & middle:
            took[mover] += 1
    result = "W" if st.outcome.winner == f"{me} Win" else "T" if st.outcome.winner == "Tie" else "L"
    return (f"{name} {_Setup.bot}={me} {result} {st.score_a}-{st.score_b} script={len(script)} followed={i}"
            f" middle A{took['A']} B{took['B']}")


def main(argv=None) -> int:
    from game.duel.mapfile import read_map

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot", default="default")
    ap.add_argument("--nodes", type=int, default=750, help="the default bot's fixed search (0: on the clock)")
    ap.add_argument("--move-time", type=float, default=0.3)
    ap.add_argument("--then", default="trapper", help="what the scripted side plays after its script")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="play only the first N rushes")
    ap.add_argument("--logs", type=Path, default=SHARED / "golden-logs")
    ap.add_argument("--map", type=Path, default=SHARED / "20map")
    args = ap.parse_args(argv)
    if not args.map.is_file():
        raise SystemExit(f"{args.map}: not found (the course's 20x20 map; --map names it)")
    _Setup.board, _Setup.bot, _Setup.nodes = read_map(str(args.map)), args.bot, args.nodes
    _Setup.then, _Setup.move_time = args.then, args.move_time
    games = rushes(args.logs, _Setup.board)
    if args.limit:
        games = games[:args.limit]
    print(f"{len(games)} distinct rushes in {args.logs}", flush=True)
    tally = {"W": 0, "L": 0, "T": 0}
    setup = {key: getattr(_Setup, key) for key in _SETUP}
    with Pool(max(1, args.workers), initializer=_init, initargs=(setup,)) as pool:
        for line in pool.imap(play, games):
            tally[line.split()[2]] += 1
            print(line, flush=True)
    print(f"{_Setup.bot}: {tally['W']}-{tally['L']}-{tally['T']} (won-lost-tied)")
    return 0


_SETUP = ("board", "bot", "nodes", "then", "move_time")


def _init(setup: dict) -> None:
    for key in _SETUP:
        setattr(_Setup, key, setup[key])


if __name__ == "__main__":
    raise SystemExit(main())
