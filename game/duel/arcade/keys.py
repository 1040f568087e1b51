"""The duel's key tables: the one place its keys are chosen; the help overlay lists them.

They are built from the rows every game shares (:mod:`game.arcade.keytables`)."""

from __future__ import annotations

from game.arcade import keytables as kt

RESTART_HELP = "Restart (same map, same players)"
MENU_HELP = "Back to the duel's options"

# Watching bots (also while a person plays a side: the arrow keys are then that side's moves).
WATCH_KEYS: list[tuple[str, str, str]] = [
    *kt.turn_keys("One round (A then B)"),
    *kt.speed_keys("Speed: slow", "Speed: normal", "Speed: fast",
                   "Speed: instant (no animation: a 1000-round game in seconds)"),
    ("o", "override", "Take over the side to move from its bot (O again: hand it back)"),
    *kt.game_keys(RESTART_HELP, MENU_HELP),
]

# A person plays: arrows (and WASD when one person plays) move; in hotseat A has WASD, B arrows.
HUMAN_KEYS: list[tuple[str, str, str]] = [
    *((key, f"move_{move}", f"Move {move.lower()} (hotseat: player B)")
      for key, move in (("up", "UP"), ("down", "DOWN"), ("left", "LEFT"), ("right", "RIGHT"))),
    *((key, f"wasd_{move}", f"Move {move.lower()} (hotseat: player A)")
      for key, move in (("w", "UP"), ("s", "DOWN"), ("a", "LEFT"), ("d", "RIGHT"))),
    ("o", "override", "Hand the side back to its bot / take over"),
    *kt.speed_keys()[:3],
    *kt.game_keys(RESTART_HELP, MENU_HELP),
]

REPLAY_KEYS: list[tuple[str, str, str]] = [
    *kt.replay_move_keys(),
    ("pagedown", "next_50", "50 rounds forward"),
    ("pageup", "prev_50", "50 rounds back"),
    *kt.REPLAY_ENDS,
    ("g", "goto", "Go to round: G, the number, Enter"),
    ("return", "goto_enter", "Finish G's round number"),
    ("kp_enter", "goto_enter", "Finish G's round number"),
    ("backspace", "erase", "Erase a digit of G's number"),
    *kt.REPLAY_PLAY,
    *kt.REPLAY_BACK,
]

OPTIONS_KEYS: list[tuple[str, str, str]] = kt.options_keys("Erase a character")


def bindings(table, *, digits: str | None = None):
    return kt.bindings(table, digits=digits,
                       digit_help="A digit of G's round number; else 1-4: speed slow / normal / fast / instant")
