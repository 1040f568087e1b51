"""Recording, playing back, seeking and refusing bad replays (the pure part, no pygame)."""

import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.treasure.agents import make_agent
from game.treasure.agents.runner import play_game
from game.commands.play import save_record
from game.treasure.replay import (FORMAT, Playback, Recorder, ReplayError, ReplayMismatch, load_replay, parse_replay,
                         record_steps, replays_dir, save_auto, save_new, saved_replays)
from game.treasure.replay.document import RecordedAction
from game.treasure.actions import Forfeit, LargeScan, MoveSmall, Teleport, Verify
from game.treasure.config import RulesConfig
from game.treasure.engine import action_error, new_game, step
from game.treasure.mapfile import format_map

SEED = 11


def recorded_game(board, agent="random", seed=SEED, tmp_path=None, config=None):
    agent_obj = make_agent(agent, seed)
    record = play_game(board, seed, agent_obj, config)
    path = tmp_path / f"{agent}-{seed}.json"
    save_record(record, board, seed, agent_obj.name, path)
    return record, path


@pytest.fixture
def game(island, tmp_path):
    return recorded_game(island, tmp_path=tmp_path)


@pytest.fixture
def doc(game):
    return json.loads(game[1].read_text(encoding="utf-8"))


def refuse(tmp_path, doc_or_text, match):
    text = doc_or_text if isinstance(doc_or_text, str) else json.dumps(doc_or_text)
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ReplayError, match=match) as info:
        Playback(load_replay(path))
    return str(info.value)


# --- record, then play back ----------------------------------------------------------------

def test_the_document_holds_the_map_seed_rules_actions_and_outcome(game, doc, island):
    record, _ = game
    assert doc["format"] == FORMAT and doc["version"] == 2
    assert doc["map"] == format_map(island) and doc["seed"] == SEED
    assert doc["rules"] == RulesConfig().to_dict()
    assert len(doc["actions"]) == len(record.actions)
    first = doc["actions"][0]
    assert set(first) == {"n", "turn", "action", "by", "reason"} and first["by"] == "random"
    assert doc["outcome"] == {"result": record.result, "turns": record.state.turn, "log_sha256": record.log.digest()}
    assert doc["created"] and doc["app_version"]


def test_playing_back_gives_the_identical_log_and_final_state(game):
    record, path = game
    playback = Playback(load_replay(path))
    assert playback.log.text() == record.log.text()
    assert playback.final.same_as(record.state)
    assert playback.state_at(len(playback) - 1).same_as(record.state)


def test_forfeits_are_recorded_and_replayed(island, tmp_path):
    state, events = new_game(island, 3)
    recorder = Recorder(island, 3, None, "broken", events)
    bad = Forfeit("MOVE_SMALL N 9", "MOVE_SMALL moves 1-2 tiles, not 9")
    for action in (bad, LargeScan(), bad):
        turn = state.turn
        state, events = step(state, action)
        recorder.record(turn, action, events, "", "broken")
    path = save_new(recorder.replay(state), tmp_path / "f.json")
    raw = json.loads(path.read_text())
    assert raw["actions"][0]["action"] == {"forfeit": {"attempted": "MOVE_SMALL N 9",
                                                       "reason": "MOVE_SMALL moves 1-2 tiles, not 9"}}
    playback = Playback(load_replay(path))
    assert isinstance(playback.action(1).action, Forfeit)
    assert playback.final.same_as(state) and playback.log.text() == recorder.log.text()


def test_mixed_authors_and_reasons_survive(island, tmp_path):
    state, events = new_game(island, 5)
    recorder = Recorder(island, 5, None, "default", events)
    for action, by, reason in ((LargeScan(), "human", ""), (LargeScan(), "default", "the best scan")):
        turn = state.turn
        state, events = step(state, action)
        recorder.record(turn, action, events, reason, by)
    replay = load_replay(save_new(recorder.replay(state), tmp_path / "m.json"))
    assert [(a.by, a.reason) for a in replay.actions] == [("human", ""), ("default", "the best scan")]
    assert replay.outcome.result == "UNFINISHED"
    Playback(replay)  # an unfinished game checks too


# --- seeking ---------------------------------------------------------------------------------

def test_every_position_matches_a_straight_replay(game):
    _, path = game
    replay = load_replay(path)
    playback = Playback(replay, checkpoint_every=5)
    state, _ = new_game(replay.board, replay.seed, replay.rules)
    straight = [state]
    for recorded in replay.actions:
        state, _ = step(state, recorded.action)
        straight.append(state)
    for i in reversed(range(len(playback))):  # backwards: never from the last state handed out
        assert playback.state_at(i).same_as(straight[i])


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_stepping_back_n_then_forward_n_returns_the_identical_state(shared_playback, data):
    playback = shared_playback
    last = len(playback) - 1
    i = data.draw(st.integers(0, last), label="position")
    n = data.draw(st.integers(0, i), label="n")
    here = playback.state_at(i)
    for k in range(1, n + 1):
        playback.state_at(i - k)
    for k in range(n - 1, -1, -1):
        back = playback.state_at(i - k)
    assert (back if n else playback.state_at(i)).same_as(here)


@pytest.fixture(scope="module")
def shared_playback(tmp_path_factory):
    from game.treasure.generator import generate_island

    # Reveal and release early, so the random agent's game surely passes both.
    board = generate_island(32, 32, 8, 3, reveal_turn=2, free_turn=4)
    record = play_game(board, 4, make_agent("random", 4))
    assert record.state.turn > 4
    path = tmp_path_factory.mktemp("seek") / "g.json"
    save_record(record, board, 4, "random", path)
    return Playback(load_replay(path), checkpoint_every=6)


def test_turn_positions_and_marks(shared_playback):
    playback = shared_playback
    assert playback.position_of_turn(1) == 0
    p = playback.position_of_turn(3)
    assert playback.turns[p] == 3 and playback.turns[p - 1] == 2
    assert playback.position_of_turn(10**6) == playback.turns.index(playback.turns[-1])
    kinds = {m.kind for m in playback.marks()}
    assert {"reveal", "free"} <= kinds and kinds & {"win", "lose"}


# --- branching ---------------------------------------------------------------------------------

def test_a_branch_at_turn_k_replays_to_its_own_log(game, tmp_path):
    _, path = game
    playback = Playback(load_replay(path))
    at = playback.position_of_turn(4)
    replay = playback.replay
    state = playback.state_at(at)

    class Step:  # the shape of the arcade's history entries
        def __init__(self, state, events, action=None, reason="", by=""):
            self.state, self.events, self.action, self.reason, self.by = state, events, action, reason, by

    steps = [Step(*new_game(replay.board, replay.seed, replay.rules))]
    for k in range(at):
        a = replay.actions[k]
        s, e = step(steps[-1].state, a.action)
        steps.append(Step(s, e, a.action, a.reason, a.by))
    assert steps[-1].state.same_as(state)
    agent = make_agent("greedy", 1)
    from game.treasure.observation import observe
    agent.start(observe(state))
    while not state.over and len(steps) < 400:
        action = agent.act(observe(state)).action
        if action_error(state, action) is not None:
            action = Forfeit(action.text(), action_error(state, action))
        state, events = step(state, action)
        steps.append(Step(state, events, action, "greedy says", "greedy"))
    branch = record_steps(replay.board, replay.seed, replay.rules, "random", steps, branched_from=str(path))
    saved = save_new(branch, tmp_path / "branch.json")
    again = Playback(load_replay(saved))
    assert again.final.same_as(state)
    assert again.replay.extra["branched_from"] == str(path)
    assert [a.action for a in again.replay.actions[:at]] == [a.action for a in replay.actions[:at]]


# --- refusing bad replays ----------------------------------------------------------------------

def test_truncated_json_is_refused(game, tmp_path):
    text = game[1].read_text()
    message = refuse(tmp_path, text[: len(text) // 2], "not valid JSON at line")
    assert "truncated" in message


def test_actions_cut_off_at_the_end_are_refused(doc, tmp_path):
    doc["actions"] = doc["actions"][:-3]
    refuse(tmp_path, doc, r"after action \d+ \(turn \d+\): the replayed game is UNFINISHED .*truncated")


def test_an_edited_action_is_refused_with_its_number_and_turn(doc, tmp_path, game):
    record, _ = game
    # Replace action 2 with a different valid action: the game differs from there.
    replay = load_replay(game[1])
    state = Playback(replay, check_outcome=False).state_at(2)
    other = next(a for a in (LargeScan(), Verify(1), MoveSmall("N", 1), MoveSmall("S", 1))
                 if action_error(state, a) is None and a != replay.actions[2].action)
    doc["actions"][2]["action"] = other.text()
    message = refuse(tmp_path, doc, r"(action \d+ \(turn \d+\))|(LOG differs)")
    assert "action" in message


def test_an_unreadable_action_names_its_number_and_turn(doc, tmp_path):
    doc["actions"][5]["action"] = "JUMP N 2"
    turn = doc["actions"][5]["turn"]
    refuse(tmp_path, doc, rf"action 6 \(\"n\": 5, turn {turn}\): bad action 'JUMP N 2'")


def test_missing_or_reordered_actions_are_refused(doc, tmp_path):
    del doc["actions"][3]
    refuse(tmp_path, doc, r'action 4 \("n": 3\): numbered 4 \(actions missing')


def test_an_action_invalid_under_the_rules_is_refused_with_the_engines_reason(doc, tmp_path, game):
    replay = load_replay(game[1])
    playback = Playback(replay)
    k = next(i for i in range(len(replay.actions)) if action_error(playback.state_at(i), Teleport(0, 0)) is not None)
    doc["actions"][k]["action"] = "TELEPORT 0 0"
    turn = doc["actions"][k]["turn"]
    message = refuse(tmp_path, doc, rf'action {k + 1} \("n": {k}, turn {turn}\): TELEPORT 0 0 is invalid: ')
    assert "sea" in message or "already used" in message


def test_different_rules_make_the_actions_fail_or_the_log_differ(doc, tmp_path):
    doc["rules"]["actions_per_turn"] = 3
    refuse(tmp_path, doc, r'action \d+ \("n": \d+, turn \d+\): recorded on turn \d+ but the replayed game is on turn')


def test_a_newer_format_version_is_refused(doc, tmp_path):
    doc["version"] = 3
    refuse(tmp_path, doc, "newer version of the game .*format 3.*reads format 2")


@pytest.mark.parametrize("version", ["1", 0, None, 1.5])
def test_a_bad_version_is_refused(doc, tmp_path, version):
    doc["version"] = version
    refuse(tmp_path, doc, "bad format version")


def test_a_wrong_format_name_is_refused(doc, tmp_path):
    doc["format"] = "chess-replay"
    refuse(tmp_path, doc, "not a replay: format is 'chess-replay'")
    refuse(tmp_path, "[1, 2]", "expected a JSON object")


def test_a_changed_map_is_refused(doc, tmp_path):
    lines = doc["map"].split("\n")
    lines[4] = "oops"  # the treasure line
    doc["map"] = "\n".join(lines)
    refuse(tmp_path, doc, r"the map inside is not valid: map:5:1: expected two integers")


def test_a_moved_treasure_does_not_silently_make_another_game(doc, tmp_path, island):
    lines = doc["map"].split("\n")
    r, c = island.treasure
    others = [(rr, cc) for rr in range(island.height) for cc in range(island.width)
              if island.eligible[rr, cc] and (rr, cc) != (r, c)]
    lines[4] = f"{others[0][0]} {others[0][1]}"
    doc["map"] = "\n".join(lines)
    refuse(tmp_path, doc, r'(action \d+ \("n": \d+, turn \d+\))|(after action)')


def test_a_digest_mismatch_is_refused(doc, tmp_path):
    doc["outcome"]["log_sha256"] = "0" * 64
    refuse(tmp_path, doc, r"after action \d+ \(turn \d+\): the replayed LOG differs")


def test_an_edited_reason_changes_the_log_and_is_refused(doc, tmp_path):
    doc["actions"][0]["reason"] = "edited"
    refuse(tmp_path, doc, "the replayed LOG differs")


def test_a_wrong_outcome_is_refused(doc, tmp_path):
    doc["outcome"]["result"] = "WIN" if doc["outcome"]["result"] == "LOSE" else "LOSE"
    refuse(tmp_path, doc, "but the replay says")


@pytest.mark.parametrize("key", ["map", "seed", "rules", "actions", "outcome"])
def test_missing_fields_are_refused(doc, tmp_path, key):
    del doc[key]
    refuse(tmp_path, doc, f"missing '{key}'")


def test_unknown_rules_are_refused(doc, tmp_path):
    doc["rules"]["gravity"] = 9.8
    refuse(tmp_path, doc, "bad rules: unknown rules settings: gravity")


def test_not_utf8_and_missing_files_are_refused(tmp_path):
    (tmp_path / "bin.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(ReplayError, match="not UTF-8"):
        load_replay(tmp_path / "bin.json")
    with pytest.raises(ReplayError, match="cannot read it"):
        load_replay(tmp_path / "nothing.json")


# --- saving ------------------------------------------------------------------------------------

def test_saving_never_overwrites(game, tmp_path):
    record, path = game
    before = path.read_bytes()
    replay = load_replay(path)
    with pytest.raises(FileExistsError, match="never overwritten"):
        save_new(replay, path)
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_automatic_saves_pick_a_new_name_in_the_data_folder(game, private_data_dir):
    replay = load_replay(game[1])
    first = save_auto(replay, "island16-seed11")
    second = save_auto(replay, "island16-seed11")
    assert replays_dir() == private_data_dir / "replays"
    assert first.name == "island16-seed11.json" and second.name == "island16-seed11-1.json"
    assert set(saved_replays()) == {first, second}
    assert oct(os.stat(first).st_mode & 0o077) != "0o0" or os.name != "posix" or os.umask(0o22) & 0o044


def test_parse_replay_reports_the_source_name(doc):
    with pytest.raises(ReplayError, match="^game.json: missing 'outcome'"):
        del doc["outcome"]
        parse_replay(json.dumps(doc), "game.json")


def test_recorded_action_forms():
    assert RecordedAction(0, 1, LargeScan(), "human").to_json()["action"] == "LARGE_SCAN"
    assert issubclass(ReplayMismatch, ReplayError)
