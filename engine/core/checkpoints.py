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

import contextlib
import io
import os
import re
import threading
import time
from collections import OrderedDict
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple
from uuid import UUID

import orjson

from .errors import LazyLogger
from .game import game_ids

# blake2b (hashlib's is this very one) and SHA-1 (the digests of hashlib's,
# which is OpenSSL's) from their own modules: importing hashlib, which sets
# up OpenSSL's constructors, was ~4 ms of every read of a game (issue #24).
try:
    from _blake2 import blake2b
    from _sha1 import sha1
except ImportError:  # a Python built without them: hashlib finds the same hashes
    from hashlib import blake2b, sha1

log = LazyLogger(__name__)

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


def _uuid5(namespace: UUID, name: str) -> UUID:
    """`uuid.uuid5` (RFC 4122: a name-based UUID, SHA-1), whose import of
    hashlib is what the hashes above avoid."""
    return UUID(bytes=sha1(namespace.bytes + name.encode()).digest()[:16], version=5)


def row_digest(raw: bytes | memoryview) -> bytes:
    return blake2b(bytes(raw), digest_size=16).digest()


@cache
def fingerprint(kind: str) -> str:
    """A hash of the code and content that decide what folding `kind` gives.

    Hashing means reading every file of the game, the kit and the game's
    fixtures: 3-10 ms, in every process that reads a checkpoint (issue #24).
    So the hash is kept in a small cache file (`_FingerprintCache`) with
    each file's (path, size, mtime_ns, ctime_ns, inode), and taken from
    there when every file of the same listing still has the same ones."""
    cache_file = _FingerprintCache()
    known = cache_file.get(kind)
    if known is not None:
        return known
    kinds, missing = _kinds(kind)
    files = _files(kinds)
    stats = [_stat(f) for f in files]  # before reading: a file changed while read never matches after
    h = blake2b(digest_size=12)
    h.update(TOPIC.encode())
    for path in files:
        h.update(str(path.relative_to(_ENGINE.parent)).encode())
        h.update(path.read_bytes())
    cache_file.put(kind, kinds, missing, files, stats, h.hexdigest())
    return h.hexdigest()


def _fold_sources(kind: str) -> list[Path]:
    """Every file whose content decides what folding `kind` gives, in hashing order."""
    return _files(_kinds(kind)[0])


def _kinds(kind: str) -> tuple[list[str], list[str]]:
    """The game packages folding `kind` uses (a game may reuse another's: a
    variant), and the ones its code names that do not exist, both sorted."""
    games = _ENGINE / "games"
    kinds, missing, todo = set(), set(), [kind]
    while todo:
        k = todo.pop()
        if k in kinds or k in missing:
            continue
        if not (games / k).is_dir():
            missing.add(k)
            continue
        kinds.add(k)
        for f in (games / k).rglob("*.py"):
            todo += re.findall(r"engine\.games\.(\w+)", f.read_text(errors="replace"))
    return sorted(kinds), sorted(missing)


def _files(kinds: list[str]) -> list[Path]:
    """The files of these game packages, the kit, the core fold and the games' fixtures."""
    games = _ENGINE / "games"
    files = [f for k in kinds for f in sorted((games / k).rglob("*.py"))]
    files += sorted((_ENGINE / "kit").rglob("*.py"))
    # frozen.py: how events and game states are built, compared and pickled;
    # position.py and prompts.py: classes a session or a game state holds.
    files += [_ENGINE / "core" / n for n in ("session.py", "events.py", "game.py", "frozen.py", "position.py",
                                              "prompts.py")]
    fixtures = _ENGINE.parent / "fixtures"
    for k in kinds:
        files += sorted(f for f in (fixtures / k).rglob("*") if f.is_file() and f.suffix != ".jsonl")
    return [f for f in files if f.is_file()]


def _stat(path: Path) -> list[int]:
    st = path.stat()
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino]


# A file changed this close to the moment it was hashed may change again
# within the same tick of the filesystem's clock (coarse on some), keeping
# size and times: such a listing is not cached (as git treats "racily
# clean" files).
RACY_NS = 3 * 10**9


class _FingerprintCache:
    """Fingerprints already computed, in `$BOARDLOG_CACHE_DIR` (default
    $XDG_CACHE_HOME/boardlog or ~/.cache/boardlog), per engine directory and
    game kind, each with the listing and `_stat` of the files it hashed.

    Why a cached fingerprint is safe, that is, why a checkpoint written by
    other code is never read through it: it is used only when the same
    directories list exactly the same files (a file added or removed, or a
    game package appearing where the code names one, is a change) and each
    still has the same size, mtime, ctime and inode.  Writing a file's
    content sets its mtime and its ctime to the current time, and ctime
    cannot be set back by anyone (restoring the mtime with `touch -d` or
    `os.utime` sets ctime anew); a file replaced (an editor, git, pip) gets
    a new inode and ctime.  Same stats thus mean the same bytes, except for
    a second write within one tick of a coarse clock, keeping the size:
    files that recent are not cached (`RACY_NS`).  Anything else (no cache
    directory, a file that cannot be read or written, another format)
    means hashing the files as before."""

    NAME = "fingerprints.json"

    def __init__(self) -> None:
        base = os.environ.get("BOARDLOG_CACHE_DIR") or os.path.join(
            os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "boardlog")
        self.path = os.path.join(base, self.NAME)

    def _read(self) -> dict:
        try:
            with open(self.path, "rb") as f:
                data = orjson.loads(f.read())
            return data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            return {}

    def get(self, kind: str) -> str | None:
        entry = self._read().get(f"{_ENGINE}:{kind}")
        try:
            kinds, missing, paths, stats, digest = (entry[k] for k in ("kinds", "missing", "files", "stats", "hash"))
            files = _files(kinds)
            if [str(f) for f in files] != paths or any((_ENGINE / "games" / k).is_dir() for k in missing):
                return None
            if [_stat(f) for f in files] != stats:
                return None
        except (TypeError, KeyError, ValueError, OSError):
            return None
        return digest if isinstance(digest, str) else None

    def put(self, kind: str, kinds: list[str], missing: list[str], files: list[Path],
            stats: list[list[int]], digest: str) -> None:
        now = time.time_ns()
        if any(now - max(s[1], s[2]) < RACY_NS for s in stats):
            return
        # Entries of engine directories gone since (a checkout removed) go too.
        data = {key: entry for key, entry in self._read().items() if os.path.isdir(key.rpartition(":")[0])}
        data[f"{_ENGINE}:{kind}"] = {"kinds": kinds, "missing": missing, "files": [str(f) for f in files],
                                     "stats": stats, "hash": digest}
        temporary = f"{self.path}.{os.getpid()}.{threading.get_ident()}"
        try:  # written whole and renamed into place: a concurrent reader sees the old file or the new
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            with open(temporary, "wb") as f:
                f.write(orjson.dumps(data))
            os.replace(temporary, self.path)
        except OSError as e:
            log.debug("fingerprint cache %s not written: %s", self.path, e)
            with contextlib.suppress(OSError):
                os.unlink(temporary)


# pickle and zlib are imported when a checkpoint is first written or read: a
# game shorter than EVERY records has none, and a read of one never loads
# them (~2 ms of its start: issue #24).
@cache
def _unpickler() -> type:
    """An unpickler that builds only boardlog's classes and the plain ones of `_SAFE`."""
    import pickle

    class _Unpickler(pickle.Unpickler):
        def find_class(self, module: str, name: str):
            if module == "engine" or module.startswith("engine.") or name in _SAFE.get(module, ()):
                return super().find_class(module, name)
            raise pickle.UnpicklingError(f"a checkpoint may not build {module}.{name}")
    return _Unpickler


def dumps(mark: Mark) -> bytes:
    import pickle
    import zlib

    return mark.digest + zlib.compress(pickle.dumps(mark.session, protocol=5), 1)


def loads(version: int, data: bytes) -> Mark:
    import zlib

    data = bytes(data)
    session = _unpickler()(io.BytesIO(zlib.decompress(data[16:]))).load()
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
        return _uuid5(game_id, f"checkpoints/{fingerprint(kind)}")

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
        # A writer's: a read-only store hands its marks to the full store (engine/core/readonly.py).
        from eventsourcing.persistence import IntegrityError, StoredEvent

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
