"""Reading a game at any step at a cost that does not grow with its length.

`StepCache` keeps the session at every `interval`-th step of each game it
has read (sessions are immutable, so keeping them is cheap) and folds
forward from the nearest one: at most `interval - 1` records per read,
fetched by range from the store.  Records are never rewritten, so a
checkpoint stays valid for ever; only the first read of a long game pays
for one pass over its history.

Checkpoints are kept for the `max_games` games read most recently: the
least recently used game's are dropped first, and rebuilt if it is read
again.  Memory thus grows with the length of the games kept, not with the
number of games in the store.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from uuid import UUID

from engine.core.errors import StepOutOfRange
from engine.core.game import find_game
from engine.core.session import Session
from engine.core.store import Store

DEFAULT_INTERVAL = 64
DEFAULT_GAMES = 64  # games whose checkpoints (or replay index) stay in memory


class StepCache:
    def __init__(self, store: Store, interval: int = DEFAULT_INTERVAL, max_games: int = DEFAULT_GAMES):
        if max_games < 1:
            raise ValueError("max_games must be at least 1")
        self.store = store
        self.interval = interval
        self.max_games = max_games
        # game -> [k] = session at (k+1)*interval, least recently used first
        self._checkpoints: OrderedDict[UUID, list[Session]] = OrderedDict()
        # The viewer serves requests from a thread pool: `_lru` guards the
        # dict's order (held only for dict operations); `_lock` keeps two
        # threads from filling the same game's checkpoints at once.
        self._lru = threading.Lock()
        self._lock = threading.Lock()

    def session(self, game_id: UUID, step: int | None = None) -> Session:
        """The session after `step` records (default: the latest)."""
        live = self.store.live(game_id)
        last = live.session.version
        if step is None or step == last:
            return live.session
        if not 1 <= step <= last:
            raise StepOutOfRange(f"step {step} is outside 1..{last} of game {game_id}")
        game = find_game(live.header.kind)
        k = step // self.interval
        checkpoints = self._extend(game_id, game, k)
        start, session = (k * self.interval, checkpoints[k - 1]) if k else (0, None)
        return self.store.fold(game, game_id, session, gt=start, lte=step)

    def games(self) -> list[UUID]:
        """The games whose checkpoints are kept, least recently used first."""
        with self._lru:
            return list(self._checkpoints)

    def _checkpoints_of(self, game_id: UUID) -> list[Session]:
        with self._lru:
            checkpoints = self._checkpoints.get(game_id)
            if checkpoints is None:
                checkpoints = self._checkpoints[game_id] = []
                while len(self._checkpoints) > self.max_games:
                    self._checkpoints.popitem(last=False)
            else:
                self._checkpoints.move_to_end(game_id)
            return checkpoints

    def _extend(self, game_id: UUID, game, k: int) -> list[Session]:
        """Make sure checkpoints 1..k exist, folding the missing stretch once."""
        checkpoints = self._checkpoints_of(game_id)
        if len(checkpoints) >= k:
            return checkpoints
        with self._lock:
            return self._fill(game_id, game, checkpoints, k)

    def _fill(self, game_id: UUID, game, checkpoints: list[Session], k: int) -> list[Session]:
        if len(checkpoints) >= k:  # another thread did it while we waited
            return checkpoints
        start = len(checkpoints) * self.interval
        session = checkpoints[-1] if checkpoints else None
        self.store.fold(game, game_id, session, gt=start, lte=k * self.interval,
                        every=self.interval, keep=checkpoints.append)
        return checkpoints
