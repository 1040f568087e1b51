#!/usr/bin/env python3
"""Treasure Island Arcade: `python run.py --help` lists every command."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
