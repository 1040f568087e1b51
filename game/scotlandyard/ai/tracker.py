"""Where Mr X can be, from public information only (SCOTLAND-YARD.md §11).

:class:`PossibleLocations` starts from the stations Mr X may have started on and follows the
travel log: each hidden entry moves every candidate along the transport its ticket pays for (a
``SECRET`` ticket: any transport, the ferry included), never onto a station a detective held when
he moved; a revealed entry pins him down; every station a detective stands on (or has just moved
to without catching him) is struck out. The true station is always in the set (tested over random
games).

It also keeps a probability for each station, for the arcade's heat map and for the AIs that weigh
candidates: the model is "Mr X picks uniformly among the rides his ticket allows", so a station
reached from many candidates weighs more. Struck-out stations give their weight back to the rest.

Feed it either step by step (:meth:`mrx_moved`, :meth:`detective_at`) or with :meth:`sync`, which
takes the whole travel log and the detectives' stations now: calling ``sync`` at least once per
detective move (as the detectives' player is asked) keeps it exact.
"""

from __future__ import annotations

from game.scotlandyard.ai.sim import MRX_STARTS, Graph


class PossibleLocations:
    """The stations Mr X may be on, and a probability for each."""

    def __init__(self, graph: Graph, candidates=None, detective_locations=()):
        self.g = graph
        if candidates is None:
            candidates = graph.stations
        blocked = set(detective_locations)
        cands = [s for s in candidates if s not in blocked and 0 < s < graph.size]
        self.prob: dict[int, float] = {s: 1.0 / len(cands) for s in cands} if cands else {}
        self.entries_seen = 0
        self.events_seen = 0          # public-history events replayed (context.public_tracker)
        self.det_locs: dict = {}      # detectives' stations as the replay left them

    @classmethod
    def for_game(cls, graph: Graph, detective_starts) -> "PossibleLocations":
        """At the start of a game: the standard Mr X start list when the board holds it and the
        detectives began on the standard detective list (a standard game, SCOTLAND-YARD.md §9),
        otherwise every station."""
        from game.scotlandyard.ai.sim import DETECTIVE_STARTS

        standard = (all(0 < s < graph.size and graph.degree[s] for s in MRX_STARTS)
                    and len(graph.stations) == 199
                    and all(s in DETECTIVE_STARTS for s in detective_starts))
        return cls(graph, MRX_STARTS if standard else None, detective_starts)

    # --- queries -----------------------------------------------------------------------------
    @property
    def stations(self) -> frozenset[int]:
        return frozenset(self.prob)

    def __len__(self) -> int:
        return len(self.prob)

    def __contains__(self, station) -> bool:
        return station in self.prob

    def probabilities(self) -> dict[int, float]:
        """Station -> probability (they sum to 1)."""
        return dict(self.prob)

    def copy(self) -> "PossibleLocations":
        other = PossibleLocations.__new__(PossibleLocations)
        other.g = self.g
        other.prob = dict(self.prob)
        other.entries_seen = self.entries_seen
        other.events_seen = self.events_seen
        other.det_locs = dict(self.det_locs)
        return other

    # --- updates -----------------------------------------------------------------------------
    def mrx_moved(self, ticket: int, revealed: int | None, detective_locations, bias=None) -> None:
        """One travel-log entry: Mr X rode with ``ticket`` (a ticket index) while the detectives
        stood on ``detective_locations``; ``revealed`` is the station if the entry shows it.
        ``bias`` (station -> weight, optional) says how much likelier Mr X is to ride to each
        station than uniformly (an AI's model of him; the public tracker has none)."""
        self.entries_seen += 1
        if revealed is not None:
            self.prob = {revealed: 1.0}
            return
        blocked = set(detective_locations)
        by_ticket = self.g.by_ticket
        new: dict[int, float] = {}
        for s, w in self.prob.items():
            dests = [d for d in by_ticket[s][ticket] if d not in blocked]
            if not dests:
                continue
            if bias is None:
                share = w / len(dests)
                for d in dests:
                    new[d] = new.get(d, 0.0) + share
            else:
                total = sum(bias[d] for d in dests)
                if total <= 0:
                    continue
                for d in dests:
                    new[d] = new.get(d, 0.0) + w * bias[d] / total
        self.prob = new
        self._normalise()

    def detective_at(self, station: int) -> None:
        """A detective stands on ``station`` and the game goes on: Mr X is not there."""
        if self.prob.pop(station, None) is not None:
            self._normalise()

    def sync(self, log, detective_locations, bias=None) -> None:
        """Catch up with the travel log (``(ticket_index, station_or_None)`` per entry) and strike
        out the detectives' stations. Entries not yet seen are taken as made with the detectives
        where they stand now (true when the detectives have not moved since Mr X did)."""
        detective_locations = tuple(detective_locations)
        for ticket, location in list(log)[self.entries_seen:]:
            self.mrx_moved(ticket, location, detective_locations, bias)
        for s in detective_locations:
            self.detective_at(s)

    def _normalise(self) -> None:
        total = sum(self.prob.values())
        if total > 0:
            inv = 1.0 / total
            self.prob = {s: w * inv for s, w in self.prob.items()}

