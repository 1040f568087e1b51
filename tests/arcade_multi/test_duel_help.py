"""The duel's help lists the keys that work at the moment (a review found 'A: Autoplay' and 'A:
Move left' side by side, and the hotseat's keys while only bots played)."""

import pytest

from game.arcade.thinking import Thinker
from game.duel.arcade.scenes import DuelPlayScene
from game.duel.arcade.session import DuelSession
from game.duel.board import DuelBoard

from .helpers import Harness


@pytest.fixture
def display_ok(display):
    return display


def test_the_duel_help_lists_the_keys_of_the_moment(display_ok):
    from game.duel.arcade.session import HUMAN

    def rows_of(players):
        session = DuelSession(DuelBoard(["A.s...", "......", "......", "......", "......", ".....B"]), players)
        h = Harness(lambda ctx: DuelPlayScene(ctx, session, thinker=Thinker(synchronous=True)))
        return dict(h.app.stack.scenes[0].key_rows())

    watching = rows_of({"A": "greedy", "B": "walker"})
    assert watching["A"].startswith("Autoplay") and "W" not in watching and "Arrows / W A S D" in watching
    one = rows_of({"A": HUMAN, "B": "walker"})
    assert one["A"] == "Move left" and one["Left"] == "Move left" and "hotseat" not in " ".join(one.values())
    two = rows_of({"A": HUMAN, "B": HUMAN})
    assert two["A"] == "Move left (hotseat: player A)" and two["Left"] == "Move left (hotseat: player B)"
