"""The committed sprites are exactly what sprites/make_sprites.py draws, and they are usable:
complete manifest, seamless tiles, transparent overlay corners, agent and pirate far apart."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

SPRITES = Path(__file__).resolve().parent.parent / "sprites"
SHEET = "contact_sheet.png"


def _load_module():
    spec = importlib.util.spec_from_file_location("make_sprites", SPRITES / "make_sprites.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ms = _load_module()


def rgba(path: Path) -> np.ndarray:
    """A PNG as an (h, w, 4) uint8 array, whatever its stored mode."""
    surf = pygame.image.load(str(path))
    w, h = surf.get_size()
    return np.frombuffer(pygame.image.tobytes(surf, "RGBA"), np.uint8).reshape(h, w, 4)


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("sprites")
    ms.main(["--out", str(out)])
    return out


@pytest.fixture(scope="module")
def manifest() -> dict:
    return json.loads((SPRITES / "manifest.json").read_text())


def committed_pngs() -> list[str]:
    return sorted(p.name for p in SPRITES.glob("*.png"))


def frames(manifest: dict, name: str) -> list[np.ndarray]:
    return [rgba(SPRITES / f) for f in manifest[name]["files"]]


# --- determinism ------------------------------------------------------------------------
def test_committed_files_are_exactly_what_the_script_draws(regenerated: Path) -> None:
    fresh = sorted(p.name for p in regenerated.glob("*.png"))
    assert committed_pngs() == fresh, "run `python sprites/make_sprites.py` and commit"
    for name in fresh:
        a, b = rgba(SPRITES / name), rgba(regenerated / name)
        assert a.shape == b.shape, name
        assert np.array_equal(a, b), f"{name} differs from the regenerated one"
    assert json.loads((SPRITES / "manifest.json").read_text()) == json.loads(
        (regenerated / "manifest.json").read_text()
    )


def test_drawing_twice_gives_the_same_pixels() -> None:
    a, b = ms.build_all(), ms.build_all()
    assert a.keys() == b.keys()
    for name in a:
        assert len(a[name]["images"]) == len(b[name]["images"]) > 0, name
        for x, y in zip(a[name]["images"], b[name]["images"]):
            assert np.array_equal(x, y), name


# --- manifest ---------------------------------------------------------------------------
def test_manifest_lists_every_png_with_its_size(manifest: dict) -> None:
    listed: list[str] = []
    for name, entry in manifest.items():
        assert entry["kind"] in {"tile", "overlay", "character"}, name
        assert entry["frames"] == len(entry["files"]) >= 1, name
        if entry["frames"] == 1:
            assert entry["file"] == entry["files"][0] == f"{name}.png"
        else:
            assert [entry["file"].format(frame=i) for i in range(entry["frames"])] == entry["files"]
        for f in entry["files"]:
            img = rgba(SPRITES / f)
            assert [img.shape[1], img.shape[0]] == entry["size"], f
        listed += entry["files"]
    assert len(listed) == len(set(listed))
    assert sorted(listed) == [p for p in committed_pngs() if p != SHEET]


def test_expected_sprite_set(manifest: dict) -> None:
    expected = {"sea": 4, "land": 1, "land_alt": 1, "shore": 1, "mountain": 1, "prison": 1,
                "treasure": 1, "flag": 1, "x_mark": 1}
    for who in ("agent", "pirate"):
        for facing in "SNE":
            expected[f"{who}_{facing}"] = 4
    assert {k: v["frames"] for k, v in manifest.items()} == expected
    for name, entry in manifest.items():
        assert entry["size"] == [16, 16], name


# --- tiles ------------------------------------------------------------------------------
def _seam_ok(img: np.ndarray, axis: int) -> None:
    """The jump across the wrap-around seam is no bigger than jumps inside the tile."""
    a = img[..., :3].astype(int)
    diffs = np.abs(np.diff(a, axis=axis)).sum(axis=2).mean(axis=1 - axis)
    first = np.take(a, 0, axis=axis)
    last = np.take(a, -1, axis=axis)
    seam = np.abs(first - last).sum(axis=1).mean()
    assert seam <= diffs.max(), (seam, diffs.max())


def test_sea_tiles_seamlessly_and_animates(manifest: dict) -> None:
    imgs = frames(manifest, "sea")
    for t, img in enumerate(imgs):
        assert (img[..., 3] == 255).all()
        # the tile is a window on a 16-periodic ocean: a 3x3 patch is the tile repeated
        big = ms.sea_field(t, 48, 48)
        assert np.array_equal(big, np.tile(img[..., :3], (3, 3, 1)))
        assert np.array_equal(big[5:21, 11:27], ms.sea_field(t, 48, 48)[21:37, 27:43])
        _seam_ok(img, axis=1)
        _seam_ok(img, axis=0)
        rgb = img[..., :3].astype(int).mean(axis=(0, 1))
        assert rgb[2] > rgb[1] > rgb[0] and rgb[2] > 100, "deep blue"
    for a, b in zip(imgs, imgs[1:] + imgs[:1]):
        changed = np.any(a != b, axis=2).mean()
        assert 0 < changed < 0.5, "a subtle, visible animation"


@pytest.mark.parametrize("name", ["land", "land_alt"])
def test_land_is_a_light_neutral_texture_for_tinting(manifest: dict, name: str) -> None:
    (img,) = frames(manifest, name)
    assert (img[..., 3] == 255).all()
    rgb = img[..., :3].astype(int)
    assert rgb.min() >= 170 and rgb.max() <= 255
    assert (rgb.max(axis=2) - rgb.min(axis=2)).max() <= 8, "near-greyscale"
    assert rgb.std() < 15, "low contrast"
    _seam_ok(img, axis=1)
    _seam_ok(img, axis=0)


def test_land_variants_differ(manifest: dict) -> None:
    (a,) = frames(manifest, "land")
    (b,) = frames(manifest, "land_alt")
    assert not np.array_equal(a, b)


# --- overlays and characters ------------------------------------------------------------
def _overlay_names(manifest: dict) -> list[str]:
    return [n for n, e in manifest.items() if e["kind"] in ("overlay", "character")]


def test_overlays_have_transparent_corners(manifest: dict) -> None:
    for name in _overlay_names(manifest):
        assert manifest[name]["alpha"], name
        for img in frames(manifest, name):
            a = img[..., 3]
            if name == "shore":  # an edge strip: the top row is opaque, the bottom half clear
                assert (a[0] == 255).all()
                assert (a[8:] == 0).all()
                continue
            assert a[0, 0] == a[0, -1] == a[-1, 0] == a[-1, -1] == 0, name
            assert (a == 255).any(), name


def test_shore_joins_up_along_a_straight_coast(manifest: dict) -> None:
    (img,) = frames(manifest, "shore")
    depth = (img[..., 3] > 0).sum(axis=0)
    steps = np.abs(np.diff(np.concatenate([depth, depth[:1]])))
    assert steps.max() <= 1, "the sand edge continues across tile borders"
    assert 3 <= depth.min() and depth.max() <= 7


def test_mountain_fills_most_of_the_tile(manifest: dict) -> None:
    (img,) = frames(manifest, "mountain")
    assert (img[..., 3] == 255).mean() > 0.5


def test_walk_cycles_move(manifest: dict) -> None:
    for who in ("agent", "pirate"):
        for facing in "SNE":
            imgs = frames(manifest, f"{who}_{facing}")
            for i in (1, 2, 3):
                assert not np.array_equal(imgs[0], imgs[i]), (who, facing, i)


def _fill_pixels(imgs: list[np.ndarray], outline: tuple[int, ...] | None = None) -> np.ndarray:
    """Opaque pixels as floats, without the shared outline colour when it is given."""
    px = np.concatenate([im.reshape(-1, 4) for im in imgs])
    px = px[px[:, 3] == 255][:, :3]
    if outline is not None:
        px = px[~np.all(px == np.array(outline[:3]), axis=1)]
    return px.astype(float)


def _downscaled(img: np.ndarray, size: int = 8) -> np.ndarray:
    surf = pygame.image.frombuffer(np.ascontiguousarray(img).tobytes(), (16, 16), "RGBA")
    small = pygame.transform.smoothscale(surf, (size, size))
    return np.frombuffer(pygame.image.tobytes(small, "RGBA"), np.uint8).reshape(size, size, 4)


def _blue_share(px: np.ndarray) -> float:
    return float(np.mean(px[:, 2] > px[:, 0] + 40))


def _red_share(px: np.ndarray) -> float:
    return float(np.mean((px[:, 0] > px[:, 1] + 80) & (px[:, 0] > px[:, 2] + 80)))


def test_agent_and_pirate_differ_strongly_in_colour(manifest: dict) -> None:
    """Blue/khaki explorer against red/black pirate, at full size and shrunk to 8 px."""
    outline = ms.OUTLINE
    agent = [im for f in "SNE" for im in frames(manifest, f"agent_{f}")]
    pirate = [im for f in "SNE" for im in frames(manifest, f"pirate_{f}")]
    a, p = _fill_pixels(agent, outline), _fill_pixels(pirate, outline)
    am, pm = a.mean(axis=0), p.mean(axis=0)
    assert np.linalg.norm(am - pm) > 40, (am, pm)
    assert (am[2] - am[0]) - (pm[2] - pm[0]) > 30, "agent bluer, pirate redder"
    assert _blue_share(a) > 0.2 and _blue_share(p) < 0.02, (_blue_share(a), _blue_share(p))
    assert _red_share(p) > 0.18 and _red_share(a) < 0.02, (_red_share(p), _red_share(a))
    for f in "SNE":
        a = _fill_pixels(frames(manifest, f"agent_{f}"), outline).mean(axis=0)
        p = _fill_pixels(frames(manifest, f"pirate_{f}"), outline).mean(axis=0)
        assert np.linalg.norm(a - p) > 30, (f, a, p)
        # shrunk to 8 px (outline blended in): the means still stand apart, the same way
        a = _fill_pixels([_downscaled(im) for im in frames(manifest, f"agent_{f}")]).mean(axis=0)
        p = _fill_pixels([_downscaled(im) for im in frames(manifest, f"pirate_{f}")]).mean(axis=0)
        assert np.linalg.norm(a - p) > 20, (f, a, p)
        assert (a[2] - a[0]) - (p[2] - p[0]) > 20, (f, a, p)
