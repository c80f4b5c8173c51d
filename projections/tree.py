"""The variation tree: a game, its forks, their forks, as lines of one tree.

A fork is a game whose header names its `parent` and `fork_step` (the
last step it shares with the parent).  Headers never change, so the
parent links are read from the notification log (the `Started` records,
and the `Deletion` tombstones that remove a game) and caught up from the
position read last; what does change (a line's length, its status, its
name) is asked of the store for the lines of the one tree shown, never
for the whole store.

The links are also kept in the store (`KeptLinks`: one row a game and the
position they were read up to), so a new process reads them from there and
the log only from that position on: reading every game's first record
from the log scanned the whole log, once per process, and grew with the
store (issue #24).  A process saves what it read, moving the position on,
only if no other process moved it since (the rule index's guard:
projections/rule_index.py), and only when games came or went, or much was
stored since: a page is never a write.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from uuid import UUID

import orjson
from eventsourcing.utils import get_topic

from engine.core import session as fold
from engine.core.errors import BoardlogError
from engine.core.game import find_game
from engine.core.log import Deletion, GameLog
from engine.core.store import Store
from engine.core.visibility import SPECTATOR
from projections.timeline import line

_log = logging.getLogger(__name__)
_STARTED = get_topic(GameLog.Started)
_DELETED = get_topic(Deletion.Recorded)
PAGE = 1000  # notifications per read
SAVE_AFTER = 20_000  # records read past the kept position before it is moved on with no game come or gone
_TABLES = (
    "CREATE TABLE IF NOT EXISTS game_links_position (name TEXT PRIMARY KEY, position BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS game_links (game_id TEXT PRIMARY KEY, notification_id BIGINT NOT NULL,"
    " parent TEXT, fork_step BIGINT, kind TEXT NOT NULL)",
)


@dataclass(frozen=True, slots=True)
class Origin:
    """What a game's header says about where it comes from (and what game it
    is: the games list filters by it without reading every header)."""

    parent: UUID | None
    fork_step: int | None
    kind: str = ""


@dataclass
class Line:
    """One line of the tree as shown: a game, where it branches, how long it is."""

    id: UUID
    name: str | None
    fork_step: int | None      # None: the tree's root (the main line)
    length: int                # its latest step
    status: str
    first: str | None          # the first record after the branch point, in words
    depth: int
    children: list[Line] = field(default_factory=list)

    @property
    def label(self) -> str:
        if self.name:
            return self.name
        return "main line" if self.fork_step is None else f"fork at step {self.fork_step}"

    def step_for(self, step: int) -> int:
        """The same step on this line, clamped to its length (a step up to
        its branch point is shared history: it exists on both lines)."""
        return max(1, min(step, self.length))

    def walk(self):
        """This line and its descendants, depth first (the order shown)."""
        yield self
        for child in self.children:
            yield from child.walk()


def parse_origin(state: bytes) -> Origin:
    data = orjson.loads(state)
    parent = data.get("parent")
    try:
        parent_id = UUID(parent) if parent else None
    except (ValueError, TypeError, AttributeError):
        parent_id = None  # an unreadable header: shown as a root of its own
    step = data.get("fork_step")
    return Origin(parent_id, step if isinstance(step, int) else None, str(data.get("kind", "")))


class KeptLinks:
    """The parent links kept in the store's database (see the module's
    docstring); every failure here is a miss: the log is read instead."""

    def __init__(self, store: Store):
        self.sql = None
        try:
            sql = store.db.sql(prefix="game_links")
            with sql.transaction(commit=True) as c:
                sql.one_creator(c)
                for statement in _TABLES:
                    c.execute(sql.q(statement))
                c.execute(sql.q("INSERT INTO game_links_position (name, position) SELECT ?, 0 WHERE NOT EXISTS "
                                "(SELECT 1 FROM game_links_position WHERE name = ?)"), ("links", "links"))
            self.sql = sql
        except Exception as e:  # noqa: BLE001 - in memory, or no rights: the log each time
            _log.debug("parent links not kept in this store: %s", e)

    def load(self) -> tuple[int, dict[UUID, Origin]] | None:
        """(position, links in the order stored), read together."""
        sql = self.sql
        if sql is None:
            return None
        try:
            with sql.reading() as c:
                c.execute(sql.q("SELECT position FROM game_links_position WHERE name = ?"), ("links",))
                position = sql.rows(c)[0][0]
                c.execute(sql.q("SELECT game_id, parent, fork_step, kind FROM game_links ORDER BY notification_id"))
                rows = sql.rows(c)
            return position, {UUID(g): Origin(UUID(p) if p else None, f, k) for g, p, f, k in rows}
        except Exception as e:  # noqa: BLE001
            _log.warning("kept parent links not read: %s", e)
            return None

    def save(self, start: int, top: int, added: dict[UUID, tuple[int, Origin]], deleted: set[UUID]) -> bool:
        """Store what the log held after `start` up to `top`, and move the
        position there, unless another process moved it from `start` first."""
        sql = self.sql
        if sql is None:
            return False
        try:
            with sql.transaction(commit=True) as c:
                c.execute(sql.q("UPDATE game_links_position SET position = ? WHERE name = ? AND position = ?"),
                          (top, "links", start))
                if sql.rowcount(c) != 1:
                    return False
                gone = [g.hex for g in deleted | set(added)]
                for i in range(0, len(gone), 500):
                    part = gone[i:i + 500]
                    c.execute(sql.q(f"DELETE FROM game_links WHERE game_id IN ({', '.join('?' * len(part))})"), part)
                sql.executemany(c, "INSERT INTO game_links (game_id, notification_id, parent, fork_step, kind) "
                                   "VALUES (?, ?, ?, ?, ?)",
                                [(g.hex, nid, o.parent.hex if o.parent else None, o.fork_step, o.kind)
                                 for g, (nid, o) in added.items() if g not in deleted])
            return True
        except Exception as e:  # noqa: BLE001 - the next process reads more of the log
            _log.warning("parent links not kept: %s", e)
            return False


class VariationTree:
    """Parent links of every stored game, kept per process and caught up
    from the notification log; `tree(game)` builds one game's tree."""

    def __init__(self, store: Store):
        self.store = store
        self._lock = threading.Lock()
        self._origins: dict[UUID, Origin] = {}
        self._position = 0
        # The in-memory recorder closes up its positions when a game is
        # deleted (and writes no tombstone): there, read everything each time.
        self._incremental = store.db.keeps_gaps
        self._kept = KeptLinks(store) if self._incremental else None
        self._saved = 0   # the kept position, as this process last knew it
        self._unsaved: tuple[dict[UUID, tuple[int, Origin]], set[UUID]] = ({}, set())

    # ---- the parent links --------------------------------------------------------------
    def refresh(self, full: bool = False) -> dict[UUID, Origin]:
        """Catch up with the games stored or deleted since the last read.
        Every stored game, in the order they were stored (oldest first)."""
        recorder = self.store.recorder
        with self._lock:
            if full or not self._incremental:
                self._origins, self._position = {}, 0
                self._unsaved = ({}, set())
            elif self._position == 0 and self._kept is not None:
                kept = self._kept.load()
                if kept is not None:
                    self._position, self._origins = kept
                    self._saved = self._position
            # Up to the log's top, which then becomes the position: the next
            # look scans only what was stored since (not every later command).
            top = self.store.db.log_horizon()   # nothing below it can still commit (PostgreSQL)
            start = self._position + 1
            while start <= top:
                batch = recorder.select_notifications(start, PAGE, stop=top, topics=[_STARTED, _DELETED])
                for n in batch:
                    self._apply(n)
                if len(batch) < PAGE:
                    break
                start = batch[-1].id + 1
            self._position = max(self._position, top)
            self._keep(full)
            return dict(self._origins)

    def _keep(self, full: bool) -> None:
        """Save what was read since the kept position, when games came or went
        or much was stored since (a read from the start, `full`, is not: what
        it read before the kept position is there already)."""
        added, deleted = self._unsaved
        if self._kept is None or full or self._position <= self._saved:
            return
        if not added and not deleted and self._position - self._saved < SAVE_AFTER:
            return
        if not self._kept.save(self._saved, self._position, added, deleted):
            # Another process moved it on: the next process starts from its
            # position; this one keeps what it read in memory.
            self._kept = None
        self._saved, self._unsaved = self._position, ({}, set())

    def _apply(self, n) -> None:
        gid = n.originator_id if isinstance(n.originator_id, UUID) else UUID(str(n.originator_id))
        added, deleted = self._unsaved
        if n.topic == _STARTED:
            origin = self._origins[gid] = parse_origin(n.state)
            added[gid] = (n.id, origin)
            deleted.discard(gid)
            return
        gone = orjson.loads(n.state).get("game")
        try:
            gone_id = UUID(gone)
        except (ValueError, TypeError, AttributeError):
            return
        self._origins.pop(gone_id, None)
        added.pop(gone_id, None)
        deleted.add(gone_id)

    def origins(self, game_id: UUID) -> dict[UUID, Origin]:
        origins = self.refresh()
        if game_id not in origins:
            # On PostgreSQL a record may commit after one with a higher
            # position was read: a game we do not know yet is read afresh.
            origins = self.refresh(full=True)
        return origins

    # ---- one game's tree -----------------------------------------------------------------
    def root_of(self, game_id: UUID, origins: dict[UUID, Origin] | None = None) -> UUID:
        """Follow the parents up to the first game whose parent is not stored."""
        origins = origins if origins is not None else self.origins(game_id)
        seen, here = {game_id}, game_id
        while True:
            parent = origins.get(here, Origin(None, None)).parent
            if parent is None or parent not in origins or parent in seen:
                return here
            seen.add(parent)
            here = parent

    def lines_of(self, game_id: UUID) -> list[UUID]:
        """The root of `game_id`'s tree and all its descendants, depth first
        (branches in the order of their fork steps)."""
        origins = self.origins(game_id)
        children = _children(origins)
        order, stack, seen = [], [self.root_of(game_id, origins)], set()
        while stack:
            gid = stack.pop()
            if gid in seen:
                continue
            seen.add(gid)
            order.append(gid)
            stack += reversed(children.get(gid, []))
        return order

    def tree(self, game_id: UUID) -> Line:
        """The tree `game_id` belongs to, each line with its name, branch
        point, length, status and first record after the branch point."""
        origins = self.origins(game_id)
        children = _children(origins)
        root = self.root_of(game_id, origins)

        def build(gid: UUID, depth: int, seen: set[UUID]) -> Line:
            seen.add(gid)
            line_ = self._line(gid, None if gid == root else origins[gid].fork_step, depth)
            line_.children = [build(c, depth + 1, seen) for c in children.get(gid, []) if c not in seen]
            line_.children = [c for c in line_.children if c.length > 0]  # deleted meanwhile
            return line_
        return build(root, 0, set())

    def _line(self, gid: UUID, fork_step: int | None, depth: int) -> Line:
        store = self.store
        try:
            info = store.catalogue.summary(gid)
        except BoardlogError:  # deleted since the links were read
            return Line(gid, None, fork_step, 0, "deleted", None, depth)
        return Line(gid, store.catalogue.fork_name(gid), fork_step, info.steps, info.status,
                    self._first_after(gid, info.kind, fork_step, info.status == "finished"), depth)

    def _first_after(self, gid: UUID, kind: str, fork_step: int | None, finished: bool) -> str | None:
        """The record right after the branch point, as anyone may read it
        (a secret command stays hidden while its game runs)."""
        if fork_step is None:
            return None
        try:
            rows = self.store.rows(gid, gt=fork_step, lte=fork_step + 1)
            if not rows:
                return None
            game = find_game(kind)
            return line(game, rows[0], None if finished else SPECTATOR, finished=finished).text
        except (BoardlogError, fold.FoldError, KeyError, ValueError, TypeError):
            return None


def _children(origins: dict[UUID, Origin]) -> dict[UUID, list[UUID]]:
    """Parent -> its forks, by fork step (then by when they were stored)."""
    children: dict[UUID, list[UUID]] = {}
    for gid, origin in origins.items():  # in the log's order: oldest first
        if origin.parent is not None and origin.parent in origins and origin.parent != gid:
            children.setdefault(origin.parent, []).append(gid)
    for forks in children.values():
        forks.sort(key=lambda g: origins[g].fork_step or 0)
    return children
