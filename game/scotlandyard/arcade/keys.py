"""Scotland Yard's key tables: the one place its keys are chosen; the help overlay lists them."""

from __future__ import annotations

from game.shell.input import MENU_NAVIGATION_KEYS, KeyBindings

BOARD_KEYS: list[tuple[str, str, str]] = [
    ("v", "view", "View: spectator / detectives / Mr X (locked to your side while you play)"),
    ("l", "heat", "Possible locations of Mr X (heat map) on / off"),
    ("f", "fit", "Fit the whole board"),
    ("+", "zoom_in", "Zoom in (or the mouse wheel)"),
    ("=", "zoom_in", "Zoom in"),
    ("-", "zoom_out", "Zoom out"),
    ("kp_plus", "zoom_in", "Zoom in"),
    ("kp_minus", "zoom_out", "Zoom out"),
    ("m", "minimap", "Minimap: auto / on / off"),
]

PLAY_KEYS: list[tuple[str, str, str]] = [
    ("space", "step", "One move"),
    ("return", "round", "One round (Mr X, then every detective)"),
    ("kp_enter", "round", "One round"),
    ("a", "autoplay", "Autoplay on / off"),
    ("1", "speed_slow", "Speed: slow (in a ticket menu: the first ticket)"),
    ("2", "speed_normal", "Speed: normal (ticket menu: the second)"),
    ("3", "speed_fast", "Speed: fast (ticket menu: the third)"),
    ("4", "speed_instant", "Speed: instant, no animation"),
    ("o", "override", "Take over the side to move from its AI (O again: hand it back)"),
    ("d", "double", "Your move as Mr X: a double move (then click two stations)"),
    ("tab", "next_detective", "Your move as the detectives: the next detective to move"),
    *BOARD_KEYS,
    ("p", "pause", "Pause"),
    ("escape", "pause", "Pause (in a ticket menu: close it)"),
    ("r", "restart", "Restart (same start, same players)"),
    ("q", "menu", "Back to Scotland Yard's options"),
    ("f1", "help", "Help: this list"),
    ("h", "help", "Help: this list"),
]

MOUSE_ROWS: list[tuple[str, str]] = [
    ("Click a station", "Move there (a menu asks the ticket when several fit)"),
    ("Click a detective", "Choose which detective moves"),
    ("Drag / wheel", "Pan / zoom the board; click the minimap to go there"),
]

REPLAY_KEYS: list[tuple[str, str, str]] = [
    ("right", "next_move", "One move forward (animated)"),
    ("left", "prev_move", "One move back"),
    ("shift+right", "next_round", "One round forward (to Mr X's next move)"),
    ("shift+left", "prev_round", "One round back"),
    ("pagedown", "next_reveal", "Next reveal"),
    ("pageup", "prev_reveal", "Previous reveal"),
    ("home", "start", "The start"),
    ("end", "end", "The end"),
    ("space", "play_pause", "Play / pause"),
    ("o", "branch", "Branch: play on from here yourself (the side to move)"),
    *BOARD_KEYS,
    ("escape", "menu", "Back"),
    ("q", "menu", "Back"),
    ("f1", "help", "Help: this list"),
    ("h", "help", "Help: this list"),
]

OPTIONS_KEYS: list[tuple[str, str, str]] = [
    *MENU_NAVIGATION_KEYS,
    ("escape", "menu_back", "Back to the games"),
    ("backspace", "menu_erase", "Erase a digit"),
]


def bindings(table, *, digits: str | None = None) -> KeyBindings:
    out = KeyBindings.from_table(table)
    if digits:
        out.bind_digits(digits, "A digit")
    return out
