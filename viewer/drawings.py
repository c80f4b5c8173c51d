"""Shapes drawn on the board with a note (issue #14, item 3).

A note may carry arrows (from one place to another) and circles (on one
place) in a few colours.  The store keeps them as plain data and checks
their form (`engine.core.store.check_marks`); this module knows the boards:

- `place_points(game, board)`: {place id: (x, y)} in the board SVG's own
  coordinates, for every registered game: the same geometry its template in
  `templates/boards/` draws with (docs/boards.md, "Places").  A game module
  may bring its own `place_points(view)`; the ones here are the defaults.
- `parse_shapes(text)` / `format_shapes(shapes)`: the text form typed in the
  note form without JavaScript ("arrow D4 E6 green; circle C3 red").
- `check_places(...)`: every place of a note's shapes is a place of the
  game's board at the note's step (the error names the field).
- `overlay(game, board, notes)`, `drawings_layer` and `with_overlay`: the
  `<g class="drawings">` layer put last in the board's SVG, so that it is
  drawn on top for every game (the replay page's stage, viewer/stage.py,
  and the compare page and board download, viewer/compare.py).
"""

from __future__ import annotations

import json
import math
import re
from functools import lru_cache
from typing import Any, Literal

from fastapi import Form
from markupsafe import Markup, escape
from pydantic import BaseModel, ConfigDict, Field

from engine.core.errors import BadInput
from engine.core.notes import GLYPHS, MAX_PLACE_CHARS, MAX_SHAPES, SHAPE_COLOURS, check_marks
from engine.core.visibility import SPECTATOR
from viewer.boards import num
from viewer.bounds import undrawable
from viewer.pictures import picture_of

# Lichess's brush colours, so a reviewer coming from there reads them at once.
COLOUR_HEX = {"green": "#15781b", "red": "#882020", "blue": "#003088", "yellow": "#e68f00"}
assert set(COLOUR_HEX) == set(SHAPE_COLOURS)


def place_points(game, board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """{place id: (x, y)} of the game's board picture for this view; empty for a
    game without a picture (its generic table has no places to draw on)."""
    return dict(_own_points(game, board))


def _own_points(game, board: dict[str, Any]):
    """The picture's own mapping of places (not a copy: read only)."""
    if undrawable(game, board) is not None:
        return {}  # a board over its ceiling has no picture, so no places (viewer/bounds.py)
    own = getattr(picture_of(game.ID), "place_points", None) or getattr(game, "place_points", None)
    return own(board) if own is not None else {}


# `_sized` of a picture's points mapping, found by the mapping itself: a
# picture that keeps one mapping per layout (FMP's 851 hexes) is then not
# copied and hashed whole on every page (about 0.5 ms a step, issue #24).
# The mapping is held with its figures, so its id cannot be another's.
_SIZED_BY_MAPPING: dict[int, tuple[Any, tuple[float, str]]] = {}


def _sized_of(points) -> tuple[float, str]:
    kept = _SIZED_BY_MAPPING.get(id(points))
    if kept is not None and kept[0] is points:
        return kept[1]
    sized = _sized(tuple(points.items()))
    if len(_SIZED_BY_MAPPING) >= 64:
        _SIZED_BY_MAPPING.clear()
    _SIZED_BY_MAPPING[id(points)] = (points, sized)
    return sized


@lru_cache(maxsize=64)
def _sized(points: tuple[tuple[str, tuple[float, float]], ...]) -> tuple[float, str]:
    """The unit shapes are sized by and the places as draw.js reads them
    (JSON {place: [x, y]}), computed once per board layout: a map's points
    are the same on every step, and FMP has 851 of them."""
    places = json.dumps({k: [round(x, 1), round(y, 1)] for k, (x, y) in points}, separators=(",", ":"))
    return _unit(dict(points)), places


def _unit(points: dict[str, tuple[float, float]]) -> float:
    """About the distance between neighbouring places (what a stroke and a
    circle are sized by): the median nearest-neighbour distance of a few
    places, so that a map of 851 hexes costs a few thousand subtractions."""
    pts = list(points.values())
    if len(pts) < 2:
        return 40.0
    step = max(1, len(pts) // 8)
    near = sorted(min(math.dist(p, q) or math.inf for q in pts if q is not p) for p in pts[::step])
    found = near[len(near) // 2]
    return found if math.isfinite(found) and found > 0 else 40.0


# ---- the text form --------------------------------------------------------------------------
_SEPARATORS = re.compile(r"[;\n,]+")


def parse_shapes(text: str) -> list[dict[str, str]]:
    """ "arrow D4 E6 green; circle C3 red" -> shapes.  The kind word may be left
    out (two places: an arrow, one: a circle); the colour defaults to green."""
    shapes = []
    for part in (p.split() for p in _SEPARATORS.split(text or "")):
        if not part:
            continue
        words = list(part)
        kind = words.pop(0).lower() if words[0].lower() in ("arrow", "circle") else None
        colour = words.pop().lower() if words and words[-1].lower() in SHAPE_COLOURS else SHAPE_COLOURS[0]
        kind = kind or ("arrow" if len(words) == 2 else "circle")
        wanted = 2 if kind == "arrow" else 1
        if len(words) != wanted:
            raise BadInput(f"shapes: {' '.join(part)[:40]!r}: write `arrow FROM TO [colour]` or "
                           f"`circle PLACE [colour]` (colours: {', '.join(SHAPE_COLOURS)})")
        shape = {"kind": kind, "from": words[0], "to": words[1]} if kind == "arrow" else {"kind": kind, "at": words[0]}
        shapes.append({**shape, "colour": colour})
        if len(shapes) > MAX_SHAPES:
            raise BadInput(f"shapes: at most {MAX_SHAPES} shapes on a note")
    return shapes


def format_shapes(shapes) -> str:
    """Shapes in the text form `parse_shapes` reads."""
    return "; ".join(f"arrow {s['from']} {s['to']} {s['colour']}" if s["kind"] == "arrow"
                     else f"circle {s['at']} {s['colour']}" for s in shapes or ())


# ---- places of the game's board -------------------------------------------------------------
def canonical_places(shapes: list[dict[str, str]], points: dict[str, Any]) -> list[dict[str, str]]:
    """The shapes with each place spelled as the board spells it (typed places
    match whatever the case: "d4" is D4); BadInput names an unknown one."""
    known = {p.lower(): p for p in points}
    out = []
    for i, shape in enumerate(shapes, 1):
        shape = dict(shape)
        for name in ("from", "to", "at"):
            if name in shape:
                place = known.get(str(shape[name]).lower())
                if place is None:
                    sample = ", ".join(sorted(points)[:4]) or "none: this board has no places to draw on"
                    raise BadInput(f"shapes: shape {i} ({shape.get('kind')}): {str(shape[name])[:40]!r} "
                                   f"is not a place of this board (places: {sample}, ...)")
                shape[name] = place
        out.append(shape)
    return out


def step_board(request, gid, step: int) -> tuple[Any, dict[str, Any]]:
    """The game module and the board at `step` as the replay page shows it to
    anyone (a finished game whole, a running one as a spectator sees it): the
    places a note may name are the ones its readers see."""
    store, replay = request.app.state.store, request.app.state.replay
    live = store.live(gid)
    game = live.game
    last = live.session.version
    step = min(max(step, 1), last)  # the store reports a step out of range, naming it
    finished = game.outcome(live.session.state) is not None
    return game, game.view(replay.session(gid, step).state, None if finished else SPECTATOR)


def check_places(request, gid, step: int, glyph, shapes) -> tuple[str | None, list[dict[str, str]]]:
    """A note's glyph and shapes checked (form, then places of the board at
    `step`), in their stored form."""
    glyph, shapes = check_marks(glyph, shapes)
    if not shapes:
        return glyph, shapes
    game, board = step_board(request, gid, step)
    return glyph, canonical_places(shapes, place_points(game, board))


# ---- the overlay ----------------------------------------------------------------------------
def overlay(game, board: dict[str, Any], notes) -> dict[str, Any] | None:
    """What `boards/_macros.html`'s `drawings` macro draws: every shape of
    `notes` (the step's) at its places, and the places themselves for
    draw.js (click a place, then another).  None when the board has no places."""
    points = _own_points(game, board)
    if not points:
        return None
    unit, places = _sized_of(points)
    marks = []
    for n in notes or ():
        for s in n.get("shapes") or ():
            ends = [points.get(s.get(k)) for k in (("from", "to") if s["kind"] == "arrow" else ("at",))]
            if None in ends:
                continue  # a place the board no longer has (an imported note): nothing to draw
            mark = {"kind": s["kind"], "colour": s["colour"], "stroke": COLOUR_HEX[s["colour"]],
                    "note": n["note"], "title": format_shapes([s])}
            if s["kind"] == "arrow":
                (x1, y1), (x2, y2) = ends
                mark.update(x1=num(x1), y1=num(y1), x2=num(x2), y2=num(y2))
            else:
                mark.update(cx=num(ends[0][0]), cy=num(ends[0][1]))
            marks.append(mark)
    return {"marks": marks, "places": places, "width": num(unit * 0.14), "r": num(unit * 0.42),
            "unit": num(unit), "colours": COLOUR_HEX}


def drawings_layer(d: dict[str, Any] | None) -> Markup:
    """The SVG layer of `overlay`'s shapes (issue #14).  The replay page puts
    it last in the board's outermost <svg> (`with_overlay`), so every game
    gets it on top of its picture without its template knowing; its
    `data-places` ({place: [x, y]}) lets viewer/static/draw.js turn a click
    into the nearest place.  Written here rather than by a template macro,
    whose import and call cost every step page about as much as the layer."""
    if not d:
        return Markup("")
    head = _layer_head(d["places"], d["unit"], d["width"], d["r"])
    marks = "".join(_mark(m, d) for m in d["marks"])
    return Markup(f"{head}{marks}\n</g>")


@lru_cache(maxsize=64)
def _layer_head(places: str, unit, width, r) -> str:
    markers = "".join(
        f'\n<marker id="draw-head-{name}" markerUnits="strokeWidth" markerWidth="4" markerHeight="4" refX="2.5" '
        f'refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="{hex_}" stroke="none"/></marker>'
        for name, hex_ in COLOUR_HEX.items())
    return (f'<g class="drawings" data-places="{escape(places)}" data-unit="{unit}" data-width="{width}" '
            f'data-r="{r}" fill="none" stroke-linecap="round" opacity="0.8" pointer-events="none">\n'
            f'<defs>{markers}\n</defs>')


def _mark(m: dict[str, Any], d: dict[str, Any]) -> str:
    m = {k: escape(v) for k, v in m.items()}  # as the template escaped every value
    common = f'data-note="{m["note"]}"'
    if m["kind"] == "arrow":
        return (f'\n<line class="arrow {m["colour"]}" {common} x1="{m["x1"]}" y1="{m["y1"]}" x2="{m["x2"]}" '
                f'y2="{m["y2"]}" stroke="{m["stroke"]}" stroke-width="{d["width"]}" '
                f'marker-end="url(#draw-head-{m["colour"]})"><title>{m["title"]}</title></line>')
    return (f'\n<circle class="circle {m["colour"]}" {common} cx="{m["cx"]}" cy="{m["cy"]}" r="{d["r"]}" '
            f'stroke="{m["stroke"]}" stroke-width="{d["width"]}"><title>{m["title"]}</title></circle>')


def with_overlay(picture, layer) -> Markup:
    """The board picture with `layer` put just before its outermost SVG's
    closing tag (the last one: a board may nest an <svg>), i.e. on top of
    everything the template drew and in the same coordinates."""
    picture = str(Markup(picture))  # plain text: Markup + str would escape the layer
    at = picture.rfind("</svg>") if layer else -1
    if at < 0:
        return Markup(picture)  # nothing to draw, or a board without a picture to draw on
    return Markup(picture[:at] + str(layer) + picture[at:])


def glyphs_between(notes_glyphs: dict[int, str], first: int, last: int) -> str:
    """The glyphs of the notes on steps first..last (a timeline entry)."""
    if not notes_glyphs:
        return ""
    return " ".join(g for s, g in notes_glyphs.items() if first <= s <= last)


def note_glyphs(request, gid) -> dict[int, str]:
    """{step: its notes' glyphs}, for the timeline."""
    found: dict[int, str] = {}
    for n in request.app.state.store.notes.of(gid):
        if n.get("glyph"):
            found[n["step"]] = (found.get(n["step"], "") + " " + n["glyph"]).strip()
    return found


def register(env) -> None:
    """The Jinja globals the timeline uses (the replay page's stage, which
    draws the overlay and the note forms, is written in Python: viewer/stage.py)."""
    env.globals.update(note_glyphs=note_glyphs, glyphs_between=glyphs_between)


# ---- the note forms and the API ---------------------------------------------------------------
def form_marks(request, gid, step: int, glyph: str | None, shapes: str | list | None,
               note: str | None = None) -> dict[str, Any]:
    """The `glyph` and `shapes` keyword arguments of `NoteBook.add` /
    `edit_note` from a form (shapes as text) or the API (a list): checked,
    places spelled as the board spells them.  A field not sent (None) is
    left out, so an edit keeps what the note had.  `note`: an edited note,
    whose own step is the one its places are checked against."""
    from engine.core.limits import check_text

    if note is not None:
        found = next((n for n in request.app.state.store.notes.of(gid) if n["note"] == note), None)
        step = found["step"] if found else step  # an unknown note is the store's to report
    if isinstance(shapes, str):
        shapes = parse_shapes(check_text("shapes", shapes))
    if glyph is not None:
        glyph = check_text("glyph", glyph).strip()
    checked_glyph, checked = check_places(request, gid, step, glyph, shapes)
    out: dict[str, Any] = {}
    if glyph is not None:
        out["glyph"] = checked_glyph or ""
    if shapes is not None:
        out["shapes"] = checked
    return out


# The note forms' fields (viewer/app.py): not sent, a note keeps what it had.
GLYPH_FORM = Form(None, max_length=4, description="a glyph: one of " + " ".join(GLYPHS) + "; empty: none")
SHAPES_FORM = Form(None, max_length=1000, description="shapes drawn on the board, as text: `arrow FROM TO "
                   "[colour]; circle PLACE [colour]` (colours: " + ", ".join(SHAPE_COLOURS) + "); empty: none")


class Shape(BaseModel):
    """A shape drawn on the board with a note: an arrow `from` one place `to`
    another, or a circle `at` one place; places are the board's own ids
    (docs/boards.md, "Places"), matched whatever their case."""

    model_config = ConfigDict(populate_by_name=True, extra="forbid")
    kind: Literal["arrow", "circle"]
    from_: str | None = Field(None, alias="from", max_length=MAX_PLACE_CHARS, description="arrow: where it starts")
    to: str | None = Field(None, max_length=MAX_PLACE_CHARS, description="arrow: where it points")
    at: str | None = Field(None, max_length=MAX_PLACE_CHARS, description="circle: the place circled")
    colour: Literal[SHAPE_COLOURS] = Field(SHAPE_COLOURS[0], description="one of " + ", ".join(SHAPE_COLOURS))

    def stored(self) -> dict[str, str]:
        return self.model_dump(by_alias=True, exclude_none=True)


GLYPH_FIELD = Field(None, description="a glyph, one of " + " ".join(GLYPHS) + ' ("" clears it on an edit; '
                    "left out, an edit keeps the note's)")
SHAPES_FIELD = Field(None, max_length=MAX_SHAPES, description=f"at most {MAX_SHAPES} arrows and circles on "
                     "places of the game's board at the note's step ([] clears them on an edit; left out, an "
                     "edit keeps the note's)")


def api_marks(request, gid, step: int, glyph: str | None, shapes: list[Shape] | None,
              note: str | None = None) -> dict[str, Any]:
    """`form_marks` for the JSON API's bodies."""
    return form_marks(request, gid, step, glyph, None if shapes is None else [s.stored() for s in shapes], note)
