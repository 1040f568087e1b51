"""Tampered replays: every reproducer of issue #18 is refused with what and where; every
single-field edit of a recorded replay is refused or proven not to change the game; and
mutations of real replay files raise nothing but ReplayError (a hypothesis fuzz test)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.treasure.agents.base import Decision, RandomValidAgent
from game.treasure.agents.runner import play_game
from game.cli import main
from game.commands.play import save_record
from game.treasure.replay import Playback, ReplayError, load_replay, parse_replay
from game.treasure.actions import MoveSmall, Teleport
from game.treasure.mapfile import read_map

ROOT = Path(__file__).resolve().parents[3]


class Mixed(RandomValidAgent):
    """Teleports first, then plays randomly, with an invalid move every 5th action: a replay
    with a teleport, forfeits, reasons on every action."""

    name = "mixed"

    def __init__(self, seed=0):
        super().__init__(seed)
        self.n = 0

    def act(self, obs):
        self.n += 1
        if self.n == 1:
            r, c = map(int, divmod(int(obs.board.eligible.argmax()), obs.board.width))
            return Decision(Teleport(r, c), "teleport to the first open tile")
        if self.n % 5 == 0:
            return Decision(MoveSmall("N", 9), "too far on purpose")
        return super().act(obs)


def record(board, seed, tmp_path, name="g.json"):
    rec = play_game(board, seed, Mixed(seed))
    path = tmp_path / name
    save_record(rec, board, seed, "mixed", path)
    return path


@pytest.fixture
def recorded(island, tmp_path):
    path = record(island, 11, tmp_path)
    return path, json.loads(path.read_text(encoding="utf-8"))


def outcome_of(text: str):
    """ReplayError's message, or the replay if it loads and checks."""
    try:
        replay = parse_replay(text, "t.json")
        Playback(replay)
        return replay
    except ReplayError as exc:
        return str(exc)


def refused(doc, match=None) -> str:
    text = doc if isinstance(doc, str) else json.dumps(doc, ensure_ascii=False)
    got = outcome_of(text)
    assert isinstance(got, str), "the tampered replay was accepted"
    if match is not None:
        assert match in got, got
    return got


def the_game(replay):
    """Everything that decides the game a replay plays (and shows)."""
    return (replay.seed, replay.rules, replay.agent, replay.outcome,
            [(a.n, a.turn, a.action, a.by, a.reason) for a in replay.actions])


def same_game(a, b) -> bool:
    return a.board.same_as(b.board) and the_game(a) == the_game(b)


# --- the reproducers -------------------------------------------------------------------------

def map_cell_edit(doc, row, col, new):
    lines = doc["map"].split("\n")
    cells = lines[5 + row].split(";")
    cells[col] = new
    lines[5 + row] = ";".join(cells)
    doc["map"] = "\n".join(lines)
    return doc


def test_an_edited_island_cell_is_refused(recorded, island):
    _, doc = recorded
    land = [(r, c) for r in range(island.height) for c in range(island.width)
            if island.land[r, c] and not island.prison[r, c] and (r, c) != island.treasure]
    sea = [(r, c) for r in range(island.height) for c in range(island.width) if not island.land[r, c]]
    r, c = land[-1]
    region = int(island.region[r, c])
    other = next(x for x in island.land_regions if x != region)
    for new in ("0", f"{region}M", str(other)):  # land -> sea, a mountain, another region
        message = refused(map_cell_edit(copy.deepcopy(doc), r, c, new))
        assert "island differs" in message or "action" in message
    r, c = sea[0]
    message = refused(map_cell_edit(copy.deepcopy(doc), r, c, "1"))  # sea -> land
    assert f"island differs from the recorded one at line {r + 6} (row {r})" in message or "LOG differs" in message


@pytest.mark.parametrize("key,value,says", [
    ("pirate_speed", 3, "differ"),  # the rules' digest, or already the LOG (he walks faster)
    ("teleports", 5, "the rules differ from the recorded ones: teleports (digest does not match)"),
    ("teleports", {"a": 1}, "teleports must be a whole number"),
    ("teleports", "1", "teleports must be a whole number"),
    ("max_hint_draws", 2.5, "max_hint_draws must be a whole number"),
    ("square_share", [1.5, 2.5], "square_share[0] must be a share in (0, 1]"),
    ("small_rect_share", 5, "small_rect_share must be a list of 2 numbers"),
    ("hint_weights", [0] * 5 + [4] + [0] * 9, "some type other than 6"),
    ("liar_rate", 1e400, "liar_rate must be a number in [0, 1], not inf"),
])
def test_edited_rules_are_refused(recorded, key, value, says):
    _, doc = recorded
    doc["rules"][key] = value
    text = json.dumps(doc).replace("Infinity", "1e400")
    assert says in refused(text)


def test_a_forfeits_reason_and_any_actions_author_are_verified(recorded):
    _, doc = recorded
    k = next(i for i, a in enumerate(doc["actions"]) if isinstance(a["action"], dict))
    for field in ("reason", "by"):
        edited = copy.deepcopy(doc)
        edited["actions"][k][field] = "someone else"
        message = refused(edited)
        assert f'action {k + 1} ("n": {k}, turn {doc["actions"][k]["turn"]}): differs from the recorded action' in message
    edited = copy.deepcopy(doc)
    edited["actions"][k]["action"]["forfeit"]["reason"] = "edited"
    refused(edited, "LOG differs")


def test_json_nested_100000_deep_is_refused_with_a_reason():
    assert "nested" in refused("[" * 100_000 + "]" * 100_000)
    assert "nested" in refused('{"a":' * 50 + "1" + "}" * 50)


def test_a_lone_surrogate_is_refused(recorded):
    _, doc = recorded
    doc["actions"][0]["reason"] = "\ud800"
    assert "lone surrogate" in refused(json.dumps(doc))  # json.dumps escapes it as \\ud800


def test_strange_json_is_refused_with_a_reason(recorded):
    _, doc = recorded
    text = json.dumps(doc)
    assert "twice" in refused(text.replace('"seed": 11', '"seed": 11, "seed": 12'))
    assert "not a JSON number" in refused(text.replace('"seed": 11', '"seed": NaN'))
    assert "not valid JSON" in refused(text.replace('"seed": 11', '"seed": ' + "9" * 5000))
    assert "'seed' must be between" in refused(text.replace('"seed": 11', '"seed": ' + "9" * 40))
    assert "unknown field" in refused(text.replace('"n": 0,', '"n": 0, "extra": 1,', 1))


def test_a_replay_with_a_byte_order_mark_loads(recorded, tmp_path):
    path, _ = recorded
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert same_game(load_replay(bom), load_replay(path))


def test_check_refuses_a_format_1_replay_that_still_opens(recorded, tmp_path, capsys):
    _, doc = recorded
    doc["version"] = 1
    del doc["digests"]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(doc))
    assert isinstance(outcome_of(old.read_text()), object)
    Playback(load_replay(old))  # watching it still works
    assert main(["replay", str(old), "--check"]) == 2
    assert "cannot be fully checked" in capsys.readouterr().err


# --- every single-field edit ------------------------------------------------------------------

def leaf_paths(value, path=()):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaf_paths(item, path + (key,))
    elif isinstance(value, list) and value:
        for i, item in enumerate(value):
            yield from leaf_paths(item, path + (i,))
    else:
        yield path


def edits_of(value):
    """Plausible and implausible replacements for one JSON value."""
    out = [None, True, [], {}, "x"]
    if isinstance(value, bool):
        out += [not value, 0, 1]
    elif isinstance(value, int):
        out += [value + 1, value - 1, 0, -1, 2**64, float(value), str(value)]
    elif isinstance(value, float):
        out += [value * 2, value / 2, 0.0, 1.0, int(value), str(value)]
    elif isinstance(value, str):
        out += ["", value + " ", value.upper(), value[:-1], value + "\n"]
        if value[:1].isalpha() and " " in value:  # an action's text: another action
            out += ["LARGE_SCAN", "VERIFY 1", "MOVE_SMALL N 1", "MOVE_SMALL S 2", "TELEPORT 1 1"]
    return [v for v in out if v != value or type(v) is not type(value)]


def set_at(doc, path, value, delete=False):
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value


def map_edits(doc, every_kind=False):
    """For every cell one edit (sea <-> land, a mountain, the next region id, in turn; all three
    with ``every_kind``), and two of every header number."""
    lines = doc["map"].split("\n")
    for row in range(5, len(lines)):
        cells = lines[row].split(";")
        for col, cell in enumerate(cells):
            token = cell.strip()
            if not token:
                continue
            digits = token.rstrip("MPT")
            rid = int(digits)
            kinds = ["0" if rid else "1", f"{max(rid, 1)}M", str(rid + 1) + token[len(digits):]]
            for new in kinds if every_kind else [kinds[(row + col) % 3]]:
                edited = list(cells)
                edited[col] = new
                yield "\n".join(lines[:row] + [";".join(edited)] + lines[row + 1:])
    for row in range(5):
        numbers = lines[row].split()
        for i, number in enumerate(numbers):
            for new in (str(int(number) + 1), str(max(int(number) - 1, 0))):
                edited = list(numbers)
                edited[i] = new
                yield "\n".join(lines[:row] + [" ".join(edited)] + lines[row + 1:])


def test_every_single_field_edit_is_refused_or_changes_nothing(recorded):
    path, doc = recorded
    original = load_replay(path)
    tried = passed_unchanged = 0
    false_passes = []

    def attempt(edited, what):
        nonlocal tried, passed_unchanged
        tried += 1
        got = outcome_of(json.dumps(edited, ensure_ascii=False))
        if isinstance(got, str):
            return
        if same_game(got, original):
            passed_unchanged += 1
        else:
            false_passes.append(what)

    for leaf in leaf_paths(doc):
        if leaf == ("map",):
            continue
        value = doc
        for key in leaf:
            value = value[key]
        for new in edits_of(value):
            edited = copy.deepcopy(doc)
            set_at(edited, leaf, new)
            attempt(edited, f"{leaf} = {new!r}")
        edited = copy.deepcopy(doc)
        set_at(edited, leaf, None, delete=True)
        attempt(edited, f"del {leaf}")
    for text in map_edits(doc):
        edited = dict(doc, map=text)
        attempt(edited, "map edit")
    assert tried > 1000
    assert not false_passes, false_passes[:10]
    # What passes is only what does not touch the game: the creation time, the app version.
    assert passed_unchanged < tried // 10


# --- fuzzing: mutations of real replays -------------------------------------------------------

@pytest.fixture(scope="module")
def real_replays(tmp_path_factory):
    folder = tmp_path_factory.mktemp("real")
    texts = []
    for i, name in enumerate(("island16.txt", "island32.txt")):
        map_path = ROOT / "maps" / name
        if map_path.exists():
            texts.append(record(read_map(map_path), 3 + i, folder, f"{name}.json").read_bytes())
    if not texts:
        pytest.skip("no shipped maps to record replays on")
    return texts


NASTY = [b"", b"{", b"}", b"[", b"]", b'"', b"\\", b"\\ud800", b",", b":", b"null", b"true", b"NaN", b"1e999",
         b"-0", b"9" * 5000, b"\xff", b"\xef\xbb\xbf", b"[" * 2000, b'"x":1,', "３".encode()]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_mutated_real_replays_raise_nothing_but_replay_errors(real_replays, tmp_path, data):
    raw = bytearray(data.draw(st.sampled_from(real_replays)))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, max(len(raw) - 1, 0)))
        kind = data.draw(st.integers(0, 3))
        if kind == 0 and raw:
            raw[at] = data.draw(st.integers(0, 255))
        elif kind == 1:
            raw[at:at] = data.draw(st.sampled_from(NASTY))
        elif kind == 2:
            del raw[at: at + data.draw(st.integers(1, 40))]
        else:
            digits = str(data.draw(st.integers(-5, 10**6))).encode()
            raw[at:at + 1] = digits
    path = tmp_path / "fuzz.json"
    path.write_bytes(bytes(raw))
    try:
        Playback(load_replay(path))
    except ReplayError as exc:
        assert str(exc)


def test_a_huge_file_is_refused_unread(tmp_path):
    from game.treasure.replay.document import MAX_REPLAY_BYTES

    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.seek(MAX_REPLAY_BYTES + 10)
        f.write(b"}")
    with pytest.raises(ReplayError, match="larger than"):
        load_replay(huge)


def test_a_digest_mismatch_says_which_map_line_rules_setting_or_action(recorded):
    _, doc = recorded
    for where, says in ((("map", 7), "the island differs from the recorded one at line 8 (row 2)"),
                        (("map", 2), "at line 3 (f)"),
                        (("rules", "pirate_speed"), "the rules differ from the recorded ones: pirate_speed"),
                        (("actions", 4), f'action 5 ("n": 4, turn {doc["actions"][4]["turn"]}): differs from the recorded')):
        edited = copy.deepcopy(doc)
        edited["digests"][where[0]][where[1]] = "0" * 16
        assert says in refused(edited)
