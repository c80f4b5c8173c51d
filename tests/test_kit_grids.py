"""The kit's grids: hexes (Full Metal Planète's 37x23 map) and squares.

Distances and areas are checked against a plain breadth-first search over
`neighbours`, so the arithmetic and the adjacency cannot drift apart.
"""

from __future__ import annotations

import math
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.kit.hexgrid import Hex, HexDirection, HexGrid
from engine.kit.notation import column_index, column_letters
from engine.kit.squaregrid import Direction, Square, SquareGrid

FMP = HexGrid(37, 23)
BOARD = SquareGrid(8, 6)

hexes = st.builds(Hex, st.integers(0, FMP.cols - 1), st.integers(0, FMP.rows - 1))
squares = st.builds(Square, st.integers(0, BOARD.width - 1), st.integers(0, BOARD.height - 1))


def bfs(start, neighbours):
    """Steps from `start` to every cell reachable through `neighbours`."""
    steps = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for n in neighbours(cell):
            if n not in steps:
                steps[n] = steps[cell] + 1
                queue.append(n)
    return steps


# ---- notation ----------------------------------------------------------------------------------
def test_cell_names_follow_the_printed_map():
    assert [str(h) for h in (Hex(0, 0), Hex(3, 4), Hex(25, 0), Hex(26, 0), Hex(36, 22))] == [
        "A1", "D5", "Z1", "AA1", "AK23"]
    assert Hex.parse("ak23") == Hex(36, 22)
    assert Square.parse("H8") == Square(7, 7)


@given(st.integers(0, 5000), st.integers(0, 500))
def test_names_round_trip(col, row):
    assert column_index(column_letters(col)) == col
    assert Hex.parse(str(Hex(col, row))) == Hex(col, row)
    assert Square.parse(str(Square(col, row))) == Square(col, row)


@pytest.mark.parametrize("text", ["", "5D", "A0", "A-1", "A1.5", "Ä1", "A 1", "1"])
def test_a_bad_name_says_what_a_name_looks_like(text):
    with pytest.raises(ValueError, match="not a cell name"):
        Hex.parse(text)
    with pytest.raises(ValueError, match="not a cell name"):
        Square.parse(text)


def test_cells_have_no_negative_coordinates():
    with pytest.raises(ValueError):
        Hex(-1, 0)
    with pytest.raises(ValueError):
        Square(0, -1)


# ---- hexes -------------------------------------------------------------------------------------
def test_the_fmp_map_has_851_hexes_in_sorted_order():
    cells = list(FMP)
    assert len(cells) == len(FMP) == 851 and cells == sorted(set(cells))
    assert FMP.parse("AK23") == Hex(36, 22)
    with pytest.raises(ValueError, match="AL1 is off the 37x23 map"):
        FMP.parse("AL1")
    with pytest.raises(ValueError, match="off the 37x23 map"):
        FMP.neighbours(Hex(0, 23))


def test_odd_columns_sit_half_a_hex_lower():
    # D is column 3 (odd): its NE neighbour is on the same row, its NW too.
    assert [str(h) for h in FMP.neighbours(Hex.parse("D5"))] == ["D4", "E5", "E6", "D6", "C6", "C5"]
    # C is column 2 (even): its NE and NW neighbours are a row up.
    assert [str(h) for h in FMP.neighbours(Hex.parse("C5"))] == ["C4", "D4", "D5", "C6", "B5", "B4"]
    assert [str(h) for h in FMP.neighbours(Hex.parse("A1"))] == ["B1", "A2"]
    corners = ("A1", "AK1", "A23", "AK23")  # A and AK are even columns: they stick up
    assert [len(FMP.neighbours(Hex.parse(n))) for n in corners] == [2, 2, 3, 3]


@given(hexes)
def test_neighbours_are_symmetric_and_follow_the_directions(h):
    by_direction = [FMP.neighbour(h, d) for d in HexDirection]
    assert FMP.neighbours(h) == tuple(n for n in by_direction if n is not None)
    for d, n in zip(HexDirection, by_direction, strict=True):
        if n is not None:
            assert h in FMP.neighbours(n)
            assert FMP.neighbour(n, d.opposite) == h
            assert FMP.direction_to(h, n) is d and FMP.are_adjacent(h, n)


@settings(max_examples=15)
@given(hexes)
def test_distance_is_the_number_of_steps_on_the_map(start):
    steps = bfs(start, FMP.neighbours)
    assert len(steps) == 851
    for h, n in steps.items():
        assert FMP.distance(start, h) == FMP.distance(h, start) == n
    for k in (0, 1, 2, 3):
        ball = frozenset(h for h, n in steps.items() if n <= k)
        assert FMP.within(start, k) == ball
        assert FMP.ring(start, k) == frozenset(h for h, n in steps.items() if n == k)


@given(hexes, hexes, hexes)
def test_distance_obeys_the_triangle_inequality(a, b, c):
    assert FMP.distance(a, c) <= FMP.distance(a, b) + FMP.distance(b, c)


def test_within_is_memoised():
    h = Hex.parse("J10")
    assert FMP.within(h, 2) is FMP.within(h, 2)
    assert FMP.neighbours(h) is FMP.neighbours(h)


@given(hexes, hexes)
def test_a_line_runs_step_by_step_from_end_to_end_on_the_board(a, b):
    line = FMP.line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == FMP.distance(a, b) + 1
    assert all(FMP.are_adjacent(x, y) for x, y in zip(line, line[1:], strict=False))
    assert all(h in FMP for h in line)
    assert FMP.line(a, b) == line  # no chance in it


def test_lines_along_the_jagged_edges_stay_on_the_board():
    # Even columns stick up at the top edge, odd columns down at the bottom:
    # a line between two of them runs exactly along the edge hexes' sides.
    assert [str(h) for h in FMP.line(Hex.parse("A1"), Hex.parse("E1"))] == [
        "A1", "B1", "C1", "D1", "E1"]
    assert [str(h) for h in FMP.line(Hex.parse("B23"), Hex.parse("F23"))] == [
        "B23", "C23", "D23", "E23", "F23"]


def test_connected_groups_touching_hexes():
    island = {Hex.parse(n) for n in ("C3", "C4", "D4")}
    rock = {Hex.parse("H8")}
    groups = FMP.connected(island | rock)
    assert groups == [frozenset(island), frozenset(rock)]
    assert FMP.connected([]) == []


def test_pixel_geometry():
    size = 10
    assert FMP.center(Hex(0, 0), size) == (10, round(5 * math.sqrt(3), 3))
    width, height = FMP.pixel_bounds(size)
    xs, ys = [], []
    for h in FMP:
        corners = FMP.corners(h, size)
        cx, cy = FMP.center(h, size)
        assert len(corners) == 6
        assert all(abs(math.dist((x, y), (cx, cy)) - size) < 0.01 for x, y in corners)
        xs += [x for x, _ in corners]
        ys += [y for _, y in corners]
    assert (min(xs), max(xs)) == (0, width)
    assert min(ys) == 0 and abs(max(ys) - height) < 0.01


# ---- squares -----------------------------------------------------------------------------------
def test_directions_turn_by_eighths():
    for d in Direction:
        assert d.rotate(8) is d and d.opposite.opposite is d
        assert d.turn_left().turn_right() is d and d.turn_right().turn_right() is d.opposite
        assert Direction.from_step(d.dx, d.dy) is d
    assert Direction.N.turn_right() is Direction.E and Direction.N.rotate(-1) is Direction.NW
    assert [d.is_diagonal for d in (Direction.N, Direction.NE)] == [False, True]
    assert Direction.from_step(2, 1) is None


def test_row_one_is_the_top_row_and_north_is_up():
    assert BOARD.step(Square.parse("C1"), Direction.N) is None
    assert str(BOARD.step(Square.parse("C1"), Direction.S)) == "C2"
    assert [str(s) for s in BOARD][:9] == ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1", "A2"]
    assert BOARD.origin(Square.parse("B3"), 50) == (50, 100)
    assert BOARD.pixel_bounds(50) == (400, 300)
    with pytest.raises(ValueError, match="I1 is off the 8x6 board"):
        BOARD.parse("I1")


@given(squares)
def test_square_neighbours_are_symmetric(sq):
    four, eight = BOARD.neighbours(sq), BOARD.neighbours(sq, diagonal=True)
    assert set(four) <= set(eight)
    assert all(BOARD.distance_manhattan(sq, n) == 1 for n in four)
    assert all(BOARD.distance_chebyshev(sq, n) == 1 for n in eight)
    assert all(sq in BOARD.neighbours(n, diagonal=True) for n in eight)
    assert len(BOARD.neighbours(Square(3, 3))) == 4 and len(BOARD.neighbours(Square(0, 0), True)) == 3


@given(squares, st.integers(0, 4))
def test_square_areas_are_bfs_balls(sq, k):
    for metric, diagonal in (("manhattan", False), ("chebyshev", True)):
        steps = bfs(sq, lambda s, d=diagonal: BOARD.neighbours(s, diagonal=d))
        assert BOARD.within(sq, k, metric) == frozenset(s for s, n in steps.items() if n <= k)
    with pytest.raises(ValueError, match="unknown metric"):
        BOARD.within(sq, k, "euclid")


@given(squares, st.sampled_from(list(Direction)), st.one_of(st.none(), st.integers(0, 10)))
def test_a_ray_goes_straight_until_the_edge_or_its_length(sq, direction, length):
    ray = BOARD.ray(sq, direction, length)
    assert ray == tuple(BOARD.step(sq, direction, i) for i in range(1, len(ray) + 1))
    if length is None or len(ray) < length:
        last = ray[-1] if ray else sq
        assert BOARD.step(last, direction) is None  # stopped by the edge
    assert all(BOARD.direction_between(sq, s) is direction for s in ray)


def test_knockback_into_the_edge_from_a_corner_goes_nowhere():
    # Brutality, "Corner Spaces": knocked into a board edge from a corner, you stay.
    assert BOARD.ray(Square.parse("A1"), Direction.NW, 1) == ()
    assert [str(s) for s in BOARD.ray(Square.parse("C3"), Direction.E, 2)] == ["D3", "E3"]


@given(squares, squares)
def test_a_square_line_is_contiguous_and_the_same_both_ways(a, b):
    line = BOARD.line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == BOARD.distance_chebyshev(a, b) + 1
    assert all(BOARD.distance_chebyshev(x, y) == 1 for x, y in zip(line, line[1:], strict=False))
    assert BOARD.line(b, a) == line[::-1]
    if BOARD.direction_between(a, b) is not None:  # straight lines are the rays
        assert line[1:] == BOARD.ray(a, BOARD.direction_between(a, b), len(line) - 1)


def test_direction_between():
    a = Square.parse("C3")
    assert BOARD.direction_between(a, Square.parse("C1")) is Direction.N
    assert BOARD.direction_between(a, Square.parse("A5")) is Direction.SW
    assert BOARD.direction_between(a, Square.parse("D5")) is None  # a knight's move
    assert BOARD.direction_between(a, a) is None


def test_attacks_land_on_the_front_side_or_back():
    target = Square.parse("D3")
    sides = {name: BOARD.relative_side(Direction.N, Square.parse(name), target)
             for name in ("D2", "C2", "D1", "C3", "E3", "D4", "E4")}
    assert sides == {"D2": "front", "C2": "front", "D1": "front", "C3": "side", "E3": "side",
                     "D4": "back", "E4": "back"}


@given(st.sampled_from(list(Direction)), squares, squares)
def test_turning_around_swaps_front_and_back(facing, attacker, target):
    side = BOARD.relative_side(facing, attacker, target)
    flipped = {"front": "back", "back": "front", "side": "side"}[side]
    assert BOARD.relative_side(facing.opposite, attacker, target) == flipped
