"""Every command of every game answers --help (a HELP with a '%' once crashed `run.py sy --help`)."""

import pytest

from game.cli import COMMANDS, main
from game.registry import games


def _all_commands():
    out = [[name] for name in COMMANDS]
    for info in games():
        if info.cli_group:
            out.append([info.cli_group])
            out += [[info.cli_group, name] for name in info.commands]
    return out


@pytest.mark.parametrize("words", _all_commands(), ids=" ".join)
def test_help_of_every_command(words, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(words + ["--help"])
    assert exit_info.value.code == 0
    assert "usage: run.py" in capsys.readouterr().out


def test_a_help_line_with_a_percent_sign_is_shown_as_written(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "%%" not in capsys.readouterr().out


@pytest.mark.parametrize("argv", [
    ["sy", "play"], ["sy", "arcade", "--windowed", "--quit-at-end"], ["bench-frames"], ["bench-engine", "--map",
    "maps/island16.txt"], ["duel", "bench", "--bots", "walker,random", "--generated", "1"], ["duel", "bot"],
])
def test_a_negative_seed_is_one_clear_line_in_every_command(argv, capsys, monkeypatch):
    # Some commands crashed on it (numpy takes no negative seed), some played no game at all.
    from pathlib import Path

    monkeypatch.chdir(Path(__file__).resolve().parents[1])
    assert main([*argv, "--seed", "-3"]) == 2
    assert capsys.readouterr().err == "run.py: error: --seed must be >= 0, not -3\n"
