"""Board geometry for the templates in `viewer/templates/boards/`.

Everything here is computed in Python once per map and cached
(`functools.lru_cache`): a template only places the precomputed shapes,
so an 851-hex board renders in milliseconds.  `register(env)` makes the
functions Jinja globals; docs/boards.md is the contract a board template
follows.

Numbers come out as SVG-ready strings with one decimal ("12.5"), the
precision the boards are drawn at.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any

from markupsafe import Markup

from engine.kit.picture import changed_ids  # noqa: F401 - the templates' filter, shared with game pictures

PAD = 2.0  # viewBox units left around a grid so that outlines are not cut
# The last wall behind viewer/bounds.py: no game's picture comes near these
# (FMP's map is 851 hexes, the largest graph about 90 spaces).
MAX_CELLS = 4096
MAX_NODES = 1024


def _within(count: int, ceiling: int, what: str) -> None:
    if not 0 <= count <= ceiling:
        raise ValueError(f"{what}: {count} is more than any board draws ({ceiling} at most)")


def num(x: float) -> str:
    """A coordinate as the boards print it: one decimal."""
    return f"{x:.1f}"


def _points(pts) -> str:
    return " ".join(f"{num(x)},{num(y)}" for x, y in pts)


# ---- grids ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    """One hex or square: its SVG polygon `points` and its centre (`cx`, `cy`).
    `attrs` is the polygon's id="hex-D4" data-id="D4" points="..." ready to print."""

    id: str
    col: int
    row: int
    points: str
    cx: str
    cy: str
    x: float  # the centre as numbers, for placing things beside it
    y: float
    attrs: Markup


@dataclass(frozen=True, eq=False)
class Grid:
    """A whole map: `width` x `height` viewBox units and its cells by id, in
    reading order (column by column for hexes, row by row for squares)."""

    kind: str  # "hex" or "square": the cells' class and id prefix
    width: str
    height: str
    size: float
    cells: dict[str, Cell] = field(repr=False)

    def __getitem__(self, cell_id: str) -> Cell:
        return self.cells[cell_id]

    @cached_property
    def attrs(self) -> dict[str, Markup]:
        """{id: the cell's id, data-id and points attributes}, for loops over a map."""
        return {k: c.attrs for k, c in self.cells.items()}

    def __contains__(self, cell_id: object) -> bool:
        return cell_id in self.cells

    def __iter__(self):
        return iter(self.cells.values())

    def __len__(self) -> int:
        return len(self.cells)

    @property
    def viewbox(self) -> str:
        return f"0 0 {self.width} {self.height}"


def _grid(kind: str, size: float, shapes: list[tuple[str, int, int, list[tuple[float, float]], tuple[float, float]]]) -> Grid:
    """Shift every shape so that the map starts at (PAD, PAD); measure it."""
    xs = [x for *_, corners, _ in shapes for x, _ in corners]
    ys = [y for *_, corners, _ in shapes for _, y in corners]
    dx, dy = PAD - min(xs), PAD - min(ys)
    cells = {}
    for cell_id, col, row, corners, (cx, cy) in shapes:
        points = _points((x + dx, y + dy) for x, y in corners)
        # data-token: a cell's name is the token the notation uses for it
        # (a player points at it: docs/boards.md, "Pointing").
        attrs = Markup('id="{}-{}" data-id="{}" data-token="{}" points="{}"').format(kind, cell_id, cell_id,
                                                                                     cell_id, points)
        cells[cell_id] = Cell(cell_id, col, row, points, num(cx + dx), num(cy + dy), cx + dx, cy + dy, attrs)
    return Grid(kind, num(max(xs) + dx + PAD), num(max(ys) + dy + PAD), size, cells)


@lru_cache(maxsize=32)
def hex_board(cols: int, rows: int, size: float = 20) -> Grid:
    """A flat-topped hex map in the notation of `engine.kit.hexgrid` ("A1".."AK23":
    column letters, then the row from 1; odd 0-based columns half a hex lower).
    `size` is a hex's circumradius."""
    from engine.kit.hexgrid import HexGrid

    _within(cols * rows, MAX_CELLS, "hexes")
    grid = HexGrid(cols, rows)
    shapes = []
    for h in grid:  # column by column
        shapes.append((str(h), h.col, h.row, list(grid.corners(h, size)), grid.center(h, size)))
    return _grid("hex", size, shapes)


@lru_cache(maxsize=32)
def square_board(width: int, height: int, size: float = 40) -> Grid:
    """A board of `width` x `height` squares in the notation of
    `engine.kit.squaregrid` ("A1": column letter, then the row from 1 at the top).
    `size` is a square's side."""
    from engine.kit.squaregrid import SquareGrid

    _within(width * height, MAX_CELLS, "squares")
    grid = SquareGrid(width, height)
    shapes = []
    for sq in grid:  # row by row, from the top
        x, y = grid.origin(sq, size)
        corners = [(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
        shapes.append((str(sq), sq.col, sq.row, corners, (x + size / 2, y + size / 2)))
    return _grid("square", size, shapes)


# ---- area / space graphs ----------------------------------------------------------------------
@dataclass(frozen=True)
class Node:
    id: str
    cx: str
    cy: str
    x: float
    y: float


@dataclass(frozen=True)
class Link:
    a: str
    b: str
    x1: str
    y1: str
    x2: str
    y2: str


@dataclass(frozen=True, eq=False)
class GraphLayout:
    width: str
    height: str
    nodes: dict[str, Node] = field(repr=False)
    links: list[Link] = field(repr=False)

    def __getitem__(self, node_id: str) -> Node:
        return self.nodes[node_id]

    @property
    def viewbox(self) -> str:
        return f"0 0 {self.width} {self.height}"


def graph_layout(nodes, edges, width: float = 600, height: float = 400, margin: float = 30,
                 positions: dict | None = None, iterations: int = 300) -> GraphLayout:
    """Places an area/space graph: `nodes` (ids), `edges` (pairs of ids).

    `positions` ({id: (x, y)}, any scale, e.g. from a game's content file)
    places nodes where a map prints them; nodes without one are laid out by a
    force-directed pass (Fruchterman-Reingold, deterministic). Either way the
    picture is scaled into `width` x `height` with `margin` around it.
    Lists are accepted (from templates); the result is cached."""
    nodes = list(nodes)
    _within(len(nodes), MAX_NODES, "spaces")
    pos = tuple(sorted((str(k), (float(v[0]), float(v[1]))) for k, v in (positions or {}).items()))
    return _graph_layout(tuple(str(n) for n in nodes), tuple((str(a), str(b)) for a, b in edges),
                         float(width), float(height), float(margin), pos, iterations)


@lru_cache(maxsize=32)
def _graph_layout(nodes: tuple[str, ...], edges: tuple[tuple[str, str], ...], width: float,
                  height: float, margin: float, fixed: tuple, iterations: int) -> GraphLayout:
    given = dict(fixed)
    n = len(nodes)
    # start on a circle, in the order given; fixed nodes where they are
    xy = {v: list(given.get(v, (math.cos(2 * math.pi * i / max(n, 1)), math.sin(2 * math.pi * i / max(n, 1)))))
          for i, v in enumerate(nodes)}
    free = [v for v in nodes if v not in given]
    if free and n > 1:
        k = math.sqrt(4.0 / n)  # ideal distance in a 2 x 2 square
        temperature = 0.2
        for _ in range(iterations):
            move = {v: [0.0, 0.0] for v in free}
            for i, v in enumerate(nodes):
                for u in nodes[i + 1:]:
                    ddx, ddy = xy[v][0] - xy[u][0], xy[v][1] - xy[u][1]
                    d2 = max(ddx * ddx + ddy * ddy, 1e-6)
                    f = k * k / d2
                    if v in move:
                        move[v][0] += ddx * f
                        move[v][1] += ddy * f
                    if u in move:
                        move[u][0] -= ddx * f
                        move[u][1] -= ddy * f
            for a, b in edges:
                if a not in xy or b not in xy:
                    continue
                ddx, ddy = xy[a][0] - xy[b][0], xy[a][1] - xy[b][1]
                d = max(math.hypot(ddx, ddy), 1e-3)
                f = d / k
                if a in move:
                    move[a][0] -= ddx * f
                    move[a][1] -= ddy * f
                if b in move:
                    move[b][0] += ddx * f
                    move[b][1] += ddy * f
            for v, (mx, my) in move.items():
                d = max(math.hypot(mx, my), 1e-9)
                step = min(d, temperature)
                xy[v][0] += mx / d * step
                xy[v][1] += my / d * step
            temperature = max(temperature * 0.98, 0.002)
    xs = [p[0] for p in xy.values()] or [0.0]
    ys = [p[1] for p in xy.values()] or [0.0]
    spanx, spany = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
    scale = min((width - 2 * margin) / spanx, (height - 2 * margin) / spany)
    ox = margin + (width - 2 * margin - spanx * scale) / 2  # centred in the box
    oy = margin + (height - 2 * margin - spany * scale) / 2
    placed = {}
    for v in nodes:
        x = ox + (xy[v][0] - min(xs)) * scale
        y = oy + (xy[v][1] - min(ys)) * scale
        placed[v] = Node(v, num(x), num(y), x, y)
    links = [Link(a, b, placed[a].cx, placed[a].cy, placed[b].cx, placed[b].cy)
             for a, b in edges if a in placed and b in placed]
    return GraphLayout(num(width), num(height), placed, links)


# ---- Jinja ------------------------------------------------------------------------------------
GLOBALS: dict[str, Any] = {
    "hex_board": hex_board, "square_board": square_board, "graph_layout": graph_layout,
    "changed_ids": changed_ids,
}


_DICT_NAMES = frozenset(dir(dict))


def _dict_first(getattr_):
    """Jinja looks `x.name` up as an attribute first and as an item second, so
    on a dict every `hex.terrain` raises and catches an AttributeError.  For a
    dict and a name that is not a dict method, the attribute lookup can only
    fail: go to the item straight away (same answers, about twice as fast in
    an 851-hex loop)."""

    def lookup(obj, attribute):
        if type(obj) is dict and attribute not in _DICT_NAMES:
            try:
                return obj[attribute]
            except (KeyError, TypeError):
                pass
        return getattr_(obj, attribute)

    lookup.boardlog_dict_first = True
    return lookup


def register(env) -> None:
    """Make the geometry functions Jinja globals of `env` (a jinja2.Environment,
    e.g. `Jinja2Templates(...).env`), and speed up `dict.key` lookups."""
    env.globals.update(GLOBALS)
    if not getattr(env.getattr, "boardlog_dict_first", False):
        env.getattr = _dict_first(env.getattr)
