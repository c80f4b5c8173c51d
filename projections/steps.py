"""Reading a game at any step at a cost that does not grow with its length.

`StepCache` keeps the session at `interval`-th steps of each game it has
read (sessions are immutable, so keeping them is cheap) and folds forward
from the one below the step asked for: at most `interval - 1` records per
read, fetched by range from the store.  A mark it lacks comes from the
store's `session_at`, which starts from the store's persisted checkpoints
(engine/core/checkpoints.py), so a first read of a long game costs one
short fold, not a pass over its history.

Marks are kept for the `max_games` games read most recently: the least
recently used game's are dropped first, and made again if it is read
again.  Memory thus grows with the length of the games kept, not with the
number of games in the store.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import TYPE_CHECKING
from uuid import UUID

from engine.core.errors import StepOutOfRange
from engine.core.game import find_game
from engine.core.session import Session

if TYPE_CHECKING:  # the full store's module imports the eventsourcing library: a read on
    # SQLite goes through engine/core/readonly.py without it (issue #24)
    from engine.core.store import Store

# 32: a step partial folds at most 31 records from its mark (about 0.5 ms
# less than at 64 where a step falls late in its stretch: issue #24), for
# twice the marks: 50-70 KiB each for a Full Metal Planete or Brutality
# state, about 2 MB for every step of a 1,000-record game read.
DEFAULT_INTERVAL = 32
DEFAULT_GAMES = 64  # games whose checkpoints (or replay index) stay in memory
RECENT = 4          # sessions a replay page ended on kept per game, besides the marks (`recent`)


class StepCache:
    def __init__(self, store: Store, interval: int = DEFAULT_INTERVAL, max_games: int = DEFAULT_GAMES):
        if max_games < 1:
            raise ValueError("max_games must be at least 1")
        self.store = store
        self.interval = interval
        self.max_games = max_games
        # game -> {k: session at k*interval}, least recently used game first.
        # Sparse: a reviewer who opens step 90,000 of a game this process has
        # never read gets one mark from the store's persisted checkpoints (a
        # fold of at most their spacing), not the 90,000 steps before it.
        self._marks: OrderedDict[UUID, dict[int, Session]] = OrderedDict()
        # game -> the last sessions replay pages ended on (`remember`), newest last: a
        # reviewer stepping forward starts where the step before ended, not at a mark.
        self._recent: dict[UUID, OrderedDict[int, Session]] = {}
        # The viewer serves requests from a thread pool: `_lru` guards the
        # dict's order (held only for dict operations).
        self._lru = threading.Lock()

    def session(self, game_id: UUID, step: int | None = None) -> Session:
        """The session after `step` records (default: the latest)."""
        if step is None:
            return self.store.live(game_id).session
        if step < 1:
            raise StepOutOfRange(f"step {step} is outside 1..{self.store.head_version(game_id)} "
                                 f"of game {game_id}")
        k = step // self.interval
        marks = self._marks_of(game_id)   # also marks the game as read most recently
        mark = marks.get(k)
        if mark is None:
            # From a session kept just below (the mark before, or where a page ended: a
            # reviewer or a crowd stepping forward into a new stretch), else the store
            # folds from its nearest checkpoint, up to 500 records away (and says if the
            # step is beyond the end).  The first stretch's mark is step 1, the set-up: the
            # record that costs most to decode (a whole board, every deck), so it is
            # decoded once, not on every read.
            target = k * self.interval or 1
            mark = marks[k] = self.store.session_at(game_id, target, self._kept_below(game_id, marks, target))
        if step == mark.version:
            return mark
        game = find_game(self.store.header(game_id).kind)
        session = self.store.reader.fold(game, game_id, mark, gt=mark.version, lte=step)
        if session is None or session.version != step:
            raise StepOutOfRange(f"step {step} is outside 1..{self.store.head_version(game_id)} "
                                 f"of game {game_id}")
        return session

    def remember(self, game_id: UUID, session: Session) -> None:
        """Keep `session` as one a page ended on (at most RECENT a game, the
        oldest dropped first; the game's go with its marks)."""
        with self._lru:
            if game_id not in self._marks:
                return
            recent = self._recent.setdefault(game_id, OrderedDict())
            recent[session.version] = session
            recent.move_to_end(session.version)
            while len(recent) > RECENT:
                recent.popitem(last=False)

    def start_for(self, game_id: UUID, step: int) -> Session:
        """A session at or below `step` to fold on from: the latest one a page
        ended on when it is closer than the mark below `step`, else that mark."""
        mark = (step // self.interval) * self.interval or 1
        with self._lru:
            recent = self._recent.get(game_id) or {}
            near = max((v for v in recent if mark < v <= step), default=None)
            if near is not None:
                return recent[near]
        return self.session(game_id, mark)

    def _kept_below(self, game_id: UUID, marks: dict[int, Session], target: int) -> tuple[int, Session] | None:
        """The latest session kept at most two stretches below `target`, to fold on from."""
        k = target // self.interval
        with self._lru:
            kept = [m for m in (marks.get(k - 1), marks.get(k - 2)) if m is not None]
            kept += (self._recent.get(game_id) or {}).values()
        near = max((s for s in kept if target - 2 * self.interval <= s.version <= target),
                   key=lambda s: s.version, default=None)
        return None if near is None else (near.version, near)

    def games(self) -> list[UUID]:
        """The games whose marks are kept, least recently used first."""
        with self._lru:
            return list(self._marks)

    def forget_recent(self) -> None:
        """Drop the sessions pages ended on, every game's (the bench's
        first-look figures: a step no page has been near)."""
        with self._lru:
            self._recent.clear()

    def forget(self, game_id: UUID) -> None:
        """Drop the game's marks (a deleted game: one imported again under its
        id must never be read through the old one's sessions)."""
        with self._lru:
            self._marks.pop(game_id, None)
            self._recent.pop(game_id, None)

    def _marks_of(self, game_id: UUID) -> dict[int, Session]:
        with self._lru:
            marks = self._marks.get(game_id)
            if marks is None:
                marks = self._marks[game_id] = {}
                while len(self._marks) > self.max_games:
                    self._recent.pop(self._marks.popitem(last=False)[0], None)
            else:
                self._marks.move_to_end(game_id)
            return marks
