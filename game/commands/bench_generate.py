"""`run.py bench-generate`: how long the generator takes per map, by size.

Prints one line per size with the median and the max over the runs, then a last line
``max_median_s=<seconds>`` (the worst median) for scripts to compare with a budget. Run i
uses seed ``--seed + i``; one untimed warm-up run per size comes first, so numpy's first-call
costs do not count.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.cli import UsageError
from game.treasure.generator import (
    MAX_SIDE,
    MIN_SIDE,
    GeneratorConfig,
    GeneratorError,
    generate,
    max_regions,
)

HELP = "benchmark the map generator: median and max seconds per map for each size"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--sizes", default="128x128,256x256", metavar="WxH,...",
                   help="comma-separated sizes (default 128x128,256x256)")
    p.add_argument("--runs", type=int, default=5, help="timed maps per size (default 5)")
    p.add_argument("--seed", type=int, default=0, help="first seed; run i uses seed + i")
    p.add_argument("--regions", type=int, default=20,
                   help="regions including the sea (default 20, lowered to what small maps hold)")


def parse_sizes(text: str) -> list[tuple[int, int]]:
    """'128x128,256x256' -> [(128, 128), (256, 256)], with a one-line error otherwise."""
    sizes = []
    for part in text.split(","):
        try:
            w, h = part.strip().lower().split("x")
            sizes.append((int(w), int(h)))
        except ValueError:
            raise UsageError(f"expected sizes like 128x128,256x256, not {part.strip()!r}") from None
    return sizes


def run(args: argparse.Namespace) -> int:
    if args.runs < 1:
        raise UsageError(f"--runs must be at least 1, not {args.runs}")
    configs = []
    for w, h in parse_sizes(args.sizes):
        try:
            regions = _regions_for(w, h, args.regions)
            configs.append([GeneratorConfig(w, h, regions, args.seed + i) for i in range(args.runs)])
        except GeneratorError as exc:
            raise UsageError(f"{w}x{h}: {exc}") from None
    medians = []
    for runs in configs:
        generate(runs[0])  # warm-up, not timed
        times = []
        for config in runs:
            start = time.perf_counter()
            generate(config)
            times.append(time.perf_counter() - start)
        median = statistics.median(times)
        medians.append(median)
        first = runs[0]
        print(f"{first.width}x{first.height} regions={first.regions} runs={len(times)} "
              f"median_s={median:.3f} max_s={max(times):.3f}")
    print(f"max_median_s={max(medians):.3f}")
    return 0


def _regions_for(width: int, height: int, wanted: int) -> int:
    """``wanted``, lowered to what the size holds; a bad size is left for the config to refuse."""
    if MIN_SIDE <= width <= MAX_SIDE and MIN_SIDE <= height <= MAX_SIDE:
        return min(wanted, max_regions(width, height))
    return wanted
