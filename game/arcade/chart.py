"""The benchmark's chart: win rate per map per agent, grouped bars with 95% intervals."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

PALETTE = [(46, 134, 222), (235, 152, 78), (120, 120, 130), (106, 176, 76), (214, 80, 100), (150, 110, 200)]
BG, INK, GRID = (250, 248, 242), (40, 40, 48), (220, 216, 206)


def _short(path: str) -> str:
    name = Path(path).stem
    parent = Path(path).parent.name
    return name if parent in ("maps", "") else f"{parent[:14]}/{name}"


def win_rate_chart(rows: list[dict], agents: list[str], path: Path, width: int = 1400) -> None:
    pygame.font.init()
    maps = list(dict.fromkeys(r["map"] for r in rows))
    by = {(r["map"], r["agent"]): r for r in rows}
    left, right, top, bottom = 70, 30, 70, 170
    group_w = max(40, min(120, (width - left - right) // max(1, len(maps))))
    width = left + right + group_w * len(maps)
    height = 560
    surface = pygame.Surface((width, height))
    surface.fill(BG)
    title_font, font, small = pygame.font.Font(None, 34), pygame.font.Font(None, 22), pygame.font.Font(None, 18)
    surface.blit(title_font.render("Win rate per map (bars) with 95% interval (whiskers)", True, INK), (left, 18))
    plot_h = height - top - bottom
    for pct in range(0, 101, 10):
        y = top + plot_h - plot_h * pct // 100
        pygame.draw.line(surface, GRID, (left, y), (width - right, y), 1)
        label = small.render(f"{pct}%", True, INK)
        surface.blit(label, (left - label.get_width() - 6, y - 6))
    bar_w = max(4, (group_w - 12) // max(1, len(agents)))
    for gi, m in enumerate(maps):
        x0 = left + gi * group_w + 6
        for ai, agent in enumerate(agents):
            row = by.get((m, agent))
            if row is None:
                continue
            x = x0 + ai * bar_w
            h = int(plot_h * row["win_rate"])
            color = PALETTE[ai % len(PALETTE)]
            pygame.draw.rect(surface, color, (x, top + plot_h - h, bar_w - 2, h))
            lo = top + plot_h - int(plot_h * row["ci_low"])
            hi = top + plot_h - int(plot_h * row["ci_high"])
            cx = x + (bar_w - 2) // 2
            pygame.draw.line(surface, INK, (cx, lo), (cx, hi), 1)
            pygame.draw.line(surface, INK, (cx - 2, lo), (cx + 2, lo), 1)
            pygame.draw.line(surface, INK, (cx - 2, hi), (cx + 2, hi), 1)
        label = pygame.transform.rotate(small.render(_short(m), True, INK), 60)
        surface.blit(label, (x0 + group_w // 2 - label.get_width() // 2, top + plot_h + 6))
    lx = left
    for ai, agent in enumerate(agents):
        pygame.draw.rect(surface, PALETTE[ai % len(PALETTE)], (lx, 48, 14, 14))
        text = font.render(agent, True, INK)
        surface.blit(text, (lx + 20, 47))
        lx += 40 + text.get_width()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
