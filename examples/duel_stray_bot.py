"""A duel bot program that misbehaves on purpose: on every move it leaves a child running in a
session of its own (``setsid``), the way a careless daemon or a hostile program would, then
answers with its first legal move (UP, RIGHT, DOWN, LEFT). The judge must kill that child with the
move (DUEL.md, "How programs are run"); this program is the way to see that it does.

    python run.py duel bench --bots "cmd:python examples/duel_stray_bot.py,greedy" \\
        --maps maps/duel/duel8x8.txt --generated 0 --games 1 --seed 0 --workers 2 --out DIR --db DIR/r.sqlite
    pgrep -fc duel-stray-child        # children still running: 0 expected

Each child sleeps 60 s with ``duel-stray-child`` in its command line, so ``pgrep`` finds the
ones the judge missed. Not a test: a measurement to run on a loaded machine, where a missed
child shows up.
"""

import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.duel.bots.common import legal_moves  # noqa: E402
from game.duel.protocol import DuelObservation  # noqa: E402


def main() -> None:
    observation = DuelObservation.from_text(sys.stdin.read())
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "duel-stray-child"],
                     start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
    print((legal_moves(observation) or ["UP"])[0])  # boxed in: any answer loses


if __name__ == "__main__":
    main()
