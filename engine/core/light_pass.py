"""The light pass over a game's records, kept in the store a stretch at a
time as the game is written (issue #24).

A replay page needs, for any step, what the whole game says of it: where
each command group starts, which commands were undone later, which secret
commands a later fact revealed (`GameIndex`, projections/replay.py).  That
is one pass over every row of the game: for the bench's 100,008-record
game 130-250 ms here, most of it Python building the rows, so a long game
nobody had opened yet could not show its first page in 100 ms.

So the pass is cut into stretches of `every` records (the checkpoints'
interval: engine/core/checkpoints.py), and each stretch's findings are kept
in a table beside the events (`stream_index`, one small row a stretch):

- by the writer, when its write crosses a stretch's end (beside the
  checkpoint it writes there), from the stretch's rows read back;
- by a reader, for any stretch it had to pass over itself (a game written
  before this table, by other code, or a part whose write failed).

A reader then takes each stretch's part where one fits, passes over the
rows of the others and of the unfinished last stretch, and merges them in
order: later undos and redos override earlier ones, exactly as one pass
over every row would.  A part is trusted only when

- the code that made it is the same (`code_of`: the game's checkpoint
  fingerprint, which covers the game, the kit and the core fold, and a hash
  of this module, of the visibility rules and of the record topics);
- its last row is the stream's row at that version, byte for byte (a
  digest, as checkpoints carry: a game deleted and written again under its
  id is another stream, and a part of the old one is refused).

Anything else (no table, a store in memory or opened for reading alone, a
part that does not fit) means passing over those rows, as before.  Parts
are derived data: failing to keep one never fails a command or a page.
The table holds what the events already hold (the seats of secret
commands, the steps revealed), in the same database under the same access.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import islice
from pathlib import Path
from typing import Any
from uuid import UUID

import orjson

from . import session as fold
from .checkpoints import fingerprint, row_digest
from .errors import GameUnreadable, LazyLogger
from .game import GameModule
from .records import TOPIC_KIND
from .visibility import REVEALED, has_secret_commands, is_secret, revealed_by

_log = LazyLogger(__name__)  # logging is imported only when something is said (issue #24)
_REVEALED = REVEALED.encode()  # a fact whose raw row lacks it reveals nothing
TABLE = "stream_index"
_CREATE = (
    f"CREATE TABLE IF NOT EXISTS {TABLE} ("
    " game_id TEXT NOT NULL, version BIGINT NOT NULL, first_version BIGINT NOT NULL, code TEXT NOT NULL,"
    " last_row TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (game_id, version))")
# The one-row-a-game table an earlier version kept (the same findings, whole): gone.
_OLD = "replay_index"


class Light:
    """What the light pass finds in some records (a stretch, or a whole game:
    projections/replay.py's GameIndex has the same five fields)."""

    __slots__ = ("starts", "commands", "undone", "secret", "revealed")

    def __init__(self) -> None:
        self.starts: list[int] = []         # first step of every command group
        self.commands: list[int] = []       # steps of CommandIssued records
        self.undone: dict[int, bool] = {}   # command step -> undone (False: redone) by these records
        self.secret: dict[int, str] = {}    # secret command step -> its seat
        self.revealed: set[int] = set()     # steps revealed by these records

    def data(self) -> dict[str, Any]:
        return {"starts": self.starts, "commands": self.commands, "undone": list(self.undone.items()),
                "secret": list(self.secret.items()), "revealed": sorted(self.revealed)}


def merge(into: Any, data: dict[str, Any]) -> None:
    """Add a later stretch's findings (`Light.data`) to `into`'s (later undos and redos win)."""
    into.starts += data["starts"]
    into.commands += data["commands"]
    into.undone.update(data["undone"])
    into.secret.update(data["secret"])
    into.revealed.update(data["revealed"])


def scan(game: GameModule, rows: Iterable[tuple], into: Any) -> tuple[int, Any]:
    """The light pass over raw rows (version, topic, state) into `into`: a
    row is decoded only when it is an undo or redo, a secret command's, or a
    fact that may reveal one (its raw text names the reveal).  Returns how
    many rows it covered and the last one's raw state."""
    secrets = has_secret_commands(game)
    covered, state = 0, b""
    # Record objects for every row would cost most of what this pass saves.
    for version, topic, state in rows:
        covered += 1
        kind = TOPIC_KIND[topic]
        if kind == fold.FACT:
            if _REVEALED in state:
                into.revealed.update(revealed_by(orjson.loads(state)))
            continue
        into.starts.append(version)
        if kind == fold.COMMAND:
            into.commands.append(version)
            if secrets:
                data = orjson.loads(state)
                if is_secret(game, data):
                    into.secret[version] = data["seat"]
        elif kind in (fold.UNDONE, fold.REDONE):
            into.undone[orjson.loads(state)["cause"]] = kind == fold.UNDONE
    return covered, state


@cache
def _sources_digest() -> str:
    """This module, the visibility rules it asks and the record topics it reads."""
    here = Path(__file__).parent
    files = (here / "light_pass.py", here / "visibility.py", here / "records.py")
    return row_digest(b"".join(f.read_bytes() for f in files)).hex()


def code_of(kind: str) -> str:
    return f"{fingerprint(kind)}/{_sources_digest()}"


class KeptPasses:
    """The `stream_index` table of one store; every failure is a miss.

    `enabled=False` (or a store without SQL) keeps and reads nothing."""

    def __init__(self, db: Any, every: int, enabled: bool = True):
        self.db, self.every, self.enabled = db, every, enabled
        self._sql = None
        self._broken = not enabled

    def _ready(self):
        """The table's statements on a full store (made on first use), else None."""
        if self._sql is None and not self._broken:
            try:
                sql = self.db.sql(prefix=TABLE)
                with sql.transaction(commit=True) as c:
                    sql.one_creator(c)
                    c.execute(sql.q(_CREATE))
                    c.execute(f"DROP TABLE IF EXISTS {sql.schema}{_OLD}")
                self._sql = sql
            except Exception as e:  # noqa: BLE001 - in memory, read-only, or no rights: nothing kept
                _log.debug("light pass not kept in this store: %s", e)
                self._broken = True
        return self._sql

    # ---- reading ----------------------------------------------------------------------------
    def load(self, game_id: UUID, kind: str, gt: int, lte: int) -> dict[int, tuple[int, dict]]:
        """{first: (last, data)} of the game's kept parts within gt..lte that
        may be trusted (a part covers first < version <= last)."""
        if not self.enabled or lte - gt < 1:
            return {}
        try:
            found = self._select(f"SELECT first_version, version, last_row, data FROM {TABLE} "
                                 "WHERE game_id = ? AND code = ? AND first_version >= ? AND version <= ?",
                                 (game_id.hex, code_of(kind), gt, lte))
            if not found:
                return {}
            stored = self.db.rows_at(game_id, [version for _, version, _, _ in found])
            parts = {}
            for first, version, last_row, data in found:
                row = stored.get(version)
                if row is not None and row_digest(row).hex() == last_row:
                    parts[first] = (version, orjson.loads(data))
            return parts
        except Exception as e:  # noqa: BLE001 - a part that does not fit: its rows are passed over
            _log.warning("kept light pass of %s not used: %s", game_id, e)
            return {}

    def _select(self, query: str, args: tuple) -> list[tuple]:
        sql = self._ready()
        if sql is not None:
            with sql.reading() as c:
                c.execute(sql.q(query), args)
                return sql.rows(c)
        if self.db.connection is None:  # in memory: no table
            return []
        # A SQLite store opened for reading alone (engine/core/readonly.py):
        # it reads the parts the full store kept, and keeps none itself.
        try:
            with self.db.reading() as c:
                c.execute(query, args)
                return c.fetchall()
        except Exception as e:  # noqa: BLE001 - a store written before the table: nothing kept yet
            _log.debug("no kept light pass in this store: %s", e)
            return []

    def catch_up(self, game: GameModule, kind: str, game_id: UUID, into: Any, head: int, raw) -> tuple[int, int]:
        """Bring `into` (at `into.version`) up to `head`: each stretch from its
        kept part where one fits, the others passed over (`raw(gt, lte)`:
        the store's raw rows) and then kept.  Returns (rows passed over,
        parts used); `into.version` is left to the caller."""
        cursor = into.version
        parts = self.load(game_id, kind, cursor, head) if head - cursor >= self.every else {}
        passed, used, new = 0, 0, []
        while cursor < head:
            part = parts.get(cursor)
            if part is not None and part[0] <= head:
                merge(into, part[1])
                cursor, used = part[0], used + 1
                continue
            # The rows up to the next part that fits (or the head) in one read,
            # passed over a stretch at a time (versions are contiguous).
            stop = min((f for f in parts if f > cursor), default=head)
            rows = iter(raw(cursor, stop))
            while cursor < stop:
                end = min(stop, (cursor // self.every + 1) * self.every)
                light = Light()
                covered, state = scan(game, islice(rows, end - cursor), light)
                passed += covered
                if covered != end - cursor:
                    raise GameUnreadable(f"game {game_id}: records {cursor + covered + 1}..{end} are missing")
                data = light.data()
                merge(into, data)
                if end - cursor == self.every and end % self.every == 0:  # a whole stretch: kept
                    new.append((cursor, end, state, data))
                cursor = end
        if new:
            self.save(game_id, kind, new)
        return passed, used

    # ---- writing ----------------------------------------------------------------------------
    def keep_written(self, game: GameModule, kind: str, game_id: UUID, ends: list[int], raw) -> None:
        """The writer's: the parts of the stretches a write has just finished
        (ending at `ends`, multiples of `every`), from their rows read back."""
        if self._ready() is None or not ends:
            return
        try:
            new = []
            for end in ends:
                light = Light()
                covered, state = scan(game, raw(end - self.every, end), light)
                if covered == self.every:
                    new.append((end - self.every, end, state, light.data()))
            self.save(game_id, kind, new)
        except Exception as e:  # noqa: BLE001 - the command is stored; a reader passes over these rows
            _log.warning("light pass of %s not kept: %s", game_id, e)

    def save(self, game_id: UUID, kind: str, parts: list[tuple[int, int, bytes, dict]]) -> None:
        """Keep parts (first, last, the last row's raw state, data)."""
        sql = self._ready()
        if sql is None or not parts:
            return
        code = code_of(kind)
        try:
            with sql.transaction(commit=True) as c:
                sql.executemany(c, (
                    f"INSERT INTO {TABLE} (game_id, version, first_version, code, last_row, data) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, version) DO UPDATE SET "
                    "first_version = excluded.first_version, code = excluded.code, "
                    "last_row = excluded.last_row, data = excluded.data"),
                    [(game_id.hex, last, first, code, row_digest(state).hex(), orjson.dumps(data).decode())
                     for first, last, state, data in parts])
        except Exception as e:  # noqa: BLE001 - a reader passes over these rows again
            _log.warning("light pass of %s not kept: %s", game_id, e)

    def forget(self, game_id: UUID) -> None:
        """Drop the game's parts (a deleted game; a stale part is refused anyway by its digest)."""
        sql = self._ready()
        if sql is None:
            return
        try:
            with sql.transaction(commit=True) as c:
                c.execute(sql.q(f"DELETE FROM {TABLE} WHERE game_id = ?"), (game_id.hex,))
        except Exception as e:  # noqa: BLE001
            _log.warning("kept light pass of %s not deleted: %s", game_id, e)
