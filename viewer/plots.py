"""Plots in the viewer: the replay's score chart (a partial of the step
page) and the figures of a game kind at `/kinds/{kind}` (the read models
are `projections.plots`)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine.core.game import find_game, game_ids
from projections.plots import Plots, bars, kind_stats

from .rule_search import rule_index_of
from .shared import page_responses, replay_of, store_of

router = APIRouter()


def plots_of(request: Request) -> Plots:
    """The app's chart cache (made on first use, over the app's replay caches)."""
    state = request.app.state
    if getattr(state, "plots", None) is None:
        state.plots = Plots(replay_of(request))
    return state.plots


def chart_context(request: Request, gid: UUID, step: int) -> dict[str, Any] | None:
    """What `_plot.html` draws: the game's chart and where the marker goes
    (None: the game scores nothing, so no chart)."""
    chart, pending = plots_of(request).look(gid)
    if chart is None:
        return {"chart": None, "pending": True} if pending else None
    position, number = chart.position_of(step)
    return {"chart": chart, "pending": pending, "marker_x": chart.x_of(position), "marker_turn": number}


@router.get("/kinds/{kind}", response_class=HTMLResponse,
            summary="Figures of a game kind: outcomes, game lengths, the rules most often fired",
            responses=page_responses(404))
def kind_page(request: Request, kind: str):
    if kind not in game_ids():
        raise StarletteHTTPException(404, f"no game kind {kind[:80]!r}; known: {', '.join(game_ids())}")
    stats = kind_stats(store_of(request), kind, rule_index_of(request))
    return request.app.state.templates.TemplateResponse(
        request, "kind.html",
        {"game": find_game(kind), "stats": stats,
         "bars": {name: bars(h) for name, h in stats.histograms.items()}})
