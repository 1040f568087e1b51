"""`run.py play`: play one game; with --headless, no window: the LOG goes to stdout or --log."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli import UsageError

from .common import choose_seed, load_agent, load_map

HELP = "play one game (--headless: no window, write the LOG to stdout or --log)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--headless", action="store_true", help="no window: play to the end and write the log")
    p.add_argument("--map", metavar="PATH", help="a MAPx.txt file (default: a shipped map)")
    p.add_argument("--seed", type=int, help="game seed (default: random, printed in the log)")
    p.add_argument("--agent", default="default", help="agent name or dotted path module:Class (default: default)")
    p.add_argument("--log", metavar="PATH", help="write the LOG here instead of stdout")
    p.add_argument("--truth", choices=("random", "bluff"), default="random", help="the pirate's truth model")
    p.add_argument("--liar-rate", type=float, default=0.3, help="probability of a lie under --truth bluff")
    p.add_argument("--record", metavar="FILE", help="also save the game as a replay (JSON) here; never overwrites")
    from game.agents.runner import AGENT_TIME_HELP, DEFAULT_TIME_LIMIT, agent_seconds
    p.add_argument("--agent-time", type=agent_seconds, default=DEFAULT_TIME_LIMIT, metavar="SECONDS", help=AGENT_TIME_HELP)


def rules_from(args):
    from game.treasure.config import RulesConfig

    try:
        return RulesConfig(truth_model=args.truth, liar_rate=args.liar_rate)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def check_record_path(args) -> Path | None:
    record = getattr(args, "record", None)
    if not record:
        return None
    path = Path(record)
    if path.exists():
        raise UsageError(f"--record {path}: the file exists; a replay is never overwritten")
    if not path.parent.is_dir():
        raise UsageError(f"--record {path}: the folder {path.parent} does not exist")
    return path


def run(args: argparse.Namespace) -> int:
    record_path = check_record_path(args)
    if not args.headless:
        try:
            from game.commands import arcade
        except ModuleNotFoundError:
            arcade = None
        if arcade is not None:
            return arcade.run_play(args)
    from game.agents.runner import play_game

    board, _ = load_map(args.map)
    seed = choose_seed(args.seed)
    agent = load_agent(args.agent, seed)
    record = play_game(board, seed, agent, rules_from(args), time_limit=args.agent_time)
    text = record.log.text()
    if args.log:
        path = Path(args.log)
        tmp = path.with_name(path.name + ".tmp")
        try:
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
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
    from game.replay.document import UNFINISHED, Outcome, RecordedAction, Replay, now_iso
    from game.replay.recorder import save_new
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
