"""Rule search pages: every time a rule fired, across the stored games
(the read model is `projections.rule_index`)."""

from __future__ import annotations

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine.core.errors import RuleSearchUnavailable
from engine.core.game import find_game, game_ids
from engine.core.limits import MAX_INT
from projections.rule_index import LISTING_PAGE, RuleCount, RuleIndex

from .shared import page_responses, store_of

router = APIRouter()


def rule_index_of(request: Request) -> RuleIndex | None:
    """The app's rule index (None on an in-memory store, which has no SQL to keep it in)."""
    state = request.app.state
    if not hasattr(state, "rule_index"):
        try:
            state.rule_index = RuleIndex(store_of(request))
        except RuleSearchUnavailable:
            state.rule_index = None
    return state.rule_index


def rule_counts(request: Request, kind: str) -> dict[str, RuleCount] | None:
    """How often each rule of `kind` fired (None: rule search is unavailable)."""
    index = rule_index_of(request)
    return index.counts(kind) if index is not None else None


@router.get("/rules/{kind}/{rule}", response_class=HTMLResponse,
            summary="Every time a rule fired in the stored games, newest first",
            responses=page_responses(404))
def rule_occurrences(request: Request, kind: str, rule: str,
                     page: int = Query(1, ge=1, le=MAX_INT // LISTING_PAGE)):
    if kind not in game_ids():
        raise StarletteHTTPException(404, f"no game kind {kind[:80]!r}; known: {', '.join(game_ids())}")
    game = find_game(kind)
    ref = game.RULES.get(rule)
    if ref is None:
        raise StarletteHTTPException(404, f"rule {rule[:80]!r} is not in the {kind} rule table")
    index = rule_index_of(request)
    found, total = index.occurrences(kind, rule, page) if index is not None else ([], 0)
    pages = max(1, -(-total // LISTING_PAGE))
    games = len({o.game_id for o in found})
    return request.app.state.templates.TemplateResponse(
        request, "rule_occurrences.html",
        {"game": game, "ref": ref, "found": found, "total": total, "page": page, "pages": pages,
         "available": index is not None, "games_on_page": games})
