"""A map of flat-topped hexes in columns, odd columns half a hex lower.

This is Full Metal Planète's layout: 37 columns by 23 rows, 851 whole
hexes.  Columns and rows count from 0 in code; the text notation names a
hex by column letters and a 1-based row, as printed maps do ("A1" is the
top-left hex, "AK23" the bottom-right one on a 37x23 map).  In the usual
hex vocabulary this is the "odd-q" offset layout; distances and lines are
computed in axial/cube coordinates, where they are plain arithmetic.

>>> grid = HexGrid(37, 23)
>>> len(grid)
851
>>> [str(h) for h in grid.neighbours(Hex.parse("D5"))]
['D4', 'E5', 'E6', 'D6', 'C6', 'C5']
>>> grid.distance(Hex.parse("A1"), Hex.parse("D5"))
6
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import Enum

from .notation import cell_name, parse_cell

SQRT3 = math.sqrt(3)


class HexDirection(Enum):
    """The six sides of a flat-topped hex, clockwise from the top.

    Each value is the (dq, dr) step in axial coordinates, which is the same
    for every column (offset steps differ between odd and even columns).
    """

    N = (0, -1)
    NE = (1, -1)
    SE = (1, 0)
    S = (0, 1)
    SW = (-1, 1)
    NW = (-1, 0)

    def rotate(self, steps: int) -> HexDirection:
        """Turned by `steps` sixths of a turn, clockwise when positive.

        >>> HexDirection.N.rotate(1), HexDirection.N.rotate(-1)
        (<HexDirection.NE: (1, -1)>, <HexDirection.NW: (-1, 0)>)
        """
        return _HEX_DIRECTIONS[(_HEX_DIRECTIONS.index(self) + steps) % 6]

    @property
    def opposite(self) -> HexDirection:
        return self.rotate(3)


_HEX_DIRECTIONS = tuple(HexDirection)


@dataclass(frozen=True, order=True, slots=True)
class Hex:
    """One hex by 0-based column and row; sorts column by column.

    >>> Hex(3, 4), str(Hex(3, 4)), Hex.parse("AK23")
    (Hex(col=3, row=4), 'D5', Hex(col=36, row=22))
    """

    col: int
    row: int

    def __post_init__(self) -> None:
        if self.col < 0 or self.row < 0:
            raise ValueError(f"a hex has a column and row of 0 or more, not ({self.col}, {self.row})")

    def __str__(self) -> str:
        return cell_name(self.col, self.row)

    @classmethod
    def parse(cls, text: str) -> Hex:
        """The hex named `text` ("D5"); ValueError explains a bad name."""
        return cls(*parse_cell(text))


def _axial(h: Hex) -> tuple[int, int]:
    # An odd column sits half a hex lower, so its row r lines up with axial
    # row r - (col - 1) / 2; `col & 1` keeps this exact for negative columns.
    return h.col, h.row - (h.col - (h.col & 1)) // 2


def _offset(q: int, r: int) -> tuple[int, int]:
    return q, r + (q - (q & 1)) // 2


def _cube_round(q: float, r: float) -> tuple[int, int]:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    # Rounding three coordinates separately can break q + r + s == 0: the
    # one that moved most is rebuilt from the other two.
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return rq, rr


def hex_distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes on an unbounded map (the cube distance)."""
    aq, ar = _axial(a)
    bq, br = _axial(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@dataclass(frozen=True)
class HexGrid:
    """A board of `cols` x `rows` hexes; memoises what games ask often.

    The caches fill as hexes are asked about; a game keeps one grid per map
    (a module constant), so each answer is computed once per process.
    """

    cols: int
    rows: int
    _neighbours: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _within: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.cols < 1 or self.rows < 1:
            raise ValueError(f"a hex grid needs at least one column and row, not {self}")

    # -- the board -----------------------------------------------------

    def contains(self, h: Hex) -> bool:
        return 0 <= h.col < self.cols and 0 <= h.row < self.rows

    __contains__ = contains

    def __iter__(self) -> Iterator[Hex]:
        """Every hex, column by column (the order `Hex` sorts in)."""
        for col in range(self.cols):
            for row in range(self.rows):
                yield Hex(col, row)

    def __len__(self) -> int:
        return self.cols * self.rows

    def parse(self, text: str) -> Hex:
        """The hex named `text`, which must be on this board."""
        h = Hex.parse(text)
        self._require(h)
        return h

    def _require(self, h: Hex) -> None:
        if not self.contains(h):
            raise ValueError(f"hex {h} is off the {self.cols}x{self.rows} map")

    # -- adjacency -----------------------------------------------------

    def neighbour(self, h: Hex, direction: HexDirection) -> Hex | None:
        """The hex beside `h` across `direction`, or None off the board."""
        q, r = _axial(h)
        dq, dr = direction.value
        col, row = _offset(q + dq, r + dr)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return Hex(col, row)
        return None

    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """The on-board hexes beside `h`, in direction order N, NE, SE, S, SW, NW."""
        found = self._neighbours.get(h)
        if found is None:
            self._require(h)
            found = tuple(n for d in _HEX_DIRECTIONS if (n := self.neighbour(h, d)) is not None)
            self._neighbours[h] = found
        return found

    @staticmethod
    def are_adjacent(a: Hex, b: Hex) -> bool:
        return hex_distance(a, b) == 1

    @staticmethod
    def direction_to(a: Hex, b: Hex) -> HexDirection | None:
        """The side of `a` that touches `b`, or None when they do not touch."""
        aq, ar = _axial(a)
        bq, br = _axial(b)
        for d in _HEX_DIRECTIONS:
            if d.value == (bq - aq, br - ar):
                return d
        return None

    # -- distance and areas ---------------------------------------------

    @staticmethod
    def distance(a: Hex, b: Hex) -> int:
        """Steps from `a` to `b`: the board has no holes, so this is also the
        shortest path on the board."""
        return hex_distance(a, b)

    def within(self, h: Hex, k: int) -> frozenset[Hex]:
        """The on-board hexes at distance k or less from `h` (a fire range).

        >>> len(HexGrid(37, 23).within(Hex.parse("J10"), 2))
        19
        """
        key = (h, k)
        found = self._within.get(key)
        if found is None:
            self._require(h)
            q0, r0 = _axial(h)
            cells = []
            for dq in range(-k, k + 1):
                for dr in range(max(-k, -dq - k), min(k, -dq + k) + 1):
                    col, row = _offset(q0 + dq, r0 + dr)
                    if 0 <= col < self.cols and 0 <= row < self.rows:
                        cells.append(Hex(col, row))
            found = frozenset(cells)
            self._within[key] = found
        return found

    def ring(self, h: Hex, k: int) -> frozenset[Hex]:
        """The on-board hexes at exactly distance k from `h`."""
        if k < 0:
            return frozenset()
        if k == 0:
            return self.within(h, 0)
        return self.within(h, k) - self.within(h, k - 1)

    def line(self, a: Hex, b: Hex) -> tuple[Hex, ...]:
        """The hexes a straight line from `a`'s centre to `b`'s crosses, `a` first.

        Each step is one hex (consecutive hexes touch).  Where the line runs
        exactly along a side between two hexes, a tiny nudge picks one, the
        same one every time.  Both ends must be on the board, and so is every
        hex of the line.
        """
        self._require(a)
        self._require(b)
        # A line along the jagged bottom edge can tie between a board hex and
        # the half-hex below it; nudging the other way then keeps it on the board.
        for eps in (1e-6, -1e-6):
            cells = _cube_line(a, b, eps)
            if all(0 <= c < self.cols and 0 <= r < self.rows for c, r in cells):
                return tuple(Hex(c, r) for c, r in cells)
        raise AssertionError(f"no on-board line from {a} to {b}")  # a rectangle is never this

    def connected(self, hexes: Iterable[Hex]) -> list[frozenset[Hex]]:
        """The groups of touching hexes among `hexes` (islands, pontoon chains),
        ordered by their first hex.

        >>> grid = HexGrid(5, 5)
        >>> [sorted(map(str, g)) for g in grid.connected(map(Hex.parse, ["A1", "B1", "D4"]))]
        [['A1', 'B1'], ['D4']]
        """
        left = set(hexes)
        for h in left:
            self._require(h)
        groups = []
        for start in sorted(left):
            if start not in left:
                continue
            left.discard(start)
            group, frontier = {start}, [start]
            while frontier:
                for n in self.neighbours(frontier.pop()):
                    if n in left:
                        left.discard(n)
                        group.add(n)
                        frontier.append(n)
            groups.append(frozenset(group))
        return groups

    # -- drawing ---------------------------------------------------------

    @staticmethod
    def center(h: Hex, size: float) -> tuple[float, float]:
        """The centre of `h` in pixels for hexes of circumradius `size`, with
        the board's top-left corner at (0, 0) and y growing downwards."""
        x = size * (1 + 1.5 * h.col)
        y = size * SQRT3 * (0.5 + h.row + 0.5 * (h.col & 1))
        return round(x, 3), round(y, 3)

    @classmethod
    def corners(cls, h: Hex, size: float) -> tuple[tuple[float, float], ...]:
        """The six corners of `h` (an SVG polygon), clockwise from the right one."""
        x, y = cls.center(h, size)
        return tuple(
            (round(x + size * math.cos(a), 3), round(y + size * math.sin(a), 3))
            for a in (math.radians(60 * i) for i in range(6))
        )

    def pixel_bounds(self, size: float) -> tuple[float, float]:
        """(width, height) of the whole board in pixels."""
        width = size * (1.5 * (self.cols - 1) + 2)
        height = size * SQRT3 * (self.rows + (0.5 if self.cols > 1 else 0))
        return round(width, 3), round(height, 3)


def _cube_line(a: Hex, b: Hex, eps: float) -> list[tuple[int, int]]:
    n = hex_distance(a, b)
    aq, ar = _axial(a)
    bq, br = _axial(b)
    # Interpolate between nudged centres so that no point falls exactly on a
    # side between two hexes (s gets -3 eps to keep q + r + s == 0).
    aq, ar, bq, br = aq + eps, ar + 2 * eps, bq + eps, br + 2 * eps
    cells = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        cells.append(_offset(*_cube_round(aq + (bq - aq) * t, ar + (br - ar) * t)))
    return cells
