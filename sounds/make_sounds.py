"""Synthesise the arcade's sound effects with numpy and write them as small WAV files here.

    python sounds/make_sounds.py

Every effect is made from sine tones, noise and envelopes (no recordings, nothing copied):
22 050 Hz, mono, 16-bit. Run again to rebuild them; the output is deterministic.
"""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np

RATE = 22050
HERE = Path(__file__).resolve().parent


def t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def env(n: int, attack: float = 0.01, release: float = 0.6) -> np.ndarray:
    """A short attack then an exponential fall: plucked rather than droning."""
    x = np.arange(n) / RATE
    a = np.clip(x / max(attack, 1e-4), 0, 1)
    return a * np.exp(-x / max(release, 1e-4) * 3)


def tone(freq, seconds: float, *, release: float = 0.6, shape: str = "sine") -> np.ndarray:
    """A tone whose frequency may glide: ``freq`` is a number or (start, end)."""
    x = t(seconds)
    f0, f1 = (freq, freq) if np.isscalar(freq) else freq
    phase = 2 * np.pi * np.cumsum(np.linspace(f0, f1, x.size)) / RATE
    wave_ = np.sin(phase) if shape == "sine" else np.sign(np.sin(phase)) * 0.5
    return wave_ * env(x.size, release=release)


def noise(seconds: float, seed: int, *, release: float = 0.3) -> np.ndarray:
    x = t(seconds)
    rng = np.random.default_rng(seed)
    raw = rng.uniform(-1, 1, x.size)
    smooth = np.convolve(raw, np.ones(8) / 8, mode="same")  # a soft low-pass: a swish, not a hiss
    return smooth * env(x.size, release=release)


def notes(freqs, each: float, *, release: float = 0.5, shape: str = "sine") -> np.ndarray:
    return np.concatenate([tone(f, each, release=release, shape=shape) for f in freqs])


def mix(*parts: np.ndarray) -> np.ndarray:
    n = max(p.size for p in parts)
    out = np.zeros(n)
    for p in parts:
        out[: p.size] += p
    return out


EFFECTS = {
    "step": lambda: 0.5 * noise(0.07, 1, release=0.05) + 0.3 * tone(140, 0.07, release=0.05),
    "scan": lambda: mix(0.5 * tone((500, 1400), 0.28, release=0.35), 0.15 * noise(0.28, 2, release=0.2)),
    "hint": lambda: 0.6 * notes((880, 1175), 0.09, release=0.3),
    "verify_true": lambda: 0.6 * notes((523, 659, 784), 0.1, release=0.35),
    "verify_false": lambda: 0.5 * notes((330, 247), 0.16, release=0.4, shape="square"),
    "teleport": lambda: mix(0.5 * tone((300, 1800), 0.35, release=0.5), 0.4 * tone((1800, 300), 0.35, release=0.5)),
    "reveal": lambda: mix(0.6 * tone((220, 110), 0.6, release=0.7), 0.3 * noise(0.6, 3, release=0.5)),
    "release": lambda: 0.5 * notes((196, 233, 196, 147), 0.12, release=0.4, shape="square"),
    "win": lambda: 0.6 * notes((523, 659, 784, 1047, 1047), 0.12, release=0.5),
    "lose": lambda: 0.5 * notes((392, 370, 349, 262), 0.18, release=0.6, shape="square"),
}


def write_wav(path: Path, samples: np.ndarray) -> None:
    peak = float(np.abs(samples).max()) or 1.0
    data = (samples / peak * 0.8 * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data.tobytes())


def main() -> None:
    for name, make in EFFECTS.items():
        path = HERE / f"{name}.wav"
        write_wav(path, make())
        print(f"wrote {path.name} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
