"""The still part of the board picture: 851 terrain hexes, the dotted
landing-zone boundaries and the row and column labels, as SVG markup.

It depends only on the map, the tide (reefs and swamps are drawn wet or dry)
and whether the zones are shown (turns 1 and 2), so it is built once per
(geometry, tide, zones) and cached; the template `viewer/templates/boards/fmp.html`
prints it and draws only what moves (ore, units, fire zones, highlights).
The geometry is the viewer's (`viewer.boards.hex_board`, passed in by the
template): this module places its precomputed shapes and computes none.
"""

from __future__ import annotations

from functools import cache, lru_cache

from engine.kit.hexgrid import HexDirection

from . import board as b

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


def fills(tide: str) -> dict[str, str]:
    """Terrain -> fill at this tide."""
    wet = {t: "wet" if _WET[t][tide] else "dry" for t in _WET}
    return {**_FILL, **{t: f"url(#fmp-{t}-{w})" for t, w in wet.items()}}


@lru_cache(maxsize=12)
def ground(geo, tide: str, zones: bool) -> str:
    """The terrain layer (every hex, class "hex <terrain>"), then the zone
    boundaries if `zones`, then the labels: one string per geometry, tide and
    zone flag."""
    fill, attrs = fills(tide or "normal"), geo.attrs
    out = ['<defs>', PATTERNS, '</defs>\n<g class="hexes" stroke="#6b7280" stroke-width="0.6">']
    out += [f'<polygon {attrs[h]} class="hex {t}" fill="{fill[t]}"/>' for h, t in _terrain().items()]
    out.append("</g>")
    if zones:
        out.append('\n<g class="zones" fill="none" stroke="#1a202c" stroke-width="1.6" stroke-dasharray="2 2.5" '
                   'stroke-linecap="round"><title>landing-zone boundaries</title>')
        for h, i, j in zone_sides():
            p = geo[h].points.split(" ")
            out.append(f'<polyline points="{p[i]} {p[j]}"/>')
        out.append("</g>")
    out.append('\n<g class="labels" fill="#1f2937" font-size="7" text-anchor="middle" opacity="0.75">')
    top, left = _edge()
    out += [f'<text x="{geo[h].cx}" y="{geo[h].cy}" dy="-5">{h[:-1]}</text>' for h in top]
    out += [f'<text x="{geo[h].cx}" y="{geo[h].cy}" dx="-7" dy="2.5" text-anchor="start">{h[1:]}</text>'
            for h in left]
    out.append("</g>")
    return "".join(out)


# Sides of a flat-topped hex by neighbour direction (N, NE, SE, S, SW, NW), as the
# indices of its two corners in the kit's corner order (clockwise from the right one).
_SIDE_CORNERS = ((4, 5), (5, 0), (0, 1), (1, 2), (2, 3), (3, 4))
_DIRECTIONS = (HexDirection.N, HexDirection.NE, HexDirection.SE, HexDirection.S, HexDirection.SW, HexDirection.NW)


@cache
def zone_sides() -> tuple[tuple[str, int, int], ...]:
    """The dotted boundaries of the landing zones: (hex, corner, corner) for
    each side of a zone hex that borders another zone or no zone; on the sea
    side the coast is boundary enough."""
    sector = b.sector()
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
    cells = sorted(b.sector().terrain)
    return tuple(str(h) for h in cells if h.row == 0), tuple(str(h) for h in cells if h.col == 0)


@cache
def _terrain() -> dict[str, str]:
    """Every hex's terrain, column by column (the map of the content)."""
    return {str(h): t for h, t in sorted(b.sector().terrain.items())}
