"""Scotland Yard players: Mr X and the detectives (as one team), chosen by name.

The player interface
--------------------
A player is one object per game. It is built with a seed (everything it draws comes from a
generator seeded with it, so a game is repeatable) and a time budget per move in seconds.

* ``start(view)`` is called once before its first decision (optional; the base class does
  nothing).
* ``choose(view) -> Decision`` returns one of ``view.available_moves()`` and a one-line reason a
  person can read, e.g. ``BUS to 67: keeps 4 stations between Mr X and the nearest detective``.

Mr X is given a ``MrXView`` (he knows everything). The detectives are one team player given a
``DetectivesView`` (public information only, SCOTLAND-YARD.md §11): it is asked once per
detective move, and it picks which of the detectives still to move in this round moves next (the
view's available moves are the union of theirs). Neither view lets a player change the game.

A detectives' player may also offer ``possible_locations() -> dict[int, float]``: where it thinks
Mr X can be, with a probability each (the arcade draws it as a heat map).

Names: ``random``, ``minimax`` (Mr X) / ``chaser`` (detectives), ``default`` (MCTS, both sides),
or a dotted path ``package.module:Class`` to a class taking ``(seed=..., move_time=...)``.
"""

from __future__ import annotations


from game.scotlandyard.ai.base import Decision, DetectivesPlayer, MrXPlayer, move_key, sorted_moves

__all__ = [
    "AiNotFound", "Decision", "DetectivesPlayer", "MrXPlayer", "MRX_PLAYERS", "DETECTIVE_PLAYERS",
    "make_mrx", "make_detectives", "create_player", "move_key", "sorted_moves",
]


class AiNotFound(ValueError):
    """No player of that name (or the dotted path does not name a class)."""


# name -> "module:Class"; imported only when asked for, so listing names is cheap.
MRX_PLAYERS: dict[str, str] = {
    "default": "game.scotlandyard.ai.mcts_mrx:MctsMrX",
    "minimax": "game.scotlandyard.ai.minimax:MinimaxMrX",
    "random": "game.scotlandyard.ai.randomplayer:RandomMrX",
}
DETECTIVE_PLAYERS: dict[str, str] = {
    "default": "game.scotlandyard.ai.mcts_detectives:MctsDetectives",
    "chaser": "game.scotlandyard.ai.chaser:ChaserDetectives",
    "greedy": "game.scotlandyard.ai.greedy_detectives:GreedyDetectives",
    "random": "game.scotlandyard.ai.randomplayer:RandomDetectives",
}


def _resolve(spec: str, table: dict[str, str], side: str):
    """A player class by name, ``module:Class``, ``module.Class`` or ``path/to/file.py:Class``; a
    function ``policy(observation, mask)`` there is a trained ``scotland_yard_v0`` policy, played
    through :mod:`game.envs.agents` (the ``rl`` extra)."""
    from game.registry import is_policy_function, load_target

    if not isinstance(spec, str) or not spec.strip():
        raise AiNotFound(f"no {side} player named {spec!r}; choose one of {', '.join(sorted(table))} "
                         "or give package.module:Class")
    spec = spec.strip()
    target = table.get(spec)
    if target is None:
        if ":" not in spec and "." not in spec:
            raise AiNotFound(f"no {side} player named {spec!r}; choose one of {', '.join(sorted(table))} "
                             "or give package.module:Class (or path/to/file.py:Class)")
        target = spec
    try:
        cls = load_target(target)
    except Exception as exc:  # noqa: BLE001 - a user's module may fail in any way while loading
        what = f"cannot load {target!r}" if target != spec else "cannot load it"  # a path is named once
        raise AiNotFound(f"{side} player {spec!r}: {what} ({type(exc).__name__}: {exc})") from None
    if is_policy_function(cls):
        try:
            from game.envs.agents import policy_detectives, policy_mrx
        except ImportError as exc:
            raise AiNotFound(f"{side} player {spec!r} is a policy function: it needs the rl extra ({exc})") from None
        wrap = policy_mrx if side == "Mr X" else policy_detectives
        return wrap(target, name=target.rpartition(":")[2] or "policy")
    if not callable(cls):
        raise AiNotFound(f"{side} player {spec!r}: {target!r} is not a class")
    return cls


def make_mrx(spec: str, seed: int = 0, move_time: float = 1.0):
    """A new Mr X player by name (``random``, ``minimax``, ``default``) or ``module:Class``."""
    return _resolve(spec, MRX_PLAYERS, "Mr X")(seed=seed, move_time=move_time)


def make_detectives(spec: str, seed: int = 0, move_time: float = 1.0):
    """A new detectives' team player by name (``random``, ``chaser``, ``default``) or ``module:Class``."""
    return _resolve(spec, DETECTIVE_PLAYERS, "detectives")(seed=seed, move_time=move_time)


def create_player(side: str, spec: str, seed: int = 0, move_time: float = 1.0):
    """``make_mrx`` (``side`` "mrx") or ``make_detectives`` for a command line: AiNotFound, one
    line, also when the class cannot be built (its constructor raises, or takes other arguments):
    ``cannot create Mr X player 'x.py:Cls': ValueError: bad init``."""
    make = make_mrx if side == "mrx" else make_detectives
    try:
        return make(spec, seed=seed, move_time=move_time)
    except AiNotFound:
        raise
    except Exception as exc:  # noqa: BLE001 - a user's constructor may fail in any way
        who = "Mr X" if side == "mrx" else "detectives"
        lines = str(exc).strip().splitlines()
        why = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
        raise AiNotFound(f"cannot create {who} player {spec!r}: {why[:200]}") from None
