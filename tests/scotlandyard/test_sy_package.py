"""The package's names are loaded on first use (``game/scotlandyard/__init__.py``)."""

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import game.scotlandyard as sy

ROOT = Path(__file__).resolve().parents[2]


def test_every_exported_name_is_the_object_its_module_defines():
    assert sorted(sy.__all__) == sorted(sy._WHERE)
    for name in sy.__all__:
        assert getattr(sy, name) is getattr(importlib.import_module(sy._WHERE[name]), name), name
    assert set(sy.__all__) <= set(dir(sy))


def test_an_unknown_name_is_an_attribute_error_naming_it():
    with pytest.raises(AttributeError, match="NoSuchThing"):
        sy.NoSuchThing


def test_importing_the_package_or_its_registry_record_loads_no_rules():
    code = ("import sys, game.scotlandyard.info; "
            "print(sorted(m for m in sys.modules if m.startswith('game.scotlandyard.')))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "['game.scotlandyard.info']"
