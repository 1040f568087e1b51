"""What every scene of every game shares: the screen size, cached text, sound, the command-line
options (:class:`Context`). :func:`game.arcade.app.make_context` makes it."""

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
    sprites: Any  # the first game's sprites (Treasure Island's, game.treasure.arcade.sprites)
    text: TextRenderer
    maps: list[Path] = field(default_factory=list)
    agents: list[str] = field(default_factory=lambda: ["default"])
    quit_at_end: bool = False
    max_turns: int | None = None
    config: object = None
    agent_time: float | None = 10.0  # seconds an agent may take for one action (--agent-time)
    record_path: Path | None = None  # --record: the first finished game goes here
    record_used: bool = False
    sound: SoundBoard | None = None  # made on first use: silent under the dummy audio driver
    saved_unfinished: set = field(default_factory=set)  # games already saved unfinished (never twice)

    def __post_init__(self) -> None:
        self.text = crisp(self.text)  # small text keeps its letter spacing
        if self.sound is None:
            from .settings import load_settings

            volume = load_settings().get("volume", 0.6)
            self.sound = SoundBoard(volume=volume if isinstance(volume, (int, float)) else 0.6)

    @property
    def scale(self) -> float:
        return ui_scale(self.size)

    def px(self, value: float) -> int:
        return max(1, int(value * self.scale))

    def font(self, value: float) -> int:
        """A font size scaled to the screen, never below a legible 16 (letters about 11 px)."""
        return max(16, int(value * self.scale))
