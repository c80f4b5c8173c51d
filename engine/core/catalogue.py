"""The catalogue of a store: which games it holds and how they relate.

Listing and finding games, their list rows (a finished game's from its one
summary record), forks and their names, writing whole games (an import, a
fork), and deleting a game with everything derived from it.  A game's
other streams (notes, seat keys, summary, name) have ids derived from the
game's own (`DERIVED`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from typing import Any
from uuid import UUID, uuid4, uuid5

import orjson

from . import session as fold
from .context import SYSTEM, as_utc, utcnow
from .errors import (
    BadInput,
    ConflictError,
    GameNotFound,
    GameUnreadable,
    RuleViolation,
    StepOutOfRange,
)
from .events import Event
from .frozen import frozen_dataclass
from .limits import check_text
from .reading import Reader
from .records import (
    LOG_TOPIC,
    NAME_TOPICS,
    NOTE_KINDS,
    SEAT_KEYS_TOPIC,
    STARTED_TOPIC,
    SUMMARY_TOPIC,
    Live,
    Record,
)
from .session import Header, SchemaError

DERIVED = ("notes", "seat-keys", "summary", "name")
MAX_NAME_CHARS = 60       # a line's name in the variation tree
NAME_RETRIES = 25
# What each derived stream's own records are, to tell ours from a stream
# that took such an id (an older, looser import).
_OWN_TOPICS = {"notes": set(NOTE_KINDS), "seat-keys": {SEAT_KEYS_TOPIC},
               "summary": {SUMMARY_TOPIC}, "name": NAME_TOPICS}


@frozen_dataclass(slots=True)
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
    waiting: tuple[str, ...] = ()  # the player seats that may act now (none once over)


class Catalogue:
    """The games of one store."""

    def __init__(self, reader: Reader, put: Callable[[list], None], append: Callable[[UUID, list], None],
                 forget: Callable[[UUID], None], mapper: Any, clock: Callable[[], Any] = utcnow):
        self.reader = reader
        self.db = reader.db
        self._mapper = mapper    # the store's: a tombstone is written as the store writes events
        self._clock = clock      # the store's wall clock (tests set it)
        self._put = put          # raw: events in one transaction (IntegrityError on a clash)
        self._append = append    # a game's records: ConflictError on a clash, and heard by live pages
        self._forget = forget    # drop what the store keeps of a game in memory

    # ---- listing ----------------------------------------------------------------------------
    def game_ids(self) -> list[UUID]:
        ids, start = [], 1
        recorder = self.db.recorder
        while True:
            batch = recorder.select_notifications(start, 1000, topics=[STARTED_TOPIC])
            ids += [n.originator_id for n in batch]
            if len(batch) < 1000:
                return [i if isinstance(i, UUID) else UUID(str(i)) for i in ids]
            start = batch[-1].id + 1

    def exists(self, game_id: UUID) -> bool:
        return self.db.head(game_id) > 0

    def resolve(self, ref: str) -> UUID:
        """A game id from its full form or a unique prefix of at least 4 characters."""
        text = ref.strip().lower()
        try:
            game_id = UUID(text)
        except ValueError:
            pass
        else:
            self.reader.header(game_id)  # GameNotFound unless it is a game
            return game_id
        compact = text.replace("-", "")
        if len(compact) < 4:
            raise GameNotFound(f"game id {ref!r} is too short: give at least 4 characters")
        matches = self.db.games_by_prefix(compact, STARTED_TOPIC)
        if matches is None:
            matches = [g for g in self.game_ids() if g.hex.startswith(compact)]
        if not matches:
            raise GameNotFound(f"no game {ref!r} in {self.db.location()}")
        if len(matches) > 1:
            raise GameNotFound(f"game id {ref!r} is ambiguous: {', '.join(str(m) for m in matches[:5])}")
        return matches[0]

    def info(self, game_id: UUID) -> GameInfo:
        live = self.reader.live(game_id)
        game, session = live.game, live.session
        outcome = game.outcome(session.state)
        started = self.reader.rows(game_id, lte=1)[0]
        return GameInfo(
            id=game_id, kind=live.header.kind, status="finished" if outcome else "running",
            outcome=outcome, steps=session.version, commands=session.commands,
            created=started.timestamp[:19].replace("T", " "), seats=live.header.seats,
            parent=live.header.parent, fork_step=live.header.fork_step,
            waiting=() if outcome else tuple(s for s in game.to_act(session.state) if s != SYSTEM),
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
        rows = self.db.rows(uuid5(game_id, "summary"), 0, 1)
        if rows and rows[0][1] != SUMMARY_TOPIC:
            rows = []  # not a summary (a stream that took its id): fold instead
        if not rows:
            info = self.info(game_id)
            if info.outcome is not None:
                self.record_summary(self.reader.live(game_id))
            return info
        final = orjson.loads(rows[0][2])
        started = self.reader.rows(game_id, lte=1)[0]
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

    def record_summary(self, live: Live) -> None:
        """A finished game's list row, kept so that listing it needs no fold."""
        from eventsourcing.persistence import IntegrityError
        from eventsourcing.utils import get_topic

        from .log import FinalSummary  # writes alone need the library (issue #24)

        outcome = live.game.outcome(live.session.state)
        try:
            self._put([FinalSummary.Recorded(
                originator_id=uuid5(live.id, "summary"), originator_version=1,
                timestamp=FinalSummary.Event.create_timestamp(), originator_topic=get_topic(FinalSummary),
                game=str(live.id), outcome=outcome, steps=live.session.version,
                commands=live.session.commands,
            )])
        except IntegrityError:
            pass  # another process recorded it first: the same facts

    # ---- forks and whole games ----------------------------------------------------------------
    def fork(self, game_id: UUID, step: int, name: str | None = None) -> tuple[UUID, int]:
        """A new game whose records are the parent's up to the end of the
        command that contains `step` (a command's facts are never split),
        named `name` (if given) in the same transaction."""
        name = check_fork_name(name) if name is not None else None
        live = self.reader.live(game_id)
        if not 1 <= step <= live.session.version:
            raise StepOutOfRange(f"step {step} is outside 1..{live.session.version} of game {game_id}")
        rows = self.reader.rows(game_id)
        while step < len(rows) and rows[step].kind == fold.FACT and rows[step].cause <= step:
            step += 1  # the next record belongs to the same command
        # Not `players`: a fork is a new line, played by whoever continues it,
        # so the parent's players say nothing about who played the fork.  Its
        # clock goes on from the time of its last step: a deadline running
        # there resumes with the time it had left, not long past.
        shift = (as_utc(self._clock()) - as_utc(datetime.fromisoformat(rows[step - 1].timestamp))).total_seconds()
        header = Header(**{**header_fields(live.header), "parent": str(game_id), "fork_step": step,
                           "players": None, "clock_shift": round(max(shift, 0.0), 6)})
        return self.write_game(uuid4(), header, rows[1:step], name=name), step

    def write_game(self, game_id: UUID, header: Header, records: list[Record],
                   created: str | None = None, notes: list[dict[str, Any]] | None = None,
                   name: str | None = None, collect: list | None = None) -> UUID:
        """Store a whole game (header plus records 2..N), its seat keys, its
        `notes` and its `name` in one transaction, keeping the records' own
        timestamps: all of it is stored, or (killed at any moment) none of
        it.  With `collect`, the events are added to it instead of stored
        (`write_games` stores several games in one transaction)."""
        # Writes alone build the library's classes, and need the notes' and seat keys' (issue #24).
        from . import notes as notebook
        from . import seats
        from .log import RECORD_CLASSES

        events = [started_event(game_id, header, notebook.when_of(created))]
        for r in records:
            payload = r.payload()
            v = payload.pop("v", None)
            event = RECORD_CLASSES[r.kind](originator_id=game_id, originator_version=r.version,
                                           timestamp=notebook.when_of(r.timestamp), **payload)
            if v is not None:
                object.__setattr__(event, "v", v)
            events.append(event)
        events += [seats.issued(game_id, header.seats)[0], *notebook.imported(game_id, notes or [])]
        if name is not None:
            events += _name_events(game_id, 0, check_fork_name(name))
        if collect is not None:
            collect += events
            return game_id
        self._append(game_id, events)
        return game_id

    def write_games(self, games: list[dict[str, Any]]) -> list[UUID]:
        """Store several games (each the keyword arguments of `write_game`)
        in one transaction: an import of a game with its forks stores all
        of them or none."""
        events: list = []
        ids = [self.write_game(**g, collect=events) for g in games]
        if events:
            self._append(ids[0], events)
        return ids

    def id_taken(self, game_id: UUID) -> str | None:
        """Why `game_id` cannot be given to a new or imported game, or None:
        it is a stream already (a game or not), one of an existing game's
        derived streams (notes, seat keys, summary), or a stream already
        sits where its own derived streams would go."""
        where = self.db.location()
        if self.db.head(game_id):
            return f"{game_id} is already in {where}"
        for name in DERIVED:
            if self.db.head(uuid5(game_id, name)):
                return f"the {name} stream of {game_id} is already in {where}"
        for other in self.game_ids():
            if game_id in {uuid5(other, name) for name in DERIVED}:
                return f"{game_id} is reserved for game {other}'s own records"
        return None

    # ---- names of the variation tree's lines ------------------------------------------------
    def fork_name(self, game_id: UUID) -> str | None:
        """The line's name (the latest `ForkNamed`), or None if never named."""
        name = None
        for _v, topic, raw in self.db.stream(uuid5(game_id, "name"), 0, None):
            if topic not in NAME_TOPICS:
                return None  # another stream took this id (an older import): no name of ours
            name = orjson.loads(raw).get("name", name)
        return name

    def name_fork(self, game_id: UUID, name: str) -> None:
        """Name (or rename) a line; a concurrent rename is retried: the latest wins."""
        name = check_fork_name(name)
        self.reader.header(game_id)  # GameNotFound unless it is a game
        nid = uuid5(game_id, "name")
        # Writes alone need the library (issue #24).
        import random

        from eventsourcing.persistence import IntegrityError

        for attempt in range(NAME_RETRIES):
            try:
                self._put(_name_events(game_id, self.db.head(nid), name))
                return
            except IntegrityError:
                time.sleep(random.random() * min(0.05, 0.001 * 2**attempt))
        raise ConflictError("the name changed meanwhile; nothing was stored, try again")

    # ---- deleting a game (the operator's, issue #12 item 6) ---------------------------------
    def delete_game(self, game_id: UUID) -> None:
        """Remove a game with its seat keys, notes and summary, all in one
        transaction (on SQLite and PostgreSQL; under the recorder's lock in
        memory).  Event sourcing has no "delete": the rows are removed for
        good through the recorder's own connection.  The notification log
        keeps a gap where they were; every reader here pages by id
        (`game_ids`, the readers by stream), so a gap is simply skipped.
        A game that cannot be read can be deleted too: that is its way out."""
        from .log import Deletion

        rows = self.db.rows(game_id, 0, 1)
        if not rows or rows[0][1] != STARTED_TOPIC:
            raise GameNotFound(f"no game {game_id} in {self.db.location()}")
        ids = [game_id] + self._own_derived(game_id)
        kind = orjson.loads(rows[0][2]).get("kind", "")
        tombstone = self._mapper.to_stored_event(Deletion(game=str(game_id), kind=kind).collect_events()[0])
        self.db.delete_streams(ids, tombstone)
        self._forget(game_id)

    def _own_derived(self, game_id: UUID) -> list[UUID]:
        """The game's derived streams that really are its own: a stream that
        took such an id (an older import) is another game's, and stays."""
        found = []
        for name in DERIVED:
            sid = uuid5(game_id, name)
            first = self.db.rows(sid, 0, 1)
            if first and first[0][1] in _OWN_TOPICS[name]:
                found.append(sid)
        return found


# ---- records of a game ----------------------------------------------------------------------
def started_event(game_id: UUID, header: Header, timestamp=None):
    """The record of a game's header (a `GameLog.Started`)."""
    from .log import GameLog

    return GameLog.Started(
        originator_id=game_id, originator_version=1,
        timestamp=timestamp or GameLog.Event.create_timestamp(),
        originator_topic=LOG_TOPIC, rule="core.setup", cause=1, **header.to_data(),
    )


def happened(game_id: UUID, version: int, fact: Event, cause: int, timestamp=None):
    """The record of one fact (a `GameLog.Happened`)."""
    from .log import GameLog

    event = GameLog.Happened(
        originator_id=game_id, originator_version=version,
        timestamp=timestamp or GameLog.Event.create_timestamp(),
        type=fact.type, data=fact.to_data(), rule=fact.rule, cause=cause,
    )
    if type(fact).version > 1:  # version-1 records keep their original shape
        object.__setattr__(event, "v", type(fact).version)
    return event


def header_fields(header: Header) -> dict[str, Any]:
    return {f: getattr(header, f) for f in Header.__slots__}


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
    from eventsourcing.utils import get_topic

    from .log import ForkName

    nid = uuid5(game_id, "name")
    events = []
    if head == 0:
        events.append(ForkName.Opened(originator_id=nid, originator_version=1,
                                      timestamp=ForkName.Event.create_timestamp(),
                                      originator_topic=get_topic(ForkName), game=str(game_id)))
    events.append(ForkName.ForkNamed(originator_id=nid, originator_version=head + len(events) + 1,
                                     timestamp=ForkName.Event.create_timestamp(), name=name))
    return events
