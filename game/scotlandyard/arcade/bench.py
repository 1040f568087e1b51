"""Scotland Yard's frame and seek benchmarks (what ``bench-frames --game scotlandyard`` and
``bench-replay`` run for it). Numbers are printed, never asserted.

Frames: an autoplayed game at the chosen speed, one 60 Hz update and one draw per frame into an
off-screen surface, paced at a real 60 frames a second, while the AIs (MCTS by default) think in
their own processes behind the thinking worker, as in the window; the frame time is measured
whole, thinking included (it is off the frame loop).

Seeks: every position of a replay in a random order plus the extremes, each timed with the redraw
of the whole frame (board, heat map, panel, timeline).
"""

from __future__ import annotations

from game.arcade.bench import open_replay, play_frames, print_frame_times, print_seek_times, seek_frames


def bench_frames(args, size: tuple[int, int]) -> int:
    from game.arcade import offscreen
    from game.arcade.app import make_context
    from game.arcade.thinking import Thinker
    from game.cli import UsageError

    from .scenes import SyPlayScene
    from .session import SetupError, SySession, check_spec

    bots = [b.strip() for b in (getattr(args, "bots", "") or "default,default").split(",")]
    if len(bots) != 2 or not all(bots):
        raise UsageError(f"--bots wants two AIs, MRX,DETECTIVES (like default,greedy), not {args.bots!r}")
    players = {"mrx": bots[0], "detectives": bots[1]}
    try:
        for side, spec in players.items():
            check_spec(side, spec)
    except SetupError as exc:
        raise UsageError(f"--bots: {exc}") from None
    move_time = float(getattr(args, "move_time", 0) or 0.5)
    offscreen.init()
    ctx = make_context(size, sprites_dir="", maps=[])
    session = SySession(players, seed=args.seed, move_time=move_time, process_bots=True)
    play = SyPlayScene(ctx, session, autoplay=True, speed=args.speed, thinker=Thinker())
    run = play_frames(play, args.frames, offscreen.frame_surface(size))
    print(f"scotland yard, size {size[0]}x{size[1]}, {args.frames} frames, {run.games} game(s), {run.moves} moves, "
          f"Mr X {players['mrx']} detectives {players['detectives']} ({move_time:g} s a move), speed {args.speed}")
    print(f"frames with an AI thinking on the worker (own process): {run.thinking_frames} of {args.frames}")
    print_frame_times(run.times)
    return 0


def bench_replay(path: str, size: tuple[int, int] = (1920, 1080), seed: int = 0) -> int:
    from game.arcade import offscreen

    from .codec import load
    from .replay import SyReplayScene

    replay, scene, load_ms = open_replay(load, SyReplayScene, path, size)

    def views(k: int) -> None:
        if k % 3 == 1:
            scene.cycle_view()  # the views too: spectator, detectives, Mr X

    seeks, seek_times, frame_times = seek_frames(scene, offscreen.frame_surface(size), seed, views)
    print(f"scotland yard replay: {path}  {len(replay.entries) - 1} moves")
    print(f"load (every state and its possible locations computed): {load_ms:.1f} ms")
    print_seek_times(seeks, seek_times, frame_times, size)
    return 0
