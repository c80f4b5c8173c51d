"""Computer analysis on the replay page of a finished game (issue #23).

The replay page of a finished game carries an "Analyse" button; pressing it
queues the analysis in the store (analysis/jobs.py).  While it runs the
page shows a progress bar that htmx refreshes every second from a small
partial (without JavaScript: a link to reload); once done, the page draws
every seat's chance of winning over the game beside the score charts, the
current step marked, puts each judged command's mark in the timeline and,
in the audit of a command, what the search preferred, with a button to try
it in a fork.

Only a finished game's analysis is ever shown: a running game's chances
would reveal what its seats cannot see, so every route here refuses a
running game (409), and the replay page of one shows nothing of it.  A
finished game's analysis is public like its replay.

On SQLite one worker runs beside the server (a daemon thread started with
the app, `ServerWorker`); on PostgreSQL the queue is worked by
`boardlog analyse --worker` processes, as many as the machines allow
(BOARDLOG_ANALYSIS_WORKER=1 runs one in the server there too, =0 none
anywhere).  An in-memory store keeps no analyses: the page says so and
offers no button; nothing else changes.

The `analysis` package is imported only when a page needs it, never by the
engine: the viewer is where the two meet.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine.core.errors import BadInput, BoardlogError
from engine.core.limits import MAX_INT
from projections.plots import colours
from viewer.api import ErrorOut
from viewer.auth import remember_made_here, who_of

from .pictures import text
from .shared import page_responses, store_of

_log = logging.getLogger(__name__)
router = APIRouter()
BY = ("event", "command", "turn")
IDLE = 30.0        # seconds the server's worker sleeps when nothing waits (a job another process queued is found this soon)
STOP_WAIT = 5.0    # seconds a stopping server waits for the position in hand; then the lease frees it
POLL = "every 1s"  # how often the progress bar asks again
MARK_NAMES = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}
PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
WIDTH, HEIGHT = 480, 120   # the chart's plotting area, in SVG units (as the score charts')
LEFT, TOP, BOTTOM = 34, 8, 18
RUNNING = ("the analysis of a running game is never shown: its chances would reveal what its seats "
           "cannot see; analyse it once it is over")


# ---- the store's analyses ---------------------------------------------------------------------
def analyses_of(request_or_app: Any):
    """The app's `Analyses` (made on first use), or None on a store that keeps none (in memory)."""
    app = getattr(request_or_app, "app", request_or_app)
    state = app.state
    found = getattr(state, "analyses", None)
    if found is None:
        from analysis.jobs import Analyses, AnalysisUnavailable

        try:
            found = Analyses(state.store)
        except AnalysisUnavailable:
            found = False
        state.analyses = found
    return found or None


def budget_of(request: Request):
    """The search budget of the Analyse button: the app's `analysis_budget`
    if set (tests make it tiny), else $BOARDLOG_ANALYSIS_SIMULATIONS lines per
    decision, else the search's default."""
    from analysis.search import Budget

    chosen = getattr(request.app.state, "analysis_budget", None)
    if chosen is not None:
        return chosen
    simulations = os.environ.get("BOARDLOG_ANALYSIS_SIMULATIONS", "").strip()
    return Budget(simulations=int(simulations)) if simulations.isdigit() and int(simulations) > 0 else Budget()


def forget(request: Request, gid: UUID) -> None:
    """A deleted game's analysis goes with it."""
    analyses = analyses_of(request)
    if analyses is not None:
        analyses.delete(gid)


def tag(request: Request, gid: UUID) -> tuple:
    """What of the analysis a replay page shows, for its ETag: a finished
    step's page changes when its analysis is asked for, moves on or ends."""
    analyses = analyses_of(request)
    if analyses is None:
        return ()
    p = _progress(request, analyses, gid)
    return (p.requested, p.status, p.done)


def _progress(request: Request, analyses, gid: UUID):
    """The game's analysis progress, read once per request (issue #24): the
    ETag's tag and the page it names then describe the same reading, and a
    step costs one query for it, not three."""
    read = request.scope.setdefault("boardlog.analysis_progress", {})
    p = read.get(gid)
    if p is None:
        p = read[gid] = analyses.progress(gid)
    return p


def with_analysis(request: Request, lines: Iterable[bytes]) -> Iterator[bytes]:
    """An export's lines with each finished game's analysis after its own."""
    from analysis.exchange import with_analyses

    return with_analyses(store_of(request), lines, analyses_of(request))


def import_file(request: Request, path: str, data: bytes) -> list[UUID]:
    """Import an export with the analyses it carries (the ids, a tree's root first)."""
    from analysis.exchange import import_with_analyses

    return import_with_analyses(store_of(request), path, data).games


# ---- the worker beside the server -------------------------------------------------------------
class ServerWorker:
    """Works the store's queue in a daemon thread of the server while there
    is work, then sleeps until woken (an Analyse pressed here) or `IDLE`
    seconds pass.  One position at a time, so that stopping waits for one
    position at most; a position abandoned at exit is taken again once its
    lease runs out (analysis/jobs.py), nothing half-written."""

    def __init__(self, store: Any, idle: float = IDLE):
        self.store, self.idle = store, idle
        self.stop_event, self.wake_event = threading.Event(), threading.Event()
        self.thread: threading.Thread | None = None
        self.judged = 0

    def start(self) -> None:
        self.thread = threading.Thread(target=self._run, name="boardlog-analysis", daemon=True)
        self.thread.start()

    def wake(self) -> None:
        self.wake_event.set()

    def stop(self, wait: float = STOP_WAIT) -> None:
        self.stop_event.set()
        self.wake_event.set()
        if self.thread is not None:
            self.thread.join(wait)

    def _run(self) -> None:
        from analysis.jobs import Analyses

        analyses = Analyses(self.store)  # its own: the search it keeps between positions is the worker's
        while not self.stop_event.is_set():
            try:
                judged = analyses.work(batch=1)
            except Exception:  # a failure of the store: say so, and try again later
                _log.exception("analysis worker")
                judged = 0
            self.judged += judged
            if not judged:
                self.wake_event.wait(self.idle)
                self.wake_event.clear()


def wants_worker(store: Any) -> bool:
    """Whether the server runs a worker: on SQLite (where one is all there
    should be) unless BOARDLOG_ANALYSIS_WORKER=0; elsewhere only with =1."""
    chosen = os.environ.get("BOARDLOG_ANALYSIS_WORKER", "").strip().lower()
    if chosen in ("0", "off", "no"):
        return False
    if chosen in ("1", "on", "yes"):
        return True
    return bool(getattr(store.db, "kind", "") == "sqlite")


def start_worker(app: Any) -> ServerWorker | None:
    """At the app's start: the worker beside the server, where it runs one."""
    store = app.state.store
    if not wants_worker(store) or analyses_of(app) is None:
        return None
    worker = app.state.analysis_worker = ServerWorker(store)
    worker.start()
    return worker


def waiting_for_worker(request: Request) -> bool:
    """Nothing in this server works the queue (PostgreSQL: worker processes do)."""
    return getattr(request.app.state, "analysis_worker", None) is None


# ---- what the replay page shows ---------------------------------------------------------------
@dataclass(frozen=True)
class ChanceLine:
    seat: str
    colour: str
    points: str      # SVG polyline points
    last: float      # the seat's chance after the last command judged


@dataclass(frozen=True)
class MarkDot:
    x: float
    y: float
    mark: str
    step: int
    seat: str
    played: str
    colour: str


@dataclass(frozen=True)
class ChanceChart:
    """Every seat's chance of winning after each command, laid out for
    the replay page's stage (viewer/stage.py); x runs over the game's steps, y over 0..100 %."""

    lines: tuple[ChanceLine, ...]
    marks: tuple[MarkDot, ...]
    last: int        # the game's last step (the x axis' end)
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    top: int = TOP
    bottom: int = BOTTOM

    def x_of(self, step: int) -> float:
        return round(LEFT + WIDTH * (step - 1) / max(1, self.last - 1), 1)

    @property
    def panel_height(self) -> int:
        return TOP + HEIGHT + BOTTOM

    @property
    def ticks(self) -> tuple[tuple[float, int], ...]:
        """A few steps under the axis: the first, the last, three between."""
        steps = sorted({1, self.last, *(1 + (self.last - 1) * k // 4 for k in (1, 2, 3))})
        return tuple((self.x_of(s), s) for s in steps)


def _y(chance: float) -> float:
    return round(TOP + HEIGHT * (1 - chance), 1)


def chance_chart(analysis: Any, last: int) -> ChanceChart:
    chart = ChanceChart((), (), last)
    series = analysis.chart()
    seats = list(series)
    palette = dict(zip(seats, colours(seats), strict=True))
    lines = tuple(ChanceLine(seat, palette[seat], " ".join(f"{chart.x_of(s)},{_y(c)}" for s, c in points),
                             points[-1][1] if points else 0.0)
                  for seat, points in series.items())
    marks = tuple(MarkDot(chart.x_of(j.step), _y(j.after), j.mark, j.step, j.seat, j.played,
                          palette.get(j.seat, "#333"))
                  for j in analysis.judged if j.mark)
    return ChanceChart(lines, marks, last)


def tally(analysis: Any) -> str:
    """"2 inaccuracies (?!), 1 mistake (?), 0 blunders (??) in 40 commands"."""
    counts = {m: sum(1 for j in analysis.judged if j.mark == m) for m in MARK_NAMES}
    said = ", ".join(f"{n} {name if n == 1 else PLURALS[name]} ({m})"
                     for (m, name), n in zip(MARK_NAMES.items(), counts.values(), strict=True))
    return f"{said} in {len(analysis.judged)} commands judged"


def register(env: Any) -> None:
    """The names the analysis' templates use."""
    env.globals.update(mark_names=MARK_NAMES)


class _Kept:
    """The latest analysis drawn per game, reused while it is the same one
    (its request time and how far it has come name it)."""

    def __init__(self, limit: int = 32):
        self.limit = limit
        self.entries: dict[UUID, tuple[tuple, dict[str, Any]]] = {}
        self.lock = threading.Lock()

    def get(self, gid: UUID, key: tuple) -> dict[str, Any] | None:
        with self.lock:
            found = self.entries.get(gid)
            return found[1] if found and found[0] == key else None

    def put(self, gid: UUID, key: tuple, value: dict[str, Any]) -> None:
        with self.lock:
            self.entries.pop(gid, None)
            while len(self.entries) >= self.limit:
                self.entries.pop(next(iter(self.entries)))
            self.entries[gid] = (key, value)


def _kept(request: Request) -> _Kept:
    state = request.app.state
    if getattr(state, "analysis_kept", None) is None:
        state.analysis_kept = _Kept()
    return state.analysis_kept


def context(request: Request, gid: UUID, finished: bool, last: int) -> dict[str, Any] | None:
    """What the replay page shows of the analysis (None: nothing, a running game)."""
    if not finished:
        return None
    analyses = analyses_of(request)
    if analyses is None:
        return {"status": "unavailable"}
    progress = _progress(request, analyses, gid)
    out: dict[str, Any] = {"status": progress.status, "progress": progress,
                           "waiting": waiting_for_worker(request) and progress.done == 0}
    if progress.status != "done":
        return out
    key = (progress.requested, progress.done, last)
    drawn = _kept(request).get(gid, key)
    if drawn is None:
        analysis = analyses.load(gid)
        if analysis is None:  # asked for again meanwhile
            return {**out, "status": "queued"}
        drawn = {"chart": chance_chart(analysis, last), "by_step": {j.step: j for j in analysis.judged},
                 "marks": analysis.marks(),
                 "tally": tally(analysis),
                 "budget": analysis.budget, "seed": analysis.seed}
        _kept(request).put(gid, key, drawn)
    return {**out, **drawn}


# ---- routes -----------------------------------------------------------------------------------
def _finished_game(request: Request, ref: str) -> UUID:
    """The game's id, or 409 if it is still running (its analysis is never shown)."""
    store = store_of(request)
    gid = store.catalogue.resolve(ref)
    live = store.live(gid)
    if live.game.outcome(live.session.state) is None:
        raise StarletteHTTPException(409, RUNNING)
    return gid


def _hx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def _query(step: int | None, by: str, seat: str, known: tuple[str, ...]) -> dict[str, Any]:
    """The replay page's query as given, an unknown seat dropped (never reflected)."""
    return {"step": step, "by": by if by in BY else "command", "seat_param": seat if seat in known else ""}


def replay_url(gid: UUID, q: dict[str, Any]) -> str:
    return (f"/games/{gid}?" + (f"step={q['step']}&" if q["step"] else "") + f"by={q['by']}"
            + (f"&seat={q['seat_param']}" if q["seat_param"] else ""))


@router.post("/games/{ref}/analysis", response_class=HTMLResponse, status_code=303,
             summary="Ask for the computer analysis of a finished game (queued; the replay page shows "
                     "its progress)", responses=page_responses(303, 404, 409))
def analysis_request(request: Request, ref: str, step: int | None = Form(None, ge=1, le=MAX_INT),
                     by: str = Form("command"), seat: str = Form("")):
    gid = _finished_game(request, ref)
    analyses = analyses_of(request)
    if analyses is None:
        raise StarletteHTTPException(409, "this store keeps no analyses (it is in memory): serve a SQLite "
                                          "or PostgreSQL store to analyse games")
    # One analysis a game: asking again while one is queued or done changes
    # nothing (a double click, two reviewers); one that failed is asked again.
    if analyses.progress(gid).status in ("none", "failed"):
        analyses.request(gid, budget_of(request))
    worker = getattr(request.app.state, "analysis_worker", None)
    if worker is not None:
        worker.wake()
    q = _query(step, by, seat, tuple(store_of(request).header(gid).seats))
    if _hx(request):
        return _progress_response(request, gid, q)
    return RedirectResponse(replay_url(gid, q) + "#analysis", status_code=303)


@router.get("/games/{ref}/analysis/progress", response_class=HTMLResponse,
            summary="How far a finished game's analysis has come (the replay page's progress bar)",
            responses={**page_responses(404, 409),
                       286: {"description": "Done or failed: htmx stops asking (HX-Refresh reloads the "
                                            "page, which then shows the analysis)", "content": {"text/html": {}}}})
def analysis_progress(request: Request, ref: str, step: int | None = Query(None, ge=1, le=MAX_INT),
                      by: str = "command", seat: str = ""):
    gid = _finished_game(request, ref)
    seats = tuple(store_of(request).header(gid).seats)
    return _progress_response(request, gid, _query(step, by, seat, seats))


def _progress_response(request: Request, gid: UUID, q: dict[str, Any]) -> Response:
    store = store_of(request)
    live = store.live(gid)
    analysis = context(request, gid, True, live.session.version)
    response = HTMLResponse(progress_html(gid, analysis, q["step"], q["by"], q["seat_param"]))
    response.headers["Cache-Control"] = "no-store"
    if analysis["status"] in ("done", "failed", "none"):
        # 286 stops htmx's polling; the page reloads to draw the chart and the marks.
        response.status_code = 286 if _hx(request) else 200
        if _hx(request) and analysis["status"] == "done":
            response.headers["HX-Refresh"] = "true"
    return response


def progress_html(gid: UUID, analysis: dict[str, Any], step: int | None, by: str, seat_param: str) -> str:
    """The analysis' progress bar, in the replay page's stage (viewer/stage.py)
    and as the partial htmx asks for every second while the analysis runs;
    once it is done that answer reloads the page (HX-Refresh), which draws
    the chart.  Without JavaScript: a link to reload.  `step` None: the
    page's latest."""
    status = analysis["status"]
    query = (f"step={step}&" if step else "") + f"by={by}" + (f"&seat={seat_param}" if seat_param else "")
    back = text(f"/games/{gid}?{query}")
    out = [f'\n<div class="analysis-progress" id="analysis-progress" role="status" data-status="{text(status)}"']
    if status == "queued":
        out.append(f' hx-get="/games/{text(gid)}/analysis/progress?{text(query)}" hx-trigger="{POLL}" '
                   'hx-target="this" hx-swap="outerHTML" hx-push-url="false"')
    out.append(">\n  ")
    if status == "queued":
        done, total = text(analysis["progress"].done), text(analysis["progress"].total)
        waiting = " — waiting for a worker (<code>boardlog analyse --worker</code>)" if analysis.get("waiting") else ""
        out.append(f'\n  <progress max="{total}" value="{done}">{done} / {total}</progress>\n'
                   f'  <span id="analysis-count">{done} of {total} commands judged</span>{waiting}\n'
                   f'  · <a href="{back}#analysis">reload</a>\n  ')
    elif status == "done":
        out.append(f'\n  The analysis is done: <a href="{back}#analysis">reload the page</a> to see it.\n  ')
    elif status == "failed":
        out.append(f'\n  The analysis stopped: {text(analysis["progress"].error)} · <a href="{back}#analysis">'
                   "reload</a>\n  ")
    else:
        out.append(f'\n  No analysis of this game (it was deleted) · <a href="{back}#analysis">reload</a>\n  ')
    out.append("\n</div>")
    return "".join(out)


API_ERRORS = {code: {"model": ErrorOut, "description": why} for code, why in (
    (401, "Sign-in needed (a viewer served to others)"), (403, "Not allowed"), (404, "No such game"),
    (409, "The game is still running (its analysis is never shown), or the store keeps no analyses"),
    (413, "The request is larger than its limit"), (422, "A malformed parameter"))}


@router.get("/api/games/{ref}/analysis", tags=["api"], responses=API_ERRORS,
            summary="A finished game's computer analysis: its progress, and what is judged so far")
def analysis_data(request: Request, ref: str) -> dict[str, Any]:
    gid = _finished_game(request, ref)
    analyses = analyses_of(request)
    if analyses is None:
        raise StarletteHTTPException(409, "this store keeps no analyses (it is in memory)")
    p = analyses.progress(gid)
    found = analyses.load(gid, partial=True) if p.status != "none" else None
    return {"status": p.status, "done": p.done, "total": p.total, "error": p.error,
            "analysis": found.to_data() if found else None}


@router.post("/games/{ref}/analysis/fork", response_class=HTMLResponse, status_code=303,
             summary="Try the command the analysis preferred: a fork at the step before the command "
                     "played, then the preferred command", responses=page_responses(303, 404, 409, 422))
def analysis_try(request: Request, ref: str, step: int = Form(..., ge=2, le=MAX_INT)):
    if not who_of(request).may("manage"):  # the guard lets any reader post here: forking is an operator's
        raise StarletteHTTPException(403, "fork: only an operator starts a game from another")
    gid = _finished_game(request, ref)
    analyses = analyses_of(request)
    analysis = analyses.load(gid) if analyses is not None else None
    judged = next((j for j in analysis.judged if j.step == step), None) if analysis else None
    if judged is None:
        raise StarletteHTTPException(404, f"step {step}: no command judged there by the analysis of this game")
    store = store_of(request)
    # The fork ends where the command played began; the preferred command goes in its place.
    new, _ = store.catalogue.fork(gid, step - 1, name=f"analysis: {judged.best}"[:60])
    try:
        store.issue(new, judged.seat, judged.best)
    except BoardlogError as e:  # the rules have changed since the analysis: the fork stays, said so
        raise BadInput(f"the fork {new} was made, but {judged.seat}'s {judged.best!r} is refused there: {e}") from None
    target = f"/games/{new}/seats?asked={step - 1}"
    response = RedirectResponse(target, status_code=303)
    response.headers["HX-Redirect"] = target
    remember_made_here(response, request, new)
    return response
