"""Persisted checkpoints: a game's session every N records, kept in the
eventsourcing library's snapshot store (the same database as the records).

A cold process reads step S of a long game by loading the checkpoint at or
below S and folding at most N-1 records on top of it, instead of folding
the whole game.  Checkpoints are derived data and never change what a
replay shows:

- each is keyed by a *fingerprint* of the code that folds the game (the
  game's package, the kit, the core fold and the game's fixtures): new
  code never reads a checkpoint older code made, it folds afresh and
  writes its own;
- each carries a digest of the stored record it was taken after; a reader
  checks that record before trusting the checkpoint, so a stream that was
  deleted and written again under the same id never inherits a stale one;
- one that cannot be read (another Python, a class that moved) is skipped.

Sessions are pickled (game states are frozen dataclasses, tuples and
dicts; JSON would not bring them back) and unpickled by an unpickler that
builds only boardlog's own classes and plain containers, so a row in the
database can never make the server run arbitrary code.
"""

from __future__ import annotations

import hashlib
import io
import logging
import pickle
import re
import threading
import zlib
from collections import OrderedDict
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple
from uuid import UUID, uuid5

from eventsourcing.persistence import IntegrityError, StoredEvent

from .game import game_ids

log = logging.getLogger(__name__)

EVERY = 500         # records between checkpoints (BOARDLOG_CHECKPOINT_EVERY): a cold read folds < 500
KEPT = 256          # unpickled checkpoints kept in memory per process
TOPIC = "boardlog.checkpoint/1"
_ENGINE = Path(__file__).resolve().parent.parent
# Plain containers and values a game state may hold, besides boardlog's own classes.
_SAFE = {
    "builtins": {"tuple", "list", "dict", "set", "frozenset", "bytes", "bytearray", "complex",
                 "int", "float", "str", "bool", "slice", "range", "object"},
    "collections": {"OrderedDict", "defaultdict", "deque", "Counter"},
    "datetime": {"datetime", "date", "time", "timedelta", "timezone"},
    "uuid": {"UUID"},
    "decimal": {"Decimal"},
    "fractions": {"Fraction"},
    "copyreg": {"_reconstructor"},
    "enum": {"Enum", "IntEnum", "StrEnum"},
}


class Mark(NamedTuple):
    """A checkpoint: the session after record `version`, whose stored bytes hash to `digest`."""

    version: int
    digest: bytes
    session: Any


def row_digest(raw: bytes | memoryview) -> bytes:
    return hashlib.blake2b(bytes(raw), digest_size=16).digest()


@cache
def fingerprint(kind: str) -> str:
    """A hash of the code and content that decide what folding `kind` gives."""
    h = hashlib.blake2b(digest_size=12)
    h.update(TOPIC.encode())
    for path in _fold_sources(kind):
        h.update(str(path.relative_to(_ENGINE.parent)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def _fold_sources(kind: str) -> list[Path]:
    games = _ENGINE / "games"
    kinds, todo = set(), [kind]
    while todo:  # a game may reuse another game's package (a variant)
        k = todo.pop()
        if k in kinds or not (games / k).is_dir():
            continue
        kinds.add(k)
        for f in (games / k).rglob("*.py"):
            todo += re.findall(r"engine\.games\.(\w+)", f.read_text(errors="replace"))
    files = [f for k in sorted(kinds) for f in sorted((games / k).rglob("*.py"))]
    files += sorted((_ENGINE / "kit").rglob("*.py"))
    files += [_ENGINE / "core" / n for n in ("session.py", "events.py", "game.py")]
    fixtures = _ENGINE.parent / "fixtures"
    for k in sorted(kinds):
        files += sorted(f for f in (fixtures / k).rglob("*") if f.is_file() and f.suffix != ".jsonl")
    return [f for f in files if f.is_file()]


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):
        if module == "engine" or module.startswith("engine.") or name in _SAFE.get(module, ()):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"a checkpoint may not build {module}.{name}")


def dumps(mark: Mark) -> bytes:
    return mark.digest + zlib.compress(pickle.dumps(mark.session, protocol=5), 1)


def loads(version: int, data: bytes) -> Mark:
    data = bytes(data)
    session = _Unpickler(io.BytesIO(zlib.decompress(data[16:]))).load()
    return Mark(version, data[:16], session)


class Checkpoints:
    """Checkpoints of every game, persisted in `recorder` (the library's
    snapshot recorder; None: kept in memory only), with the most recently
    used ones kept unpickled in memory."""

    def __init__(self, recorder, db=None, every: int = EVERY, kept: int = KEPT):
        if every < 1:
            raise ValueError("BOARDLOG_CHECKPOINT_EVERY must be at least 1")
        self.recorder, self.every, self.kept = recorder, every, kept
        self.db = db  # engine.core.database.Database: what kind the recorder is, how to delete
        self._memory: OrderedDict[tuple[UUID, int], Mark] = OrderedDict()
        self._lock = threading.Lock()
        self.written = 0  # checkpoints persisted by this process (the bench and tests read it)

    @staticmethod
    def stream_id(game_id: UUID, kind: str) -> UUID:
        return uuid5(game_id, f"checkpoints/{fingerprint(kind)}")

    def nearest(self, game_id: UUID, kind: str, step: int) -> Mark | None:
        """The checkpoint with the greatest version <= `step`, or None."""
        at = step - step % self.every
        if at <= 0:
            return None
        with self._lock:
            mark = self._memory.get((game_id, at))
            if mark is not None:
                self._memory.move_to_end((game_id, at))
                return mark
        if self.recorder is None:
            return self._nearest_in_memory(game_id, step)
        rows = self._select(self.stream_id(game_id, kind), step)
        if not rows:
            return None
        try:
            mark = loads(rows[0].originator_version, rows[0].state)
        except Exception as e:  # unreadable here: fold instead, never fail the read
            log.warning("checkpoint %s of game %s skipped: %s", rows[0].originator_version, game_id, e)
            return None
        self._keep(game_id, mark)
        return mark

    def _select(self, stream_id: UUID, step: int) -> list:
        if self.db is None or not self.db.ordered_streams:
            # The in-memory recorder keeps a stream in insertion order, and a
            # catch-up may write checkpoints below ones already there.
            rows = self.recorder.select_events(stream_id, lte=step)
            return [max(rows, key=lambda r: r.originator_version)] if rows else []
        return self.recorder.select_events(stream_id, lte=step, desc=True, limit=1)

    def _nearest_in_memory(self, game_id: UUID, step: int) -> Mark | None:
        with self._lock:
            versions = [v for g, v in self._memory if g == game_id and v <= step]
            return self._memory[(game_id, max(versions))] if versions else None

    def save(self, game_id: UUID, kind: str, *marks: Mark) -> None:
        """Keep `marks` in memory, and persist them (one transaction; one by
        one if another process wrote some of them first)."""
        for mark in marks:
            self._keep(game_id, mark)
        if self.recorder is None or not marks:
            return
        sid = self.stream_id(game_id, kind)
        stored = [StoredEvent(originator_id=sid, originator_version=m.version, topic=TOPIC, state=dumps(m))
                  for m in marks]
        try:
            self.recorder.insert_events(stored)
            self.written += len(stored)
            return
        except IntegrityError:
            if len(stored) == 1:
                return  # another process or thread wrote the same checkpoint first
        for one in stored:
            try:
                self.recorder.insert_events([one])
                self.written += 1
            except IntegrityError:
                pass

    def _keep(self, game_id: UUID, mark: Mark) -> None:
        with self._lock:
            self._memory[(game_id, mark.version)] = mark
            self._memory.move_to_end((game_id, mark.version))
            while len(self._memory) > self.kept:
                self._memory.popitem(last=False)

    def forget(self, game_id: UUID) -> None:
        """Drop the game's checkpoints held in memory (persisted ones are
        checked against the records before use, see `row_digest`)."""
        with self._lock:
            for key in [k for k in self._memory if k[0] == game_id]:
                del self._memory[key]

    def drop(self, game_id: UUID) -> None:
        """Drop every checkpoint of the game, in memory and persisted (of
        every kind's code: the game's stream may be gone, and with it its
        kind).  In memory they go with the process anyway."""
        self.forget(game_id)
        if self.recorder is None or self.db is None or not self.db.keeps_gaps:
            return
        keys = [self.stream_id(game_id, kind) for kind in game_ids()]
        self.db.delete_streams(keys, recorder=self.recorder)
