import pytest

from game.shell.scenes import BaseScene, Pop, Push, Quit, Replace, SceneStack


class Probe(BaseScene):
    """A scene that writes its lifecycle into a shared log and returns scripted transitions."""

    def __init__(self, name, log, *, overlay=False, on_input=None, on_update=None):
        self.name = name
        self.log = log
        self.is_overlay = overlay
        self.on_input = on_input or {}
        self.on_update = on_update
        self.updates = 0
        self.inputs = []

    def on_enter(self):
        self.log.append(f"enter {self.name}")

    def on_exit(self):
        self.log.append(f"exit {self.name}")

    def on_cover(self):
        self.log.append(f"cover {self.name}")

    def on_uncover(self):
        self.log.append(f"uncover {self.name}")

    def handle(self, intention):
        self.inputs.append(intention)
        return self.on_input.get(intention)

    def update(self, dt):
        self.updates += 1
        return self.on_update

    def draw(self, surface):
        surface.append(self.name)


def test_push_and_pop_call_the_lifecycle_in_order():
    log = []
    game, menu = Probe("game", log), Probe("menu", log)
    stack = SceneStack(game)
    stack.apply(Push(menu))
    assert stack.top is menu
    stack.apply(Pop())
    assert stack.top is game
    assert log == ["enter game", "cover game", "enter menu", "exit menu", "uncover game"]
    assert stack.running


def test_replace_swaps_the_top_and_leaves_the_scene_below_covered():
    log = []
    title, game, options = Probe("title", log), Probe("game", log), Probe("options", log)
    stack = SceneStack(title)
    stack.apply(Push(game))
    log.clear()
    stack.apply(Replace(options))
    assert stack.scenes == (title, options)
    assert log == ["exit game", "enter options"]


def test_quit_exits_every_scene_top_first_and_stops():
    log = []
    stack = SceneStack(Probe("a", log))
    stack.apply(Push(Probe("b", log)))
    stack.apply(Push(Probe("c", log)))
    log.clear()
    stack.apply(Quit())
    assert log == ["exit c", "exit b", "exit a"]
    assert not stack.running
    assert len(stack) == 0


def test_popping_the_last_scene_stops_and_popping_nothing_is_harmless():
    log = []
    stack = SceneStack(Probe("only", log))
    stack.apply(Pop())
    assert not stack.running
    stack.apply(Pop())
    assert log == ["enter only", "exit only"]


def test_none_means_stay_and_garbage_is_refused():
    stack = SceneStack(Probe("a", []))
    stack.apply(None)
    assert len(stack) == 1
    with pytest.raises(TypeError):
        stack.apply("push")


def test_only_the_top_scene_gets_input_and_its_transition_is_applied():
    log = []
    game = Probe("game", log)
    help_overlay = Probe("help", log, overlay=True, on_input={"close": Pop()})
    stack = SceneStack(game)
    stack.apply(Push(help_overlay))
    assert stack.handle("pan") is None
    assert help_overlay.inputs == ["pan"] and game.inputs == []
    assert stack.handle("close") == Pop()
    assert stack.top is game


def test_input_falls_through_a_scene_that_does_not_block_it():
    game = Probe("game", [], on_input={"quit": Quit()})
    tooltip = Probe("tooltip", [], overlay=True)
    tooltip.blocks_input = False
    stack = SceneStack(game)
    stack.apply(Push(tooltip))
    assert stack.handle("quit") == Quit()
    assert tooltip.inputs == ["quit"] and game.inputs == ["quit"]
    assert not stack.running


def test_only_the_top_updates_unless_a_covered_scene_opts_in():
    game, menu = Probe("game", []), Probe("menu", [], overlay=True)
    stack = SceneStack(game)
    stack.apply(Push(menu))
    stack.update(1 / 60)
    assert (game.updates, menu.updates) == (0, 1)
    game.updates_when_covered = True
    stack.update(1 / 60)
    assert (game.updates, menu.updates) == (1, 2)


def test_transitions_returned_by_update_are_applied():
    log = []
    splash = Probe("splash", log, on_update=Replace(Probe("title", log)))
    stack = SceneStack(splash)
    assert stack.update(0.1) == [Replace(stack.top)]
    assert stack.top.name == "title"
    assert log == ["enter splash", "exit splash", "enter title"]


def test_overlays_draw_over_the_highest_opaque_scene_bottom_first():
    title, game = Probe("title", []), Probe("game", [])
    pause, help_overlay = Probe("pause", [], overlay=True), Probe("help", [], overlay=True)
    stack = SceneStack(title)
    for scene in (game, pause, help_overlay):
        stack.apply(Push(scene))
    drawn = []
    stack.draw(drawn)
    assert drawn == ["game", "pause", "help"]  # the title is hidden by the opaque game
    stack.apply(Push(Probe("options", [])))
    drawn = []
    stack.draw(drawn)
    assert drawn == ["options"]


def test_an_overlay_at_the_bottom_is_still_drawn():
    stack = SceneStack(Probe("hud", [], overlay=True))
    drawn = []
    stack.draw(drawn)
    assert drawn == ["hud"]


def test_base_scene_defaults_do_nothing_and_stay():
    scene = BaseScene()
    assert scene.handle("anything") is None
    assert scene.update(1.0) is None
    assert (scene.is_overlay, scene.blocks_input, scene.updates_when_covered) == (False, True, False)


def test_broadcast_reaches_every_scene_bottom_first_and_applies_transitions():
    log = []
    game = Probe("game", log, on_input={"resize": None})
    menu = Probe("menu", log, overlay=True, on_input={"resize": Pop()})
    stack = SceneStack(game)
    stack.apply(Push(menu))
    assert stack.broadcast("resize") == [Pop()]
    assert game.inputs == ["resize"] and menu.inputs == ["resize"]
    assert stack.top is game
