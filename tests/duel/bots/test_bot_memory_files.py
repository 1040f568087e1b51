"""The program's memory file, whatever it holds, never costs a move; another game's is dropped (a
review's fuzzing: 1e400 and 100,000 nested brackets crashed the program before it printed)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.duel.bots import make_bot
from game.duel.protocol import DuelObservation

ROOT = Path(__file__).resolve().parents[3]
GRID = ("A.s.m", ".x...", "m...m", "...x.", "m.s.B")


def _input(round_=5, grid=GRID, me="A"):
    return DuelObservation(round=round_, grid=grid, score_a=3, score_b=2, me=me).to_text()


@pytest.mark.parametrize("content", [
    '{"round": 1e400, "other": [4, 4], "grid": ["A.s.m"], "stun": 0}',
    '{"round": 3, "other": [4, 4], "grid": ["A.s.m", ".x...", "m...m", "...x.", "m.s.B"], "stun": 1e400}',
    "[" * 100_000,
    '{"round": 3, "other": [4, 4], "grid": ["A.s.m", ".x...", "m...m", "...x.", "m.s.B"], "stun": 0, '
    '"visits": [[2, 99999, 99999, 1, 0]]}',
])
def test_a_memory_file_of_any_content_still_gets_a_legal_move(tmp_path, content):
    (tmp_path / ".duel-bot-default-A.json").write_text(content)
    env = dict(os.environ, TMPDIR=str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    done = subprocess.run([sys.executable, str(ROOT / "run.py"), "duel", "bot", "--reason"], input=_input(),
                          capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout in ("RIGHT\n", "DOWN\n")
    assert "first legal move" not in done.stderr, done.stderr


def test_another_games_memory_is_dropped_where_an_item_came_back():
    bot = make_bot("default", seed=1, move_time=0.05)
    taken = ("A...m", ".x...", "m...m", "...x.", "m.s.B")  # the star at (0, 2) taken in that game
    bot.restore({"round": 4, "other": [4, 4], "grid": list(taken), "stun": 0})
    assert not bot._same_game(DuelObservation(round=5, grid=GRID, score_a=0, score_b=0, me="A"))
    bot.restore({"round": 4, "other": [4, 4], "grid": list(GRID), "stun": 0})
    assert bot._same_game(DuelObservation(round=5, grid=GRID, score_a=0, score_b=0, me="A"))
    json.dumps(bot.memory())  # what it keeps still saves
