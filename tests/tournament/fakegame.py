"""A tiny two-seat game with a known order of strength, for the tournament tests.

Player ``pK`` has strength K; seat 0 beats seat 1 with probability s0 / (s0 + s1), drawn from
the job's seed. The option ``die_once`` names a file: the first worker to play the job creates
it and kills its own process (a worker dying mid-game); ``die_always`` kills it every time.
"""

import os
import random
import signal
from pathlib import Path

from game.tournament import Outcome


def play(job) -> Outcome:
    marker = job.option("die_once")
    if marker and not Path(marker).exists():
        Path(marker).write_text("died here once\n")
        os.kill(os.getpid(), signal.SIGKILL)
    if job.option("die_always"):
        os.kill(os.getpid(), signal.SIGKILL)
    s = [int(p.lstrip("p")) for p in job.players]
    rng = random.Random(job.seed * 7919 + len(job.setup))
    seat0_wins = rng.random() < s[0] / (s[0] + s[1])
    turns = rng.randint(10, 99)
    return Outcome(ranks=(0, 1) if seat0_wins else (1, 0), scores=(float(seat0_wins), float(not seat0_wins)),
                   turns=turns, mean_move_seconds=0.001, max_move_seconds=0.002,
                   detail=(("end", "fake"),))


def solo(job) -> Outcome:
    """One seat: agent pK wins with probability K/10 and takes fewer turns when stronger."""
    k = int(job.players[0].lstrip("p"))
    rng = random.Random(job.seed)
    return Outcome(ranks=(0,) if rng.random() < k / 10 else (1,), turns=rng.randint(1, 20) + (10 - k))
