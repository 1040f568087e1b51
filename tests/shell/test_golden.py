import numpy as np
import pygame
import pytest

from game.shell.golden import assert_matches_golden


def checkerboard(size=(32, 24), shade=200):
    surface = pygame.Surface(size)
    surface.fill((20, 40, 60))
    for x in range(0, size[0], 8):
        for y in range(0, size[1], 8):
            if (x + y) // 8 % 2 == 0:
                surface.fill((shade, shade // 2, 30), (x, y, 8, 8))
    return surface


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    monkeypatch.delenv("UPDATE_GOLDEN", raising=False)
    return {"golden_dir": tmp_path / "golden", "out_dir": tmp_path / "out"}


def write_golden(surface, name, dirs, monkeypatch):
    monkeypatch.setenv("UPDATE_GOLDEN", "1")
    assert assert_matches_golden(surface, name, **dirs) is None
    monkeypatch.delenv("UPDATE_GOLDEN")


def test_update_golden_writes_the_png_then_an_identical_frame_matches(dirs, monkeypatch):
    write_golden(checkerboard(), "board", dirs, monkeypatch)
    assert (dirs["golden_dir"] / "board.png").exists()
    result = assert_matches_golden(checkerboard(), "board", **dirs)
    assert result.differing == 0 and result.max_delta == 0


def test_small_channel_differences_pass_within_tolerance(dirs, monkeypatch):
    write_golden(checkerboard(shade=200), "board", dirs, monkeypatch)
    result = assert_matches_golden(checkerboard(shade=205), "board", tolerance=8, **dirs)
    assert result.differing == 0 and result.max_delta == 5


def test_a_few_differing_pixels_pass_below_the_share(dirs, monkeypatch):
    write_golden(checkerboard(), "board", dirs, monkeypatch)
    changed = checkerboard()
    changed.set_at((0, 0), (255, 255, 255))
    result = assert_matches_golden(changed, "board", max_share=0.01, **dirs)
    assert result.differing == 1 and result.share == pytest.approx(1 / (32 * 24))


def test_differences_beyond_tolerance_fail_and_leave_actual_and_diff(dirs, monkeypatch):
    write_golden(checkerboard(shade=200), "board", dirs, monkeypatch)
    with pytest.raises(AssertionError) as failure:
        assert_matches_golden(checkerboard(shade=240), "board", tolerance=8, **dirs)
    message = str(failure.value)
    assert "384 of 768 pixels" in message and "largest channel delta 40" in message
    diff = pygame.image.load(str(dirs["out_dir"] / "board.diff.png"))
    assert (dirs["out_dir"] / "board.actual.png").exists()
    pixels = pygame.surfarray.array3d(diff)
    red = np.all(pixels == (255, 0, 0), axis=2)
    assert red.sum() == 384  # exactly the differing half of the board


def test_a_different_size_fails(dirs, monkeypatch):
    write_golden(checkerboard((32, 24)), "board", dirs, monkeypatch)
    with pytest.raises(AssertionError, match="size 32x16 differs from golden 32x24"):
        assert_matches_golden(checkerboard((32, 16)), "board", **dirs)


def test_a_missing_golden_says_how_to_create_it(dirs):
    with pytest.raises(AssertionError, match="UPDATE_GOLDEN=1"):
        assert_matches_golden(checkerboard(), "nothing_here", **dirs)
