"""The variation tree beside the replay timeline: the main line and its
forks, naming a line, and exporting a game with all its forks.

The tree's links keep the step being looked at: the replay page asks for
the partial again (`/games/{id}/tree`, with the slider's step) whenever
htmx swaps the stage to another step, and without JavaScript every page
load renders it with the page's own step.
"""

from __future__ import annotations

import threading
from uuid import UUID

from fastapi import APIRouter, Form, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine.core.interchange import export_games_lines
from engine.core.limits import MAX_INT
from projections.tree import Line, VariationTree
from viewer.auth import who_of

from . import analysis_pages
from .shared import page_responses, store_of

router = APIRouter()
BY = ("event", "command", "turn")


def tree_model(request: Request) -> VariationTree:
    """The app's parent links (read once, then caught up from the log)."""
    return tree_model_of(request.app.state)


_MADE = threading.Lock()


def tree_model_of(state) -> VariationTree:
    """The app state's `VariationTree`, made once (a page and the start-up's
    read of the links must share it)."""
    with _MADE:
        if getattr(state, "variation_tree", None) is None:
            state.variation_tree = VariationTree(state.store)
        return state.variation_tree


def tree_of(request: Request, gid: UUID) -> Line:
    """`gid`'s tree, drawn once per request (the page's ETag and the page use it)."""
    drawn = getattr(request.state, "variation_trees", None)
    if drawn is None:
        drawn = request.state.variation_trees = {}
    if gid not in drawn:
        drawn[gid] = tree_model(request).tree(gid)
    return drawn[gid]


def fingerprint(request: Request, gid: UUID) -> tuple:
    """What of the tree a page shows, for its ETag: lines, names, lengths, status."""
    return tuple((str(ln.id), ln.name, ln.length, ln.status) for ln in tree_of(request, gid).walk())


def _may_manage(request: Request) -> None:
    # The sign-in guard lets any reader post here: naming is an operator's, like forking.
    if not who_of(request).may("manage"):
        raise StarletteHTTPException(403, "name: only an operator names or renames a line")


def _back(gid: UUID, step: int | None, by: str, seat: str) -> str:
    by = by if by in BY else "command"
    return f"/games/{gid}?" + (f"step={step}&" if step else "") + f"by={by}" + (f"&seat={seat}" if seat else "")


@router.get("/games/{ref}/tree", response_class=HTMLResponse, summary="The variation tree of a game (partial)",
            responses=page_responses(404))
def tree_partial(request: Request, ref: str, step: int = Query(1, ge=-MAX_INT, le=MAX_INT),
                 by: str = "command", seat: str = ""):
    store = store_of(request)
    gid = store.catalogue.resolve(ref)
    seat = seat if seat in store.header(gid).seats else ""  # never reflected unknown
    return request.app.state.templates.TemplateResponse(
        request, "_tree.html", {"gid": gid, "step": max(1, step), "by": by if by in BY else "command",
                                "seat_param": seat, "tree": tree_of(request, gid)})


@router.post("/games/{ref}/name", response_class=HTMLResponse, summary="Name or rename a line of the tree",
             responses=page_responses(303, 400, 404, 409))
def name_line(request: Request, ref: str, name: str = Form(""),
              step: int | None = Form(None, ge=-MAX_INT, le=MAX_INT), by: str = Form("command"),
              seat: str = Form("")):
    _may_manage(request)
    store = store_of(request)
    gid = store.catalogue.resolve(ref)
    store.catalogue.name_fork(gid, name)  # BadInput (422) names the field
    seat = seat if seat in store.header(gid).seats else ""
    return RedirectResponse(_back(gid, step, by, seat), status_code=303)


@router.get("/games/{ref}/export-tree", summary="Download a game with all its forks as .jsonl",
            response_class=Response, responses={
                200: {"description": "the tree's games, after a container header line (README: export format)",
                      "content": {"application/x-ndjson": {"schema": {"type": "string"}}}},
                **page_responses(403, 404)})
def export_tree(request: Request, ref: str):
    store = store_of(request)
    gid = store.catalogue.resolve(ref)
    tree = tree_of(request, gid)
    running = [ln for ln in tree.walk() if ln.status != "finished"]
    if running:
        # An export holds seeds and hidden orders: the same rule as one game's.
        raise StarletteHTTPException(403, f"a running game cannot be exported from the viewer (it would "
                                          f"reveal hidden information): {running[0].id} is still running")
    lines = export_games_lines(store, [ln.id for ln in tree.walk()])
    return Response(b"".join(analysis_pages.with_analysis(request, lines)), media_type="application/x-ndjson",
                    headers={"Content-Disposition": f'attachment; filename="{tree.id}-tree.jsonl"'})
