"""How long our bot takes as a course program, start-up included: the issue's 0.8 s at the 95th
percentile, measured the way the course's judge runs it.

    python examples/duel_program_speed.py [--rounds 400] [--map ../shared/data/duel/20map]
                                          [--bot default] [--against trapper] [--move-time S]
                                          [--busy N]

Plays one game through our judge with both players as programs: every move of ``--bot`` is a fresh
``python run.py duel bot --name BOT`` (Python's start-up and imports included), and ``--against``
is a program too, run back to back with it, as in a course game. Stops after ``--rounds`` rounds.
Prints the wall-clock seconds the judge measured for the bot's moves (count, median, 95th
percentile, maximum), for all of them and for those with the players at most 6 steps apart (where
the search has most to do), and how many went over the course's 1 s (the judge here waits up to
``WAIT`` seconds, so a slow move is measured, not cut off and the game ended). ``--busy N`` keeps N
more processes spinning beside the game, as on a machine that plays several games at once. Not a
test: nothing is asserted, and timings depend on the machine.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.arcade.bench import percentile  # noqa: E402
from game.duel.match import ProgramPlayer, play_match  # noqa: E402
from game.duel.mapfile import read_map  # noqa: E402

NEAR = 6          # players this many steps apart or fewer (Manhattan) count as "near"
TIME_LIMIT = 1.0  # the course's wall-clock limit for one run of a program
WAIT = 5.0        # how long the judge here waits for a move (a slower one ends the game)


class _Timed:
    """Player A, recording the judge's seconds for each of its moves; it stops the game (by
    raising ``_Enough``) once ``rounds`` rounds are played (A moves first in a round)."""

    def __init__(self, inner, rounds: int, times: list, near: list):
        self.inner, self.rounds, self.times, self.near = inner, rounds, times, near

    def answer(self, obs):
        if obs.round > self.rounds:
            raise _Enough
        answer = self.inner.answer(obs)
        (ar, ac), (br, bc) = obs.position("A"), obs.position("B")
        self.times.append(answer.seconds)
        if abs(ar - br) + abs(ac - bc) <= NEAR:
            self.near.append(answer.seconds)
        return answer

    def close(self):
        self.inner.close()


class _Enough(Exception):
    pass


def measure(map_path: str, rounds: int, bot: str = "default", against: str = "trapper",
            move_time: float | None = None) -> tuple[list[float], list[float]]:
    """The judge's seconds for each move of ``bot`` as A (all, and with the players near)."""
    command = f"{sys.executable} {ROOT / 'run.py'} duel bot --name {bot}"
    if move_time is not None:
        command += f" --move-time {move_time}"
    other = f"{sys.executable} {ROOT / 'run.py'} duel bot --name {against}"
    times: list[float] = []
    near: list[float] = []
    board = read_map(map_path)
    with tempfile.TemporaryDirectory() as work:
        a = _Timed(ProgramPlayer(command, Path(work) / "A", WAIT), rounds, times, near)
        b = ProgramPlayer(other, Path(work) / "B", WAIT)
        try:
            play_match(board, a, b)
        except _Enough:
            pass
    return times, near


def summary(seconds: list[float]) -> str:
    if not seconds:
        return "no moves"
    over = sum(1 for x in seconds if x > TIME_LIMIT)
    return (f"{len(seconds)} moves: median {statistics.median(seconds):.3f} s, "
            f"p95 {percentile(seconds, 0.95):.3f} s, max {max(seconds):.3f} s, "
            f"{over} over {TIME_LIMIT:g} s")


def spin(count: int) -> list[subprocess.Popen]:
    """``count`` processes that keep a core busy until killed."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
            for _ in range(count)]


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rounds", type=int, default=400, help="rounds to play (default 400)")
    p.add_argument("--map", default=str(ROOT.parent / "shared" / "data" / "duel" / "20map"),
                   help="a map file (default: the course's 20x20 map in ../shared)")
    p.add_argument("--bot", default="default", help="the bot measured, as A (default: default)")
    p.add_argument("--against", default="trapper", help="the other program's bot, as B (default: trapper)")
    p.add_argument("--move-time", type=float, default=None, metavar="S",
                   help="the measured bot's search budget (default: `duel bot`'s own)")
    p.add_argument("--busy", type=int, default=0, metavar="N",
                   help="processes kept spinning beside the game (default 0)")
    args = p.parse_args(argv)
    if not Path(args.map).is_file():
        p.error(f"no map file at {args.map}")
    if args.busy < 0:
        p.error("--busy must be 0 or more")
    spinning = spin(args.busy)
    try:
        times, near = measure(args.map, args.rounds, args.bot, args.against, args.move_time)
    finally:
        for proc in spinning:
            proc.kill()
            proc.wait()
    busy = f", {args.busy} more processes spinning" if args.busy else ""
    print(f"{args.bot} as a program on {args.map}, against {args.against} as a program{busy}:")
    print(f"  all moves: {summary(times)}")
    print(f"  players at most {NEAR} steps apart: {summary(near)}")
    print("  (the course's limit is 1 s a run; the target is p95 under 0.8 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
