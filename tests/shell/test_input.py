import pygame
import pytest

from game.shell.input import (
    CLICK, DRAG, DRAG_END, FOCUS_LOST, HOVER, RESIZE, WHEEL, WINDOW_CLOSE,
    Click, Drag, InputMapper, Intention, KeyBindings, Mod, Wheel, key_code,
)

# An example table, as an arcade would write it.
TABLE = [
    ("right", "step_forward", "Next turn"),
    ("ctrl+right", "jump_forward", "Jump ten turns ahead"),
    ("shift+right", "to_end", "Go to the last turn"),
    ("left", "step_back", "Previous turn"),
    ("space", "toggle_pause", "Pause / resume"),
    ("?", "help", "Show this help"),
    ("+", "zoom_in", "Zoom in"),
    ("kp_plus", "zoom_in", "Zoom in"),
    ("f", "fit", "Fit the map"),
    ("escape", "back", ""),
]


def key(k, mod=0, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def names(intentions):
    return [i.name for i in intentions]


@pytest.fixture
def mapper():
    bindings = KeyBindings.from_table(TABLE)
    bindings.bind_digits("digit", "Type a turn number")
    return InputMapper(bindings)


def test_modifiers_make_different_chords(mapper):
    assert mapper.feed(key(pygame.K_RIGHT)) == [Intention("step_forward")]
    assert mapper.feed(key(pygame.K_RIGHT, pygame.KMOD_LCTRL)) == [Intention("jump_forward")]
    assert mapper.feed(key(pygame.K_RIGHT, pygame.KMOD_RCTRL)) == [Intention("jump_forward")]
    assert mapper.feed(key(pygame.K_RIGHT, pygame.KMOD_LSHIFT)) == [Intention("to_end")]
    assert mapper.feed(key(pygame.K_RIGHT, pygame.KMOD_ALT)) == []  # alt+right is not bound
    assert mapper.feed(key(pygame.K_LEFT, pygame.KMOD_CTRL)) == []


def test_lock_keys_do_not_change_a_chord(mapper):
    locks = pygame.KMOD_NUM | pygame.KMOD_CAPS
    assert mapper.feed(key(pygame.K_RIGHT, locks)) == [Intention("step_forward")]
    assert mapper.feed(key(pygame.K_f, pygame.KMOD_CAPS, "F")) == [Intention("fit")]


def test_punctuation_bindings_match_the_typed_character(mapper):
    # US layout: "?" is Shift+/, "+" is Shift+=; the key code alone says neither.
    assert mapper.feed(key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?")) == [Intention("help")]
    assert mapper.feed(key(pygame.K_EQUALS, pygame.KMOD_SHIFT, "+")) == [Intention("zoom_in")]
    assert mapper.feed(key(pygame.K_KP_PLUS, 0, "+")) == [Intention("zoom_in")]
    assert mapper.feed(key(pygame.K_SLASH, 0, "/")) == []
    assert mapper.feed(key(pygame.K_SLASH, pygame.KMOD_CTRL | pygame.KMOD_SHIFT, "?")) == []


def test_digits_carry_their_value_from_both_rows(mapper):
    got = mapper.feed_all([key(pygame.K_4, 0, "4"), key(pygame.K_KP2, 0, "2"), key(pygame.K_0, 0, "0")])
    assert got == [Intention("digit", 4), Intention("digit", 2), Intention("digit", 0)]
    assert mapper.feed(key(pygame.K_4, pygame.KMOD_CTRL)) == []


def test_an_explicit_digit_binding_wins_over_digit_entry(mapper):
    mapper.bindings.bind("1", "speed_1", "Normal speed")
    assert mapper.feed(key(pygame.K_1, 0, "1")) == [Intention("speed_1")]
    assert mapper.feed(key(pygame.K_2, 0, "2")) == [Intention("digit", 2)]


def test_binding_data_is_carried_and_rebinding_replaces(mapper):
    mapper.bindings.bind("ctrl+1", "speed", "Speed x1", data=1)
    assert mapper.feed(key(pygame.K_1, pygame.KMOD_CTRL)) == [Intention("speed", 1)]
    mapper.bindings.bind("right", "something_else")
    assert mapper.feed(key(pygame.K_RIGHT)) == [Intention("something_else")]


def test_unbound_keys_and_key_up_produce_nothing(mapper):
    assert mapper.feed(key(pygame.K_q, 0, "q")) == []
    assert mapper.feed(pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0)) == []


def test_held_keys_are_tracked_from_events_only(mapper):
    mapper.feed(key(pygame.K_LEFT))
    assert mapper.is_held("step_back")
    mapper.feed(pygame.event.Event(pygame.KEYUP, key=pygame.K_LEFT, mod=0))
    assert not mapper.is_held("step_back")
    mapper.feed(key(pygame.K_LEFT))
    assert mapper.feed(pygame.event.Event(pygame.WINDOWFOCUSLOST)) == [Intention(FOCUS_LOST)]
    assert not mapper.is_held("step_back")


def test_a_click_is_a_press_and_release_in_place(mapper):
    got = mapper.feed_all([down((100, 80)), up((100, 80))])
    assert got == [Intention(CLICK, Click(1, (100, 80)))]
    got = mapper.feed_all([down((5, 5), button=3), up((5, 5), button=3)])
    assert got == [Intention(CLICK, Click(3, (5, 5)))]


def test_a_small_jiggle_is_still_a_click_at_the_press_position(mapper):
    got = mapper.feed_all([down((100, 80)), move((102, 81)), move((99, 83)), up((101, 82))])
    assert names(got) == [HOVER, HOVER, CLICK]
    assert got[-1].data == Click(1, (100, 80))


def test_moving_past_the_threshold_drags_and_keeps_the_whole_movement(mapper):
    events = [down((100, 100)), move((103, 100)), move((110, 96)), move((120, 90)), up((120, 90))]
    got = mapper.feed_all(events)
    assert names(got) == [HOVER, HOVER, DRAG, HOVER, DRAG, DRAG_END]
    drags = [i.data for i in got if i.name == DRAG]
    assert drags == [Drag(10, -4, 1, (110, 96)), Drag(10, -6, 1, (120, 90))]
    assert sum(d.dx for d in drags) == 20 and sum(d.dy for d in drags) == -10  # nothing lost
    assert got[-1] == Intention(DRAG_END, (120, 90))
    assert not mapper.dragging


def test_middle_button_drags_but_right_button_does_not(mapper):
    got = mapper.feed_all([down((0, 0), 2), move((30, 0)), up((30, 0), 2)])
    assert names(got) == [HOVER, DRAG, DRAG_END]
    got = mapper.feed_all([down((0, 0), 3), move((30, 0)), up((30, 0), 3)])
    assert names(got) == [HOVER, CLICK]


def test_motion_without_a_button_is_only_hover(mapper):
    assert mapper.feed(move((300, 200))) == [Intention(HOVER, (300, 200))]
    assert mapper.pointer == (300, 200)


def test_a_release_without_a_seen_press_is_not_a_click(mapper):
    assert mapper.feed(up((10, 10))) == []


def test_the_wheel_gives_steps_at_the_last_pointer_position(mapper):
    mapper.feed(move((640, 360)))
    got = mapper.feed_all([
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False),
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=True),
        pygame.event.Event(pygame.MOUSEWHEEL, x=1, y=0, flipped=False),  # sideways: ignored
    ])
    assert got == [Intention(WHEEL, Wheel(1, (640, 360))), Intention(WHEEL, Wheel(-2, (640, 360))),
                   Intention(WHEEL, Wheel(-1, (640, 360)))]


def test_legacy_wheel_buttons_are_ignored(mapper):
    assert mapper.feed_all([down((5, 5), 4), up((5, 5), 4), down((5, 5), 5), up((5, 5), 5)]) == []


def test_window_events_become_intentions(mapper):
    assert mapper.feed(pygame.event.Event(pygame.QUIT)) == [Intention(WINDOW_CLOSE)]
    assert mapper.feed(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600)) == [
        Intention(RESIZE, (800, 600))
    ]


def test_posted_events_round_trip_through_the_queue(mapper, display):
    pygame.event.clear()
    pygame.event.post(key(pygame.K_RIGHT, pygame.KMOD_CTRL))
    got = mapper.feed_all(e for e in pygame.event.get() if e.type == pygame.KEYDOWN)
    assert got == [Intention("jump_forward")]


def test_describe_lists_keys_and_help_for_the_overlay(mapper):
    rows = mapper.bindings.describe()
    assert ("Right", "Next turn") in rows
    assert ("Ctrl+Right", "Jump ten turns ahead") in rows
    assert ("Shift+Right", "Go to the last turn") in rows
    assert ("?", "Show this help") in rows
    assert ("+ / Keypad +", "Zoom in") in rows  # one row for two keys with the same help
    assert ("0-9", "Type a turn number") in rows
    assert all(help_text for _, help_text in rows)  # escape has no help: not listed
    assert rows[0] == ("Right", "Next turn")  # table order


def test_labels_read_like_a_keyboard():
    bindings = KeyBindings()
    chords = ["page up", "pgdn", "esc", "kp_1", "ctrl+shift+f5", "alt+enter"]
    labels = [bindings.bind(text, "x").label for text in chords]
    assert labels == ["Page Up", "Page Down", "Esc", "Keypad 1", "Ctrl+Shift+F5", "Alt+Enter"]


def test_key_names_and_bad_chords():
    assert key_code("page up") == pygame.K_PAGEUP
    assert key_code("Esc") == pygame.K_ESCAPE
    assert key_code("F1") == pygame.K_F1
    assert key_code("R") == pygame.K_r
    assert KeyBindings().bind("ctrl++", "zoom_in").key == pygame.K_PLUS
    assert KeyBindings().bind("alt+shift+x", "x").mods == Mod.ALT | Mod.SHIFT
    with pytest.raises(ValueError):
        key_code("no such key")
    with pytest.raises(ValueError):
        KeyBindings().bind("hyper+x", "x")


def test_unbind_removes_keys_and_digit_entry(mapper):
    mapper.bindings.unbind("step_forward")
    mapper.bindings.unbind("digit")
    assert mapper.feed(key(pygame.K_RIGHT)) == []
    assert mapper.feed(key(pygame.K_3, 0, "3")) == []
