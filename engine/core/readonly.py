"""A SQLite store opened for reading alone, without the eventsourcing library.

`Store` (engine/core/store.py) is the library's `Application`: opening it
imports the library (30-45 ms of a command's start-up) and sets up its
recorders, yet every read of a SQLite store is plain SQL already
(engine/core/database.py) folded by engine/core/session.py.  `ReadStore`
is the query side of `Store` (`Queries`: `live`, `header`, `rows`,
`session_at`, `load`, `pinned`, the `catalogue`'s `resolve` and `info` ...)
over a plain `sqlite3` connection, for the command line's commands that
read one game (`show`, `legal`, `position`, `compare`: issue #24).

It never writes by itself: the connection is `query_only`, it is opened
without creating a file (a missing file is said so, and left missing), and
it never creates a table or changes the journal mode.  A read through the
full store may write two kinds of derived data: the checkpoints it folded
past that the store lacks (new code, an imported game), or the removal of
checkpoints that no longer match their records (engine/core/checkpoints.py),
and the replay index's light pass of stretches it had to pass over
(engine/core/light_pass.py).  Those it hands to the full store, opened then
and only then, so the next reader starts from them as it would have.

PostgreSQL, memory and anything the environment configures otherwise keep
the full store (`sqlite_file` says when this one applies).
"""

from __future__ import annotations

import os
import sqlite3
from typing import Any, NamedTuple
from urllib.parse import quote
from uuid import UUID

from .catalogue import Catalogue
from .checkpoints import EVERY, Checkpoints, Mark
from .database import EVENTS_TABLE, SNAPSHOTS_TABLE, Database, store_env
from .errors import GameNotFound, StoreUnavailable
from .light_pass import KeptPasses
from .reading import LIVE_GAMES, Queries, Reader

LOCK_TIMEOUT = 10  # seconds a read waits for a lock (the full store's SQLITE_LOCK_TIMEOUT)
# Settings the library would read from the environment before ours (its
# keys may carry the application's name): with any of them set, the full
# store decides where the records are.
_LIBRARY_KEYS = ("BOARDLOG_PERSISTENCE_MODULE", "BOARDLOG_SQLITE_DBNAME")


def sqlite_file(db: str | None) -> str | None:
    """The SQLite file the full store would open for `--db db` (None: the
    environment's or the default), when a `ReadStore` can read it the same
    way; None when only the full store will do: PostgreSQL or another
    module named in the environment, a name the library reads as a URI or
    as a database in memory."""
    settings = store_env(db)
    if settings.get("PERSISTENCE_MODULE") != "eventsourcing.sqlite" or any(map(os.environ.get, _LIBRARY_KEYS)):
        return None
    path = settings["SQLITE_DBNAME"]
    if not path or path.startswith("file:") or ":memory:" in path or "mode=memory" in path:
        return None
    return path


def open_reader(path: str) -> ReadStore:
    """A read-only store of the SQLite file `path` (see `sqlite_file`)."""
    if not os.path.isfile(path):
        # The full store would create an empty store here and then find no game in it.
        raise GameNotFound(f"no games in SQLite {path}: there is no such file "
                           f"(--db PATH or $BOARDLOG_DB names the store)")
    try:
        # mode=rw: never creates the file; autocommit, as the library's connections (reads BEGIN themselves).
        connection = sqlite3.connect(f"file:{quote(os.path.abspath(path))}?mode=rw", uri=True,
                                     isolation_level=None, timeout=LOCK_TIMEOUT)
        connection.execute("PRAGMA query_only=1")
        tables = {name for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.Error as e:
        raise StoreUnavailable(f"cannot open the store (SQLite file {path}): {e}") from None
    if EVENTS_TABLE not in tables:
        connection.close()
        raise GameNotFound(f"no games in SQLite {path}: the file holds no boardlog store")
    return ReadStore(path, connection, SNAPSHOTS_TABLE in tables)


class ReadStore(Queries):
    """The query side of `Store` on one SQLite file, through a plain connection."""

    def __init__(self, path: str, connection: sqlite3.Connection, has_checkpoints: bool = True):
        self.path = path
        self._connection = connection
        self._writer: Any = None  # the full store, opened only to hand it what a read would write
        self.db = Database(None, {"SQLITE_DBNAME": path}, connection=connection)
        every = int(os.environ.get("BOARDLOG_CHECKPOINT_EVERY") or EVERY)
        table = _SnapshotTable(connection) if has_checkpoints else _SnapshotTable(None)
        self.checkpoints = _HandedOnCheckpoints(table, self.db, every, self.writer)
        self.reader = Reader(self.db, self.checkpoints, int(os.environ.get("BOARDLOG_LIVE_GAMES") or LIVE_GAMES))
        self.passes = _HandedOnPasses(self.db, every, self.writer)
        self.catalogue = Catalogue(self.reader, _refused, _refused, self.forget, mapper=None)

    def writer(self) -> Any:
        """The full store of the same file (engine/core/store.py), opened on first use."""
        if self._writer is None:
            from .store import open_store

            self._writer = open_store(self.path)
        return self._writer

    def forget(self, game_id: UUID) -> None:
        self.reader.forget(game_id)
        self.checkpoints.forget(game_id)
        self.passes.forget(game_id)

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
        self._connection.close()


def _refused(*args: Any) -> None:
    raise TypeError("a read-only store writes nothing: use the full store (engine.core.store.open_store)")


class _Row(NamedTuple):
    originator_version: int
    state: bytes


class _SnapshotTable:
    """The library's snapshot table (where the checkpoints are kept), read
    as its recorder reads it: what `Checkpoints` asks of a recorder to read."""

    def __init__(self, connection: sqlite3.Connection | None):
        self.connection = connection

    def select_events(self, originator_id: UUID, *, gt: int | None = None, lte: int | None = None,
                      desc: bool = False, limit: int | None = None) -> list[_Row]:
        if self.connection is None:  # no such table (yet): no checkpoints
            return []
        sql = f"SELECT originator_version, state FROM {SNAPSHOTS_TABLE} WHERE originator_id=?"
        params: list[Any] = [originator_id.hex]
        if gt is not None:
            sql += " AND originator_version>?"
            params.append(gt)
        if lte is not None:
            sql += " AND originator_version<=?"
            params.append(lte)
        sql += " ORDER BY originator_version" + (" DESC" if desc else "")
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [_Row(*row) for row in self.connection.execute(sql, params).fetchall()]


class _HandedOnCheckpoints(Checkpoints):
    """Checkpoints read from the file; what a read would write of them is
    handed to the full store (see the module's docstring)."""

    def __init__(self, table: _SnapshotTable, db: Database, every: int, writer):
        super().__init__(table, db, every)
        self._full = writer

    def save(self, game_id: UUID, kind: str, *marks: Mark) -> None:
        for mark in marks:
            self._keep(game_id, mark)
        if marks:
            self._full().checkpoints.save(game_id, kind, *marks)

    def drop(self, game_id: UUID) -> None:
        self.forget(game_id)
        self._full().checkpoints.drop(game_id)


class _HandedOnPasses(KeptPasses):
    """The replay index's kept light pass (engine/core/light_pass.py), read
    from the file; the parts a read passed over are handed to the full store."""

    def __init__(self, db: Database, every: int, writer):
        super().__init__(db, every)
        self._full = writer

    def _ready(self):
        return None  # no table made here: the reads go through the read-only connection

    def save(self, game_id: UUID, kind: str, parts: list) -> None:
        if parts:
            self._full().passes.save(game_id, kind, parts)
