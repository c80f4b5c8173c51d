"""What the play pages and the JSON API share: where the store and the read
models are, and who acts.

A seat's secret token acts for that seat.  The hot-seat token ("*") acts
for whichever seat the players at one screen pick among those that may act
now (the game's turn first); undo and redo fall to the seat whose command
it is.  The system seat is never anyone's to act for.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import orjson
from fastapi import Request
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup, escape

from engine.core.context import SYSTEM
from engine.core.errors import BadInput
from engine.core.records import Live
from engine.core.store import Store
from projections.replay import Replay

HOT_SEAT = "*"  # seat_tokens key of the token that plays every seat at one screen


def store_of(request: Request) -> Store:
    return request.app.state.store


def replay_of(request: Request) -> Replay:
    """The app's read models (made here when the API router runs on its own)."""
    state = request.app.state
    if getattr(state, "replay", None) is None:
        state.replay = Replay(store_of(request))
        state.steps = state.replay.steps
    return state.replay


def delete_game(request: Request, game_id: UUID) -> None:
    """Delete a game from the store, and drop the viewer's step checkpoints
    and index of it, so that a game imported again under the same id is
    read afresh (the store forgets its own caches itself), and its analysis."""
    store_of(request).catalogue.delete_game(game_id)
    replay = getattr(request.app.state, "replay", None)
    if replay is not None:
        replay.forget(game_id)
    # What else the app keeps of a game (its computer analysis: the engine
    # knows nothing of analyses) is forgotten by whoever keeps it.
    for forget in getattr(request.app.state, "forget_on_delete", ()):
        forget(request, game_id)


def may_act(live: Live) -> tuple[str, ...]:
    """The player seats that may act now (turn first, then reactions)."""
    return tuple(s for s in live.game.to_act(live.session.state) if s != SYSTEM)


def hot_seat_acts_for(live: Live, action: str = "command", chosen: str | None = None,
                      follow: bool = True) -> str:
    """The seat the hot-seat token acts for: for undo/redo the seat whose
    command it is; else `chosen` ("Act as") while it may act; else the first
    seat that may act (the turn's).  Without `follow` (a command being sent
    as `chosen`), `chosen` it is: the store says why it may not act."""
    if chosen and chosen not in live.header.seats:
        raise BadInput(f"as: {chosen!r} is not a seat of this game "
                       f"(seats: {', '.join(live.header.seats)})")
    s = live.session
    if action == "undo" and s.undo:
        return s.undo[-1].seat
    if action == "redo" and s.redo:
        return s.redo[-1].seat
    seats = may_act(live)
    # The seat chosen with "Act as", for as long as it may act; then the game
    # moves on and the hot seat follows it (never stuck on who just acted).
    if chosen and (chosen in seats or not follow or not seats):
        return chosen
    # Nobody to act (game over): any seat will do; the store says why it refuses.
    return seats[0] if seats else live.header.seats[0]


def hot_seat_after(before: tuple[str, ...], live: Live, acted: str) -> str:
    """The seat the hot seat shows after `acted` sent a command ("" for the
    game's first seat): it stays while it may still act, unless it was the
    turn's seat and the turn has passed on -- a team that may still react
    (Brutality's relic cards) is not the one whose turn it now is."""
    after = may_act(live)
    if acted not in after:
        return ""
    if before[:1] == (acted,) and after[:1] != (acted,):
        return ""
    return acted


# ---- OpenAPI: what a page can answer -------------------------------------------------------
HTML = {"text/html": {"schema": {"type": "string"}}}
PAGE_WHY = {
    303: "Done: see the page it leads to (on a served viewer, a page asked for without "
         "signing in leads to /signin)",
    400: "The body could not be parsed",
    401: "Sign-in needed (a viewer served to others), or a wrong name or password",
    403: "Not allowed (the page says why: a reviewer's limits, a cross-site form, ...)",
    404: "No such game, rule table or play link",
    409: "Another writer stored first; nothing was stored",
    413: "The request body is larger than its limit (64 KB; 10 MB for an import)",
    422: "A field is malformed or out of bounds (the page names the field and why)",
}


def page_responses(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI `responses` of a page: its errors are pages too (text/html)."""
    return {code: {"description": PAGE_WHY[code], **({} if code == 303 else {"content": HTML})}
            for code in sorted({*codes, 303, 401, 403, 413, 422})}


def fast_tojson(value: Any) -> Markup:
    """Jinja's `tojson`, the same HTML-safe JSON (`<`, `>`, `&` and `'`
    escaped as \\u sequences), with a fast path for a single value: a
    step's "what changed" table prints a few hundred leaves, and the
    standard library's encoder made that a third of drawing a set-up step.
    A list or dict keeps Jinja's spaced layout (easier to read)."""
    return Markup(_json_text(value))


# json.dumps's own C encoder, made once and without the check for cycles (a
# record's data is parsed JSON: it has none): a fifth less than json.dumps
# for a set-up's facts, which print 19 kB of it (issue #24).
_dumps = json.JSONEncoder(check_circular=False).encode


_LEAVES = (str, int, float, bool)
_WORDS = {None: "null", True: "true", False: "false"}


def _leaf_json(value: Any) -> str:
    """`fast_tojson` of a single value (None, str, int, float, bool), as a
    plain string: a "what changed" table prints two per row."""
    if value is None or type(value) is bool:
        return _WORDS[value]
    try:
        text = orjson.dumps(value).decode()
    except TypeError:  # an integer beyond 64 bits
        return str(htmlsafe_json_dumps(value))
    if type(value) is str:  # only a string can hold a character HTML reads
        text = (text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
                .replace("'", "\\u0027"))
    return text


def _json_text(value: Any) -> str:
    """`fast_tojson` as a plain string: a "what changed" row joins two of
    them without making a Markup of each."""
    if value is None or type(value) in _LEAVES:
        return _leaf_json(value)
    return str(htmlsafe_json_dumps(value, dumps=_dumps))


def audit_changes(audit) -> Markup:
    """The rows of an audit's "What changed" table, written once per audit:
    an audit (projections/replay.py) is kept for its command group and
    never changes, and every step of the group shows the same table (up to
    120 rows of escaped paths and JSON leaves, most of a step's escaping)."""
    rows = audit.__dict__.get("_rows_html")
    if rows is None:
        rows = audit._rows_html = Markup("".join(
            f"<tr><th>{escape(path)}</th><td>{_json_text(a)}</td><td>→</td><td>{_json_text(b)}</td></tr>"
            for path, a, b in audit.changes))
    return rows


def fact_json(fact) -> Markup:
    """An audit fact's data as the page prints it (`tojson`), once per fact:
    a set-up's facts carry whole card lists, and every step of the set-up
    printed them all again."""
    drawn = fact.__dict__.get("_data_json")
    if drawn is None:
        drawn = fact._data_json = fast_tojson(fact.data)
    return drawn
