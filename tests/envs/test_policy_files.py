"""A trained policy saved in a file plays every game: `--a path/policy.py:fn` (duel),
`--mrx/--detectives path/policy.py:fn` (Scotland Yard), as `--agent` does for Treasure Island."""

import textwrap
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

DUEL8 = Path(__file__).resolve().parents[2] / "maps" / "duel" / "duel8x8.txt"

POLICY = textwrap.dedent('''
    import numpy as np

    def first_legal(observation, mask):
        return int(np.flatnonzero(mask)[0])

    def not_a_policy(observation):
        return 0
''')


@pytest.fixture
def policy_file(tmp_path):
    path = tmp_path / "trained.py"
    path.write_text(POLICY)
    return path


def test_a_duel_policy_from_a_file_plays_a_judged_game(policy_file):
    from game.duel.bots import make_bot
    from game.duel.mapfile import read_map
    from game.duel.match import play_match

    a = make_bot(f"{policy_file}:first_legal", seed=1)
    result = play_match(read_map(DUEL8), a, make_bot("random", seed=2), seed=1)
    assert result.winner in ("A Win", "B Win", "Tie")
    assert "invalid" not in result.message


def test_scotland_yard_policies_from_a_file_play_a_game(policy_file):
    from game.scotlandyard import standard_game
    from game.scotlandyard.ai import make_detectives, make_mrx
    from game.scotlandyard.ai.runner import play_game

    result = play_game(standard_game(4), make_mrx(f"{policy_file}:first_legal", seed=4, move_time=0.05),
                       make_detectives(f"{policy_file}:first_legal", seed=4, move_time=0.05))
    assert result.winner in ("MRX", "DETECTIVES") and result.illegal_moves == 0


def test_a_function_that_is_not_a_policy_is_refused(policy_file):
    from game.duel.bots import BotNotFound, bot_class
    from game.scotlandyard.ai import AiNotFound, make_mrx

    with pytest.raises(BotNotFound, match="not a bot class"):
        bot_class(f"{policy_file}:not_a_policy")
    with pytest.raises(AiNotFound, match="no such file"):
        make_mrx(f"{policy_file.parent}/missing.py:first_legal")
