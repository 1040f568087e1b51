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

STEPS = (("UP", -1, 0), ("RIGHT", 0, 1), ("DOWN", 1, 0), ("LEFT", 0, -1))


def main() -> None:
    lines = sys.stdin.read().split("\n")
    subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "duel-stray-child"],
                     start_new_session=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)
    rows, cols = map(int, lines[1].split())
    grid = [lines[2 + r].split() for r in range(rows)]
    me = lines[4 + rows].strip()
    r, c = next((i, row.index(me)) for i, row in enumerate(grid) if me in row)
    for move, dr, dc in STEPS:
        if 0 <= r + dr < rows and 0 <= c + dc < cols and grid[r + dr][c + dc] not in "xAB":
            print(move)
            return
    print("UP")  # boxed in: any answer loses


if __name__ == "__main__":
    main()
