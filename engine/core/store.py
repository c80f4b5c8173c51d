"""The application service: create games, issue commands, undo and redo.

`Store` is an eventsourcing `Application`, so the same code runs on SQLite
(the default), PostgreSQL and in memory (POPO).  A command is decided
against the game's cached, caught-up `Session` and stored with its facts
and the automated turns it hands over to as one batch; a version clash in
the recorder means another writer won, and we say so (`ConflictError`)
with nothing stored.

Beside it, each in its own module, are the store's parts, reached as its
attributes:

- `store.reader` (engine/core/reading.py): the live cache, pinned reads,
  any step folded from the nearest checkpoint; the store answers the
  common queries (`live`, `header`, `rows`, `session_at` ...) from it;
- `store.db` (engine/core/database.py): the one module that knows SQLite
  from PostgreSQL;
- `store.catalogue` (engine/core/catalogue.py): listing, finding, forking,
  writing whole games, naming lines, deleting;
- `store.notes` (engine/core/notes.py) and `store.seats` (engine/core/seats.py).

The queries (`Queries`, engine/core/reading.py) are shared with the store
a command-line read opens on a SQLite file without the library
(engine/core/readonly.py).
"""

from __future__ import annotations

import logging
import random
import threading
from datetime import datetime, timedelta
from uuid import UUID, uuid4

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError

from . import position as positions
from . import seats
from . import session as fold
from .catalogue import Catalogue, happened, started_event
from .checkpoints import EVERY as CHECKPOINT_EVERY
from .checkpoints import Checkpoints, Mark, row_digest
from .context import SYSTEM, Context, as_utc, utcnow
from .database import (
    POSTGRES,
    Database,
    describe_settings,
    kind_of,
    notify_after_commit,
    schema_lock,
    store_env,
    tune_factory,
    tune_recorder,
)
from .dice import Dice
from .errors import (
    BadInput,
    BoardlogError,
    ConflictError,
    GameStuck,
    RuleViolation,
    StoreUnavailable,
)
from .game import OPTIONAL, GameModule, find_game
from .light_pass import KeptPasses
from .notes import NOTES_CACHE, NoteBook
from .reading import LIVE_GAMES, Queries, Reader
from .records import Live, Record, record_of
from .session import Header, Session
from .transcoder import OrjsonTranscoder

_log = logging.getLogger(__name__)
MAX_SYSTEM_TURNS = 200    # automated commands in a row before we call it a loop
_NO_SYSTEM = OPTIONAL["system_command"]  # the default: a game with no automated turns


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


def open_store(db: str | None = None, env: dict[str, str] | None = None) -> Store:
    settings = {**store_env(db), **(env or {})}
    try:
        return Store(env=settings)
    except BoardlogError:
        raise
    except Exception as e:  # the database cannot be opened: say which and why
        raise StoreUnavailable(f"cannot open the store ({describe_settings(settings)}): {e}") from None


class Store(Queries, Application):
    name = "boardlog"
    # Defaults below anything set in the process environment or passed in:
    # - the library's snapshot store holds our checkpoints (engine.core.checkpoints);
    # - on PostgreSQL, insert through the library's database function: one
    #   round trip per command and no `LOCK TABLE` that would serialise every
    #   game's writes to keep the notification log gap-free (boardlog reads
    #   that log only to list games, which needs no such order).
    env = {"IS_SNAPSHOTTING_ENABLED": "y", "POSTGRES_ENABLE_DB_FUNCTIONS": "y"}

    def __init__(self, env: dict[str, str] | None = None):
        super().__init__(env=env)
        self.db = Database(self.recorder, self.env)
        tune_recorder(self.recorder, self.env)
        every = int(self.env.get("BOARDLOG_CHECKPOINT_EVERY") or CHECKPOINT_EVERY)
        self.checkpoints = Checkpoints(self.snapshots.recorder if self.snapshots else None, self.db, every)
        # The replay index's light pass, kept a stretch at a time beside the checkpoints.
        self.passes = KeptPasses(self.db, every)
        self.reader = Reader(self.db, self.checkpoints, int(self.env.get("BOARDLOG_LIVE_GAMES") or LIVE_GAMES))
        put = self.events.put
        self.notes = NoteBook(self.db, put, lambda g: self.reader.live(g).session.version,
                              int(self.env.get("BOARDLOG_NOTES_CACHE") or NOTES_CACHE))
        self.seats = seats.SeatLinks(self.db, put, lambda g: self.reader.header(g).seats)
        self.catalogue = Catalogue(self.reader, put, self.append, self.forget, self.mapper, lambda: self.clock())
        # Where `now` comes from when a command is recorded (tests set it).
        self.clock = utcnow

    def close(self) -> None:
        self.db.close()
        super().close()

    # ---- the library's hooks ------------------------------------------------------------------
    def construct_transcoder(self):
        return OrjsonTranscoder()

    def construct_factory(self, env):
        factory = super().construct_factory(env)
        tune_factory(factory, env)  # before the pool makes its first connection
        return factory

    # Tables are created once, whatever process starts first (engine/core/database.py).
    def construct_recorder(self):
        with schema_lock(self.factory):
            recorder = super().construct_recorder()
            if kind_of(recorder) == POSTGRES and self.factory.env_create_table():
                notify_after_commit(recorder)
            return recorder

    def construct_snapshot_store(self):
        with schema_lock(self.factory):
            return super().construct_snapshot_store()

    # ---- queries: plain data, from the reader (`Queries`, engine/core/reading.py) --------------
    def forget(self, game_id: UUID) -> None:
        """Drop everything this store keeps of a game (its latest session,
        notes fold, checkpoints in memory and persisted), e.g. once deleted."""
        self.reader.forget(game_id)
        self.notes.forget(game_id)
        self.checkpoints.drop(game_id)
        self.passes.forget(game_id)

    # ---- creating games -----------------------------------------------------------------------
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
        game_seats = tuple(game.seats(opts))
        if SYSTEM in game_seats:  # a game's own defect, never a player's: no record of it is made
            raise TypeError(f"game {kind} names a seat {SYSTEM!r}: that seat is the engine's")
        # Checked as any stored header's players are: refused before anything is written.
        who = None if played_by is None else fold.check_players(dict.fromkeys(game_seats, played_by), game_seats)
        header = Header(kind, int(seed), opts, game_seats, game.RULES_VERSION, players=who, position=start)
        facts = positions.opening(game, opts, header.seed, start)
        game_id = uuid4()
        now = as_utc(self.clock())
        events = [started_event(game_id, header, now)]
        events += [happened(game_id, 1 + i, fact, cause=1, timestamp=now) for i, fact in enumerate(facts, 1)]
        # A game may open with an automated turn: it goes in the same batch.
        session, every, marks = None, self.checkpoints.every, []
        for e in events:
            r = record_of(e)
            session = fold.fold_record(game, session, r.kind, r.version, r.data)
            if r.version % every == 0:  # a set-up longer than a stretch
                marks.append((e, session))
        batch = _Batch(game_id, Live(game_id, header, session), now, every)
        batch.marks = marks
        batch.system_turns()
        # The game and its seat keys in one transaction.
        self.append(game_id, events + batch.events + [seats.issued(game_id, header.seats)[0]])
        # Its first command starts from here rather than re-reading what we just wrote.
        self.reader.remember(game_id, Live(game_id, header, batch.session))
        self._save_marks(game_id, header.kind, batch.marks, game)
        return game_id

    # ---- commands -----------------------------------------------------------------------------
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
        batch = _Batch(game_id, live, self.now(live), self.checkpoints.every)
        batch.command(seat, command)
        batch.system_turns()
        return self._stored(game_id, batch.events, live, batch)

    def tick(self, game_id: UUID, live: Live | None = None) -> list[Record]:
        """Let the system seat do what is due now (a deadline that passed);
        called whenever anyone acts or polls.  Nothing due: nothing stored.
        `live`: the caught-up game, when the caller has just read it."""
        live = live or self.live(game_id)
        game = live.game
        if game.system_command is _NO_SYSTEM or game.outcome(live.session.state) is not None:
            return []  # a game without automated turns or deadlines: nothing can be due
        batch = _Batch(game_id, live, self.now(live), self.checkpoints.every)
        batch.system_turns()
        if not batch.events:
            return []
        try:
            return self._stored(game_id, batch.events, live, batch)
        except ConflictError:  # someone else's request did it first
            return []

    def undo(self, game_id: UUID, seat: str, *, expected_version: int | None = None) -> list[Record]:
        """Take back `seat`'s latest command (never across a commit point)."""
        live = self._writable(game_id, expected_version)
        live = self._enforce_deadlines(game_id, live, strict=expected_version is not None)
        _check_seat(live, seat)
        if not live.session.can_undo(seat):
            raise RuleViolation(*why_no_undo(live.session, seat))
        cause = live.session.undo[-1].cause
        from .log import GameLog  # built by writes alone: a read never needs it (issue #24)

        return self._stored(game_id, [_marker(GameLog.CommandUndone, game_id, live, seat, cause, "core.undo",
                                              self.now(live))], live)

    def redo(self, game_id: UUID, seat: str, *, expected_version: int | None = None) -> list[Record]:
        """Re-apply the command `seat` undid last, with its recorded facts."""
        live = self._writable(game_id, expected_version)
        live = self._enforce_deadlines(game_id, live, strict=expected_version is not None)
        _check_seat(live, seat)
        if not live.session.can_redo(seat):
            raise RuleViolation("core.redo.nothing", f"{seat} has nothing to redo")
        cause = live.session.redo[-1].cause
        from .log import GameLog

        return self._stored(game_id, [_marker(GameLog.CommandRedone, game_id, live, seat, cause, "core.redo",
                                              self.now(live))], live)

    def now(self, live: Live) -> datetime:
        """The time of a game's next record: the wall clock, or a fork's own
        (which goes on from the step it was forked at: `Header.clock_shift`)."""
        now = as_utc(self.clock())
        shift = live.header.clock_shift
        return now - timedelta(seconds=shift) if shift else now

    def _enforce_deadlines(self, game_id: UUID, live: Live, strict: bool) -> Live:
        if self.tick(game_id, live):
            if strict:
                raise ConflictError("a deadline passed and the system acted first; "
                                    "nothing of yours was stored, reload and try again")
            return self.live(game_id)
        return live

    def _writable(self, game_id: UUID, expected_version: int | None) -> Live:
        cached = self.reader.cached(game_id)
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

    # ---- writing ------------------------------------------------------------------------------
    def append(self, game_id: UUID, events: list) -> None:
        """Store `events` in one transaction (a game's records, maybe with
        records of its other streams); ConflictError if a version is taken."""
        try:
            # The event store directly: `save()` would first test every event
            # against the library's runtime protocols, a cost on every command.
            self.events.put(events)
        except IntegrityError:
            raise ConflictError(
                f"game {game_id} changed while this command was decided (step "
                f"{events[0].originator_version} is taken); nothing was stored, reload and try again"
            ) from None
        STORED.ring()

    def _stored(self, game_id: UUID, events: list, live: Live, batch: _Batch | None = None) -> list[Record]:
        """Append, then keep the game's new session (the session we held is
        still true up to its version if the append clashed: records never
        change, and the next read catches it up from there)."""
        self.append(game_id, events)
        if batch is not None:  # already folded while the batch was decided
            records, session, marks = batch.records, batch.session, batch.marks
        else:
            records, session, marks = [record_of(e) for e in events], live.session, []
            for e, r in zip(events, records, strict=True):
                session = fold.fold_record(live.game, session, r.kind, r.version, r.data)
                if r.version % self.checkpoints.every == 0:
                    marks.append((e, session))
        self._save_marks(game_id, live.header.kind, marks, live.game)
        after = Live(game_id, live.header, session)
        self.reader.remember(game_id, after)
        if live.game.outcome(session.state) is not None:
            self.catalogue.record_summary(after)
        return records

    def _save_marks(self, game_id: UUID, kind: str, marks: list, game: GameModule) -> None:
        """Persist the checkpoints a write crossed (every N records), and the
        light pass of each stretch the write finished (engine/core/light_pass.py).
        They are derived data: failing to keep one never fails the command."""
        for event, session in marks:
            try:
                digest = row_digest(self.mapper.to_stored_event(event).state)
                self.checkpoints.save(game_id, kind, Mark(session.version, digest, session))
            except Exception as e:  # noqa: BLE001 - the command itself is stored
                _log.warning("checkpoint %s of game %s not kept: %s", session.version, game_id, e)
        if marks:
            self.passes.keep_written(game, kind, game_id, [session.version for _, session in marks],
                                     lambda gt, lte: self.db.stream(game_id, gt, lte))


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
        record = record_of(event)
        self.session = fold.fold_record(self.game, self.session, record.kind, record.version, record.data)
        self.events.append(event)
        self.records.append(record)
        if record.version % self.every == 0:
            self.marks.append((event, self.session))

    def command(self, seat: str, command, commit: bool | None = None) -> None:
        """Decide `command` on the current state and add it with its facts."""
        from .log import GameLog

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
        for i, fact in enumerate(facts, 1):  # a command's facts share its time
            self._add(happened(self.game_id, version + i, fact, cause=version, timestamp=self.now))

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


def _marker(cls, game_id: UUID, live: Live, seat: str, cause: int, rule: str, now: datetime):
    return cls(originator_id=game_id, originator_version=live.session.version + 1,
               timestamp=now, seat=seat, rule=rule, cause=cause)


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


def why_no_undo(session: Session, seat: str) -> tuple[str, str]:
    """Why `seat` cannot undo now: (rule id, plain words)."""
    if not session.undo:
        return ("core.undo.commit-point",
                "nothing can be undone: the last command drew randomness or revealed hidden "
                "information (a commit point), or no command was issued since")
    return ("core.undo.nothing", f"{seat} cannot undo: the latest undoable command is {session.undo[-1].seat}'s")
