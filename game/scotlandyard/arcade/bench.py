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

import statistics
import time

import numpy as np

STEP = 1 / 60


def _percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_frames(args, size: tuple[int, int]) -> int:
    import pygame

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
    surface = offscreen.frame_surface(size)
    times, thinking_frames, games, moves = [], 0, 1, 0
    try:
        for _ in range(args.frames):
            started = time.perf_counter()
            before = len(session.history)
            if play.update(STEP) is not None or play._ended:
                play.restart()
                play.autoplay = True
                games += 1
            moves += max(0, len(session.history) - before)
            play.draw(surface)
            elapsed = time.perf_counter() - started
            times.append(elapsed * 1000)
            thinking_frames += bool(play.thinker.busy)
            if elapsed < STEP:
                time.sleep(STEP - elapsed)
    finally:
        play.thinker.cancel()
        session.close()
    pygame.display.quit()
    print(f"scotland yard, size {size[0]}x{size[1]}, {args.frames} frames, {games} game(s), {moves} moves, "
          f"Mr X {players['mrx']} detectives {players['detectives']} ({move_time:g} s a move), speed {args.speed}")
    print(f"frames with an AI thinking on the worker (own process): {thinking_frames} of {args.frames}")
    print(f"max_ms={max(times):.2f}")
    print(f"median_ms={statistics.median(times):.2f}")
    print(f"p95_ms={_percentile(times, 0.95):.2f}")
    return 0


def bench_replay(path: str, size: tuple[int, int] = (1920, 1080), seed: int = 0) -> int:
    from game.arcade import offscreen
    from game.arcade.app import make_context

    from .codec import load
    from .replay import SyReplayScene

    started = time.perf_counter()
    replay = load(path)
    load_ms = (time.perf_counter() - started) * 1000
    offscreen.init()
    ctx = make_context(size, sprites_dir="", maps=[])
    scene = SyReplayScene(ctx, replay, speed="normal")
    surface = offscreen.frame_surface(size)
    scene.draw(surface)
    n = len(replay.entries)
    last = n - 1
    order = [int(i) for i in np.random.default_rng(seed).permutation(n)]
    order += [0, last, 0, last, last // 2, 0, last, 1, last - 1]
    seek_times, frame_times = [], []
    for k, i in enumerate(order):
        if k % 3 == 1:
            scene.cycle_view()  # the views too: spectator, detectives, Mr X
        started = time.perf_counter()
        scene.seek(i)
        seek_times.append((time.perf_counter() - started) * 1000)
        scene.draw(surface)
        frame_times.append((time.perf_counter() - started) * 1000)
    print(f"scotland yard replay: {path}  {last} moves")
    print(f"load (every state and its possible locations computed): {load_ms:.1f} ms")
    print(f"seeks: {len(order)}  median {statistics.median(seek_times):.3f} ms  max {max(seek_times):.3f} ms")
    print(f"seek + full frame at {size[0]}x{size[1]}: median {statistics.median(frame_times):.2f} ms  "
          f"p95 {_percentile(frame_times, 0.95):.2f} ms  max {max(frame_times):.2f} ms")
    print(f"max_seek_ms={max(frame_times):.3f}")
    return 0
