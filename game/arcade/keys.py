"""The arcade's key table: the one place keys are chosen; the help overlay lists it.

Plain arrow keys and the letters L, V, T, O and G are deliberately left free: the human
override and replay controls will use them.
"""

from __future__ import annotations

from game.shell.input import KeyBindings

RESERVED = ("up", "down", "left", "right", "l", "v", "t", "o", "g")

PLAY_KEYS: list[tuple[str, str, str]] = [
    ("space", "step", "Advance one action"),
    ("return", "turn", "Advance one whole turn"),
    ("kp_enter", "turn", "Advance one whole turn"),
    ("a", "autoplay", "Autoplay on / off"),
    ("p", "pause", "Pause"),
    ("escape", "pause", "Pause"),
    ("r", "restart", "Restart with the same seed"),
    ("n", "new_seed", "New game with a new seed"),
    ("f1", "help", "Help: this list"),
    ("h", "help", "Help: this list"),
    ("1", "speed_slow", "Speed: slow"),
    ("2", "speed_normal", "Speed: normal"),
    ("3", "speed_fast", "Speed: fast"),
    ("4", "speed_instant", "Speed: instant (no animation)"),
    ("f", "follow", "Follow the agent"),
    ("0", "fit", "Fit the map to the screen"),
    ("+", "zoom_in", "Zoom in (or mouse wheel)"),
    ("=", "zoom_in", "Zoom in (or mouse wheel)"),
    ("kp_plus", "zoom_in", "Zoom in (or mouse wheel)"),
    ("-", "zoom_out", "Zoom out (or mouse wheel)"),
    ("kp_minus", "zoom_out", "Zoom out (or mouse wheel)"),
    ("ctrl+up", "pan_up", "Pan (or drag with the mouse)"),
    ("ctrl+down", "pan_down", "Pan (or drag with the mouse)"),
    ("ctrl+left", "pan_left", "Pan (or drag with the mouse)"),
    ("ctrl+right", "pan_right", "Pan (or drag with the mouse)"),
    ("e", "toggle_ruled_out", "Overlay: tiles ruled out by hints"),
    ("c", "toggle_scanned", "Overlay: tiles already scanned"),
    ("m", "toggle_heat", "Overlay: the agent's probability heat map"),
    ("w", "toggle_path", "Overlay: the pirate's path once free"),
    ("x", "toggle_treasure", "Show the treasure (spoiler!)"),
    ("i", "toggle_regions", "Show region numbers"),
    ("tab", "minimap", "Minimap: auto / on / off"),
    ("pageup", "hint_prev", "Highlight the previous hint's area"),
    ("pagedown", "hint_next", "Highlight the next hint's area"),
    ("backspace", "hint_clear", "Stop highlighting a hint"),
    ("q", "menu", "Back to the title menu"),
]

MENU_KEYS: list[tuple[str, str, str]] = [
    ("up", "menu_up", "Previous line"),
    ("down", "menu_down", "Next line"),
    ("tab", "menu_down", "Next line"),
    ("left", "menu_left", "Previous choice"),
    ("right", "menu_right", "Next choice"),
    ("return", "menu_go", "Start"),
    ("kp_enter", "menu_go", "Start"),
    ("escape", "menu_back", "Quit"),
    ("backspace", "menu_erase", "Erase a character"),
]

OVERLAY_KEYS: list[tuple[str, str, str]] = [
    ("escape", "close", "Close"),
    ("p", "close", "Close"),
    ("f1", "close", "Close"),
    ("h", "close", "Close"),
    ("return", "close", "Close"),
    ("space", "close", "Close"),
    ("q", "menu", "Back to the title menu"),
    ("r", "restart", "Replay the same seed"),
    ("n", "new_seed", "New game, new seed"),
    ("ctrl+q", "quit", "Quit the arcade"),
]


def bindings(table: list[tuple[str, str, str]]) -> KeyBindings:
    return KeyBindings.from_table(table)
