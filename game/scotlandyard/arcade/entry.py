"""Scotland Yard's entry in the arcade (the registry's ``arcade`` field names ``ARCADE``)."""

from __future__ import annotations

from game.scotlandyard.record import FORMAT


class SyArcade:
    game_id = "scotlandyard"
    replay_formats = (FORMAT,)

    def options_scene(self, ctx):
        from .scenes import SyOptionsScene

        return SyOptionsScene(ctx)

    def replay_scene(self, ctx, path: str, *, speed: str = "normal", **_options):
        """A saved game record (the arcade's or ``run.py sy play --record``'s)."""
        from .codec import SyReplayError, load
        from .replay import SyReplayScene

        try:
            replay = load(path)
        except SyReplayError as exc:
            raise ValueError(str(exc)) from None
        return SyReplayScene(ctx, replay, speed=speed)

    def describe_replay(self, doc: dict) -> dict[str, str]:
        from .codec import describe

        return describe(doc)

    @staticmethod
    def draw_icon(surface, rect, ctx) -> None:
        """A few stations and lines of the board, and Mr X's pawn."""
        import pygame

        from game.scotlandyard import Piece

        from .view import PIECE_COLOURS, STATION_FILL, TRANSPORT_COLOURS
        from game.scotlandyard import Transport

        cx, cy, r = rect.centerx, rect.centery, max(4, rect.w // 14)
        pts = [(rect.x + rect.w * fx, rect.y + rect.h * fy) for fx, fy in
               ((0.15, 0.25), (0.5, 0.15), (0.85, 0.35), (0.3, 0.75), (0.7, 0.8))]
        lines = ((0, 1, Transport.TAXI), (1, 2, Transport.BUS), (0, 3, Transport.UNDERGROUND), (3, 4, Transport.TAXI),
                 (2, 4, Transport.UNDERGROUND), (1, 3, Transport.BUS))
        for a, b, t in lines:
            pygame.draw.line(surface, TRANSPORT_COLOURS[t], pts[a], pts[b], max(2, r // 2))
        for p in pts:
            pygame.draw.circle(surface, (20, 20, 26), p, r + 2)
            pygame.draw.circle(surface, STATION_FILL, p, r)
        pygame.draw.circle(surface, PIECE_COLOURS[Piece.RED], pts[4], r + 1)
        pygame.draw.circle(surface, (250, 250, 250), (cx, cy), r * 2)
        pygame.draw.circle(surface, PIECE_COLOURS[Piece.MRX], (cx, cy), r * 2 - 2)
        d = r
        pygame.draw.line(surface, (250, 250, 250), (cx - d, cy - d), (cx + d, cy + d), 3)
        pygame.draw.line(surface, (250, 250, 250), (cx - d, cy + d), (cx + d, cy - d), 3)

    # -- benchmarks (run.py bench-frames --game scotlandyard, run.py bench-replay FILE) ----------

    @staticmethod
    def bench_frames(args, size) -> int:
        from .bench import bench_frames

        return bench_frames(args, size)

    @staticmethod
    def bench_replay(path: str, seed: int = 0) -> int:
        from .bench import bench_replay

        return bench_replay(path, seed=seed)


ARCADE = SyArcade()
