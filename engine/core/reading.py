"""Reading games: the latest session of each game kept in memory, pinned
reads for one request, any step folded from the nearest checkpoint.

Reads go straight to the database's rows and fold them with
`engine.core.session` (the library's per-event object mapping is the slow
part of a plain `repository.get`).  Serving many readers (issue #13):
every N records the write path persists a checkpoint, so a process that
has never seen a game reads any step by folding fewer than N records; the
first readers of a cold game wait for one fold (a per-game lock).
"""

from __future__ import annotations

import gc
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from uuid import UUID

import msgspec
import orjson

from . import session as fold
from .checkpoints import Checkpoints, Mark, row_digest
from .database import Database
from .errors import GameNotFound, GameUnreadable, LazyLogger, StepOutOfRange
from .game import GameModule, find_game
from .records import TOPIC_KIND, Live, Record
from .session import Header, SchemaError, Session

_log = LazyLogger(__name__)
LIVE_GAMES = 256  # latest sessions kept in memory (BOARDLOG_LIVE_GAMES)
# What a record that does not fit its game raises while it is folded: the
# game is then unreadable (listed as such), never half drawn.
_UNFIT = (msgspec.ValidationError, msgspec.DecodeError, fold.FoldError, KeyError, ValueError, TypeError,
          IndexError, AttributeError)
# The games `Reader.pinned` has caught up, per (reader, game), in this
# context (a request's thread); None outside such a block.
_PINNED: ContextVar[dict | None] = ContextVar("boardlog_pinned_games", default=None)


class Reader:
    """The read side of one store: what a game is now, and was at any step."""

    def __init__(self, db: Database, checkpoints: Checkpoints, live_limit: int = LIVE_GAMES):
        self.db = db
        self.checkpoints = checkpoints
        # The latest session of recently used games; least recently used go
        # first, so a server with thousands of games stays within its means.
        self._live: OrderedDict[UUID, Live] = OrderedDict()
        self._lock = threading.Lock()
        self.live_limit = live_limit
        # Per-game locks: the first readers of a cold game wait for one fold.
        self._flights: dict[UUID, list] = {}
        self._flights_lock = threading.Lock()

    # ---- the latest session -----------------------------------------------------------------
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

    def cached(self, game_id: UUID) -> Live | None:
        """The session held in memory, as it is (maybe behind the database)."""
        return self._live.get(game_id)

    def remember(self, game_id: UUID, live: Live) -> None:
        with self._lock:
            self._live[game_id] = live
            self._live.move_to_end(game_id)
            while len(self._live) > self.live_limit:
                self._live.popitem(last=False)

    def forget(self, game_id: UUID) -> None:
        """Drop the game's session held in memory."""
        with self._lock:
            self._live.pop(game_id, None)

    def _catch_up(self, game_id: UUID) -> Live:
        cached = self._live.get(game_id)
        if cached is None:
            with self.flight(game_id):
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
        self.remember(game_id, cached)
        return cached

    @contextmanager
    def flight(self, game_id: UUID):
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

    # ---- records ----------------------------------------------------------------------------
    def header(self, game_id: UUID) -> Header:
        cached = self._live.get(game_id)
        if cached is not None:
            return cached.header
        rows = self.rows(game_id, lte=1)
        # Notes and seat keys live in streams of their own: only a stream that
        # starts with a game's header is a game.
        if not rows or rows[0].kind != fold.STARTED:
            raise GameNotFound(f"no game {game_id} in {self.db.location()}")
        try:
            return Header.from_data(rows[0].data)
        except SchemaError as e:
            raise GameUnreadable(f"game {game_id} cannot be read: {e}") from None

    def head_version(self, game_id: UUID) -> int:
        """The version of the latest stored record (0: no such game)."""
        return self.db.head(game_id)

    def rows(self, game_id: UUID, gt: int = 0, lte: int | None = None) -> list[Record]:
        """Decoded records with gt < version <= lte, in order."""
        rows = self.db.rows(game_id, gt, lte)
        if rows and rows[0][1] not in TOPIC_KIND:
            raise GameNotFound(f"no game {game_id} in {self.db.location()}")
        return [Record(v, TOPIC_KIND[t], orjson.loads(s)) for v, t, s in rows]

    def raw(self, game_id: UUID, gt: int = 0, lte: int | None = None) -> Iterator[tuple]:
        """The raw rows (version, topic, state), for passes that decode only
        the rows they need (the replay index)."""
        return self.db.stream(game_id, gt, lte)

    # ---- folds ------------------------------------------------------------------------------
    def load(self, game_id: UUID) -> Live:
        """Fold a game's whole stream (no cache involved)."""
        header = self.header(game_id)
        return Live(game_id, header, self.fold(find_game(header.kind), game_id, None))

    def fold(self, game: GameModule, game_id: UUID, session: Session | None,
             gt: int = 0, lte: int | None = None, every: int = 0, keep=None) -> Session | None:
        """Fold stored records gt < version <= lte onto `session`, straight from
        the rows (no Record objects: this is the hot path of every read).
        With `every`, `keep(session)` receives each session at a multiple of it."""
        # Open-ended: a whole game is bulk, a catch-up from a session is a tail.
        bulk = lte - gt > 1000 if lte is not None else session is None
        with no_cycle_collection(bulk):
            return self._fold_rows(game, game_id, session, self.db.stream(game_id, gt, lte), every, keep)

    def _fold_rows(self, game: GameModule, game_id: UUID, session: Session | None, rows,
                   every: int = 0, keep=None, facts: dict | None = None) -> Session | None:
        try:
            return fold.fold_rows(game, session, rows, TOPIC_KIND, orjson.loads, every, keep, facts)
        except _UNFIT as e:
            # Only a stream written by an older, looser import gets here.
            raise GameUnreadable(f"game {game_id} cannot be read: a record does not fit ({e})") from None

    def session_at(self, game_id: UUID, step: int, start: tuple[int, Session] | None = None) -> Session:
        """The session after `step` records, folded from `start`, or else from
        the nearest checkpoint (at most N-1 records): never the whole game,
        and never the latest state first."""
        header = self.header(game_id)
        if step < 1:
            raise StepOutOfRange(f"step {step} is outside 1..{self.db.head(game_id)} of game {game_id}")
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
            raise StepOutOfRange(f"step {step} is outside 1..{self.db.head(game_id)} of game {game_id}")
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
        with self.flight(game_id):  # re-entrant: `live` already holds it for a cold game
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
        rows = self.db.stream(game_id, gt, step)
        session = None
        if mark is not None:
            first = next(rows, None)
            if first is None or first[0] != mark.version or row_digest(first[2]) != mark.digest:
                _log.warning("checkpoint %s of game %s does not match its records: folding from the start",
                             mark.version, game_id)
                # Someone else's (a stream deleted, then imported again under
                # its id): drop them all, and keep fresh ones as we fold.
                self.checkpoints.drop(game_id)
                return self._fold_from(game, game_id, None, step, kind, persist=True)
            session = mark.session
        marks: list[Mark] = []
        keep = None
        if persist:
            last: list = [None]
            rows = _tapped(rows, last)

            def keep(s: Session) -> None:
                marks.append(Mark(s.version, row_digest(last[0][2]), s))
        with no_cycle_collection((step or 2**62) - gt > 1000):
            session = self._fold_rows(game, game_id, session, rows, self.checkpoints.every if keep else 0, keep)
        if session is None:
            raise GameNotFound(f"no game {game_id} in {self.db.location()}")
        if marks:  # all the checkpoints the catch-up passed, in one write
            try:
                self.checkpoints.save(game_id, kind, *marks)
            except Exception as e:  # noqa: BLE001 - the read itself succeeded
                _log.warning("checkpoints of game %s not kept: %s", game_id, e)
        return session


class Queries:
    """The query side of a store, answered by its `reader`: plain data.
    Shared by the full `Store` (engine/core/store.py) and the read-only
    store of a SQLite file (engine/core/readonly.py), so that both answer
    every query the same way."""

    reader: Reader
    db: Database

    def live(self, game_id: UUID) -> Live:
        """The latest session of a game (see `Reader.live`)."""
        return self.reader.live(game_id)

    def header(self, game_id: UUID) -> Header:
        return self.reader.header(game_id)

    def head_version(self, game_id: UUID) -> int:
        """The version of the latest stored record (0: no such game)."""
        return self.reader.head_version(game_id)

    def rows(self, game_id: UUID, gt: int = 0, lte: int | None = None) -> list[Record]:
        """Decoded records with gt < version <= lte, in order."""
        return self.reader.rows(game_id, gt, lte)

    def session_at(self, game_id: UUID, step: int, start: tuple[int, Session] | None = None) -> Session:
        return self.reader.session_at(game_id, step, start)

    def load(self, game_id: UUID) -> Live:
        """Fold a game's whole stream (no cache involved)."""
        return self.reader.load(game_id)

    def pinned(self) -> AbstractContextManager:
        """One read-only request's block: each game caught up once (`Reader.pinned`)."""
        return self.reader.pinned()

    def location(self) -> str:
        return self.db.location()


def _tapped(rows, last: list):
    """The rows as they are, the latest kept in `last[0]` (its digest goes with a checkpoint)."""
    for row in rows:
        last[0] = row
        yield row


@contextmanager
def no_cycle_collection(bulk: bool):
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
