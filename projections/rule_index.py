"""Rule search: every fact of every stored game, indexed by game kind, rule
id, event type and seat.

A read model kept in the store's own database beside the events: a table of
occurrences (one row per `Happened` record) and a one-row position, the last
notification id read.  `catch_up()` reads the notification log after the
position, up to `Database.log_horizon()` (below which nothing can still
commit), in pages; per page it inserts the occurrences and moves the
position in one transaction, guarded by the position it started from.  So a
crash between pages loses nothing, a restart goes on where it stopped, and
two processes catching up at once never count an event twice (the loser's
page rolls back and it reads on from the winner's position).

Only ids, rule ids, types and seats are indexed; a listing's one-line text is
the game's `describe` of the stored fact, made when a page is read (so
reindexing a million events is a bulk copy of small rows, and a game's
wording can change without reindexing).  `describe` is public by contract
(docs/GAMES.md), so listings never show more than every seat's timeline.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.utils import get_topic

from engine.core import session as fold
from engine.core.errors import GameNotFound, RuleSearchUnavailable
from engine.core.game import find_game
from engine.core.log import Deletion, GameLog
from engine.core.store import Store
from engine.core.visibility import fact_line

_STARTED = get_topic(GameLog.Started)
_COMMAND = get_topic(GameLog.CommandIssued)
_FACT = get_topic(GameLog.Happened)
# Undo and redo are records with a seat of their own that facts can follow.
_SEATED = (_COMMAND, get_topic(GameLog.CommandUndone), get_topic(GameLog.CommandRedone))
_DELETED = get_topic(Deletion.Recorded)     # a game deleted: drop what we indexed of it
_TOPICS = (_STARTED, _FACT, *_SEATED, _DELETED)
PAGE = 10000           # notifications read per transaction while catching up
LISTING_PAGE = 50      # occurrences per listed page
POSITION = "rules"     # the row of the position table this index owns

_TABLES = (
    "CREATE TABLE IF NOT EXISTS rule_index_position ("
    " name TEXT PRIMARY KEY, position BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS rule_index_occurrences ("
    " notification_id BIGINT PRIMARY KEY, game_id TEXT NOT NULL, kind TEXT NOT NULL,"
    " rule TEXT NOT NULL, type TEXT NOT NULL, seat TEXT, step INTEGER NOT NULL)",
    "CREATE INDEX IF NOT EXISTS ix_rule_occurrences_rule"
    " ON rule_index_occurrences (kind, rule, notification_id)",
    "CREATE INDEX IF NOT EXISTS ix_rule_occurrences_game"
    " ON rule_index_occurrences (game_id)",
    # A game's kind, learnt from its Started record: facts do not repeat it.
    "CREATE TABLE IF NOT EXISTS rule_index_games ("
    " game_id TEXT PRIMARY KEY, kind TEXT NOT NULL)",
)


@dataclass(frozen=True, slots=True)
class Occurrence:
    """One time a rule fired: where, and in plain words."""

    game_id: UUID
    kind: str
    step: int
    seat: str | None
    rule: str
    type: str
    text: str


@dataclass(frozen=True, slots=True)
class RuleCount:
    rule: str
    fired: int
    games: int


class RuleIndex:
    """The rule-search read model of one store."""

    def __init__(self, store: Store):
        self.store = store
        self.sql = store.db.sql(RuleSearchUnavailable, prefix="rule_index_")
        with self.sql.transaction(commit=True) as c:
            self.sql.one_creator(c)
            for statement in _TABLES:
                c.execute(self.sql.q(statement))
            c.execute(self.sql.q("INSERT INTO rule_index_position (name, position) "
                                 "SELECT ?, 0 WHERE NOT EXISTS "
                                 "(SELECT 1 FROM rule_index_position WHERE name = ?)"),
                      (POSITION, POSITION))
        self._lock = threading.Lock()                  # one catch-up at a time per process
        self._kinds: dict[str, str] = {}               # game id (hex) -> kind
        self._seats: dict[tuple[str, int], str] = {}   # (game, command step) -> seat, one page's worth

    # ---- keeping up ------------------------------------------------------------------------
    def position(self) -> int:
        with self.sql.transaction(commit=False) as c:
            c.execute(self.sql.q("SELECT position FROM rule_index_position WHERE name = ?"), (POSITION,))
            return _first(c.fetchone())

    def catch_up(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Index every notification after the position; the number indexed.
        `progress(read, last)` is told after each page."""
        with self._lock:
            return self._catch_up(progress)

    def _catch_up(self, progress: Callable[[int, int], None] | None) -> int:
        # On PostgreSQL a record may commit after one with a higher id: read
        # only up to where nothing more can appear (Database.log_horizon).
        done, horizon = 0, self.store.db.log_horizon()
        while True:
            start = self.position()
            page = self._read_page(start, horizon)
            if not page:
                return done
            rows, games, deleted = self._occurrences(page)
            if self._commit_page(start, page[-1][0], rows, games, deleted):
                done += len(rows)
            else:
                self._seats.clear()        # another process won this page: read on from its position
            if progress:
                progress(done, page[-1][0])

    def _read_page(self, start: int, horizon: int) -> list[tuple]:
        topics = ",".join(["?"] * len(_TOPICS))
        sql = self.sql.q(f"SELECT {self.sql.id_column}, originator_id, originator_version, topic, state "
                         f"FROM {self.sql.events} WHERE {self.sql.id_column} > ? AND {self.sql.id_column} <= ? "
                         f"AND topic IN ({topics}) ORDER BY {self.sql.id_column} LIMIT ?")
        with self.sql.transaction(commit=False) as c:
            c = self.sql.plain(c)
            c.execute(sql, (start, horizon, *_TOPICS, PAGE))
            return self.sql.rows(c)

    def _occurrences(self, page: Iterable[tuple]) -> tuple[list[tuple], list[tuple], list[str]]:
        rows, games, deleted, keys = [], [], [], {}
        for nid, originator, version, topic, state in page:
            gid = keys.get(originator)
            if gid is None:     # a page is mostly one game's records: convert its id once
                gid = keys[originator] = self.sql.key(originator)
            if topic == _STARTED:
                kind = orjson.loads(state)["kind"]
                self._kinds[gid] = kind
                games.append((gid, kind))
            elif topic in _SEATED:
                self._seats[(gid, version)] = orjson.loads(state)["seat"]
            elif topic == _DELETED:
                gone = UUID(orjson.loads(state)["game"]).hex
                deleted.append(gone)
                self._kinds.pop(gone, None)
            else:
                data = orjson.loads(state)
                seat = self._seat(gid, data["cause"])
                rows.append((nid, gid, self._kind(gid), data["rule"], data["type"], seat, version))
        return rows, games, deleted

    def _seat(self, gid: str, cause: int) -> str | None:
        """The seat of the command a fact belongs to (None: set-up or a fact
        whose command was read before a restart and is looked up)."""
        seat = self._seats.get((gid, cause))
        if seat is None and cause > 1:
            records = self.store.rows(UUID(gid), cause - 1, cause)
            if records and "seat" in records[0].data:
                seat = records[0].data["seat"]
                self._seats[(gid, cause)] = seat
        return seat

    def _kind(self, gid: str) -> str:
        kind = self._kinds.get(gid)
        if kind is None:
            with self.sql.transaction(commit=False) as c:
                c.execute(self.sql.q("SELECT kind FROM rule_index_games WHERE game_id = ?"), (gid,))
                row = c.fetchone()
            kind = _first(row) if row else self.store.header(UUID(gid)).kind
            self._kinds[gid] = kind
        return kind

    def _commit_page(self, start: int, last: int, rows: list[tuple], games: list[tuple],
                     deleted: list[str]) -> bool:
        """Store one page and move the position from `start` to `last`, or
        nothing if another process moved it first."""
        with self.sql.transaction(commit=True) as c:
            c.execute(self.sql.q("UPDATE rule_index_position SET position = ? "
                                 "WHERE name = ? AND position = ?"), (last, POSITION, start))
            if self.sql.rowcount(c) != 1:
                return False
            self.sql.executemany(c, "INSERT INTO rule_index_games (game_id, kind) VALUES (?, ?)", games)
            self.sql.executemany(c, "INSERT INTO rule_index_occurrences "
                                    "(notification_id, game_id, kind, rule, type, seat, step) "
                                    "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)
            for gid in deleted:
                self._drop(c, gid)
        if len(self._seats) > 100_000:      # only a page's commands are needed again
            self._seats.clear()
        return True

    def rebuild(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Forget everything and index the whole store again."""
        with self._lock:
            with self.sql.transaction(commit=True) as c:
                c.execute(self.sql.q("DELETE FROM rule_index_occurrences"))
                c.execute(self.sql.q("DELETE FROM rule_index_games"))
                c.execute(self.sql.q("UPDATE rule_index_position SET position = 0 WHERE name = ?"),
                          (POSITION,))
            self._kinds.clear()
            self._seats.clear()
            return self._catch_up(progress)

    def _drop(self, cursor, gid: str) -> None:
        """Forget a deleted game (its tombstone was read)."""
        for table in ("rule_index_occurrences", "rule_index_games"):
            cursor.execute(self.sql.q(f"DELETE FROM {table} WHERE game_id = ?"), (gid,))

    # ---- asking ----------------------------------------------------------------------------
    def counts(self, kind: str) -> dict[str, RuleCount]:
        """Per rule id of `kind`: how many facts cited it, in how many games."""
        self.catch_up()
        with self.sql.transaction(commit=False) as c:
            c.execute(self.sql.q("SELECT rule, COUNT(*) AS fired, COUNT(DISTINCT game_id) AS games FROM rule_index_occurrences "
                                 "WHERE kind = ? GROUP BY rule"), (kind,))
            return {rule: RuleCount(rule, fired, games) for rule, fired, games in self.sql.rows(c)}

    def occurrences(self, kind: str, rule: str, page: int = 1,
                    per_page: int = LISTING_PAGE) -> tuple[list[Occurrence], int]:
        """One page of the times `rule` fired in games of `kind`, newest
        first, and the total count."""
        self.catch_up()
        with self.sql.transaction(commit=False) as c:
            c.execute(self.sql.q("SELECT COUNT(*) AS total FROM rule_index_occurrences WHERE kind = ? AND rule = ?"),
                      (kind, rule))
            total = _first(c.fetchone())
            c.execute(self.sql.q("SELECT game_id, step, seat, type FROM rule_index_occurrences "
                                 "WHERE kind = ? AND rule = ? ORDER BY notification_id DESC LIMIT ? OFFSET ?"),
                      (kind, rule, per_page, (max(page, 1) - 1) * per_page))
            found = self.sql.rows(c)
        return [self._occurrence(kind, rule, *row) for row in found], total

    def _occurrence(self, kind: str, rule: str, gid: str, step: int, seat: str | None, type_: str) -> Occurrence:
        game_id = UUID(gid)
        try:
            record = self.store.rows(game_id, step - 1, step)[0]
            text = fact_line(find_game(kind), fold.decode_fact(find_game(kind), record.data))
        except (GameNotFound, IndexError):
            text = "(this game is no longer in the store)"
        return Occurrence(game_id, kind, step, seat, rule, type_, text)

    def all_rows(self) -> list[tuple]:
        """Every occurrence row in notification order (for comparing indexes)."""
        self.catch_up()
        with self.sql.transaction(commit=False) as c:
            c.execute(self.sql.q("SELECT notification_id, game_id, kind, rule, type, seat, step "
                                 "FROM rule_index_occurrences ORDER BY notification_id"))
            return self.sql.rows(c)


def _first(row) -> Any:
    if isinstance(row, dict):
        return next(iter(row.values()))
    return row[0]


def print_progress(stream=sys.stderr) -> Callable[[int, int], None]:
    """A progress callback for long rebuilds: one line every second."""
    last = [0.0]

    def report(indexed: int, position: int) -> None:
        now = time.monotonic()
        if now - last[0] >= 1.0:
            print(f"  indexed {indexed:,} facts (notification {position:,})", file=stream, flush=True)
            last[0] = now
    return report
