"""The rules and the agents never import pygame (the architecture's first rule)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES_PACKAGES = ("game.treasure", "game.agents", "game.replay")

SCRIPT = """
import importlib, pkgutil, sys
names = []
for package_name in {packages!r}:
    package = importlib.import_module(package_name)
    for info in pkgutil.walk_packages(package.__path__, package_name + "."):
        importlib.import_module(info.name)
        names.append(info.name)
leaked = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
print(len(names))
print(",".join(leaked))
"""


def test_rules_packages_do_not_import_pygame():
    out = subprocess.run([sys.executable, "-c", SCRIPT.format(packages=RULES_PACKAGES)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    assert int(out[0]) >= 8, "expected to import every module of the rules packages"
    assert out[1] == "", f"pygame was imported by the rules packages: {out[1]}"


def test_no_pygame_import_statement_in_rules_sources():
    offenders = []
    for package in RULES_PACKAGES:
        for path in (ROOT / package.replace(".", "/")).rglob("*.py"):
            for line in path.read_text(encoding="utf-8").splitlines():
                stripped = line.strip()
                if stripped.startswith(("import pygame", "from pygame")):
                    offenders.append(f"{path.relative_to(ROOT)}: {stripped}")
    assert offenders == []
