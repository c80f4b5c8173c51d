"""The application service: create games, issue commands, read records.

`Store` is an eventsourcing `Application`, so the same code runs on SQLite
(the default), PostgreSQL and in memory (POPO).  Commands are decided
against a cached, caught-up `Session` and stored as one batch; a version
clash in the recorder means another writer won, and we say so
(`ConflictError`) with nothing stored.  Reads go straight to the recorder's
rows and fold them with `engine.core.session` (the library's per-event
object mapping is the slow part of a plain `repository.get`).

Serving many readers (issue #13): every N records the write path persists
a checkpoint (`engine.core.checkpoints`, in the library's snapshot store),
so a process that has never seen a game reads any step by folding fewer
than N records; the first readers of a cold game wait for one fold (a
per-game lock); rows are read in short chunks, never holding a pooled
connection while they are folded.
"""

from __future__ import annotations

import gc
import hashlib
import hmac
import logging
import os
import random
import secrets
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4, uuid5

import msgspec
import orjson
from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from . import position as positions
from . import session as fold
from .checkpoints import EVERY as CHECKPOINT_EVERY
from .checkpoints import Checkpoints, Mark, row_digest
from .context import SYSTEM, Context, as_utc, utcnow
from .dice import Dice
from .errors import (
    BadInput,
    BoardlogError,
    ConflictError,
    GameNotFound,
    GameStuck,
    GameUnreadable,
    RuleViolation,
    StepOutOfRange,
    StoreUnavailable,
)
from .events import Event
from .game import OPTIONAL, GameModule, find_game
from .limits import check_text
from .log import RECORD_CLASSES, Deletion, FinalSummary, ForkName, GameLog, Notes, SeatKeys
from .session import Header, SchemaError, Session
from .transcoder import OrjsonTranscoder

DEFAULT_DB = "boardlog.db"
_log = logging.getLogger(__name__)
_LOG_TOPIC = get_topic(GameLog)
_TOPIC_KIND = {get_topic(cls): kind for kind, cls in RECORD_CLASSES.items()}
_STARTED_TOPIC = get_topic(GameLog.Started)
_BOOKKEEPING = ("timestamp", "originator_topic")
_SEAT_KEYS_TOPIC = get_topic(SeatKeys.Issued)      # the stored records' topics
_SUMMARY_TOPIC = get_topic(FinalSummary.Recorded)
_NOTES_TOPIC = get_topic(Notes)
_NAME_TOPICS = {get_topic(ForkName.Opened), get_topic(ForkName.ForkNamed)}
MAX_NAME_CHARS = 60       # a line's name in the variation tree
_NOTE_KINDS = {get_topic(cls): cls.__name__ for cls in (Notes.Opened, Notes.NoteAdded, Notes.NoteEdited,
                                                          Notes.NoteDeleted)}
# A game's other streams, with ids derived from the game's own.
DERIVED = ("notes", "seat-keys", "summary", "name")
NOTES_CACHE = 256         # notes folds kept in memory (BOARDLOG_NOTES_CACHE)
NOTE_RETRIES = 25         # concurrent note adds commute: retry a version clash
MAX_NOTE_CHARS = 2000
LIVE_GAMES = 256          # latest sessions kept in memory (BOARDLOG_LIVE_GAMES)
MAX_SYSTEM_TURNS = 200    # automated commands in a row before we call it a loop
_NO_SYSTEM = OPTIONAL["system_command"]  # the default: a game with no automated turns
MAX_AUTHOR_CHARS = 40
# What a record that does not fit its game raises while it is folded: the
# game is then unreadable (listed as such), never half drawn.
_UNFIT = (msgspec.ValidationError, msgspec.DecodeError, fold.FoldError, KeyError, ValueError, TypeError,
          IndexError, AttributeError)
READ_CHUNK = 5000         # records per read: the connection goes back to the pool between reads


# The games `Store.pinned` has caught up, per (store, game), in this context
# (a request's thread); None outside such a block.
_PINNED: ContextVar[dict | None] = ContextVar("boardlog_pinned_games", default=None)


class StoredSignal:
    """Rings after any Store in this process stores a batch of a game's
    records: viewer/live.py's listener waits on it to push new steps to open
    pages (other processes hear of writes through PostgreSQL's NOTIFY).  A
    counter, so a ring while the listener was busy is never missed."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.count = 0

    def ring(self) -> None:
        with self._cond:
            self.count += 1
            self._cond.notify_all()

    def wait(self, seen: int, timeout: float) -> int:
        """The count once it differs from `seen`, or after `timeout` seconds."""
        with self._cond:
            self._cond.wait_for(lambda: self.count != seen, timeout)
            return self.count


STORED = StoredSignal()


@dataclass(frozen=True, slots=True)
class Record:
    """One stored record, decoded: stream position, kind and payload."""

    version: int
    kind: str
    data: dict[str, Any]

    @property
    def rule(self) -> str:
        return self.data["rule"]

    @property
    def cause(self) -> int:
        return self.data["cause"]

    @property
    def timestamp(self) -> str:
        stamp = self.data.get("timestamp")
        return stamp["_data_"] if isinstance(stamp, dict) else str(stamp or "")

    def payload(self) -> dict[str, Any]:
        """The record without the library's bookkeeping (timestamp, topic)."""
        return {k: v for k, v in self.data.items() if k not in _BOOKKEEPING}


@dataclass(frozen=True, slots=True)
class Live:
    """A game's header and its latest session."""

    id: UUID
    header: Header
    session: Session

    @property
    def game(self) -> GameModule:
        return find_game(self.header.kind)


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: UUID
    kind: str
    status: str
    outcome: str | None
    steps: int
    commands: int
    created: str
    seats: tuple[str, ...]
    parent: str | None
    fork_step: int | None


def store_env(db: str | None = None) -> dict[str, str]:
    """Where to store: `--db PATH`, else $PERSISTENCE_MODULE settings, else
    SQLite at $BOARDLOG_DB or ./boardlog.db."""
    if db is None and os.environ.get("PERSISTENCE_MODULE"):
        # The library waits 30 s for an unreachable server; say so sooner.
        return {} if os.environ.get("POSTGRES_CONNECT_TIMEOUT") else {"POSTGRES_CONNECT_TIMEOUT": "10"}
    path = db or os.environ.get("BOARDLOG_DB") or DEFAULT_DB
    return {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite",
        "SQLITE_DBNAME": path,
        "SQLITE_LOCK_TIMEOUT": "10",
    }


def open_store(db: str | None = None, env: dict[str, str] | None = None) -> Store:
    settings = {**store_env(db), **(env or {})}
    try:
        return Store(env=settings)
    except BoardlogError:
        raise
    except Exception as e:  # the database cannot be opened: say which and why
        raise StoreUnavailable(f"cannot open the store ({_describe(settings)}): {e}") from None


def _describe(settings: dict[str, str]) -> str:
    module = settings.get("PERSISTENCE_MODULE") or os.environ.get("PERSISTENCE_MODULE", "")
    if module.endswith("postgres"):
        get = lambda key: settings.get(key) or os.environ.get(key, "?")  # noqa: E731
        return (f"PostgreSQL {get('POSTGRES_USER')}@{get('POSTGRES_HOST')}:"
                f"{get('POSTGRES_PORT')}/{get('POSTGRES_DBNAME')}; check the POSTGRES_* settings")
    if module.endswith("sqlite"):
        return f"SQLite file {settings.get('SQLITE_DBNAME')}"
    return module or "the default store"


class Store(Application):
    name = "boardlog"
    # Defaults below anything set in the process environment or passed in:
    # - the library's snapshot store holds our checkpoints (engine.core.checkpoints);
    # - on PostgreSQL, insert through the library's database function: one
    #   round trip per command and no `LOCK TABLE` that would serialise every
    #   game's writes to keep the notification log gap-free (boardlog reads
    #   that log only to list games, which needs no such order).
    env = {"IS_SNAPSHOTTING_ENABLED": "y", "POSTGRES_ENABLE_DB_FUNCTIONS": "y"}

    def __init__(self, env: dict[str, str] | None = None):
        # Per-game locks: the first readers of a cold game wait for one fold.
        self._flights: dict[UUID, list] = {}
        self._flights_lock = threading.Lock()
        self._rows_lock = threading.Lock()
        self.rows_read = 0  # records read from storage by this store (tests: "folded once")
        super().__init__(env=env)
        every = int(self.env.get("BOARDLOG_CHECKPOINT_EVERY") or CHECKPOINT_EVERY)
        self.checkpoints = Checkpoints(self.snapshots.recorder if self.snapshots else None, every)
        # The latest session of recently used games; least recently used go
        # first, so a server with thousands of games stays within its means.
        self._live: OrderedDict[UUID, Live] = OrderedDict()
        self._live_lock = threading.Lock()
        self.live_limit = int(self.env.get("BOARDLOG_LIVE_GAMES") or LIVE_GAMES)
        # Each game's notes, folded and caught up from new rows only.
        self._notes_cache: OrderedDict[UUID, _NotesFold] = OrderedDict()
        self.notes_limit = int(self.env.get("BOARDLOG_NOTES_CACHE") or NOTES_CACHE)
        # Where `now` comes from when a command is recorded (tests set it).
        self.clock = utcnow
        self._stream, self._head = _row_reader(self.recorder, self._count_rows)
        if type(self.recorder).__module__.endswith("sqlite"):
            tune_sqlite(self.recorder.datastore, self.env.get("BOARDLOG_SQLITE_SYNC") or "NORMAL")
        # Reads that never wait on a network (a file or memory): short enough
        # to run on a server's event loop rather than hand to a thread.
        self.local_reads = type(self.recorder).__module__.endswith(("sqlite", "popo"))

    def construct_transcoder(self):
        return OrjsonTranscoder()

    def construct_factory(self, env):
        factory = super().construct_factory(env)
        if type(factory).__module__.endswith("postgres"):
            # Before the pool makes its first connection (table creation).
            tune_postgres(factory.datastore, env.get("BOARDLOG_POSTGRES_SYNC") or "off")
        return factory

    # Tables are created once, whatever process starts first: on PostgreSQL,
    # concurrent `CREATE OR REPLACE FUNCTION`/`CREATE TYPE` from several
    # servers starting together fail ("tuple concurrently updated").
    def construct_recorder(self):
        with _schema_lock(self.factory):
            return super().construct_recorder()

    def construct_snapshot_store(self):
        with _schema_lock(self.factory):
            return super().construct_snapshot_store()

    def _count_rows(self, n: int) -> None:
        with self._rows_lock:
            self.rows_read += n

    @contextmanager
    def _flight(self, game_id: UUID):
        """Hold the game's own lock (made on first use, dropped when unused)."""
        with self._flights_lock:
            entry = self._flights.setdefault(game_id, [threading.RLock(), 0])  # re-entrant: live -> _fold_to
            entry[1] += 1
        try:
            with entry[0]:
                yield
        finally:
            with self._flights_lock:
                entry[1] -= 1
                if entry[1] == 0:
                    self._flights.pop(game_id, None)

    def forget(self, game_id: UUID) -> None:
        """Drop everything this store keeps of a game (its latest session,
        notes fold, checkpoints in memory and persisted), e.g. once deleted."""
        with self._live_lock:
            self._live.pop(game_id, None)
            self._notes_cache.pop(game_id, None)
        self.checkpoints.forget(game_id)
        self._drop_checkpoints(game_id)

    def _drop_checkpoints(self, game_id: UUID) -> None:
        recorder = self.snapshots.recorder if self.snapshots else None
        module = type(recorder).__module__
        if recorder is None or not module.endswith(("sqlite", "postgres")):
            return  # in memory: they go with the process (and are checked before use)
        from .game import game_ids
        sqlite = module.endswith("sqlite")
        keys = [Checkpoints.stream_id(game_id, k) for k in game_ids()]
        keys = [k.hex if sqlite else k for k in keys]
        table = recorder.events_table_name if sqlite else f'"{recorder.datastore.schema}"."{recorder.events_table_name}"'
        p = "?" if sqlite else "%s"
        with recorder.datastore.transaction(commit=True) as c:
            c.execute(f"DELETE FROM {table} WHERE originator_id IN ({', '.join([p] * len(keys))})", keys)

    # ---- describing where data lives -------------------------------------------------
    def location(self) -> str:
        module = self.env.get("PERSISTENCE_MODULE") or "eventsourcing.popo"
        if module.endswith("sqlite"):
            return f"SQLite {self.env.get('SQLITE_DBNAME')}"
        if module.endswith("postgres"):
            return f"PostgreSQL {self.env.get('POSTGRES_DBNAME')}@{self.env.get('POSTGRES_HOST')}"
        return "memory"

    # ---- creating games ------------------------------------------------------------------
    def create(self, kind: str, *, seed: int | None = None, players: int | None = None,
               options: dict[str, str] | None = None, played_by: str | None = None,
               position: str | bytes | dict | None = None) -> UUID:
        """Start a game: record its header and its setup facts in one batch.
        With `played_by` ("bot:greedy"), the header records every seat as
        played by it; without, it records no one (people, as a rule).  With
        `position` (engine/core/position.py), the game starts from it
        instead of its setup: its options are the position's, and an
        impossible position is refused (BadPosition) with nothing stored."""
        game = find_game(kind)
        start = None
        if position is not None:
            if options or players is not None:
                raise BadInput("options: a game started from a position takes the position's options")
            start = positions.parse(game, position)
            positions.state_of(game, start)  # refused here, before anything is written
            opts = start["options"]
        else:
            opts = game.options(players, dict(options or {}))
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        seats = tuple(game.seats(opts))
        # Checked as any stored header's players are: refused before anything is written.
        who = None if played_by is None else fold.check_players(dict.fromkeys(seats, played_by), seats)
        header = Header(kind, int(seed), opts, seats, game.RULES_VERSION, players=who, position=start)
        facts = positions.opening(game, opts, header.seed, start)
        game_id = uuid4()
        events = [self._started(game_id, header)]
        events += [_happened(game_id, 1 + i, fact, cause=1) for i, fact in enumerate(facts, 1)]
        # A game may open with an automated turn: it goes in the same batch.
        session = None
        for e in events:
            r = _record_of(e)
            session = fold.fold_record(game, session, r.kind, r.version, r.data)
        batch = _Batch(game_id, Live(game_id, header, session), self.clock(), self.checkpoints.every)
        batch.system_turns()
        # The game and its seat keys in one transaction.
        self._store(game_id, events + batch.events, None, extra=[self._seat_keys(game_id, header.seats)[0]])
        # Its first command starts from here rather than re-reading what we just wrote.
        self._remember(game_id, Live(game_id, header, batch.session))
        self._save_marks(game_id, header.kind, batch.marks)
        return game_id

    def _started(self, game_id: UUID, header: Header, timestamp=None) -> GameLog.Started:
        return GameLog.Started(
            originator_id=game_id, originator_version=1,
            timestamp=timestamp or GameLog.Event.create_timestamp(),
            originator_topic=_LOG_TOPIC, rule="core.setup", cause=1, **header.to_data(),
        )

    # ---- commands ------------------------------------------------------------------------
    def issue(self, game_id: UUID, seat: str, text: str, *,
              expected_version: int | None = None) -> list[Record]:
        """Decide `text` for `seat` and store the command with its facts,
        followed by any automated turns it hands over to (one batch)."""
        live = self._writable(game_id, expected_version)
        live = self._enforce_deadlines(game_id, live, strict=expected_version is not None)
        game = live.game
        if seat == SYSTEM:
            raise RuleViolation("core.system", "the system seat acts only by itself; no one may act for it")
        command = game.COMMANDS.parse(text)
        _check_turn(game, live, seat)
        batch = _Batch(game_id, live, self.clock(), self.checkpoints.every)
        batch.command(seat, command)
        batch.system_turns()
        return self._store(game_id, batch.events, live, batch)

    def tick(self, game_id: UUID, live: Live | None = None) -> list[Record]:
        """Let the system seat do what is due now (a deadline that passed);
        called whenever anyone acts or polls.  Nothing due: nothing stored.
        `live`: the caught-up game, when the caller has just read it."""
        live = live or self.live(game_id)
        game = live.game
        if game.system_command is _NO_SYSTEM or game.outcome(live.session.state) is not None:
            return []  # a game without automated turns or deadlines: nothing can be due
        batch = _Batch(game_id, live, self.clock(), self.checkpoints.every)
        batch.system_turns()
        if not batch.events:
            return []
        try:
            return self._store(game_id, batch.events, live, batch)
        except ConflictError:  # someone else's request did it first
            return []

    def _enforce_deadlines(self, game_id: UUID, live: Live, strict: bool) -> Live:
        if self.tick(game_id, live):
            if strict:
                raise ConflictError("a deadline passed and the system acted first; "
                                    "nothing of yours was stored, reload and try again")
            return self.live(game_id)
        return live

    def undo(self, game_id: UUID, seat: str, *, expected_version: int | None = None) -> list[Record]:
        """Take back `seat`'s latest command (never across a commit point)."""
        live = self._writable(game_id, expected_version)
        live = self._enforce_deadlines(game_id, live, strict=expected_version is not None)
        _check_seat(live, seat)
        if not live.session.can_undo(seat):
            raise RuleViolation(*_why_no_undo(live.session, seat))
        cause = live.session.undo[-1].cause
        return self._store(game_id, [self._marker(GameLog.CommandUndone, game_id, live, seat, cause, "core.undo")], live)

    def redo(self, game_id: UUID, seat: str, *, expected_version: int | None = None) -> list[Record]:
        """Re-apply the command `seat` undid last, with its recorded facts."""
        live = self._writable(game_id, expected_version)
        live = self._enforce_deadlines(game_id, live, strict=expected_version is not None)
        _check_seat(live, seat)
        if not live.session.can_redo(seat):
            raise RuleViolation("core.redo.nothing", f"{seat} has nothing to redo")
        cause = live.session.redo[-1].cause
        return self._store(game_id, [self._marker(GameLog.CommandRedone, game_id, live, seat, cause, "core.redo")], live)

    @staticmethod
    def _marker(cls, game_id, live, seat, cause, rule):
        return cls(originator_id=game_id, originator_version=live.session.version + 1,
                   timestamp=GameLog.Event.create_timestamp(), seat=seat, rule=rule, cause=cause)

    def _writable(self, game_id: UUID, expected_version: int | None) -> Live:
        cached = self._live.get(game_id)
        if cached is not None and expected_version == cached.session.version:
            # The caller pins the version we hold: if another writer moved on,
            # the insert itself clashes (a ConflictError), so asking the
            # database for the head first would be a round trip for nothing.
            return cached
        live = self.live(game_id)
        if expected_version is not None and expected_version != live.session.version:
            raise ConflictError(
                f"game {game_id} is at step {live.session.version}, not {expected_version}: "
                "another command was stored first; nothing was stored, reload and try again"
            )
        return live

    def _store(self, game_id: UUID, events: list, live: Live | None,
               batch: _Batch | None = None, extra: list | None = None) -> list[Record]:
        try:
            # The event store directly: `save()` would first test every event
            # against the library's runtime protocols, a cost on every command.
            # `extra`: other streams' events (seat keys, notes) written in the
            # same transaction (one `insert_events` call).
            self.events.put(events + extra if extra else events)
            STORED.ring()
        except IntegrityError:
            # The session we hold is still true up to its version (records
            # never change): the next read catches it up from there.
            raise ConflictError(
                f"game {game_id} changed while this command was decided (step "
                f"{events[0].originator_version} is taken); nothing was stored, reload and try again"
            ) from None
        marks = []
        if batch is not None:  # already folded while the batch was decided
            records, session, marks = batch.records, batch.session, batch.marks
        else:
            records = [_record_of(e) for e in events]
            session = live.session if live is not None else None
            if live is not None:
                for e, r in zip(events, records, strict=True):
                    session = fold.fold_record(live.game, session, r.kind, r.version, r.data)
                    if r.version % self.checkpoints.every == 0:
                        marks.append((e, session))
        if live is not None:
            self._save_marks(game_id, live.header.kind, marks)
            after = Live(game_id, live.header, session)
            self._remember(game_id, after)
            if live.game.outcome(session.state) is not None:
                self._record_summary(after)
        return records

    def _save_marks(self, game_id: UUID, kind: str, marks: list) -> None:
        """Persist the checkpoints a write crossed (every N records).  They
        are derived data: failing to keep one never fails the command."""
        for event, session in marks:
            try:
                digest = row_digest(self.mapper.to_stored_event(event).state)
                self.checkpoints.save(game_id, kind, Mark(session.version, digest, session))
            except Exception as e:  # noqa: BLE001 - the command itself is stored
                _log.warning("checkpoint %s of game %s not kept: %s", session.version, game_id, e)

    # ---- reading -------------------------------------------------------------------------
    @contextmanager
    def pinned(self):
        """Within this block (one read-only request), `live` catches each game
        up once and then answers from that: a replay page asks for its game
        in six places, and each catch-up is a query.  Never around a write."""
        token = _PINNED.set({})
        try:
            yield
        finally:
            _PINNED.reset(token)

    def live(self, game_id: UUID) -> Live:
        """The latest session of a game, caught up with anything stored since.

        A game not in memory is read from its latest checkpoint; concurrent
        first readers wait for one of them to do it rather than each fold."""
        pinned = _PINNED.get()
        if pinned is not None:
            kept = pinned.get((id(self), game_id))
            if kept is None:
                kept = pinned[(id(self), game_id)] = self._catch_up(game_id)
            return kept
        return self._catch_up(game_id)

    def _catch_up(self, game_id: UUID) -> Live:
        cached = self._live.get(game_id)
        if cached is None:
            with self._flight(game_id):
                cached = self._live.get(game_id)
                if cached is None:
                    header = self.header(game_id)
                    cached = Live(game_id, header, self._fold_to(find_game(header.kind), header.kind,
                                                                 game_id, None))
        else:
            # Whatever was stored since, in one query (none: up to date);
            # cheaper than asking for the head first and then for the rows.
            session = self.fold(cached.game, game_id, cached.session, gt=cached.session.version)
            if session is not cached.session:
                cached = Live(game_id, cached.header, session)
        self._remember(game_id, cached)
        return cached

    def _remember(self, game_id: UUID, live: Live) -> None:
        with self._live_lock:
            self._live[game_id] = live
            self._live.move_to_end(game_id)
            while len(self._live) > self.live_limit:
                self._live.popitem(last=False)

    def load(self, game_id: UUID) -> Live:
        """Fold a game's whole stream (no cache involved)."""
        header = self.header(game_id)
        return Live(game_id, header, self.fold(find_game(header.kind), game_id, None))

    def header(self, game_id: UUID) -> Header:
        cached = self._live.get(game_id)
        if cached is not None:
            return cached.header
        rows = self.rows(game_id, lte=1)
        # Notes and seat keys live in streams of their own: only a stream that
        # starts with a game's header is a game.
        if not rows or rows[0].kind != fold.STARTED:
            raise GameNotFound(f"no game {game_id} in {self.location()}")
        try:
            return Header.from_data(rows[0].data)
        except SchemaError as e:
            raise GameUnreadable(f"game {game_id} cannot be read: {e}") from None

    def head_version(self, game_id: UUID) -> int:
        """The version of the latest stored record (0: no such game)."""
        return self._head(game_id)

    def rows(self, game_id: UUID, gt: int = 0, lte: int | None = None) -> list[Record]:
        """Decoded records with gt < version <= lte, in order."""
        rows = self._reader(game_id, gt, lte)
        if rows and rows[0][1] not in _TOPIC_KIND:
            raise GameNotFound(f"no game {game_id} in {self.location()}")
        return [Record(v, _TOPIC_KIND[t], orjson.loads(s)) for v, t, s in rows]

    def _reader(self, game_id: UUID, gt: int = 0, lte: int | None = None) -> list[tuple]:
        return list(self._stream(game_id, gt, lte))

    def fold(self, game: GameModule, game_id: UUID, session: Session | None,
             gt: int = 0, lte: int | None = None, every: int = 0, keep=None) -> Session | None:
        """Fold stored records gt < version <= lte onto `session`, straight from
        the rows (no Record objects: this is the hot path of every read).
        With `every`, `keep(session)` receives each session at a multiple of it."""
        # Open-ended: a whole game is bulk, a catch-up from a session is a tail.
        bulk = lte - gt > 1000 if lte is not None else session is None
        with _no_cycle_collection(bulk):
            rows = self._stream(game_id, gt, lte)
            try:
                return fold.fold_rows(game, session, rows, _TOPIC_KIND, orjson.loads, every, keep)
            except _UNFIT as e:
                # Only a stream written by an older, looser import gets here.
                raise GameUnreadable(f"game {game_id} cannot be read: a record does not fit ({e})") from None

    def session_at(self, game_id: UUID, step: int, start: tuple[int, Session] | None = None) -> Session:
        """The session after `step` records, folded from `start`, or else from
        the nearest checkpoint (at most N-1 records): never the whole game,
        and never the latest state first."""
        header = self.header(game_id)
        if step < 1:
            raise StepOutOfRange(f"step {step} is outside 1..{self._head(game_id)} of game {game_id}")
        cached = self._live.get(game_id)
        if cached is not None and step == cached.session.version:
            return cached.session
        game = find_game(header.kind)
        if start is not None and start[0] <= step:
            session = self.fold(game, game_id, start[1], gt=start[0], lte=step)
        else:
            session = self._fold_to(game, header.kind, game_id, step)
        # No head query first: the rows read say whether the step exists.
        if session is None or session.version != step:
            raise StepOutOfRange(f"step {step} is outside 1..{self._head(game_id)} of game {game_id}")
        return session

    def _fold_to(self, game: GameModule, kind: str, game_id: UUID, step: int | None) -> Session:
        """The session after `step` (None: the latest) from the nearest
        checkpoint.  A stretch longer than N with no checkpoints (an imported
        game, new code) is folded once, under the game's lock, keeping
        checkpoints as it goes: the next reader, in this process or any
        other, starts from them."""
        mark = self._nearest(game_id, kind, step)
        if step is not None and step - (mark.version if mark else 0) <= self.checkpoints.every:
            return self._fold_from(game, game_id, mark, step, kind, persist=False)
        with self._flight(game_id):  # re-entrant: `live` already holds it for a cold game
            mark = self._nearest(game_id, kind, step)
            return self._fold_from(game, game_id, mark, step, kind, persist=True)

    def _nearest(self, game_id: UUID, kind: str, step: int | None) -> Mark | None:
        try:
            return self.checkpoints.nearest(game_id, kind, step if step is not None else 2**62)
        except Exception as e:  # noqa: BLE001 - a checkpoint is a shortcut, never a reason to fail
            _log.warning("checkpoints of game %s unavailable: %s", game_id, e)
            return None

    def _fold_from(self, game: GameModule, game_id: UUID, mark: Mark | None, step: int | None,
                   kind: str, persist: bool) -> Session:
        """Fold from `mark` to `step`, first checking that the record the mark
        was taken after is still the one stored; with `persist`, keep a
        checkpoint at every multiple of N passed."""
        gt = mark.version - 1 if mark else 0
        rows = self._stream(game_id, gt, step)
        session = None
        if mark is not None:
            first = next(rows, None)
            if first is None or first[0] != mark.version or row_digest(first[2]) != mark.digest:
                _log.warning("checkpoint %s of game %s does not match its records: folding from the start",
                             mark.version, game_id)
                # Someone else's (a stream deleted, then imported again under
                # its id): drop them all, and keep fresh ones as we fold.
                self.checkpoints.forget(game_id)
                try:
                    self._drop_checkpoints(game_id)
                except Exception as e:  # noqa: BLE001 - the read goes on without them
                    _log.warning("stale checkpoints of game %s not dropped: %s", game_id, e)
                return self._fold_from(game, game_id, None, step, kind, persist=True)
            session = mark.session
        last: list = [None]
        marks: list[Mark] = []
        keep = None
        if persist:
            def tap(rows):
                for row in rows:
                    last[0] = row
                    yield row
            rows = tap(rows)

            def keep(s: Session) -> None:
                marks.append(Mark(s.version, row_digest(last[0][2]), s))
        bulk = (step or 2**62) - gt > 1000
        with _no_cycle_collection(bulk):
            try:
                session = fold.fold_rows(game, session, rows, _TOPIC_KIND, orjson.loads,
                                         self.checkpoints.every if keep else 0, keep)
            except _UNFIT as e:
                raise GameUnreadable(f"game {game_id} cannot be read: a record does not fit ({e})") from None
        if session is None:
            raise GameNotFound(f"no game {game_id} in {self.location()}")
        if marks:  # all the checkpoints the catch-up passed, in one write
            try:
                self.checkpoints.save(game_id, kind, *marks)
            except Exception as e:  # noqa: BLE001 - the read itself succeeded
                _log.warning("checkpoints of game %s not kept: %s", game_id, e)
        return session

    # ---- listing -------------------------------------------------------------------------
    def game_ids(self) -> list[UUID]:
        ids, start = [], 1
        while True:
            batch = self.recorder.select_notifications(start, 1000, topics=[_STARTED_TOPIC])
            ids += [n.originator_id for n in batch]
            if len(batch) < 1000:
                return [i if isinstance(i, UUID) else UUID(str(i)) for i in ids]
            start = batch[-1].id + 1

    def resolve(self, ref: str) -> UUID:
        """A game id from its full form or a unique prefix of at least 4 characters."""
        text = ref.strip().lower()
        try:
            game_id = UUID(text)
        except ValueError:
            pass
        else:
            self.header(game_id)  # GameNotFound unless it is a game
            return game_id
        compact = text.replace("-", "")
        if len(compact) < 4:
            raise GameNotFound(f"game id {ref!r} is too short: give at least 4 characters")
        matches = [g for g in self.game_ids() if g.hex.startswith(compact)]
        if not matches:
            raise GameNotFound(f"no game {ref!r} in {self.location()}")
        if len(matches) > 1:
            raise GameNotFound(f"game id {ref!r} is ambiguous: {', '.join(str(m) for m in matches[:5])}")
        return matches[0]

    def info(self, game_id: UUID) -> GameInfo:
        live = self.live(game_id)
        game, session = live.game, live.session
        outcome = game.outcome(session.state)
        started = self.rows(game_id, lte=1)[0]
        return GameInfo(
            id=game_id, kind=live.header.kind, status="finished" if outcome else "running",
            outcome=outcome, steps=session.version, commands=session.commands,
            created=started.timestamp[:19].replace("T", " "), seats=live.header.seats,
            parent=live.header.parent, fork_step=live.header.fork_step,
        )

    def summary(self, game_id: UUID) -> GameInfo:
        """A games-list row: a finished game's comes from its one summary
        record (no fold); a running game's from its latest session.  A game
        that cannot be read gets a row of its own saying why (status
        "unreadable", the reason as its outcome): the others still list."""
        try:
            return self._summary(game_id)
        except (GameUnreadable, SchemaError, fold.FoldError, ValueError, TypeError, KeyError,
                AttributeError, IndexError, RuleViolation) as e:
            return GameInfo(id=game_id, kind="?", status="unreadable", outcome=str(e)[:300], steps=0,
                            commands=0, created="", seats=(), parent=None, fork_step=None)

    def _summary(self, game_id: UUID) -> GameInfo:
        rows = self._reader(uuid5(game_id, "summary"), 0, 1)
        if rows and rows[0][1] != _SUMMARY_TOPIC:
            rows = []  # not a summary (a stream that took its id): fold instead
        if not rows:
            info = self.info(game_id)
            if info.outcome is not None:
                self._record_summary(self.live(game_id))
            return info
        final = orjson.loads(rows[0][2])
        started = self.rows(game_id, lte=1)[0]
        header = Header.from_data(started.data)
        return GameInfo(
            id=game_id, kind=header.kind, status="finished", outcome=final["outcome"],
            steps=final["steps"], commands=final["commands"],
            created=started.timestamp[:19].replace("T", " "), seats=header.seats,
            parent=header.parent, fork_step=header.fork_step,
        )

    def summaries(self, kind: str | None = None, status: str | None = None) -> list[GameInfo]:
        """Every game's list row, oldest first, filtered by kind and status."""
        rows = [self.summary(g) for g in self.game_ids()]
        return [r for r in rows if (not kind or r.kind == kind) and (not status or r.status == status)]

    def _record_summary(self, live: Live) -> None:
        outcome = live.game.outcome(live.session.state)
        try:
            self.events.put([FinalSummary.Recorded(
                originator_id=uuid5(live.id, "summary"), originator_version=1,
                timestamp=FinalSummary.Event.create_timestamp(), originator_topic=get_topic(FinalSummary),
                game=str(live.id), outcome=outcome, steps=live.session.version,
                commands=live.session.commands,
            )])
        except IntegrityError:
            pass  # another process recorded it first: the same facts

    # ---- fork and import -----------------------------------------------------------------
    def fork(self, game_id: UUID, step: int, name: str | None = None) -> tuple[UUID, int]:
        """A new game whose records are the parent's up to the end of the
        command that contains `step` (a command's facts are never split),
        named `name` (if given) in the same transaction."""
        name = check_fork_name(name) if name is not None else None
        live = self.live(game_id)
        if not 1 <= step <= live.session.version:
            raise StepOutOfRange(f"step {step} is outside 1..{live.session.version} of game {game_id}")
        rows = self.rows(game_id)
        while step < len(rows) and rows[step].kind == fold.FACT and rows[step].cause <= step:
            step += 1  # the next record belongs to the same command
        # Not `players`: a fork is a new line, played by whoever continues it,
        # so the parent's players say nothing about who played the fork.
        header = Header(**{**_header_fields(live.header), "parent": str(game_id), "fork_step": step,
                           "players": None})
        return self.write_game(uuid4(), header, rows[1:step], name=name), step

    def write_game(self, game_id: UUID, header: Header, records: list[Record],
                   created: str | None = None, notes: list[dict[str, Any]] | None = None,
                   name: str | None = None, collect: list | None = None) -> UUID:
        """Store a whole game (header plus records 2..N), its seat keys, its
        `notes` and its `name` in one transaction, keeping the records' own
        timestamps: all of it is stored, or (killed at any moment) none of
        it.  With `collect`, the events are added to it instead of stored
        (`write_games` stores several games in one transaction)."""
        events = [self._started(game_id, header, _when(created))]
        for r in records:
            payload = r.payload()
            v = payload.pop("v", None)
            event = RECORD_CLASSES[r.kind](originator_id=game_id, originator_version=r.version,
                                           timestamp=_when(r.timestamp), **payload)
            if v is not None:
                object.__setattr__(event, "v", v)
            events.append(event)
        extra = [self._seat_keys(game_id, header.seats)[0]]
        if notes:
            nid = uuid5(game_id, "notes")
            extra.append(_note_event(Notes.Opened, nid, 1, None, game=str(game_id),
                                     originator_topic=_NOTES_TOPIC))
            for i, n in enumerate(notes, 2):
                author, text = check_note(n["author"], n["text"])
                glyph, shapes = check_marks(n.get("glyph"), n.get("shapes"))
                extra.append(_with_marks(_note_event(Notes.NoteAdded, nid, i, n.get("created"),
                                                     note=str(n["note"]), step=n["step"], author=author,
                                                     text=text), glyph, shapes))
        if name is not None:
            extra += _name_events(game_id, 0, check_fork_name(name))
        if collect is not None:
            collect += events + extra
            return game_id
        self._store(game_id, events, None, extra=extra)
        return game_id

    def write_games(self, games: list[dict[str, Any]]) -> list[UUID]:
        """Store several games (each the keyword arguments of `write_game`)
        in one transaction: an import of a game with its forks stores all
        of them or none."""
        events: list = []
        ids = [self.write_game(**g, collect=events) for g in games]
        if events:
            self._store(ids[0], events, None)
        return ids

    # ---- names of the variation tree's lines ---------------------------------------------
    def fork_name(self, game_id: UUID) -> str | None:
        """The line's name (the latest `ForkNamed`), or None if never named."""
        name = None
        for _v, topic, raw in self._reader(uuid5(game_id, "name"), 0, None):
            if topic not in _NAME_TOPICS:
                return None  # another stream took this id (an older import): no name of ours
            name = orjson.loads(raw).get("name", name)
        return name

    def name_fork(self, game_id: UUID, name: str) -> None:
        """Name (or rename) a line; a concurrent rename is retried: the latest wins."""
        name = check_fork_name(name)
        self.header(game_id)  # GameNotFound unless it is a game
        nid = uuid5(game_id, "name")
        for attempt in range(NOTE_RETRIES):
            try:
                self.events.put(_name_events(game_id, self._head(nid), name))
                return
            except IntegrityError:
                time.sleep(random.random() * min(0.05, 0.001 * 2**attempt))
        raise ConflictError("the name changed meanwhile; nothing was stored, try again")

    def id_taken(self, game_id: UUID) -> str | None:
        """Why `game_id` cannot be given to a new or imported game, or None:
        it is a stream already (a game or not), one of an existing game's
        derived streams (notes, seat keys, summary), or a stream already
        sits where its own derived streams would go."""
        if self._head(game_id):
            return f"{game_id} is already in {self.location()}"
        for name in DERIVED:
            if self._head(uuid5(game_id, name)):
                return f"the {name} stream of {game_id} is already in {self.location()}"
        for other in self.game_ids():
            if game_id in {uuid5(other, name) for name in DERIVED}:
                return f"{game_id} is reserved for game {other}'s own records"
        return None

    # ---- seats: secret play links ------------------------------------------------------
    @staticmethod
    def _seat_keys(game_id: UUID, seats: tuple[str, ...]) -> tuple[SeatKeys.Issued, dict[str, str]]:
        # "*" is the hot-seat link: it acts for whichever seat the game waits for.
        tokens = {seat: secrets.token_urlsafe(16) for seat in (*seats, "*")}
        return SeatKeys.Issued(
            originator_id=uuid5(game_id, "seat-keys"), originator_version=1,
            timestamp=SeatKeys.Event.create_timestamp(), originator_topic=get_topic(SeatKeys),
            game=str(game_id), tokens=tokens,
        ), tokens

    def _issue_seat_keys(self, game_id: UUID, seats: tuple[str, ...]) -> dict[str, str]:
        event, tokens = self._seat_keys(game_id, seats)
        self.events.put([event])
        return tokens

    def seat_tokens(self, game_id: UUID) -> dict[str, str]:
        """Each seat's secret token (issued with the game; never exported)."""
        rows = self._reader(uuid5(game_id, "seat-keys"), 0, None)
        if rows:
            if rows[0][1] != _SEAT_KEYS_TOPIC:
                raise GameUnreadable(f"the seat keys of game {game_id} were overwritten by another stream")
            return orjson.loads(rows[0][2])["tokens"]
        return self._issue_seat_keys(game_id, self.header(game_id).seats)

    def seat_of(self, game_id: UUID, token: str) -> str | None:
        """The seat a token belongs to, compared in constant time; None if none."""
        found = None
        for seat, secret in self.seat_tokens(game_id).items():
            if hmac.compare_digest(secret.encode(), token.encode()):
                found = seat
        return found

    # ---- notes -----------------------------------------------------------------------------
    # Notes commute: each game's notes are folded once, kept in a bounded
    # cache and caught up from new rows only, so adding or reading a note
    # costs the same with 10 or 10,000 of them.
    def notes(self, game_id: UUID) -> list[dict[str, Any]]:
        """The game's notes, by step then time of writing."""
        return list(self._notes_fold(game_id).ordered())

    def notes_at(self, game_id: UUID, step: int) -> list[dict[str, Any]]:
        """The notes on one step, in writing order."""
        return list(self._notes_fold(game_id).by_step().get(step, ()))

    def noted_steps(self, game_id: UUID) -> list[int]:
        """The steps that have notes, ascending."""
        return list(self._notes_fold(game_id).by_step())

    def in_memory(self, game_id: UUID) -> bool:
        """Whether the game and its notes are folded in this process: then
        catching either up reads only what was stored since (usually nothing)."""
        return game_id in self._live and game_id in self._notes_cache

    def notes_version(self, game_id: UUID) -> int:
        """The version of the game's notes (0: none yet), for `expected_version`."""
        return self._notes_fold(game_id).version

    def _notes_fold(self, game_id: UUID) -> _NotesFold:
        nid = uuid5(game_id, "notes")
        cached = self._notes_cache.get(game_id)
        version = cached.version if cached else 0
        rows = self._reader(nid, version, None)
        if rows or cached is None:
            items = dict(cached.items) if cached else {}
            for v, topic, raw in rows:
                kind = _NOTE_KINDS.get(topic)
                if kind is None:
                    raise GameUnreadable(f"the notes of game {game_id} were overwritten by another stream")
                _apply_note(items, kind, orjson.loads(raw))
                version = v
            cached = _NotesFold(version, items)
        with self._live_lock:
            self._notes_cache[game_id] = cached
            self._notes_cache.move_to_end(game_id)
            while len(self._notes_cache) > self.notes_limit:
                self._notes_cache.popitem(last=False)
        return cached

    def _write_note(self, game_id: UUID, make, expected_version: int | None = None) -> None:
        """Append the event `make(notes_fold)` returns; on a version clash
        (another writer got there first) catch up and try again, unless the
        caller named the version it changes."""
        nid = uuid5(game_id, "notes")
        for attempt in range(NOTE_RETRIES):
            notes = self._notes_fold(game_id)
            if expected_version is not None and expected_version != notes.version:
                raise ConflictError(f"the notes are at version {notes.version}, not {expected_version}: "
                                    "they changed meanwhile; nothing was stored, reload and try again")
            events = []
            if notes.version == 0:
                events.append(_note_event(Notes.Opened, nid, 1, None, game=str(game_id),
                                          originator_topic=_NOTES_TOPIC))
            events.append(make(notes, notes.version + len(events) + 1))
            try:
                self.events.put(events)
                return
            except IntegrityError:
                if expected_version is not None:
                    break
                time.sleep(random.random() * min(0.05, 0.001 * 2**attempt))  # let the others through
        raise ConflictError("the notes changed meanwhile; nothing was stored, reload and try again")

    def add_note(self, game_id: UUID, step: int, author: str, text: str,
                 note: str | None = None, when: str | None = None,
                 glyph: str | None = None, shapes: list | None = None) -> str:
        last = self.live(game_id).session.version
        if not 1 <= step <= last:
            raise StepOutOfRange(f"step: {step} is outside 1..{last}")
        author, text = check_note(author, text)
        glyph, shapes = check_marks(glyph, shapes)
        note = note or uuid4().hex[:12]
        # An imported note keeps the time it was first written.
        self._write_note(game_id, lambda notes, v: _with_marks(_note_event(
            Notes.NoteAdded, uuid5(game_id, "notes"), v, when, note=note, step=step, author=author, text=text),
            glyph, shapes))
        return note

    def edit_note(self, game_id: UUID, note: str, author: str, text: str,
                  expected_version: int | None = None, glyph: str | None = None,
                  shapes: list | None = None) -> None:
        """Replace a note's text; a glyph or shapes given replace the note's
        ("" and [] clear them), None keeps them."""
        author, text = check_note(author, text)
        keep_glyph, keep_shapes = glyph is None, shapes is None
        glyph, shapes = check_marks(glyph, shapes)

        def make(notes, v):
            _require_note(game_id, notes, note)
            return _with_marks(_note_event(Notes.NoteEdited, uuid5(game_id, "notes"), v, None,
                                           note=note, author=author, text=text),
                               None if keep_glyph else glyph or "", None if keep_shapes else shapes, always=True)
        self._write_note(game_id, make, expected_version)

    def delete_note(self, game_id: UUID, note: str, author: str,
                    expected_version: int | None = None) -> None:
        author, _ = check_note(author, "-")

        def make(notes, v):
            _require_note(game_id, notes, note)
            return _note_event(Notes.NoteDeleted, uuid5(game_id, "notes"), v, None, note=note, author=author)
        self._write_note(game_id, make, expected_version)

    def exists(self, game_id: UUID) -> bool:
        return self.head_version(game_id) > 0

    # ---- deleting a game (the operator's, issue #12 item 6) -------------------------------
    def log_horizon(self) -> int:
        """The highest notification id below which no record can still
        appear: what a read model following the log may safely read up to.
        SQLite has one writer at a time, so its ids are committed in order.
        boardlog's PostgreSQL inserts take no table lock (the library's insert
        function), so a record with a lower id may commit after a higher one;
        a brief SHARE lock waits for the inserts in flight, after which every
        id up to the top has committed or rolled back."""
        recorder = self.recorder
        if not type(recorder).__module__.endswith("postgres"):
            return recorder.max_notification_id() or 0
        table = f'"{recorder.datastore.schema}"."{recorder.events_table_name}"'
        with recorder.datastore.transaction(commit=True) as c:
            c.execute(f"LOCK TABLE {table} IN SHARE MODE")
            c.execute(f"SELECT MAX(notification_id) AS top FROM {table}")
            return c.fetchone()["top"] or 0

    def delete_game(self, game_id: UUID) -> None:
        """Remove a game with its seat keys, notes and summary, all in one
        transaction (on SQLite and PostgreSQL; under the recorder's lock in
        memory).  Event sourcing has no "delete": the rows are removed for
        good through the recorder's own connection.  The notification log
        keeps a gap where they were; every reader here pages by id
        (`game_ids`, the readers by stream), so a gap is simply skipped.
        A game that cannot be read can be deleted too: that is its way out."""
        rows = self._reader(game_id, 0, 1)
        if not rows or rows[0][1] != _STARTED_TOPIC:
            raise GameNotFound(f"no game {game_id} in {self.location()}")
        ids = [game_id] + self._own_derived(game_id)
        kind = orjson.loads(rows[0][2]).get("kind", "")
        tombstone = self.mapper.to_stored_event(Deletion(game=str(game_id), kind=kind).collect_events()[0])
        module = type(self.recorder).__module__
        if module.endswith(("sqlite", "postgres")):
            self._delete_rows(ids, tombstone, sqlite=module.endswith("sqlite"))
        else:
            self._delete_in_memory(ids)
        forget = getattr(self, "forget", None)
        if callable(forget):
            forget(game_id)
        with self._live_lock:
            self._live.pop(game_id, None)
            self._notes_cache.pop(game_id, None)

    def _own_derived(self, game_id: UUID) -> list[UUID]:
        """The game's derived streams that really are its own: a stream that
        took such an id (an older import) is another game's, and stays."""
        own = {"notes": _NOTE_KINDS, "seat-keys": {_SEAT_KEYS_TOPIC}, "summary": {_SUMMARY_TOPIC},
               "name": _NAME_TOPICS}
        found = []
        for name in DERIVED:
            sid = uuid5(game_id, name)
            first = self._reader(sid, 0, 1)
            if first and first[0][1] != _STARTED_TOPIC and first[0][1] in own.get(name, {first[0][1]}):
                found.append(sid)
        return found

    def _delete_rows(self, ids: list[UUID], tombstone, sqlite: bool) -> None:
        """One DELETE of the game's and its derived streams' rows, in one
        transaction.  (Its checkpoints are derived data: `forget` drops them
        after, and a reader checks one against the records before use.)"""
        recorder = self.recorder
        p = "?" if sqlite else "%s"
        keys = [i.hex if sqlite else i for i in ids]
        table = recorder.events_table_name if sqlite else \
            f'"{recorder.datastore.schema}"."{recorder.events_table_name}"'
        with recorder.datastore.transaction(commit=True) as c:
            # The tombstone first (see log.Deletion: the log's top id must not go down).
            c.execute(f"INSERT INTO {table} (originator_id, originator_version, topic, state) "
                      f"VALUES ({p}, {p}, {p}, {p})",
                      (tombstone.originator_id.hex if sqlite else tombstone.originator_id,
                       tombstone.originator_version, tombstone.topic, tombstone.state))
            c.execute(f"DELETE FROM {table} WHERE originator_id IN ({', '.join([p] * len(keys))})", keys)

    def _delete_in_memory(self, ids: list[UUID]) -> None:
        """The in-memory recorder (tests): its notification ids are list
        positions, so they close up rather than leave a gap."""
        drop = {str(i) for i in ids}
        recorder = self.recorder
        with recorder._database_lock:
            recorder._stored_events = [s for s in recorder._stored_events if str(s.originator_id) not in drop]
            recorder._stored_events_index.clear()
            for position, s in enumerate(recorder._stored_events):
                recorder._stored_events_index[str(s.originator_id)][s.originator_version] = position


class _NotesFold:
    """A game's notes folded up to `version` (its items never change once
    cached; a newer version is a new fold), sorted once when first read."""

    __slots__ = ("version", "items", "_ordered", "_by_step")

    def __init__(self, version: int, items: dict[str, dict[str, Any]]):
        self.version, self.items, self._ordered, self._by_step = version, items, None, None

    def ordered(self) -> tuple[dict[str, Any], ...]:
        if self._ordered is None:
            self._ordered = tuple(sorted(self.items.values(), key=lambda n: (n["step"], n["created"])))
        return self._ordered

    def by_step(self) -> dict[int, tuple[dict[str, Any], ...]]:
        """Step -> its notes in writing order, steps ascending (a replay page
        asks for one step's notes and the noted steps: not a scan per request)."""
        if self._by_step is None:
            grouped: dict[int, list[dict[str, Any]]] = {}
            for n in self.ordered():
                grouped.setdefault(n["step"], []).append(n)
            self._by_step = {step: tuple(ns) for step, ns in grouped.items()}
        return self._by_step


def _note_event(cls, nid: UUID, version: int, when: str | None, **fields):
    return cls(originator_id=nid, originator_version=version,
               timestamp=_when(when) if when else Notes.Event.create_timestamp(), **fields)


def _require_note(game_id: UUID, notes: _NotesFold, note: str) -> None:
    if note not in notes.items:
        raise BadInput(f"note: no note {note!r} on game {game_id}")


def _stamp(data: dict[str, Any]) -> str:
    stamp = data.get("timestamp")
    if isinstance(stamp, dict):  # the library's wrapped form
        stamp = stamp.get("_data_")
    return datetime.fromisoformat(stamp).isoformat()


def _apply_note(items: dict[str, dict[str, Any]], kind: str, data: dict[str, Any]) -> None:
    """One notes record onto `items` (the same as `Notes`' own apply methods)."""
    note = data.get("note")
    if kind == "NoteAdded":
        items[note] = {"note": note, "step": data["step"], "author": data["author"],
                       "text": data["text"], "created": _stamp(data), "edited": None,
                       "glyph": data.get("glyph") or None, "shapes": data.get("shapes") or []}
    elif kind == "NoteEdited" and note in items:
        # An edit without a glyph or shapes (every edit before issue #14) keeps them.
        marks = {k: data[k] or ([] if k == "shapes" else None) for k in ("glyph", "shapes") if k in data}
        items[note] = {**items[note], "text": data["text"], "edited": _stamp(data), "editor": data["author"],
                       **marks}
    elif kind == "NoteDeleted":
        items.pop(note, None)


@contextmanager
def _no_cycle_collection(bulk: bool):
    """Pause Python's cycle collector during a bulk fold.

    A fold makes a few short-lived containers per record and no cycles, yet
    each batch of allocations wakes the collector, which then walks every
    object the process holds: in a big process that made a 100,000-record
    fold up to twice as slow.  Reference counting still frees everything.
    """
    if not bulk or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def check_fork_name(name: str | None) -> str:
    """A line's name: 1-60 printable characters, valid UTF-8 (BadInput names `name`)."""
    name = (check_text("name", name) or "").strip()
    if not name:
        raise BadInput("name: give the line a name (1 to 60 characters)")
    if len(name) > MAX_NAME_CHARS:
        raise BadInput(f"name: at most {MAX_NAME_CHARS} characters (got {len(name)})")
    if not name.isprintable():
        raise BadInput("name: only printable characters (no tabs, line breaks or control characters)")
    return name


def _name_events(game_id: UUID, head: int, name: str) -> list:
    """The records that name a line whose name stream is at version `head`."""
    nid = uuid5(game_id, "name")
    events = []
    if head == 0:
        events.append(ForkName.Opened(originator_id=nid, originator_version=1,
                                      timestamp=ForkName.Event.create_timestamp(),
                                      originator_topic=get_topic(ForkName), game=str(game_id)))
    events.append(ForkName.ForkNamed(originator_id=nid, originator_version=head + len(events) + 1,
                                     timestamp=ForkName.Event.create_timestamp(), name=name))
    return events


def check_note(author: str, text: str) -> tuple[str, str]:
    """Notes are plain text with limits; the error names the field."""
    author, text = (author or "").strip(), (text or "").strip()
    if not author:
        raise BadInput("author: say who is writing the note")
    if len(author) > MAX_AUTHOR_CHARS:
        raise BadInput(f"author: at most {MAX_AUTHOR_CHARS} characters (got {len(author)})")
    if not text:
        raise BadInput("text: a note cannot be empty")
    if len(text) > MAX_NOTE_CHARS:
        raise BadInput(f"text: a note may have at most {MAX_NOTE_CHARS} characters (got {len(text)})")
    return author, text


# A note's marks (issue #14): a Lichess-style glyph and shapes drawn on the board.
GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
SHAPE_COLOURS = ("green", "red", "blue", "yellow")
MAX_SHAPES = 20
MAX_PLACE_CHARS = 40
_SHAPE_PLACES = {"arrow": ("from", "to"), "circle": ("at",)}


def check_marks(glyph: Any, shapes: Any) -> tuple[str | None, list[dict[str, str]]]:
    """A note's glyph (one of GLYPHS, or none) and shapes, checked and in
    their stored form; the error names the field.  Places are only checked
    to be short strings here: whether they are places of the game's board is
    the viewer's to say (the store knows no board geometry)."""
    if glyph in (None, ""):
        glyph = None
    elif glyph not in GLYPHS:
        raise BadInput(f"glyph: {str(glyph)[:10]!r} is not one of {' '.join(GLYPHS)}")
    shapes = [] if shapes is None else shapes
    if not isinstance(shapes, list | tuple):
        raise BadInput("shapes: a list of shapes")
    if len(shapes) > MAX_SHAPES:
        raise BadInput(f"shapes: at most {MAX_SHAPES} shapes on a note (got {len(shapes)})")
    return glyph, [_check_shape(i, s) for i, s in enumerate(shapes, 1)]


def _check_shape(i: int, shape: Any) -> dict[str, str]:
    if not isinstance(shape, dict):
        raise BadInput(f"shapes: shape {i} is not an object")
    kind = shape.get("kind")
    if kind not in _SHAPE_PLACES:
        raise BadInput(f"shapes: shape {i} has kind {str(kind)[:10]!r}; arrow or circle")
    names = _SHAPE_PLACES[kind]
    extra = set(shape) - {"kind", "colour", *names}
    if extra:
        raise BadInput(f"shapes: shape {i} ({kind}) has unknown fields {', '.join(sorted(map(str, extra)))}")
    colour = shape.get("colour") or SHAPE_COLOURS[0]
    if colour not in SHAPE_COLOURS:
        raise BadInput(f"shapes: shape {i} has colour {str(colour)[:10]!r}; one of {', '.join(SHAPE_COLOURS)}")
    checked = {"kind": kind}
    for name in names:
        place = shape.get(name)
        if not isinstance(place, str) or not place.strip() or len(place) > MAX_PLACE_CHARS:
            raise BadInput(f"shapes: shape {i} ({kind}) needs `{name}`, a place of 1 to {MAX_PLACE_CHARS} characters")
        checked[name] = place.strip()
    if kind == "arrow" and checked["from"] == checked["to"]:
        checked = {"kind": "circle", "at": checked["from"]}  # an arrow to itself is a circle
    checked["colour"] = colour
    return checked


def _with_marks(event, glyph: str | None, shapes: list | None, always: bool = False):
    """Set a note record's glyph and shapes after construction, and only when
    given (always) or not empty, so that a note without marks is stored in
    its old shape byte for byte (as `Happened.v` is)."""
    if always and glyph is not None or glyph:
        object.__setattr__(event, "glyph", glyph)
    if always and shapes is not None or shapes:
        object.__setattr__(event, "shapes", shapes)
    return event


def _when(stamp: str | None) -> datetime:
    """A recorded timestamp back to a datetime (now, if there is none)."""
    if stamp:
        try:
            return datetime.fromisoformat(stamp)
        except ValueError:
            pass
    return GameLog.Event.create_timestamp()


def _header_fields(header: Header) -> dict[str, Any]:
    return {f: getattr(header, f) for f in Header.__slots__}


def _happened(game_id: UUID, version: int, fact: Event, cause: int, timestamp=None) -> GameLog.Happened:
    event = GameLog.Happened(
        originator_id=game_id, originator_version=version,
        timestamp=timestamp or GameLog.Event.create_timestamp(),
        type=fact.type, data=fact.to_data(), rule=fact.rule, cause=cause,
    )
    if type(fact).version > 1:  # version-1 records keep their original shape
        object.__setattr__(event, "v", type(fact).version)
    return event


class _Batch:
    """The records of one write, decided and folded one command at a time:
    a seat's command, then each automated turn it hands over to."""

    def __init__(self, game_id: UUID, live: Live, now: datetime, every: int = CHECKPOINT_EVERY):
        self.game_id, self.game, self.header = game_id, live.game, live.header
        self.session: Session = live.session
        self.now = as_utc(now)  # a naive clock reading is UTC, as verify reads it back
        self.events: list = []
        self.records: list[Record] = []
        self.every = every
        self.marks: list = []  # (event, session after it) at each multiple of `every`: checkpoints

    def _add(self, event) -> None:
        record = _record_of(event)
        self.session = fold.fold_record(self.game, self.session, record.kind, record.version, record.data)
        self.events.append(event)
        self.records.append(record)
        if record.version % self.every == 0:
            self.marks.append((event, self.session))

    def command(self, seat: str, command, commit: bool | None = None) -> None:
        """Decide `command` on the current state and add it with its facts."""
        version = self.session.version + 1
        ctx = Context(Dice(self.header.seed, version), self.now, version)
        facts = self.game.decide(self.session.state, seat, command, ctx)
        if commit is None:
            commit = ctx.dice.used or any(type(f).reveals for f in facts)
        self._add(GameLog.CommandIssued(
            originator_id=self.game_id, originator_version=version, timestamp=self.now,
            seat=seat, text=command.notation(), command=command.to_data(), commit=commit,
            rule="core.command", cause=version,
        ))
        for i, fact in enumerate(facts, 1):
            self._add(_happened(self.game_id, version + i, fact, cause=version))

    def system_turns(self) -> None:
        """Run the system seat's commands while the game has one due.

        Each is a command group of its own with its own dice, always a
        commit point (nobody may take back what the game itself did)."""
        game = self.game
        for _ in range(MAX_SYSTEM_TURNS):
            state = self.session.state
            if game.outcome(state) is not None:
                return
            command = game.system_command(state, self.now)
            if command is None:
                if SYSTEM in game.to_act(state):
                    raise GameStuck(f"{game.ID} waits for the system seat but gives it nothing to do "
                                    f"at step {self.session.version}; nothing was stored")
                return
            self.command(SYSTEM, command, commit=True)
        raise GameStuck(f"{game.ID}: the system acted {MAX_SYSTEM_TURNS} times in a row without "
                        f"handing over to a player (a loop in the rules?); nothing was stored")


def _record_of(event) -> Record:
    kind = type(event).__name__
    data = {k: v for k, v in vars(event).items() if k not in ("originator_id", "originator_version")}
    # Round-trip through JSON so that a live record is exactly what a read returns.
    data = orjson.loads(orjson.dumps(data, default=str))
    return Record(event.originator_version, kind, data)


def _check_seat(live: Live, seat: str) -> None:
    if seat not in live.header.seats:
        raise RuleViolation("core.seat", f"{seat!r} is not a seat of this game (seats: {', '.join(live.header.seats)})")


def _check_turn(game: GameModule, live: Live, seat: str) -> None:
    _check_seat(live, seat)
    state = live.session.state
    outcome = game.outcome(state)
    if outcome is not None:
        raise RuleViolation("core.game-over", f"the game is over: {outcome}")
    may_act = game.to_act(state)
    if seat not in may_act:
        raise RuleViolation("core.turn", f"{seat} may not act now (waiting for {', '.join(may_act)})")


def _why_no_undo(session: Session, seat: str) -> tuple[str, str]:
    if not session.undo:
        return ("core.undo.commit-point",
                "nothing can be undone: the last command drew randomness or revealed hidden "
                "information (a commit point), or no command was issued since")
    return ("core.undo.nothing", f"{seat} cannot undo: the latest undoable command is {session.undo[-1].seat}'s")


# ---- raw row readers: (version, topic, state) tuples, fastest path per backend ------------
def _row_reader(recorder, count=lambda n: None):
    """(stream, head): stream(game_id, gt, lte) yields (version, topic, state)
    rows in order, and head(game_id) -> latest version.  Plain SQL on SQLite
    and PostgreSQL (the library's `select_events` builds an object per row);
    the library's own calls elsewhere (in memory)."""
    module = type(recorder).__module__
    table = getattr(recorder, "events_table_name", "stored_events")
    if module.endswith("sqlite"):
        return _sql_reader(recorder, table, "?", lambda gid: gid.hex, count, sqlite=True)
    if module.endswith("postgres"):
        return _sql_reader(recorder, f'"{recorder.datastore.schema}"."{table}"', "%s", lambda gid: gid, count)

    def read(game_id, gt, lte):
        rows = [(s.originator_version, s.topic, s.state)
                for s in recorder.select_events(game_id, gt=gt, lte=lte)]
        count(len(rows))
        return iter(rows)

    def head(game_id):
        last = recorder.select_events(game_id, desc=True, limit=1)
        return last[0].originator_version if last else 0
    return read, head


def _sql_reader(recorder, table: str, p: str, key, count, sqlite: bool = False):
    rows_sql = (f"SELECT originator_version, topic, state FROM {table} WHERE originator_id={p} "
                f"AND originator_version>{p} AND originator_version<={p} ORDER BY originator_version")
    head_sql = f"SELECT MAX(originator_version) AS v FROM {table} WHERE originator_id={p}"

    def chunk(game_id, gt: int, lte: int) -> list:
        if sqlite:
            with recorder.datastore.transaction(commit=False) as c:
                c = c.sqlite_cursor
                c.row_factory = None  # plain tuples: much cheaper than sqlite3.Row
                c.execute(rows_sql, (key(game_id), gt, lte))
                rows = c.fetchall()
        else:
            # One statement needs no BEGIN/ROLLBACK around it (two round
            # trips saved): records never change once stored.
            with recorder.datastore.get_connection() as conn, conn.cursor() as c:
                c.execute(rows_sql, (key(game_id), gt, lte), prepare=True)
                rows = [(r["originator_version"], r["topic"], r["state"]) for r in c.fetchall()]
        count(len(rows))
        return rows

    def stream(game_id, gt, lte):
        # In chunks by version, each its own short read: the connection goes
        # back to the pool before the rows are folded (a long fold never
        # holds one), and the fold works on rows still warm in the CPU's
        # caches.  Versions are contiguous, so a short chunk is the end.
        end = lte if lte is not None else 2**62
        while gt < end:
            top = min(end, gt + READ_CHUNK)
            rows = chunk(game_id, gt, top)
            yield from rows
            if len(rows) < top - gt:
                return
            gt = top

    def head(game_id):
        if sqlite:
            with recorder.datastore.transaction(commit=False) as c:
                c.execute(head_sql, (key(game_id),))
                return c.fetchone()["v"] or 0
        with recorder.datastore.get_connection() as conn, conn.cursor() as c:
            c.execute(head_sql, (key(game_id),), prepare=True)
            return c.fetchone()["v"] or 0
    return stream, head


@contextmanager
def _schema_lock(factory):
    """On PostgreSQL, a session advisory lock (one per schema) around table
    creation, so that servers starting together create the tables one after
    the other; elsewhere nothing to do."""
    datastore = getattr(factory, "datastore", None)
    if not type(factory).__module__.endswith("postgres") or datastore is None:
        yield
        return
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


def tune_postgres(datastore, synchronous: str) -> None:
    """Every PostgreSQL connection gets `synchronous_commit` (off by default).

    Off, a commit returns before its WAL reaches the disk: the database
    stays consistent after any crash, but the last commits (well under a
    second's worth) may be lost if the server itself crashes: the same
    trade as SQLite's NORMAL here, and each writer no longer waits a disk
    flush per command.  Set BOARDLOG_POSTGRES_SYNC=on for durability first.
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
    create = pool._create_connection

    def create_tuned():
        connection = create()
        connection._sqlite_conn.execute(f"PRAGMA synchronous={synchronous.upper()}")
        return connection

    pool._create_connection = create_tuned
    # Connections made while the tables were created get it too.
    for connection in list(getattr(pool, "_pool", [])):
        connection._sqlite_conn.execute(f"PRAGMA synchronous={synchronous.upper()}")
