"""`run.py duel bot`: one move as a course program: the course's input on stdin, one line on stdout.

Started afresh for every move (as the course's judge runs a bot), so it imports only what the bot
needs and spends a budget that leaves room for Python's start-up inside the 1 s limit (a bot that
searches stops ``--process-limit`` seconds after the process started, however slow the start-up
was). It prints the move line and nothing else; a bot that fails still answers with a legal move
when one exists.
A bot with ``memory()``/``restore()`` (the default bot: the other's stun, its current target)
keeps them between moves in a small file in its working folder, ``.duel-bot-NAME-SIDE.json``, and
a copy in a folder of its own under the system's temporary folder, read when the working folder
has none (a judge that gives the program a read-only folder, or a new one every move). A bot
with a ``from_the_start`` attribute is told that the game began at round 1 from the map's own
start, as the course's judge starts every game: with nothing remembered, the board then tells
the default bot whether the other has ever passed up a copy of its move.
"""

from __future__ import annotations

import argparse
import sys

HELP = "answer one move as a course program: the round's input on stdin, the move on stdout"

# Start-up and imports take about 0.1 s of the course's 1 s; the search gets this much by default
# (6000 nodes at the default bot's EVALS_PER_SECOND; its wall-clock guard stops it at 90% of this).
PROGRAM_MOVE_TIME = 0.6
# The judge's 1 s runs from the program's start. However long start-up took (a busy machine, a cold
# disk), the search stops this many seconds after the process began, and the answer goes out.
PROCESS_LIMIT = 0.75


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--name", default="default", help="bot name or module:Class (default: default)")
    p.add_argument("--seed", type=int, default=0, help="the bot's seed")
    p.add_argument("--move-time", type=float, default=PROGRAM_MOVE_TIME, metavar="S",
                   help=f"search budget in seconds (default {PROGRAM_MOVE_TIME}, which keeps the whole "
                        "process well inside the course's 1 s)")
    p.add_argument("--process-limit", type=float, default=PROCESS_LIMIT, metavar="S",
                   help=f"the search stops this many seconds after the process started, start-up included "
                        f"(default {PROCESS_LIMIT}), however much of --move-time is left")
    p.add_argument("--reason", action="store_true", help="also write the bot's reason to stderr")


def _memory_path(name: str, me: str) -> str:
    """The file in the working folder where a bot keeps what it remembers between moves (the
    judge gives each player its own folder for the whole game)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)[:60]
    return f".duel-bot-{safe}-{me}.json"


def _spare_path(local: str) -> str | None:
    """The copy of ``local`` in this user's folder under the system's temporary folder (made, only
    this user may enter it); None where there is no such folder we own. What is read from it
    may be another game's: the bot drops a memory that cannot be from this game."""
    import os
    import tempfile

    try:
        folder = os.path.join(tempfile.gettempdir(), f"treasure-duel-bots-{os.getuid()}")
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if os.stat(folder).st_uid != os.getuid():
            return None  # not ours: another user may read or replace what is in it
    except (OSError, AttributeError):  # no temporary folder, or no user ids (Windows)
        return None
    return os.path.join(folder, local.lstrip("."))


def _read_memory(path: str | None):
    import json

    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except Exception:  # noqa: BLE001 - first move, or nothing usable (100,000 '[': RecursionError)
        return None  # start afresh


def _load_memory(bot, local: str) -> None:
    """The working folder's file when there is one (usable or not), else the spare copy."""
    import os

    memory = _read_memory(local if os.path.exists(local) else _spare_path(local))
    if isinstance(memory, dict):
        bot.restore(memory)


def _save_memory(bot, local: str) -> None:
    import json
    import os

    try:
        text = json.dumps(bot.memory())
    except Exception:  # a memory that does not serialise only costs the bot its memory
        return
    for path in (local, _spare_path(local)):
        if path is None:
            continue
        try:
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, path)
        except OSError:  # a read-only folder only costs the bot that copy
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _process_started() -> float | None:
    """When this process started, as a ``time.perf_counter()`` reading: Linux's ``/proc/self/stat``
    (its start in clock ticks after boot) against the boot clock. None where that cannot be read,
    or gives an age no process start-up takes (a clock misread)."""
    import os
    import time

    try:
        with open("/proc/self/stat", "rb") as f:
            stat = f.read()
        ticks = int(stat[stat.rindex(b")") + 2:].split()[19])  # field 22, starttime (fields from 3 on)
        age = time.clock_gettime(time.CLOCK_BOOTTIME) - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    if not -0.05 <= age < 10:
        return None
    return time.perf_counter() - max(age, 0.0)


def _fallback(obs) -> str:
    from game.duel.bots.common import legal_moves

    legal = legal_moves(obs)
    return legal[0] if legal else "UP"


def run(args: argparse.Namespace) -> int:
    from game.cli import UsageError
    from game.duel.protocol import Decision, DuelObservation, ObservationFormatError

    import time

    entered = time.perf_counter()
    from game.cli import positive_seconds

    positive_seconds(args.move_time, "--move-time")
    positive_seconds(args.process_limit, "--process-limit")
    text = sys.stdin.read()
    try:
        obs = DuelObservation.from_text(text)
    except ObservationFormatError as exc:
        raise UsageError(f"bad input on stdin: {exc}") from None
    from game.duel.bots import BotNotFound, make_bot

    try:
        bot = make_bot(args.name, seed=args.seed, move_time=args.move_time)
    except BotNotFound as exc:
        raise UsageError(str(exc)) from None
    if hasattr(bot, "from_the_start"):
        bot.from_the_start = True  # the judge starts every game at round 1 from the map's own start
    if hasattr(bot, "stop_by"):  # a bot that searches: stop in time, whatever start-up cost
        started = _process_started()
        bot.stop_by = (entered if started is None else started) + args.process_limit
    memory_file = _memory_path(args.name, obs.me) if hasattr(bot, "restore") else None
    if memory_file is not None:
        try:
            _load_memory(bot, memory_file)
        except Exception:  # noqa: BLE001 - whatever the file holds, the move is still made
            getattr(bot, "_forget", lambda: None)()
    reason = ""
    try:
        answer = bot.act(obs)
        move, reason = (answer.move, answer.reason) if isinstance(answer, Decision) else (answer, "")
        from game.duel.protocol import MOVES

        if move not in MOVES:
            move, reason = _fallback(obs), f"bot answered {move!r}; first legal move instead"
    except Exception as exc:  # never crash the judge's game: answer something legal
        move, reason = _fallback(obs), f"bot failed ({type(exc).__name__}: {exc}); first legal move instead"
    sys.stdout.write(move + "\n")
    sys.stdout.flush()
    if memory_file is not None:
        _save_memory(bot, memory_file)
    if args.reason and reason:
        sys.stderr.write(reason + "\n")
    return 0
