"""`run.py play`: play one game; with --headless, no window: the LOG goes to stdout or --log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli import UsageError, new_record_path
from game.files import atomic_write_text, output_path

from .common import RULES_HELP, choose_seed, load_agent, load_map, parse_rules

HELP = "play one game (--headless: no window, write the LOG to stdout or --log; --maps: one game per map)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--headless", action="store_true", help="no window: play to the end and write the log")
    p.add_argument("--map", metavar="PATH", help="a MAPx.txt file (default: a shipped map)")
    p.add_argument("--seed", type=int, help="game seed (default: random, printed in the log)")
    p.add_argument("--agent", default="default", help="agent name or dotted path module:Class (default: default)")
    p.add_argument("--log", metavar="PATH", help="write the LOG here instead of stdout")
    p.add_argument("--truth", choices=("random", "bluff"), default="random", help="the pirate's truth model")
    p.add_argument("--liar-rate", type=float, default=0.3, help="probability of a lie under --truth bluff")
    p.add_argument("--record", metavar="FILE", help="also save the game as a replay (JSON) here; never overwrites")
    from game.treasure.agents.runner import AGENT_TIME_HELP, DEFAULT_TIME_LIMIT, agent_seconds
    p.add_argument("--agent-time", type=agent_seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS", help=AGENT_TIME_HELP)
    p.add_argument("--rules", metavar="K=V,...", help=RULES_HELP)
    p.add_argument("--maps", nargs="+", metavar="MAP",
                   help="batch (with --headless and --out): one game per map file (globs expanded), one LOG each "
                        "(MAP3.txt -> LOG3.txt) and a one-line summary per map; a refused map is reported and skipped")
    p.add_argument("--out", metavar="DIR", help="with --maps: the folder for the LOG files (made if missing)")


def rules_from(args):
    """--truth / --liar-rate, then --rules on top (it may set every number of the rules)."""
    from game.treasure.config import RulesConfig

    try:
        base = RulesConfig(truth_model=args.truth, liar_rate=args.liar_rate)
    except (ValueError, TypeError) as exc:
        raise UsageError(str(exc)) from None
    return parse_rules(getattr(args, "rules", None), base)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "maps", None) or getattr(args, "out", None):
        return run_batch(args)
    record_path = new_record_path(args.record)
    if not args.headless:
        try:
            from game.commands import arcade
        except ModuleNotFoundError:
            arcade = None
        if arcade is not None:
            return arcade.run_play(args)
    from game.treasure.agents.runner import play_game

    board, _ = load_map(args.map)
    seed = choose_seed(args.seed)
    agent = load_agent(args.agent, seed)
    path = output_path(args.log, "--log", UsageError) if args.log else None  # before the game
    record = play_game(board, seed, agent, rules_from(args), time_limit=args.agent_time)
    text = record.log.text()
    if path is not None:
        try:
            atomic_write_text(path, text)
        except OSError as exc:
            raise UsageError(f"cannot write the log to {path}: {exc.strerror}") from None
        print(f"{record.result} in {record.state.turn} turns; log written to {path}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    if record_path is not None:
        save_record(record, board, seed, agent.name, record_path)
    return 0


def save_record(record, board, seed: int, agent_name: str, path: Path) -> None:
    """The played game as a replay: the runner's actions (with reasons) and its LOG's digest."""
    from game.treasure.replay.document import UNFINISHED, Outcome, RecordedAction, Replay, now_iso
    from game.treasure.replay.recorder import save_new
    from game.treasure.mapfile import format_map

    actions = [RecordedAction(i, p.turn, p.action, p.by, p.reason) for i, p in enumerate(record.actions)]
    state = record.state
    outcome = Outcome(state.outcome or UNFINISHED, state.turn, record.log.digest())
    replay = Replay(board, seed, state.config, actions, outcome, agent_name, now_iso(), "", format_map(board))
    try:
        save_new(replay, path)
    except FileExistsError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(f"cannot write the replay to {path}: {exc.strerror}") from None
    print(f"replay saved to {path} ({len(actions)} actions)", file=sys.stderr)


def log_name(map_path: Path) -> str:
    """The LOG's file name for a map, as the course named them: MAP3.txt -> LOG3.txt (any
    other name: LOG-name.txt)."""
    stem = map_path.stem
    if stem[:3].upper() == "MAP":
        return f"LOG{stem[3:]}.txt"
    return f"LOG-{stem}.txt"


def run_batch(args: argparse.Namespace) -> int:
    """`play --headless --maps ... --out DIR`: the course's contest run. One game per map, its
    LOG in DIR, one summary line per map on stdout; a refused map is reported and skipped."""
    import glob
    import warnings

    from game.treasure.agents.runner import play_game
    from game.treasure.mapfile import MapFormatError, MapWarning, read_map

    if not args.headless:
        raise UsageError("--maps plays without a window: add --headless")
    if not args.maps or not args.out:
        raise UsageError("a batch needs both --maps MAP... and --out DIR")
    if args.map or args.log or getattr(args, "record", None):
        raise UsageError("--maps replaces --map, --log and --record (each map's LOG goes into --out)")
    paths: list[Path] = []
    for pattern in args.maps:
        found = sorted(glob.glob(pattern, recursive=True)) if any(ch in pattern for ch in "*?[") else [pattern]
        if not found:
            print(f"play: no map matches {pattern!r}", file=sys.stderr)
        paths.extend(Path(p) for p in found)
    if not paths:
        raise UsageError("no map to play: every --maps pattern matched nothing")
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make the folder {out}: {exc.strerror}") from None
    rules = rules_from(args)
    seed = choose_seed(args.seed)
    load_agent(args.agent, seed)  # a bad agent name stops the batch before any game
    names: dict[str, Path] = {}
    played = refused = 0
    for path in paths:
        name = log_name(path)
        if name in names:
            print(f"{path}: REFUSED: its LOG would be {name}, as for {names[name]}; skipped")
            refused += 1
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MapWarning)
                board = read_map(path)
        except MapFormatError as exc:
            print(f"{path}: REFUSED: {exc}")
            refused += 1
            continue
        except OSError as exc:
            print(f"{path}: REFUSED: cannot read it ({exc.strerror})")
            refused += 1
            continue
        names[name] = path
        agent = load_agent(args.agent, seed)
        record = play_game(board, seed, agent, rules, time_limit=args.agent_time)
        target = out / name
        tmp = target.with_name(target.name + ".tmp")
        try:
            tmp.write_text(record.log.text(), encoding="utf-8")
            tmp.replace(target)
        except OSError as exc:
            raise UsageError(f"cannot write {target}: {exc.strerror}") from None
        played += 1
        state = record.state
        turns = f"{state.turn} turn{'s' if state.turn != 1 else ''}"
        print(f"{path}: {board.width}x{board.height} seed {seed} agent {agent.name}: "
              f"{state.outcome or 'UNFINISHED'} in {turns} -> {target}")
    print(f"{played} game{'s' if played != 1 else ''} played, {refused} map{'s' if refused != 1 else ''} refused; "
          f"LOGs in {out}", file=sys.stderr)
    return 0 if played else 2
