"""The duel's frame and seek benchmarks (what ``bench-frames --game duel`` and ``bench-replay`` run
for a duel), on the shared loops of :mod:`game.arcade.bench`. Numbers are printed, never asserted.

Frames: an autoplayed duel at the chosen speed, one 60 Hz update and one draw per frame into an
off-screen surface, paced at a real 60 frames a second, while the bots think in their own
processes (as in the window) behind the thinking worker; the frame time is measured whole.

Seeks: every position of a replay in a random order plus the extremes, each from where the
previous one left the scene, timing the seek and the redraw of the board.
"""

from __future__ import annotations

from game.arcade.bench import open_replay, play_frames, print_frame_times, print_seek_times, seek_frames


def bench_frames(map_path: str, players: dict[str, str], frames: int, size: tuple[int, int], speed: str,
                 seed: int = 0) -> int:
    from pathlib import Path

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
    run = play_frames(play, frames, offscreen.frame_surface(size))
    print(f"duel map {Path(map_path).name} {board.rows}x{board.cols}, size {size[0]}x{size[1]}, {frames} frames, "
          f"{run.games} game(s), {run.moves} moves, A {players['A']} B {players['B']}, speed {speed}")
    print(f"frames with a bot thinking on the worker: {run.thinking_frames} of {frames}")
    print_frame_times(run.times)
    return 0


def bench_replay(path: str, size: tuple[int, int] = (1920, 1080), seed: int = 0) -> int:
    from game.arcade import offscreen

    from .codec import load
    from .replay import DuelReplayScene

    replay, scene, load_ms = open_replay(load, DuelReplayScene, path, size)
    seeks, seek_times, frame_times = seek_frames(scene, offscreen.frame_surface(size), seed)
    state = replay.final
    print(f"duel replay: {path}  map {replay.board.rows}x{replay.board.cols}  {len(replay.entries) - 1} moves  "
          f"round {state.round}")
    print(f"load (every state computed): {load_ms:.1f} ms")
    print_seek_times(seeks, seek_times, frame_times, size)
    return 0
