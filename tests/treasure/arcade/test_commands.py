import pygame
import pytest

from game.cli import main


def test_screenshot_writes_a_png_of_the_requested_size(display, map_file, tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert main(["screenshot", "--map", str(map_file), "--seed", "3", "--turn", "2", "-o", str(out),
                 "--size", "800x450", "--overlays", "all"]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 450)


@pytest.mark.parametrize("args", [["--overlays", "nonsense"], ["--size", "big"], ["--turn", "0"]])
def test_screenshot_bad_input_exits_2(display, map_file, tmp_path, args, capsys):
    assert main(["screenshot", "--map", str(map_file), "-o", str(tmp_path / "x.png"), *args]) == 2
    assert "error" in capsys.readouterr().err


def test_bench_frames_prints_p95_last(display, map_file, capsys):
    assert main(["bench-frames", "--map", str(map_file), "--frames", "30", "--size", "800x450"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1].startswith("p95_ms=") and float(lines[-1].split("=")[1]) >= 0
    assert any(line.startswith("median_ms=") for line in lines)


def test_arcade_autoplays_and_quits_at_the_end_headless(display, map_file, capsys):
    assert main(["--windowed", "--size", "800x500", "--map", str(map_file), "--seed", "2", "--autoplay",
                 "--max-turns", "3", "--quit-at-end"]) == 0
    out = capsys.readouterr().out
    assert "seed 2" in out


def test_arcade_without_a_map_says_so(monkeypatch, capsys):
    import game.commands.common as common

    monkeypatch.setattr(common, "default_map", lambda: None)
    assert main(["--autoplay"]) == 2
    assert "--map" in capsys.readouterr().err


# --- issue #17: rules variants on every command, the matplotlib chart --------------------------

def test_screenshot_and_the_arcade_take_rules(display, map_file, tmp_path, capsys):
    out = tmp_path / "shot.png"
    assert main(["screenshot", "--map", str(map_file), "--seed", "3", "--turn", "2", "-o", str(out),
                 "--size", "800x450", "--rules", "pirate_speed=4,truth_model=bluff"]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 450)
    assert main(["screenshot", "--map", str(map_file), "-o", str(out), "--rules", "pirate_speed=0"]) == 2
    assert "pirate_speed" in capsys.readouterr().err
    assert main(["--windowed", "--map", str(map_file), "--rules", "nonsense=1", "--autoplay"]) == 2


def test_bench_with_rules_writes_the_chart_as_png_and_svg(map_file, tmp_path, capsys):
    out = tmp_path / "bench"
    assert main(["bench", "--agents", "default,random-valid", "--maps", str(map_file), "--games", "3",
                 "--workers", "1", "--out", str(out), "--rules", "truth_model=bluff,pirate_speed=3"]) == 0
    assert (out / "winrate.png").stat().st_size > 5000
    svg = (out / "winrate.svg").read_text()
    assert svg.lstrip().startswith("<?xml") and "win rate" in svg
    printed = capsys.readouterr().out
    assert "win rate per map and agent" in printed and printed.strip().splitlines()[-1] == "invalid_actions=0"
