"""The duel's frame and seek benchmarks (what ``bench-frames --game duel`` and ``bench-replay`` run
for a duel). Numbers are printed, never asserted.

Frames: an autoplayed duel at the chosen speed, one 60 Hz update and one draw per frame into an
off-screen surface, paced at a real 60 frames a second, while the bots think in their own
processes (as in the window) behind the thinking worker; the frame time is measured whole.

Seeks: every position of a replay in a random order plus the extremes, each from where the
previous one left the scene, timing the seek and the redraw of the board.
"""

from __future__ import annotations

import statistics
import time

import numpy as np

STEP = 1 / 60


def _percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_frames(map_path: str, players: dict[str, str], frames: int, size: tuple[int, int], speed: str,
                 seed: int = 0) -> int:
    from pathlib import Path

    import pygame

    from game.arcade import offscreen
    from game.arcade.app import make_context
    from game.arcade.thinking import Thinker
    from game.duel.mapfile import read_map

    from .scenes import DuelPlayScene
    from .session import DuelSession

    offscreen.init()
    board = read_map(map_path)
    ctx = make_context(size, sprites_dir="", maps=[])
    session = DuelSession(board, players, seed=seed, map_name=Path(map_path).stem, process_bots=True)
    play = DuelPlayScene(ctx, session, autoplay=True, speed=speed, thinker=Thinker())
    surface = offscreen.frame_surface(size)
    times, thinking_frames, games, moves = [], 0, 1, 0
    for _ in range(frames):
        started = time.perf_counter()
        before = len(session.history)
        if play.update(STEP) is not None or play._ended:
            play.restart()  # keep the benchmark playing
            play.autoplay = True
            games += 1
        moves += max(0, len(session.history) - before)
        play.draw(surface)
        elapsed = time.perf_counter() - started
        times.append(elapsed * 1000)
        thinking_frames += bool(play.thinker.busy)
        if elapsed < STEP:  # real 60 Hz pacing: the bots think in real time, as in the window
            time.sleep(STEP - elapsed)
    play.thinker.cancel()
    session.close()
    pygame.display.quit()
    print(f"duel map {Path(map_path).name} {board.rows}x{board.cols}, size {size[0]}x{size[1]}, {frames} frames, "
          f"{games} game(s), {moves} moves, A {players['A']} B {players['B']}, speed {speed}")
    print(f"frames with a bot thinking on the worker: {thinking_frames} of {frames}")
    print(f"max_ms={max(times):.2f}")
    print(f"median_ms={statistics.median(times):.2f}")
    print(f"p95_ms={_percentile(times, 0.95):.2f}")
    return 0


def bench_replay(path: str, size: tuple[int, int] = (1920, 1080), seed: int = 0) -> int:
    from game.arcade import offscreen
    from game.arcade.app import make_context

    from .codec import load
    from .replay import DuelReplayScene

    started = time.perf_counter()
    replay = load(path)
    load_ms = (time.perf_counter() - started) * 1000
    offscreen.init()
    ctx = make_context(size, sprites_dir="", maps=[])
    scene = DuelReplayScene(ctx, replay, speed="normal")
    surface = offscreen.frame_surface(size)
    scene.draw(surface)
    n = len(replay.entries)
    last = n - 1
    order = [int(i) for i in np.random.default_rng(seed).permutation(n)]
    order += [0, last, 0, last, last // 2, 0, last, 1, last - 1]
    seek_times, frame_times = [], []
    for i in order:
        started = time.perf_counter()
        scene.seek(i)
        seek_times.append((time.perf_counter() - started) * 1000)
        scene.draw(surface)
        frame_times.append((time.perf_counter() - started) * 1000)
    state = replay.final
    print(f"duel replay: {path}  map {replay.board.rows}x{replay.board.cols}  {last} moves  round {state.round}")
    print(f"load (every state computed): {load_ms:.1f} ms")
    print(f"seeks: {len(order)}  median {statistics.median(seek_times):.3f} ms  max {max(seek_times):.3f} ms")
    print(f"seek + full frame at {size[0]}x{size[1]}: median {statistics.median(frame_times):.2f} ms  "
          f"p95 {_percentile(frame_times, 0.95):.2f} ms  max {max(frame_times):.2f} ms")
    print(f"max_seek_ms={max(frame_times):.3f}")
    return 0
