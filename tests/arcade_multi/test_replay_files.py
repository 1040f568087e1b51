"""Every game's replay file is read strictly and refused in one line, never with a traceback: a
key twice, NaN, nesting a thousand deep, a field of the wrong kind (the duel's and Scotland
Yard's loaders let these through, or raised RecursionError, TypeError or AttributeError)."""

import json
from pathlib import Path

import pytest

from game.arcade.browser import replay_columns
from game.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """One finished game's replay of each game: Treasure Island, the duel and Scotland Yard."""
    folder = tmp_path_factory.mktemp("replays")
    files = {"ti": folder / "ti.json", "duel": folder / "duel.json", "sy": folder / "sy.json"}
    assert main(["play", "--headless", "--map", str(ROOT / "maps" / "island16.txt"), "--seed", "1",
                 "--agent", "random-valid", "--record", str(files["ti"]), "--log", str(folder / "LOG.txt")]) == 0
    from game.duel.arcade.codec import Document, to_document
    from game.duel.arcade.session import DuelSession, read_board

    session = DuelSession(read_board(str(ROOT / "maps" / "duel" / "duel8x8.txt")), {"A": "greedy", "B": "walker"},
                          seed=1, map_name="duel8x8")
    session.play_to_round(1001)
    assert session.over
    files["duel"].write_text(Document(to_document(session)).dumps())
    assert main(["sy", "play", "--seed", "1", "--quiet", "--record", str(files["sy"])]) == 0
    return files


def _refused(path, capsys, *words):
    assert main(["replay", str(path), "--check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and str(path) in err, err
    for word in words:
        assert word in err, err


@pytest.mark.parametrize("game", ["ti", "duel", "sy"])
def test_a_key_twice_nan_and_deep_nesting_are_refused_in_one_line(saved, game, tmp_path, capsys):
    text = saved[game].read_text()
    assert main(["replay", str(saved[game]), "--check"]) == 0
    capsys.readouterr()
    twice = tmp_path / "twice.json"
    twice.write_text(text.replace("{", '{"format": "x", ', 1))
    _refused(twice, capsys, "appears twice")
    deep = tmp_path / "deep.json"
    deep.write_text(text.rstrip().rstrip("}") + ', "x": ' + "[" * 1000 + "]" * 1000 + "}\n")
    _refused(deep, capsys, "deep")
    assert replay_columns(deep)["outcome"] == "unreadable"
    nan = tmp_path / "nan.json"
    nan.write_text(text.rstrip().rstrip("}") + ', "x": NaN}\n')
    _refused(nan, capsys, "NaN is not a JSON number")


@pytest.mark.parametrize("game, key, value", [
    ("duel", "rules", -1), ("duel", "seed", [1]), ("duel", "seed", "abc"), ("sy", "winner", None), ("sy", "winner", -1),
])
def test_a_field_of_the_wrong_kind_is_refused_in_one_line(saved, game, key, value, tmp_path, capsys):
    doc = json.loads(saved[game].read_text())
    doc[key] = value
    bad = tmp_path / f"{game}-{key}.json"
    bad.write_text(json.dumps(doc))
    _refused(bad, capsys, key)


@pytest.mark.parametrize("game", ["ti", "duel", "sy"])
def test_a_file_cut_short_says_so_on_the_command_line_and_in_the_replay_list(saved, game, tmp_path, capsys):
    from game.arcade.games import replay_scene

    text = saved[game].read_text()
    cut_in_a_string = text[: text.index('"', len(text) // 2) + 3]  # inside a string, halfway
    for name, partial in (("in-string", cut_in_a_string), ("between", text[: len(text) // 3].rstrip())):
        bad = tmp_path / f"{game}-{name}.json"
        bad.write_text(partial)
        _refused(bad, capsys, "not valid JSON at line", "truncated")
        with pytest.raises(ValueError) as info:  # what the replay list's Enter shows after "Refused: "
            replay_scene(None, str(bad))
        assert "not valid JSON at line" in str(info.value) and "truncated" in str(info.value)
        assert "Unterminated string starting at" not in str(info.value)


def test_the_replay_list_row_of_a_scotland_yard_record_has_a_date_and_who_played(saved, tmp_path):
    row = replay_columns(saved["sy"])  # sy play --record: no "created" (the same bytes each run)
    assert row["game"] == "Scotland Yard" and row["human"] == "no"
    assert row["date"][:2] == "20" and len(row["date"]) == 16  # the file's own time instead
    doc = json.loads(saved["sy"].read_text())
    doc["names"] = {"mrx": "default", "detectives": "human"}
    mixed = tmp_path / "mixed.json"
    mixed.write_text(json.dumps(doc))
    assert replay_columns(mixed)["human"] == "yes"
    doc["names"]["mrx"] = "human"
    both = tmp_path / "both.json"
    both.write_text(json.dumps(doc))
    assert replay_columns(both)["human"] == "all"
    doc["names"] = {"mrx": "default", "detectives": "random"}
    doc["notes"] = [{"r": "", "by": "human" if i == 0 else "ai", "ms": 0} for i in range(len(doc["moves"]))]
    taken = tmp_path / "taken.json"
    taken.write_text(json.dumps(doc))
    assert replay_columns(taken)["human"] == "yes"  # one move after O took a side over


def test_the_replay_list_names_the_chosen_file(saved, display, monkeypatch):
    import pygame

    from game.arcade.app import make_context
    from game.arcade.browser import ReplayListScene

    drawn = []
    ctx = make_context((1280, 720), sprites_dir="", maps=[])
    real = ctx.text.draw
    monkeypatch.setattr(ctx.text, "draw", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k))
    listing = ReplayListScene(ctx, folder=saved["sy"].parent)
    listing.row = listing.files.index(saved["sy"])
    listing.draw(pygame.Surface((1280, 720)))
    assert f"File: {saved['sy'].name}" in drawn


@pytest.mark.parametrize("game, leave", [("ti", "q"), ("duel", "escape"), ("sy", "q")])
def test_leaving_a_replay_opened_from_the_list_comes_back_to_its_row(saved, game, leave, display):
    from game.arcade.browser import ReplayListScene
    from tests.arcade_multi.helpers import Harness

    h = Harness(lambda ctx: ReplayListScene(ctx, folder=saved[game].parent))
    listing = h.top
    listing.row = listing.files.index(saved[game])
    h.press("return")
    assert not isinstance(h.top, ReplayListScene)
    h.press(leave)
    back = h.top
    assert isinstance(back, ReplayListScene) and back.files[back.row] == saved[game]
