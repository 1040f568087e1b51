"""``run.py sy play``: one headless game between built-in players, with a readable log."""

from __future__ import annotations

import argparse
import os
import sys

from game.cli import UsageError, new_record_path, positive_seconds

HELP = "play one Scotland Yard game headless and print its log (--record FILE writes a JSON game record)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mrx", default="random", metavar="NAME",
                        help="Mr X's player: a built-in name (e.g. random) or package.module:Class")
    parser.add_argument("--detectives", default="random", metavar="NAME",
                        help="the detectives' player: a built-in name (e.g. random) or package.module:Class")
    parser.add_argument("--seed", type=int, default=0, help="draws the start stations and seeds the players")
    parser.add_argument("--move-time", type=float, default=1.0, metavar="SECONDS",
                        help="time budget per move for players that search (default 1.0)")
    parser.add_argument("--record", metavar="FILE", help="write the game as a JSON record (for replays); never overwrites")
    parser.add_argument("--quiet", action="store_true", help="print only the winner line")


def _pieces(pieces) -> str:
    return ", ".join(p.name for p in sorted(pieces, key=lambda p: p._value_))


def run(args) -> int:
    try:
        return _run(args)
    except BrokenPipeError:  # the log was piped into `head` or similar: stop quietly
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


def _run(args) -> int:
    from game.scotlandyard import DetectivesView, MrXView, standard_game
    from game.scotlandyard.record import RecordError, make_record, write_record

    try:
        from game.scotlandyard.ai import AiNotFound, create_player
    except ImportError as exc:  # the AI package is another issue's work
        raise UsageError(f"no Scotland Yard players are installed ({exc})") from None
    positive_seconds(args.move_time, "--move-time")
    try:
        mrx_player = create_player("mrx", args.mrx, seed=args.seed, move_time=args.move_time)
        det_player = create_player("detectives", args.detectives, seed=args.seed + 1, move_time=args.move_time)
    except AiNotFound as exc:
        raise UsageError(str(exc)) from None

    new_record_path(args.record)
    out = (lambda *a, **k: None) if args.quiet else print
    start = state = standard_game(args.seed)
    out(f"Scotland Yard, standard game, seed {args.seed}: Mr X = {args.mrx}, detectives = {args.detectives}")
    out("start: MRX at " + str(state.mrx_location) + " (hidden), "
        + ", ".join(f"{p.piece.name} at {p.location}" for p in state.detectives))
    out("Mr X shows himself after moves " + ", ".join(
        str(i + 1) for i, r in enumerate(state.setup.reveals) if r))
    moves = []
    started = set()
    while not state.winner:
        mrx_turn = state.is_mrx_turn
        player = mrx_player if mrx_turn else det_player
        view = MrXView.of(state) if mrx_turn else DetectivesView.of(state)
        side = "Mr X's" if mrx_turn else "the detectives'"
        try:
            if id(player) not in started:
                player.start(view)
                started.add(id(player))
            decision = player.choose(view)
        except Exception as exc:  # a player's bug: say whose, do not show a traceback
            print(f"run.py: error: {side} player {getattr(player, 'name', '?')!r} failed: "
                  f"{type(exc).__name__}: {exc}", file=sys.stderr)
            return 1
        move = getattr(decision, "move", decision)
        if move not in state.available_moves():
            print(f"run.py: error: {side} player chose {move}, which is not an available move",
                  file=sys.stderr)
            return 1
        before = len(state.travel_log)
        state = state.advance(move)
        moves.append(move)
        reason = getattr(decision, "reason", "")
        if mrx_turn:
            entries = "; ".join(f"log {before + i + 1}: {e}"
                                for i, e in enumerate(state.travel_log[before:]))
            turn = f"{before + 1}" + (f"-{before + 2}" if move.is_double else "")
            out(f"{turn + '.':>6} {str(move):<34} {entries}" + (f"  ({reason})" if reason else ""))
        else:
            out(f"       {str(move):<34}" + (f" ({reason})" if reason else ""))
    out("travel log: " + ", ".join(f"{i + 1}:{e}" for i, e in enumerate(state.travel_log)))
    if state.winner == {_mrx()}:
        why = "his travel log is full" if len(state.travel_log) == len(state.setup.reveals) \
            else "no detective can move"
        print(f"winner: MRX ({why}; {len(moves)} moves)")
    else:
        caught = state.mrx_location in {p.location for p in state.detectives}
        why = f"Mr X caught at {state.mrx_location}" if caught else f"Mr X cannot move from {state.mrx_location}"
        print(f"winner: detectives {_pieces(state.winner)} ({why}; {len(moves)} moves)")
    if args.record:
        record = make_record(start, moves, seed=args.seed, final=state,
                             names={"mrx": args.mrx, "detectives": args.detectives})
        try:
            write_record(args.record, record)
        except RecordError as exc:
            raise UsageError(str(exc)) from None
        out(f"record written to {args.record}")
    return 0


def _mrx():
    from game.scotlandyard import Piece

    return Piece.MRX
