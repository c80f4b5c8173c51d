"""A board of squares, with compass directions and facing.

Anna's Roundtable plays on 6x6 squares, Brutality on a board eight squares
wide.  Columns and rows count from 0 in code.  The text notation is column
letters then a row number, with row 1 the TOP row of the board as printed
(and as drawn on screen, y growing downwards): "A1" is the top-left square.
So north is up the page and row numbers grow southwards.

>>> board = SquareGrid(8, 8)
>>> str(board.step(Square.parse("A1"), Direction.SE))
'B2'
>>> [str(s) for s in board.ray(Square.parse("C3"), Direction.W)]
['B3', 'A3']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from .notation import cell_name, parse_cell

Metric = Literal["manhattan", "chebyshev"]
Side = Literal["front", "side", "back"]


class Direction(Enum):
    """The eight compass directions, clockwise from north (up the page).

    Each value is the (dx, dy) step: dx grows eastwards (to the right),
    dy southwards (down the page, towards higher row numbers).
    """

    N = (0, -1)
    NE = (1, -1)
    E = (1, 0)
    SE = (1, 1)
    S = (0, 1)
    SW = (-1, 1)
    W = (-1, 0)
    NW = (-1, -1)

    @property
    def dx(self) -> int:
        return self.value[0]

    @property
    def dy(self) -> int:
        return self.value[1]

    @property
    def is_diagonal(self) -> bool:
        return self.dx != 0 and self.dy != 0

    def rotate(self, steps: int) -> Direction:
        """Turned by `steps` eighths of a turn (45°), clockwise when positive.

        >>> Direction.N.rotate(1), Direction.N.rotate(-2)
        (<Direction.NE: (1, -1)>, <Direction.W: (-1, 0)>)
        """
        return _DIRECTIONS[(_DIRECTIONS.index(self) + steps) % 8]

    def turn_right(self) -> Direction:
        """A quarter turn clockwise."""
        return self.rotate(2)

    def turn_left(self) -> Direction:
        """A quarter turn anticlockwise."""
        return self.rotate(-2)

    @property
    def opposite(self) -> Direction:
        return self.rotate(4)

    @classmethod
    def from_step(cls, dx: int, dy: int) -> Direction | None:
        """The direction of a one-square step, or None if (dx, dy) is not one."""
        return _BY_STEP.get((dx, dy))


_DIRECTIONS = tuple(Direction)
_BY_STEP = {d.value: d for d in Direction}
ORTHOGONAL = (Direction.N, Direction.E, Direction.S, Direction.W)


@dataclass(frozen=True, order=True, slots=True)
class Square:
    """One square by 0-based column and row (row 0 is the top row, "1").

    >>> Square(0, 0), str(Square(7, 7)), Square.parse("H8")
    (Square(col=0, row=0), 'H8', Square(col=7, row=7))
    """

    col: int
    row: int

    def __post_init__(self) -> None:
        if self.col < 0 or self.row < 0:
            raise ValueError(
                f"a square has a column and row of 0 or more, not ({self.col}, {self.row})"
            )

    def __str__(self) -> str:
        return cell_name(self.col, self.row)

    @classmethod
    def parse(cls, text: str) -> Square:
        """The square named `text` ("D5"); ValueError explains a bad name."""
        return cls(*parse_cell(text))


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


@dataclass(frozen=True)
class SquareGrid:
    """A board `width` squares wide and `height` squares high."""

    width: int
    height: int
    _neighbours: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    _within: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.width < 1 or self.height < 1:
            raise ValueError(f"a square grid needs at least one column and row, not {self}")

    # -- the board -----------------------------------------------------

    def contains(self, sq: Square) -> bool:
        return 0 <= sq.col < self.width and 0 <= sq.row < self.height

    __contains__ = contains

    def __iter__(self) -> Iterator[Square]:
        """Every square in reading order: row 1 left to right, then row 2..."""
        for row in range(self.height):
            for col in range(self.width):
                yield Square(col, row)

    def __len__(self) -> int:
        return self.width * self.height

    def parse(self, text: str) -> Square:
        """The square named `text`, which must be on this board."""
        sq = Square.parse(text)
        self._require(sq)
        return sq

    def _require(self, sq: Square) -> None:
        if not self.contains(sq):
            raise ValueError(f"square {sq} is off the {self.width}x{self.height} board")

    # -- steps -----------------------------------------------------------

    def step(self, sq: Square, direction: Direction, n: int = 1) -> Square | None:
        """The square `n` steps from `sq` towards `direction`, or None off the board."""
        col, row = sq.col + direction.dx * n, sq.row + direction.dy * n
        if 0 <= col < self.width and 0 <= row < self.height:
            return Square(col, row)
        return None

    def neighbours(self, sq: Square, diagonal: bool = False) -> tuple[Square, ...]:
        """The on-board squares beside `sq`, clockwise from north: the four
        orthogonal ones, or all eight with `diagonal`."""
        key = (sq, diagonal)
        found = self._neighbours.get(key)
        if found is None:
            self._require(sq)
            directions = _DIRECTIONS if diagonal else ORTHOGONAL
            found = tuple(n for d in directions if (n := self.step(sq, d)) is not None)
            self._neighbours[key] = found
        return found

    def ray(self, sq: Square, direction: Direction, length: int | None = None) -> tuple[Square, ...]:
        """The squares beyond `sq` in a straight line, nearest first, up to the
        board's edge or `length` squares (a knockback path, a charge).

        Empty when `sq` is against the edge in that direction: a hero knocked
        into the edge from a corner stays put (Brutality, "Corner Spaces").
        """
        squares = []
        current = sq
        while length is None or len(squares) < length:
            nxt = self.step(current, direction)
            if nxt is None:
                break
            squares.append(nxt)
            current = nxt
        return tuple(squares)

    # -- distance and areas ---------------------------------------------

    @staticmethod
    def distance_manhattan(a: Square, b: Square) -> int:
        """Orthogonal steps from `a` to `b` (range "not counted diagonally")."""
        return abs(a.col - b.col) + abs(a.row - b.row)

    @staticmethod
    def distance_chebyshev(a: Square, b: Square) -> int:
        """King's steps from `a` to `b` (diagonal steps allowed)."""
        return max(abs(a.col - b.col), abs(a.row - b.row))

    def within(self, sq: Square, k: int, metric: Metric = "manhattan") -> frozenset[Square]:
        """The on-board squares at distance k or less from `sq` under `metric`.

        >>> len(SquareGrid(6, 6).within(Square.parse("C3"), 1)), len(
        ...     SquareGrid(6, 6).within(Square.parse("C3"), 1, "chebyshev"))
        (5, 9)
        """
        if metric not in ("manhattan", "chebyshev"):
            raise ValueError(f"unknown metric {metric!r}: use 'manhattan' or 'chebyshev'")
        key = (sq, k, metric)
        found = self._within.get(key)
        if found is None:
            self._require(sq)
            measure = self.distance_manhattan if metric == "manhattan" else self.distance_chebyshev
            found = frozenset(
                Square(col, row)
                for col in range(max(0, sq.col - k), min(self.width, sq.col + k + 1))
                for row in range(max(0, sq.row - k), min(self.height, sq.row + k + 1))
                if measure(sq, Square(col, row)) <= k
            )
            self._within[key] = found
        return found

    @staticmethod
    def line(a: Square, b: Square) -> tuple[Square, ...]:
        """The squares of a Bresenham line from `a` to `b`, both included.

        Consecutive squares touch (diagonally at times).  The line is drawn
        from the lesser end, so `line(b, a)` is `line(a, b)` reversed: line
        of sight is the same both ways.

        >>> [str(s) for s in SquareGrid.line(Square.parse("A1"), Square.parse("D2"))]
        ['A1', 'B1', 'C2', 'D2']
        """
        if b < a:
            return SquareGrid.line(b, a)[::-1]
        dx, dy = abs(b.col - a.col), -abs(b.row - a.row)
        sx, sy = _sign(b.col - a.col), _sign(b.row - a.row)
        err = dx + dy
        col, row = a.col, a.row
        squares = [a]
        while (col, row) != (b.col, b.row):
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                col += sx
            if e2 <= dx:
                err += dx
                row += sy
            squares.append(Square(col, row))
        return tuple(squares)

    @staticmethod
    def direction_between(a: Square, b: Square) -> Direction | None:
        """The compass direction from `a` to `b` when `b` lies on a straight or
        diagonal line from `a`; None otherwise (or when a == b).

        >>> SquareGrid.direction_between(Square.parse("A1"), Square.parse("C3"))
        <Direction.SE: (1, 1)>
        """
        dx, dy = b.col - a.col, b.row - a.row
        if (dx, dy) == (0, 0) or (dx and dy and abs(dx) != abs(dy)):
            return None
        return Direction.from_step(_sign(dx), _sign(dy))

    @staticmethod
    def relative_side(facing: Direction, attacker: Square, target: Square) -> Side:
        """Which side of a unit on `target`, facing `facing`, an attack from
        `attacker` comes from.

        "front" when the attacker stands anywhere ahead of the line through
        the target across its facing, "back" when behind it, "side" when on
        that line (level with the target).

        >>> SquareGrid.relative_side(Direction.N, Square.parse("B1"), Square.parse("B3"))
        'front'
        >>> SquareGrid.relative_side(Direction.N, Square.parse("A3"), Square.parse("B3"))
        'side'
        """
        ahead = (attacker.col - target.col) * facing.dx + (attacker.row - target.row) * facing.dy
        return "front" if ahead > 0 else "back" if ahead < 0 else "side"

    # -- drawing ---------------------------------------------------------

    @staticmethod
    def origin(sq: Square, size: float) -> tuple[float, float]:
        """The top-left corner of `sq` in pixels for squares `size` wide."""
        return sq.col * size, sq.row * size

    @staticmethod
    def center(sq: Square, size: float) -> tuple[float, float]:
        return (sq.col + 0.5) * size, (sq.row + 0.5) * size

    def pixel_bounds(self, size: float) -> tuple[float, float]:
        """(width, height) of the whole board in pixels."""
        return self.width * size, self.height * size
