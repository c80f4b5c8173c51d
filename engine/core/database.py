"""The one module that knows SQLite from PostgreSQL (and from memory).

Everything else in boardlog speaks to a `Database`: raw rows of a stream
in order, the head of a stream, rows deleted for good, the notification
log's safe horizon, the tuning of each connection, and plain SQL for the
read models that keep tables beside the events (rule search, analysis).
A database is one of three kinds:

- `sqlite`: one file; plain SQL through the library's own connections;
- `postgres`: a server; plain SQL, prepared statements, a schema per store;
- `memory`: the library's POPO recorder (unit tests): no SQL at all.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from uuid import UUID

from .errors import BadInput, LazyLogger, StoreUnavailable

_log = LazyLogger(__name__)
DEFAULT_DB = "boardlog.db"
READ_CHUNK = 5000  # records per read: the connection goes back to the pool between reads
SQLITE, POSTGRES, MEMORY = "sqlite", "postgres", "memory"


def kind_of(obj: Any) -> str:
    """The kind of database a library object (recorder, factory) belongs to."""
    module = type(obj).__module__
    if module.endswith("sqlite"):
        return SQLITE
    if module.endswith("postgres"):
        return POSTGRES
    return MEMORY


def store_env(db: str | None = None) -> dict[str, str]:
    """Where to store: `--db PATH`, else $PERSISTENCE_MODULE settings, else
    SQLite at $BOARDLOG_DB or ./boardlog.db."""
    if db is None and os.environ.get("PERSISTENCE_MODULE"):
        # The library waits 30 s for an unreachable server; say so sooner.
        return {} if os.environ.get("POSTGRES_CONNECT_TIMEOUT") else {"POSTGRES_CONNECT_TIMEOUT": "10"}
    path = db or os.environ.get("BOARDLOG_DB") or DEFAULT_DB
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path, "SQLITE_LOCK_TIMEOUT": "10"}


def describe_settings(settings: dict[str, str]) -> str:
    """Where these settings point, in words (for an error that cannot open it)."""
    module = settings.get("PERSISTENCE_MODULE") or os.environ.get("PERSISTENCE_MODULE", "")
    if module.endswith("sqlite"):
        return f"SQLite file {settings.get('SQLITE_DBNAME')}"
    return module or "the default store"


# The tables the library makes in a SQLite file (its application recorder's
# events, and its snapshot store's, where engine/core/checkpoints.py keeps ours).
EVENTS_TABLE, SNAPSHOTS_TABLE = "stored_events", "stored_snapshots"


class Database:
    """The recorder of one store, seen through what boardlog asks of it.

    `connection`: instead of a recorder, a plain `sqlite3` connection to a
    store's file, for reading alone (engine/core/readonly.py): every read
    of a SQLite store here is plain SQL, which needs nothing of the library."""

    def __init__(self, recorder: Any, env: dict[str, str], connection: Any = None):
        self.recorder = recorder
        self.env = env
        self.connection = connection
        self.kind = SQLITE if connection is not None else kind_of(recorder)
        self.rows_read = 0  # rows read from storage through this database (tests: "folded once")
        self._count_lock = threading.Lock()
        # A SQLite file read through the library's pool pays its reader-writer
        # interlock, a connection taken and given back, and its cursor wrapper:
        # about 0.1 ms a read, five reads a replay step (issue #24).  Reads go
        # instead through a plain read-only connection of each thread's own
        # (15 us); writes stay the library's.  A file only: an in-memory
        # database is one connection's, seen by no other.
        self._readers = _ThreadReaders(env) if connection is None and self.kind == SQLITE else None
        table = getattr(recorder, "events_table_name", EVENTS_TABLE)
        if self.kind == SQLITE:
            self.events_table, self.p = table, "?"
        elif self.kind == POSTGRES:
            self.events_table, self.p = f'"{recorder.datastore.schema}"."{table}"', "%s"
        else:
            self.events_table, self.p = "", ""
        self._rows_sql = (f"SELECT originator_version, topic, state FROM {self.events_table} "
                          f"WHERE originator_id={self.p} AND originator_version>{self.p} "
                          f"AND originator_version<={self.p} ORDER BY originator_version")
        self._head_sql = (f"SELECT MAX(originator_version) AS v FROM {self.events_table} "
                          f"WHERE originator_id={self.p}")

    # ---- what it is -----------------------------------------------------------------------
    @property
    def local(self) -> bool:
        """Reads never wait on a network (a file or memory): short enough to
        run on a server's event loop rather than hand to a thread."""
        return self.kind != POSTGRES

    @property
    def keeps_gaps(self) -> bool:
        """Deleted rows leave a gap in the notification log (SQL); in memory
        the positions close up, so a follower must read everything again."""
        return self.kind != MEMORY

    @property
    def ordered_streams(self) -> bool:
        """A stream read back in version order by the library (not in memory,
        where rows come in insertion order)."""
        return self.kind != MEMORY

    def location(self) -> str:
        if self.kind == SQLITE:
            return f"SQLite {self.env.get('SQLITE_DBNAME')}"
        if self.kind == POSTGRES:
            return f"PostgreSQL {self.env.get('POSTGRES_DBNAME')}@{self.env.get('POSTGRES_HOST')}"
        return "memory"

    # ---- reading streams --------------------------------------------------------------------
    @contextmanager
    def reading(self) -> Iterator[Any]:
        """SQLite: a plain cursor (rows as tuples: much cheaper than
        sqlite3.Row) in a read transaction, rolled back after: through the
        library's pool, or on the read-only store's own connection."""
        connection = self.connection or (self._readers.get() if self._readers is not None else None)
        if connection is None:
            with self.recorder.datastore.transaction(commit=False) as c:
                c = c.sqlite_cursor
                c.row_factory = None
                yield c
            return
        c = connection.cursor()
        c.execute("BEGIN")  # the connection is in autocommit mode, as the library's are
        try:
            yield c
        finally:
            c.execute("ROLLBACK")

    def _count(self, n: int) -> None:
        with self._count_lock:
            self.rows_read += n

    def key(self, stream_id: UUID) -> Any:
        """A stream id as this database's rows hold it."""
        return stream_id.hex if self.kind == SQLITE else stream_id

    def stream(self, stream_id: UUID, gt: int = 0, lte: int | None = None) -> Iterator[tuple]:
        """Rows (version, topic, state) with gt < version <= lte, in order.

        In chunks by version, each its own short read: the connection goes
        back to the pool before the rows are folded (a long fold never holds
        one), and the fold works on rows still warm in the CPU's caches.
        Versions are contiguous, so a short chunk is the end."""
        if self.kind == MEMORY:
            rows = [(s.originator_version, s.topic, s.state)
                    for s in self.recorder.select_events(stream_id, gt=gt, lte=lte)]
            self._count(len(rows))
            yield from rows
            return
        end = lte if lte is not None else 2**62
        while gt < end:
            top = min(end, gt + READ_CHUNK)
            rows = self._chunk(stream_id, gt, top)
            yield from rows
            if len(rows) < top - gt:
                return
            gt = top

    def rows(self, stream_id: UUID, gt: int = 0, lte: int | None = None) -> list[tuple]:
        return list(self.stream(stream_id, gt, lte))

    def rows_at(self, stream_id: UUID, versions: list[int]) -> dict[int, bytes]:
        """{version: state} of the stream's rows at these versions (those that
        exist), in one read: the digests that vouch for derived data."""
        if not versions:
            return {}
        if self.kind == MEMORY:
            wanted = set(versions)
            return {s.originator_version: s.state for s in self.recorder.select_events(stream_id)
                    if s.originator_version in wanted}
        sql = (f"SELECT originator_version, state FROM {self.events_table} WHERE originator_id={self.p} "
               f"AND originator_version IN ({', '.join([self.p] * len(versions))})")
        if self.kind == SQLITE:
            with self.reading() as c:
                c.execute(sql, (self.key(stream_id), *versions))
                return dict(c.fetchall())
        with self.recorder.datastore.get_connection() as conn, conn.cursor() as c:
            c.execute(sql, (self.key(stream_id), *versions))
            return {r["originator_version"]: bytes(r["state"]) for r in c.fetchall()}

    def _chunk(self, stream_id: UUID, gt: int, lte: int) -> list:
        if self.kind == SQLITE:
            with self.reading() as c:
                c.execute(self._rows_sql, (self.key(stream_id), gt, lte))
                rows = c.fetchall()
        else:
            # One statement needs no BEGIN/ROLLBACK around it (two round
            # trips saved): records never change once stored.
            with self.recorder.datastore.get_connection() as conn, conn.cursor() as c:
                c.execute(self._rows_sql, (self.key(stream_id), gt, lte), prepare=True)
                rows = [(r["originator_version"], r["topic"], r["state"]) for r in c.fetchall()]
        self._count(len(rows))
        return rows

    def games_by_prefix(self, prefix: str, started_topic: str) -> list[UUID] | None:
        """The streams whose id's hex starts with `prefix` (lower-case hex)
        and whose first record is a game's header, in the order they were
        stored: found through the primary key, one index seek per stream
        that matches, never a pass over the whole log (a store of long games
        answers a game's prefix at once: issue #24).  None where that is
        not offered (PostgreSQL, memory): list the games instead."""
        if self.kind != SQLITE:
            return None
        if not 0 < len(prefix) <= 32 or prefix.strip("0123456789abcdef"):
            return []  # no stream id's hex starts with it
        table = self.events_table
        found = []
        with self.reading() as c:
            at, end = prefix, prefix + "g"  # every hex text that starts with `prefix` sorts in [at, end)
            while True:
                row = c.execute(f"SELECT originator_id FROM {table} WHERE originator_id >= ? AND originator_id < ? "
                                f"ORDER BY originator_id LIMIT 1", (at, end)).fetchone()
                if row is None:
                    break
                first = c.execute(f"SELECT rowid, topic FROM {table} WHERE originator_id = ? "
                                  f"AND originator_version = 1", (row[0],)).fetchone()
                if first is not None and first[1] == started_topic:
                    found.append((first[0], row[0]))
                at = row[0] + "\x00"  # the next stream id after this one
        return [UUID(hex=stream) for _, stream in sorted(found)]

    def head(self, stream_id: UUID) -> int:
        """The version of a stream's latest row (0: no such stream)."""
        if self.kind == MEMORY:
            last = self.recorder.select_events(stream_id, desc=True, limit=1)
            return last[0].originator_version if last else 0
        if self.kind == SQLITE:
            with self.reading() as c:
                c.execute(self._head_sql, (self.key(stream_id),))
                return c.fetchone()[0] or 0
        with self.recorder.datastore.get_connection() as conn, conn.cursor() as c:
            c.execute(self._head_sql, (self.key(stream_id),), prepare=True)
            return c.fetchone()["v"] or 0

    def log_horizon(self) -> int:
        """The highest notification id below which no record can still
        appear: what a read model following the log may safely read up to.
        SQLite has one writer at a time, so its ids are committed in order.
        boardlog's PostgreSQL inserts take no table lock (the library's insert
        function), so a record with a lower id may commit after a higher one;
        a brief SHARE lock waits for the inserts in flight, after which every
        id up to the top has committed or rolled back."""
        if self.kind != POSTGRES:
            return self.recorder.max_notification_id() or 0
        with self.recorder.datastore.transaction(commit=True) as c:
            c.execute(f"LOCK TABLE {self.events_table} IN SHARE MODE")
            c.execute(f"SELECT MAX(notification_id) AS top FROM {self.events_table}")
            return c.fetchone()["top"] or 0

    # ---- other processes' writes --------------------------------------------------------------
    @property
    def hears_others(self) -> bool:
        """Can this process hear what other processes store (PostgreSQL's NOTIFY)?"""
        return self.kind == POSTGRES and getattr(self.recorder, "channel_name", None) is not None

    def listen(self, on_write: Callable[[], None], retry: float) -> None:
        """LISTEN on the events table's channel on a connection of our own
        (never one of the pool's), calling `on_write` for every notification
        and once on (re)connecting; forever, retrying after `retry` seconds
        when the server goes away.  Run it in a thread of its own."""
        import psycopg
        from psycopg.sql import SQL, Identifier

        channel = self.recorder.channel_name
        pool = self.recorder.datastore.pool
        while True:
            try:
                kwargs = {k: v for k, v in pool.kwargs.items() if k != "row_factory"}
                if getattr(pool, "get_password_func", None):
                    kwargs["password"] = pool.get_password_func()
                with psycopg.connect(**kwargs, autocommit=True) as conn:
                    conn.execute(SQL("LISTEN {0}").format(Identifier(channel)))
                    on_write()  # anything stored while we were not listening
                    for _ in conn.notifies():
                        on_write()
            except Exception as e:  # noqa: BLE001 - the server lives on; try again
                _log.warning("LISTEN %s failed (%s); retrying in %s s", channel, e, retry)
                time.sleep(retry)

    # ---- deleting ---------------------------------------------------------------------------
    def delete_streams(self, ids: list[UUID], tombstone: Any = None, recorder: Any = None) -> None:
        """Remove every row of these streams for good, in one transaction,
        after writing `tombstone` (a stored event, so that the log's top id
        never goes down).  `recorder`: another recorder of this database
        (the snapshot store's) whose streams these are."""
        recorder = recorder or self.recorder
        if self.kind == MEMORY:
            self._delete_in_memory(recorder, ids)
            return
        table = recorder.events_table_name if self.kind == SQLITE else \
            f'"{recorder.datastore.schema}"."{recorder.events_table_name}"'
        p, keys = self.p, [self.key(i) for i in ids]
        with recorder.datastore.transaction(commit=True) as c:
            if tombstone is not None:
                c.execute(f"INSERT INTO {table} (originator_id, originator_version, topic, state) "
                          f"VALUES ({p}, {p}, {p}, {p})",
                          (self.key(tombstone.originator_id), tombstone.originator_version, tombstone.topic,
                           tombstone.state))
            c.execute(f"DELETE FROM {table} WHERE originator_id IN ({', '.join([p] * len(keys))})", keys)

    @staticmethod
    def _delete_in_memory(recorder: Any, ids: list[UUID]) -> None:
        """The in-memory recorder (tests): its notification ids are list
        positions, so they close up rather than leave a gap.  It has no
        public way to delete; this is the one place that reaches in."""
        drop = {str(i) for i in ids}
        with recorder._database_lock:
            recorder._stored_events = [s for s in recorder._stored_events if str(s.originator_id) not in drop]
            recorder._stored_events_index.clear()
            for position, s in enumerate(recorder._stored_events):
                recorder._stored_events_index[str(s.originator_id)][s.originator_version] = position

    def close(self) -> None:
        """Close the threads' read connections (the library closes its own)."""
        if self._readers is not None:
            self._readers.close()

    # ---- plain SQL for read models ----------------------------------------------------------
    def sql(self, unavailable: type[Exception] = StoreUnavailable, prefix: str = "") -> Sql:
        """Statements for a read model's own tables (named `prefix...`), or
        `unavailable` raised in memory, where there is no SQL."""
        if self.kind == MEMORY:
            raise unavailable(f"this needs a SQL store (SQLite or PostgreSQL), not {self.location()}")
        if self.connection is not None:  # a read model keeps tables of its own: the full store makes them
            raise unavailable(f"this needs the full store of {self.location()}, not one opened for reading alone")
        return Sql(self, prefix)


class _ThreadReaders:
    """One plain read-only connection per thread to a store's SQLite file,
    opened on the thread's first read (`get`: None where the file is not
    one the library opens as a plain path: a URI, a database in memory)."""

    def __init__(self, env: dict[str, str]):
        name = env.get("SQLITE_DBNAME") or ""
        plain = name and not name.startswith("file:") and ":memory:" not in name and "mode=memory" not in name
        self.path = os.path.abspath(name) if plain else None
        self.timeout = float(env.get("SQLITE_LOCK_TIMEOUT") or 10)
        self._local = threading.local()
        self._all: list = []
        self._lock = threading.Lock()
        self._closed = False

    def get(self):
        if self.path is None or self._closed:
            return None
        connection = getattr(self._local, "connection", None)
        if connection is None:
            import sqlite3
            from urllib.parse import quote

            # mode=rw: never creates the file (the library made it); autocommit, as the
            # library's connections are (`reading` begins and rolls back itself).
            connection = sqlite3.connect(f"file:{quote(self.path)}?mode=rw", uri=True, isolation_level=None,
                                         timeout=self.timeout, check_same_thread=False)
            connection.execute("PRAGMA query_only=1")
            self._local.connection = connection
            with self._lock:
                self._close_orphans()
                self._all.append((threading.current_thread(), connection))
        return connection

    def _close_orphans(self) -> None:
        """Close the connections of threads that have ended.  A server's worker
        threads come and go (an idle one stops after a while, a busy spell
        starts new ones), and each left its connection, an open file,
        behind: one per request where every request ran in a thread of its
        own.  (Under the lock.)"""
        kept = []
        for thread, connection in self._all:
            if thread.is_alive():
                kept.append((thread, connection))
            else:
                connection.close()
        self._all = kept

    def close(self) -> None:
        with self._lock:
            self._closed = True
            for _, connection in self._all:
                connection.close()
            self._all.clear()


class Sql:
    """A read model's statements on its database: `?` placeholders and its
    own table names, turned into the database's (see `q`)."""

    def __init__(self, db: Database, prefix: str):
        self.db = db
        self.prefix = prefix
        self.sqlite = db.kind == SQLITE
        self.events = db.events_table
        self.id_column = "rowid" if self.sqlite else "notification_id"
        self.schema = "" if self.sqlite else f'"{db.recorder.datastore.schema}".'
        self.datastore = db.recorder.datastore

    def key(self, raw: Any) -> str:
        """A stored originator id as hex text, whatever the database returns."""
        if isinstance(raw, UUID):
            return raw.hex
        return UUID(str(raw)).hex

    def transaction(self, commit: bool):
        return self.datastore.transaction(commit=commit)

    @contextmanager
    def reading(self) -> Iterator[Any]:
        """A cursor of plain tuples in a read transaction: on SQLite the
        store's own read connection (`Database.reading`: about 0.1 ms less a
        read than the library's pool), on PostgreSQL the pool's."""
        if self.sqlite:
            with self.db.reading() as c:
                yield c
        else:
            with self.transaction(commit=False) as c:
                yield self.plain(c)

    def one_creator(self, cursor) -> None:
        """At the start of the transaction that creates this read model's
        tables: on PostgreSQL, wait for any other process doing the same
        (a lock held to the transaction's end).  Servers starting together
        each ran `CREATE TABLE IF NOT EXISTS` of the same table at once, and
        the loser failed in the catalogue ("duplicate key ... pg_type"), IF
        NOT EXISTS notwithstanding: a load test's second server died so."""
        if self.sqlite:
            return
        import hashlib  # (PostgreSQL alone: a read on SQLite never loads it, issue #24)

        name = f"boardlog read model {self.schema}{self.prefix}".encode()
        key = int.from_bytes(hashlib.blake2b(name, digest_size=8).digest(), "big", signed=True)
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", (key,))

    def q(self, sql: str) -> str:
        """The statement for this database: its placeholder, and the read
        model's tables in the store's schema (each PostgreSQL store may have
        its own)."""
        sql = sql.replace("?", self.db.p)
        return sql.replace(self.prefix, self.schema + self.prefix) if self.prefix else sql

    def executemany(self, cursor, sql: str, rows: list[tuple]) -> None:
        if rows:
            cursor.executemany(self.q(sql), rows)

    def rowcount(self, cursor) -> int:
        return (cursor.sqlite_cursor if self.sqlite else cursor).rowcount

    def plain(self, cursor):
        """A cursor that returns plain tuples (much cheaper than sqlite3.Row on SQLite)."""
        if self.sqlite:
            cursor = cursor.sqlite_cursor
            cursor.row_factory = None
        return cursor

    @staticmethod
    def rows(cursor) -> list[tuple]:
        found = cursor.fetchall()
        if found and isinstance(found[0], tuple):
            return found
        return [tuple(r.values()) if isinstance(r, dict) else tuple(r) for r in found]

    def skip_locked(self) -> str:
        """`FOR UPDATE SKIP LOCKED` where rows can be claimed by several
        workers at once (PostgreSQL); nothing on SQLite (one writer)."""
        return "" if self.sqlite else " FOR UPDATE SKIP LOCKED"


# ---- connections: table creation and tuning -------------------------------------------------
@contextmanager
def schema_lock(factory):
    """On PostgreSQL, a session advisory lock (one per schema) around table
    creation, so that servers starting together create the tables one after
    the other (concurrent `CREATE OR REPLACE FUNCTION` fails with "tuple
    concurrently updated"); elsewhere nothing to do."""
    datastore = getattr(factory, "datastore", None)
    if kind_of(factory) != POSTGRES or datastore is None:
        yield
        return
    import hashlib

    import psycopg

    digest = hashlib.blake2b(f"boardlog tables {datastore.schema}".encode(), digest_size=8).digest()
    key = int.from_bytes(digest, "big", signed=True)
    pool = datastore.pool
    settings = {k: v for k, v in pool.kwargs.items() if k != "row_factory"}
    if getattr(pool, "get_password_func", None):
        settings["password"] = pool.get_password_func()
    # A connection of its own: the pool's (maybe of one) creates the tables meanwhile.
    with psycopg.connect(**settings, autocommit=True, connect_timeout=int(pool.timeout) or 10) as conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (key,))  # freed when this connection closes
        yield


def tune_factory(factory, env: dict[str, str]) -> None:
    """Before the pool makes its first connection: PostgreSQL's commit mode."""
    if kind_of(factory) == POSTGRES:
        tune_postgres(factory.datastore, env.get("BOARDLOG_POSTGRES_SYNC") or "on")


def notify_after_commit(recorder) -> None:
    """PostgreSQL: store through boardlog's own insert function, which does
    what the library's does (issue #24: one round trip, no table lock) but
    without its NOTIFY, and send the NOTIFY once the insert has committed.

    Why: a transaction that NOTIFYs holds one database-wide lock from just
    before its commit to its end (PostgreSQL queues notifications in commit
    order), so every writer's durable commit waited its own disk flush, one
    after another, and never shared one.  4 writers stored ~520 commits/s
    so, ~1,300-1,700 without the NOTIFY inside (same inserts, same
    machine).  Sent after the commit, the notification says the same thing
    to the listeners (viewer/live.py reads the heads when it hears one); one
    lost to a crash between the two is caught by their periodic recheck.
    The function is created where the library creates its own (with the
    tables, under the schema lock); a store that may not create tables
    keeps the library's."""
    from psycopg.sql import SQL, Identifier

    channel = getattr(recorder, "channel_name", None)
    datastore = recorder.datastore
    if channel is None or not datastore.enable_db_functions:
        return
    name = f"boardlog_insert_events_{datastore.originator_id_type}"
    schema, table = Identifier(datastore.schema), Identifier(recorder.events_table_name)
    with datastore.transaction(commit=True) as c:
        c.execute(SQL(
            "CREATE OR REPLACE FUNCTION {schema}.{name}(events {schema}.{event}[]) RETURNS SETOF bigint "
            "LANGUAGE plpgsql AS $BODY$ BEGIN SET LOCAL lock_timeout = '{timeout}s'; RETURN QUERY "
            "INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state) "
            "SELECT originator_id, originator_version, topic, state FROM unnest(events) "
            "RETURNING notification_id; END; $BODY$").format(
                schema=schema, name=Identifier(name), event=Identifier(recorder.stored_event_type_name),
                timeout=datastore.lock_timeout, table=table))
    recorder.pg_function_name_insert_events = name  # the column its rows come back in
    recorder.sql_invoke_pg_function_insert_events = SQL("SELECT * FROM {0}.{1}((%s))").format(
        schema, Identifier(name))
    insert, notify = recorder.insert_events, SQL("NOTIFY {0}").format(Identifier(channel))

    def insert_then_notify(stored_events, **kwargs):
        ids = insert(stored_events, **kwargs)
        # The records are stored: a failed NOTIFY must not tell the writer
        # otherwise (a player retrying would clash with the command it
        # stored).  The listeners' recheck will see the new head.
        try:
            with datastore.get_connection() as conn:
                conn.execute(notify)
        except Exception as e:  # noqa: BLE001 - logged; the insert stands
            _log.warning("NOTIFY %s after a commit failed (%s); listeners will see it on their recheck",
                         channel, e)
        return ids

    recorder.insert_events = insert_then_notify


def tune_recorder(recorder, env: dict[str, str]) -> None:
    """Once the tables exist: SQLite's sync mode."""
    if kind_of(recorder) == SQLITE:
        tune_sqlite(recorder.datastore, env.get("BOARDLOG_SQLITE_SYNC") or "NORMAL")


def tune_postgres(datastore, synchronous: str) -> None:
    """Every PostgreSQL connection gets `synchronous_commit`: on by default
    (issue #24), so a command acknowledged to a player is on the disk: a
    record of play may not lose what it said it kept.

    BOARDLOG_POSTGRES_SYNC=off is the operator's opt-out: a commit returns
    before its WAL reaches the disk, the database stays consistent after
    any crash, but the last commits (well under a second's worth) may be
    lost if the database server itself crashes; each writer no longer waits
    a disk flush per command (the bench prints both modes).
    """
    value = synchronous.strip().lower()
    if value not in ("on", "off", "local", "remote_write", "remote_apply"):
        raise BadInput(f"BOARDLOG_POSTGRES_SYNC={synchronous!r}: use off or on")
    kwargs = datastore.pool.kwargs
    kwargs["options"] = f"{kwargs.get('options') or ''} -c synchronous_commit={value}".strip()


def tune_sqlite(datastore, synchronous: str) -> None:
    """Every SQLite connection gets `PRAGMA synchronous` (NORMAL by default).

    In WAL mode NORMAL stays consistent after a crash but may lose the last
    commits on a power cut; FULL syncs each commit to disk (about 10x slower
    here).  Set BOARDLOG_SQLITE_SYNC=FULL to choose durability over speed.
    """
    if synchronous.upper() not in ("OFF", "NORMAL", "FULL", "EXTRA"):
        raise BadInput(f"BOARDLOG_SQLITE_SYNC={synchronous!r}: use NORMAL or FULL")
    pool = datastore.pool
    create = pool._create_connection  # the library offers no hook for a connection's setup

    def create_tuned():
        connection = create()
        connection._sqlite_conn.execute(f"PRAGMA synchronous={synchronous.upper()}")
        return connection

    pool._create_connection = create_tuned
    # Connections made while the tables were created get it too.
    for connection in list(getattr(pool, "_pool", [])):
        connection._sqlite_conn.execute(f"PRAGMA synchronous={synchronous.upper()}")
