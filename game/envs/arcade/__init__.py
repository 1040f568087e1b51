"""The environments' frames, drawn by the arcade (the only part of ``game.envs`` that loads
pygame, and only when an environment's ``render()`` is first called)."""
