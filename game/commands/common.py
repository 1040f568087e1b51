"""Helpers shared by the commands: loading maps and agents with one-line errors."""

from __future__ import annotations

import secrets
import warnings
from pathlib import Path

from game.cli import HelpShown, UsageError
from game.paths import default_map
from game.treasure.board import Board
from game.treasure.mapfile import MapFormatError, MapWarning, read_map


def load_map(path: str | None) -> tuple[Board, Path]:
    if path is None:
        found = default_map()
        if found is None:
            raise UsageError("no map given and maps/ has none: pass --map PATH")
        path = str(found)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", MapWarning)
        try:
            board = read_map(path)
        except MapFormatError as exc:
            raise UsageError(f"rejected map: {exc}") from None
    for w in caught:
        print(f"run.py: warning: {w.message}", file=__import__("sys").stderr)
    return board, Path(path)


def load_agent(name: str, seed: int):
    """The agent ``name`` made with ``seed``; UsageError (one line) for a name that leads to no
    agent class, and for a class whose constructor fails (it raises, or takes other arguments)."""
    from game.treasure.agents import AgentNotFound, agent_class

    try:
        cls = agent_class(name)
    except AgentNotFound as exc:
        raise UsageError(str(exc)) from None
    try:
        return cls(seed=seed)
    except Exception as exc:  # noqa: BLE001 - a user's constructor may fail in any way
        raise UsageError(f"cannot create agent {name!r}: {exception_line(exc)}") from None


def exception_line(exc: BaseException, most: int = 200) -> str:
    """``ValueError: bad init``: an exception's type and the first line of its message."""
    try:
        message = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    except Exception:  # noqa: BLE001 - a message that cannot even be made
        message = ""
    text = f"{type(exc).__name__}: {message}" if message else type(exc).__name__
    return text if len(text) <= most else text[:most - 3] + "..."


def choose_seed(seed: int | None) -> int:
    """The seed given, or a random one (a negative one never gets here: game.cli._run refuses it
    for every command)."""
    return secrets.randbelow(2**31) if seed is None else seed


def parse_size(text: str) -> tuple[int, int]:
    """``--size WxH``, checked as every command checks a size (game.arcade.commandline.frame_size:
    from the smallest window, MIN_WINDOW, to 8192 a side)."""
    from game.arcade.commandline import frame_size

    return frame_size(text)


RULES_HELP = ("rules variant: comma list of key=value setting any RulesConfig number, e.g. "
              "truth_model=bluff,liar_rate=0.5,pirate_speed=3 (ranges as lo:hi, e.g. small_move=1:2; "
              "'--rules help' lists every key)")


def rules_keys() -> list[tuple[str, str]]:
    """(name, default as typed on the command line) for every rules setting."""
    from dataclasses import fields

    from game.treasure.config import RulesConfig

    defaults = RulesConfig()
    return [(f.name, _typed_back(getattr(defaults, f.name))) for f in fields(RulesConfig)]


def _typed_back(value) -> str:
    if isinstance(value, tuple):
        return ":".join(str(v) for v in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_rules(text: str | None, base=None):
    """``--rules key=value,...`` as a :class:`RulesConfig` (``base`` with those settings
    changed), checked by RulesConfig itself. Each value is read as the type of its setting:
    a whole number, a number, true/false, a word, or a range/list written ``lo:hi``.
    UsageError with a one-line reason for anything else."""
    from dataclasses import fields, replace

    from game.treasure.config import RulesConfig

    base = base if base is not None else RulesConfig()
    if text is None or not text.strip():
        return base
    if text.strip().lower() == "help":
        listing = ", ".join(f"{name}={default}" for name, default in rules_keys())
        raise HelpShown(f"--rules keys and their defaults: {listing}")
    known = {f.name: getattr(base, f.name) for f in fields(RulesConfig)}
    values: dict = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, raw = item.partition("=")
        key, raw = key.strip().replace("-", "_"), raw.strip()
        if not sep or not key:
            raise UsageError(f"--rules: expected key=value, not {item!r}")
        if key not in known:
            raise UsageError(f"--rules: unknown setting {key!r} (known: {', '.join(known)})")
        if key in values:
            raise UsageError(f"--rules: {key} is given twice")
        values[key] = _rule_value(key, raw, known[key])
    try:
        rules = replace(base, **values)
    except (ValueError, TypeError) as exc:
        raise UsageError(f"--rules: {exc}") from None
    if "liar_rate" in values and rules.truth_model != "bluff":  # it would be left unused
        raise UsageError(f"--rules liar_rate is the probability of a lie under the bluff truth model; this "
                         f"game's is {rules.truth_model} (add truth_model=bluff, or --truth bluff)")
    return rules


def _rule_value(key: str, raw: str, default):
    def number(text: str, like):
        try:
            return int(text) if isinstance(like, int) and not isinstance(like, bool) else float(text)
        except ValueError:
            kind = "a whole number" if isinstance(like, int) else "a number"
            raise UsageError(f"--rules {key}: expected {kind}, not {text!r}") from None

    if isinstance(default, bool):
        lowered = raw.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise UsageError(f"--rules {key}: expected true or false, not {raw!r}")
    if isinstance(default, tuple):
        parts = [p for p in raw.replace("/", ":").split(":")]
        if len(parts) != len(default) or not all(p.strip() for p in parts):
            raise UsageError(f"--rules {key}: expected {len(default)} numbers written a:b"
                             f"{':...' if len(default) > 2 else ''} (default {_typed_back(default)}), not {raw!r}")
        return tuple(number(p.strip(), d) for p, d in zip(parts, default))
    if isinstance(default, (int, float)):
        return number(raw, default)
    return raw
