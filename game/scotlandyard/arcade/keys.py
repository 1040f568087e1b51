"""Scotland Yard's key tables: the one place its keys are chosen; the help overlay lists them.

They are built from the rows every game shares (:mod:`game.arcade.keytables`)."""

from __future__ import annotations

from game.arcade import keytables as kt

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
    *kt.turn_keys("One round (Mr X, then every detective)", "One round"),
    *kt.speed_keys("Speed: slow (in a ticket menu: the first ticket)", "Speed: normal (ticket menu: the second)",
                   "Speed: fast (ticket menu: the third)", "Speed: instant, no animation"),
    ("o", "override", "Take over the side to move from its AI (O again: hand it back)"),
    ("d", "double", "Your move as Mr X: a double move (then click two stations)"),
    ("tab", "next_detective", "Your move as the detectives: the next detective to move"),
    *BOARD_KEYS,
    *kt.game_keys("Restart (same start, same players)", "Back to Scotland Yard's options",
                  escape_help="Pause (in a ticket menu: close it)"),
]

MOUSE_ROWS: list[tuple[str, str]] = [
    ("Click a station", "Move there (a menu asks the ticket when several fit)"),
    ("Click a detective", "Choose which detective moves"),
    ("Drag / wheel", "Pan / zoom the board; click the minimap to go there"),
    ("Point at a station", "Its number (zoomed out, only the stations that matter carry one)"),
]

REPLAY_KEYS: list[tuple[str, str, str]] = [
    *kt.replay_move_keys("One round forward (to Mr X's next move)"),
    ("pagedown", "next_reveal", "Next reveal"),
    ("pageup", "prev_reveal", "Previous reveal"),
    *kt.REPLAY_ENDS,
    *kt.REPLAY_PLAY,
    *kt.speed_keys(),
    *BOARD_KEYS,
    *kt.REPLAY_BACK,
]

OPTIONS_KEYS: list[tuple[str, str, str]] = kt.options_keys("Erase a digit")


def bindings(table, *, digits: str | None = None):
    return kt.bindings(table, digits=digits)
