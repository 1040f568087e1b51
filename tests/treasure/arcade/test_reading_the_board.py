"""What a player reasons with: the hover readout, the overlay legend, the title's options and
memory, the map file browser, and the replay list's columns (synthetic events only)."""

from pathlib import Path

import pytest

from game.treasure.arcade.mapbrowser import MapBrowserScene, list_folder
from game.arcade.browser import ReplayListScene, replay_columns
from game.treasure.arcade.scenes import PlayScene, TitleScene
from game.treasure.arcade.title_options import pirate_variant
from game.shell.input import Click, Intention
from game.shell.scenes import Pop, Push, Replace
from game.treasure.actions import LargeScan
from game.treasure.config import RulesConfig

from .helpers import Harness, finished
from .test_match import scripted
from .test_override import human


# --- the tile under the mouse -------------------------------------------------------------------

def test_hovering_a_tile_reads_its_coordinates_region_and_what_is_known(display, board):
    h = Harness(board, seed=3, speed="instant", agent_factory=scripted(LargeScan()))
    view = h.play.view
    h.frames(1)
    land = (7, 6)
    h.play.handle(Intention("hover", view.camera.tile_center(land)))
    assert view.hover_tile == land
    text = view.tile_facts(land)
    assert text.startswith("(7, 6)  region 4")
    assert "possible" in text or "ruled out" in text
    assert view.tile_facts((0, 0)).startswith("(0, 0)  sea")
    assert "mountain" in view.tile_facts((8, 2))
    h.press("space")
    h.until_idle()
    agent = h.match.state.agent
    assert "scanned" in view.tile_facts(agent)  # the large scan covered the agent's own tile
    h.play.handle(Intention("hover", (view.camera.viewport.right + 5, 5)))  # over the panel
    assert view.hover_tile is None
    h.frames(1)  # drawn with and without a hovered tile


def test_the_legend_row_names_every_overlay_and_which_are_on(display, board):
    h = Harness(board)
    view = h.play.view
    chips = dict(view.legend_chips())
    assert chips == {"E ruled out": False, "C scanned": True, "Shift+M heat": False, "W pirate path": True,
                     "X treasure": False, "I regions": False}
    h.press("e")
    assert dict(view.legend_chips())["E ruled out"] is True


def test_hovering_a_hint_gives_its_whole_text(display, board):
    h = human(board, 3)
    h.press("l", "l", "l")
    h.frames(2)
    panel = h.play.panel
    k = max(panel.hint_rows)
    h.play.handle(Intention("hover", panel.hint_rows[k].center))
    assert h.play.hovered_hint == k
    text = " ".join(panel.tooltip_lines(h.match.state, k, 16, 300))
    assert text == f"{k}. {h.match.state.hints[k - 1].text}"
    h.frames(1)


# --- the title: options, memory, rules ----------------------------------------------------------

def test_the_title_remembers_the_last_map_and_seed(display, board, map_file):
    h = Harness(board)
    title = TitleScene(h.ctx)
    title.file = str(map_file)
    title.seed_text = "42"
    started = title.start()
    assert isinstance(started, Replace) and isinstance(started.scene, PlayScene)
    again = TitleScene(h.ctx)
    assert again.file == str(map_file) and again.seed_text == "42"


def test_the_title_offers_the_truth_model_and_a_pirate_difficulty(display, board, map_file):
    h = Harness(board)
    title = TitleScene(h.ctx)
    title.file = str(map_file)
    title.row = title.ROWS.index("truth")
    title.handle(Intention("menu_right"))
    title.row = title.ROWS.index("pirate")
    title.handle(Intention("menu_right"))
    title.handle(Intention("menu_right"))  # map -> early -> fierce
    play = title.start().scene
    assert play.match.config.truth_model == "bluff"
    assert play.match.config.pirate_speed == 4 and play.match.board.free_turn == 2
    assert play.match.recording().rules.truth_model == "bluff"  # the replay keeps the rules


def test_pirate_early_frees_him_at_half_the_maps_turn(board):
    early, config = pirate_variant(board, RulesConfig(), "early")
    assert early.free_turn == max(2, board.free_turn // 2) and early.reveal_turn < early.free_turn
    assert config.pirate_speed == 3
    assert pirate_variant(board, RulesConfig(), "map") == (board, RulesConfig())


def test_a_refused_map_is_explained_whole_on_the_title(display, board, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("12 12 3\nnot a map\n", encoding="utf-8")
    h = Harness(board)
    title = TitleScene(h.ctx)
    title.file = str(bad)
    assert title.start() is None
    assert title.message.startswith("Cannot start with bad.txt:") and not title.message.endswith("...")
    surface = __import__("pygame").Surface((960, 540))
    title.draw(surface)  # wrapped, never cut


# --- the map file browser -------------------------------------------------------------------------

@pytest.fixture
def folder(tmp_path):
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "b.txt").write_text("x", encoding="utf-8")
    (tmp_path / "maps" / "A.txt").write_text("x", encoding="utf-8")
    (tmp_path / "maps" / "notes.md").write_text("x", encoding="utf-8")
    (tmp_path / "maps" / "day2").mkdir()
    (tmp_path / "maps" / "day2" / "MAP3.txt").write_text("x", encoding="utf-8")
    (tmp_path / "maps" / ".hidden").mkdir()
    return tmp_path / "maps"


def test_the_browser_lists_folders_then_txt_maps(folder):
    entries, error = list_folder(folder)
    assert not error
    assert [(e.kind, e.path.name) for e in entries] == [("parent", folder.parent.name), ("folder", "day2"),
                                                       ("map", "A.txt"), ("map", "b.txt")]


def test_the_browser_opens_folders_and_chooses_a_map_with_keys(display, board, folder):
    h = Harness(board)
    chosen = []
    browser = MapBrowserScene(h.ctx, chosen.append, start=folder)
    assert browser.chosen.path.name == "day2"
    assert browser.handle(Intention("menu_go")) is None and browser.folder == (folder / "day2").resolve()
    browser.handle(Intention("menu_parent"))
    assert browser.folder == folder.resolve() and browser.chosen.path.name == "day2"
    browser.handle(Intention("menu_down"))
    assert isinstance(browser.handle(Intention("menu_go")), Pop)
    assert chosen == [(folder / "A.txt").resolve()]


def test_the_browser_chooses_with_the_mouse(display, board, folder):
    import pygame

    h = Harness(board)
    chosen = []
    browser = MapBrowserScene(h.ctx, chosen.append, start=folder)
    browser.draw(pygame.Surface((960, 540)))
    target = next(i for i, e in enumerate(browser.entries) if e.path.name == "b.txt")
    where = browser.row_rects[target].center
    assert browser.handle(Intention("click", Click(1, where))) is None and browser.row == target
    assert isinstance(browser.handle(Intention("click", Click(1, where))), Pop)  # a second click opens
    assert chosen[-1].name == "b.txt"


def test_f2_on_the_title_opens_the_browser_and_the_choice_fills_the_map_field(display, board, folder):
    h = Harness(board)
    title = TitleScene(h.ctx)
    title.file = str(folder / "A.txt")
    pushed = title.handle(Intention("menu_browse"))
    assert isinstance(pushed, Push) and isinstance(pushed.scene, MapBrowserScene)
    browser = pushed.scene
    browser.row = next(i for i, e in enumerate(browser.entries) if e.path.name == "b.txt")
    browser.handle(Intention("menu_go"))
    assert Path(title.file).name == "b.txt"


# --- the replay list ----------------------------------------------------------------------------

def test_the_replay_list_shows_game_map_date_outcome_turns_and_human(display, board, private_data_dir):
    watched = finished(board)
    columns = replay_columns(watched.play.saved_path)
    state = watched.match.state
    assert columns["game"] == "Treasure Island"
    assert columns["map"] == "island (12x12)"
    assert columns["outcome"] == state.outcome and columns["turns"] == str(state.turn)
    assert columns["human"] == "no" and columns["date"][:2] == "20"
    played = human(board, 3)
    played.press("l")
    played.play.save_if_unsaved()
    mine = replay_columns(played.play.saved_path)
    assert mine["human"] == "all" and mine["outcome"] == "UNFINISHED"
    listing = ReplayListScene(watched.ctx)
    assert set(listing.files) == {watched.play.saved_path, played.play.saved_path}
    broken = private_data_dir / "replays" / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert replay_columns(broken)["outcome"] == "unreadable"


def test_a_replay_is_deleted_only_after_a_yes(display, board):
    h = finished(board)
    listing = ReplayListScene(h.ctx)
    path = listing.files[0]
    listing.handle(Intention("menu_delete"))
    assert listing.confirm_delete == path
    listing.handle(Intention("menu_no"))
    assert path.exists() and listing.confirm_delete is None
    listing.handle(Intention("menu_delete"))
    listing.handle(Intention("menu_yes"))
    assert not path.exists() and path not in listing.files


def test_an_identical_unfinished_game_is_not_saved_twice(display, board, private_data_dir):
    h = Harness(board, seed=3, speed="instant", agent_factory=scripted(LargeScan(), LargeScan()))
    h.press("space")
    h.play.restart()  # saves the unfinished game
    h.press("space")  # the very same action again on the same seed
    h.play.restart()
    saved = list((private_data_dir / "replays").glob("*.json"))
    assert len(saved) == 1


def test_no_text_is_drawn_under_16_px_at_960x540(display, board, monkeypatch, map_file):
    """Legible at 960x540: every scene's strings use a font size of at least 16 (letters of
    about 11 px), the title, play, help, game over, replay list, replay and file browser alike."""
    import pygame

    from game.arcade.app import make_context
    from game.arcade.crisptext import CrispText
    from game.arcade.browser import ReplayListScene
    from game.treasure.arcade.scenes import GameOverOverlay, HelpOverlay

    sizes: dict[int, str] = {}
    original = CrispText.render

    def spy(self, text, size, colour, background=None):
        if text.strip():
            sizes.setdefault(size, text)
        return original(self, text, size, colour, background)

    monkeypatch.setattr(CrispText, "render", spy)
    watched = finished(board)
    ctx = make_context((960, 540), maps=[map_file])
    surface = pygame.Surface((960, 540))
    title = TitleScene(ctx)
    title.message = "Cannot start with bad.txt: " + "a long reason " * 20
    title.draw(surface)
    MapBrowserScene(ctx, lambda p: None, start=map_file.parent).draw(surface)
    play = PlayScene(ctx, watched.match, "island", speed="instant", overlays={"scanned", "path", "treasure", "heat"})
    play.handle(Intention("hover", play.view.camera.tile_center((7, 6))))
    play.draw(surface)
    play.handle(Intention("hover", next(iter(play.panel.hint_rows.values())).center))
    play.draw(surface)
    HelpOverlay(play).draw(surface)  # the shared help: its host (the play scene) gives the keys
    play.saved_path = watched.play.saved_path
    GameOverOverlay(play).draw(surface)
    listing = ReplayListScene(ctx)
    listing.draw(surface)
    listing.open(listing.files[0]).scene.draw(surface)
    smallest = min(sizes)
    assert smallest >= 16, f"{sizes[smallest]!r} drawn at {smallest}"


def test_an_unfinished_game_already_saved_by_an_earlier_session_is_not_saved_again(display, board,
                                                                                    private_data_dir):
    def session():
        h = Harness(board, seed=3, speed="instant", agent_factory=scripted(LargeScan(), LargeScan()))
        h.press("space")
        h.play.save_if_unsaved()  # leaving the game
        return h

    session()
    session()  # a new arcade (a new context) leaves the very same game at the same point
    assert len(list((private_data_dir / "replays").glob("*.json"))) == 1
