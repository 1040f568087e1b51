"""`run.py play`: play one game; with --headless, no window: the LOG goes to stdout or --log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli import UsageError, cannot_write_in, new_record_path, output_file
from game.files import atomic_write_text

from .common import RULES_HELP, choose_seed, load_agent, load_map, parse_rules

HELP = "play one game (--headless: no window, write the LOG to stdout or --log; --maps: one game per map)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--headless", action="store_true", help="no window: play to the end and write the log")
    p.add_argument("--map", metavar="PATH", help="a MAPx.txt file (default: a shipped map)")
    p.add_argument("--seed", type=int, help="game seed (default: random, printed in the log)")
    p.add_argument("--agent", default="default", help="agent name or dotted path module:Class (default: default)")
    p.add_argument("--log", metavar="PATH", help="write the LOG here instead of stdout")
    p.add_argument("--truth", choices=("random", "bluff"), default=None,
                   help="the pirate's truth model (default: random; or set by --rules truth_model=..., not both)")
    p.add_argument("--liar-rate", type=float, default=None, metavar="P",
                   help="probability of a lie, 0..1, with --truth bluff only (default 0.3; or --rules liar_rate=..., "
                        "not both)")
    p.add_argument("--record", metavar="FILE", help="also save the game as a replay (JSON) here; never overwrites")
    from game.treasure.agents.runner import AGENT_TIME_HELP, DEFAULT_TIME_LIMIT, agent_seconds
    p.add_argument("--agent-time", type=agent_seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS", help=AGENT_TIME_HELP)
    p.add_argument("--rules", metavar="K=V,...", help=RULES_HELP)
    p.add_argument("--maps", nargs="+", metavar="MAP",
                   help="batch (with --headless and --out): one game per map file (globs expanded), one LOG each "
                        "(MAP3.txt -> LOG3.txt) and a one-line summary per map; a refused map is reported and skipped")
    p.add_argument("--out", metavar="DIR", help="with --maps: the folder for the LOG files (made if missing)")


def rules_from(args):
    """--truth / --liar-rate, then --rules (it may set every number of the rules). An option and a
    --rules key that set the same thing are refused, as is --liar-rate in a game without bluff:
    nothing given on the command line is silently left unused."""
    from game.treasure.config import RulesConfig

    truth = getattr(args, "truth", None)
    liar_rate = getattr(args, "liar_rate", None)
    base = RulesConfig()
    try:
        base = RulesConfig(truth_model=truth if truth is not None else base.truth_model,
                           liar_rate=liar_rate if liar_rate is not None else base.liar_rate)
    except (ValueError, TypeError) as exc:
        raise UsageError(f"--liar-rate: {exc}" if liar_rate is not None else str(exc)) from None
    rules = parse_rules(getattr(args, "rules", None), base)
    given = _rules_keys(getattr(args, "rules", None))
    if truth is not None and "truth_model" in given:
        raise UsageError(f"--truth {truth} and --rules truth_model={rules.truth_model}: give the truth model once")
    if liar_rate is not None and "liar_rate" in given:
        raise UsageError(f"--liar-rate {liar_rate:g} and --rules liar_rate={rules.liar_rate:g}: give the liar rate once")
    if liar_rate is not None and rules.truth_model != "bluff":
        raise UsageError(f"--liar-rate is the probability of a lie under --truth bluff; this game's truth model is "
                         f"{rules.truth_model} (add --truth bluff)")
    return rules


def _rules_keys(text: str | None) -> set[str]:
    """The settings a --rules text names (already checked by parse_rules)."""
    if not text:
        return set()
    return {item.partition("=")[0].strip().replace("-", "_") for item in text.split(",") if item.strip()}


def run(args: argparse.Namespace) -> int:
    if getattr(args, "maps", None) or getattr(args, "out", None):
        return run_batch(args)
    rules = rules_from(args)  # a conflict between --truth, --liar-rate and --rules: refused now
    record_path = new_record_path(args.record)
    if not args.headless:
        try:
            from game.commands import arcade
        except ModuleNotFoundError:
            arcade = None
        if arcade is not None:
            given = args.truth is not None or args.liar_rate is not None or args.rules
            args.rules_config = rules if given else None  # --truth and --liar-rate too, not only --rules
            return arcade.run_play(args)
    from game.treasure.agents.runner import play_game

    board, _ = load_map(args.map)
    seed = choose_seed(args.seed)
    agent = load_agent(args.agent, seed)
    path = output_file(args.log, "--log") if args.log else None  # before the game
    record = play_game(board, seed, agent, rules, time_limit=args.agent_time)
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
    unmatched: list[str] = []
    for pattern in args.maps:
        found = sorted(glob.glob(pattern, recursive=True)) if any(ch in pattern for ch in "*?[") else [pattern]
        if not found:
            unmatched.append(pattern)
        paths.extend(Path(p) for p in found)
    if not paths:
        shown = ", ".join(repr(p) for p in unmatched)
        raise UsageError(f"no map to play: --maps {shown} matched no file")
    for pattern in unmatched:  # the batch goes on with the others
        print(f"play: no map matches {pattern!r}", file=sys.stderr)
    rules = rules_from(args)
    seed = choose_seed(args.seed)
    load_agent(args.agent, seed)  # a bad agent name stops the batch before any game
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"cannot make the folder {out}: {exc.strerror}") from None
    why = cannot_write_in(out)
    if why is not None:
        raise UsageError(f"--out {out}: cannot write in the folder ({why})")
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
