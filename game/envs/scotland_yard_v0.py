"""Scotland Yard as a PettingZoo AEC environment, ``scotland_yard_v0`` (see docs/RL.md).

Agents ``"mrx"`` and the detectives ``"red"``, ``"green"``, ``"blue"``, ``"white"``, ``"yellow"``
(the first ``detectives`` of them). The game is the cw-model engine (:mod:`game.scotlandyard.model`):
every move the environment makes is ``state.advance(move)`` with ``move`` from
``state.available_moves()``.

**Turns.** Mr X moves, then the detectives in game order; a detective with no move is skipped
(the engine ends the round as soon as no detective still to move has one, SCOTLAND-YARD.md §4),
so ``agent_selection`` only ever names an agent with at least one legal action.

**Actions** (one fixed codec, :class:`SYCodec`): ``Discrete(8 * N)`` for a board of ``N``
stations, ``N = 199`` on the standard board. Index ``r * N + s`` is a ride with ticket ``r``
(TAXI, BUS, UNDERGROUND, SECRET) to the ``s``-th station; index ``4N + r * N + s`` is the
*first* ride of a double move. A double move is two consecutive decisions by Mr X: the first
ride from the second block, then the second ride from the first block, masked to exactly the
double moves the engine allows after that first ride; only then does the engine advance. So the
mask is exact, the space stays stations x tickets (rather than one index per possible double,
about 13,000 more), and a policy decides the second ride knowing where the first one led.

**Observations** ``{"observation": dict, "action_mask": int8 (8N,)}``. Detectives observe public
information only, built from :class:`~game.scotlandyard.views.DetectivesView` (the travel log,
reveals, detective stations, every ticket count, the public history); Mr X observes the same
plus his own station and, mid-double, his chosen first ride. See :class:`SYEncoder` for the keys.

**Rewards** at the end only: +1 to each winner, -1 to each loser (Mr X against the detectives).
A masked action raises ``IllegalAction`` in ``raw_env``; ``env()`` wraps it with PettingZoo's
``TerminateIllegalWrapper`` (the offender gets -1 and the game ends).

``state()`` is not offered: it would hold Mr X's station. ``render()`` draws the arcade's
detectives' view (where Mr X was last seen, never where he is).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from game.scotlandyard.board import Board
from game.scotlandyard.model import (DEFAULT_DETECTIVE_TICKETS, DEFAULT_MRX_TICKETS, DETECTIVE_STARTS, MRX_STARTS,
                                     STANDARD_REVEALS, GameSetup, GameState, Player, Tickets, new_game)
from game.scotlandyard.moves import DoubleMove, LogEntry, SingleMove
from game.scotlandyard.pieces import DETECTIVES, Piece, Ticket
from game.scotlandyard.views import DetectivesView

RIDES = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND, Ticket.SECRET)
RIDE_INDEX = {t: i for i, t in enumerate(RIDES)}
TICKET_ORDER = (Ticket.TAXI, Ticket.BUS, Ticket.UNDERGROUND, Ticket.DOUBLE, Ticket.SECRET)
MRX_ROW, DOUBLE_ROW = 1, 2  # history rows: Mr X's entry, the second entry of his double move


class IllegalAction(ValueError):
    """A masked action index, named with the legal ones."""


def agent_name(piece: Piece) -> str:
    return piece.name.lower()


class SYCodec:
    """Action index <-> (ticket, station) decisions, and the masks (see the module docstring)."""

    def __init__(self, board: Board):
        self.board = board
        self.stations = tuple(board.stations)
        self.index_of = {s: i for i, s in enumerate(self.stations)}
        self.N = len(self.stations)
        self.n = 8 * self.N

    def ride(self, ticket: Ticket, station: int, first_of_double: bool = False) -> int:
        return (4 * self.N if first_of_double else 0) + RIDE_INDEX[ticket] * self.N + self.index_of[station]

    def decode(self, index: int) -> tuple[Ticket, int, bool]:
        """``(ticket, station, first_of_double)``."""
        if not 0 <= index < self.n:
            raise IllegalAction(f"action {index} is outside 0..{self.n - 1}")
        double, rest = divmod(index, 4 * self.N)
        r, s = divmod(rest, self.N)
        return RIDES[r], self.stations[s], bool(double)

    def describe(self, index: int) -> str:
        ticket, station, double = self.decode(index)
        return f"{'DOUBLE first ride ' if double else ''}{ticket.name} to {station}"

    def indices(self, move, pending: tuple[Ticket, int] | None = None) -> list[int]:
        """The decisions that make ``move``: one for a single move, two for a double."""
        if isinstance(move, DoubleMove):
            return [self.ride(move.ticket1, move.destination1, True), self.ride(move.ticket2, move.destination2)]
        return [self.ride(move.ticket, move.destination)]

    def mask(self, moves, pending: tuple[Ticket, int] | None = None) -> np.ndarray:
        """int8 (n,): 1 for each decision that starts (or, after ``pending``, finishes) one of
        ``moves``, the engine's available moves of the agent deciding."""
        out = np.zeros(self.n, dtype=np.int8)
        for move in moves:
            if pending is None:
                if isinstance(move, DoubleMove):
                    out[self.ride(move.ticket1, move.destination1, True)] = 1
                else:
                    out[self.ride(move.ticket, move.destination)] = 1
            elif isinstance(move, DoubleMove) and (move.ticket1, move.destination1) == pending:
                out[self.ride(move.ticket2, move.destination2)] = 1
        return out


class SYEncoder:
    """Views -> the observation arrays; and back (for our AIs as policies).

    Keys (``D`` detectives, ``L`` log slots, ``N`` stations, ``H = L * (D + 1)`` history rows):

    * ``stations`` int8 ``(1 + D, N)``: row 0 Mr X's station (his own observation only; zeros
      for the detectives), row ``i`` detective ``i``'s station;
    * ``last_seen`` int8 ``(N,)``: where Mr X was last revealed (zeros before the first reveal);
    * ``tickets`` int16 ``(1 + D, 5)``: TAXI, BUS, UNDERGROUND, DOUBLE, SECRET of Mr X then each
      detective (all public);
    * ``log`` int16 ``(L, 3)``: per slot: written (0/1), ticket (0..4 as in ``tickets``), the
      revealed station or 0; ``reveals`` int8 ``(L,)``: the reveal list;
    * ``history`` int16 ``(H, 4)``: the public history in play order, one row per event:
      ``[who, ticket, source, destination]`` with ``who`` 1 for a Mr X log entry (2 for the
      second entry of a double move; source 0, destination the revealed station or 0) or
      ``2 + i`` for detective ``i``'s move; unused rows are zeros;
    * ``to_move``, ``seat`` int8 ``(1 + D,)``: one-hot of the agent to move and of the observer;
      ``remaining`` int8 ``(D,)``: detectives still to move this round;
    * ``pending`` int16 ``(2,)``: Mr X's chosen first ride of a double move, ``[ticket + 1,
      station]`` (zeros otherwise, and always for the detectives).
    """

    def __init__(self, setup: GameSetup, pieces: tuple[Piece, ...]):
        self.setup = setup
        self.pieces = pieces
        self.codec = SYCodec(setup.board)
        self.D = len(pieces) - 1
        self.L = len(setup.reveals)
        self.H = self.L * (self.D + 1)
        self.index_of_piece = {p: i for i, p in enumerate(pieces)}
        n_st, d, big = self.codec.N, self.D, max(self.codec.stations) + 1
        seats = 1 + d
        self.space = spaces.Dict({
            "stations": spaces.Box(0, 1, (seats, n_st), np.int8),
            "last_seen": spaces.Box(0, 1, (n_st,), np.int8),
            "tickets": spaces.Box(0, 32767, (seats, 5), np.int16),
            "log": spaces.Box(0, big, (self.L, 3), np.int16),
            "reveals": spaces.Box(0, 1, (self.L,), np.int8),
            "history": spaces.Box(0, max(big, seats + 2), (self.H, 4), np.int16),
            "to_move": spaces.Box(0, 1, (seats,), np.int8),
            "seat": spaces.Box(0, 1, (seats,), np.int8),
            "remaining": spaces.Box(0, 1, (d,), np.int8),
            "pending": spaces.Box(0, big, (2,), np.int16),
        })
        self._reveals = np.array(setup.reveals, dtype=np.int8)

    def public(self, view: DetectivesView) -> dict[str, np.ndarray]:
        """The arrays every agent shares, from the detectives' view (public information only)."""
        idx = self.codec.index_of
        seats = 1 + self.D
        stations = np.zeros((seats, self.codec.N), dtype=np.int8)
        tickets = np.zeros((seats, 5), dtype=np.int16)
        tickets[0] = [view.mrx_tickets[t] for t in TICKET_ORDER]
        for i, det in enumerate(view.detectives, 1):
            stations[i, idx[det.location]] = 1
            tickets[i] = [det.tickets[t] for t in TICKET_ORDER]
        log = np.zeros((self.L, 3), dtype=np.int16)
        last_seen = np.zeros(self.codec.N, dtype=np.int8)
        seen = None
        for i, entry in enumerate(view.travel_log):
            log[i] = (1, TICKET_ORDER.index(entry.ticket), entry.location or 0)
            if entry.location is not None:
                seen = entry.location
        if seen is not None:
            last_seen[idx[seen]] = 1
        history = np.zeros((self.H, 4), dtype=np.int16)
        row = 0
        for event in view.history:
            if isinstance(event, SingleMove):
                history[row] = (2 + self.index_of_piece[event.piece], TICKET_ORDER.index(event.ticket),
                                event.source, event.destination)
                row += 1
            else:
                for k, entry in enumerate(event):
                    history[row] = (DOUBLE_ROW if k else MRX_ROW, TICKET_ORDER.index(entry.ticket), 0,
                                    entry.location or 0)
                    row += 1
        remaining = np.zeros(self.D, dtype=np.int8)
        for piece in view.remaining:
            remaining[self.index_of_piece[piece] - 1] = 1
        return {"stations": stations, "last_seen": last_seen, "tickets": tickets, "log": log,
                "reveals": self._reveals.copy(), "history": history, "remaining": remaining}

    def after_move(self, public: dict[str, np.ndarray], move, state: GameState) -> None:
        """Update ``public`` in place for ``move``, which led to ``state``: what :meth:`public`
        would give for ``state``, without re-reading the whole history. Reads only public parts of
        the state: the detectives' stations, every ticket count, the log and who is still to move."""
        idx = self.codec.index_of
        public["tickets"][:] = state._tix  # Ticket values are TICKET_ORDER's positions; all counts are public
        stations = public["stations"]
        stations[1:] = 0
        for i, loc in enumerate(state._locs[1:], 1):  # _locs[0] (Mr X) is never read here
            stations[i, idx[loc]] = 1
        history = public["history"]
        row = int(np.count_nonzero(history[:, 0]))
        if move.piece is Piece.MRX:
            log = state.travel_log
            first = int(np.count_nonzero(public["log"][:, 0]))
            for k, i in enumerate(range(first, len(log))):
                entry = log[i]
                public["log"][i] = (1, TICKET_ORDER.index(entry.ticket), entry.location or 0)
                history[row] = (DOUBLE_ROW if k else MRX_ROW, TICKET_ORDER.index(entry.ticket), 0, entry.location or 0)
                row += 1
                if entry.location is not None:
                    public["last_seen"][:] = 0
                    public["last_seen"][idx[entry.location]] = 1
        else:
            history[row] = (2 + self.index_of_piece[move.piece], TICKET_ORDER.index(move.ticket), move.source,
                            move.destination)
        public["remaining"][:] = 0
        for piece in state.remaining:
            public["remaining"][self.index_of_piece[piece] - 1] = 1

    def finish(self, public: dict[str, np.ndarray], seat: int, to_move: int | None,
               mrx_location: int | None = None, pending: tuple[Ticket, int] | None = None) -> dict[str, np.ndarray]:
        """One agent's observation: the shared arrays (copied) plus what only ``seat`` knows."""
        obs = {k: v.copy() for k, v in public.items()}
        if seat == 0 and mrx_location is not None:
            obs["stations"][0, self.codec.index_of[mrx_location]] = 1
        pend = np.zeros(2, dtype=np.int16)
        if seat == 0 and pending is not None:
            pend[:] = (RIDE_INDEX[pending[0]] + 1, pending[1])
        obs["pending"] = pend
        seats = 1 + self.D
        obs["seat"] = np.zeros(seats, dtype=np.int8)
        obs["seat"][seat] = 1
        obs["to_move"] = np.zeros(seats, dtype=np.int8)
        if to_move is not None:
            obs["to_move"][to_move] = 1
        return obs

    # --- back to views (our AIs as policies) --------------------------------------------------
    def detectives_view(self, obs: dict[str, np.ndarray]) -> DetectivesView:
        """The detectives' view the arrays were made from (winner empty: policies act in live games)."""
        stations = self.codec.stations
        dets = []
        for i, piece in enumerate(self.pieces[1:], 1):
            loc = stations[int(np.flatnonzero(obs["stations"][i])[0])]
            dets.append(Player(piece, Tickets(zip(TICKET_ORDER, (int(x) for x in obs["tickets"][i]))), loc))
        mrx_tickets = Tickets(zip(TICKET_ORDER, (int(x) for x in obs["tickets"][0])))
        log = tuple(LogEntry(TICKET_ORDER[int(t)], int(s) or None) for used, t, s in obs["log"].tolist() if used)
        history: list = []
        for who, t, src, dst in obs["history"].tolist():
            if who == 0:
                break
            if who == MRX_ROW:
                history.append((LogEntry(TICKET_ORDER[t], dst or None),))
            elif who == DOUBLE_ROW:
                history[-1] = history[-1] + (LogEntry(TICKET_ORDER[t], dst or None),)
            else:
                history.append(SingleMove(self.pieces[who - 2], src, TICKET_ORDER[t], dst))
        remaining = tuple(self.pieces[i + 1] for i in np.flatnonzero(obs["remaining"]))
        return DetectivesView(setup=self.setup, players=self.pieces, detectives=tuple(dets), mrx_tickets=mrx_tickets,
                              travel_log=log, remaining=remaining, winner=frozenset(), history=tuple(history))

    def mrx_location(self, obs: dict[str, np.ndarray]) -> int | None:
        found = np.flatnonzero(obs["stations"][0])
        return self.codec.stations[int(found[0])] if found.size else None

    def pending(self, obs: dict[str, np.ndarray]) -> tuple[Ticket, int] | None:
        t, s = (int(x) for x in obs["pending"])
        return (RIDES[t - 1], s) if t else None


def start_players(seed: int, detectives: int = 5, board: Board | None = None) -> tuple[Player, tuple[Player, ...]]:
    """Mr X and the detectives at start stations drawn like the standard game's
    (``random.Random(seed)``: ``sample`` of the detective starts, then ``choice`` of Mr X's); on
    another board, from its stations."""
    rng = random.Random(seed)
    starts_d, starts_x = DETECTIVE_STARTS, MRX_STARTS
    if board is not None and not set(starts_d + starts_x) <= set(board.stations):
        stations = list(board.stations)
        spots = rng.sample(stations, detectives + 1)
        return (Player(Piece.MRX, DEFAULT_MRX_TICKETS, spots[-1]),
                tuple(Player(p, DEFAULT_DETECTIVE_TICKETS, s) for p, s in zip(DETECTIVES, spots)))
    spots = rng.sample(starts_d, len(DETECTIVES))
    mrx = Player(Piece.MRX, DEFAULT_MRX_TICKETS, rng.choice(starts_x))
    return mrx, tuple(Player(p, DEFAULT_DETECTIVE_TICKETS, s) for p, s in zip(DETECTIVES[:detectives], spots))


def env(**kwargs):
    """The environment with PettingZoo's usual guards: a masked action ends the game with -1 for
    the offender (TerminateIllegalWrapper), out-of-range actions assert, order is enforced."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """``scotland_yard_v0``. Keyword options: ``board`` (a Board; default the standard board),
    ``reveals`` (the reveal list, default the standard 24 moves; a shorter one makes a shorter
    game), ``detectives`` (1..5, default 5), ``render_mode`` (``"rgb_array"`` or ``"human"``),
    ``render_size``. ``reset(seed)`` draws the start stations from the seed as the standard game
    does (``standard_game(seed)`` is the same game with the defaults);
    ``reset(options={"players": (mrx, detectives)})`` starts from given
    :class:`~game.scotlandyard.model.Player` values instead (stations and tickets)."""

    metadata = {"render_modes": ["human", "rgb_array"], "name": "scotland_yard_v0", "is_parallelizable": False,
                "render_fps": 4}

    def __init__(self, board: Board | None = None, reveals=STANDARD_REVEALS, detectives: int = 5,
                 render_mode: str | None = None, render_size: tuple[int, int] = (900, 700)):
        super().__init__()
        if not 1 <= detectives <= len(DETECTIVES):
            raise ValueError(f"detectives must be 1..{len(DETECTIVES)}, not {detectives}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.setup = GameSetup(board or Board.standard(), tuple(bool(r) for r in reveals))
        self.n_detectives = detectives
        self.pieces = (Piece.MRX,) + DETECTIVES[:detectives]
        self.possible_agents = [agent_name(p) for p in self.pieces]
        self.agents = list(self.possible_agents)
        self.piece_of = {agent_name(p): p for p in self.pieces}
        self.encoder = SYEncoder(self.setup, self.pieces)
        self.codec = self.encoder.codec
        self.observation_spaces = {a: spaces.Dict({"observation": self.encoder.space,
                                                   "action_mask": spaces.Box(0, 1, (self.codec.n,), np.int8)})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.n) for a in self.possible_agents}
        self.render_mode = render_mode
        self.render_size = render_size
        self._renderer = None
        self.game: GameState | None = None
        self._rng = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # --- the game --------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None):
        if seed is None:
            if self._rng is None:
                self._rng = np.random.default_rng()
            seed = int(self._rng.integers(2**31 - 1))
        else:
            self._rng = np.random.default_rng(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
        self.seed_used = int(seed)
        options = options or {}  # other keys are ignored (PettingZoo's api_test passes some)
        if "players" in options:
            mrx, dets = options["players"]
            dets = tuple(dets)
            if (mrx.piece,) + tuple(d.piece for d in dets) != self.pieces:
                raise ValueError(f"options['players'] must be Mr X then {', '.join(p.name for p in self.pieces[1:])}")
        else:
            mrx, dets = start_players(seed, self.n_detectives, self.setup.board)
        self.game = new_game(self.setup, mrx, dets)
        self.start = self.game
        self.pending: tuple[Ticket, int] | None = None
        self.actions: list[int] = []
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._public = self.encoder.public(DetectivesView.of(self.game))
        self._mask_key = None
        self.agent_selection = "mrx"
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        """The agent to decide: Mr X on his turn, else the first detective (in game order) still
        to move this round who has a move. Sets the game's end when it has a winner."""
        game = self.game
        if game.winner:
            self._finish()
            return
        if game.is_mrx_turn:
            self.agent_selection = "mrx"
            return
        movers = {m.piece for m in game.legal_moves()}
        for piece in game.remaining:
            if piece in movers:
                self.agent_selection = agent_name(piece)
                return
        raise AssertionError("the engine left a round open with no detective able to move")

    def _moves_of(self, agent: str):
        game = self.game
        if game.winner or agent != self.agent_selection:
            return ()
        piece = self.piece_of[agent]
        return tuple(m for m in game.legal_moves() if m.piece is piece)

    def legal_mask(self, agent: str) -> np.ndarray:
        """The agent's mask (a new array; computed once per decision and copied after)."""
        if self.terminations.get(agent) or self.game.winner or agent != self.agent_selection:
            return np.zeros(self.codec.n, dtype=np.int8)
        key = (self.game, self.pending, agent)
        if self._mask_key is None or any(a is not b for a, b in zip(self._mask_key, key)):
            self._mask = self.codec.mask(self._moves_of(agent), self.pending if agent == "mrx" else None)
            self._mask_key = key
        return self._mask.copy()

    def observe(self, agent: str):
        game = self.game
        seat = self.pieces.index(self.piece_of[agent])
        to_move = None if game.winner else self.pieces.index(self.piece_of[self.agent_selection])
        obs = self.encoder.finish(self._public, seat, to_move,
                                  game.mrx_location if seat == 0 else None, self.pending if seat == 0 else None)
        return {"observation": obs, "action_mask": self.legal_mask(agent)}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        index = int(action)
        mask = self.legal_mask(agent)
        if not 0 <= index < self.codec.n or not mask[index]:
            legal = ", ".join(self.codec.describe(i) for i in np.flatnonzero(mask)[:20])
            raise IllegalAction(f"{agent}: action {index} ({self.codec.describe(index) if 0 <= index < self.codec.n else 'out of range'}) "
                                f"is not available; available: {legal}{' ...' if mask.sum() > 20 else ''}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        self.actions.append(index)
        ticket, station, first = self.codec.decode(index)
        piece = self.piece_of[agent]
        source = self.game.location(piece)
        if first:
            self.pending = (ticket, station)  # Mr X decides his second ride next
        else:
            if self.pending is not None:
                t1, d1 = self.pending
                move = DoubleMove(piece, source, t1, d1, ticket, station)
                self.pending = None
            else:
                move = SingleMove(piece, source, ticket, station)
            self.game = self.game.advance(move)
            self.encoder.after_move(self._public, move, self.game)
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        winners = self.game.winner
        for agent in self.agents:
            self.rewards[agent] = 1.0 if self.piece_of[agent] in winners else -1.0
            self.terminations[agent] = True
            self.infos[agent] = {"winner": "mrx" if Piece.MRX in winners else "detectives",
                                 "log": len(self.game.travel_log)}

    # --- drawing ------------------------------------------------------------------------------
    def render(self):
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() was called without a render_mode (use 'rgb_array' or 'human')")
            return None
        if self._renderer is None:
            from game.envs.arcade.sy_frames import ScotlandYardFrames

            self._renderer = ScotlandYardFrames(self.render_size, window=self.render_mode == "human")
        frame = self._renderer.show(self.start, self.game)
        return frame if self.render_mode == "rgb_array" else None

    def close(self):
        if self._renderer is not None:
            self._renderer.close()
            self._renderer = None
