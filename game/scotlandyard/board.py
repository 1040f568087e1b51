"""The Scotland Yard board: stations joined by taxi, bus, underground and ferry (SCOTLAND-YARD.md §1).

A :class:`Board` is a plain value: two boards are equal when they have the same stations and the
same (pair, transport) edges (drawing positions do not count). Building one never raises for the
reasons that make a game invalid (an empty board can be built; ``new_game`` refuses it).

The standard board is read from the project's own file ``maps/scotland-yard/standard.txt``, made
by ``maps/scotland-yard/convert.py`` from the coursework's ``graph.txt`` and ``pos.txt``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Iterable, Mapping

from game.scotlandyard.pieces import Transport

STANDARD_FILE = Path(__file__).resolve().parents[2] / "maps" / "scotland-yard" / "standard.txt"


_TRANSPORT_BY_NAME = {t.name: t for t in Transport}


class BoardFileError(ValueError):
    """A board file that does not follow the format (names the file, the line and what was expected)."""


class Board:
    """Stations and undirected (pair, transport) edges.

    ``stations`` is a sorted tuple; ``edges`` a frozenset of ``(a, b, Transport)`` with ``a <= b``.
    ``neighbours(s)`` and ``transports(a, b)`` answer the usual questions; ``positions`` maps a
    station to its drawing position (``None`` on boards built without one).
    """

    __slots__ = ("stations", "edges", "positions", "_station_set", "_adjacent", "_pair", "_hash",
                 "_tables")

    def __init__(self, stations: Iterable[int], edges: Iterable[tuple[int, int, Transport]],
                 positions: Mapping[int, tuple[int, int]] | None = None):
        normal: set[tuple[int, int, Transport]] = set()
        station_set = set(int(s) for s in stations)
        for edge in edges:
            a, b, transport = edge
            kinds = (transport,) if isinstance(transport, Transport) else tuple(transport)
            for kind in kinds:
                if not isinstance(kind, Transport):
                    raise TypeError(f"edge {edge!r}: expected a Transport, got {kind!r}")
                a, b = int(a), int(b)
                normal.add((min(a, b), max(a, b), kind))
                station_set.update((a, b))  # an edge brings its stations, as Guava's graphs do
        stations_sorted = tuple(sorted(station_set))
        pair: dict[tuple[int, int], set[Transport]] = {}
        adjacent: dict[int, list[int]] = {s: [] for s in stations_sorted}
        for a, b, kind in sorted(normal, key=lambda e: (e[0], e[1], e[2]._value_)):
            if (a, b) not in pair:
                pair[(a, b)] = set()
                adjacent[a].append(b)
                if a != b:
                    adjacent[b].append(a)
            pair[(a, b)].add(kind)
        init = object.__setattr__  # a Board is immutable once built: __setattr__ refuses
        init(self, "stations", stations_sorted)
        init(self, "edges", frozenset(normal))
        init(self, "positions", MappingProxyType(dict(positions)) if positions is not None else None)
        init(self, "_station_set", frozenset(station_set))
        init(self, "_pair", {k: frozenset(v) for k, v in pair.items()})
        init(self, "_adjacent", {s: tuple(sorted(ns)) for s, ns in adjacent.items()})
        init(self, "_hash", hash((self._station_set, self.edges)))
        init(self, "_tables", None)  # move tables, built whole by the model on first use (model._Tables)

    def __setattr__(self, name, value):
        raise AttributeError(f"a Board is immutable (cannot set {name})")

    # --- construction -------------------------------------------------------------------
    @classmethod
    def from_edges(cls, nodes: Iterable[int], edges: Iterable[tuple[int, int, Transport]],
                   positions: Mapping[int, tuple[int, int]] | None = None) -> "Board":
        """A board from station ids and ``(a, b, Transport)`` edges (the third item may also be an
        iterable of transports). Stations named only by an edge are added."""
        return cls(nodes, edges, positions)

    @classmethod
    def standard(cls) -> "Board":
        """The standard 199-station board (one shared instance)."""
        return _standard()

    @classmethod
    def load(cls, path: str | Path) -> "Board":
        """A board from a file in the format of ``maps/scotland-yard/standard.txt``."""
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BoardFileError(f"{path}: cannot read the board file ({exc})") from None
        stations: list[int] = []
        positions: dict[int, tuple[int, int]] = {}
        edges: list[tuple[int, int, Transport]] = []
        for number, line in enumerate(text.splitlines(), 1):
            parts = line.split()
            if not parts or parts[0].startswith("#"):
                continue
            if parts[0] == "station" and len(parts) == 4 and all(_is_int(p) for p in parts[1:]):
                s, x, y = (int(p) for p in parts[1:])
                stations.append(s)
                positions[s] = (x, y)
            elif (parts[0] == "edge" and len(parts) == 4 and _is_int(parts[1]) and _is_int(parts[2])
                  and parts[3] in _TRANSPORT_BY_NAME):
                edges.append((int(parts[1]), int(parts[2]), _TRANSPORT_BY_NAME[parts[3]]))
            else:
                raise BoardFileError(f"{path}:{number}: expected 'station ID X Y' or "
                                     f"'edge A B TAXI|BUS|UNDERGROUND|FERRY', got {line.strip()!r}")
        known = set(stations)
        for a, b, _ in edges:
            if a not in known or b not in known:
                raise BoardFileError(f"{path}: edge {a}-{b} names a station with no 'station' line")
        return cls(stations, edges, positions)

    @classmethod
    def from_graph_file(cls, path: str | Path) -> "Board":
        """A board from a file in the coursework's ``graph.txt`` format: ``NODES EDGES``, one node
        id per line, then ``A B Taxi|Bus|Underground|Ferry`` per line (no drawing positions)."""
        path = Path(path)
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise BoardFileError(f"{path}: cannot read the graph file ({exc})") from None
        head = lines[0].split() if lines else []
        if len(head) != 2 or not all(_is_int(p) for p in head):
            raise BoardFileError(f"{path}:1: expected 'NODES EDGES'")
        n_nodes, n_edges = int(head[0]), int(head[1])
        if len(lines) < 1 + n_nodes + n_edges:
            raise BoardFileError(f"{path}: expected {n_nodes} node lines and {n_edges} edge lines "
                                 f"after the header, found {len(lines) - 1} lines")
        nodes = []
        for number in range(2, 2 + n_nodes):
            if not _is_int(lines[number - 1].strip()):
                raise BoardFileError(f"{path}:{number}: expected a node id, got {lines[number - 1]!r}")
            nodes.append(int(lines[number - 1]))
        edges = []
        for number in range(2 + n_nodes, 2 + n_nodes + n_edges):
            parts = lines[number - 1].split()
            if (len(parts) != 3 or not _is_int(parts[0]) or not _is_int(parts[1])
                    or parts[2].upper() not in _TRANSPORT_BY_NAME):
                raise BoardFileError(f"{path}:{number}: expected 'A B Taxi|Bus|Underground|Ferry', "
                                     f"got {lines[number - 1]!r}")
            edges.append((int(parts[0]), int(parts[1]), _TRANSPORT_BY_NAME[parts[2].upper()]))
        return cls(nodes, edges)

    # --- questions ----------------------------------------------------------------------
    def __contains__(self, station: object) -> bool:
        return station in self._station_set

    def __len__(self) -> int:
        return len(self.stations)

    def neighbours(self, station: int) -> tuple[int, ...]:
        """Stations one ride away, in increasing order (empty for a station not on the board)."""
        return self._adjacent.get(station, ())

    def transports(self, a: int, b: int) -> frozenset[Transport]:
        """Every transport joining ``a`` and ``b`` (empty if none)."""
        return self._pair.get((a, b) if a <= b else (b, a), frozenset())

    def adjacency(self, station: int) -> tuple[tuple[int, frozenset[Transport]], ...]:
        """``(neighbour, transports)`` for each neighbour of ``station``."""
        return tuple((n, self.transports(station, n)) for n in self.neighbours(station))

    # --- value semantics ----------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self is other or (self._station_set == other._station_set and self.edges == other.edges)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Board({len(self.stations)} stations, {len(self.edges)} edges)"

    def __reduce__(self):
        if self is _standard():  # unpickles to the one shared standard board, tables and all
            return (Board.standard, ())
        positions = dict(self.positions) if self.positions is not None else None
        return (Board, (self.stations, tuple(self.edges), positions))


def _is_int(text: str) -> bool:
    return text.lstrip("-").isdigit()


@lru_cache(maxsize=1)
def _standard() -> Board:
    return Board.load(STANDARD_FILE)
