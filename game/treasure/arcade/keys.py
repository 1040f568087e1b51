"""The arcade's key tables: the one place keys are chosen; the help overlay lists them.

Watching (``PLAY_KEYS``), playing yourself (``HUMAN_KEYS``: the watch table with Enter and the
digits given new meanings) and replays (``REPLAY_KEYS``) each have a table; the scene names the
one it wants and the app switches as the scene or its mode changes.
"""

from __future__ import annotations

from game.shell.input import MENU_NAVIGATION_KEYS, KeyBindings

RESERVED = ("up", "down", "left", "right", "l", "v", "t", "o", "g")

SOUND_KEYS: list[tuple[str, str, str]] = [
    ("m", "mute", "Sound on / off"),
    ("[", "volume_down", "Sound quieter"),
    ("]", "volume_up", "Sound louder"),
]


def view_keys(heat: str) -> list[tuple[str, str, str]]:
    """How the board is seen (camera, overlays, minimap): the same keys in a game and a replay;
    ``heat`` says what the heat map shows there."""
    return [
        ("f", "follow", "Follow the agent"),
        ("0", "fit", "Fit the map to the screen"),
        ("+", "zoom_in", "Zoom in (or mouse wheel over the map)"),
        ("=", "zoom_in", "Zoom in (or mouse wheel over the map)"),
        ("kp_plus", "zoom_in", "Zoom in (or mouse wheel over the map)"),
        ("-", "zoom_out", "Zoom out (or mouse wheel over the map)"),
        ("kp_minus", "zoom_out", "Zoom out (or mouse wheel over the map)"),
        ("ctrl+up", "pan_up", "Pan (or drag with the mouse)"),
        ("ctrl+down", "pan_down", "Pan (or drag with the mouse)"),
        ("ctrl+left", "pan_left", "Pan (or drag with the mouse)"),
        ("ctrl+right", "pan_right", "Pan (or drag with the mouse)"),
        ("e", "toggle_ruled_out", "Overlay: tiles ruled out by hints"),
        ("c", "toggle_scanned", "Overlay: tiles already scanned"),
        ("shift+m", "toggle_heat", heat),
        ("w", "toggle_path", "Overlay: the pirate's path (and, with X, his path ahead)"),
        ("x", "toggle_treasure", "Show the treasure (spoiler!)"),
        ("i", "toggle_regions", "Show region numbers"),
        ("tab", "minimap", "Minimap: auto / on / off"),
    ]


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
] + view_keys("Overlay: the agent's probability heat map") + [
    ("pageup", "hint_prev", "Highlight the previous hint's area (the wheel scrolls the hint list)"),
    ("pagedown", "hint_next", "Highlight the next hint's area"),
    ("backspace", "hint_clear", "Stop highlighting a hint"),
    ("q", "menu", "Back to the title menu"),
    ("o", "override", "Take over from the agent (O again: hand it back)"),
] + SOUND_KEYS

# In human control: arrow then 1-4 moves; Enter accepts the AI's ghost; digits are numbers.
HUMAN_ONLY: list[tuple[str, str, str]] = [
    ("o", "override", "Hand control back to the agent"),
    ("up", "dir_N", "Move north: then 1-2 (move + small scan) or 3-4 (no scan)"),
    ("right", "dir_E", "Move east: then 1-4"),
    ("down", "dir_S", "Move south: then 1-4"),
    ("left", "dir_W", "Move west: then 1-4"),
    ("l", "large_scan", "Large scan around you"),
    ("v", "verify", "Verify: then the hint number (or click a hint)"),
    ("t", "teleport", "Teleport: then click a tile"),
    ("return", "accept", "Accept the AI's suggestion (the ghost)"),
    ("kp_enter", "accept", "Accept the AI's suggestion (the ghost)"),
    ("space", "step", "Let the agent make this one action"),
    ("escape", "cancel", "Cancel a half-typed command (else pause)"),
]
HUMAN_KEYS: list[tuple[str, str, str]] = [
    row for row in PLAY_KEYS if row[0] not in ("return", "kp_enter", "space", "escape", "1", "2", "3", "4", "o")
] + HUMAN_ONLY

REPLAY_KEYS: list[tuple[str, str, str]] = [
    ("right", "next_action", "Replay: one action forward (animated)"),
    ("left", "prev_action", "Replay: one action back"),
    ("shift+right", "next_turn", "Replay: one turn forward"),
    ("shift+left", "prev_turn", "Replay: one turn back"),
    ("pagedown", "next_10", "Replay: ten turns forward"),
    ("pageup", "prev_10", "Replay: ten turns back"),
    ("home", "start", "Replay: the start"),
    ("end", "end", "Replay: the end"),
    ("g", "goto", "Go to turn: G, the number, Enter"),
    ("return", "goto_enter", "Finish G's turn number"),
    ("kp_enter", "goto_enter", "Finish G's turn number"),
    ("space", "play_pause", "Play / pause at the chosen speed"),
    ("o", "branch", "Branch: continue the game yourself from here"),
    ("p", "pause", "Pause (Esc also cancels a half-typed G)"),
    ("escape", "pause", "Pause (Esc also cancels a half-typed G)"),
    ("q", "menu", "Back to the replay list (or the title menu)"),
    ("f1", "help", "Help: this list"),
    ("h", "help", "Help: this list"),
] + SOUND_KEYS + view_keys("Overlay: where the treasure can still be") + [
    ("backspace", "erase", "Erase a digit of G's number"),
]

BROWSER_KEYS: list[tuple[str, str, str]] = [
    ("up", "menu_up", "Previous entry"),
    ("down", "menu_down", "Next entry"),
    ("pageup", "menu_page_up", "Page up"),
    ("pagedown", "menu_page_down", "Page down"),
    ("home", "menu_home", "First entry"),
    ("end", "menu_end", "Last entry"),
    ("return", "menu_go", "Open the folder / choose the map"),
    ("kp_enter", "menu_go", "Open the folder / choose the map"),
    ("right", "menu_go", "Open the folder / choose the map"),
    ("backspace", "menu_parent", "Up one folder"),
    ("left", "menu_parent", "Up one folder"),
    ("escape", "menu_back", "Back without choosing"),
]

MENU_KEYS: list[tuple[str, str, str]] = [
    *MENU_NAVIGATION_KEYS,
    ("escape", "menu_back", "Quit (asks first)"),
    ("backspace", "menu_erase", "Erase a character"),
    ("ctrl+o", "menu_browse", "Choose a map file"),
    ("f2", "menu_browse", "Choose a map file"),
]

PLAY_DIGITS = "A digit: move length, hint or turn number; else 1-4: speed, 0: fit the map"
REPLAY_DIGITS = "A digit of G's turn number; else 1-4: speed, 0: fit the map"


def bindings(table: list[tuple[str, str, str]], *, digits: str | None = None,
             digit_help: str = PLAY_DIGITS) -> KeyBindings:
    table_bindings = KeyBindings.from_table(table)
    if digits:
        table_bindings.bind_digits(digits, digit_help)
    return table_bindings
