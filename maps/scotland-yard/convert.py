"""Make ``standard.txt`` (the project's Scotland Yard board) from the reference data.

Usage, from the repository root (the reference data lives beside the checkout)::

    python maps/scotland-yard/convert.py [../shared/data/scotland-yard] [-o maps/scotland-yard/standard.txt]

It reads ``graph.txt`` (the stations and the (pair, transport) edges) and ``pos.txt`` (where each
station is drawn) and writes one file the engine reads (``game.scotlandyard.board``):

    # comments and blank lines are ignored
    station 1 317 78          one line per station: id, x, y (pixels, x right, y down)
    edge 1 8 TAXI             one line per (pair, transport): a < b, TAXI|BUS|UNDERGROUND|FERRY

Stations come in increasing order, edges sorted by (a, b, transport), so the output is the same
byte for byte every time. The script checks what it reads (counts in the headers, transports,
positions for every station) and stops with a message naming the file and line on bad input.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_SOURCE = HERE.parents[1] / ".." / "shared" / "data" / "scotland-yard"
TRANSPORTS = {"taxi": "TAXI", "bus": "BUS", "underground": "UNDERGROUND", "ferry": "FERRY"}
ORDER = ["TAXI", "BUS", "UNDERGROUND", "FERRY"]


class ConvertError(Exception):
    pass


def _ints(path: Path, number: int, text: str, count: int) -> list[int]:
    parts = text.split()
    if len(parts) != count or not all(p.lstrip("-").isdigit() for p in parts):
        raise ConvertError(f"{path}:{number}: expected {count} integer(s), got {text!r}")
    return [int(p) for p in parts]


def read_graph(path: Path) -> tuple[list[int], list[tuple[int, int, str]]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ConvertError(f"{path}:1: expected 'NODES EDGES', the file is empty")
    n_nodes, n_edges = _ints(path, 1, lines[0], 2)
    if len(lines) < 1 + n_nodes + n_edges:
        raise ConvertError(f"{path}: expected {n_nodes} node lines and {n_edges} edge lines, "
                           f"the file has {len(lines) - 1} lines after the header")
    nodes = [_ints(path, 2 + i, lines[1 + i], 1)[0] for i in range(n_nodes)]
    edges = []
    for i in range(n_edges):
        number = 2 + n_nodes + i
        parts = lines[number - 1].split()
        if len(parts) != 3 or parts[2].lower() not in TRANSPORTS:
            raise ConvertError(f"{path}:{number}: expected 'A B Transport', got {lines[number - 1]!r}")
        a, b = _ints(path, number, " ".join(parts[:2]), 2)
        edges.append((min(a, b), max(a, b), TRANSPORTS[parts[2].lower()]))
    return nodes, edges


def read_positions(path: Path) -> dict[int, tuple[int, int]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        raise ConvertError(f"{path}:1: expected the number of entries, the file is empty")
    (count,) = _ints(path, 1, lines[0], 1)
    positions = {}
    for i in range(count):
        if 1 + i >= len(lines):
            raise ConvertError(f"{path}: expected {count} entries, found {i}")
        node, x, y = _ints(path, 2 + i, lines[1 + i], 3)
        positions[node] = (x, y)
    return positions


def convert(source: Path) -> str:
    nodes, edges = read_graph(source / "graph.txt")
    positions = read_positions(source / "pos.txt")
    missing = sorted(set(nodes) - set(positions))
    if missing:
        raise ConvertError(f"{source / 'pos.txt'}: no position for station(s) {missing[:10]}")
    if len(set(edges)) != len(edges):
        raise ConvertError(f"{source / 'graph.txt'}: an edge line repeats")
    out = [
        "# Scotland Yard: the standard board (199 stations, 467 (pair, transport) edges).",
        "# Made by maps/scotland-yard/convert.py from the cw-model graph.txt and pos.txt; do not edit.",
        "# station ID X Y   (drawing position in pixels, x right, y down)",
        "# edge A B TRANSPORT   (undirected, A < B, one line per transport)",
    ]
    for node in sorted(nodes):
        x, y = positions[node]
        out.append(f"station {node} {x} {y}")
    for a, b, t in sorted(edges, key=lambda e: (e[0], e[1], ORDER.index(e[2]))):
        out.append(f"edge {a} {b} {t}")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", type=Path, default=DEFAULT_SOURCE,
                        help="folder with graph.txt and pos.txt (default: ../shared/data/scotland-yard)")
    parser.add_argument("-o", "--output", type=Path, default=HERE / "standard.txt")
    args = parser.parse_args(argv)
    try:
        text = convert(args.source)
    except (ConvertError, OSError) as exc:
        print(f"convert.py: error: {exc}", file=sys.stderr)
        return 2
    tmp = args.output.with_suffix(args.output.suffix + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(args.output)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
