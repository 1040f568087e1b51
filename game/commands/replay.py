"""`run.py replay FILE`: open a saved game in the replay scene, or with --check verify it headless.

--check plays the replay back without a window: exit 0 if it reproduces the recorded game
exactly (same actions valid at each point, same outcome, same LOG digest, and the island, rules
and every action with its author and reason the ones whose digests the file stores), else exit
2 with what differs and where. A format 1 replay (made before the digests) opens for watching
but cannot pass --check: its island, rules and authors cannot be verified.
"""

from __future__ import annotations

import argparse
import os
import sys

from game.cli import UsageError

from game.arcade.commandline import window_size

HELP = "open a replay (--check: verify it reproduces the recorded game, headless)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help="a replay JSON file")
    p.add_argument("--check", action="store_true", help="no window: exit 0 if it reproduces the game, else 2")
    p.add_argument("--windowed", action="store_true", help="a window instead of full screen")
    p.add_argument("--size", metavar="WxH", help="window size with --windowed (default 1280x720)")
    p.add_argument("--speed", choices=("slow", "normal", "fast", "instant"), help="playback speed")
    p.add_argument("--map", metavar="MAP", help="FILE is a Treasure Duel course log (move_player_be_A.log): "
                                           "the map it was played on")


def load_checked(path: str):
    from game.treasure.replay import Playback, ReplayError, load_replay

    try:
        replay = load_replay(path)
        return Playback(replay)
    except ReplayError as exc:
        raise UsageError(refused(path, exc)) from None


def refused(path, exc) -> str:
    """``replay refused: FILE: why``: the file named once, whether or not the reason names it
    (the reader's reasons do; the playback's, about an action or the outcome, do not)."""
    text = str(exc)
    return f"replay refused: {text}" if text.startswith(str(path)) else f"replay refused: {path}: {text}"


def check_course_log_text(path: str) -> None:
    """A course log given with --map is text: one line if it is not UTF-8 (as the replay reader
    says of a replay), rather than a line of its bytes."""
    from game.replayfiles import MAX_REPLAY_BYTES

    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_REPLAY_BYTES + 1)
    except OSError:
        return  # the log's reader says why
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < MAX_REPLAY_BYTES:  # not merely a character cut by the size limit
            raise UsageError(f"replay refused: {path}: not UTF-8 text (byte {exc.start})") from None


def run(args: argparse.Namespace) -> int:
    from game.arcade.games import other_game_replay  # imports no pygame until a window opens

    if getattr(args, "map", None):
        check_course_log_text(args.file)
    handled = other_game_replay(args)  # another game's replay, or a course log with --map
    if handled is not None:
        return handled
    playback = load_checked(args.file)
    if args.check:
        if playback.replay.digests is None:
            raise UsageError(f"replay refused: {args.file}: replay format {playback.replay.version} stores no "
                             "digests of the island, rules and authors, so it cannot be fully checked (the actions "
                             "and LOG do reproduce; re-record the game to check it)")
        state = playback.final
        print(f"OK: {len(playback.replay.actions)} actions reproduce {state.outcome or 'UNFINISHED'} on turn "
              f"{state.turn} (log sha256 {playback.log.digest()[:16]})")
        return 0
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = window_size(args.size)
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    speed = args.speed or ("instant" if headless else "normal")
    return _run_window(playback, args.file, size, not args.windowed, speed)


def _run_window(playback, path, size, fullscreen: bool, speed: str) -> int:
    from game.arcade.app import run_in_window
    from game.treasure.arcade.replay import ReplayScene

    run_in_window(lambda ctx: ReplayScene(ctx, playback, str(path), speed=speed), fullscreen=fullscreen,
                  size=size, caption="Treasure Island: replay")
    print(f"replay {path}: {len(playback)} positions", file=sys.stderr)
    return 0
