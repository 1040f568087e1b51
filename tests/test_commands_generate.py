"""The generator's commands: generate, bench-generate, render-map, and the shipped maps."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from game.cli import main
from game.treasure.generator import generate_island
from game.treasure.mapfile import format_map, parse_map, read_map

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"


def one_line_error(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("run.py: error: ")
    assert "\n" not in err
    return err


# --- generate -------------------------------------------------------------------------------


def test_generate_prints_the_map_without_output(capsys):
    assert main(["generate", "--width", "20", "--height", "16", "--regions", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out == format_map(generate_island(20, 16, 6, 3))
    assert parse_map(out).board.same_as(generate_island(20, 16, 6, 3))


def test_generate_writes_a_file_the_reader_accepts(tmp_path, capsys):
    path = tmp_path / "MAP.txt"
    args = ["generate", "--width", "32", "--height", "24", "--regions", "7", "--seed", "5", "-o", str(path)]
    assert main(args) == 0
    assert "wrote" in capsys.readouterr().out
    assert read_map(path).same_as(generate_island(32, 24, 7, 5))


def test_same_command_gives_byte_identical_files(tmp_path):
    base = ["generate", "--width", "40", "--height", "40", "--regions", "9", "--seed", "77"]
    assert main(base + ["-o", str(tmp_path / "a.txt")]) == 0
    assert main(base + ["-o", str(tmp_path / "b.txt")]) == 0
    assert (tmp_path / "a.txt").read_bytes() == (tmp_path / "b.txt").read_bytes()


def test_generate_refuses_to_overwrite_without_force(tmp_path, capsys):
    path = tmp_path / "MAP.txt"
    path.write_text("keep me", encoding="utf-8")
    args = ["generate", "--width", "16", "--height", "16", "--regions", "5", "-o", str(path)]
    assert main(args) == 2
    assert "--force" in one_line_error(capsys)
    assert path.read_text(encoding="utf-8") == "keep me"
    assert main(args + ["--force"]) == 0
    assert read_map(path).same_as(generate_island(16, 16, 5, 0))


def test_generate_options_reach_the_map(tmp_path):
    path = tmp_path / "MAP.txt"
    args = ["generate", "--width", "48", "--height", "32", "--regions", "8", "--seed", "2",
            "--mountains", "0.15", "--prisons", "4", "--reveal", "3", "--free", "20", "--no-islets",
            "-o", str(path)]
    assert main(args) == 0
    board = read_map(path)
    expected = generate_island(48, 32, 8, 2, mountain_share=0.15, prisons=4, reveal_turn=3,
                               free_turn=20, islets=False)
    assert board.same_as(expected)
    assert len(board.prisons) == 4 and (board.reveal_turn, board.free_turn) == (3, 20)


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--seed", "-1"], "--seed must be >= 0, not -1"),
        (["--width", "7"], "width must be between 8 and 512"),
        (["--height", "600"], "height must be between 8 and 512"),
        (["--regions", "900"], "regions must be between 2 and"),
        (["--regions", "1"], "regions must be between 2 and"),
        (["--mountains", "0.9"], "mountain share must be between 0 and 0.3"),
        (["--prisons", "1"], "prisons must be between 2 and"),
        (["--reveal", "0"], "reveal turn must be between 1 and"),
        (["-o", "/no/such/dir/MAP.txt"], "does not exist"),
    ],
)
def test_generate_bad_arguments_exit_2_with_one_line(extra, words, capsys):
    args = ["generate", "--width", "16", "--height", "16", "--regions", "5"]
    # Later options win in argparse, so `extra` overrides the defaults above.
    assert main(args + extra) == 2
    assert words in one_line_error(capsys)


# --- bench-generate -------------------------------------------------------------------------


def test_bench_generate_prints_one_line_per_size_and_the_worst_median(capsys):
    assert main(["bench-generate", "--sizes", "16x16,24x20", "--runs", "2", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert len(lines) == 3
    medians = []
    for line, size in zip(lines, ("16x16", "24x20")):
        match = re.fullmatch(rf"{size} regions=\d+ runs=2 median_s=([\d.]+) max_s=([\d.]+)", line)
        assert match, line
        medians.append(float(match.group(1)))
        assert float(match.group(2)) >= float(match.group(1))
    last = re.fullmatch(r"max_median_s=([\d.]+)", lines[-1])
    assert last and float(last.group(1)) == max(medians)


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--sizes", "16by16"], "expected sizes like"),
        (["--sizes", "4x4"], "width must be between 8 and 512"),
        (["--runs", "0"], "--runs must be at least 1"),
        (["--seed", "-2"], "--seed must be >= 0, not -2"),
    ],
)
def test_bench_generate_bad_arguments(extra, words, capsys):
    assert main(["bench-generate", "--sizes", "16x16", "--runs", "1"] + extra) == 2
    assert words in one_line_error(capsys)


# --- render-map -----------------------------------------------------------------------------


def test_render_map_writes_a_png_of_the_right_size(tmp_path, capsys):
    os.environ["SDL_VIDEODRIVER"] = "dummy"  # as tests/conftest.py sets it: never a real window
    import pygame

    source = tmp_path / "MAP.txt"
    assert main(["generate", "--width", "20", "--height", "12", "--regions", "5", "-o", str(source)]) == 0
    png = tmp_path / "map.png"
    assert main(["render-map", str(source), "-o", str(png), "--tile", "6"]) == 0
    assert "wrote" in capsys.readouterr().out
    image = pygame.image.load(str(png))
    assert image.get_size() == (20 * 6, 12 * 6)


def test_render_map_bad_input_exits_2_with_one_line(tmp_path, capsys):
    source = tmp_path / "MAP.txt"
    assert main(["generate", "--width", "16", "--height", "16", "--regions", "5", "-o", str(source)]) == 0
    capsys.readouterr()
    png = str(tmp_path / "x.png")
    cases = [
        (["render-map", str(tmp_path / "missing.txt"), "-o", png], "rejected map"),
        (["render-map", str(source), "-o", png, "--tile", "0"], "--tile must be between 1 and 64"),
        (["render-map", str(source), "-o", str(tmp_path / "x.jpg")], "must be a .png file"),
        (["render-map", str(source), "-o", "/no/such/dir/x.png"], "does not exist"),
    ]
    for args, words in cases:
        assert main(args) == 2, args
        assert words in one_line_error(capsys)


# --- the shipped maps -----------------------------------------------------------------------


def readme_commands() -> list[list[str]]:
    """The `python run.py generate ...` lines of maps/README.md, as argument lists."""
    text = (MAPS / "README.md").read_text(encoding="utf-8")
    lines = [line.strip() for line in text.splitlines() if line.strip().startswith("python run.py generate")]
    return [shlex.split(line)[2:] for line in lines]


def test_five_shipped_maps_of_the_asked_sizes_with_different_region_counts():
    boards = [read_map(path) for path in sorted(MAPS.glob("*.txt"))]
    assert len(boards) == 5
    sizes = sorted((b.width, b.height) for b in boards)
    assert sizes == [(16, 16), (32, 32), (64, 64), (96, 96), (128, 128)]
    assert len({b.n_regions for b in boards}) == 5


def test_readme_commands_rebuild_the_shipped_maps_byte_for_byte(tmp_path):
    commands = readme_commands()
    assert len(commands) == 5
    for args in commands:
        target = Path(args[args.index("-o") + 1])
        rebuilt = tmp_path / target.name
        args = list(args)
        args[args.index("-o") + 1] = str(rebuilt)
        assert main(args) == 0
        assert rebuilt.read_bytes() == (ROOT / target).read_bytes(), target
