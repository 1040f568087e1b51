"""Trace one game of the replay lists: what both bots said at each move of some rounds, the board at
each of our turns, the score every few rounds. The game is played as ``examples/duel_replays.py``
plays it (the same board, opening, seeds and fixed search), so any line it printed can be traced.

    python examples/duel_trace.py GAME [--rounds R1-R2] [--boards] [--scores N] [--no-opening]
                                  [--nodes N] [--ours BOT] [--code DIR]

``GAME`` is ``label:seed:side:opponent`` as the replays print it (``gen9x19-241896:1:B:trapper``;
any generated board's label names it, whichever ``--generated-seed`` listed it); with
``--no-opening``, a game ``duel_replays.py --no-opening`` played, from the map's own start.
Each line: ``ROUND PLAYER: REASON`` (``default``'s reasons say its target, the other's steps to it,
its share of the board and the search's depth); ``--boards`` adds the grid before each of our
moves in the rounds asked for, ``--scores N`` a line ``ROUND score A-B`` every N rounds. Ends with
the game's line as the replays print it. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import duel_replays as replays  # noqa: E402


def _rounds(text: str) -> tuple[int, int]:
    first, _, last = text.partition("-")
    if not first.isdigit() or not (last or first).isdigit() or int(first) > int(last or first):
        raise argparse.ArgumentTypeError(f"expected R1-R2 (rounds, R1 <= R2) or R, got {text!r}")
    return int(first), int(last or first)


def trace(game: tuple[str, int, str, str], board_spec, rounds: tuple[int, int], boards: bool, scores: int,
          ours: str, out=print, no_opening: bool = False) -> str:
    """Plays ``game`` on ``board_spec`` (a bench MapSpec) and prints its trace; returns the game's line."""
    from game.duel.bots import benchmark as bench
    from game.duel.rules import grid_rows

    side = game[2]
    first, last = rounds
    # (round, slot, lines): in each round the score, then A's board and reason, then B's.
    entries: list = []
    scored: set = set()

    def on_event(state, events):
        if state.over:
            return
        if scores and state.mover == "A" and state.round % scores == 0 and state.round not in scored:
            scored.add(state.round)
            entries.append((state.round, 0, [f"{state.round:4d} score {state.score_a}-{state.score_b}"]))
        if boards and state.mover == side and first <= state.round <= last:
            lines = [f"{state.round:4d} board: A{state.position('A')} {state.score_a}, B{state.position('B')} "
                     f"{state.score_b}, stunned {state.stun_a}/{state.stun_b}"]
            lines += [f"     {r:3d} {row}" for r, row in enumerate(grid_rows(state))]
            entries.append((state.round, 1 if side == "A" else 3, lines))

    reasons: list = []
    row = bench.play_one(replays.game_spec(game, board_spec, ours, no_opening), on_event=on_event, reasons=reasons)
    for player, round_, reason in reasons:
        if first <= round_ <= last and reason != "seeded opening":
            entries.append((round_, 2 if player == "A" else 4, [f"{round_:4d} {player}: {reason}"]))
    for _, _, lines in sorted(entries, key=lambda e: e[:2]):
        for text in lines:
            out(text)
    line = replays.game_line(game, row)
    out(line)
    return line


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="label:seed:side:opponent, as examples/duel_replays.py prints it")
    ap.add_argument("--rounds", type=_rounds, default=(1, 1000), metavar="R1-R2",
                    help="the rounds whose reasons (and boards) are printed (default: all)")
    ap.add_argument("--boards", action="store_true", help="also the grid before each of our moves in those rounds")
    ap.add_argument("--scores", type=int, default=0, metavar="N", help="the score every N rounds")
    ap.add_argument("--no-opening", action="store_true",
                    help="from the map's own start, as duel_replays.py --no-opening plays it")
    replays.add_play_options(ap)
    args = ap.parse_args(argv)
    if args.scores < 0:
        raise SystemExit("--scores must not be negative")
    _, ours = replays.apply_play_options(args)
    if replays._bad_variant(args.ours):
        raise SystemExit(f"--ours: expected a bot name, got {args.ours!r}")
    games = replays.parse_games(args.game, "", "GAME")
    if len(games) != 1 or not games[0][3]:
        raise SystemExit(f"GAME: expected label:seed:side:opponent, got {args.game!r}")
    game = games[0]
    maps = replays.boards(missing=lambda note: None)
    spec = maps.get(game[0]) or replays.generated_board(game[0])
    if spec is None:
        raise SystemExit(f"unknown board: {game[0]} (known: {', '.join(maps)}, or any generated board's label)")
    trace(game, spec, args.rounds, args.boards, args.scores, ours, no_opening=args.no_opening)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
