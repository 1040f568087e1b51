"""The frame and seek benchmarks of a turn-based game's arcade, written once (the duel's and
Scotland Yard's ``bench`` modules set up their game and print their own headline). Numbers are
printed, never asserted.

Frames (:func:`play_frames`): an autoplayed game, one 60 Hz update and one draw per frame into
an off-screen surface, paced at a real 60 frames a second while the players think in their own
processes behind the thinking worker, as in the window; the frame time is measured whole.

Seeks (:func:`seek_frames`): every position of a replay in a random order plus the extremes,
each from where the previous one left the scene, timing the seek and then the redraw.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

STEP = 1 / 60


def percentile(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


@dataclass
class FrameRun:
    times: list[float] = field(default_factory=list)  # ms a frame
    thinking_frames: int = 0  # frames during which a player was thinking on the worker
    games: int = 1
    moves: int = 0


def play_frames(play, frames: int, surface) -> FrameRun:
    """Run ``play`` (a :class:`game.arcade.turnscene.TurnPlayScene` on autoplay) for ``frames``
    frames, restarting it whenever a game ends; its players are stopped after."""
    import pygame

    session = play.session
    run = FrameRun()
    try:
        for _ in range(frames):
            started = time.perf_counter()
            before = len(session.history)
            if play.update(STEP) is not None or play._ended:
                play.restart()  # keep the benchmark playing
                play.autoplay = True
                run.games += 1
            run.moves += max(0, len(session.history) - before)
            play.draw(surface)
            elapsed = time.perf_counter() - started
            run.times.append(elapsed * 1000)
            run.thinking_frames += bool(play.thinker.busy)
            if elapsed < STEP:  # real 60 Hz pacing: the players think in real time, as in the window
                time.sleep(STEP - elapsed)
    finally:
        play.thinker.cancel()
        session.close()
    pygame.display.quit()
    return run


def print_frame_times(times: list[float]) -> None:
    """The last three lines of ``bench-frames``: ``max_ms``, ``median_ms``, ``p95_ms``."""
    print(f"max_ms={max(times):.2f}")
    print(f"median_ms={statistics.median(times):.2f}")
    print(f"p95_ms={percentile(times, 0.95):.2f}")


def open_replay(load, scene_class, path: str, size: tuple[int, int]):
    """``load(path)`` timed, then its replay scene off-screen: (replay, scene, load ms)."""
    from . import offscreen
    from .app import make_context

    started = time.perf_counter()
    replay = load(path)
    load_ms = (time.perf_counter() - started) * 1000
    offscreen.init()
    ctx = make_context(size, sprites_dir="", maps=[])
    return replay, scene_class(ctx, replay, speed="normal"), load_ms


def seek_frames(scene, surface, seed: int = 0, before_seek=None) -> tuple[int, list[float], list[float]]:
    """Seek ``scene`` (a replay scene with ``entries`` and ``seek``) to every position in a
    seeded random order plus the extremes, drawing each; ``before_seek(k)`` runs before the k-th.
    Returns (seeks, seek ms, seek + frame ms)."""
    import numpy as np

    scene.draw(surface)
    n = len(scene.entries)
    last = n - 1
    order = [int(i) for i in np.random.default_rng(seed).permutation(n)]
    order += [0, last, 0, last, last // 2, 0, last, 1, last - 1]
    seek_times, frame_times = [], []
    for k, i in enumerate(order):
        if before_seek is not None:
            before_seek(k)
        started = time.perf_counter()
        scene.seek(i)
        seek_times.append((time.perf_counter() - started) * 1000)
        scene.draw(surface)
        frame_times.append((time.perf_counter() - started) * 1000)
    return len(order), seek_times, frame_times


def print_seek_times(seeks: int, seek_times: list[float], frame_times: list[float], size: tuple[int, int]) -> None:
    """The seek lines of ``bench-replay``, the last one ``max_seek_ms``."""
    print(f"seeks: {seeks}  median {statistics.median(seek_times):.3f} ms  max {max(seek_times):.3f} ms")
    print(f"seek + full frame at {size[0]}x{size[1]}: median {statistics.median(frame_times):.2f} ms  "
          f"p95 {percentile(frame_times, 0.95):.2f} ms  max {max(frame_times):.2f} ms")
    print(f"max_seek_ms={max(frame_times):.3f}")
