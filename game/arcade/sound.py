"""Short sound effects for the arcade: step, scan, hint, verify true/false, teleport, reveal,
release, win and lose.

The WAV files are ours: ``sounds/make_sounds.py`` synthesises them with numpy. Sound is a
nicety, never a requirement: under the dummy audio driver (tests, headless commands), with
``TREASURE_SOUND=0``, or when the mixer cannot start (no audio device), :class:`SoundBoard`
stays silent and everything else works the same. ``M`` mutes; ``[`` and ``]`` set the volume.
Every request is remembered in :attr:`SoundBoard.requested` (silent or not), so tests can see
which effect an event asked for.
"""

from __future__ import annotations

import os
from collections import deque
from pathlib import Path

import pygame

from game.paths import ROOT

SOUNDS_DIR = ROOT / "sounds"
NAMES = ("step", "scan", "hint", "verify_true", "verify_false", "teleport", "reveal", "release", "win", "lose")
VOLUME_STEP = 0.1


class SoundBoard:
    def __init__(self, folder: Path | str = SOUNDS_DIR, *, volume: float = 0.6, muted: bool = False) -> None:
        self.folder = Path(folder)
        self.volume = min(1.0, max(0.0, float(volume)))
        self.muted = muted
        self.requested: deque[str] = deque(maxlen=32)
        self._sounds: dict[str, object] | None = None  # None: not tried yet
        self.reason = ""  # why it is silent, when it is

    # -- starting the mixer, once, lazily -------------------------------------------------------

    @property
    def available(self) -> bool:
        if self._sounds is None:
            self._sounds = self._load()
        return bool(self._sounds)

    def _load(self) -> dict[str, object]:
        if os.environ.get("SDL_AUDIODRIVER", "").lower() == "dummy" or os.environ.get("TREASURE_SOUND") == "0":
            self.reason = "silent: no audio device in use (dummy driver or TREASURE_SOUND=0)"
            return {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=1, buffer=512)
        except (pygame.error, OSError, NotImplementedError) as exc:
            self.reason = f"silent: the mixer did not start ({exc})"
            return {}
        sounds: dict[str, object] = {}
        for name in NAMES:
            path = self.folder / f"{name}.wav"
            try:
                sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError):
                continue  # a missing effect is just not heard
        if not sounds:
            self.reason = f"silent: no sound files in {self.folder}"
        return sounds

    # -- playing --------------------------------------------------------------------------------

    def play(self, name: str) -> bool:
        """Play effect ``name``; True if it was actually sent to the speakers."""
        self.requested.append(name)
        if self.muted or self.volume <= 0 or not self.available:
            return False
        sound = self._sounds.get(name) if self._sounds else None
        if sound is None:
            return False
        try:
            sound.set_volume(self.volume)
            sound.play()
        except pygame.error:
            return False
        return True

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns whether it is muted now."""
        self.muted = not self.muted
        if self.muted and self._sounds:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass
        return self.muted

    def change_volume(self, steps: int) -> float:
        self.volume = round(min(1.0, max(0.0, self.volume + steps * VOLUME_STEP)), 2)
        if self.volume > 0:
            self.muted = False
        return self.volume

    def status(self) -> str:
        """``Sound: on 60%`` / ``Sound: muted`` / ``Sound: off (no audio device)``, for a toast."""
        if self.muted:
            return "Sound: muted (M: on)"
        if self._sounds is not None and not self._sounds:
            return f"Sound: volume {round(self.volume * 100)}% ({self.reason})"
        return f"Sound: on, volume {round(self.volume * 100)}%"


def sound_intention(name: str, sound: SoundBoard | None) -> str | None:
    """Apply ``mute`` / ``volume_up`` / ``volume_down``; the status line to show, or None if
    ``name`` is not a sound key."""
    if sound is None or name not in ("mute", "volume_up", "volume_down"):
        return None
    if name == "mute":
        sound.toggle_mute()
    else:
        sound.change_volume(1 if name == "volume_up" else -1)
    return sound.status()
