"""Rows of key tables that every turn-based game of the arcade shares (the duel, Scotland Yard).

A game's ``keys`` module still writes its own tables, in the order its help lists them, but
builds them from these pieces, so the same habits (Space one move, Enter one round, A autoplay,
1-4 speed, P/Esc pause, R restart, Q options, F1/H help; the replay's arrows, Home/End, Space,
O, Esc/Q) are typed once. Each row is ``(keys, intention, help)`` as
:meth:`game.shell.input.KeyBindings.from_table` reads it.
"""

from __future__ import annotations

from game.shell.input import MENU_NAVIGATION_KEYS, KeyBindings

Row = tuple[str, str, str]

HELP_KEYS: list[Row] = [
    ("f1", "help", "Help: this list"),
    ("h", "help", "Help: this list"),
]

SPEED_HELP = ("Speed: slow", "Speed: normal", "Speed: fast", "Speed: instant")


def turn_keys(round_help: str, kp_round_help: str | None = None) -> list[Row]:
    """Space one move, Enter (and the keypad's) one round, A autoplay."""
    return [
        ("space", "step", "One move"),
        ("return", "round", round_help),
        ("kp_enter", "round", kp_round_help or round_help),
        ("a", "autoplay", "Autoplay on / off"),
    ]


def speed_keys(*helps: str) -> list[Row]:
    """1, 2, 3 (and 4) for the speeds slow, normal, fast (instant); ``helps`` overrides the words."""
    words = list(helps) + list(SPEED_HELP[len(helps):])
    names = ("slow", "normal", "fast", "instant")
    return [(str(i + 1), f"speed_{name}", words[i]) for i, name in enumerate(names)]


def game_keys(restart_help: str, menu_help: str, escape_help: str = "Pause") -> list[Row]:
    """The end of a play table: P/Esc pause, R restart, Q the game's options, F1/H help."""
    return [
        ("p", "pause", "Pause"),
        ("escape", "pause", escape_help),
        ("r", "restart", restart_help),
        ("q", "menu", menu_help),
        *HELP_KEYS,
    ]


def replay_move_keys(round_help: str = "One round forward") -> list[Row]:
    """Right/Left one move (forward animated), Shift+Right/Left one round."""
    return [
        ("right", "next_move", "One move forward (animated)"),
        ("left", "prev_move", "One move back"),
        ("shift+right", "next_round", round_help),
        ("shift+left", "prev_round", "One round back"),
    ]


REPLAY_ENDS: list[Row] = [
    ("home", "start", "The start"),
    ("end", "end", "The end"),
]

REPLAY_PLAY: list[Row] = [
    ("space", "play_pause", "Play / pause"),
    ("o", "branch", "Branch: play on from here yourself (the side to move)"),
]

REPLAY_BACK: list[Row] = [
    ("escape", "menu", "Back"),
    ("q", "menu", "Back"),
    *HELP_KEYS,
]


def options_keys(erase_help: str) -> list[Row]:
    """A game's options screen: move through it, Esc back to the games, Backspace erases."""
    return [
        *MENU_NAVIGATION_KEYS,
        ("escape", "menu_back", "Back to the games"),
        ("backspace", "menu_erase", erase_help),
    ]


def bindings(table, *, digits: str | None = None, digit_help: str = "A digit") -> KeyBindings:
    """The table as key bindings; ``digits`` also binds 0-9 to that intention (data: the digit)."""
    out = KeyBindings.from_table(table)
    if digits:
        out.bind_digits(digits, digit_help)
    return out
