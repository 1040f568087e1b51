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
