"""The duel's key tables: the one place its keys are chosen; the help overlay lists them."""

from __future__ import annotations

from game.shell.input import MENU_NAVIGATION_KEYS, KeyBindings

# Watching bots (also while a person plays a side: the arrow keys are then that side's moves).
WATCH_KEYS: list[tuple[str, str, str]] = [
    ("space", "step", "One move"),
    ("return", "round", "One round (A then B)"),
    ("kp_enter", "round", "One round (A then B)"),
    ("a", "autoplay", "Autoplay on / off"),
    ("1", "speed_slow", "Speed: slow"),
    ("2", "speed_normal", "Speed: normal"),
    ("3", "speed_fast", "Speed: fast"),
    ("4", "speed_instant", "Speed: instant (no animation: a 1000-round game in seconds)"),
    ("o", "override", "Take over the side to move from its bot (O again: hand it back)"),
    ("p", "pause", "Pause"),
    ("escape", "pause", "Pause"),
    ("r", "restart", "Restart (same map, same players)"),
    ("q", "menu", "Back to the duel's options"),
    ("f1", "help", "Help: this list"),
    ("h", "help", "Help: this list"),
]

# A person plays: arrows (and WASD when one person plays) move; in hotseat A has WASD, B arrows.
HUMAN_KEYS: list[tuple[str, str, str]] = [
    ("up", "move_UP", "Move up (hotseat: player B)"),
    ("down", "move_DOWN", "Move down (hotseat: player B)"),
    ("left", "move_LEFT", "Move left (hotseat: player B)"),
    ("right", "move_RIGHT", "Move right (hotseat: player B)"),
    ("w", "wasd_UP", "Move up (hotseat: player A)"),
    ("s", "wasd_DOWN", "Move down (hotseat: player A)"),
    ("a", "wasd_LEFT", "Move left (hotseat: player A)"),
    ("d", "wasd_RIGHT", "Move right (hotseat: player A)"),
    ("o", "override", "Hand the side back to its bot / take over"),
    ("1", "speed_slow", "Speed: slow"),
    ("2", "speed_normal", "Speed: normal"),
    ("3", "speed_fast", "Speed: fast"),
    ("p", "pause", "Pause"),
    ("escape", "pause", "Pause"),
    ("r", "restart", "Restart (same map, same players)"),
    ("q", "menu", "Back to the duel's options"),
    ("f1", "help", "Help: this list"),
    ("h", "help", "Help: this list"),
]

REPLAY_KEYS: list[tuple[str, str, str]] = [
    ("right", "next_move", "One move forward (animated)"),
    ("left", "prev_move", "One move back"),
    ("shift+right", "next_round", "One round forward"),
    ("shift+left", "prev_round", "One round back"),
    ("pagedown", "next_50", "50 rounds forward"),
    ("pageup", "prev_50", "50 rounds back"),
    ("home", "start", "The start"),
    ("end", "end", "The end"),
    ("g", "goto", "Go to round: G, the number, Enter"),
    ("return", "goto_enter", "Finish G's round number"),
    ("kp_enter", "goto_enter", "Finish G's round number"),
    ("backspace", "erase", "Erase a digit of G's number"),
    ("space", "play_pause", "Play / pause"),
    ("o", "branch", "Branch: play on from here yourself (the side to move)"),
    ("escape", "menu", "Back"),
    ("q", "menu", "Back"),
    ("f1", "help", "Help: this list"),
    ("h", "help", "Help: this list"),
]

OPTIONS_KEYS: list[tuple[str, str, str]] = [
    *MENU_NAVIGATION_KEYS,
    ("escape", "menu_back", "Back to the games"),
    ("backspace", "menu_erase", "Erase a character"),
]


def bindings(table, *, digits: str | None = None) -> KeyBindings:
    out = KeyBindings.from_table(table)
    if digits:
        out.bind_digits(digits, "A digit of G's round number")
    return out
