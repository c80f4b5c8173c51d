"""Pushed updates (issue #13, item 5): a running game's play and replay pages
hear of new steps as they are stored, over server-sent events.

One listener thread per process (a `Hub` per app) watches the games that
open streams follow.  It wakes when a Store of this process stores a batch
(`engine.core.store.STORED`), when PostgreSQL notifies the events table's
channel (another process or host stored something: the library's insert
function NOTIFYs on every insert), or every few seconds all the same (a
write from another process on the same SQLite file).  A wake-up is only a
hint: the listener compares each watched game's head version with the one
it knows, once per game however many pages follow it, and hands a change
to every stream of that game.

A stream sends only the version number (`event: version`), never a view:
the page fetches its own, so a seat's stream reveals nothing its page
would not.  Streams are bounded: heartbeat comments, a lifetime after
which the browser reconnects, a per-process cap (503 beyond it), and an
`end` event once the game is over.  Without JavaScript the page's
"refresh" link does the same, slower.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from uuid import UUID

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, Response, StreamingResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine.core.errors import BoardlogError
from engine.core.limits import MAX_INT
from engine.core.store import STORED, Store

from .shared import page_responses, store_of

_log = logging.getLogger(__name__)
router = APIRouter()

MAX_STREAMS = 200        # open streams per process (BOARDLOG_LIVE_STREAMS); 503 beyond
HEARTBEAT = 15.0         # seconds between keep-alive comments (proxies drop silent connections)
STREAM_SECONDS = 60.0    # a stream's lifetime, then the browser reconnects (after `retry` ms): also
                         # what a server shutting down waits for an open stream at most
RETRY_MS = 3000
RECHECK = 5.0            # seconds: heads are compared even without a wake-up
MIN_GAP = 0.02           # seconds between two rounds: a burst of writes costs one round
SSE = "text/event-stream"


class LiveOut(BaseModel):
    version: int = Field(description="the game's latest step")
    finished: bool = Field(description="the game is over: no further step will come")


@dataclass(eq=False)
class Watch:
    """One open stream: the latest news for it, and the loop it runs on
    (set once it starts sending: news before that is read when it starts)."""

    game: UUID
    version: int
    finished: bool = False
    loop: asyncio.AbstractEventLoop | None = None
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    def tell(self, version: int, finished: bool) -> None:
        """From the listener thread: wake the stream in its own loop."""
        self.version, self.finished = version, finished
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.changed.set)


@dataclass
class _Game:
    version: int
    finished: bool
    watches: set[Watch] = field(default_factory=set)


class Hub:
    """The process's listener: which games are followed, by which streams."""

    def __init__(self, store: Store, limit: int | None = None):
        self.store = store
        self.limit = limit or int(os.environ.get("BOARDLOG_LIVE_STREAMS") or MAX_STREAMS)
        self._lock = threading.Lock()
        self._games: dict[UUID, _Game] = {}
        self.open = 0
        self._started = False

    def state_of(self, game: UUID) -> tuple[int, bool]:
        """The game's head version and whether it is over (0: no such game)."""
        head = self.store.head_version(game)
        if head == 0:
            return 0, True  # deleted (or never was): nothing more will come
        try:
            live = self.store.live(game)
        except BoardlogError:
            return head, True
        return live.session.version, live.game.outcome(live.session.state) is not None

    def watch(self, game: UUID, version: int, finished: bool) -> Watch:
        """Follow `game` from `version` (what the listener knows is `version`,
        `finished`: the caller has just read them); 503 past the cap."""
        w = Watch(game, version, finished)
        with self._lock:
            if self.open >= self.limit:
                raise StarletteHTTPException(503, f"too many open live streams ({self.limit}); "
                                                  "use the page's refresh link")
            self.open += 1
            entry = self._games.setdefault(game, _Game(version, finished))
            entry.watches.add(w)
            if (entry.version, entry.finished) != (version, finished):
                w.tell(entry.version, entry.finished)  # the listener already knows more
        self._start()
        return w

    def unwatch(self, w: Watch) -> None:
        with self._lock:
            entry = self._games.get(w.game)
            if entry is not None and w in entry.watches:
                entry.watches.discard(w)
                self.open -= 1
                if not entry.watches:
                    del self._games[w.game]

    def _start(self) -> None:
        with self._lock:
            if self._started:
                return
            self._started = True
        threading.Thread(target=self._run, name="boardlog-live", daemon=True).start()
        if self.store.db.hears_others:  # PostgreSQL: hear other processes' writes
            threading.Thread(target=self.store.db.listen, args=(STORED.ring, RECHECK), name="boardlog-listen",
                             daemon=True).start()

    def _run(self) -> None:
        seen, last = STORED.count, 0.0
        while True:
            seen = STORED.wait(seen, RECHECK)
            gap = time.monotonic() - last
            if gap < MIN_GAP:
                time.sleep(MIN_GAP - gap)  # let a burst of writes finish: one round for all
                seen = STORED.count
            last = time.monotonic()
            try:
                self.check()
            except Exception as e:  # noqa: BLE001 - the listener outlives a failed read
                _log.warning("live: checking heads failed: %s", e)

    def check(self) -> None:
        """One round: tell every stream of a game whose head moved on."""
        with self._lock:
            games = {g: (e.version, e.finished) for g, e in self._games.items()}
        for game, known in games.items():
            if self.store.head_version(game) == known[0]:
                continue  # the usual answer: one short query
            now = self.state_of(game)
            with self._lock:
                entry = self._games.get(game)
                if entry is None:
                    continue
                entry.version, entry.finished = now
                for w in entry.watches:
                    w.tell(*now)


def hub_of(request: Request) -> Hub:
    state = request.app.state
    hub = getattr(state, "live_hub", None)
    if hub is None:
        with _HUB_LOCK:
            hub = getattr(state, "live_hub", None)
            if hub is None:
                hub = state.live_hub = Hub(store_of(request))
    return hub


_HUB_LOCK = threading.Lock()


def wants_stream(request: Request) -> bool:
    """An EventSource asks for `text/event-stream`; anything else gets one answer."""
    return SSE in request.headers.get("accept", "")


def _event(name: str, data: int) -> str:
    # Only a step number goes out: a record here would reach every watcher,
    # whatever its seat may see.
    if type(data) is not int:
        raise TypeError(f"the live stream carries step numbers only, not {type(data).__name__}")
    # The id comes back as Last-Event-ID when the browser reconnects.
    return f"id: {data}\nevent: {name}\ndata: {data}\n\n"


async def _events(w: Watch, since: int | None) -> AsyncIterator[str]:
    """The stream: the version whenever it moves on from `since`; `end` once over."""
    yield f"retry: {RETRY_MS}\n\n"
    sent = since
    deadline = time.monotonic() + STREAM_SECONDS
    while True:
        if w.version != sent:
            sent = w.version
            yield _event("version", sent)
        if w.finished:
            yield _event("end", sent)
            return
        left = deadline - time.monotonic()
        if left <= 0:
            return  # the browser reconnects, with the version its page shows
        try:
            await asyncio.wait_for(w.changed.wait(), min(HEARTBEAT, left))
            w.changed.clear()
        except TimeoutError:
            yield ": keep-alive\n\n"


class LiveStream(StreamingResponse):
    """A stream that is counted from the moment it is made (so the cap
    holds) until it ends, whichever way (the browser gone: cancelled)."""

    def __init__(self, hub: Hub, w: Watch, since: int | None):
        self.hub, self.watch = hub, w
        super().__init__(_events(w, since), media_type=SSE,
                         headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def __call__(self, scope, receive, send) -> None:
        self.watch.loop = asyncio.get_running_loop()
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.hub.unwatch(self.watch)


def stream_response(request: Request, game: UUID, since: int | None) -> Response:
    """For an EventSource, the stream of `game`'s steps after `since`
    (called from a route's worker thread: it reads the store)."""
    hub = hub_of(request)
    version, finished = hub.state_of(game)
    last = request.headers.get("last-event-id", "")
    if last.isascii() and last.isdigit() and len(last) < 20:
        since = int(last)  # a reconnection: what the stream last sent, not what the page first showed
    return LiveStream(hub, hub.watch(game, version, finished), since)


STREAM_RESPONSES = {
    200: {"model": LiveOut,
          "description": "The latest step (application/json); to an EventSource (Accept: "
                         "text/event-stream), a stream of `event: version` (data: the new step) "
                         "as steps are stored, heartbeat comments, and `event: end` once the game is over",
          "content": {SSE: {"schema": {"type": "string"}}}},
    503: {"description": "Too many open live streams on this server: use the page's refresh link",
          "content": {"text/html": {"schema": {"type": "string"}}}},
}


@router.get("/games/{ref}/live", summary="Follow a game: its latest step, pushed as steps are stored",
            responses={**STREAM_RESPONSES, **page_responses(404, 422)})
def game_live(request: Request, ref: str,
              v: int | None = Query(None, ge=0, le=MAX_INT, description="the step the page shows")):
    store = store_of(request)
    game = store.catalogue.resolve(ref)
    store.header(game)  # 404 unless it is a game
    if not wants_stream(request):
        # One answer (what a script polling by hand, or a schema fuzzer, gets).
        version, finished = hub_of(request).state_of(game)
        return JSONResponse({"version": version, "finished": finished})
    return stream_response(request, game, v)
