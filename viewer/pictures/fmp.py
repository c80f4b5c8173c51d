"""Full Metal Planète's picture (docs/boards.md): the sector's 851 hexes at
the tide in force, the Freighters, the units, the ore, and above the map the
dock: what each Freighter and each transporter holds, and the words of the
notation a player may point at.

`viewer/templates/boards/fmp.html` places what `draw(board)` returns;
`board` is the game's `view(state, seat)` (everything on the planet is
public; a seat's own Weather Hen forecast and turn-21 choice are in its view
only).

Speed (issue #24): every still part is built once as a string: the terrain
of every hex per tide (reefs and swamps are drawn wet or dry), the landing
zones' dotted boundaries, the row and column labels, each hex's shapes.  A
step then writes what moves (ore, Freighters, units, the fire zone) from
those cached pieces, in plain loops; a unit's, a pontoon's and a landed
Freighter's markup is kept by what it shows (most stand still from one step
to the next).  The dock (each Freighter's row, the chips of what it holds,
each transporter's cargo, the notation's words) and the outlines of what
changed are written here too, not by template loops and macro calls (each
`{{ }}` an escape and a lookup), the dock's pieces likewise kept by the
values they show: every key is read from the view being drawn, which holds
only what its seat may see, so a kept piece never carries another seat's
turn-21 choice.  Text is escaped as a plain string (`viewer.pictures.text`),
each layer made Markup once.

Pointing (issue #21): every element a command is made of carries its
notation token (`data-token`): a hex its name, a unit its id (on the map, in
its Freighter, or in a transporter's cargo), a Freighter its colour, the
pods' orientation `a` and `b`, the kinds a Weather Hen lays, `ore` in a
cargo, `fire` (the assault's second word), `stay` and `leave` (turn 21).
One rule for a hex with something on it: the piece answers a click on it,
and the hex's lower band (lit when the hex may come next) answers for the
hex; so a click at the middle of each element is that element's own (a
player's pointer, or a browser test's), and firing at a hex is not
capturing the unit on it.
"""

from __future__ import annotations

from functools import cache, lru_cache, partial
from typing import Any

from markupsafe import Markup, escape

from engine.games.fmp import board as fmp_board
from engine.games.fmp.setup import RESERVE, ROSTER
from engine.kit.hexgrid import HexDirection
from engine.kit.picture import num
from viewer.boards import hex_board
from viewer.pictures import text as _text

SIZE = 16            # a hex's circumradius, in viewBox units
UNIT_R = 7           # a unit's disc
BAND_TOP = 7.5       # the lower band of an occupied hex starts below the disc
MIN_WIDTH = 760      # px, on a phone: the map scrolls in its box (the page does not), hexes a finger can hit
COLOUR = {"red": "#c53030", "blue": "#2b6cb0", "green": "#2f855a", "yellow": "#b7791f"}
LETTER = {"tank": "T", "heap": "H", "motorboat": "M", "barge": "B", "crab": "C", "weatherhen": "W",
          "pontoon": "P", "turret": "t"}
KIND = {"tank": "tank", "heap": "Heap", "motorboat": "motorboat", "barge": "barge", "crab": "crab",
        "weatherhen": "Weather Hen", "pontoon": "pontoon", "turret": "turret"}
PHASE = {"setup": "setting up", "landing": "landing", "deployment": "deployment", "play": "in play",
         "departure": "stay or leave?", "over": "mission over"}

# "The playing field": sea blue, plain light brown, mountain grey; reef blue with
# brown dots, swamp brown with blue dots, each drawn wet or dry as the tide makes it.
_FILL = {"sea": "#7fb2e0", "plain": "#ead9ab", "mountain": "#9c958f"}
_WET = {"reef": {"low": False, "normal": True, "high": True},
        "swamp": {"low": False, "normal": False, "high": True}}
PATTERNS = (
    '<pattern id="fmp-reef-wet" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" '
    'fill="#7fb2e0"/><circle cx="3" cy="3" r="1.3" fill="#d9c48f"/></pattern>'
    '<pattern id="fmp-reef-dry" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" '
    'fill="#d9c48f"/><circle cx="3" cy="3" r="1.6" fill="#7fb2e0"/></pattern>'
    '<pattern id="fmp-swamp-dry" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" '
    'fill="#ead9ab"/><circle cx="3" cy="3" r="1.3" fill="#5f9ed8"/></pattern>'
    '<pattern id="fmp-swamp-wet" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="6" height="6" '
    'fill="#a9cdea"/><circle cx="3" cy="3" r="1.6" fill="#c8b27a"/></pattern>')

# The words of the notation a player points at, by when they are offered.
# The board's 190-240 kB stay ASCII, so that the page encodes them as a plain
# copy: one è or × made it a string encoded character by character, 0.6 ms a
# step (viewer/stage.py `stage_bytes`, issue #24).  Hence character references.
ARIA_NAME = "Full Metal Plan&#232;te"
PODS = ({"token": "a", "text": "▲ a", "label": "pods ▲ (a)", "title": "pods N, SE and SW of the bubble"},
        {"token": "b", "text": "▼ b", "label": "pods ▼ (b)", "title": "pods NE, S and NW of the bubble"})
LAYS = tuple({"token": k, "text": k, "label": f"a new {k}", "title": f"the Weather Hen lays a {k}"}
             for k in ("tank", "crab", "pontoon"))
ASSAULT = ({"token": "fire", "text": "fire", "label": "fire",
            "title": "the assault's shot: after the hex moved into, the partner and the target hex"},)
DEPARTURE = ({"token": "stay", "text": "stay", "label": "stay", "title": "stay until turn 25 (a unit in the hand)"},
             {"token": "leave", "text": "leave", "label": "leave", "title": "leave now (an ore in the hand)"})


# ---- the contract: draw, place_points, ceiling ------------------------------------------
def draw(board: dict[str, Any]) -> dict[str, Any]:
    """Everything the template places for this view: the SVG layers as
    markup built from cached pieces, the dock and the status as data."""
    geo = _geo()
    units = board.get("units") or {}
    freighters = board.get("freighters") or {}
    landed = {c: f for c, f in freighters.items() if f.get("status") == "landed" and f.get("centre")}
    standing = _standing(units, landed)
    zones = board.get("phase") in ("setup", "landing", "deployment")
    active = board.get("active") or ""
    return {
        "viewbox": geo.viewbox, "width": geo.width, "min_width": str(MIN_WIDTH),
        "aria": Markup(ARIA_NAME) + f", turn {board.get('turn', 0)}, tide {board.get('tide') or 'none yet'}",
        "ground": _ground(board.get("tide") or "normal", zones, frozenset(standing)),
        "freighters": _freighters(landed),
        "fire": _fire_zone(tuple((board.get("fire_zones") or {}).get(active) or ())) if active else "",
        "pontoons": _pontoons(units),
        "ore": _ore(tuple(board.get("ore") or ())),
        "units": _units(units),
        "bands": Markup("".join(_band(h) for h in sorted(standing))),
        "status": _status(board),
        "dock": _dock(board),  # the template calls it with the changed paths
        "highlights": partial(_highlights, units, freighters),
    }


def place_points(board: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each hex's centre in the picture's coordinates (the same map on every
    step: built once)."""
    return _places()


def ceiling(board: dict[str, Any]) -> str | None:
    """Why this view is beyond what a mission holds and must not be drawn:
    more units than every Freighter and the reserve make, a cargo larger
    than a barge's, a hex or a colour the sector does not have."""
    cells, most = _cells(), _most_units()
    units = board.get("units") or {}
    stowed = board.get("stowed") or {}
    if len(units) + len(stowed) > most:
        return f"the view holds {len(units) + len(stowed)} units, more than a mission makes (at most {most})"
    for uid, u in units.items():
        if u.get("at") not in cells or (u.get("tail") and u["tail"] not in cells):
            return f"unit {str(uid)[:40]!r} stands on a hex the sector does not have"
        if u.get("kind") not in LETTER or u.get("colour") not in COLOUR:
            return f"unit {str(uid)[:40]!r} is of no kind or colour of the game"
        if len(u.get("cargo") or ()) > MAX_CARGO:
            return f"unit {str(uid)[:40]!r} carries more than a barge holds"
    for uid, u in stowed.items():
        if u.get("kind") not in LETTER or u.get("colour") not in COLOUR or len(u.get("cargo") or ()) > MAX_CARGO:
            return f"unit {str(uid)[:40]!r} off the map is not one the game has"
    for colour, f in (board.get("freighters") or {}).items():
        hexes = [f.get("centre"), *(f.get("pods") or ())]
        if colour not in COLOUR or len(hexes) > 4 or any(h and h not in cells for h in hexes):
            return f"the Freighter {str(colour)[:20]!r} is not one the sector can hold"
    # (issuperset reads the hexes where they are: no set built of a zone's hundreds)
    if not cells.issuperset(board.get("ore") or ()):
        return "ore lies on a hex the sector does not have"
    for zone in (board.get("fire_zones") or {}).values():
        if not cells.issuperset(zone):
            return "a fire zone covers a hex the sector does not have"
    return None


MAX_CARGO = 4  # a barge's four slots, the most any transporter holds


@cache
def _cells() -> frozenset:
    return frozenset(_geo().cells)


@cache
def _most_units() -> int:
    """Every Freighter's starting pieces and the largest reserve, twice over
    (turrets rebuilt, units laid): a bound, not a count."""
    per_freighter = sum(n for _, n in ROSTER)
    return 2 * (len(COLOUR) * per_freighter + max(sum(r) for r in RESERVE.values()))


# ---- the map: geometry and still layers, once --------------------------------------------
def warm() -> None:
    """The map and its still ground at every tide, built as the server starts
    (~0.15 s: the first page of the first game otherwise waited for it)."""
    _cells()
    _places()
    for tide in _WET["reef"]:
        for zones in (False, True):
            _still(tide, zones)


@cache
def _geo():
    g = fmp_board.grid()
    return hex_board(g.cols, g.rows, SIZE)


@cache
def _places() -> dict[str, tuple[float, float]]:
    return {c.id: (c.x, c.y) for c in _geo()}


@cache
def _terrain() -> tuple[tuple[str, str], ...]:
    """Every hex's terrain, in the map's order (column by column)."""
    terrain = fmp_board.sector().terrain
    return tuple((str(h), terrain[h]) for h in sorted(terrain))


def fills(tide: str) -> dict[str, str]:
    """Terrain -> fill at this tide."""
    wet = {t: "wet" if _WET[t][tide] else "dry" for t in _WET}
    return {**_FILL, **{t: f"url(#fmp-{t}-{w})" for t, w in wet.items()}}


@lru_cache(maxsize=8)
def _still(tide: str, zones: bool) -> tuple[str, tuple[str, ...], tuple[str, ...], dict[str, int], str]:
    """The ground at a tide: what comes before the hexes, each hex named
    (`data-token`) and each hex unnamed (where a piece answers for it),
    where each is in that order, and what follows (zones, labels)."""
    geo, fill = _geo(), fills(tide)
    named, bare, index = [], [], {}
    for i, (h, t) in enumerate(_terrain()):
        c = geo[h]
        named.append(f'<polygon {c.attrs} class="hex {t}" fill="{fill[t]}"/>')
        bare.append(f'<polygon id="hex-{h}" data-id="{h}" points="{c.points}" class="hex {t}" fill="{fill[t]}"/>')
        index[h] = i
    head = f'<defs>{PATTERNS}</defs>\n<g class="hexes" stroke="#6b7280" stroke-width="0.6">'
    tail = ["</g>"]
    if zones:
        tail.append('\n<g class="zones" fill="none" stroke="#1a202c" stroke-width="1.6" stroke-dasharray="2 2.5" '
                    'stroke-linecap="round" pointer-events="none"><title>landing-zone boundaries</title>')
        for h, i, j in zone_sides():
            p = geo[h].points.split(" ")
            tail.append(f'<polyline points="{p[i]} {p[j]}"/>')
        tail.append("</g>")
    tail.append('\n<g class="labels" fill="#1f2937" font-size="7" text-anchor="middle" opacity="0.75" '
                'pointer-events="none">')
    top, left = _edge()
    tail += [f'<text x="{geo[h].cx}" y="{geo[h].cy}" dy="-5">{h[:-1]}</text>' for h in top]
    tail += [f'<text x="{geo[h].cx}" y="{geo[h].cy}" dx="-7" dy="2.5" text-anchor="start">{h[1:]}</text>'
             for h in left]
    tail.append("</g>")
    return head, tuple(named), tuple(bare), index, "".join(tail)


@lru_cache(maxsize=64)
def _ground(tide: str, zones: bool, occupied: frozenset[str]) -> Markup:
    """The still ground, every hex named but those a piece stands on (their
    band names them, above the pieces): a list copy and a join a step."""
    head, named, bare, index, tail = _still(tide, zones)
    cells = list(named)
    for h in occupied:
        i = index[h]
        cells[i] = bare[i]
    return Markup(head + "".join(cells) + tail)


# Sides of a flat-topped hex by neighbour direction (N, NE, SE, S, SW, NW), as the
# indices of its two corners in the kit's corner order (clockwise from the right one).
_SIDE_CORNERS = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))
_DIRECTIONS = (HexDirection.N, HexDirection.NE, HexDirection.SE, HexDirection.S, HexDirection.SW, HexDirection.NW)


@cache
def zone_sides() -> tuple[tuple[str, int, int], ...]:
    """The dotted boundaries of the landing zones: (hex, corner, corner) for
    each side of a zone hex that borders another zone or no zone; on the sea
    side the coast is boundary enough."""
    sector = fmp_board.sector()
    sides = []
    for h, z in sorted(sector.zone.items()):
        for i, d in enumerate(_DIRECTIONS):
            n = sector.grid.neighbour(h, d)
            if n is None:
                continue
            other = sector.zone.get(n)
            if other != z and (other is not None or sector.terrain[n] != "sea"):
                sides.append((str(h), *_SIDE_CORNERS[i]))
    return tuple(sides)


@cache
def _edge() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The hexes of the top row and of the left column, for the map's labels."""
    cells = sorted(fmp_board.sector().terrain)
    return tuple(str(h) for h in cells if h.row == 0), tuple(str(h) for h in cells if h.col == 0)


@cache
def _band(h: str) -> str:
    """The lower band of hex `h` (below a unit's disc): the hex's name where a
    piece stands on it, drawn above the pieces and lit when the hex may come next."""
    c, r = _geo()[h], SIZE
    half = r * 3 ** 0.5 / 2
    top = c.y + BAND_TOP
    inset = r - (BAND_TOP / half) * (r / 2)  # the hex's half-width at the band's top
    pts = ((c.x - inset, top), (c.x + inset, top), (c.x + r / 2, c.y + half), (c.x - r / 2, c.y + half))
    points = " ".join(f"{num(x)},{num(y)}" for x, y in pts)
    return f'<polygon class="fmp-band" data-token="{h}" points="{points}"><title>{h}</title></polygon>'


@cache
def _inset(h: str, scale: float = 0.8) -> str:
    """The hex's outline drawn smaller (a pontoon)."""
    c = _geo()[h]
    pts = []
    for p in c.points.split(" "):
        x, y = map(float, p.split(","))
        pts.append(f"{num(c.x + (x - c.x) * scale)},{num(c.y + (y - c.y) * scale)}")
    return " ".join(pts)


def _highlights(units: dict, freighters: dict, ore: set[str], moved: set[str], colours: set[str]) -> Markup:
    """The orange outline of what changed: each hex whose ore came or went, the hex
    of each unit that changed, the bubble of each Freighter that changed (the
    template hands the changed ids; the outline as boards/_macros.html's `highlight`)."""
    geo = _geo()
    hexes = [(h, "3") for h in sorted(ore)]
    hexes += [(units[u]["at"], "3") for u in sorted(moved) if u in units]
    hexes += [(freighters[c]["centre"], "4") for c in sorted(colours)
              if c in freighters and freighters[c].get("centre")]
    return Markup("".join(f'<polygon class="halo" points="{geo[h].points}" fill="none" stroke="#dd6b20" '
                          f'stroke-width="{width}" stroke-linejoin="round"/>' for h, width in hexes))


# ---- what moves ---------------------------------------------------------------------------
def _standing(units: dict, landed: dict) -> set[str]:
    """The hexes a piece stands on (a unit, a barge's two hexes, a pontoon, a
    Freighter's four): there the piece answers a click, the band the hex."""
    found = {h for u in units.values() for h in (u["at"], u.get("tail")) if h}
    for f in landed.values():
        found.add(f["centre"])
        found.update(f.get("pods") or ())
    return found


def _freighters(landed: dict) -> Markup:
    return Markup("".join(_freighter(colour, f["centre"], tuple(f.get("pods", ())), int(f.get("ore") or 0),
                                     _text(f.get("controller") or colour))
                          for colour, f in landed.items()))


@lru_cache(maxsize=256)
def _freighter(colour: str, centre: str, pods: tuple[str, ...], ore: int, who: str) -> str:
    """A landed Freighter's bubble, pods and ore count, kept by what they show
    (issue #24: most steps change no Freighter)."""
    geo, fill, out = _geo(), COLOUR[colour], []
    for h in (centre, *pods):
        part = "central bubble" if h == centre else f"pod {h}"
        opacity = "0.95" if h == centre else "0.6"
        out.append(f'<polygon class="freighter" data-token="{colour}" data-label="{colour} Freighter" '
                   f'points="{geo[h].points}" fill="{fill}" fill-opacity="{opacity}"><title>{colour} Freighter '
                   f'({who}), {part}: {ore} ore aboard</title></polygon>')
    c = geo[centre]
    out.append(f'<text x="{c.cx}" y="{c.cy}" dy="3" text-anchor="middle" font-size="8" font-weight="bold" '
               f'fill="#ffffff" stroke="none" pointer-events="none">{ore}</text>')
    return "".join(out)


@lru_cache(maxsize=32)
def _fire_zone(hexes: tuple[str, ...]) -> Markup:
    if not hexes:
        return Markup("")
    geo = _geo()
    return Markup("".join(f'<polygon points="{geo[h].points}"/>' for h in hexes))


def _pontoons(units: dict) -> Markup:
    """The pontoons, each named when nothing stands on it (then it may be
    loaded; with a unit on it, the unit answers and the band the hex)."""
    stood_on = {u["at"] for u in units.values() if u["kind"] != "pontoon"}
    return Markup("".join(_pontoon(uid, u["at"], u["at"] not in stood_on)
                          for uid, u in units.items() if u["kind"] == "pontoon"))


@lru_cache(maxsize=1024)
def _pontoon(uid: str, at: str, named: bool) -> str:
    safe = _text(uid)
    name = f' data-token="{safe}" data-label="{safe}"' if named else ""
    return (f'<polygon class="pontoon"{name} points="{_inset(at)}" fill="#8b5e34" fill-opacity="0.9" '
            f'stroke="#f7fafc" stroke-width="1"><title>{safe} (pontoon on {at}: a plain for units of the '
            f'land)</title></polygon>')


@lru_cache(maxsize=64)
def _ore(hexes: tuple[str, ...]) -> Markup:
    """The ore, a dark disc a hex (not named: a click there is the hex's)."""
    geo = _geo()
    return Markup("".join(f'<circle id="ore-{h}" cx="{geo[h].cx}" cy="{geo[h].cy}" r="4.2"><title>ore on {h}'
                          f'</title></circle>' for h in hexes))


def _units(units: dict) -> Markup:
    """The units but pontoons, then the turrets on their pods.  Each unit's
    markup is kept by what it shows (issue #24): most units stand still from
    one step to the next, so a step writes only those that moved or changed."""
    bodies, turrets = [], []
    for uid, u in units.items():
        kind = u["kind"]
        if kind == "pontoon":
            continue
        if kind == "turret":
            turrets.append(_turret(uid, u["colour"], u["at"]))
        else:
            bodies.append(_unit(uid, kind, u["colour"], u["at"], u.get("tail"), tuple(u.get("cargo") or ()),
                                u.get("stuck"), u.get("neutralised_by"), u.get("abandoned")))
    return Markup("".join(bodies) + "".join(turrets))


@lru_cache(maxsize=4096)
def _turret(uid: str, colour: str, at: str) -> str:
    """A diamond in its colour, told apart from the dark discs of ore."""
    safe, c = escape(uid), _geo()[at]
    return (f'<rect class="turret" data-token="{safe}" data-label="{safe}" x="{num(c.x - 4)}" '
            f'y="{num(c.y - 4)}" width="8" height="8" transform="rotate(45 {c.cx} {c.cy})" '
            f'fill="{COLOUR[colour]}" stroke="#111827" stroke-width="1.4">'
            f'<title>{safe} (turret on {at})</title></rect>')


@lru_cache(maxsize=4096)
def _unit(uid: str, kind: str, colour: str, at: str, tail: str | None, cargo: tuple[str, ...],
          stuck: bool, neutralised_by: str, abandoned: bool) -> str:
    geo = _geo()
    safe, c, fill = escape(uid), geo[at], COLOUR[colour]
    out = [stuck and " stuck by the tide", neutralised_by and f" neutralised by {escape(neutralised_by)}",
           abandoned and " abandoned"]
    why = ",".join(w for w in out if w)
    title = f"{safe} ({KIND[kind]}) on {at}" + (f", tail {tail}" if tail else "") \
        + (f", carrying {escape(', '.join(cargo))}" if cargo else "") + (f";{why}" if why else "")
    parts = []
    back = geo[tail] if tail else None
    if back:  # the barge's body, under its two discs, answering no click (its discs do)
        parts.append(f'<line x1="{back.cx}" y1="{back.cy}" x2="{c.cx}" y2="{c.cy}" stroke="{fill}" stroke-width="8" '
                     f'stroke-linecap="round" opacity="0.75" pointer-events="none"/>')
    parts.append(f'<g class="unit {kind}{" out" if why else ""}" data-token="{safe}" data-label="{safe}">'
                 f'<title>{title}</title>')
    parts.append(f'<circle cx="{c.cx}" cy="{c.cy}" r="{UNIT_R}" fill="{fill}" stroke="#ffffff" stroke-width="1.2"/>'
                 f'<text x="{c.cx}" y="{c.cy}" dy="3" text-anchor="middle" font-size="8" font-weight="bold" '
                 f'fill="#ffffff">{LETTER[kind]}</text>')
    if cargo:
        parts.append(f'<text x="{c.cx}" y="{c.cy}" dx="5" dy="-5" font-size="6.5" font-weight="bold" fill="#111827" '
                     f'stroke="#ffffff" stroke-width="1.6" paint-order="stroke">+{len(cargo)}</text>')
    if why:  # a small cross on the disc's edge: the letter stays readable
        parts.append(f'<circle cx="{c.cx}" cy="{c.cy}" r="3.2" transform="translate(-5 5)" fill="#111827"/>'
                     f'<text x="{c.cx}" y="{c.cy}" dx="-5" dy="7.3" text-anchor="middle" font-size="6" '
                     f'font-weight="bold" fill="#ffffff">&#215;</text>')  # ×, as a reference (ARIA_NAME)
    parts.append("</g>")
    if back:  # its back hex: a disc of its own, whose middle is the barge's
        parts.append(f'<circle class="barge-tail" data-token="{safe}" data-label="{safe}" cx="{back.cx}" '
                     f'cy="{back.cy}" r="5" fill="{fill}" stroke="#ffffff" stroke-width="1"><title>{title}</title>'
                     f'</circle>')
    return "".join(parts)


# ---- beside the map: status, dock, orders ----------------------------------------------------
def _status(board: dict) -> dict[str, Any]:
    """The line above the map: turn, tide, whose turn, the seat's own forecast."""
    phase = board.get("phase") or "setup"
    return {
        "turn": board.get("turn", 0), "phase": PHASE.get(phase, phase), "tide": board.get("tide") or "",
        "forecast": ", ".join(board.get("forecast") or ()),
        "active": board.get("active") or "",
        "ap": board.get("action_points", 0) if phase == "play" else None,  # points are spent in play only
        "saved": {s: n for s, n in (board.get("saved") or {}).items() if n},
        "scores": [list(s) for s in board.get("scores") or ()], "winner": board.get("winner") or "",
        "reserve": board.get("reserve") or {},
        "timer": board.get("timer") or 0,
    }


# The dock (issue #24): written here, each piece of markup kept by the values
# it shows, read from the seat's own view (a Freighter's row holds that seat's
# turn-21 word, "chosen" for another's, so a kept row is only ever the view's
# own).  A unit's chips are keyed by a nested tuple, (id, kind, colour, the keys
# of its cargo), "ore" for a piece of ore; printed values are keyed as printed
# (1 and True are one key to a cache, not one text).
WHERE = {"landed": "on {centre}", "orbit": "in orbit", "departed": "gone, {score} points", "stranded": "stranded"}
ORE_CHIP = ('<span class="fmp-chip fmp-in fmp-ore" data-token="ore" data-label="ore" style="--c:#374151" '
            'title="a piece of ore">ore</span>')


def _dock(board: dict) -> partial:
    """Each Freighter with what is inside it (and what that carries), then the
    transporters on the map that carry something, then the notation's words:
    a function of the changed paths (a Freighter's row is outlined when it or
    its contents changed), for the template to call."""
    stowed = board.get("stowed") or {}
    freighters = board.get("freighters") or {}
    inside: dict[str, list[str]] = {}
    turrets = dict.fromkeys(freighters, 0)
    for uid, s in stowed.items():
        inside.setdefault(s.get("in", ""), []).append(uid)
        if s["in"] in turrets and s["kind"] == "turret":
            turrets[s["in"]] += 1
    choices = board.get("departures") or {}
    rows = []
    for colour, f in freighters.items():
        # (a turret is laid only on its pod: never a chip)
        held = tuple(_held(uid, stowed) for uid in inside.get(colour, ()) if stowed[uid]["kind"] != "turret")
        status = f.get("status", "")
        where = WHERE[status].format(centre=f.get("centre"), score=f.get("score", 0)) if status in WHERE else status
        choice = choices.get(colour, "")
        rows.append((colour, _text(colour), _text(f.get("controller", "")), _text(where), _text(f.get("ore", 0)),
                     turrets[colour], _text(choice) if choice else "", _chips(held)))
    carriers = tuple(_carrier(uid, u["kind"], u["colour"], u["at"],
                              tuple(_item(x, stowed) for x in u["cargo"]))
                     for uid, u in (board.get("units") or {}).items() if u.get("cargo"))
    return partial(_dock_html, tuple(rows), "".join(carriers), _orders_html(_orders(board)))


def _dock_html(rows: tuple, carriers: str, orders: str, changed) -> Markup:
    """The dock's markup, each row outlined when a path of its Freighter or of
    what it holds is among `changed` (the step's changed paths)."""
    out = ['<div class="fmp-dock" id="dock">']
    for colour, *shown in rows:
        hot = "aboard." + colour in changed or "freighters." + colour in changed
        out.append(_freighter_row(*shown, hot))
    if carriers:
        out.append(f'\n<div class="fmp-row" id="carried"><small>Carried on the map:</small>{carriers}\n</div>')
    out.append(orders)
    out.append("\n</div>")
    return Markup("".join(out))


@lru_cache(maxsize=1024)
def _freighter_row(colour: str, controller: str, where: str, ore: str, turrets: int, choice: str, chips: str,
                   hot: bool) -> str:
    """A Freighter's row of the dock (every text escaped already)."""
    fill = COLOUR.get(colour, "#4a5568")
    extra = (f", {turrets} turrets aboard" if turrets else "") + (f", turn 21: {choice}" if choice else "") \
        + ("; aboard:" if chips else "")
    return (f'\n<div class="fmp-row{" changed" if hot else ""}" id="freighter-{colour}">\n'
            f'<span class="fmp-freighter" data-token="{colour}" data-label="{colour} Freighter" style="--c:{fill}" '
            f'title="the {colour} Freighter: {ore} ore aboard">{colour} Freighter</span>\n'
            f"<small>{controller}'s, {where}, {ore} ore{extra}</small>{chips}\n</div>")


def _item(item, stowed: dict):
    """A cargo item's key: "ore", or a unit as (id, kind, colour, its cargo's keys)."""
    if item == "ore":
        return "ore"
    s = stowed.get(item) or {}
    return item, s.get("kind", ""), s.get("colour", ""), tuple(_item(x, stowed) for x in s.get("cargo") or ())


def _held(uid: str, stowed: dict) -> tuple:
    """A unit inside a Freighter, keyed as `_item` keys a cargo's unit."""
    s = stowed[uid]
    return uid, s["kind"], s["colour"], tuple(_item(x, stowed) for x in s["cargo"])


@lru_cache(maxsize=1024)
def _chips(held: tuple) -> str:
    """The chips of what a Freighter holds: each unit, then what it carries,
    a line each."""
    return "".join(_chip(uid, kind, colour, cargo, "fmp-chip", "\n") + _cargo(cargo, "\n")
                   for uid, kind, colour, cargo in held)


@lru_cache(maxsize=1024)
def _cargo(items: tuple, sep: str = "") -> str:
    """The chips of a cargo, and of the cargo of each unit in it (a crab on a
    barge carrying ore), each after `sep`: `ore` is its own token."""
    out = []
    for key in items:
        if key == "ore":
            out.append(sep + ORE_CHIP)
        else:
            uid, kind, colour, cargo = key
            out.append(_chip(uid, kind, colour, cargo, "fmp-chip fmp-in", sep) + _cargo(cargo, sep))
    return "".join(out)


def _chip(uid: str, kind: str, colour: str, cargo: tuple, cls: str, sep: str, where: str = "") -> str:
    """A unit off the map as the dock shows it: letter and number, its colour,
    what it carries in its title (and where it stands, `where`)."""
    carrying = ", carrying " + ", ".join(x if x == "ore" else x[0] for x in cargo) if cargo else ""
    token = _text(uid)
    return (f'{sep}<span class="{cls}" data-token="{token}" data-label="{token}" '
            f'style="--c:{_text(COLOUR.get(colour, "#4a5568"))}" '
            f'title="{_text(f"{uid} ({KIND.get(kind, kind)}){carrying}")}{where}">'
            f'{_text(LETTER.get(kind, "?") + uid.rsplit("-", 1)[-1])}</span>')


@lru_cache(maxsize=1024)
def _carrier(uid: str, kind: str, colour: str, at: str, cargo: tuple) -> str:
    """A transporter on the map that carries something, and its cargo's chips."""
    place = _text(at)
    return (f'\n<span class="fmp-carrier">{_chip(uid, kind, colour, (), "fmp-chip", "", f" on {place}")}'
            f'<small>{place}:</small>{_cargo(cargo)}</span>')


WORDS = {"Pods": PODS, "Turn 21": DEPARTURE, "Assault": ASSAULT, "A Weather Hen lays": LAYS}


def _orders(board: dict) -> tuple[str, ...]:
    """The groups of the notation's words a player may point at now (`WORDS`), by what they are for."""
    phase = board.get("phase")
    if phase == "landing":
        return ("Pods",)
    if phase == "departure":
        return ("Turn 21",)
    if phase != "play":
        return ()
    if any(u["kind"] == "weatherhen" and "ore" in (u.get("cargo") or ()) for u in (board.get("units") or {}).values()):
        return ("Assault", "A Weather Hen lays")
    return ("Assault",)


@cache
def _orders_html(groups: tuple[str, ...]) -> str:
    """The words of these groups, written once for each set of groups offered."""
    if not groups:
        return ""
    out = ['\n<div class="fmp-row fmp-orders" id="orders">']
    for label in groups:
        out.append(f"\n<small>{_text(label)}:</small>")
        out += [f'<span class="fmp-word" data-token="{_text(w["token"])}" data-label="{_text(w["label"])}" '
                f'title="{_text(w["title"])}">{_text(w["text"])}</span>' for w in WORDS[label]]
    out.append("\n</div>")
    return "".join(out)
