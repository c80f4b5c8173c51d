"""Cached steps (issue #13, item 6): validators for the replay page and its
step partial, and a bounded cache of rendered steps of finished games.

A step of a finished game never changes except for its notes, so what a
replay response shows is fixed by: the game (its id, its head version, its
rules), the step asked for, `by`, the seat it is seen through, whether it is
the partial or the whole page, the notes' version, who asks (a reviewer
sees edit buttons on their own notes), and the code that draws it.  The
ETag is a digest of exactly that; a running game's changes with its head
version.  A request naming the current ETag (If-None-Match) gets a 304, and
a rendered step is kept (LRU, keyed like the ETag) so that a crowd stepping
the same game costs a look-up each.  Deciding needs two short queries
(catching the game and its notes up), never a fold.

A running game's steps are kept too (issue #24): its ETag names its head,
so an entry is served only while no command has been stored since, and a
crowd watching it (eight spectators asking for the step a command just
made) draws each step once.  Entries of a head gone by are never asked
for again and leave the LRU in turn.

A crowd's requests arriving together on the event loop share the two or
three short queries that decide (`read_shared`), and a provisional page
(a long game's chart still being drawn in the background: never
validated, `no-store`) is kept for the requests with its ETag while that
drawing lasts, so it too is drawn once (`replay_response`).
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from importlib import metadata
from pathlib import Path
from typing import TypeVar
from uuid import UUID

from fastapi import Request
from fastapi.responses import Response

from engine.core.records import Live
from viewer.auth import who_of
from viewer.shared import store_of

T = TypeVar("T")

CACHE_STEPS = 2048  # rendered steps kept per process (BOARDLOG_STEP_CACHE)
DRAW_WAIT = 10.0    # seconds a request waits for another drawing the same step, then draws it itself
# Every response of a replay URL: the partial or the whole page, for whom.
VARY = "HX-Request, HX-Boosted, Cookie, Authorization"
# Finished: cacheable, but asked again every time (a note may have been added:
# a 304 costs a look-up).  Running: the same, with the head in the validator.
CACHE_FINISHED = "private, max-age=0, must-revalidate"
CACHE_RUNNING = "private, no-cache"
NOT_MODIFIED = {304: {"description": "Not modified: the page is the one the If-None-Match ETag names "
                                     "(a step of a finished game changes only with its notes)"}}


def _code_version() -> str:
    """What the code that draws a step is: the package's version and the
    text of every template and of the viewer, projections and engine
    sources (a deploy that changes any of them changes every ETag)."""
    digest = hashlib.blake2b(digest_size=8)
    try:
        digest.update(metadata.version("boardlog").encode())
    except metadata.PackageNotFoundError:
        pass
    root = Path(__file__).resolve().parent.parent
    for folder, pattern in (("viewer/templates", "*.html"), ("viewer", "*.py"), ("projections", "*.py"),
                            ("engine", "*.py")):
        for path in sorted((root / folder).rglob(pattern)):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


CODE_VERSION = _code_version()


class StepCache:
    """Rendered steps of finished games, least recently used dropped first.
    Each entry remembers the game's header object it was drawn from: a game
    deleted and imported again under the same id is read afresh (a new
    header object), never served from here."""

    def __init__(self, limit: int | None = None):
        self.limit = limit or int(os.environ.get("BOARDLOG_STEP_CACHE") or CACHE_STEPS)
        self._entries: OrderedDict[str, tuple[object, bytes, dict]] = OrderedDict()
        self._lock = threading.Lock()
        self._drawing: dict[str, threading.Event] = {}
        # Requests on the event loop waiting for a step being drawn: (loop, future) per key.
        self._waiters: dict[str, list[tuple[asyncio.AbstractEventLoop, asyncio.Future]]] = {}
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: str, header: object) -> tuple[bytes, dict] | None:
        """The body and headers kept under `key`, if drawn from this `header`."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] is not header:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return entry[1], entry[2]

    def claim(self, key: str) -> threading.Event | None:
        """None: the caller draws `key` (and must `release` it); else the
        event to wait on while another request draws it (a crowd in
        lockstep asks for the same step at once: one of them draws it)."""
        with self._lock:
            drawing = self._drawing.get(key)
            if drawing is None:
                self._drawing[key] = threading.Event()
            return drawing

    def release(self, key: str) -> None:
        with self._lock:
            drawing = self._drawing.pop(key, None)
            waiters = self._waiters.pop(key, ())
        if drawing is not None:
            drawing.set()
        for loop, future in waiters:
            loop.call_soon_threadsafe(_settle, future)

    def claim_or_wait(self, key: str) -> asyncio.Future | None:
        """On the event loop: None, the caller draws `key` (and must
        `release` it); else a future done when another request has drawn it
        (waiting costs no thread)."""
        with self._lock:
            if key not in self._drawing:
                self._drawing[key] = threading.Event()
                return None
            future = asyncio.get_running_loop().create_future()
            self._waiters.setdefault(key, []).append((future.get_loop(), future))
            return future

    def put(self, key: str, header: object, body: bytes, headers: dict) -> None:
        with self._lock:
            self._entries[key] = (header, body, headers)
            self._entries.move_to_end(key)
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)


def _settle(future: asyncio.Future) -> None:
    if not future.done():
        future.set_result(None)


def caching(request: Request) -> bool:
    """Whether steps are validated and kept (on, unless a measurement turns
    it off with `app.state.cache_steps = False` to time the drawing itself)."""
    return getattr(request.app.state, "cache_steps", True)


def cache_of(request: Request) -> StepCache:
    state = request.app.state
    cache = getattr(state, "step_cache", None)
    if cache is None:
        cache = state.step_cache = StepCache()  # a race makes two: one is dropped, no harm
    return cache


def etag_of(*parts: object) -> str:
    return '"' + hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest() + '"'


def _matches(request: Request, etag: str) -> bool:
    asked = request.headers.get("if-none-match", "")
    return asked.strip() == "*" or etag in {t.strip().removeprefix("W/") for t in asked.split(",")}


def read_shared(request: Request, key: tuple, read: Callable[[], T]) -> T:
    """`read()`, or on the event loop the value another request's `read()`
    for `key` gave, when that read began after this request arrived: as
    fresh as a read of its own (issue #24: a crowd in lockstep asked the
    store the same two or three short questions once each per request).

    A value is kept until the loop has run the callbacks queued before the
    read began (its expiry is queued then, and the loop runs its queue in
    order).  A request's step that runs meanwhile was queued before the
    read began, so the request had arrived by then (each request a task of
    its own, as a server runs them); one that arrives later is queued after
    the expiry.  Another request in the reader's own task (called in turn
    by one client, never yielding to the loop between them) reads afresh.
    Off the loop (a worker thread): `read()`."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return read()
    state = request.app.state
    shared = getattr(state, "shared_reads", None)
    if shared is None:
        shared = state.shared_reads = {}
    slot, task = (loop, key), asyncio.current_task()
    kept = shared.get(slot)
    if kept is not None and (kept[1] is not task or kept[2] is request.scope):
        return kept[0]
    loop.call_soon(shared.pop, slot, None)  # queued before the read begins
    value = read()
    shared[slot] = (value, task, request.scope)
    return value


async def kept_response(request: Request, gid: UUID, asked: tuple, partial: bool,
                        draw: Callable[[bool], Awaitable[Response]], live: Live, notes_version: int,
                        pending: Callable[[], object | None] = lambda: None) -> Response | None:
    """On the event loop, for a game folded in memory on a local store: a
    step answered without a worker thread when it can be — a 304, the step
    kept in the cache, or, when another request is drawing it, that drawing
    awaited (a crowd in lockstep asks for each step at once).  Else this
    request claims the step and `draw(True)`s it (in a worker thread) with
    the claim held.  None: the cache is off (drawn as usual).  `live` and
    `notes_version`: the game and its notes as they are now (read for this
    request, or shared with it: `read_shared`); no fold.  `pending`: see
    `replay_response`.  What a crowd stepping a game mostly costs."""
    if not caching(request):
        return None
    finished = live.game.outcome(live.session.state) is not None
    etag = _etag(request, live, gid, asked, partial, notes_version)
    headers = {"ETag": etag, "Cache-Control": CACHE_FINISHED if finished else CACHE_RUNNING, "Vary": VARY}
    if _matches(request, etag):
        return Response(status_code=304, headers=headers)
    cache = cache_of(request)
    kept = cache.get(etag, live.header)
    if kept is None:
        provisional = _provisional(cache, etag, live, pending)
        if provisional is not None:
            return provisional
        waiting = cache.claim_or_wait(etag)
        if waiting is None:  # this request draws it, holding the claim whatever happens
            try:
                return await draw(True)
            finally:
                cache.release(etag)
        try:
            await asyncio.wait_for(waiting, DRAW_WAIT)
        except TimeoutError:
            pass
        kept = cache.get(etag, live.header)
        if kept is None:  # not kept (provisional?), or the other request failed or took too long
            return _provisional(cache, etag, live, pending) or await draw(False)
    return Response(kept[0], headers={**kept[1], **headers})


def _etag(request: Request, live: Live, gid: UUID, asked: tuple, partial: bool, notes_version: int) -> str:
    who = who_of(request)
    return etag_of(str(gid), live.session.version, asked, partial, notes_version,
                   who.name, who.role, request.app.state.auth, str(request.base_url),
                   live.header.rules_version, live.game.RULES_VERSION, CODE_VERSION)


def _provisional(cache: StepCache, etag: str, live: Live, pending: Callable[[], object | None]) -> Response | None:
    """The provisional page kept for `etag` while the drawing it waits on
    (`pending()`) is still under way, if any: as drawn, never validated
    (`no-store`, no ETag)."""
    drawing = pending()
    kept = None if drawing is None else cache.get(f"{etag}~{drawing}", live.header)
    return None if kept is None else Response(kept[0], headers=kept[1])


def replay_response(request: Request, gid: UUID, asked: tuple, partial: bool,
                    render: Callable[[], Response], claimed: bool = False,
                    pending: Callable[[], object | None] = lambda: None) -> Response:
    """The replay page or step partial of `gid` for the query `asked`
    (step, by, seat as given), with its ETag: 304 if the client has it,
    from the cache if a finished game's step was drawn before, else
    `render()` (kept if the game is finished).

    A page `render()` marks provisional (a long game's chart still being
    drawn in the background) is neither validated nor kept for later, but
    it is the page every request with its ETag gets for as long as that
    drawing (`pending()`: which one, None when none) is under way: it is
    kept for them under the drawing's name, and goes with it (eight
    spectators of a long game that a new server charts each drew every
    step until the chart was ready: issue #24)."""
    if not caching(request):
        return render()
    store = store_of(request)
    live = store.live(gid)
    finished = live.game.outcome(live.session.state) is not None
    etag = _etag(request, live, gid, asked, partial, store.notes.version(gid))
    headers = {"ETag": etag, "Cache-Control": CACHE_FINISHED if finished else CACHE_RUNNING, "Vary": VARY}
    if _matches(request, etag):
        return Response(status_code=304, headers=headers)
    cache = cache_of(request)
    kept = None if claimed else cache.get(etag, live.header)
    if kept is None:
        provisional = None if claimed else _provisional(cache, etag, live, pending)
        if provisional is not None:
            return provisional
        # `claimed`: the event loop claimed this step for this request (kept_response).
        drawing = None if claimed else cache.claim(etag)
        if drawing is not None:  # another request is drawing this very step: wait for it
            drawing.wait(DRAW_WAIT)
            kept = cache.get(etag, live.header)
            if kept is None:
                provisional = _provisional(cache, etag, live, pending)
                if provisional is not None:
                    return provisional
        else:
            try:
                response = render()
                if getattr(response, "provisional", False):  # to be drawn again once complete
                    response.headers["Cache-Control"] = "no-store"
                    under_way = pending()
                    if response.status_code == 200 and under_way is not None:
                        cache.put(f"{etag}~{under_way}", live.header, bytes(response.body), _kept_headers(response))
                    return response
                if response.status_code == 200:  # with the headers the page set (type, htmx triggers)
                    cache.put(etag, live.header, bytes(response.body), _kept_headers(response))
                return _validated(response, headers)
            finally:
                if not claimed:  # (a claim of the loop's is released there)
                    cache.release(etag)
    if kept is None:  # the other request failed or took too long: draw it here
        return _validated(render(), headers)
    return Response(kept[0], headers={**kept[1], **headers})


def _kept_headers(response: Response) -> dict:
    """The headers the page set (type, htmx triggers), to serve it again."""
    return {k: v for k, v in response.headers.items() if k != "content-length"}


def _validated(response: Response, headers: dict[str, str]) -> Response:
    if response.status_code == 200:  # an error is never validated (nor kept)
        response.headers.update(headers)
    return response
