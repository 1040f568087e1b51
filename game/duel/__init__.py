"""Treasure Duel: two hunters collect items on a point-symmetric grid for 1000 rounds.

The rules are a pure, deterministic state machine; nothing here (nor in ``bots/``) imports pygame.
"""
