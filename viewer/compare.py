"""Compare two steps, and share one (issue 14, items 4 and 6).

`/games/{id}/compare?a=STEP&b=STEP[&b_game=ID][&seat=S]` shows two boards
side by side, each outlined where they differ, and the list of changed
paths under them; `/games/{id}/board.svg?step=N[&seat=S]` downloads the
board at a step as a standalone SVG file.  Both decide what may be seen
exactly as the replay page does (`known_seat`, `seat_view`): a running
game shows only what every seat may see.  The comparison itself
(`compare_steps`) is projections/compare.py's, which `boardlog compare`
prints without importing the web framework.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from uuid import UUID

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, Response

from engine.core import position as positions
from engine.core.errors import BadInput
from engine.core.game import GameModule
from engine.core.limits import MAX_INT
from engine.core.store import Store
from projections.compare import checked_step, compare_steps, known_seat, seat_view, view_name
from projections.replay import changed_paths
from viewer.bounds import board_template
from viewer.drawings import drawings_layer, overlay, with_overlay

from .shared import page_responses, replay_of, store_of

router = APIRouter()

MAX_ROWS_SHOWN = 300  # a set-up step against the last differs in thousands of leaves


# ---- the compare page ---------------------------------------------------------------------------
@router.get("/games/{ref}/compare", response_class=HTMLResponse,
            summary="Two steps side by side (of one game, or of a game and a fork of it)",
            responses=page_responses(404))
def compare_page(request: Request, ref: str, a: int = Query(ge=-MAX_INT, le=MAX_INT, description="a step of this game"),
                 b: int = Query(ge=-MAX_INT, le=MAX_INT, description="a step of b_game (default: this game)"),
                 b_game: str = Query("", description="another game of the same kind (id or a "
                                                     "4+ character prefix); default: this game"),
                 seat: str = ""):
    store = store_of(request)
    gid = store.catalogue.resolve(ref)
    cmp = compare_steps(store, replay_of(request), gid, a, b, b_game or None, seat or None)
    return request.app.state.templates.TemplateResponse(
        request, "compare.html",
        {"cmp": cmp, "game": cmp.game,
         "rows": cmp.changes[:MAX_ROWS_SHOWN], "targets": {}})


# ---- the board as a file ------------------------------------------------------------------------
SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)
# What the page gives a board that a file must carry itself: the body's font
# size and ink colour (texts without their own inherit them), and no box
# around changed shapes (the page's `.changed` outline is for HTML rows).
FILE_CSS = ("svg { font-size: 15px; line-height: 1.45; color: #1a202c; } "
            ".changed { outline: none; } a { cursor: default; }")
CAPTION = 22  # viewBox units added under the board for the caption
SVG_OF = re.compile(r"<svg\b.*</svg>", re.S)  # from the first <svg to the last </svg>: the outer one


def standalone_svg(fragment: str, caption: str) -> bytes:
    """The board's <svg> element (as a board template renders it) made a file
    of its own: explicit width, height and viewBox, a white background, the
    style it needs embedded, and a caption under it.  No external references:
    a converter can turn it into a PNG as it is."""
    found = SVG_OF.search(fragment)
    if found is None:
        raise BadInput("step: this game's board picture is not an SVG (its view is shown as a table)")
    root = ET.fromstring(found.group(0))
    x, y, w, h = (float(v) for v in root.get("viewBox", "0 0 600 400").replace(",", " ").split())
    height = h + CAPTION
    root.set("viewBox", f"{x:g} {y:g} {w:g} {height:g}")
    root.set("width", f"{w:g}")
    root.set("height", f"{height:g}")
    root.attrib.pop("style", None)  # the page's max-width
    root.set("font-family", root.get("font-family", "system-ui, sans-serif"))
    style = ET.Element(f"{{{SVG_NS}}}style")
    style.text = FILE_CSS
    background = ET.Element(f"{{{SVG_NS}}}rect", {"x": f"{x:g}", "y": f"{y:g}", "width": f"{w:g}",
                                                   "height": f"{height:g}", "fill": "#ffffff"})
    root.insert(0, background)
    root.insert(0, style)
    text = ET.SubElement(root, f"{{{SVG_NS}}}text", {"x": f"{x + 6:g}", "y": f"{y + h + 15:g}",
                                                      "font-size": "12", "fill": "#4a5568",
                                                      "class": "caption"})
    text.text = caption
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8",
                                                                   xml_declaration=False)


def board_at(request: Request, gid: UUID, step: int, seat: str | None,
             notes: list | None = None) -> tuple[GameModule, str, str]:
    """The board at `step` as the replay page shows it (what changed at the
    step outlined), rendered by the game's board template, with the arrows
    and circles of `notes` drawn on top; and the view's name."""
    store, replay = store_of(request), replay_of(request)
    live = store.live(gid)
    checked_step("step", step, live)
    seat, _ = known_seat(live, seat)
    view = seat_view(live.game.outcome(live.session.state) is not None, seat)
    game = live.game
    board = game.view(replay.session(gid, step).state, view)
    before = game.view(replay.session(gid, step - 1).state, view) if step > 1 else board
    env = request.app.state.templates.env
    html = env.get_template(board_template(game, board)).render(
        board=board, changed=changed_paths(before, board), game=game, targets={})
    drawn = overlay(game, board, notes) if notes else None
    if drawn:  # the same layer the replay page draws (viewer/drawings.py)
        html = str(with_overlay(html, drawings_layer(drawn)))
    return game, html, view_name(view, short=True)  # a caption under a narrow board


def drawn_notes(store: Store, gid: UUID, step: int, note: str) -> list:
    """The notes whose shapes a downloaded board carries: the one named by
    `note` (a shared link opens one note), else every note on the step."""
    notes = store.notes.at(gid, step)
    if not note:
        return [n for n in notes if n.get("shapes")]
    chosen = [n for n in notes if n["note"] == note]
    if not chosen:
        raise BadInput(f"note: there is no note {note!r} on step {step}")
    return chosen


@router.get("/games/{ref}/board.svg", response_class=Response,
            summary="Download the board at a step as a standalone SVG file",
            responses={200: {"description": "the board picture, a file of its own (PNG-ready: no "
                                            "external references, white background)",
                             "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
                       **page_responses(404)})
def board_svg(request: Request, ref: str,
              step: int | None = Query(None, ge=-MAX_INT, le=MAX_INT, description="default: the last"),
              seat: str = "",
              note: str = Query("", max_length=64, description="draw only this note's arrows and circles "
                                "(default: every note's on the step)"),
              drawings: bool = Query(True, description="false: the bare board, without the notes' drawings")):
    store = store_of(request)
    gid = store.catalogue.resolve(ref)
    step = store.head_version(gid) if step is None else step
    live = store.live(gid)
    checked_step("step", step, live)
    notes = drawn_notes(store, gid, step, note) if drawings else None
    game, html, seen = board_at(request, gid, step, seat or None, notes)
    svg = standalone_svg(html, f"{game.ID} {str(gid)[:8]} · step {step} · {seen}")
    name = f"{game.ID}-{str(gid)[:8]}-step{step}.svg"
    return Response(svg, media_type="image/svg+xml",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/games/{ref}/position", response_class=Response,
            summary="Download a finished game's position at a step (docs/positions.md)",
            responses={200: {"description": "the position as JSON: start a game from it with "
                                            "`boardlog new KIND --position FILE` or the new-game form",
                             "content": {"application/json": {"schema": {"type": "object"}}}},
                       **page_responses(403, 404)})
def position_file(request: Request, ref: str,
                  step: int | None = Query(None, ge=-MAX_INT, le=MAX_INT, description="default: the last")):
    store = store_of(request)
    gid = store.catalogue.resolve(ref)
    live = store.live(gid)
    step = live.session.version if step is None else step
    checked_step("step", step, live)
    game = live.game
    if game.outcome(live.session.state) is None:
        # A position holds every hidden card and order: not while the game runs.
        raise HTTPException(403, "position: a running game's position holds every hidden card; "
                                 "it can be copied once the game is over")
    if not positions.startable(game):
        raise HTTPException(404, f"position: {game.TITLE} has no position format yet")
    text = positions.text_of(positions.write(game, store.session_at(gid, step).state))
    name = f"{game.ID}-{str(gid)[:8]}-step{step}.json"
    return Response(text, media_type="application/json",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


# ---- the replay page's "compare with..." form -------------------------------------------------
def family(request: Request, gid: UUID) -> list[tuple[str, str]]:
    """(id, what it is to `gid`) for its parent, its forks and its forks'
    siblings: the games the compare form offers (any game of the kind is
    accepted).  From the variation tree's parent links (viewer/tree.py: kept
    per process, caught up from the log), never from the games' list rows:
    those fold every game of the store, and a store of 300 games made every
    game's first page a second slower (issue #24)."""
    from viewer.tree import tree_model

    origins = tree_model(request).origins(gid)
    parent = origins[gid].parent if gid in origins else None
    out = [(str(parent), "parent")] if parent else []
    for other, origin in origins.items():
        if other == gid or origin.parent is None:
            continue
        if origin.parent == gid:
            out.append((str(other), f"fork at step {origin.fork_step}"))
        elif parent and origin.parent == parent:
            out.append((str(other), f"sibling fork at step {origin.fork_step}"))
    return out


def register(env) -> None:
    """The Jinja global the replay page uses for its compare form's family."""
    env.globals["compare_family"] = family
