"""Reading a game at any step at a cost that does not grow with its length.

`StepCache` keeps the session at every `interval`-th step of each game it
has read (sessions are immutable, so keeping them is cheap) and folds
forward from the nearest one: at most `interval - 1` records per read,
fetched by range from the store.  Records are never rewritten, so a
checkpoint stays valid for ever; only the first read of a long game pays
for one pass over its history.
"""

from __future__ import annotations

import threading
from uuid import UUID

from engine.core.errors import StepOutOfRange
from engine.core.game import find_game
from engine.core.session import Session
from engine.core.store import Store

DEFAULT_INTERVAL = 64


class StepCache:
    def __init__(self, store: Store, interval: int = DEFAULT_INTERVAL):
        self.store = store
        self.interval = interval
        self._checkpoints: dict[UUID, list[Session]] = {}  # [k] = session at (k+1)*interval
        # The viewer serves requests from a thread pool: two of them filling the
        # same game's checkpoints at once would interleave their appends.
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

    def _extend(self, game_id: UUID, game, k: int) -> list[Session]:
        """Make sure checkpoints 1..k exist, folding the missing stretch once."""
        checkpoints = self._checkpoints.setdefault(game_id, [])
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
