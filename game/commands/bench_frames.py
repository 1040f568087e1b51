"""`run.py bench-frames`: frame times of an autoplayed game with every overlay on, off-screen.

Each frame runs one 60 Hz update and one draw into an off-screen surface of --size, the way the
window would, with a fake clock (no waiting). Time spent inside the agent is measured apart and
left out of the frame time: it is the agent's thinking, not drawing. The last line is
``p95_ms=<number>``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from game.arcade.commandline import frame_size
from game.cli import UsageError, positive_seconds

from .common import load_agent, load_map

HELP = "measure arcade frame times (median, 95th percentile) off-screen"
STEP = 1 / 60
MAP_GAMES = ("treasure", "duel")  # the games whose board comes from a map file (--map)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--map", metavar="PATH", help="a MAPx.txt file (default: a shipped map)")
    p.add_argument("--frames", type=int, default=600, help="frames to render (default 600)")
    p.add_argument("--size", default="1920x1080", metavar="WxH", help="frame size (default 1920x1080)")
    p.add_argument("--seed", type=int, default=1, help="game seed (default 1)")
    p.add_argument("--agent", default="default", help="agent (default: default)")
    p.add_argument("--speed", default="fast", choices=("slow", "normal", "fast", "instant"),
                   help="autoplay speed (default fast)")
    p.add_argument("--game", default="treasure", choices=_game_ids(),
                   help="which game (default treasure; duel: --map defaults to maps/duel/duel64x64.txt)")
    p.add_argument("--bots", default="default,default", metavar="A,B",
                   help="the two bots or AIs, in the game's seat order (duel: A,B; scotlandyard: MRX,DETECTIVES; "
                        "default: default,default)")
    p.add_argument("--move-time", type=float, default=0.5, metavar="SECONDS",
                   help="the AIs' time a move where a game has one (scotlandyard; default 0.5)")


def _game_ids() -> tuple[str, ...]:
    """Every registered game's id (a game's arcade entry offers ``bench_frames(args, size)``)."""
    from game.registry import games

    return tuple(info.id for info in games())


def run(args: argparse.Namespace) -> int:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.arcade import offscreen
    from game.treasure.arcade.boardview import OVERLAYS

    if args.frames < 1:
        raise UsageError("--frames must be at least 1")
    size = frame_size(args.size)  # the check every command makes of a size
    positive_seconds(args.move_time, "--move-time")
    if args.map and getattr(args, "game", "treasure") not in MAP_GAMES:
        raise UsageError(f"--map is for {' and '.join(MAP_GAMES)}: --game {args.game} plays on its own board")
    if getattr(args, "game", "treasure") == "duel":
        return _duel(args, size)
    if getattr(args, "game", "treasure") != "treasure":
        from game.arcade.games import load_entry
        from game.registry import game

        entry = load_entry(game(args.game))
        if entry is None or not hasattr(entry, "bench_frames"):
            raise UsageError(f"--game {args.game}: this game has no frame benchmark yet")
        return entry.bench_frames(args, size)
    _, map_path = load_map(args.map)
    load_agent(args.agent, args.seed)
    offscreen.init()
    from game.arcade.app import make_context
    from game.treasure.arcade.scenes import start_play

    ctx = make_context(size)
    play = start_play(ctx, str(map_path), args.seed, args.agent, autoplay=True, speed=args.speed,
                      overlays=set(OVERLAYS))
    surface = offscreen.frame_surface(size)
    match = play.match
    times, agent_total, games = [], 0.0, 1
    for _ in range(args.frames):
        agent_before = match.agent_seconds
        started = time.perf_counter()
        if play.update(STEP) is not None or (match.over and not play.view.director.busy):
            match.restart(match.seed + 1)  # keep the benchmark playing
            play.view.reset()
            play._ended = False
            play.autoplay = True
            games += 1
        hints = len(play.view.state.hints)
        if hints:  # keep a hint highlighted, as a watcher hovering the panel would
            play.selected_hint = hints
            play.set_focus()
        play.draw(surface)
        elapsed = time.perf_counter() - started
        agent = match.agent_seconds - agent_before
        agent_total += agent
        times.append((elapsed - agent) * 1000)
    times.sort()
    p95 = times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]
    print(f"map {map_path.name} {match.board.width}x{match.board.height}, size {size[0]}x{size[1]}, "
          f"{args.frames} frames, {games} game(s), overlays {','.join(OVERLAYS)}")
    print(f"agent thinking (excluded): {agent_total * 1000:.0f} ms in total")
    print(f"max_ms={times[-1]:.2f}")
    print(f"median_ms={statistics.median(times):.2f}")
    print(f"p95_ms={p95:.2f}")
    return 0


def _duel(args: argparse.Namespace, size: tuple[int, int]) -> int:
    """The duel's frames while its bots think on the worker (game.duel.arcade.bench)."""
    from game.duel.arcade.bench import bench_frames
    from game.duel.bots import BotNotFound, bot_class
    from game.paths import MAPS_DIR

    map_path = args.map or str(MAPS_DIR / "duel" / "duel64x64.txt")
    bots = [b.strip() for b in args.bots.split(",")]
    if len(bots) != 2 or not all(bots):
        raise UsageError(f"--bots wants two bots, A,B (like default,greedy), not {args.bots!r}")
    for spec in bots:
        try:
            bot_class(spec)
        except BotNotFound as exc:
            raise UsageError(f"--bots: {exc}") from None
    try:
        return bench_frames(map_path, {"A": bots[0], "B": bots[1]}, args.frames, size, args.speed, args.seed)
    except (OSError, ValueError) as exc:
        raise UsageError(f"rejected map: {exc}") from None
