"""Small boards and bots the duel's tests share."""

from __future__ import annotations

from game.duel.mapfile import parse_map
from game.duel.protocol import MOVES, Bot
from game.duel.rules import legal_moves

# A at (1, 0) may go UP or RIGHT; B at (2, 3) may go UP or LEFT.
SMALL = """3 4
m m m m
A . . m
m m . B
"""


def small_board():
    return parse_map(SMALL)


def board(text: str):
    rows = [line for line in text.strip().split("\n")]
    return parse_map(f"{len(rows)} {len(rows[0].split())}\n" + "\n".join(rows))


class FirstLegal(Bot):
    """Plays the first legal move clockwise from UP (UP when boxed in)."""

    name = "first-legal"

    def act(self, obs):
        r, c = obs.position(obs.me)
        for move in MOVES:
            dr, dc = {"UP": (-1, 0), "RIGHT": (0, 1), "DOWN": (1, 0), "LEFT": (0, -1)}[move]
            nr, nc = r + dr, c + dc
            if 0 <= nr < obs.rows and 0 <= nc < obs.cols and obs.grid[nr][nc] not in "xAB":
                return move
        return "UP"


class Scripted(Bot):
    """Plays the given moves in order."""

    name = "scripted"

    def __init__(self, moves, seed: int = 0, move_time: float = 0.3):
        super().__init__(seed, move_time)
        self.moves = list(moves)

    def act(self, obs):
        return self.moves.pop(0)


def play_moves(state, moves):
    from game.duel.rules import step

    events = []
    for move in moves:
        state, new = step(state, move)
        events.extend(new)
    return state, events


__all__ = ["SMALL", "small_board", "board", "FirstLegal", "Scripted", "play_moves", "legal_moves"]
