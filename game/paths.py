"""Where the project's own files are."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS_DIR = ROOT / "maps"
SPRITES_DIR = ROOT / "sprites"


def shipped_maps() -> list[Path]:
    """The maps in maps/, smallest first."""
    def size(path: Path) -> tuple[int, str]:
        try:
            first = path.read_text(encoding="utf-8").split(maxsplit=2)
            return int(first[0]) * int(first[1]), path.name
        except (OSError, ValueError, IndexError):
            return 1 << 30, path.name
    return sorted(MAPS_DIR.glob("*.txt"), key=size)


def default_map() -> Path | None:
    """A medium shipped map: the second smallest (32x32 once the five maps ship)."""
    maps = shipped_maps()
    if not maps:
        return None
    return maps[1] if len(maps) > 1 else maps[0]
