"""The results database: every game of every tournament, in one SQLite file.

One row per finished game, written as soon as the game finishes, each in its own transaction:
an interrupted run keeps every game that finished, and a rerun of the same tournament skips
them (a game is identified by its tournament and its job's key, which is unique). Two runs may
write at once (SQLite's write-ahead log and a busy timeout). The file carries a schema version:
a file from a newer version of this program is refused, never rewritten.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from game.cli import UsageError

from .schedule import Job, Outcome

SCHEMA_VERSION = 1
SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite 3 database
DB_SUFFIXES = (".sqlite", ".sqlite3", ".db")  # an empty file so named is a new database

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    tournament TEXT NOT NULL,
    job_key TEXT NOT NULL,
    game TEXT NOT NULL,
    players TEXT NOT NULL,          -- JSON list, one player spec per seat
    player_versions TEXT NOT NULL,  -- JSON list: the project's version, or a cmd: program's command and files
    setup_name TEXT NOT NULL,
    setup_digest TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,          -- JSON object
    ranks TEXT NOT NULL,            -- JSON list, one per seat, 0 = best
    scores TEXT NOT NULL,           -- JSON list, one per seat
    turns INTEGER NOT NULL,
    seconds REAL NOT NULL,          -- the game's wall time
    mean_move_seconds REAL NOT NULL,
    max_move_seconds REAL NOT NULL,
    errors TEXT NOT NULL,           -- JSON object
    detail TEXT NOT NULL,           -- JSON object
    timing TEXT NOT NULL,           -- JSON object: a game's own timing figures
    finished_at REAL NOT NULL,
    UNIQUE (tournament, job_key)
);
CREATE INDEX IF NOT EXISTS games_by_game ON games (game);
CREATE TABLE IF NOT EXISTS failures (  -- games that could not be played (their worker died twice)
    id INTEGER PRIMARY KEY,
    tournament TEXT NOT NULL,
    job_key TEXT NOT NULL,
    game TEXT NOT NULL,
    players TEXT NOT NULL,
    player_versions TEXT NOT NULL,
    setup_name TEXT NOT NULL,
    setup_digest TEXT NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    reason TEXT NOT NULL,
    failed_at REAL NOT NULL,
    UNIQUE (tournament, job_key)
);
"""
TABLES = {"meta", "games", "failures"}


def _columns_of(table: str) -> set[str]:
    body = _SCHEMA.split(f"CREATE TABLE IF NOT EXISTS {table} (")[1].split(");")[0]
    return {line.split()[0] for line in body.strip().splitlines()
            if line.strip() and not line.strip().startswith(("UNIQUE", "--"))}


_COLUMNS = _columns_of("games")
_FAILURE_COLUMNS = _columns_of("failures")


class DatabaseError(UsageError):
    """The results file cannot be used (the message names the file and why). A usage error: a
    command that meets one anywhere prints that one line and exits 2."""


@dataclass(frozen=True)
class _StoredJob:
    """What the database keeps of a scheduled game, played or not (the setup by its name and
    digest, not its text)."""

    tournament: str
    game: str
    players: tuple[str, ...]
    setup_name: str
    setup_digest: str
    seed: int
    options: dict


@dataclass(frozen=True)
class StoredGame(_StoredJob):
    """A game as the database holds it."""

    outcome: Outcome
    finished_at: float
    job_key: str = ""
    player_versions: tuple[str, ...] = ()


@dataclass(frozen=True)
class StoredFailure(_StoredJob):
    """A game that could not be played (its worker died twice): never a result, but its players
    are shown, and a one-seat game counts it against its player."""

    reason: str
    failed_at: float
    job_key: str = ""
    player_versions: tuple[str, ...] = ()


@dataclass(frozen=True)
class TournamentInfo:
    """One tournament in the database: what ``ratings --list`` shows."""

    name: str
    game: str
    games: int
    failures: int
    first: float | None
    last: float | None
    versions: tuple[str, ...]  # the player versions its games were played by


def _version(spec: str, game: str | None = None) -> str:
    """What played: an outside program by its command, our players by the digest of their game's
    code (:func:`~game.tournament.schedule.code_version`), and a user's agent or bot outside the
    project by that code and its own file (its path and a digest of its bytes)."""
    from .programs import player_digest, program_digest

    if spec.startswith("cmd:"):
        return f"{spec} (files {program_digest(spec[len('cmd:'):])})"
    from .schedule import code_version

    own = player_digest(spec)
    return f"code {code_version(game)}" + (f" (file {own})" if own else "")


class ResultsDB:
    """The results of every game played. ``readonly`` (``ratings``): nothing is ever written, not
    even the tables of a new file."""

    def __init__(self, path: str | Path, *, readonly: bool = False):
        self.path = Path(path)
        self.readonly = readonly
        self.empty = False  # a file without tables (read only): no games
        self.has_failures = False  # the file has the failures table (one from before it has not)
        # What each player is (_version), worked out once per run: a cmd: program's files are
        # hashed for its first game, not again for each of its hundreds.
        self._versions: dict[tuple[str, str | None], str] = {}
        try:
            if not readonly:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._check_file()
            if readonly:  # never a write, not even a journal: a file the user may only read opens
                self._open_readonly()
            else:
                self.conn = sqlite3.connect(str(self.path), timeout=30.0, isolation_level=None)
                self.conn.execute("PRAGMA busy_timeout = 30000")
                self._check_version()  # before anything is changed: a file of someone else's stays as it is
            if not readonly:
                self.conn.execute("PRAGMA journal_mode = WAL")
                self.conn.executescript(_SCHEMA)
                self.has_failures = True
        except sqlite3.DatabaseError as exc:
            text = str(exc)
            if "readonly" in text or "read-only" in text:
                raise DatabaseError(f"{self.path}: permission denied: this user may not write the results database "
                                    f"({text})") from None
            if "unable to open" in text:
                raise DatabaseError(f"{self.path}: cannot open the results database ({text})") from None
            raise DatabaseError(f"{self.path}: not a results database this program can use ({text})") from None
        except OSError as exc:
            raise DatabaseError(f"{self.path}: cannot open ({exc.strerror or exc})") from None

    def _open_readonly(self) -> None:
        """Open for reading. A file this user may write (in a folder they may write) opens as
        always, and is not written to; another opens read-only (SQLite's ``mode=ro``). A database
        in write-ahead-log mode needs its shared-memory file beside it, which a user who may not
        write in that folder cannot make: with no log file there (no run is writing, every game is
        in the file itself) the file is then read as it is (``immutable``)."""
        import os

        uri = self.path.resolve().as_uri()
        targets = [(uri + "?mode=ro", True)]
        if os.access(self.path, os.W_OK) and os.access(self.path.parent, os.W_OK):
            targets.insert(0, (str(self.path), False))  # SQLite tidies its journal files on closing
        if not self.path.with_name(self.path.name + "-wal").exists():
            targets.append((uri + "?mode=ro&immutable=1", True))
        for n, (target, is_uri) in enumerate(targets):
            self.conn = sqlite3.connect(target, uri=is_uri, timeout=30.0, isolation_level=None)
            try:
                self.conn.execute("PRAGMA busy_timeout = 30000")
                self._check_version()
                return
            except sqlite3.OperationalError as exc:
                self.conn.close()
                text = str(exc)
                if n == len(targets) - 1 or not ("readonly" in text or "unable to open" in text):
                    raise

    def _check_file(self) -> None:
        """What can be told of the file before SQLite opens it: a folder, a file this user may not
        read (or, to write results, not write), a file that is no SQLite database, an empty file
        (taken as a new database only when its name says so: .sqlite, .sqlite3 or .db)."""
        import os

        from game.cli import cannot_write_in

        path = self.path
        if path.is_dir():
            raise DatabaseError(f"{path}: is a folder, not a results database")
        if path.exists():
            if not os.access(path, os.R_OK):
                raise DatabaseError(f"{path}: permission denied: this user may not read it")
            with open(path, "rb") as f:
                head = f.read(len(SQLITE_HEADER))
            if not head:
                if path.suffix.lower() not in DB_SUFFIXES:
                    raise DatabaseError(f"{path}: an empty file, not a results database (an empty file is taken as "
                                        f"a new database only when named {', '.join(DB_SUFFIXES)}); nothing was "
                                        f"changed")
            elif head != SQLITE_HEADER:
                raise DatabaseError(f"{path}: not an SQLite database, so not a results database; nothing was changed")
            if not self.readonly and not os.access(path, os.W_OK):
                raise DatabaseError(f"{path}: permission denied: this user may not write the results database")
        if not self.readonly:
            why = cannot_write_in(path.parent)
            if why is not None:
                raise DatabaseError(f"{path}: cannot write in its folder {path.parent} ({why}), where SQLite keeps "
                                    f"its journal")

    def _check_version(self) -> None:
        tables = {row[0] for row in self.conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if "meta" in tables:
            row = self.conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
            if row is None or not str(row[0]).isdigit():
                raise DatabaseError(f"{self.path}: results database without a schema version")
            found = int(row[0])
            if found > SCHEMA_VERSION:
                raise DatabaseError(f"{self.path}: written by a newer version of this program (schema {found}; "
                                    f"this one reads up to {SCHEMA_VERSION}); nothing was changed")
            for table, columns in (("games", _COLUMNS), ("failures", _FAILURE_COLUMNS)):
                if table == "failures" and table not in tables:
                    continue  # a file from before the table existed: made when first written
                have = {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}
                missing = sorted(columns - have)
                if missing:
                    raise DatabaseError(f"{self.path}: its {table} table lacks the columns {', '.join(missing)} (a "
                                        f"file from a development version, or edited by hand); nothing was changed")
            self.has_failures = "failures" in tables
            return
        if tables - TABLES:
            raise DatabaseError(f"{self.path}: an SQLite file with other tables ({', '.join(sorted(tables))}), "
                                f"not a results database; nothing was changed")
        if tables:
            # This program makes ``meta`` (with its schema version) first: a file with a games
            # table and no ``meta`` is another program's, and stays exactly as it is.
            raise DatabaseError(f"{self.path}: an SQLite file with a table {', '.join(sorted(tables))} but no schema "
                                f"version, another program's, not a results database; nothing was changed")
        if self.readonly:
            self.empty = True
            return
        self.conn.executescript(_SCHEMA)
        self.conn.execute("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', ?)",
                          (str(SCHEMA_VERSION),))
        self.has_failures = True

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "ResultsDB":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _damaged(self, exc: sqlite3.Error) -> DatabaseError:
        """The one line for an SQLite error met while reading or writing games (a damaged page:
        'database disk image is malformed', a full disk, a lock held too long)."""
        text = str(exc)
        if "malformed" in text or "not a database" in text:
            return DatabaseError(f"{self.path}: the results database is damaged ({text}); nothing was changed "
                                 f"(a copy made with `sqlite3 {self.path.name} .recover` may save its games)")
        return DatabaseError(f"{self.path}: the results database could not be used ({text})")

    def _rows(self, sql: str, args=()) -> Iterator[tuple]:
        """The rows of a query, an SQLite error as a :class:`DatabaseError` (one line)."""
        try:
            cursor = self.conn.execute(sql, args)
            while True:
                rows = cursor.fetchmany(256)
                if not rows:
                    return
                yield from rows
        except sqlite3.Error as exc:
            raise self._damaged(exc) from None

    def _write(self, sql: str, args=()) -> int:
        try:
            return self.conn.execute(sql, args).rowcount
        except sqlite3.Error as exc:
            raise self._damaged(exc) from None

    def done_keys(self, tournament: str) -> set[str]:
        if self.empty:
            return set()
        return {row[0] for row in self._rows("SELECT job_key FROM games WHERE tournament = ?", (tournament,))}

    def outcomes(self, tournament: str) -> dict[str, Outcome]:
        """The finished games of a tournament by job key (what a resumed run need not play)."""
        out = {}
        if self.empty:
            return out
        for row in self._rows("SELECT job_key, ranks, scores, turns, seconds, mean_move_seconds, "
                              "max_move_seconds, errors, detail, timing FROM games WHERE tournament = ?",
                              (tournament,)):
            key, ranks, scores, turns, seconds, mean_s, max_s, errors, detail, timing = row
            out[key] = self._outcome(key, ranks, scores, turns, seconds, mean_s, max_s, errors, detail, timing)
        return out

    def _outcome(self, key, ranks, scores, turns, seconds, mean_s, max_s, errors, detail, timing) -> Outcome:
        try:
            return Outcome.from_dict({"ranks": json.loads(ranks), "scores": json.loads(scores), "turns": turns,
                                      "seconds": seconds, "mean_move_seconds": mean_s, "max_move_seconds": max_s,
                                      "errors": json.loads(errors), "detail": json.loads(detail),
                                      "timing": json.loads(timing)})
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise DatabaseError(f"{self.path}: game {key!r} is damaged ({type(exc).__name__}: {str(exc)[:80]}); "
                                f"nothing was changed") from None

    def _version_of(self, spec: str, game: str | None) -> str:
        key = (spec, game)
        if key not in self._versions:
            self._versions[key] = _version(spec, game)
        return self._versions[key]

    def add(self, tournament: str, job: Job, outcome: Outcome) -> bool:
        """Store one finished game; ``False`` if this tournament already has it (never twice:
        another run on the same database may have stored it first)."""
        d = outcome.as_dict()
        added = self._write(
            "INSERT OR IGNORE INTO games (tournament, job_key, game, players, player_versions, setup_name, "
            "setup_digest, seed, options, ranks, scores, turns, seconds, mean_move_seconds, max_move_seconds, errors, "
            "detail, timing, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (tournament, job.key, job.game, json.dumps(list(job.players)),
             json.dumps([self._version_of(p, job.game) for p in job.players]), job.setup_name, job.setup_digest,
             job.seed,
             json.dumps(dict(job.options), default=str), json.dumps(d["ranks"]), json.dumps(d["scores"]),
             d["turns"], d["seconds"], d["mean_move_seconds"], d["max_move_seconds"], json.dumps(d["errors"]),
             json.dumps(d["detail"], default=str), json.dumps(d["timing"]), time.time())) == 1
        if self.has_failures:  # played after all (a rerun): no longer a game that could not be played
            self._write("DELETE FROM failures WHERE tournament = ? AND job_key = ?", (tournament, job.key))
        return added

    def add_failure(self, tournament: str, job: Job, reason: str) -> None:
        """Note a game that could not be played (never a result: a rerun tries it again)."""
        if not self.has_failures:
            return
        self._write(
            "INSERT OR REPLACE INTO failures (tournament, job_key, game, players, player_versions, setup_name, "
            "setup_digest, seed, options, reason, failed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (tournament, job.key, job.game, json.dumps(list(job.players)),
             json.dumps([self._version_of(p, job.game) for p in job.players]), job.setup_name, job.setup_digest,
             job.seed, json.dumps(dict(job.options), default=str), str(reason)[:500], time.time()))

    @staticmethod
    def _where(game: str | None, tournament: str | None) -> tuple[str, list]:
        where, args = [], []
        if game is not None:
            where.append("game = ?")
            args.append(game)
        if tournament is not None:
            where.append("tournament = ?")
            args.append(tournament)
        return (" WHERE " + " AND ".join(where)) if where else "", args

    def _seats(self, name: str, players: str, options: str, versions: str) -> tuple[tuple, dict, tuple]:
        try:
            seats, opts, made = tuple(json.loads(players)), json.loads(options), tuple(json.loads(versions))
            if not all(isinstance(p, str) for p in seats):
                raise TypeError("players are not names")
        except (TypeError, ValueError) as exc:
            raise DatabaseError(f"{self.path}: a game of {name!r} is damaged ({str(exc)[:80]}); "
                                f"nothing was changed") from None
        return seats, opts, tuple(str(v) for v in made)

    def games(self, game: str | None = None, tournament: str | None = None) -> Iterator[StoredGame]:
        if self.empty:
            return
        where, args = self._where(game, tournament)
        sql = ("SELECT tournament, game, players, setup_name, setup_digest, seed, options, ranks, scores, turns, "
               "seconds, mean_move_seconds, max_move_seconds, errors, detail, timing, finished_at, job_key, "
               "player_versions FROM games" + where + " ORDER BY id")
        for row in self._rows(sql, args):
            (name, kind, players, setup_name, setup_digest, seed, options, ranks, scores, turns, seconds, mean_s,
             max_s, errors, detail, timing, finished_at, job_key, versions) = row
            outcome = self._outcome(f"{name}/{seed}", ranks, scores, turns, seconds, mean_s, max_s, errors, detail,
                                    timing)
            seats, opts, made = self._seats(name, players, options, versions)
            yield StoredGame(name, kind, seats, setup_name, setup_digest, seed, opts, outcome, finished_at, job_key,
                             made)

    def failures(self, game: str | None = None, tournament: str | None = None) -> Iterator[StoredFailure]:
        """The games that could not be played (none in a file from before they were noted)."""
        if self.empty or not self.has_failures:
            return
        where, args = self._where(game, tournament)
        sql = ("SELECT tournament, game, players, setup_name, setup_digest, seed, options, reason, failed_at, "
               "job_key, player_versions FROM failures" + where + " ORDER BY id")
        for row in self._rows(sql, args):
            name, kind, players, setup_name, setup_digest, seed, options, reason, failed_at, job_key, versions = row
            seats, opts, made = self._seats(name, players, options, versions)
            yield StoredFailure(name, kind, seats, setup_name, setup_digest, seed, opts, str(reason), failed_at,
                                job_key, made)

    def tournaments(self, game: str | None = None) -> list[TournamentInfo]:
        """Every tournament in the file, oldest first: its game, games, failures, when and by what."""
        if self.empty:
            return []
        where, args = self._where(game, None)
        found: dict[str, dict] = {}
        for name, kind, count, first, last in self._rows(
                "SELECT tournament, game, COUNT(*), MIN(finished_at), MAX(finished_at) FROM games" + where +
                " GROUP BY tournament, game", args):
            found[name] = {"game": kind, "games": count, "failures": 0, "first": first, "last": last,
                           "versions": set()}
        for name, versions in self._rows("SELECT DISTINCT tournament, player_versions FROM games" + where, args):
            try:
                found[name]["versions"].update(str(v) for v in json.loads(versions))
            except (TypeError, ValueError, KeyError):
                found[name]["versions"].add("(damaged)")
        if self.has_failures:
            for name, kind, count, first, last in self._rows(
                    "SELECT tournament, game, COUNT(*), MIN(failed_at), MAX(failed_at) FROM failures" + where +
                    " GROUP BY tournament, game", args):
                entry = found.setdefault(name, {"game": kind, "games": 0, "failures": 0, "first": first,
                                                "last": last, "versions": set()})
                entry["failures"] = count
        out = [TournamentInfo(name, e["game"], e["games"], e["failures"], e["first"], e["last"],
                              tuple(sorted(e["versions"]))) for name, e in found.items()]
        return sorted(out, key=lambda t: (t.first or 0.0, t.name))


def default_db_path() -> Path:
    """The per-user results file (beside the replays)."""
    import platformdirs

    return Path(platformdirs.user_data_dir("treasure-island-arcade", appauthor=False)) / "results.sqlite"
