"""Golden-image checks: compare a rendered frame with a PNG kept under ``tests/golden``.

Exact pixel equality breaks on harmless differences (a blend rounded the other way on another
SDL build), so a pixel counts as different only if some channel differs by more than
``tolerance``, and the check fails only if more than ``max_share`` of the pixels differ.
Keep text out of golden frames: font metrics change between versions.

``UPDATE_GOLDEN=1`` in the environment rewrites the PNG instead of comparing (review the new
image before committing it). The test suite clears a leftover ``UPDATE_GOLDEN`` and sets it only
for ``pytest --update-golden`` (tests/conftest.py), so an exported variable cannot quietly turn
every golden test into a rewrite. On failure the actual frame and a diff image (differing pixels
in red over a dimmed copy of the golden) are written under ``out_dir`` (the tests pass one under
their tmp_path; ``out/golden/`` when none is given) and the error message gives the numbers and
paths.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

ROOT = Path(__file__).resolve().parents[2]
GOLDEN_DIR = ROOT / "tests" / "golden"
OUT_DIR = ROOT / "out" / "golden"


@dataclass(frozen=True)
class Comparison:
    differing: int  # pixels with a channel off by more than the tolerance
    total: int
    max_delta: int  # largest channel difference anywhere

    @property
    def share(self) -> float:
        return self.differing / self.total if self.total else 0.0


def rgb_array(surface: pygame.Surface) -> np.ndarray:
    """Pixels as an (height, width, 3) int16 array; alpha is ignored."""
    return pygame.surfarray.array3d(surface).swapaxes(0, 1).astype(np.int16)


def compare(actual: np.ndarray, expected: np.ndarray, tolerance: int) -> tuple[Comparison, np.ndarray]:
    """Numbers for two same-shaped RGB arrays, and the mask of differing pixels."""
    delta = np.abs(actual - expected)
    worst = delta.max(axis=2)
    mask = worst > tolerance
    return Comparison(int(mask.sum()), int(mask.size), int(worst.max(initial=0))), mask


def diff_image(expected: np.ndarray, mask: np.ndarray) -> pygame.Surface:
    """The golden dimmed to a third, with differing pixels in pure red."""
    pixels = (expected // 3).astype(np.uint8)
    pixels[mask] = (255, 0, 0)
    return pygame.surfarray.make_surface(pixels.swapaxes(0, 1))


def assert_matches_golden(
    surface: pygame.Surface,
    name: str,
    *,
    tolerance: int = 8,
    max_share: float = 0.001,
    golden_dir: Path | str | None = None,
    out_dir: Path | str | None = None,
) -> Comparison | None:
    """Fail unless ``surface`` matches ``<golden_dir>/<name>.png`` within the limits.

    Returns the comparison, or None when the golden was (re)written under ``UPDATE_GOLDEN=1``.
    """
    golden_path = Path(golden_dir or GOLDEN_DIR) / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden_path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(golden_path))
        return None
    if not golden_path.exists():
        raise AssertionError(f"no golden image {golden_path}; run the test with UPDATE_GOLDEN=1 "
                             "(under pytest: --update-golden) to create it")

    actual = rgb_array(surface)
    expected = rgb_array(pygame.image.load(str(golden_path)))
    out = Path(out_dir or OUT_DIR)
    if actual.shape != expected.shape:
        saved = _save(out, name, surface)
        raise AssertionError(
            f"{name}: size {actual.shape[1]}x{actual.shape[0]} differs from golden "
            f"{expected.shape[1]}x{expected.shape[0]} ({golden_path}); actual saved to {saved}"
        )
    result, mask = compare(actual, expected, tolerance)
    if result.share > max_share:
        saved = _save(out, name, surface, diff_image(expected, mask))
        raise AssertionError(
            f"{name}: {result.differing} of {result.total} pixels ({result.share:.3%}) differ by more "
            f"than {tolerance} (allowed {max_share:.3%}); largest channel delta {result.max_delta}; "
            f"golden {golden_path}; actual and diff saved to {saved}"
        )
    return result


def _save(out: Path, name: str, actual: pygame.Surface, diff: pygame.Surface | None = None) -> Path:
    actual_path = out / f"{name}.actual.png"
    actual_path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(actual, str(actual_path))
    if diff is not None:
        pygame.image.save(diff, str(out / f"{name}.diff.png"))
    return actual_path.parent
