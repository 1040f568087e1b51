"""Play one game between two players through the engine, timing every decision.

The players see only their side's view (``MrXView`` / ``DetectivesView``). A decision that is not
an available move (or a player that raises) is counted as illegal and replaced by the first
available move in a fixed order, so a broken player cannot stop a benchmark.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.scotlandyard.ai.base import Decision, sorted_moves


@dataclass
class GameResult:
    winner: str                      # "MRX" or "DETECTIVES"
    mrx_moves: int                   # entries in the travel log at the end
    rounds: int                      # Mr X's turns (a double move is one turn)
    captured_round: int | None       # the round in which a detective caught Mr X
    mrx_times: list = field(default_factory=list)        # wall-clock seconds per decision
    detective_times: list = field(default_factory=list)
    cpu_times: list = field(default_factory=list)        # CPU seconds of this process per decision
    illegal_moves: int = 0
    errors: list = field(default_factory=list)
    decisions: list = field(default_factory=list)   # (move text, reason) when asked for


def play_game(state, mrx_player, detectives_player, keep_decisions: bool = False) -> GameResult:
    from game.scotlandyard import DetectivesView, MrXView, Piece

    started = {"mrx": False, "det": False}
    result = GameResult("", 0, 0, None)
    turns = 0
    while not state.winner:
        mrx_turn = state.is_mrx_turn
        if mrx_turn:
            view, player, key, times = MrXView.of(state), mrx_player, "mrx", result.mrx_times
            turns += 1
        else:
            view, player, key, times = DetectivesView.of(state), detectives_player, "det", result.detective_times
        legal = state.available_moves()
        t0 = time.perf_counter()
        c0 = time.process_time()
        try:
            if not started[key]:  # preparation (tables, caches) is not a move: not timed
                started[key] = True
                player.start(view)
            t0 = time.perf_counter()
            c0 = time.process_time()
            decision = player.choose(view)
        except Exception as exc:  # a broken player loses the move, not the benchmark
            decision = None
            result.errors.append(f"{type(exc).__name__}: {exc}")
        times.append(time.perf_counter() - t0)
        result.cpu_times.append(time.process_time() - c0)
        move = decision.move if isinstance(decision, Decision) else decision
        if move not in legal:
            result.illegal_moves += 1
            move = sorted_moves(legal)[0]
        if keep_decisions:
            result.decisions.append((str(move), decision.reason if isinstance(decision, Decision) else ""))
        state = state.advance(move)
        if not mrx_turn and Piece.MRX not in state.winner and state.winner:
            result.captured_round = turns if state.mrx_location in [d.location for d in state.detectives] else None
    result.winner = "MRX" if Piece.MRX in state.winner else "DETECTIVES"
    result.mrx_moves = len(state.travel_log)
    result.rounds = turns
    return result
