"""What every scene of every game shares: the screen size, cached text, sound, the command-line
options (:class:`Context`). :func:`game.arcade.app.make_context` makes it.

Treasure Island's art (``sprites``, the picker's icons use it too) and its agents' names
(``agents``) are loaded the first time a scene asks for them, so a game that never shows them
(the duel, Scotland Yard) never pays for them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.shell.display import ui_scale
from game.shell.text import TextRenderer

from .crisptext import crisp
from .sound import SoundBoard


@dataclass
class Context:
    """What every scene shares: screen size, sprites, cached text, the command-line options."""

    size: tuple[int, int]
    text: TextRenderer
    maps: list[Path] = field(default_factory=list)
    quit_at_end: bool = False
    max_turns: int | None = None
    config: object = None
    agent_time: float | None = 10.0  # seconds an agent may take for one action (--agent-time)
    record_path: Path | None = None  # --record: the first finished game goes here
    record_used: bool = False
    sound: SoundBoard | None = None  # made on first use: silent under the dummy audio driver
    saved_unfinished: set = field(default_factory=set)  # games already saved unfinished (never twice)
    sprites_dir: Any = None  # Treasure Island's art folder ("" for the procedural tiles only)

    def __post_init__(self) -> None:
        self.text = crisp(self.text)  # small text keeps its letter spacing
        self._sprites: Any = None
        self._agents: list[str] | None = None
        if self.sound is None:
            from .settings import load_settings

            volume = load_settings().get("volume", 0.6)
            self.sound = SoundBoard(volume=volume if isinstance(volume, (int, float)) else 0.6)

    @property
    def sprites(self) -> Any:
        """Treasure Island's sprites (game.treasure.arcade.sprites), loaded on first use."""
        if self._sprites is None:
            from game.treasure.arcade.sprites import Sprites

            self._sprites = Sprites(self.sprites_dir)
        return self._sprites

    @sprites.setter
    def sprites(self, value: Any) -> None:
        self._sprites = value

    @property
    def agents(self) -> list[str]:
        """Treasure Island's agents by name (never empty), looked up on first use."""
        if self._agents is None:
            from game.treasure.agents import available_agents

            self._agents = available_agents() or ["default"]
        return self._agents

    @agents.setter
    def agents(self, value: list[str]) -> None:
        self._agents = list(value)

    @property
    def scale(self) -> float:
        return ui_scale(self.size)

    def px(self, value: float) -> int:
        return max(1, int(value * self.scale))

    def font(self, value: float) -> int:
        """A font size scaled to the screen, never below a legible 16 (letters about 11 px)."""
        return max(16, int(value * self.scale))
