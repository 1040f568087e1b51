"""Rules, agents, bots and AIs never import pygame (the architecture's first rule).

Only the shell (``game.shell``), the arcade (``game.arcade``) and each game's own ``arcade``
sub-package may draw. Every other module under ``game/`` (every game's rules, agents, bots, AI,
replay codecs, the tournament runner, the command modules) must import without loading pygame;
a new game is covered without touching this test.
"""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRAWING_PARTS = {"shell", "arcade"}

SCRIPT = """
import importlib, pkgutil, sys
import game
names = []
for info in pkgutil.walk_packages(game.__path__, "game."):
    if set(info.name.split(".")) & {drawing!r}:
        continue
    importlib.import_module(info.name)
    names.append(info.name)
leaked = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
print(",".join(names))
print(",".join(leaked))
"""


def _pure_sources():
    for path in (ROOT / "game").rglob("*.py"):
        if not set(path.relative_to(ROOT).parts) & DRAWING_PARTS:
            yield path


def test_pure_modules_do_not_import_pygame():
    out = subprocess.run([sys.executable, "-c", SCRIPT.format(drawing=DRAWING_PARTS)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    names = out[0].split(",")
    for expected in ("game.treasure.engine", "game.treasure.agents.logical", "game.treasure.replay.document", "game.registry"):
        assert expected in names, f"{expected} was not imported: the walk missed it"
    assert out[1] == "", f"pygame was imported by a module that must stay pure: {out[1]}"


def test_every_registered_game_declares_pure_packages_that_exist():
    from game.registry import games, resolve

    infos = games()
    assert [info.id for info in infos] == ["treasure", "duel", "scotlandyard"]  # none missing: no empty loop
    for info in infos:
        assert info.pure_packages, f"{info.id} declares no pure packages"
        for package in info.pure_packages:
            assert not set(package.split(".")) & DRAWING_PARTS
            resolve(package)  # imports


def test_no_pygame_import_statement_in_pure_sources():
    offenders = []
    for path in _pure_sources():
        for line in path.read_text(encoding="utf-8").splitlines():
            stripped = line.strip()
            if stripped.startswith(("import pygame", "from pygame")):
                offenders.append(f"{path.relative_to(ROOT)}: {stripped}")
    assert offenders == []
