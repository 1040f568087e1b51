"""A fast internal model of the game for search and playouts (SCOTLAND-YARD.md, same rules).

The engine's ``GameState`` is immutable and exact; tree search needs millions of cheap steps, so
the AIs copy a position into this compact form: stations are ints, tickets are small ints, moves
are tuples, and a :class:`Sim` is mutated in place (``copy()`` is cheap). A test plays random
games on both and checks they agree move for move.

Tickets: ``TAXI=0, BUS=1, UNDERGROUND=2, DOUBLE=3, SECRET=4``. Transports use the same numbers
for taxi, bus and underground; the ferry is ``FERRY=3`` and is only ever ridden with ``SECRET``.

Moves: Mr X ``(t, d)`` or ``(t1, d1, t2, d2)``; a detective ``(i, t, d)`` with ``i`` the index of
the detective in the game's order.

Within a round the detectives may move in any order; the sim lets the caller pick, like the
engine (``detective_moves()`` is the union over those still to move).
"""

from __future__ import annotations

from collections import deque

TAXI, BUS, UNDERGROUND, DOUBLE, SECRET = 0, 1, 2, 3, 4
FERRY = 3
TICKET_NAMES = ("TAXI", "BUS", "UNDERGROUND", "DOUBLE", "SECRET")
TRANSPORT_NAMES = ("TAXI", "BUS", "UNDERGROUND", "FERRY")
TICKET_INDEX = {name: i for i, name in enumerate(TICKET_NAMES)}
TRANSPORT_INDEX = {name: i for i, name in enumerate(TRANSPORT_NAMES)}

# Standard start lists (SCOTLAND-YARD.md §9): public information.
DETECTIVE_STARTS = (26, 29, 50, 53, 91, 94, 103, 112, 117, 123, 138, 141, 155, 174)
MRX_STARTS = (35, 45, 51, 71, 78, 104, 106, 127, 132, 166, 170, 172)

UNREACHABLE = 99


def _bfs_all(size: int, stations, neighbours) -> list[list[int]]:
    dist = [[UNREACHABLE] * size for _ in range(size)]
    for s in stations:
        row = dist[s]
        row[s] = 0
        queue = deque([s])
        while queue:
            a = queue.popleft()
            da = row[a] + 1
            for b in neighbours[a]:
                if row[b] > da:
                    row[b] = da
                    queue.append(b)
    return dist


class Graph:
    """A board as adjacency arrays, plus all-pairs hop distances.

    ``by_ticket[s][t]``: the stations one ride from ``s`` with ticket ``t`` (``t`` in taxi, bus,
    underground; ``SECRET`` gives every neighbour, ferry included). ``dist[a][b]``: fewest rides
    from ``a`` to ``b`` over any transport (the seed's distance); ``ddist``: the same without the
    ferry (how far a detective is, ignoring his ticket counts).
    """

    def __init__(self, stations, edges):
        stations = sorted(int(s) for s in stations)
        self.stations = tuple(stations)
        self.size = (max(stations) + 1) if stations else 1
        by_t = [[set(), set(), set(), set(), set()] for _ in range(self.size)]
        self.edges = []
        for a, b, transport in edges:
            a, b = int(a), int(b)
            tr = transport if isinstance(transport, int) else TRANSPORT_INDEX[getattr(transport, "name", transport).upper()]
            self.edges.append((min(a, b), max(a, b), tr))
            for x, y in ((a, b), (b, a)):
                if tr != FERRY:
                    by_t[x][tr].add(y)
                by_t[x][SECRET].add(y)
        self.edges.sort()
        self.by_ticket = tuple(tuple(tuple(sorted(s)) for s in row) for row in by_t)
        self.neighbours = tuple(row[SECRET] for row in self.by_ticket)
        self.det_neighbours = tuple(tuple(sorted(set(row[0]) | set(row[1]) | set(row[2]))) for row in self.by_ticket)
        # (ticket, destination) pairs a detective may ride from each station, ticket counts aside.
        self.det_rides = tuple(tuple((t, d) for t in (TAXI, BUS, UNDERGROUND) for d in row[t]) for row in self.by_ticket)
        self.degree = tuple(len(n) for n in self.neighbours)
        self.dist = _bfs_all(self.size, stations, self.neighbours)
        self.ddist = _bfs_all(self.size, stations, self.det_neighbours)

    @classmethod
    def from_board(cls, board) -> "Graph":
        """From the engine's ``Board`` (its stations and ``(a, b, Transport)`` edges)."""
        from game.scotlandyard.ai.adapt import board_edges, board_stations

        return cls(board_stations(board), board_edges(board))

    @classmethod
    def from_text(cls, text: str) -> "Graph":
        """From the ``graph.txt`` layout: a count line, the station lines, ``a b Transport`` lines."""
        lines = [ln.split() for ln in text.splitlines() if ln.strip()]
        n_nodes, n_edges = int(lines[0][0]), int(lines[0][1])
        stations = [int(ln[0]) for ln in lines[1:1 + n_nodes]]
        edges = [(int(a), int(b), t) for a, b, t in lines[1 + n_nodes:1 + n_nodes + n_edges]]
        return cls(stations, edges)


class Sim:
    """A mutable position: Mr X, the detectives, the log length, whose turn.

    ``to_move`` is ``-1`` when Mr X is to move, otherwise a bit mask of the detectives still to
    move in this round. ``winner`` is ``None`` while the game goes on, else ``"MRX"`` or
    ``"DETECTIVES"``; call :meth:`check` after setting a position by hand.
    """

    __slots__ = ("g", "reveals", "mrx", "mt", "dl", "dt", "log_len", "to_move", "winner")

    def __init__(self, g: Graph, reveals, mrx: int, mrx_tickets, det_locs, det_tickets,
                 log_len: int = 0, to_move: int = -1):
        self.g = g
        self.reveals = tuple(bool(r) for r in reveals)
        self.mrx = mrx
        self.mt = list(mrx_tickets)
        self.dl = list(det_locs)
        self.dt = [list(t) for t in det_tickets]
        self.log_len = log_len
        self.to_move = to_move
        self.winner = None

    def copy(self) -> "Sim":
        s = Sim.__new__(Sim)
        s.g = self.g
        s.reveals = self.reveals
        s.mrx = self.mrx
        s.mt = self.mt[:]
        s.dl = self.dl[:]
        s.dt = [t[:] for t in self.dt]
        s.log_len = self.log_len
        s.to_move = self.to_move
        s.winner = self.winner
        return s

    # --- moves -------------------------------------------------------------------------------
    def mrx_singles(self, loc: int | None = None, tickets=None) -> list[tuple]:
        g = self.g
        loc = self.mrx if loc is None else loc
        mt = self.mt if tickets is None else tickets
        occ = self.dl
        row = g.by_ticket[loc]
        out = []
        for t in (TAXI, BUS, UNDERGROUND):
            if mt[t] > 0:
                out += [(t, d) for d in row[t] if d not in occ]
        if mt[SECRET] > 0:
            out += [(SECRET, d) for d in row[SECRET] if d not in occ]
        return out

    def can_double(self) -> bool:
        return self.mt[DOUBLE] > 0 and self.log_len + 2 <= len(self.reveals)

    def mrx_moves(self, doubles: bool = True) -> list[tuple]:
        singles = self.mrx_singles()
        if not doubles or not self.can_double():
            return singles
        out = list(singles)
        mt = self.mt
        for t1, d1 in singles:
            mt[t1] -= 1
            for t2, d2 in self.mrx_singles(d1, mt):
                out.append((t1, d1, t2, d2))
            mt[t1] += 1
        return out

    def detective_singles(self, i: int) -> list[tuple]:
        tk = self.dt[i]
        occ = self.dl
        return [(i, t, d) for t, d in self.g.det_rides[occ[i]] if tk[t] > 0 and d not in occ]

    def detective_has_move(self, i: int) -> bool:
        tk = self.dt[i]
        occ = self.dl
        for t, d in self.g.det_rides[self.dl[i]]:
            if tk[t] > 0 and d not in occ:
                return True
        return False

    def detective_moves(self) -> list[tuple]:
        out = []
        mask = self.to_move
        for i in range(len(self.dl)):
            if mask >> i & 1:
                out.extend(self.detective_singles(i))
        return out

    def moves(self) -> list[tuple]:
        if self.winner is not None:
            return []
        return self.mrx_moves() if self.to_move < 0 else self.detective_moves()

    # --- advancing ---------------------------------------------------------------------------
    def play_mrx(self, move: tuple) -> None:
        mt = self.mt
        if len(move) == 2:
            mt[move[0]] -= 1
            self.mrx = move[1]
            self.log_len += 1
        else:
            mt[move[0]] -= 1
            mt[move[2]] -= 1
            mt[DOUBLE] -= 1
            self.mrx = move[3]
            self.log_len += 2
        self.to_move = (1 << len(self.dl)) - 1
        self._end_detective_phase_if_stuck()
        self.check()

    def play_detective(self, move: tuple) -> None:
        i, t, d = move
        self.dt[i][t] -= 1
        self.mt[t] += 1
        self.dl[i] = d
        self.to_move &= ~(1 << i)
        if d == self.mrx:
            self.winner = "DETECTIVES"
            return
        self._end_detective_phase_if_stuck()
        if self.to_move >= 0 and self.mrx not in self.dl:
            # a detective still to move has a move: no rule of check() applies (it would say so)
            self.winner = None
            return
        self.check()

    def play(self, move: tuple) -> None:
        if self.to_move < 0:
            self.play_mrx(move)
        else:
            self.play_detective(move)

    def _end_detective_phase_if_stuck(self) -> None:
        mask = self.to_move
        for i in range(len(self.dl)):
            if mask >> i & 1 and self.detective_has_move(i):
                return
        self.to_move = -1

    def check(self) -> None:
        """Set ``winner`` by SCOTLAND-YARD.md §7, first rule that applies."""
        if self.mrx in self.dl:
            self.winner = "DETECTIVES"
        elif self.to_move < 0 and self.log_len >= len(self.reveals):
            self.winner = "MRX"
        elif self.to_move < 0 and not self.mrx_singles():
            self.winner = "DETECTIVES"
        elif not any(self.detective_has_move(i) for i in range(len(self.dl))):
            self.winner = "MRX"
        else:
            self.winner = None
