"""``default`` against the course's own teaching-assistant bots, as the judge recorded them.

The course's 300 recorded games (``../shared/data/duel/golden-logs``, all on the 20x20 course map)
include 29 with the teaching assistants' bots ``bot1``, ``bot2`` and ``bot3``. Three of the six
(bot, side) pairs play the same moves in every game they played, whatever the other player did:
``bot1`` as A (RIGHT, then LEFT/RIGHT for ever) and as B (UP five times, then DOWN/UP), and
``bot2`` as A (a fixed pseudo-random walk). Their moves do not depend on the board, so replaying
a recording *is* that bot, and ``default`` plays the real thing. The others react to the game:
``bot2`` as B heads for items, and ``bot3`` (three steps out of its corner, then back and forth)
now and then steps along with the other player; a replay would not be those bots, so they are
left out. A replayed move the board no longer allows is played anyway and is an error, as it
would have been for the real bot.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.duel.bots.default import DefaultBot
from game.duel.log import replay_log
from game.duel.mapfile import read_map
from game.duel.match import play_match
from game.duel.protocol import MOVES, Bot, Decision

DATA = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "duel"
LOGS = DATA / "golden-logs"
OPEN_LOOP = [("bot1", "A"), ("bot1", "B"), ("bot2", "A")]


def recordings(bot: str, side: str) -> list[list[str]]:
    """Every recorded move sequence of ``bot`` playing ``side`` (moves only, in order)."""
    manifest = json.loads((LOGS / "MANIFEST.json").read_text())
    board = read_map(DATA / "20map")
    out = []
    for entry in manifest:
        if entry[side] != bot:
            continue
        replay = replay_log(board, (LOGS / entry["file"]).read_text())
        out.append([r.text for r in replay.records if r.player == side])
    return out


class Recorded(Bot):
    """Plays a recorded move sequence: move ``k`` at its ``k``-th turn, legal or not."""

    name = "recorded"

    def __init__(self, moves: list[str]):
        super().__init__(seed=0, move_time=0.3)
        self.moves, self.turn = moves, 0

    def act(self, obs):
        move = self.moves[self.turn] if self.turn < len(self.moves) else MOVES[0]
        self.turn += 1
        return Decision(move, "as recorded")


@pytest.fixture(scope="module")
def course():
    if not (LOGS / "MANIFEST.json").exists():
        pytest.skip(f"the course's recorded games are not at {LOGS} (CI checks ../shared out beside the repo)")
    return read_map(DATA / "20map")


@pytest.mark.parametrize("bot,side", OPEN_LOOP)
def test_the_replayed_bots_play_the_same_moves_in_every_recorded_game(course, bot, side):
    runs = [moves for moves in recordings(bot, side) if len(moves) > 10]
    assert len(runs) >= 2
    longest = max(runs, key=len)
    for moves in runs:   # every recording is a prefix of the longest: the moves ignore the board
        assert moves == longest[:len(moves)]
    assert all(move in MOVES for move in longest)


@pytest.mark.parametrize("bot,side", OPEN_LOOP)
def test_default_beats_the_course_bot_without_an_error(course, bot, side):
    moves = max(recordings(bot, side), key=len)
    ours = DefaultBot(seed=0, node_budget=40)
    a, b = (Recorded(moves), ours) if side == "A" else (ours, Recorded(moves))
    result = play_match(course, a, b, seed=0)
    me = "B" if side == "A" else "A"
    assert result.winner == f"{me} Win", (result.winner, result.final.score_a, result.final.score_b)
    mine, theirs = (result.final.score_a, result.final.score_b) if me == "A" else (result.score_b, result.score_a)
    assert mine > max(theirs, 0) * 10
    assert result.final.outcome.offender != me
