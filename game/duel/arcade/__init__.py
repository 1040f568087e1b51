"""The Treasure Duel in the arcade: view, panel, scenes, key table, replay codec.

``entry.ARCADE`` is what the registry's ``arcade`` field names. ``session`` (the game being
played), ``programs`` (``cmd:`` players) and ``codec`` (replay documents and course logs) import
no pygame, so headless commands can use them; the drawing modules do.
"""
