"""The arcade's side of the game registry: what each game brings to the screen.

:mod:`game.registry` lists the games (pygame-free). A game's record names, in ``arcade``, an
object of its own arcade package that follows :class:`GameArcade`; the picker, the replay
browser, ``run.py replay`` and the benchmarks reach every game through it, so adding a game
touches no other game and no shared scene. Treasure Island's entry is
``game.treasure.arcade.entry``, like the duel's ``game.duel.arcade.entry``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from game.registry import GameInfo, games, resolve


class GameArcade(Protocol):
    """What a game gives the shared arcade.

    ``options_scene(ctx)``: the scene after the picker (its own options: map, players, ...).
    ``replay_formats``: the ``format`` values of the replay documents it opens.
    ``replay_scene(ctx, path, **options)``: a scene showing a saved game; ``ValueError`` (one
    line naming the file and what is wrong) for a file it cannot open.
    ``describe_replay(doc)``: a dict of short strings for the replay list's columns
    (``players``, ``map``, ``result``, ``length``, ``human``).
    """

    game_id: str

    def options_scene(self, ctx) -> Any: ...

    def replay_scene(self, ctx, path: str, **options) -> Any: ...

    def describe_replay(self, doc: dict) -> dict[str, str]: ...


@dataclass(frozen=True)
class ArcadeGame:
    """One game as the picker shows it: its registry record and, if built, its arcade entry."""

    info: GameInfo
    entry: Any | None

    @property
    def playable(self) -> bool:
        return self.entry is not None


def load_entry(info: GameInfo):
    """The game's arcade entry, or None if it has none yet (or it fails to import)."""
    target = info.arcade
    if not target:
        return None
    try:
        return resolve(target)
    except (ImportError, AttributeError):
        return None


def arcade_games() -> list[ArcadeGame]:
    """Every registered game in the registry's order, playable or not."""
    return [ArcadeGame(info, load_entry(info)) for info in games()]


def game_for_format(fmt: str) -> ArcadeGame | None:
    for game in arcade_games():
        if game.entry is not None and fmt in getattr(game.entry, "replay_formats", ()):
            return game
    return None


def read_document(path: str | Path) -> dict | None:
    """A replay file's JSON object, or None if it is not one we read (a course log, a file too
    large or nested too deep: the game's own loader then says why)."""
    return document_or_reason(path)[0]


def document_or_reason(path: str | Path) -> tuple[dict | None, str]:
    """A replay file's JSON object and "", or None and why it is not one (one line naming the
    file: unreadable, not JSON and where, too large, not an object). Never raises."""
    from game.replayfiles import ReplayJSONError, read_replay_json

    try:
        doc = read_replay_json(path)
    except ReplayJSONError as exc:  # every failure, unreadable files included
        return None, str(exc)
    if not isinstance(doc, dict):
        return None, f"{path}: not a replay document (a JSON object with a 'format'), but a JSON {type(doc).__name__}"
    return doc, ""


def game_of_replay(path: str | Path) -> ArcadeGame | None:
    """The game whose replay ``path`` is, by the document's ``format`` (None if unknown)."""
    doc = read_document(path)
    if doc is None:
        return None
    return game_for_format(str(doc.get("format", "")))


def replay_scene(ctx, path: str, **options):
    """A scene for any game's replay file; ValueError with one line if no game opens it."""
    doc, why = document_or_reason(path)
    if doc is None:
        raise ValueError(why)
    game = game_for_format(str(doc.get("format", "")))
    if game is None:
        known = ", ".join(f for g in arcade_games() if g.entry for f in getattr(g.entry, "replay_formats", ()))
        raise ValueError(f"{path}: format {doc.get('format')!r} is no game's replay (known: {known})")
    return game.entry.replay_scene(ctx, str(path), **options)


# -- `run.py replay` for every game ------------------------------------------------------------


def codec_of(game: ArcadeGame):
    return resolve(game.info.replay_codec) if game.info.replay_codec else None


def log_game() -> ArcadeGame | None:
    """The game whose codec reads course logs with a map (the Treasure Duel)."""
    for game in arcade_games():
        codec = codec_of(game) if game.info.replay_codec else None
        if codec is not None and getattr(codec, "reads_logs", False):
            return game
    return None


def _looks_like_a_course_log(path) -> bool:
    """Whether the file starts as a course log does: a line 'A <move>' (read no further than that)."""
    try:
        with open(path, "rb") as f:
            head = f.read(64)
    except OSError:
        return False
    first = head.split(b"\n", 1)[0].strip()
    return first[:2] in (b"A ", b"B ")


def other_game_replay(args) -> int | None:
    """``run.py replay FILE [--map MAP] [--check]`` for a game other than Treasure Island.

    None when FILE is Treasure Island's (or no game's: Treasure Island's loader then says why).
    A course log needs ``--map``; ``--check`` replays it headless and exits 0 when the engine
    reproduces it, else 2 with what differs (game.cli.UsageError).
    """
    from game.cli import UsageError

    map_path = getattr(args, "map", None)
    if map_path:
        game = log_game()
        if game is None:
            raise UsageError("--map is for course logs, and no game reads them")
    else:
        game = game_of_replay(args.file)
        if game is None and _looks_like_a_course_log(args.file) and log_game() is not None:
            raise UsageError(f"replay refused: {args.file} looks like a Treasure Duel course log (lines such as "
                             f"'A UP'): give the map it was played on with --map MAP")
        if game is None or game.info.id == "treasure" or not game.info.replay_codec:
            return None
    codec = codec_of(game)
    try:
        replay = codec.load(args.file, map_path) if map_path else codec.load(args.file)
    except ValueError as exc:
        raise UsageError(f"replay refused: {exc}") from None
    if getattr(args, "check", False):
        print(f"OK: {codec.summary(replay)}")
        return 0
    import os
    import sys

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    size = None
    if getattr(args, "size", None):
        from game.commands.common import parse_size

        size = parse_size(args.size)
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    speed = getattr(args, "speed", None) or ("instant" if headless else "normal")
    from .app import run_in_window

    def first(ctx):
        return game.entry.replay_scene(ctx, str(args.file), speed=speed, map_path=map_path)

    run_in_window(first, fullscreen=not getattr(args, "windowed", False), size=size,
                  caption=f"{game.info.title}: replay")
    print(f"replay {args.file}: {len(replay.entries)} positions", file=sys.stderr)
    return 0


def modified(path) -> str:
    """When a file was last written, as the replay list's dates read (for a record that does
    not say when it was made, such as ``sy play --record``'s, which is the same bytes each run)."""
    from datetime import datetime

    try:
        return datetime.fromtimestamp(Path(path).stat().st_mtime).isoformat(sep=" ", timespec="minutes")
    except (OSError, ValueError, OverflowError):
        return ""


def other_game_columns(path, doc: dict, row: dict[str, str]) -> dict[str, str]:
    """The replay list's row (game, map, date, outcome, turns, human) for a game's replay, from
    that game's ``describe_replay`` (:mod:`game.arcade.browser`)."""
    game = game_for_format(str(doc.get("format", "")))
    if game is None:
        row["game"] = str(doc.get("format", "?"))[:20]
        return row
    try:
        described = dict(game.entry.describe_replay(doc))
    except Exception:  # noqa: BLE001 - a damaged file still gets a row
        described = {}
    row["game"] = game.info.title
    row["map"] = described.get("map", row["map"])
    row["date"] = str(doc.get("created", ""))[:16].replace("T", " ") or modified(path)
    row["outcome"] = described.get("result", "?")
    row["turns"] = described.get("length", "?")
    row["human"] = described.get("human", "")
    return row


def replay_list(ctx, *, selected: str | None = None):
    """The one replay list (every game's replays); Esc returns to the game picker."""
    from game.shell.scenes import Replace

    from .picker import GamePickerScene
    from .browser import ReplayListScene

    scene = ReplayListScene(ctx)
    scene.back = lambda: Replace(GamePickerScene(ctx, selected=selected))
    return scene
