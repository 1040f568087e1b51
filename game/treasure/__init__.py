"""Treasure Island rules: a pure, seeded state machine. Nothing here imports pygame."""
