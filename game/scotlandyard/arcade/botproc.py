"""A Scotland Yard AI in its own process, so its search never competes with the frame loop.

The MCTS players think for up to ``move_time`` of pure Python per move: on a thread of the
arcade's process they would share the interpreter lock with the frame loop and make frames late.
In the window each AI side therefore lives in a child process (``spawn``: a fresh interpreter
that imports the AIs and nothing of pygame), kept for the whole game so a player keeps its memory
from move to move. The thinking worker's thread only waits on a pipe.

The child is sent its side's view only (a ``MrXView`` for Mr X, a ``DetectivesView`` for the
detectives: they pickle, the standard board by name), never the game's state.
The process itself is the shared :class:`game.arcade.childproc.ChildPlayer`; this module gives
it Scotland Yard's loop. No pygame here.
"""

from __future__ import annotations

from game.arcade.childproc import ChildPlayer, PlayerCrashed, serve_player


def _serve(conn, side: str, spec: str, seed: int, move_time: float) -> None:
    def build():
        from game.scotlandyard.ai import make_detectives, make_mrx

        return (make_mrx if side == "mrx" else make_detectives)(spec, seed=seed, move_time=move_time)

    started = []

    def answer(player, view):
        if not started:
            started.append(True)
            start = getattr(player, "start", None)
            if start is not None:
                start(view)
        decision = player.choose(view)
        return str(getattr(decision, "move", decision)), str(getattr(decision, "reason", "") or "")

    serve_player(conn, build, answer, repr(spec))


class PlayerProcess(ChildPlayer):
    crashed = PlayerCrashed
    what = "AI"

    def __init__(self, side: str, spec: str, seed: int, move_time: float) -> None:
        super().__init__(_serve, (side, spec, seed, move_time), f"sy-{side}-{spec}", spec)
        self.side, self.seed, self.move_time = side, seed, move_time
