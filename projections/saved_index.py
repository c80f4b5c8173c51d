"""The replay index's light pass, kept in the store (issue #24).

A replay page needs, for any step, what the whole game says of it: where
each command group starts, which commands were undone later, which secret
commands a later fact revealed (`GameIndex`, projections/replay.py).  That
is one pass over every row of the game: for the bench's 100,008-record game
130-250 ms here, most of it Python building the rows, so a game nobody had
opened since the server started could not show its first page in 100 ms.

So a pass that covered many rows is kept in a table of its own beside the
events (`replay_index`, one row a game), and the next process starts from it
and reads only the rows stored since.  What is kept is only ever what a
pass over the same rows would find again; it is trusted only when

- the code that makes it is the same (`code_of`: the game's checkpoint
  fingerprint, which covers the game, the kit and the core fold, and a hash
  of this module and of the pass's own module and of the visibility rules);
- its last row is the stream's row at that version, byte for byte (a digest:
  a game deleted and imported again under its id is another stream).

Anything else (no table, a store opened for reading alone, a row that does
not fit) means: no saved index, the full pass, as before.  The table holds
the same facts the events do (the seats of secret commands, the steps
revealed), in the same database, under the same access.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson

from engine.core.checkpoints import fingerprint, row_digest

_log = logging.getLogger(__name__)
SAVE_AFTER = 5000   # rows a pass must have covered before it is kept (a short game's pass is cheap)
_TABLE = (
    "CREATE TABLE IF NOT EXISTS replay_index ("
    " game_id TEXT PRIMARY KEY, version BIGINT NOT NULL, code TEXT NOT NULL, last_row TEXT NOT NULL,"
    " data TEXT NOT NULL)")


@cache
def _sources_digest() -> str:
    """This module, the pass (projections/replay.py) and the visibility rules it asks."""
    here = Path(__file__).parent
    files = (here / "saved_index.py", here / "replay.py",
             here.parent / "engine" / "core" / "visibility.py")
    return row_digest(b"".join(f.read_bytes() for f in files)).hex()


def code_of(kind: str) -> str:
    return f"{fingerprint(kind)}/{_sources_digest()}"


class SavedIndexes:
    """The `replay_index` table of one store; every failure is a miss."""

    def __init__(self, store: Any, enabled: bool = True):
        self.store = store
        self._sql = None
        self._broken = not enabled

    def _ready(self):
        if self._sql is None and not self._broken:
            try:
                sql = self.store.db.sql(prefix="replay_index")
                with sql.transaction(commit=True) as c:
                    sql.one_creator(c)
                    c.execute(sql.q(_TABLE))
                self._sql = sql
            except Exception as e:  # noqa: BLE001 - in memory, read-only, or no rights: no saved index
                _log.debug("replay index not kept in this store: %s", e)
                self._broken = True
        return self._sql

    def load(self, game_id: UUID, kind: str) -> tuple[int, dict[str, Any]] | None:
        """(version, data) of the game's saved pass, if it may be trusted."""
        sql = self._ready()
        if sql is None:
            return None
        try:
            with sql.reading() as c:
                c.execute(sql.q("SELECT version, code, last_row, data FROM replay_index WHERE game_id = ?"),
                          (game_id.hex,))
                found = sql.rows(c)
            if not found:
                return None
            version, code, last_row, data = found[0]
            if code != code_of(kind):
                return None
            rows = list(self.store.reader.raw(game_id, version - 1, version))
            if len(rows) != 1 or row_digest(rows[0][2]).hex() != last_row:
                return None
            return version, orjson.loads(data)
        except Exception as e:  # noqa: BLE001 - a row that does not fit: the full pass
            _log.warning("saved replay index of %s not used: %s", game_id, e)
            return None

    def save(self, game_id: UUID, kind: str, version: int, last_row: bytes, data: dict[str, Any]) -> None:
        sql = self._ready()
        if sql is None:
            return
        try:
            with sql.transaction(commit=True) as c:
                c.execute(sql.q(
                    "INSERT INTO replay_index (game_id, version, code, last_row, data) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, code = excluded.code, "
                    "last_row = excluded.last_row, data = excluded.data"),
                    (game_id.hex, version, code_of(kind), row_digest(last_row).hex(),
                     orjson.dumps(data).decode()))
        except Exception as e:  # noqa: BLE001 - the next process makes the pass again
            _log.warning("replay index of %s not kept: %s", game_id, e)

    def forget(self, game_id: UUID) -> None:
        sql = self._ready()
        if sql is None:
            return
        try:
            with sql.transaction(commit=True) as c:
                c.execute(sql.q("DELETE FROM replay_index WHERE game_id = ?"), (game_id.hex,))
        except Exception as e:  # noqa: BLE001 - a stale row is refused anyway (its last row's digest)
            _log.warning("saved replay index of %s not deleted: %s", game_id, e)
