"""The Alchemy puzzle's picture (docs/boards.md): the setup tile, a piece on
each of its edges, and the attempt's info panel.

`viewer/templates/boards/forbidden_alchemy.html` places what `draw(board)`
works out here; `board` is the game's `view(state, seat)`.  The story game
draws the same picture inside its own while an investigator attempts a
puzzle (`viewer/pictures/forbidden_alchemy_story.py` hands it `draw`'s
result).

Pointing (viewer/pointing.py): an edge is named by its number, the token the
notation uses (`swap 1 2`, `replace 3`), so a swap is two clicks on two
touching pieces and a replacement one click on a piece (then "replace" in
the menu, since the same click may still begin a swap).  `skill` and `stop`
take no argument: they are the page's buttons.

The tile's geometry is worked out once per number of edges (cached); the
rest once per view.  Every number comes back as a string ready to print.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from markupsafe import Markup
from markupsafe import escape as _e

WIDTH, CX, CY = 520, 260, 200
RADIUS = {6: 118, 8: 124}          # the tile's circumradius per edge count
BAND_IN, BAND_OUT, GAP = 1.05, 1.52, 0.9  # a piece's band, in circumradii; its shrink
PANEL_TOP, ROW = 422, 20           # the info panel under the tile
MOST_EDGES = max(RADIUS)           # the largest tile in the content has eight edges
GREEN, ORANGE, RED = "#2f855a", "#dd6b20", "#c53030"
COLOURS = {"blue-circle": "#2b6cb0", "red-diamond": RED, "yellow-triangle": "#d69e2e"}


def num(x: float) -> str:
    """A coordinate as the picture prints it: one decimal."""
    return f"{x:.1f}"


def _points(pts) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


# ---- the tile: once per number of edges ---------------------------------------------------------
@dataclass(frozen=True)
class TileEdge:
    """Edge `number` (1 = the top edge, then clockwise) of a tile and the
    anchors of what is drawn on it (SVG-ready strings)."""

    number: int
    shape: tuple[float, float]     # the tile's required shape, just inside the edge
    points: str                    # the piece: a ring segment outside the edge
    x: str                         # the piece's centre (the edge's place for notes)
    y: str
    angle: int                     # direction of the edge, -90..90 (text along it)
    glyph: tuple[float, float]     # the piece's shape, towards the outside
    label_x: str                   # the piece id, towards the tile
    label_y: str
    check_x: str                   # the "placed correctly" mark, clockwise side
    check_y: str
    number_x: str                  # the edge number, outside the piece
    number_y: str


@dataclass(frozen=True, eq=False)
class Tile:
    sides: int
    outline: str = ""              # the tile polygon ("" if it cannot be drawn)
    edges: tuple[TileEdge, ...] = ()


@lru_cache(maxsize=8)
def tile(sides: int) -> Tile:
    """The geometry of a tile with `sides` edges (6 or 8; any other count gives
    an empty outline: the picture says it cannot draw it)."""
    if sides not in RADIUS:
        return Tile(sides)
    r = RADIUS[sides]
    apothem = math.cos(math.pi / sides)
    edges, outline = [], []
    for i in range(sides):
        # a flat top edge, then clockwise (SVG y grows downwards)
        normal = math.radians(-90 + 360 * i / sides)
        half = math.pi / sides
        x0, y0 = math.cos(normal - half), math.sin(normal - half)
        x1, y1 = math.cos(normal + half), math.sin(normal + half)
        nx, ny = math.cos(normal), math.sin(normal)
        angle = round(math.degrees(math.atan2(y1 - y0, x1 - x0)))
        angle = angle - 180 if angle > 90 else angle + 180 if angle <= -90 else angle
        outline.append((CX + r * x0, CY + r * y0))
        mid = r * apothem * (BAND_IN + BAND_OUT) / 2
        px, py = CX + mid * nx, CY + mid * ny
        corners = [(x0 * BAND_IN, y0 * BAND_IN), (x1 * BAND_IN, y1 * BAND_IN),
                   (x1 * BAND_OUT, y1 * BAND_OUT), (x0 * BAND_OUT, y0 * BAND_OUT)]
        piece = [(px + (CX + r * c0 - px) * GAP, py + (CY + r * c1 - py) * GAP) for c0, c1 in corners]
        check = r * (0.34 if sides == 6 else 0.27)
        number = r * apothem * BAND_OUT + 11
        edges.append(TileEdge(
            number=i + 1,
            shape=(CX + r * apothem * 0.8 * nx, CY + r * apothem * 0.8 * ny),
            points=_points(piece), x=num(px), y=num(py), angle=angle,
            glyph=(px + 6 * nx, py + 6 * ny),
            label_x=num(px - 13 * nx), label_y=num(py - 13 * ny),
            check_x=num(px - ny * check), check_y=num(py + nx * check),
            number_x=num(CX + number * nx), number_y=num(CY + number * ny + 4),
        ))
    return Tile(sides, _points(outline), tuple(edges))


@lru_cache(maxsize=4096)
def glyph(shape: str | None, x: float, y: float, r: float) -> dict[str, str]:
    """A piece's shape (or a tile's required shape) at (x, y), radius r: a
    circle, a polygon, or a "?" for a shape the picture does not know; `svg`
    is its element, written here once rather than by a template macro on
    every step (issue #24)."""
    g = _glyph(shape, x, y, r)
    return {**g, "svg": _GLYPH_SVG[g["kind"]].format(**g)}


_GLYPH_SVG = {
    "circle": Markup('<circle class="glyph" cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="#ffffff" stroke-width="1"/>'),
    "polygon": Markup('<polygon class="glyph" points="{points}" fill="{fill}" stroke="#ffffff" stroke-width="1"/>'),
    "text": Markup('<text class="glyph" x="{x}" y="{y}" text-anchor="middle" font-size="{size}" fill="{fill}">?</text>'),
}


def _glyph(shape: str | None, x: float, y: float, r: float) -> dict[str, str]:
    fill = COLOURS.get(shape or "", "#4a5568")
    if shape == "blue-circle":
        return {"kind": "circle", "fill": fill, "x": num(x), "y": num(y), "r": num(r)}
    if shape == "red-diamond":
        return {"kind": "polygon", "fill": fill,
                "points": _points([(x, y - r * 1.15), (x + r, y), (x, y + r * 1.15), (x - r, y)])}
    if shape == "yellow-triangle":
        return {"kind": "polygon", "fill": fill,
                "points": _points([(x, y - r * 1.2), (x + r * 1.04, y + r * 0.6), (x - r * 1.04, y + r * 0.6)])}
    return {"kind": "text", "fill": fill, "x": num(x), "y": num(y + r * 0.45), "size": num(r * 1.4)}


def shape_name(shape: str | None) -> str:
    return shape.replace("-", " ") if shape else "no shape"


# ---- the contract: draw, place_points, ceiling ----------------------------------------------------
def draw(board: dict[str, Any]) -> dict[str, Any]:
    """Everything the template places for this view."""
    if not board.get("tile"):
        return {"set_up": False, "width": str(WIDTH), "cx": str(CX), "frame": str(WIDTH - 2)}
    t = tile(len(board["edges"]))
    rows = _rows(board)
    height = PANEL_TOP + len(rows) * ROW + 14
    over = board["phase"] == "over"
    result = "" if board["completed"] is None else ("Puzzle completed" if board["completed"] else "Puzzle failed")
    count = len(board["edges"])
    if over and result:
        aria = f"Alchemy puzzle, tile {board['tile']}, {result.lower()}: rolled {board['roll']}"
    else:
        aria = f"Alchemy puzzle, tile {board['tile']}, {board['correct']} of {count} pieces correct"
    return {
        "set_up": True, "drawable": bool(t.outline), "count": count,
        "width": str(WIDTH), "height": str(height), "frame": str(WIDTH - 2), "frame_height": str(height - 2),
        "cx": str(CX), "cy": str(CY), "outline": t.outline, "aria": aria,
        "shapes": Markup("".join("\n" + glyph(e["shape"], *g.shape, 9)["svg"]
                                 for e, g in zip(board["edges"], t.edges, strict=False))),
        # the layers that show what changed, written out (issue #24) for the changed paths
        "edge_layer": partial(_edges_svg, tuple(_edge(e, g) for e, g in zip(board["edges"], t.edges, strict=False))),
        "centre": _centre(board, over, result),
        "row_layer": partial(_rows_svg, tuple(rows), str(WIDTH - 24)),
        "rule_y": str(PANEL_TOP - 14), "rule_x2": str(WIDTH - 16),
        # how pointing plays it, while the attempt is under way
        "hint": "Click two touching pieces to swap them (1 action), or one piece, then replace (2 actions)."
        if board["phase"] == "actions" else "",
    }


def place_points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """The places are the edges, by number, at the centre of the piece on each."""
    if not board.get("tile"):
        return {}
    return {str(e.number): (float(e.x), float(e.y)) for e in tile(len(board.get("edges") or ())).edges}


def ceiling(board: dict[str, Any]) -> str | None:
    """A view is drawn if its tile has no more edges than the content's largest."""
    found = board.get("edges") or ()
    if len(found) > MOST_EDGES:
        return f"the tile's edges is {len(found)}, beyond the game's content (at most {MOST_EDGES})"
    return None


# ---- what a view shows ---------------------------------------------------------------------------
def _edge(e: dict[str, Any], g: TileEdge) -> dict[str, Any]:
    """One edge's piece: named by its number (the notation's token)."""
    n = e["edge"]
    if e["piece"] is None:
        title = f"Edge {n}: empty"
        label = f"edge {n} (empty)"
    else:
        title = f"Edge {n}: {e['piece']} ({shape_name(e['piece_shape'])})"
        label = f"edge {n} ({e['piece']})"
    title += f"; tile shape {shape_name(e['shape'])}" + (", placed correctly" if e["correct"] else "")
    classes = ["piece"] + (["empty"] if e["piece"] is None else []) + (["correct"] if e["correct"] else [])
    rotate = f"rotate({g.angle} {{x}} {{y}})" if g.angle else ""
    return {
        "n": n, "key": f"edges.{n}", "cls": " ".join(classes), "title": title, "label": label,
        "token": str(n), "points": g.points, "x": g.x, "y": g.y,
        "empty_at": rotate.format(x=g.x, y=g.y),
        "piece": e["piece"], "correct": e["correct"],
        "stroke": GREEN if e["correct"] else "#718096", "stroke_width": "3" if e["correct"] else "1.5",
        "glyph": glyph(e["piece_shape"], *g.glyph, 10) if e["piece"] is not None else None,
        "label_x": g.label_x, "label_y": g.label_y, "label_at": rotate.format(x=g.label_x, y=g.label_y),
        "check": f"translate({g.check_x},{g.check_y})",
        "number_x": g.number_x, "number_y": g.number_y,
    }


def _centre(board: dict[str, Any], over: bool, result: str) -> dict[str, Any]:
    """What the middle of the tile says: its name and the score, or the verdict."""
    colour = GREEN if board["completed"] else RED
    if over and result:
        return {"verdict": True, "colour": colour, "tile": f"puzzle {board['tile']}",
                "result": "Completed" if board["completed"] else "Failed", "roll": f"rolled {board['roll']}",
                "box": {"x": str(CX - 58), "y": str(CY - 40)},
                "y1": str(CY - 24), "y2": str(CY + 5), "y3": str(CY + 24)}
    return {"verdict": False, "colour": colour, "tile": board["tile"],
            "score": f"{board['correct']} of {len(board['edges'])} correct", "result": result,
            "y1": str(CY - 4), "y2": str(CY + 18), "y3": str(CY + 38)}


def _rows(board: dict[str, Any]) -> list[dict[str, Any]]:
    """The info panel, one row each: key (its data-key), the `changed` paths that
    light it up, and a value (or pieces drawn as their shapes)."""
    inv = board["investigator"]
    over = board["phase"] == "over"
    count = len(board["edges"])
    rows = [
        {"key": "investigator", "label": "Investigator", "value": inv["name"],
         "on": ["investigator.name", "investigator.id"]},
        {"key": "luck_added", "label": "Intellect / Luck",
         "on": ["luck_added", "investigator.intellect", "investigator.luck", "investigator.skill_points"],
         "value": f"{inv['intellect']} / {inv['luck']}, skill points {inv['skill_points']}"
                  + (" (Luck added to the actions)" if board["luck_added"] else "")},
        {"key": "actions", "label": "Puzzle actions left", "value": str(board["actions"])},
        {"key": "correct", "label": "Correctly placed",
         "value": f"{board['correct']} of {count}" + (" (pieces returned under the pile)" if over else "")},
        {"key": "pile_size", "label": "Face-down pile", "value": f"{board['pile_size']} piece(s)"},
        {"key": "side_effect_deck_size", "label": "Side Effect deck",
         "value": f"{board['side_effect_deck_size']} card(s)"},
    ]
    if board["roll"] is not None:
        result = "pending" if board["completed"] is None else ("puzzle completed" if board["completed"]
                                                                 else "puzzle failed")
        note = (" (a 1 always passes)" if board["roll"] == 1 and board["completed"]
                else " (a 10 always fails)" if board["roll"] == 10 and board["completed"] is False else "")
        rows.append({"key": "roll", "label": "Test roll (d10)", "value": f"{board['roll']} — {result}{note}",
                     "strong": True})
    if board["discards"]:
        rows.append({"key": "discards", "label": "Discarded this attempt", "pieces": board["discards"]})
    for n, card in enumerate(board["side_effects_in_play"]):
        rows.append({"key": "side_effects_in_play", "label": "Side Effect in play" if n == 0 else "",
                     "value": card["title"], "tip": f"{card['title']}: {card['text']}"})
    if not board["side_effects_in_play"]:
        rows.append({"key": "side_effects_in_play", "label": "Side Effects in play", "value": "none"})
    if "pile" in board:  # the omniscient view: a finished game's replay
        rows.append({"key": "pile", "label": "Pile, top first (hidden)", "pieces": board["pile"]})
    if "side_effect_deck" in board:
        rows.append({"key": "side_effect_deck", "label": "Side Effects, top first",
                     "value": " ".join(board["side_effect_deck"]), "small": True})
    room = WIDTH - 24 - 190
    for n, row in enumerate(rows):
        y = PANEL_TOP + n * ROW
        row["y"], row["band_y"] = str(y), str(y - 13)
        row.setdefault("on", [row["key"]])
        row.setdefault("tip", "")
        row.setdefault("strong", False)
        if "pieces" in row:
            row["pieces"] = _pieces(row["pieces"], y - 4)
        size = 10 if row.get("small") else 12
        row["size"] = str(size)
        # squeeze a value too long for the panel (about half an em a character)
        row["squeeze"] = str(room) if len(row.get("value", "")) * size * 0.5 > room else ""
    return rows


def _pieces(pieces, y: float) -> list[dict[str, Any]]:
    """Pieces drawn in a row of the panel, as their shapes."""
    return [{"title": f"{p[0]} ({shape_name(p[1])})", "glyph": glyph(p[1], 196 + n * 20, y, 6)}
            for n, p in enumerate(pieces)]


# ---- written out (issue #24) -----------------------------------------------------------------------
# The edges and the panel's rows as markup, written here rather than by the template (a
# template's `{{ }}` costs an escape and a lookup each, a filter chain per row far more):
# every value escaped as the template escaped it, the same bytes.  `changed` is the
# step's changed paths (a set, or the story game's list of the puzzle's own).
_OUTLINE = ' style="outline:none"'
_CHECK = ('<g class="check" transform="{}"><circle r="7.5" fill="#2f855a"/><path d="M-3.6,0.2 L-1,2.9 L3.8,-2.6" '
          'fill="none" stroke="#ffffff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></g>')


def _edges_svg(edges: tuple, changed) -> Markup:
    return Markup("".join(_edge_svg(e, e["key"] in changed) for e in edges))


def _edge_svg(e: dict[str, Any], hot: bool) -> str:
    """One edge's group: its piece (or "empty"), the check of a piece placed
    correctly, the edge's number; lit in orange when it changed."""
    n, points = e["n"], e["points"]
    out = [f'\n<g id="edge-{n}" data-edge="{n}" data-token="{_e(e["token"])}" data-label="{_e(e["label"])}" '
           f'class="{_e(e["cls"])}{" changed" if hot else ""}"{_OUTLINE if hot else ""}>'
           f'\n<title>{_e(e["title"])}</title>']
    if hot:
        out.append(f'\n<polygon class="halo" points="{points}" fill="none" stroke="{ORANGE}" stroke-width="7" '
                   f'stroke-linejoin="round"/>')
    if e["piece"] is None:
        turn = f' transform="{e["empty_at"]}"' if e["empty_at"] else ""
        out.append(f'\n<polygon points="{points}" fill="none" stroke="#a0aec0" stroke-width="1.5" '
                   f'stroke-dasharray="5 4" stroke-linejoin="round"/>\n<text x="{e["x"]}" y="{e["y"]}" dy="3" '
                   f'text-anchor="middle" font-size="10" fill="#a0aec0"{turn}>empty</text>')
    else:
        turn = f' transform="{e["label_at"]}"' if e["label_at"] else ""
        # the shape towards the outside, the piece's id along the edge on the tile's side
        out.append(f'\n<polygon points="{points}" fill="#fffdf7" stroke="{e["stroke"]}" '
                   f'stroke-width="{e["stroke_width"]}" stroke-linejoin="round"/>{e["glyph"]["svg"]}'
                   f'\n<text x="{e["label_x"]}" y="{e["label_y"]}" dy="3" text-anchor="middle" font-size="9" '
                   f'fill="#4a5568"{turn}>{_e(e["piece"])}</text>')
        if e["correct"]:
            out.append("\n" + _CHECK.format(e["check"]))
    out.append(f'\n<text class="edge-number" x="{e["number_x"]}" y="{e["number_y"]}" text-anchor="middle" '
               f'font-size="12" font-weight="bold" fill="{ORANGE if hot else "#5a4632"}">{n}</text>\n</g>')
    return "".join(out)


def _rows_svg(rows: tuple, band_width: str, changed) -> Markup:
    return Markup("".join(_row_svg(row, band_width, any(k in changed for k in row["on"])) for row in rows))


def _row_svg(row: dict[str, Any], band_width: str, hot: bool) -> str:
    """One row of the panel: a band behind it when it changed."""
    y = row["y"]
    out = [f'\n<g class="info-row{" changed" if hot else ""}" data-key="{_e(row["key"])}"{_OUTLINE if hot else ""}>']
    if row["tip"]:
        out.append(f"<title>{_e(row['tip'])}</title>")
    if hot:
        out.append(f'\n<rect x="12" y="{row["band_y"]}" width="{band_width}" height="18" rx="4" fill="#feebc8" '
                   f'stroke="{ORANGE}" stroke-width="1.5"/>')
    out.append(f'\n<text x="24" y="{y}" font-size="12" fill="#718096">{_e(row["label"])}</text>')
    if "pieces" in row:
        out += [f'\n<g><title>{_e(p["title"])}</title>{p["glyph"]["svg"]}</g>' for p in row["pieces"]]
    else:
        bold = ' font-weight="bold"' if row["strong"] or hot else ""
        squeeze = f' textLength="{row["squeeze"]}" lengthAdjust="spacingAndGlyphs"' if row["squeeze"] else ""
        out.append(f'\n<text x="190" y="{y}" font-size="{row["size"]}" fill="#1a202c"{bold}{squeeze}>'
                   f'{_e(row["value"])}</text>')
    out.append("\n</g>")
    return "".join(out)
