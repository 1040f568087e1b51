"""Agents by name or dotted path; every agent plays legal games; the default agent explains itself."""

import json
import re

import numpy as np
import pytest

from game.treasure.agents import AgentNotFound, agent_class, available_agents, make_agent
from game.treasure.agents.base import Agent
from game.treasure.agents.benchmark import GameResult, compare, run_games, summarise, wilson
from game.treasure.agents.runner import play_game
from game.cli import main
from game.treasure.actions import LargeScan
from game.treasure.config import RulesConfig

from ..test_properties import random_board


class MyAgent(Agent):
    name = "mine"

    def act(self, obs):
        return LargeScan()


class Nonsense(Agent):
    name = "nonsense"

    def act(self, obs):
        return "go north please"


def boards(n=12):
    out = [b for b in (random_board(s, 10, 10) for s in range(40)) if b is not None]
    return out[:n]


def test_registry_and_dotted_paths():
    assert {"default", "greedy", "random", "random-valid"} <= set(available_agents())
    assert agent_class("tests.treasure.agents.test_agents:MyAgent") is MyAgent
    assert agent_class("tests.treasure.agents.test_agents.MyAgent") is MyAgent
    with pytest.raises(AgentNotFound, match="unknown agent"):
        agent_class("nope")
    with pytest.raises(AgentNotFound, match="not an agent class"):
        agent_class("json:dumps")


@pytest.mark.parametrize("name", ["default", "greedy", "random", "random-valid"])
@pytest.mark.parametrize("truth", ["random", "bluff"])
def test_every_agent_plays_whole_games_without_invalid_actions(name, truth):
    for i, board in enumerate(boards(8)):
        record = play_game(board, i, make_agent(name, i), RulesConfig(truth_model=truth))
        assert record.result in ("WIN", "LOSE")
        assert record.invalid_actions == 0, f"{name} returned an invalid action on board {i}"


def test_an_agent_returning_nonsense_loses_actions_but_never_stalls():
    board = boards(1)[0]
    record = play_game(board, 0, Nonsense())
    assert record.result == "LOSE" and record.invalid_actions == len(record.actions) > 0
    assert "INVALID" in record.log.text() and "is not an action" in record.log.text()


def test_default_agent_gives_a_reason_for_every_action_and_a_heat_map():
    board = boards(1)[0]
    agent = make_agent("default", 3)
    record = play_game(board, 3, agent)
    reasons = [a.reason for a in record.actions]
    assert all(r and "\n" not in r and len(r) < 160 for r in reasons)
    assert any(r.startswith("verify hint") for r in reasons) or record.state.turn <= 2
    heat = agent.probabilities()
    assert heat.shape == board.shape and np.isclose(heat.sum(), 1.0) or record.result == "WIN"
    assert " | " in record.log.text()  # reasons reach the log


def test_default_beats_greedy_on_the_same_games():
    games = [(b, i) for i, b in enumerate(boards(12))]
    wins = {name: sum(play_game(b, i, make_agent(name, i)).result == "WIN" for b, i in games)
            for name in ("default", "greedy")}
    assert wins["default"] >= wins["greedy"]


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_benchmark_plays_the_same_games_for_every_agent(tmp_path):
    from game.treasure.mapfile import write_map

    path = tmp_path / "MAP1.txt"
    write_map(boards(1)[0], path)
    once = summarise(list(run_games([str(path)], ["greedy", "random"], 6, 5, workers=1, chunk=4)))
    again = summarise(list(run_games([str(path)], ["greedy", "random"], 6, 5, workers=2, chunk=4)))
    strip = lambda rows: [{k: v for k, v in r.items() if "seconds" not in k} for r in rows]
    assert sorted(strip(once), key=str) == sorted(strip(again), key=str)


def test_compare_pairs_the_same_games():
    def game(agent, i, won, turns):
        return GameResult("m", agent, i, won, turns, 0.0, 0)

    # a: wins games 0-3 in 4, 5, 6, 7 turns, loses game 4. b: wins only game 0 (in 2) and game 3 (in 9).
    results = [game("a", i, i < 4, 4 + i) for i in range(5)]
    results += [game("b", 0, True, 2), game("b", 1, False, 3), game("b", 2, False, 5), game("b", 3, True, 9),
                game("b", 4, False, 4)]
    (row,) = compare(results, "a")
    assert (row["agent"], row["versus"], row["games"]) == ("a", "b", 5)
    assert (row["losses"], row["versus_losses"], row["loss_ratio"]) == (1, 3, 0.3333)
    # On games 0 and 3, which both won: a took 4 and 7 turns, b 2 and 9.
    assert (row["both_won"], row["turns_both_won"], row["versus_turns_both_won"]) == (2, 5.5, 5.5)
    # Within 2 turns b had won one game and a none.
    assert row["behind_at_turn"] == 2
    results[0] = game("a", 0, True, 1)
    (row,) = compare(results, "a")
    assert row["behind_at_turn"] is None and row["turns_both_won"] == 4.0
    # A rival that never lost: no ratio.
    (row,) = compare([game("a", 0, False, 3), game("b", 0, True, 2)], "a")
    assert row["loss_ratio"] is None and row["losses"] == 1 and row["both_won"] == 0


def test_bench_command_writes_json_csv_and_chart(tmp_path, capsys):
    from game.treasure.mapfile import write_map

    maps = []
    for i, board in enumerate(boards(2)):
        maps.append(tmp_path / f"MAP{i}.txt")
        write_map(board, maps[-1])
    out = tmp_path / "bench"
    code = main(["bench", "--agents", "default,greedy,random", "--maps", str(tmp_path / "MAP*.txt"),
                 "--games", "4", "--seed", "0", "--workers", "1", "--out", str(out)])
    assert code == 0
    rows = json.loads((out / "results.json").read_text())
    assert len(rows) == 6
    required = {"map", "agent", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_turns", "median_turns",
                "mean_seconds", "invalid_actions"}
    assert all(required <= set(r) for r in rows)
    assert all(r["ci_low"] <= r["win_rate"] <= r["ci_high"] for r in rows)
    header = (out / "results.csv").read_text().splitlines()[0].split(",")
    assert required <= set(header)
    assert (out / "winrate.png").stat().st_size > 1000
    versus = json.loads((out / "compare.json").read_text())
    assert [(r["agent"], r["versus"]) for r in versus] == [("default", "greedy"), ("default", "random")] * 2
    assert all(r["games"] == 4 for r in versus)
    assert (out / "compare.csv").read_text().splitlines()[0].startswith("map,agent,versus,games,losses")
    games = (out / "games.csv").read_text().splitlines()
    assert games[0] == "map,agent,game,seed,won,turns,seconds,invalid_actions" and len(games) == 1 + 2 * 3 * 4
    assert capsys.readouterr().out.strip().splitlines()[-1] == "invalid_actions=0"


def test_reasons_read_as_english():
    board = boards(1)[0]
    reasons = [a.reason for seed in range(8) for a in play_game(board, seed, make_agent("default", seed)).actions]
    assert reasons
    for r in reasons:
        assert not re.search(r"\b1 tiles\b|-\d+ tiles|\d+ tile\b(?! )", r), r
        assert re.match(r"(verify hint \d+|large scan( here)?|move [NESW] \d( and scan)?|teleport to \(\d+, \d+\)):", r), r
