"""The one place that reads raw pygame events and turns them into intentions.

Scenes never look at key codes or mouse buttons; they receive ``Intention(name, data)`` values,
so the same scene code serves keyboard, mouse, autoplay and tests, and a game changes its keys by
changing one table (``KeyBindings``) that also feeds the help overlay.

Keys are matched with their modifiers, exactly: ``ctrl+right``, ``shift+right`` and ``right``
are three different bindings. A binding written as one punctuation character (``?``, ``+``) is
matched on the character the key produced instead, so it works whatever the keyboard layout and
whichever Shift it took to type it. Digits can be bound as a group that carries the digit.

Mouse: a press and release without moving past ``drag_threshold`` pixels is a ``click`` (at the
press position, so a jiggle does not move it); moving further with a drag button held is a
``drag`` carrying the pixel delta, ended by ``drag_end``. Every motion is also a ``hover``. The
wheel gives ``wheel`` with whole steps (positive: away from the user) at the last known pointer
position, since SDL's wheel events carry none.

Only events are read (never ``pygame.key.get_pressed`` or ``mouse.get_pos``), so posted and
synthetic events behave exactly like real ones.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import pygame

# Names of the intentions the mapper makes on its own (key intentions are named by the table).
CLICK = "click"
DRAG = "drag"
DRAG_END = "drag_end"
WHEEL = "wheel"
HOVER = "hover"
WINDOW_CLOSE = "window_close"
RESIZE = "resize"
FOCUS_LOST = "focus_lost"

_WHEEL_BUTTONS = (4, 5)  # SDL also reports the wheel as these buttons; MOUSEWHEEL covers it


class Mod(enum.IntFlag):
    """Modifier keys, with left and right merged and lock keys ignored."""

    NONE = 0
    CTRL = 1
    SHIFT = 2
    ALT = 4
    META = 8

    @classmethod
    def from_pygame(cls, mod: int) -> Mod:
        result = cls.NONE
        if mod & pygame.KMOD_CTRL:
            result |= cls.CTRL
        if mod & pygame.KMOD_SHIFT:
            result |= cls.SHIFT
        if mod & pygame.KMOD_ALT:
            result |= cls.ALT
        if mod & pygame.KMOD_META:
            result |= cls.META
        return result


_MOD_NAMES = {"ctrl": Mod.CTRL, "control": Mod.CTRL, "shift": Mod.SHIFT, "alt": Mod.ALT,
              "meta": Mod.META, "cmd": Mod.META, "super": Mod.META}
_MOD_LABELS = ((Mod.CTRL, "Ctrl"), (Mod.ALT, "Alt"), (Mod.SHIFT, "Shift"), (Mod.META, "Meta"))
_KEY_ALIASES = {"esc": "escape", "enter": "return", "pgup": "pageup", "pgdn": "pagedown",
                "page up": "pageup", "page down": "pagedown", "del": "delete", "ins": "insert"}
_DIGIT_KEYS = {getattr(pygame, f"K_{d}"): d for d in range(10)} | {
    getattr(pygame, f"K_KP{d}"): d for d in range(10)
}


@dataclass(frozen=True)
class Intention:
    """Something the user wants, in the game's words: ``Intention("next_turn")``."""

    name: str
    data: Any = None


@dataclass(frozen=True)
class Click:
    button: int  # 1 left, 2 middle, 3 right
    pos: tuple[int, int]  # where the button went down


@dataclass(frozen=True)
class Drag:
    dx: int
    dy: int
    button: int
    pos: tuple[int, int]  # pointer position after this movement


@dataclass(frozen=True)
class Wheel:
    steps: int  # positive: wheel turned away from the user (zoom in, by convention)
    pos: tuple[int, int]


def key_code(token: str) -> int:
    """pygame key constant for a readable name: ``"right"``, ``"page up"``, ``"f1"``, ``"kp_plus"``."""
    name = _KEY_ALIASES.get(token.lower(), token.lower())
    if len(name) == 1:
        return ord(name)  # SDL key codes of printable ASCII keys are the unshifted characters
    for candidate in (name.upper().replace(" ", "_"), name.upper().replace(" ", "").replace("_", "")):
        code = getattr(pygame, "K_" + candidate, None)
        if isinstance(code, int):
            return code
    raise ValueError(f"unknown key name {token!r}")


@dataclass(frozen=True)
class Binding:
    intention: str
    help: str
    label: str  # how the help overlay shows the keys, e.g. "Ctrl+Right"
    data: Any = None
    key: int | None = None  # matched with mods exactly, or ...
    mods: Mod = Mod.NONE
    char: str | None = None  # ... matched on the typed character


@dataclass
class KeyBindings:
    """A game's key table: key chords to intention names, with help text for each."""

    bindings: list[Binding] = field(default_factory=list)
    digits: Binding | None = None

    @classmethod
    def from_table(cls, table: Iterable[tuple[str, str, str]]) -> KeyBindings:
        """Build from ``(keys, intention, help)`` rows, e.g. ``("ctrl+right", "jump", "...")``."""
        bindings = cls()
        for keys, intention, help_text in table:
            bindings.bind(keys, intention, help_text)
        return bindings

    def bind(self, keys: str, intention: str, help: str = "", data: Any = None) -> Binding:
        """Bind a chord written like ``"right"``, ``"ctrl+right"``, ``"shift+r"`` or ``"?"``.

        Letters are case-insensitive (``"R"`` is the R key; write ``"shift+r"`` for Shift).
        """
        binding = self._parse(keys, intention, help, data)
        chord = (binding.key, binding.mods, binding.char)
        self.bindings = [b for b in self.bindings if (b.key, b.mods, b.char) != chord]
        self.bindings.append(binding)
        return binding

    def bind_digits(self, intention: str, help: str = "") -> None:
        """Make the digit keys (top row and keypad) produce ``Intention(intention, digit)``.

        Explicit bindings of a digit key win over this.
        """
        self.digits = Binding(intention, help, "0-9")

    def unbind(self, intention: str) -> None:
        self.bindings = [b for b in self.bindings if b.intention != intention]
        if self.digits is not None and self.digits.intention == intention:
            self.digits = None

    def match(self, key: int, mod: int, char: str = "") -> Intention | None:
        """The intention a key press asks for, or None."""
        mods = Mod.from_pygame(mod)
        for binding in self.bindings:
            if binding.key == key and binding.mods == mods:
                return Intention(binding.intention, binding.data)
        # A typed character already includes its Shift; Ctrl/Alt chords are not typing.
        if char and not mods & (Mod.CTRL | Mod.ALT | Mod.META):
            for binding in self.bindings:
                if binding.char is not None and binding.char == char:
                    return Intention(binding.intention, binding.data)
        if self.digits is not None and key in _DIGIT_KEYS and not mods & (Mod.CTRL | Mod.ALT | Mod.META):
            return Intention(self.digits.intention, _DIGIT_KEYS[key])
        return None

    def describe(self) -> list[tuple[str, str]]:
        """(keys, help) rows for a help overlay, in binding order; one row per help text."""
        rows: dict[tuple[str, str], list[str]] = {}
        everything = self.bindings + ([self.digits] if self.digits is not None else [])
        for binding in everything:
            if binding.help:
                rows.setdefault((binding.intention, binding.help), []).append(binding.label)
        return [(" / ".join(labels), help_text) for (_, help_text), labels in rows.items()]

    @staticmethod
    def _parse(keys: str, intention: str, help_text: str, data: Any) -> Binding:
        text = keys.strip()
        if len(text) == 1 and not text.isalnum():
            return Binding(intention, help_text, text, data, char=text)
        parts = text.split("+")
        if text.endswith("+"):  # "ctrl++" means Ctrl and the plus key
            parts = parts[:-2] + ["plus"]
        *mod_names, key_name = [p.strip() for p in parts]
        mods = Mod.NONE
        for name in mod_names:
            if name.lower() not in _MOD_NAMES:
                raise ValueError(f"unknown modifier {name!r} in {keys!r}")
            mods |= _MOD_NAMES[name.lower()]
        code = key_code(key_name)
        label = "+".join([lab for flag, lab in _MOD_LABELS if mods & flag] + [_key_label(key_name)])
        return Binding(intention, help_text, label, data, key=code, mods=mods)


_LABELS = {"pageup": "Page Up", "pagedown": "Page Down", "escape": "Esc", "return": "Enter",
           "plus": "+", "minus": "-", "multiply": "*", "divide": "/", "period": ".", "equals": "="}


def _key_label(name: str) -> str:
    """How a key looks in the help overlay: "Page Up", "Keypad +", "R", "F1"."""
    name = _KEY_ALIASES.get(name.lower(), name.lower()).replace("_", " ").strip()
    if len(name) == 1:
        return name.upper()
    if name.startswith("kp"):
        return "Keypad " + _key_label(name[2:])
    return _LABELS.get(name.replace(" ", ""), " ".join(w.capitalize() for w in name.split()))


class InputMapper:
    """Feeds on pygame events, one at a time, and returns the intentions each one makes.

    It keeps the little state that needs: buttons down and where, whether a drag is on, the
    last pointer position, and which bound keys are held (for continuous actions such as
    panning with arrow keys: see :meth:`is_held`).
    """

    def __init__(
        self,
        bindings: KeyBindings,
        *,
        drag_threshold: int = 4,
        drag_buttons: tuple[int, ...] = (1, 2),
    ) -> None:
        self.bindings = bindings
        self.drag_threshold = drag_threshold
        self.drag_buttons = drag_buttons
        self.pointer: tuple[int, int] = (0, 0)
        self._pressed: dict[int, tuple[int, int]] = {}  # button -> where it went down
        self._dragging: int | None = None  # button of the drag under way
        self._held: dict[int, str] = {}  # key -> intention name, while held

    def is_held(self, intention: str) -> bool:
        """Whether a key bound to ``intention`` is down right now."""
        return intention in self._held.values()

    @property
    def dragging(self) -> bool:
        return self._dragging is not None

    def feed_all(self, events: Iterable[Any]) -> list[Intention]:
        return [intention for event in events for intention in self.feed(event)]

    def feed(self, event: Any) -> list[Intention]:
        kind = event.type
        if kind == pygame.KEYDOWN:
            return self._key_down(event)
        if kind == pygame.KEYUP:
            self._held.pop(event.key, None)
            return []
        if kind == pygame.MOUSEMOTION:
            return self._motion(event)
        if kind == pygame.MOUSEBUTTONDOWN:
            return self._button_down(event)
        if kind == pygame.MOUSEBUTTONUP:
            return self._button_up(event)
        if kind == pygame.MOUSEWHEEL:
            return self._wheel(event)
        if kind == pygame.QUIT:
            return [Intention(WINDOW_CLOSE)]
        if kind == pygame.VIDEORESIZE:
            return [Intention(RESIZE, tuple(event.size))]
        if kind == pygame.WINDOWFOCUSLOST:
            # Key-up and button-up events of a window that lost focus may never come.
            self._held.clear()
            self._pressed.clear()
            self._dragging = None
            return [Intention(FOCUS_LOST)]
        return []

    def _key_down(self, event: Any) -> list[Intention]:
        intention = self.bindings.match(event.key, getattr(event, "mod", 0), getattr(event, "unicode", ""))
        if intention is None:
            return []
        self._held[event.key] = intention.name
        return [intention]

    def _motion(self, event: Any) -> list[Intention]:
        pos = tuple(event.pos)
        previous, self.pointer = self.pointer, pos
        out = [Intention(HOVER, pos)]
        if self._dragging is None:
            for button in self.drag_buttons:
                start = self._pressed.get(button)
                if start is not None and _farther_than(start, pos, self.drag_threshold):
                    self._dragging = button
                    previous = start  # the movement below the threshold belongs to the drag
                    break
        if self._dragging is not None:
            out.append(Intention(DRAG, Drag(pos[0] - previous[0], pos[1] - previous[1], self._dragging, pos)))
        return out

    def _button_down(self, event: Any) -> list[Intention]:
        if event.button in _WHEEL_BUTTONS:
            return []
        self.pointer = tuple(event.pos)
        self._pressed[event.button] = self.pointer
        return []

    def _button_up(self, event: Any) -> list[Intention]:
        if event.button in _WHEEL_BUTTONS:
            return []
        self.pointer = tuple(event.pos)
        start = self._pressed.pop(event.button, None)
        if self._dragging == event.button:
            self._dragging = None
            return [Intention(DRAG_END, self.pointer)]
        if start is None:
            return []  # pressed outside the window or before focus: not a click we saw
        return [Intention(CLICK, Click(event.button, start))]

    def _wheel(self, event: Any) -> list[Intention]:
        steps = int(event.y)
        if getattr(event, "flipped", False):
            steps = -steps
        return [Intention(WHEEL, Wheel(steps, self.pointer))] if steps else []


def _farther_than(a: tuple[int, int], b: tuple[int, int], distance: int) -> bool:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 > distance * distance


# Moving through an options screen, the same in every game: each game's table adds what Esc and
# Backspace do there. Rows are (key, intention, what the help says).
MENU_NAVIGATION_KEYS: list[tuple[str, str, str]] = [
    ("up", "menu_up", "Previous line"),
    ("down", "menu_down", "Next line"),
    ("tab", "menu_down", "Next line"),
    ("left", "menu_left", "Previous choice"),
    ("right", "menu_right", "Next choice"),
    ("return", "menu_go", "Start"),
    ("kp_enter", "menu_go", "Start"),
]
