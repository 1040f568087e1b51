"""Treasure Island Arcade."""

import os

# pygame prints a banner on import; it would land in the middle of command output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
