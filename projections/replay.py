"""The read models of the replay viewer: an index of a game's steps
(command groups, turns, undone commands), the audit of one step, and
what changed between two views.

The index is built by one light pass over the stream (its lines and turns
a stretch at a time, when a page first needs them) and then only extended:
records are never rewritten, so what was indexed stays true.
"""

from __future__ import annotations

import bisect
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from uuid import UUID

import orjson

from engine.core import session as fold
from engine.core.game import GameModule
from engine.core.light_pass import KeptPasses
from engine.core.records import TOPIC_KIND, Record
from engine.core.session import Session
from engine.core.visibility import (
    SECRET_TEXT,
    SPECTATOR,
    fact_line,
    fact_shown,
    shown_payload,
)

from .steps import DEFAULT_GAMES, DEFAULT_INTERVAL, StepCache
from .timeline import Line, line

if TYPE_CHECKING:  # the full store's module imports the eventsourcing library: a read on
    # SQLite goes through engine/core/readonly.py without it (issue #24)
    from engine.core.store import Store


# Sessions and views a request has read, per (replay, game): see `Replay.pinned`.
_READ: ContextVar[dict | None] = ContextVar("boardlog_read_steps", default=None)

CHUNK = 1024  # records per stretch whose lines (or turns) are indexed together, when first needed
# Views and audits kept across requests (issue #24).  A step's view and its
# command group's audit never change once the step is stored (the stream
# is append-only), so a reviewer stepping forward draws each view once:
# the step before this one, and the one before its command group, were
# drawn by the page before.  Bounded: an FMP view is a few tens of KB.
KEPT_VIEWS = 256
KEPT_AUDITS = 128


class _Kept:
    """A small least-recently-used table shared by the request threads.
    Keys start with the game's id, so a deleted game's entries can go."""

    def __init__(self, limit: int):
        self.limit = limit
        self._items: OrderedDict[tuple, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> Any:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: tuple, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.limit:
                self._items.popitem(last=False)

    def forget(self, game_id: UUID | None = None) -> None:
        """Drop one game's entries (all of them with None)."""
        with self._lock:
            for key in [k for k in self._items if game_id is None or k[0] == game_id]:
                del self._items[key]


@dataclass
class _Turns:
    """Where turns start among records lo..hi (a CHUNK-long stretch, or
    less at the end of a game, extended as the game grows)."""

    lo: int
    hi: int
    session: Session | None      # the session after `hi`: where an extension folds on from
    incoming: int                # the turn number in force before `lo`
    turn_starts: list[int] = field(default_factory=list)
    turn_numbers: list[int] = field(default_factory=list)

    @property
    def last_turn(self) -> int:
        return self.turn_numbers[-1] if self.turn_numbers else self.incoming


@dataclass
class GameIndex:
    """Where each command group starts, where turns begin, what is undone.

    Two levels, so that reading step 10 of a 100,000-record game does not
    fold and describe all of it.  What any step may depend on is read in
    one light pass over the raw rows, without folding or describing
    anything: group starts, commands, undone commands and revealed secrets
    (an undo or a reveal comes after the step it is about, so a window
    alone could not say); the store keeps that pass a stretch at a time
    as the game is written (engine/core/light_pass.py).  The rest is built
    a CHUNK-record stretch at a time, when first asked for: timeline lines (described, never folded),
    and turn starts (folded from the step cache's session before the
    stretch, or from the stretch before when that one is built).  Asking
    for every turn (`turn_starts`) still folds the whole game, once."""

    version: int = 0
    starts: list[int] = field(default_factory=list)      # first step of every group
    commands: list[int] = field(default_factory=list)    # steps of CommandIssued records
    undone: dict[int, bool] = field(default_factory=dict)  # command step -> undone now?
    # Secret commands (step -> seat) and the steps revealed so far: the
    # lines are the whole truth; `shown_line` hides what a viewer may not read.
    secret: dict[int, str] = field(default_factory=dict)
    revealed: set[int] = field(default_factory=set)
    session: Session | None = None
    _source: tuple[Any, UUID, GameModule] | None = field(default=None, repr=False)  # (replay, id, game)
    _turns: dict[int, _Turns] = field(default_factory=dict, repr=False)
    _lines: dict[int, list[Line]] = field(default_factory=dict, repr=False)
    _given: dict[str, list] = field(default_factory=dict, repr=False)  # an index built by hand
    _stretch_lock: Any = field(default_factory=threading.RLock, repr=False)
    _waiting: int = field(default=0, repr=False)   # threads waiting for `_stretch_lock` (`_waited`)
    _count: Any = field(default_factory=threading.Lock, repr=False)
    _ends: dict[str, tuple[int, list[int]]] = field(default_factory=dict, repr=False)
    # Public scores at each turn's last step, recorded by the turn fold on its
    # way (projections/plots.py charts them): a first page folded the game once
    # for its turns and once more for its chart's samples (issue #24).  And at
    # the steps asked for beforehand (`keep_scores_at`: a chart's samples by
    # command, for a game of too few turns to chart by turn).
    _turn_end_scores: dict[int, dict] = field(default_factory=dict, repr=False)
    _score_steps: set[int] = field(default_factory=set, repr=False)

    def _cached(self, name: str, starts: list[int]) -> list[int]:
        """Last step of each group (or turn); rebuilt only when the game grew."""
        version, ends = self._ends.get(name, (-1, []))
        if version != self.version:
            ends = [s - 1 for s in starts[1:]] + [self.version]
            self._ends[name] = (self.version, ends)
        return ends

    # ---- the stretches, built when first needed ---------------------------------------------
    def turns(self, step: int, describe: bool = True) -> _Turns:
        """The turn starts of the stretch holding `step` (1..version).
        `describe`: its timeline lines too, from the same read of the store,
        when they are not yet (a page's stretch: its timeline needs them)."""
        k = (step - 1) // CHUNK
        top = min((k + 1) * CHUNK, self.version)
        st = self._turns.get(k)
        if st is not None and st.hi >= top:
            # Built: read without the lock, which a chart's fold of the whole game
            # holds stretch after stretch (a page on the event loop waited for it).
            # A stretch only grows, and its `hi` moves once what it covers is in.
            return st
        with self._waited():
            st = self._turns.get(k)
            if st is None:
                st = self._turns[k] = self._new_turns(k)
            top = min((k + 1) * CHUNK, self.version)
            if st.hi < top:
                self._fold_turns(st, top, describe)
            return st

    @contextmanager
    def _waited(self):
        """The stretch lock, for one stretch; counted while waited for (see `_every_turn`)."""
        with self._count:
            self._waiting += 1
        try:
            self._stretch_lock.acquire()
        finally:
            with self._count:
                self._waiting -= 1
        try:
            yield
        finally:
            self._stretch_lock.release()

    def _new_turns(self, k: int) -> _Turns:
        lo = k * CHUNK + 1
        before = self._turns.get(k - 1)
        if before is not None and before.hi == lo - 1:  # building in order: go on from there
            return _Turns(lo, lo - 1, before.session, before.last_turn)
        replay, game_id, game = self._source
        session = replay.session(game_id, lo - 1) if lo > 1 else None
        # The turn in force: that of the last command before the stretch
        # (a turn starts where a command's turn differs from the one before).
        i = bisect.bisect_left(self.commands, lo) - 1
        incoming = game.turn(replay.session(game_id, self.commands[i] - 1).state) if i >= 0 else 0
        return _Turns(lo, lo - 1, session, incoming)

    def _fold_turns(self, st: _Turns, top: int, describe: bool = True) -> None:
        replay, game_id, game = self._source
        reader = replay.store.reader
        # The store's raw rows, folded by the reader's own loop (a typed decode of
        # what a fold needs: no Record objects) from one stop to the next: a
        # command (its turn is the session's before it) or a step whose scores
        # are wanted.  Records are decoded whole only to describe them.
        rows = list(reader.raw(game_id, st.hi, top))
        if describe:
            self._describe_along([Record(v, TOPIC_KIND[t], orjson.loads(s)) for v, t, s in rows])
        session, turn = st.session, st.last_turn
        wanted, scores = self._score_steps, self._turn_end_scores
        done = 0  # rows[:done] are folded into `session`
        for i, (version, topic, _) in enumerate(rows):
            kind = TOPIC_KIND[topic]
            if kind == fold.COMMAND:
                if done < i:
                    session, done = reader._fold_rows(game, game_id, session, rows[done:i]), i
                now = game.turn(session.state)
                if now != turn:
                    st.turn_starts.append(version)
                    st.turn_numbers.append(now)
                    if version > 1:  # the turn before ended with the record before this one
                        scores[version - 1] = game.scores(session.state)
                    turn = now
            elif kind == fold.STARTED:
                st.turn_starts.append(1)
                st.turn_numbers.append(0)
                turn = 0
            if version in wanted and version not in scores:
                session, done = reader._fold_rows(game, game_id, session, rows[done:i + 1]), i + 1
                scores[version] = game.scores(session.state)
        if done < len(rows):
            session = reader._fold_rows(game, game_id, session, rows[done:])
        st.session, st.hi = session, session.version

    def _describe_along(self, rows: list[Record]) -> None:
        """The timeline lines of `rows` (a stretch's next records, read for its
        turns), when they are the next its lines need: one read of the store
        serves both, instead of a second read and decode of the same rows."""
        if not rows:
            return
        k = (rows[0].version - 1) // CHUNK
        lines = self._lines.setdefault(k, [])
        if k * CHUNK + len(lines) + 1 == rows[0].version and (rows[-1].version - 1) // CHUNK == k:
            game = self._source[2]
            lines.extend(line(game, r) for r in rows)

    def turn_end_scores(self, step: int) -> dict | None:
        """The public scores after `step`, if the turn fold passed it as a
        turn's last step or as one `keep_scores_at` asked for (None: not
        known here; read them from a session)."""
        return self._turn_end_scores.get(step)

    def keep_scores_at(self, steps) -> None:
        """Have the turn fold record the public scores after each of `steps`
        in the stretches it has yet to fold (`turn_end_scores`)."""
        self._score_steps.update(steps)

    def line(self, step: int) -> Line:
        """The timeline line of record `step` (1..version), as recorded."""
        k = (step - 1) // CHUNK
        lines = self._lines.get(k)
        if lines is not None and step - k * CHUNK <= len(lines):
            return lines[step - 1 - k * CHUNK]  # described: read without the lock (`turns`)
        with self._waited():
            lines = self._lines.setdefault(k, [])
            done = k * CHUNK + len(lines)
            top = min((k + 1) * CHUNK, self.version)
            if done < top:
                replay, game_id, game = self._source
                lines.extend(line(game, r) for r in replay.store.rows(game_id, gt=done, lte=top))
            return lines[step - 1 - k * CHUNK]

    def _every_turn(self) -> list[_Turns]:
        # The whole game's turns (a chart's): its timeline lines are not described on
        # the way (a tenth of the fold's time, and memory): a page describes its own
        # stretch's when it needs them.
        every = []
        for lo in range(1, self.version + 1, CHUNK):
            # A page waiting for the lock goes first.  Let go and taken again at
            # once, the lock went to this fold stretch after stretch, and a long
            # game's page opened while its chart was drawn in the background
            # waited for the whole game's fold (400 ms for the 100,001-record
            # game: issue #24).
            for _ in range(250):  # (at most 50 ms: never a wait on itself)
                if not self._waiting:
                    break
                time.sleep(0.0002)
            every.append(self.turns(lo, describe=False))
        return every

    @property
    def lines(self) -> Sequence[Line]:
        """One line per record (index = step - 1), described when first read."""
        return self._given["lines"] if self._source is None else _Lines(self)

    @lines.setter
    def lines(self, value: list[Line]) -> None:
        self._given["lines"] = value

    @property
    def turn_starts(self) -> list[int]:
        """First step of each turn (the whole game: folds every stretch not yet folded)."""
        if self._source is None:
            return self._given.get("turn_starts", [])
        return [s for st in self._every_turn() for s in st.turn_starts]

    @turn_starts.setter
    def turn_starts(self, value: list[int]) -> None:
        self._given["turn_starts"] = value

    @property
    def turn_numbers(self) -> list[int]:
        if self._source is None:
            return self._given.get("turn_numbers", [])
        return [n for st in self._every_turn() for n in st.turn_numbers]

    @turn_numbers.setter
    def turn_numbers(self, value: list[int]) -> None:
        self._given["turn_numbers"] = value

    # ---- questions a page asks -------------------------------------------------------------
    def group(self, step: int) -> tuple[int, int]:
        """(first, last) step of the command group holding `step`."""
        i = bisect.bisect_right(self.starts, step) - 1
        last = self.starts[i + 1] - 1 if i + 1 < len(self.starts) else self.version
        return self.starts[i], last

    def group_ends(self) -> list[int]:
        return self._cached("groups", self.starts)

    def turn_ends(self) -> list[int]:
        return self._cached("turns", self.turn_starts)

    def shown_line(self, step: int, viewer: str | None, finished: bool) -> Line:
        """The timeline line of `step` as `viewer` may read it."""
        ln = self.lines[step - 1]
        owner = self.secret.get(step)
        if owner is None or viewer is None or finished or owner == viewer or step in self.revealed:
            return ln
        return Line(ln.step, ln.kind, ln.seat, f"{owner}: {SECRET_TEXT}", ln.rule, ln.cause)

    def turn_of(self, step: int) -> int:
        if self._source is None or step < 1:
            starts = self.turn_starts
            i = bisect.bisect_right(starts, step) - 1
            return self.turn_numbers[i] if i >= 0 else 0
        st = self.turns(min(step, self.version))
        i = bisect.bisect_right(st.turn_starts, step) - 1
        return st.turn_numbers[i] if i >= 0 else st.incoming

    def neighbours(self, step: int, by: str) -> tuple[int, int]:
        """The previous and next step when stepping by event, command or turn."""
        if by == "event":
            return max(1, step - 1), min(self.version, step + 1)
        if by == "turn" and self._source is not None:
            return self._turn_neighbours(step)
        ends = self.turn_ends() if by == "turn" else self.group_ends()
        i = bisect.bisect_left(ends, step)
        prev = ends[i - 1] if i > 0 else 1
        j = bisect.bisect_right(ends, step)
        nxt = ends[j] if j < len(ends) else self.version
        return prev, nxt

    def _turn_neighbours(self, step: int) -> tuple[int, int]:
        """The end of the turn before `step`'s and of the one after, looking
        only at the stretches between (a turn ends the step before the next
        one starts; the game's first turn start, step 1, ends nothing)."""
        prev = 1
        for lo in range(((step - 1) // CHUNK) * CHUNK + 1, 0, -CHUNK):
            found = [s for s in self.turns(lo).turn_starts if 1 < s <= step]
            if found:
                prev = found[-1] - 1
                break
        nxt = self.version
        for lo in range(((step - 1) // CHUNK) * CHUNK + 1, self.version + 1, CHUNK):
            found = [s for s in self.turns(lo).turn_starts if s > step + 1]
            if found:
                nxt = found[0] - 1
                break
        return prev, nxt


class _Lines(Sequence):
    """`GameIndex.lines`: a list to its readers, built a stretch at a time."""

    def __init__(self, idx: GameIndex):
        self._idx = idx

    def __len__(self) -> int:
        return self._idx.version

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(f"line {i} of {len(self)}")
        return self._idx.line(i + 1)

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None


class Replay:
    """Caches per game: the step index and the step cache.

    Both keep only the `max_games` games read most recently (least recently
    used first out), so a server with thousands of recorded games stays
    within a memory budget; a game dropped is rebuilt by its next read."""

    def __init__(self, store: Store, interval: int | None = None, max_games: int = DEFAULT_GAMES,
                 checkpoint_games: int | None = None, keep_index: bool = True):
        self.store = store
        self.steps = StepCache(store, interval or DEFAULT_INTERVAL,
                               max_games=checkpoint_games or max_games)
        self.max_games = max_games
        self._index: OrderedDict[UUID, GameIndex] = OrderedDict()
        self._lock = threading.Lock()  # requests come from a thread pool: one extends at a time
        self._lru = threading.Lock()   # guards _index's order (held only for dict operations)
        self.views = _Kept(KEPT_VIEWS)    # (game, step, seat) -> the game's view: treated as read-only
        self.audits = _Kept(KEPT_AUDITS)  # (game, group, seat, finished, reveals) -> Audit
        # The light pass the store keeps a stretch at a time (engine/core/light_pass.py);
        # `keep_index=False` passes over every row (the bench's whole-pass figure).
        self.passes = store.passes if keep_index else KeptPasses(store.db, store.checkpoints.every, enabled=False)

    def index(self, game_id: UUID) -> GameIndex:
        live = self.store.live(game_id)
        with self._lru:
            idx = self._index.get(game_id)
            if idx is None:
                idx = self._index[game_id] = GameIndex(_source=(self, game_id, live.game))
                while len(self._index) > self.max_games:
                    self._index.popitem(last=False)
            else:
                self._index.move_to_end(game_id)
        if idx.version < live.session.version:
            with self._lock:
                if idx.version < live.session.version:
                    self._scan(idx, live.game, live.header.kind, game_id, live.session)
        return idx

    def indexed(self, game_id: UUID) -> bool:
        """Whether the game's step index is kept here (reading it then folds
        nothing: at most the few records stored since)."""
        return game_id in self._index

    def games(self) -> list[UUID]:
        """The games whose index is kept, least recently used first."""
        with self._lru:
            return list(self._index)

    def forget(self, game_id: UUID) -> None:
        """Drop the game's index and step marks (a deleted game)."""
        with self._lru:
            self._index.pop(game_id, None)
        self.steps.forget(game_id)
        self.views.forget(game_id)
        self.audits.forget(game_id)

    def forget_drawn(self) -> None:
        """Drop every view and audit kept, and the sessions pages ended on
        (the bench's first-look figures)."""
        self.views.forget()
        self.audits.forget()
        self.steps.forget_recent()

    def _scan(self, idx: GameIndex, game: GameModule, kind: str, game_id: UUID, head: Session) -> int:
        """The light pass (engine/core/light_pass.py) from what is indexed to
        `head`: each whole stretch from the part the store kept of it, the
        other rows passed over.  Returns how many rows it passed over."""
        passed, _ = self.passes.catch_up(game, kind, game_id, idx, head.version,
                                         lambda gt, lte: self.store.reader.raw(game_id, gt, lte))
        idx.session, idx.version = head, head.version
        return passed

    @contextmanager
    def pinned(self):
        """One read-only request: the store catches each game up once
        (`Store.pinned`), and the steps and views read are kept for the
        rest of the request.  A replay page reads the steps before and
        after its command group and before and at its step, often the same
        ones: each is read once, and each later one is folded on from the
        nearest one read before it (one record, usually) instead of from
        a checkpoint.  Re-entrant: a block within a block (a step drawn on
        the event loop within the request's own) reads through the outer one."""
        if _READ.get() is not None:
            yield
            return
        token = _READ.set({})
        try:
            with self.store.pinned():
                yield
        finally:
            _READ.reset(token)

    def session(self, game_id: UUID, step: int) -> Session:
        read = _READ.get()
        if read is None:
            return self.steps.session(game_id, step)
        kept = read.setdefault((id(self), game_id, "sessions"), {})
        session = kept.get(step)
        if session is None:
            below = max((v for v in kept if v < step and step - v < self.steps.interval), default=None)
            if below is not None:
                session = self.store.reader.fold(self.store.live(game_id).game, game_id, kept[below], gt=below, lte=step)
            if session is None or session.version != step:  # the step cache says why, if it is out of range
                session = self.steps.session(game_id, step)
            kept[step] = session
        return session

    def prepare(self, game_id: UUID, steps) -> None:
        """Within `pinned`: the sessions at `steps` folded from one read of
        the store (issue #24).  A replay page needs the steps before and at
        its command group's ends and before and at its step: read one by
        one, each was a query of its own; here one range of rows, from the
        nearest session kept below them (or the step cache's mark), is read
        once and folded through, and kept for `session` and `records`."""
        read = _READ.get()
        if read is None:
            return
        kept = read.setdefault((id(self), game_id, "sessions"), {})
        wanted = sorted({s for s in steps if s >= 1 and s not in kept})
        if not wanted:
            return
        lo, hi = wanted[0], wanted[-1]
        below = max((v for v in kept if v <= lo and lo - v < self.steps.interval), default=None)
        # Else the mark below, or where an earlier page ended when that is nearer:
        # stepping forward, this page starts where the one before stopped.
        start = kept[below] if below is not None else self.steps.start_for(game_id, lo)
        kept.setdefault(start.version, start)
        # From the lowest step asked for, when that is below the start: the
        # audit asks (first - 1, last) and reads its group's records from
        # these rows (`records`); a set-up group starts at 0, below the step
        # cache's first session, and read and decoded its rows again.
        gt = min(start.version, max(0, min(steps)))
        rows = list(self.store.reader.raw(game_id, gt, hi))
        read[(id(self), game_id, "rows")] = rows
        game, session, at = self.store.live(game_id).game, start, start.version - gt
        facts = read.setdefault((id(self), game_id, "facts"), {})
        for step in wanted:
            if step <= session.version:
                continue
            end = at + (step - session.version)
            # The reader's own fold of raw rows (its errors say which game does not fit),
            # keeping the facts it decodes for the page's audit (`decoded`).
            session = self.store.reader._fold_rows(game, game_id, session, rows[at:end], facts=facts)
            if session is None or session.version != step:  # rows missing: the usual path says why
                return
            at, kept[step] = end, session
        # The page's lowest session too, not only its last: the next page
        # (the arrow key: the next step, mostly in the same command group)
        # starts from there, not from the mark below it (issue #24).
        if wanted[0] in kept and wanted[0] != session.version:
            self.steps.remember(game_id, kept[wanted[0]])
        self.steps.remember(game_id, session)

    def decoded(self, game_id: UUID) -> dict:
        """{version: event} of the facts `prepare` folded for this request
        (empty outside `pinned`): an audit needs not decode them again."""
        read = _READ.get()
        return read.get((id(self), game_id, "facts"), {}) if read is not None else {}

    def records(self, game_id: UUID, gt: int, lte: int) -> list[Record]:
        """Decoded records with gt < version <= lte: from the rows `prepare`
        read for this request when they cover them, else from the store."""
        read = _READ.get()
        rows = read.get((id(self), game_id, "rows")) if read is not None else None
        if rows and rows[0][0] <= gt + 1 and rows[-1][0] >= lte:
            first = rows[0][0]
            return [Record(v, TOPIC_KIND[t], orjson.loads(s)) for v, t, s in rows[gt + 1 - first:lte + 1 - first]]
        return self.store.rows(game_id, gt=gt, lte=lte)

    def view(self, game_id: UUID, step: int, seat: str | None) -> dict[str, Any]:
        """The game's view of `step` for `seat` (kept for the request when pinned)."""
        key = (game_id, step, seat)
        view = self.views.get(key)
        if view is None:
            game = self.store.live(game_id).game
            view = game.view(self.session(game_id, step).state, seat)
            self.views.put(key, view)
        return view


# ---- the audit of one step --------------------------------------------------------------------
@dataclass
class AuditFact:
    step: int
    type: str
    text: str
    rule: str
    section: str
    explanation: str
    data: dict[str, Any]
    chance: bool      # a die or a draw: an outcome nobody chose


@dataclass
class Audit:
    first: int
    last: int
    kind: str            # the group's first record kind
    seat: str | None
    command: str | None
    commit: bool
    rule: str
    section: str
    explanation: str
    facts: list[AuditFact]
    changes: list[tuple[str, Any, Any]]     # the first MAX_CHANGES_SHOWN, by path
    changes_total: int = 0


# A set-up step changes the whole board (thousands of leaves on FMP's map):
# printing every one made that step's page the slowest of the game and no
# easier to read.  The rest are a click away in the JSON view.
MAX_CHANGES_SHOWN = 120


def audit(replay: Replay, game_id: UUID, step: int, seat: str | None) -> Audit:
    """Which command, which dice and draws, which rules, and what changed."""
    store = replay.store
    live = store.live(game_id)
    game = live.game
    idx = replay.index(game_id)
    first, last = idx.group(step)
    finished = game.outcome(live.session.state) is not None
    # What a secret command shows depends on what has been revealed since
    # (a set that only grows: its size tells it) and on the game's end.
    key = (game_id, first, last, seat, finished, len(idx.revealed))
    kept = replay.audits.get(key)
    if kept is None:
        kept = _audit(replay, game, idx, game_id, first, last, seat, finished)
        replay.audits.put(key, kept)
    return kept


def _audit(replay: Replay, game: GameModule, idx: GameIndex, game_id: UUID, first: int, last: int,
           seat: str | None, finished: bool) -> Audit:
    replay.prepare(game_id, (first - 1, last))
    records = replay.records(game_id, first - 1, last)
    head = records[0]
    command = head.data
    if head.kind == fold.COMMAND:
        command = shown_payload(game, head.data, head.version, seat, idx.revealed, finished)
    decoded = replay.decoded(game_id)
    facts = [_audit_fact(game, r, seat, decoded.get(r.version)) for r in records if r.kind == fold.FACT]
    # The set-up lays out the whole board: every value in the view is new, and
    # listing an alphabetical slice of thousands of them told nobody anything
    # (it was also the costliest part of drawing a set-up step).  Any later
    # group lists what it changed, up to MAX_CHANGES_SHOWN.
    changes = diff(replay.view(game_id, first - 1, seat), replay.view(game_id, last, seat)) if first > 1 else []
    ref = game.RULES.get(head.rule)
    return Audit(
        first=first, last=last, kind=head.kind, seat=head.data.get("seat"),
        command=command.get("text"), commit=bool(head.data.get("commit")),
        rule=head.rule, section=ref.section if ref else "?",
        explanation=ref.explanation if ref else "(rule id not in the table)",
        facts=facts, changes=changes[:MAX_CHANGES_SHOWN], changes_total=len(changes),
    )


def _audit_fact(game: GameModule, r: Record, seat: str | None, event=None) -> AuditFact:
    """`event`: the record's fact, if decoded already (`Replay.decoded`)."""
    if event is None:
        event = fold.decode_fact(game, r.data)
    ref = game.RULES.get(r.rule)
    return AuditFact(
        step=r.version, type=event.type, text=fact_line(game, event), rule=r.rule,
        section=ref.section if ref else "?",
        explanation=ref.explanation if ref else "(rule id not in the table)",
        data=_fact_data(game, event, r, seat), chance=type(event).reveals or event.type == "DieRolled",
    )


def _fact_data(game: GameModule, event, r: Record, seat: str | None) -> dict[str, Any]:
    """The fact's data as `seat` sees it.  Seen whole (None), it is the stored
    payload itself when recorded in the event's current shape (the same JSON
    `to_data` would rebuild, without rebuilding it); else the game redacts."""
    if seat is None and r.data.get("v", 1) == type(event).version:
        return r.data["data"]
    return fact_shown(game, event, seat)


# ---- what changed -----------------------------------------------------------------------------
def flatten(value: Any, prefix: str = "") -> dict[str, Any]:
    """Nested JSON data as {path: leaf}; list positions count from 1, as people do."""
    out: dict[str, Any] = {}
    if isinstance(value, dict):
        for k, v in value.items():
            out.update(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
    elif _numbered(value):
        for i, v in enumerate(value, 1):
            out.update(flatten(v, f"{prefix}.{i}"))
    else:
        out[prefix] = value
    return out


def _numbered(value: Any) -> bool:
    """A list that `flatten` descends into (non-empty, every item a dict or list)."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, (dict, list)) for v in value)


def diff(before: Any, after: Any) -> list[tuple[str, Any, Any]]:
    """(path, before, after) for every leaf that differs, sorted by path.

    The same answer as comparing `flatten(before)` with `flatten(after)`,
    but it descends only into the parts that differ: sub-trees are compared
    with `==` first (C speed), so a step that moves one unit on an 851-hex
    board looks at a handful of paths, not all of them."""
    out: list[tuple[str, Any, Any]] = []
    _diff(before, after, "", out)
    out.sort(key=lambda t: t[0])
    return out


_MISSING = object()


_LEAF, _DICT, _LIST = 0, 1, 2


def _shape(value: Any) -> int:
    """What `_diff` descends into: a dict, a `_numbered` list, or a leaf
    (worked out once a side: each test walks the list's items)."""
    if isinstance(value, dict):
        return _DICT
    return _LIST if _numbered(value) else _LEAF


def _diff(a: Any, b: Any, prefix: str, out: list) -> None:
    if a is b or (a is not _MISSING and b is not _MISSING and a == b):
        return
    sa, sb = _shape(a), _shape(b)
    # Children compared here before a call and a path of their own: most of
    # a changed dict's or list's children are the same (a unit among fifty).
    if sa == _DICT and sb == _DICT and _plain_keys(a) and _plain_keys(b):
        for k, v in a.items():
            w = b.get(k, _MISSING)
            if v is not w and (w is _MISSING or v != w):
                _diff(v, w, f"{prefix}.{k}" if prefix else k, out)
        for k, v in b.items():
            if k not in a:
                _diff(_MISSING, v, f"{prefix}.{k}" if prefix else k, out)
    elif sa == _LIST and sb == _LIST:
        for i in range(max(len(a), len(b))):
            v = a[i] if i < len(a) else _MISSING
            w = b[i] if i < len(b) else _MISSING
            if v is not w and (v is _MISSING or w is _MISSING or v != w):
                _diff(v, w, f"{prefix}.{i + 1}", out)
    elif sa == _LEAF and sb == _LEAF:
        if (None if a is _MISSING else a) != (None if b is _MISSING else b):
            out.append((prefix, None if a is _MISSING else a, None if b is _MISSING else b))
    else:  # one side gone, or a different shape: compare the flattened leaves
        fa = {} if a is _MISSING else flatten(a, prefix)
        fb = {} if b is _MISSING else flatten(b, prefix)
        out.extend((p, fa.get(p), fb.get(p)) for p in set(fa) | set(fb) if fa.get(p) != fb.get(p))


def _plain_keys(d: dict) -> bool:
    """String keys only (else two keys may name one path, e.g. 1 and "1")."""
    return _ONLY_STR(map(type, d))  # (the types' walk in C: a view's dicts are many)


_ONLY_STR = frozenset({str}).issuperset


def changed_paths(before: Any, after: Any) -> set[str]:
    """Every path, and every prefix of a path, that changed (for highlighting)."""
    paths: set[str] = set()
    for path, _, _ in diff(before, after):
        parts = path.split(".")
        paths.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return paths


def timeline_window(idx: GameIndex, step: int, noted: list[int], radius: int = 40,
                    viewer: str | None = SPECTATOR, finished: bool = False) -> dict:
    """Command groups around `step`, with turn headers, undone and noted marks.

    A window keeps a page of a 100,000-step game small; the links at its
    ends move it."""
    ends = idx.group_ends()
    here = bisect.bisect_left(ends, step)
    lo, hi = max(0, here - radius), min(len(idx.starts), here + radius + 1)
    # `noted`: the steps that have notes, ascending; one bisect per entry.
    entries, last_turn = [], None
    for i in range(lo, hi):
        first, last = idx.starts[i], ends[i]
        ln = idx.shown_line(first, viewer, finished)
        turn = idx.turn_of(first)
        entries.append({
            "first": first, "last": last, "text": ln.text, "seat": ln.seat, "kind": ln.kind,
            "turn_header": turn if turn != last_turn else None,
            "undone": idx.undone.get(first, False),
            "noted": bisect.bisect_right(noted, last) > bisect.bisect_left(noted, first),
        })
        last_turn = turn
    return {"entries": entries, "before": ends[lo - 1] if lo > 0 else None,
            "after": ends[hi] if hi < len(ends) else None}
