"""Play functions for tests/tournament/test_review_fixes.py, importable by a worker process.

``threads``: every game reports how many threads its process runs (``detail["threads"]``); the
option ``leak`` leaves one running after the game (as an agent stuck past its time limit does).
``exit``: the option ``exit`` ends the worker process outright (``os._exit``), as a broken agent
may; the game of any other job is an ordinary win.
"""

import os
import threading
import time

from game.tournament import Outcome


def _forever() -> None:
    while True:
        time.sleep(0.05)


def threads(job) -> Outcome:
    if job.option("leak"):
        threading.Thread(target=_forever, name="stuck-agent", daemon=True).start()
    return Outcome(ranks=(0,), turns=1, detail=(("threads", threading.active_count()),))


def exits(job) -> Outcome:
    if job.option("exit"):
        os._exit(3)
    return Outcome(ranks=(0,) if job.seed % 2 == 0 else (1,), turns=5)
