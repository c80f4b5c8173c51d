"""The replay viewer and the play pages.

Every page is server-rendered; htmx swaps the `#stage` partial (board,
controls, audit, notes) when a request carries `HX-Request`, and the same
URLs serve whole pages to a browser without JavaScript.
"""

from __future__ import annotations

import gc
import logging
import os
import pickle
import threading
import time
from contextlib import asynccontextmanager
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode
from uuid import UUID

from fastapi import FastAPI, Form, Query, Request, UploadFile
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from jinja2 import BytecodeCache, FileSystemBytecodeCache
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine.core.context import as_utc, utcnow
from engine.core.errors import (
    BadInput,
    BoardlogError,
    ConflictError,
    GameUnreadable,
    RuleViolation,
)
from engine.core.game import find_game, game_ids
from engine.core.interchange import export_lines
from engine.core.options import parse_options
from engine.core.position import MAX_POSITION_BYTES
from engine.core.records import Live
from engine.core.store import Store, open_store, why_no_undo
from projections.compare import known_seat, seat_view
from projections.replay import Replay, audit, changed_paths, timeline_window
from viewer import (
    analysis_pages,
    boards,
    bounds,
    drawings,
    fragments,
    pictures,
    plots,
    rule_search,
    stage,
)
from viewer import live as pushed
from viewer import tree as variation
from viewer.api import router as api_router
from viewer.auth import (
    COOKIE,
    Guard,
    accounts_of,
    issue_token,
    made_here,
    may_see_seats,
    remember_made_here,
    safe_next,
    set_session,
    who_of,
)
from viewer.drawings import GLYPH_FORM as GlyphForm
from viewer.drawings import SHAPES_FORM as ShapesForm
from viewer.drawings import form_marks
from viewer.errors import status_of
from viewer.limits import (
    MAX_IMPORT_BYTES,
    MAX_INT,
    MAX_PLAYERS,
    BodyLimit,
    check_options,
    check_text,
    parse_int,
    shorten,
    too_large_message,
    validation_message,
)
from viewer.pointing import choices
from viewer.shared import (
    HOT_SEAT,
    delete_game,
    fast_tojson,
    hot_seat_acts_for,
    hot_seat_after,
    may_act,
    store_of,
)
from viewer.shared import page_responses as _page

_log = logging.getLogger(__name__)
HERE = Path(__file__).parent
_FAVICON = (HERE / "static" / "favicon.svg").read_bytes()
StepForm = Form(..., ge=-MAX_INT, le=MAX_INT)
NotesVersionForm = Form(None, ge=0, le=MAX_INT, description="the notes' version the form was made "
                        "from (409 if they changed since)")
BY = ("event", "command", "turn")


def create_app(store: Store | None = None, auth: bool | None = None) -> FastAPI:
    """The viewer.  `auth`: require sign-in (viewer/auth.py) — what a server
    reachable by others needs; default $BOARDLOG_AUTH=1, else open, as on
    loopback (`boardlog serve` decides from --host)."""
    app = FastAPI(title="boardlog", description="Replay, annotate, audit and play board games. "
                  "The JSON API lives under /api.", lifespan=_lifespan)
    app.state.store = store or open_store(os.environ.get("BOARDLOG_DB") or None)
    app.state.auth = auth if auth is not None else os.environ.get("BOARDLOG_AUTH", "") in ("1", "on", "yes")
    app.state.replay = Replay(app.state.store)
    app.state.steps = app.state.replay.steps
    app.mount("/static/htmx", StaticFiles(packages=[("js_lib_htmx", "static/htmx")]), name="htmx")
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    # Browsers ask every site for /favicon.ico: without one, each page opened
    # logged a 404 in the console.  The icon is a static file, public as they are.
    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> Response:
        return Response(_FAVICON, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})
    templates = Jinja2Templates(directory=HERE / "templates")
    # Templates are read once (a deploy restarts the server); looking at
    # every file's time stamp on each render costs a stat call per include.
    templates.env.auto_reload = os.environ.get("BOARDLOG_TEMPLATE_RELOAD", "") in ("1", "on", "yes")
    templates.env.filters["tojson"] = fast_tojson
    templates.env.bytecode_cache = compiled_templates()
    boards.register(templates.env)
    drawings.register(templates.env)  # the timeline's note glyphs
    bounds.register(templates.env)
    pictures.register(templates.env)
    analysis_pages.register(templates.env)
    stage.register(templates.env)  # the replay page's stage, written in Python (viewer/stage.py)
    templates.env.globals.update(game_ids=game_ids, timeline_window=timeline_window, who_of=who_of)
    app.state.templates = templates
    # The replay page and its step partial, what a crowd stepping a game asks
    # for: matched first, before the routers' routes (matching its way through
    # them took ~0.3 ms a request, a quarter of a kept step's: issue #24).  A
    # copy the OpenAPI document leaves out: the documented one keeps its place
    # (`_routes`).  No route registered before that one serves a GET of
    # /games/{ref}, so which endpoint answers what is unchanged.
    replay = _replay_endpoint(templates)
    app.get("/games/{ref}", response_class=HTMLResponse, include_in_schema=False)(replay)
    app.include_router(api_router)
    app.include_router(rule_search.router)
    app.include_router(variation.router)
    app.include_router(pushed.router)
    app.include_router(plots.router)
    app.include_router(analysis_pages.router)
    app.state.forget_on_delete = (analysis_pages.forget,)  # viewer/shared.py delete_game
    from viewer import compare

    app.include_router(compare.router)
    compare.register(templates.env)
    _routes(app, templates, replay)
    _errors(app, templates)
    app.add_middleware(BodyLimit)  # 413 for a body over its limit, before it is read whole

    app.add_middleware(ServerTiming)

    def error_page(request: Request, status: int, message: str) -> HTMLResponse:
        return templates.TemplateResponse(request, "error.html", {"status": status, "message": message},
                                          status_code=status)

    app.add_middleware(Guard, page=error_page)  # added last: the outermost (viewer/auth.py)
    # Every template compiled as the server starts (issue #24): compiling the
    # replay page's took ~0.5 s, paid by whichever game was opened first.
    # From the compiled-templates cache this costs a few milliseconds.
    for name in templates.env.list_templates(extensions=["html"]):
        templates.env.get_template(name)
    # Likewise each game's rules and picture: importing a game's modules took
    # ~0.3 s of the first page of the first game of its kind.
    for kind in game_ids():
        try:
            find_game(kind)
            pictures.warm(kind)
        except Exception:  # noqa: BLE001 - a game that fails to load says so on its own pages, as before
            continue
    analysis_pages.analyses_of(app)  # its module's import (~50 ms) too, which the replay page asks for
    return app


class _CompiledTemplates(BytecodeCache):
    """Compiled templates shared by every app of the process (a test run
    makes hundreds) and kept between processes in Jinja's per-user cache
    directory (private to the user; a template's source checksum is checked
    on load, so an edited template is compiled again)."""

    def __init__(self):
        self._kept: dict[str, tuple[str, Any]] = {}
        self._lock = threading.Lock()
        try:
            self._disk: FileSystemBytecodeCache | None = FileSystemBytecodeCache()
        except (OSError, RuntimeError):  # no private temporary directory: kept in memory only
            self._disk = None

    def load_bytecode(self, bucket) -> None:
        kept = self._kept.get(bucket.key)
        if kept is not None and kept[0] == bucket.checksum:
            bucket.code = kept[1]
            return
        if self._disk is not None:
            try:
                self._disk.load_bytecode(bucket)
            except (OSError, EOFError, ValueError, TypeError, pickle.UnpicklingError):
                bucket.reset()
            if bucket.code is not None:
                with self._lock:
                    self._kept[bucket.key] = (bucket.checksum, bucket.code)

    def dump_bytecode(self, bucket) -> None:
        with self._lock:
            self._kept[bucket.key] = (bucket.checksum, bucket.code)
        if self._disk is not None:
            try:
                self._disk.dump_bytecode(bucket)
            except OSError:
                pass  # a read-only or full disk: compiled again by the next process


@cache
def compiled_templates() -> _CompiledTemplates:
    return _CompiledTemplates()


@asynccontextmanager
async def _lifespan(app: FastAPI):
    """What runs beside the server while it serves: on SQLite, the worker of
    the store's analysis queue (viewer/analysis_pages.py), stopped with it.

    And what the process holds once the server starts (modules, compiled
    templates, the games' rules: some 90,000 objects, none of them garbage)
    is frozen out of Python's cycle collector (`gc.freeze`) until it stops:
    each full collection walked it all, 65-110 ms on this 2-core machine,
    every request in flight waiting (issue #24: such a pause in a crowd's
    80 steps was its p99).  A full collection now walks only what was made
    since; what is frozen is still freed by reference counting.

    And the variation tree's parent links are read in the background from
    the start (`_read_parent_links`)."""
    gc.collect()  # none of it garbage, then: nothing is kept for good that should go
    gc.freeze()
    threading.Thread(target=_read_parent_links, args=(app,), name="boardlog-parent-links", daemon=True).start()
    worker = await run_in_threadpool(analysis_pages.start_worker, app)
    try:
        yield
    finally:
        if worker is not None:
            await run_in_threadpool(worker.stop)
        gc.unfreeze()  # (an app in a longer-lived process: a test's, the bench's)


def _read_parent_links(app: FastAPI) -> None:
    """Read every game's parent link as a server starts, rather than in its
    first page (projections/tree.py): the links the store keeps, and the
    log stored since (the whole log where none are kept yet: 40 ms with the
    full bench's 1,002 games and 220,000 records, issue #24).  A page asking
    meanwhile waits for it, then reads only what was stored since."""
    try:
        variation.tree_model_of(app.state).refresh()
    except Exception as e:  # noqa: BLE001 - a page reads them itself, and says what fails
        _log.warning("parent links not read at start: %s", e)


class ServerTiming:
    """ASGI middleware: the standard Server-Timing header, the time spent in
    the app until its response starts, which browsers' dev tools and
    `boardlog bench` read.  (Plain ASGI: a `BaseHTTPMiddleware` costs a
    millisecond or two a request in task and stream plumbing.)"""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        start = time.perf_counter()

        async def timed(message):
            if message["type"] == "http.response.start":
                took = f"app;dur={(time.perf_counter() - start) * 1000:.2f}".encode()
                message = {**message, "headers": [*message.get("headers", ()), (b"server-timing", took)]}
            await send(message)
        await self.app(scope, receive, timed)


_store = store_of


def _game_id(request: Request, ref: str) -> UUID:
    return _store(request).catalogue.resolve(ref)


def _full_id(ref: str) -> UUID | None:
    try:
        return UUID(ref.strip())
    except ValueError:
        return None


def _deletable_id(request: Request, ref: str) -> UUID:
    """A game's id for deleting it: a game that cannot be read (its header
    does not fit) is named by its full id, and can be deleted all the same."""
    try:
        return _game_id(request, ref)
    except GameUnreadable:
        return UUID(ref.strip())


def _analysis_tag(request: Request, gid: UUID) -> tuple:
    """The part of a replay page's ETag that its computer analysis decides
    (a finished game's only: a running game's page shows none)."""
    live = _store(request).live(gid)
    return analysis_pages.tag(request, gid) if live.game.outcome(live.session.state) is not None else ()


def _latest(request: Request, gid: UUID) -> tuple[Live, int, tuple]:
    """What a step's ETag says of the game now: its latest session, its
    notes' version and its analysis (`_analysis_tag`): three short queries."""
    store = _store(request)
    live = store.live(gid)
    tag = analysis_pages.tag(request, gid) if live.game.outcome(live.session.state) is not None else ()
    return live, store.notes.version(gid), tag


def _chart_drawing(request: Request, gid: UUID) -> int | None:
    """The background drawing of the game's chart under way, if any: while
    it is, the game's pages are provisional (viewer/fragments.py)."""
    return plots.plots_of(request).drawing(gid)


def _partial(request: Request) -> bool:
    """An htmx request for a piece of the page, not the whole: htmx restoring
    a page from history asks for the whole, with HX-Request set too (before
    this, such a restore drew the stage alone, without the page around it)."""
    headers = request.headers
    return headers.get("HX-Request") == "true" and headers.get("HX-Boosted") != "true" \
        and headers.get("HX-History-Restore-Request") != "true"


class LiveOut(BaseModel):
    version: int = Field(description="the game's latest step: reload the page (HX-Refresh is set)")


def _replay_endpoint(templates: Jinja2Templates):
    """The replay page and its step partial: `GET /games/{ref}` (registered
    twice by `create_app`: see there)."""
    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return templates.TemplateResponse(request, name, context, status_code=status)

    async def game_replay(request: Request, ref: str, step: int | None = None, by: str = "command",
                          seat: str | None = None):
        # A step partial of a game already read here (its session, notes and
        # step index in memory; a step's mark at most a short fold away), named
        # by its full id, on a local store, is answered on the event loop: a
        # step drawn before (a crowd stepping through a game, a reviewer going
        # back) in two sub-millisecond reads, a step being drawn for another
        # request awaited there holding no thread, and a new step drawn there
        # in a few milliseconds (issue #24) rather than handed to a worker
        # thread and back, which costs about a millisecond a draw.  A whole
        # page, or a game not read yet, may fold a long game or search the
        # store's games: a worker thread's.  (A finished game's analysis adds
        # one short read: how far it has come, for the ETag.)
        store = _store(request)
        gid = _full_id(ref)
        warm = _partial(request) and store.db.local and gid is not None \
            and store.reader.cached(gid) is not None and store.notes.cached(gid) \
            and request.app.state.replay.indexed(gid)

        async def draw(claimed: bool = False):
            # On the loop only with the loop's own claim on the step, or with no
            # step cache: never to wait there on a claim held by a worker thread.
            if warm and (claimed or not fragments.caching(request)):
                return draw_replay(request, ref, step, by, seat, claimed)
            return await run_in_threadpool(draw_replay, request, ref, step, by, seat, claimed)
        # (Skipped when steps are not kept: it could only answer None, after the reads.)
        if fragments.caching(request) and warm:
            with request.app.state.replay.pinned():
                # The game, its notes and its analysis as they are now: read once for
                # the requests that arrived before the reads began (a crowd in lockstep).
                live, notes_version, tag = fragments.read_shared(request, ("latest", gid),
                                                                 lambda: _latest(request, gid))
                kept = await fragments.kept_response(request, gid, (step, by, seat, tag), True, draw,
                                                     live, notes_version, lambda: _chart_drawing(request, gid))
            if kept is not None:
                return kept
        return await draw()

    def draw_replay(request: Request, ref: str, step: int | None, by: str, seat: str | None,
                    claimed: bool = False):
        gid = _game_id(request, ref)

        def render():
            ctx = _replay_context(request, gid, step, by, seat)
            if _partial(request):
                response = HTMLResponse(stage.stage_bytes(request, ctx))  # viewer/stage.py
                # The variation tree beside the timeline asks again for the new step's links.
                response.headers["HX-Trigger-After-Settle"] = "boardlog-step"
            else:
                response = page(request, "replay.html", **ctx)
            # A long game's chart still being drawn in the background: this page
            # is provisional, so it is neither kept nor validated (viewer/fragments.py).
            response.provisional = bool((ctx.get("plot") or {}).get("pending"))
            return response
        # ETag and Cache-Control; 304, or a finished game's step from the cache (viewer/fragments.py).
        # A whole page draws the variation tree: a new fork, a name or a fork's move is a new page.
        with request.app.state.replay.pinned():  # read-only: the game is caught up once per request
            tree = () if _partial(request) else variation.fingerprint(request, gid)
            return fragments.replay_response(request, gid, (step, by, seat, _analysis_tag(request, gid), *tree),
                                             _partial(request), render, claimed,
                                             lambda: _chart_drawing(request, gid))

    return game_replay


def _routes(app: FastAPI, templates: Jinja2Templates, replay) -> None:
    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return templates.TemplateResponse(request, name, context, status_code=status)

    @app.get("/", response_class=HTMLResponse, summary="Games list", responses=_page())
    def games_list(request: Request, kind: str = "", status: str = "", error: str = "",
                   number: int = Query(1, alias="page", ge=1, le=MAX_INT,
                                       description=f"which {GAMES_PAGE} games, newest first")):
        games, pages = _listed_games(request, kind, status, number)
        return page(request, "games.html", games=games, pages=pages, kind=kind, status_filter=status,
                    kinds=game_ids(), error=error, form={}, position="", **_games_context(request))

    @app.post("/games", response_class=HTMLResponse, summary="Start a game, then see its seat links",
              status_code=303, responses=_page(400, 422))
    def games_create(request: Request, kind: str = Form(...), players: str = Form(""),
                     seed: str = Form(""), options: str = Form("")):
        store = _store(request)
        try:
            for field, value in (("kind", kind), ("players", players), ("seed", seed), ("options", options)):
                check_text(field, value)
            chosen = parse_options(options.split())
            if kind in game_ids():   # people at the table: the game's play defaults (fmp: the timer)
                chosen = {**find_game(kind).PLAY_OPTIONS, **chosen}
            gid = store.create(kind, seed=parse_int("seed", seed, 0, MAX_INT),
                               players=parse_int("players", players, 1, MAX_PLAYERS),
                               options=check_options(chosen))
        except BadInput as e:
            # The form comes back as typed, so a typo is mended, not retyped
            # (a value too long to be one is not echoed: the error quotes a part).
            typed = {"kind": kind, "players": players, "seed": seed, "options": options}
            return _games_with_error(request, page, form_words(str(e)),
                                     form={k: v for k, v in typed.items() if len(v) <= MAX_KEPT_FIELD})
        # POST, then GET: reloading the page that follows never starts a second game.
        response = RedirectResponse(f"/games/{gid}/seats", status_code=303)
        remember_made_here(response, request, gid)
        return response

    @app.post("/games/from-position", response_class=HTMLResponse, status_code=303,
              summary="Start a game from a position (docs/positions.md), then see its seat links",
              responses=_page(400, 422))
    async def games_from_position(request: Request, kind: str = Form(...), position: str = Form(""),
                                  file: UploadFile | None = None, seed: str = Form("")):
        text = position
        if file is not None and file.filename:
            data = await file.read(MAX_POSITION_BYTES + 1)
            text = data.decode("utf-8", errors="replace")
        store = _store(request)
        try:
            for field, value in (("kind", kind), ("seed", seed)):
                check_text(field, value)
            if not text.strip():
                raise BadInput("position: paste a position or choose its file (boardlog position GAME "
                               "prints one; a finished game's replay offers each step as one)")
            gid = store.create(kind, seed=parse_int("seed", seed, 0, MAX_INT), position=text)
        except BadInput as e:
            return _games_with_error(request, page, str(e), form={"kind": kind, "seed": seed[:MAX_KEPT_FIELD]},
                                     position=text if len(text) <= MAX_POSITION_BYTES else "")
        response = RedirectResponse(f"/games/{gid}/seats", status_code=303)
        remember_made_here(response, request, gid)
        return response

    @app.get("/games/{ref}/seats", response_class=HTMLResponse, summary="A game's seat links",
             responses=_page(403, 404, 422))
    def game_seats(request: Request, ref: str, asked: int | None = Query(None, ge=1, le=MAX_INT)):
        gid = _game_id(request, ref)
        if not may_see_seats(request, gid):
            raise StarletteHTTPException(403, "seat links: shown to the browser that started the game "
                                              "and to the viewer's operators")
        store = _store(request)
        info = store.catalogue.info(gid)
        return page(request, "seats.html", info=info, game=find_game(info.kind), links=_seat_links(store, gid),
                    fork={"asked": asked} if info.parent else None)

    @app.post("/import", response_class=HTMLResponse, summary="Import a .jsonl export",
              responses=_page(303, 400, 422))
    async def games_import(request: Request, file: UploadFile):
        # BodyLimit already refused a larger body; this read is capped all the same.
        data = await file.read(MAX_IMPORT_BYTES + 1)
        if len(data) > MAX_IMPORT_BYTES:
            raise StarletteHTTPException(413, too_large_message(MAX_IMPORT_BYTES))
        accounts_of(request).secret()  # the accounts stream exists: no import can take its id
        try:
            # In a worker thread: deciding a long game again takes a while,
            # and the event loop serves everyone else meanwhile.
            gid = (await run_in_threadpool(analysis_pages.import_file, request, file.filename or "upload.jsonl",
                                           data))[0]  # a tree: its root
        except BadInput as e:
            return _games_with_error(request, page, str(e))
        return RedirectResponse(f"/games/{gid}", status_code=303)

    app.get("/games/{ref}", response_class=HTMLResponse, summary="Replay a game at a step",
             responses={**_page(404, 422), **fragments.NOT_MODIFIED})(replay)

    # Signed in, a note's author is the account (the form's `author` is for
    # an open viewer); a reviewer changes only notes written under its name.
    @app.post("/games/{ref}/notes", response_class=HTMLResponse, summary="Add a note to a step",
              responses=_page(303, 400, 404, 409, 422))
    def notes_add(request: Request, ref: str, step: int = StepForm, author: str = Form(""),
                  text: str = Form(""), by: str = Form("command"), seat: str = Form(""),
                  glyph: str | None = GlyphForm, shapes: str | None = ShapesForm):
        gid = _game_id(request, ref)
        author = who_of(request).name or author
        return _after_note(request, page, gid, step, by, seat,
                           lambda: _store(request).notes.add(gid, step, *_note_text(author, text),
                                                            **form_marks(request, gid, step, glyph, shapes)))

    @app.post("/games/{ref}/notes/{note}/edit", response_class=HTMLResponse, summary="Edit a note",
              responses=_page(303, 400, 404, 409, 422))
    def notes_edit(request: Request, ref: str, note: str, step: int = StepForm, author: str = Form(""),
                   text: str = Form(""), by: str = Form("command"), seat: str = Form(""),
                   expected_version: int | None = NotesVersionForm, glyph: str | None = GlyphForm,
                   shapes: str | None = ShapesForm):
        gid = _game_id(request, ref)
        author = who_of(request).name or author

        def edit():
            _may_change_note(request, gid, note)
            _store(request).notes.edit(gid, note, *_note_text(author, text), expected_version=expected_version,
                                      **form_marks(request, gid, step, glyph, shapes, note=note))
        return _after_note(request, page, gid, step, by, seat, edit)

    @app.post("/games/{ref}/notes/{note}/delete", response_class=HTMLResponse, summary="Delete a note",
              responses=_page(303, 400, 404, 409, 422))
    def notes_delete(request: Request, ref: str, note: str, step: int = StepForm, author: str = Form("viewer"),
                     by: str = Form("command"), seat: str = Form(""),
                     expected_version: int | None = NotesVersionForm):
        gid = _game_id(request, ref)
        author = who_of(request).name or author or "viewer"

        def delete():
            _may_change_note(request, gid, note)
            _store(request).notes.delete(gid, note, _note_text(author, "")[0], expected_version=expected_version)
        return _after_note(request, page, gid, step, by, seat, delete)

    @app.get("/games/{ref}/delete", response_class=HTMLResponse, summary="Confirm deleting a game",
             responses=_page(404))
    def game_delete_page(request: Request, ref: str):
        gid = _deletable_id(request, ref)
        store = _store(request)
        return page(request, "delete.html", game=store.catalogue.summary(gid), notes=_count_notes(store, gid))

    @app.post("/games/{ref}/delete", response_class=HTMLResponse, summary="Delete a game for good",
              responses=_page(303, 400, 404, 422))
    def game_delete(request: Request, ref: str, confirm: str = Form("")):
        gid = _deletable_id(request, ref)
        if confirm != str(gid):
            # A stray or forged request never deletes: the form repeats the full id.
            raise BadInput("confirm: send the game's full id to delete it (the confirmation page does)")
        delete_game(request, gid)
        return RedirectResponse("/", status_code=303)

    @app.get("/signin", response_class=HTMLResponse, summary="Sign-in page", responses=_page())
    def signin_page(request: Request, next: str = "/"):
        return page(request, "signin.html", next=safe_next(next), error="")

    @app.post("/signin", response_class=HTMLResponse, summary="Sign in (sets the session cookie)",
              responses=_page(303, 400, 401))
    def signin(request: Request, name: str = Form(""), password: str = Form(""), next: str = Form("/")):
        book = accounts_of(request)
        account = book.verify(name, password)
        if account is None:
            return page(request, "signin.html", status=401, next=safe_next(next),
                        error="name or password: not recognised")
        response = RedirectResponse(safe_next(next), status_code=303)
        set_session(response, request, issue_token(book, account)[0])
        return response

    @app.post("/signout", summary="Sign out (clears the session cookie)", response_class=Response,
              responses=_page(303))
    def signout(request: Request):
        response = RedirectResponse("/signin", status_code=303)
        response.delete_cookie(COOKIE, path="/")
        return response

    @app.post("/games/{ref}/fork", response_class=HTMLResponse, summary="Fork a new game from a step",
              responses=_page(303, 400, 404, 422))
    def game_fork(request: Request, ref: str, step: int = StepForm, name: str = Form("")):
        new, at = _store(request).catalogue.fork(_game_id(request, ref), step, name=name or None)
        # Its own seats at once (and what step it was forked at, said).
        target = f"/games/{new}/seats?asked={step}"
        response = RedirectResponse(target, status_code=303)
        response.headers["HX-Redirect"] = target
        remember_made_here(response, request, new)
        return response

    @app.get("/games/{ref}/export", summary="Download a finished game as .jsonl",
             response_class=Response, responses={
                 200: {"description": "the game, one JSON record a line",
                       "content": {"application/x-ndjson": {"schema": {"type": "string"}}}},
                 **_page(403, 404, 422)})
    def game_export(request: Request, ref: str):
        gid = _game_id(request, ref)
        store = _store(request)
        live = store.live(gid)
        if live.game.outcome(live.session.state) is None:
            # The export holds the seed and every hidden order: not while it runs.
            raise StarletteHTTPException(403, "a running game cannot be exported from the viewer "
                                              "(it would reveal hidden information); finish it first")
        # With the game's computer analysis once it is done (its own record kind, analysis/exchange.py).
        return Response(b"".join(analysis_pages.with_analysis(request, export_lines(store, gid))),
                        media_type="application/x-ndjson",
                        headers={"Content-Disposition": f'attachment; filename="{gid}.jsonl"'})

    @app.get("/rules/{kind}", response_class=HTMLResponse, summary="A game's rule table",
             responses=_page(404))
    def rules_page(request: Request, kind: str):
        if kind not in game_ids():
            raise StarletteHTTPException(404, f"no game kind {kind!r}; known: {', '.join(game_ids())}")
        game = find_game(kind)
        return page(request, "rules.html", game=game, rules=list(game.RULES),
                    counts=rule_search.rule_counts(request, kind))

    @app.get("/games/{ref}/play/{token}", response_class=HTMLResponse, summary="Play as a seat",
             responses=_page(404, 422))
    def play_page(request: Request, ref: str, token: str, as_: str = Query("", alias="as")):
        gid = _game_id(request, ref)
        _store(request).tick(gid)  # a deadline that passed is enforced whenever anyone looks
        return page(request, "play.html", **_play_context(request, gid, token, as_))

    @app.post("/games/{ref}/play/{token}", response_class=HTMLResponse, summary="Act as a seat",
              responses=_page(303, 400, 404, 409, 422))
    def play_act(request: Request, ref: str, token: str, action: str = Form("command"),
                 text: str = Form(""), version: int | None = Form(None, ge=0, le=MAX_INT),
                 as_: str = Form("", alias="as")):
        gid = _game_id(request, ref)
        store = _store(request)
        for field, value in (("action", action), ("text", text), ("as", as_)):
            check_text(field, value)
        ctx = _play_context(request, gid, token, as_ if action == "command" else "", action, follow=False)
        seat = ctx["seat"]
        before = ctx["may_act"]
        try:
            if action == "undo":
                store.undo(gid, seat, expected_version=version)
            elif action == "redo":
                store.redo(gid, seat, expected_version=version)
            elif action == "command":
                store.issue(gid, seat, text, expected_version=version)
            else:
                raise BadInput(f"action: unknown action {action!r} (command, undo or redo)")
        except (BadInput, ConflictError) as e:
            ctx = _play_context(request, gid, token, as_)
            ctx["error"] = e
            return page(request, "play.html", status=409 if isinstance(e, ConflictError) else 422, **ctx)
        # The hot seat follows the game: back to whoever may act now (a seat
        # chosen with "Act as" stays chosen while it still may).
        stay = hot_seat_after(before, store.live(gid), as_) if as_ and ctx["hotseat"] else ""
        return RedirectResponse(f"/games/{gid}/play/{token}" + (f"?as={stay}" if stay else ""),
                                status_code=303)

    @app.get("/games/{ref}/play/{token}/live", summary="Has the game moved on since version v?",
             status_code=204, response_class=Response, responses={
                 200: {"model": LiveOut, "description": "It has: the latest step (and HX-Refresh: true, "
                                                         "which makes the play page reload); to an "
                                                         "EventSource (Accept: text/event-stream), the "
                                                         "stream of new steps (viewer/live.py)",
                       "content": {pushed.SSE: {"schema": {"type": "string"}}}},
                 204: {"description": "It has not: no body"},
                 **_page(404, 422), 503: pushed.STREAM_RESPONSES[503]})
    def play_live(request: Request, ref: str, token: str, v: int = Query(ge=0, le=MAX_INT)):
        gid = _game_id(request, ref)
        _play_context(request, gid, token)  # checks the token
        _store(request).tick(gid)
        if pushed.wants_stream(request):  # the play page's pushed updates; a poll gets one answer
            return pushed.stream_response(request, gid, v)
        head = _store(request).head_version(gid)
        if head != v:
            return JSONResponse({"version": head}, headers={"HX-Refresh": "true"})
        return Response(status_code=204)


def _may_change_note(request: Request, gid: UUID, note: str) -> None:
    """403 unless the one asking may edit or delete this note (a reviewer:
    only its own; an unknown note is the store's to report)."""
    who = who_of(request)
    if who.may("moderate"):
        return
    found = next((n for n in _store(request).notes.of(gid) if n["note"] == note), None)
    if found is not None and not who.may_change_note(found):
        raise StarletteHTTPException(403, f"note: written by {found['author']}; a reviewer edits "
                                          "and deletes only their own notes")


def _count_notes(store: Store, gid: UUID) -> int | None:
    try:
        return len(store.notes.of(gid))
    except BoardlogError:
        return None  # unreadable notes: the game can still be deleted


def _note_text(author: str, text: str) -> tuple[str, str]:
    """A note form's text fields, refused (naming the field) unless valid UTF-8."""
    return check_text("author", author), check_text("text", text)


def _games_with_error(request, page, message: str, form: dict | None = None, position: str = "") -> HTMLResponse:
    games, pages = _listed_games(request, "", "", 1)
    return page(request, "games.html", status=422, games=games, pages=pages, kind="", status_filter="",
                kinds=game_ids(), error=shorten(message), form=form or {}, position=position,
                **_games_context(request))


GAMES_PAGE = 50  # games a page of the games list shows


def _listed_games(request: Request, kind: str, status: str, number: int) -> tuple[list, dict]:
    """Page `number` of the games list, newest first, and its links.

    The games come from the variation tree's parent links (kept in the
    store, caught up with what was stored since: projections/tree.py),
    which hold each game's kind; only the rows shown are read from the
    store.  Every game's row, on every visit, cost 290-370 ms with the full
    bench's 1,002 games (issue #24).  A status filter reads rows, newest
    first, until its page is full."""
    catalogue = _store(request).catalogue
    origins = variation.tree_model(request).refresh()
    ids = [g for g, origin in reversed(origins.items()) if not kind or origin.kind == kind]
    skip = (number - 1) * GAMES_PAGE
    total: int | None = len(ids)
    if not status:
        games = [catalogue.summary(g) for g in ids[skip:skip + GAMES_PAGE]]
        more = len(ids) > skip + GAMES_PAGE
    else:
        games, more, total = [], False, None
        for g in ids:
            info = catalogue.summary(g)
            if info.status != status:
                continue
            if skip:
                skip -= 1
            elif len(games) == GAMES_PAGE:
                more = True
                break
            else:
                games.append(info)

    def link(n: int) -> str:
        return "/?" + urlencode({k: v for k, v in (("kind", kind), ("status", status)) if v} | {"page": n})
    first = (number - 1) * GAMES_PAGE + 1
    return games, {"first": first, "last": first + len(games) - 1, "total": total,
                   "newer": link(number - 1) if number > 1 else None, "older": link(number + 1) if more else None}


def _games_context(request: Request) -> dict:
    """What the games list shows beside the games: each kind's title and its
    options (the defaults, the play defaults of the form), and whose seat
    links this browser may reach."""
    kinds = {}
    for kind in game_ids():
        game = find_game(kind)
        defaults = {**game.options(None, {}), **game.PLAY_OPTIONS}
        kinds[kind] = {"title": game.TITLE, "players": game.PLAYER_COUNTS,
                       "options": " ".join(f"{k}={_option_text(v)}" for k, v in defaults.items() if k != "players"),
                       "help": getattr(game, "OPTION_HELP", {})}
    mine = set(made_here(request))
    return {"titles": kinds, "seats_for": lambda gid: who_of(request).may("manage") or gid.hex in mine}


def _option_text(value) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value)


MAX_KEPT_FIELD = 300  # a form field longer than this is not typed by hand: not echoed back


def form_words(message: str) -> str:
    """An engine error in the new-game form's words (the engine speaks the
    command line's: `--players`)."""
    return message.replace("--players", "players")


def _seat_links(store: Store, gid: UUID) -> dict[str, str]:
    return {seat: f"/games/{gid}/play/{token}" for seat, token in store.seats.tokens(gid).items()}


def _replay_context(request: Request, gid: UUID, step: int | None, by: str, seat: str | None) -> dict:
    store, replay = _store(request), request.app.state.replay
    live = store.live(gid)
    game, last = live.game, live.session.version
    idx = replay.index(gid)
    notice = ""
    if step is None:
        step = last
    elif not 1 <= step <= last:
        notice = f"step {step} is outside 1..{last}; showing step {min(max(step, 1), last)}"
        step = min(max(step, 1), last)
    by = by if by in BY else "command"
    seat, dropped = known_seat(live, seat)
    notice = "; ".join(n for n in (notice, dropped) if n)
    finished = game.outcome(live.session.state) is not None
    view_seat = seat_view(finished, seat)
    # The audit first: it reads the step before the command group, the
    # earliest step this page needs, and the rest fold on from there.
    # Every session the page shows, from one read of the store (projections/replay.py).
    first, group_last = idx.group(step)
    replay.prepare(gid, (first - 1, step - 1, step, group_last))
    step_audit = audit(replay, gid, step, view_seat)
    state = replay.session(gid, step).state
    board = replay.view(gid, step, view_seat)
    # Step 1 has nothing before it to compare with: highlight nothing there.
    before = replay.view(gid, step - 1, view_seat) if step > 1 else board
    prev, nxt = idx.neighbours(step, by)
    # The notes read once (one query, and the three figures from the same version):
    # the noted steps, this step's notes and the version the forms send back.
    notes = store.notes._fold(gid)
    noted = list(notes.by_step())
    return {
        # The game's line under its title: a whole page's only (a query for its creation time).
        "gid": gid, "info": None if _partial(request) else store.catalogue.info(gid), "game": game, "header": live.header, "step": step,
        "last": last, "by": by, "seat": view_seat, "seat_param": seat or "", "finished": finished,
        "board": board, "changed": changed_paths(before, board),
        "prev": prev, "next": nxt, "audit": step_audit,
        "lines": idx.lines, "group": (first, group_last), "index": idx, "turn": idx.turn_of(step),
        "noted_steps": noted, "step_notes": list(notes.by_step().get(step, ())), "notice": notice,
        "notes_version": notes.version,
        "outcome": game.outcome(state), "prompts": game.prompts(state),
        "plot": plots.chart_context(request, gid, step),  # public scores: the same for every seat
        # A finished game's computer analysis (None while it runs: its chances would reveal what is hidden).
        "analysis": analysis_pages.context(request, gid, finished, last),
        "variation_tree": lambda: variation.tree_of(request, gid),  # only a whole page draws it
    }


def _play_context(request: Request, gid: UUID, token: str, chosen: str = "",
                  action: str = "command", follow: bool = True) -> dict:
    store = _store(request)
    seat = store.seats.seat_of(gid, token)
    if seat is None:
        raise StarletteHTTPException(404, "no such play link: check the link you were given")
    live = store.live(gid)
    game, session = live.game, live.session
    to_act = game.to_act(session.state)
    hotseat = seat == HOT_SEAT
    acting = hot_seat_acts_for(live, action, chosen or None, follow) if hotseat else seat
    legal = game.legal_commands(session.state, acting) if acting in to_act else []
    pointing = choices(game, legal)
    return {
        "gid": gid, "game": game, "token": token, "seat": acting, "hotseat": hotseat,
        "chosen": chosen if hotseat and chosen == acting else "",
        "may_act": may_act(live), "prompts": game.prompts(session.state),
        "board": game.view(session.state, acting), "changed": set(),
        "pointing": pointing, "example": f"e.g. {pointing['commands'][0][0]}" if legal else "",
        "targets": {},
        **_undo_redo(live, acting, hotseat),
        "clock": countdown(game.clock(session.state, store.clock())),
        "version": session.version, "to_act": to_act, "outcome": game.outcome(session.state),
        "error": None, "info": store.catalogue.info(gid),
    }


def _undo_redo(live: Live, acting: str, hotseat: bool) -> dict:
    """Whether Undo and Redo may be used, and why not.  The hot seat takes
    back whoever's command is latest (one screen plays every seat)."""
    session = live.session
    undoer = hot_seat_acts_for(live, "undo") if hotseat else acting
    redoer = hot_seat_acts_for(live, "redo") if hotseat else acting
    whose = "" if undoer == acting else f"{undoer}'s "
    return {
        "can_undo": session.can_undo(undoer), "can_redo": session.can_redo(redoer),
        "undo_why": f"take back {whose or 'your '}latest command" if session.can_undo(undoer) else
        why_no_undo(session, undoer)[1],
        "redo_why": "play again what was taken back" if session.can_redo(redoer) else
        "nothing taken back is waiting to be played again",
    }


def countdown(clock: dict | None) -> dict | None:
    """A game's running deadline as the page shows it: who, the seconds left
    (counted down in the page by static/play.js), what happens then."""
    if not clock:
        return None
    now = utcnow()
    left = max(0, int((as_utc(datetime.fromisoformat(clock["deadline"])) - now).total_seconds()))
    return {**clock, "now": now.isoformat(), "left": f"{left // 60}:{left % 60:02d}"}


def _after_note(request, page, gid, step, by, seat, action) -> HTMLResponse:
    seat = seat if seat in _store(request).header(gid).seats else ""  # never reflected unknown
    by = by if by in BY else "command"
    error, status = None, 200
    try:
        action()
    except (BadInput, ConflictError) as e:
        error, status = shorten(str(e)), 409 if isinstance(e, ConflictError) else 422
    if not _partial(request) and error is None:
        return RedirectResponse(f"/games/{gid}?step={step}&by={by}" + (f"&seat={seat}" if seat else ""),
                                status_code=303)
    ctx = _replay_context(request, gid, step, by, seat or None)
    ctx["note_error"] = error
    # A partial answer brings the timeline too: a new note's mark shows at once.
    return page(request, "_stage_and_timeline.html" if _partial(request) else "replay.html", status=status, **ctx)


def _errors(app: FastAPI, templates: Jinja2Templates) -> None:
    def respond(request: Request, status: int, message: str, rule: str | None = None):
        message = shorten(message)
        if request.url.path.startswith("/api/"):
            body = {"detail": message}
            if rule:
                body["rule"] = rule
            return JSONResponse(body, status_code=status)
        return templates.TemplateResponse(request, "error.html", {"status": status, "message": message},
                                          status_code=status)

    @app.exception_handler(BoardlogError)
    async def _engine_error(request: Request, exc: BoardlogError):
        if isinstance(exc, RuleViolation):
            return respond(request, status_of(exc), exc.reason, exc.rule)
        return respond(request, status_of(exc), str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError):
        return respond(request, 422, validation_message(exc))

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException):
        message = exc.detail if exc.status_code != 404 or exc.detail != "Not Found" else \
            f"nothing at {shorten(request.url.path)}"
        return respond(request, exc.status_code, str(message))
