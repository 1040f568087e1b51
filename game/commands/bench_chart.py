"""The benchmark's chart, drawn with matplotlib: win rate per map and agent, grouped bars with
their 95% (Wilson) intervals, proper axes and a legend; written as PNG and SVG. No pygame."""

from __future__ import annotations

from pathlib import Path


def _short(path: str) -> str:
    p = Path(path)
    return p.stem if p.parent.name in ("maps", "") else f"{p.parent.name[:14]}/{p.stem}"


def win_rate_chart(rows: list[dict], agents: list[str], path: Path) -> list[Path]:
    """Write ``path`` (PNG) and the same chart as SVG beside it; returns both paths."""
    import matplotlib

    matplotlib.use("Agg")  # files only, never a window
    import matplotlib.pyplot as plt

    maps = list(dict.fromkeys(r["map"] for r in rows))
    by = {(r["map"], r["agent"]): r for r in rows}
    n = max(1, len(agents))
    width = 0.8 / n
    fig_w = min(26.0, max(8.5, 1.1 * len(maps) * max(1, n) * 0.45 + 5))
    fig, ax = plt.subplots(figsize=(fig_w, 5.2), dpi=110)
    for k, agent in enumerate(agents):
        xs, ys, lo, hi = [], [], [], []
        for i, m in enumerate(maps):
            r = by.get((m, agent))
            if r is None:
                continue
            xs.append(i - 0.4 + width * (k + 0.5))
            ys.append(100 * r["win_rate"])
            lo.append(100 * (r["win_rate"] - r["ci_low"]))
            hi.append(100 * (r["ci_high"] - r["win_rate"]))
        games = next((by[(m, agent)]["games"] for m in maps if (m, agent) in by), 0)
        ax.bar(xs, ys, width * 0.92, yerr=[lo, hi], capsize=3, label=f"{agent} ({games} games a map)",
               error_kw={"elinewidth": 1, "ecolor": "#333333"})
    ax.set_xticks(range(len(maps)))
    ax.set_xticklabels([_short(m) for m in maps], rotation=30 if len(maps) > 4 else 0, ha="right" if len(maps) > 4
                       else "center")
    ax.set_ylim(0, 105)
    ax.set_ylabel("win rate (%), bars: 95% interval")
    ax.set_xlabel("map")
    ax.set_title("Win rate per map and agent\n(every agent plays the same seeded games)", fontsize="medium")
    ax.grid(axis="y", alpha=0.3)
    ax.set_axisbelow(True)
    # Beside the plot, never over a bar.
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="small", title="agent", borderaxespad=0)
    fig.tight_layout()
    path = Path(path)
    svg = path.with_suffix(".svg")
    fig.savefig(path)
    fig.savefig(svg)
    plt.close(fig)
    return [path, svg]
