"""Plots in the viewer: the replay's score chart (a partial of the step
page) and the figures of a game kind at `/kinds/{kind}` (the read models
are `projections.plots`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any
from uuid import UUID

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup, escape
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


# The chart is the same on every step of a game but for its marker (issue #24):
# `_plot.html` is drawn once per chart with these stand-ins where the marker's
# turn and x go, and each step puts its own in (a chart is immutable: a game
# that grows gets a new one, hence a new drawing).
_AT_X, _AT_TURN = "\x02plot-marker-x\x03", "\x02plot-marker-turn\x03"
_DRAWN_CHARTS = 64
_drawn: OrderedDict[int, tuple[Any, bool, str]] = OrderedDict()
_drawn_lock = threading.Lock()


def plot_drawn(env, plot: dict[str, Any] | None) -> Markup:
    """`_plot.html` for this step's `plot` (chart_context), the chart drawn
    once; `env` the app's Jinja environment (the replay page's stage,
    viewer/stage.py, calls it)."""
    if not plot or plot.get("chart") is None:
        return Markup(env.get_template("_plot.html").render(plot=plot))
    chart, pending = plot["chart"], bool(plot.get("pending"))
    with _drawn_lock:
        kept = _drawn.get(id(chart))
        if kept is not None and kept[0] is chart and kept[1] == pending:
            _drawn.move_to_end(id(chart))
            text = kept[2]
        else:
            text = None
    if text is None:
        text = env.get_template("_plot.html").render(plot={**plot, "marker_x": _AT_X, "marker_turn": _AT_TURN})
        with _drawn_lock:
            _drawn[id(chart)] = (chart, pending, text)
            while len(_drawn) > _DRAWN_CHARTS:
                _drawn.popitem(last=False)
    return Markup(text.replace(_AT_X, str(escape(plot["marker_x"]))).replace(_AT_TURN, str(escape(plot["marker_turn"]))))


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
