"""III. Turn Actions > Dragon Vein Abilities and IV. DV Map Tiles: placing the
DV Map Tile and the BUMP (1 vs 1); VIII. Boss Mode > On Player Turns: the
Boss Mode uses of DV (a straight move, removing a unit).  The [Haste]
deploy is `deploy.py`'s.
"""

from __future__ import annotations

from functools import cache

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import events as ev
from .board import dv_tiles, orthogonal_neighbours, unit_at, zone_owner
from .content import BOARD
from .movement import entry_refusal
from .state import Table
from .turn import check_dv, check_square, own_unit, square_refusal

SIDES = ("plains", "ruins")
BUMPS = ("orthogonal", "any")  # option bump: the four orthogonal neighbours, or all eight
COST_TILE, COST_BUMP, COST_MOVE, COST_REMOVE = 1, 2, 1, 2


# ---- the DV Map Tile -------------------------------------------------------------------------
def check_vein_tile(state: Table, seat: str, square: str, side: str) -> None:
    check_dv(state, seat, COST_TILE, "placing your DV Map Tile")
    check_tile_square(state, seat, square, side)


def check_tile_square(state: Table, seat: str, square: str, side: str) -> None:
    refusal = tile_refusal(state, seat, square, side)
    if refusal is not None:
        raise RuleViolation(*refusal)


def tile_refusal(state: Table, seat: str, square: str, side: str) -> tuple[str, str] | None:
    """Why the tile may not go on `square` with `side` up (None: it may): not on a
    deployment square, a unit or another tile, not while a unit pins it, and not back
    exactly as it lies."""
    if side not in SIDES:
        return "roundtable.dv.tile-side", f"a DV Map Tile shows plains or ruins, not {side!r}"
    refusal = square_refusal(square)
    if refusal is not None:
        return refusal
    p = state.player(seat)
    if zone_owner(state, square):
        return "roundtable.dv.tile-deployment", f"{square} is a deployment tile"
    if unit_at(state, square):
        return "roundtable.dv.tile-unit", f"a unit stands on {square}"
    if square != p.dv_tile and square in dv_tiles(state):
        return "roundtable.dv.tile-other", f"another DV Map Tile lies on {square}"
    if p.dv_tile and unit_at(state, p.dv_tile):
        return "roundtable.dv.tile-pinned", f"a unit stands on your DV Map Tile ({p.dv_tile})"
    if p.dv_tile == square and p.dv_side == side:
        return "roundtable.dv.tile-same", f"your DV Map Tile already lies on {square}, {side} up"
    return None


def vein_tile(state: Table, seat: str, square: str, side: str) -> list[Event]:
    return [ev.DragonVeinSpent(rule="roundtable.dv.tile", seat=seat, dv=COST_TILE),
            ev.DragonVeinTilePlaced(rule="roundtable.dv.tile", seat=seat, square=square, side=side)]


# ---- the BUMP --------------------------------------------------------------------------------
@cache
def bump_squares(square: str, bump: str) -> tuple[str, ...]:
    """Where a BUMP may move the unit on `square`: one square orthogonally (option
    bump=orthogonal, our reading), or to any of the eight squares around it (bump=any)."""
    if bump == "orthogonal":
        return orthogonal_neighbours(square)
    return tuple(str(s) for s in BOARD.neighbours(BOARD.parse(square), diagonal=True))


def check_bump(state: Table, seat: str, unit: str, square: str) -> None:
    check_dv(state, seat, COST_BUMP, "a BUMP")
    u = state.units.get(unit)
    if u is None:
        raise RuleViolation("roundtable.dv.bump", f"{unit} is not a unit on the map")
    check_square(square)
    if square not in bump_squares(u.square, state.bump):
        raise RuleViolation("roundtable.dv.bump-step", f"a BUMP moves {unit} one square "
                            f"({'never diagonally' if state.bump == 'orthogonal' else 'any way'})")
    if unit_at(state, square):
        raise RuleViolation("roundtable.dv.bump-enter", f"{square} is occupied")
    refusal = entry_refusal(state, u, square)
    if refusal:
        raise RuleViolation("roundtable.dv.bump-enter", refusal[1])


def bump(state: Table, seat: str, unit: str, square: str) -> list[Event]:
    return [ev.DragonVeinSpent(rule="roundtable.dv.bump", seat=seat, dv=COST_BUMP),
            ev.UnitBumped(rule="roundtable.dv.bump", unit=unit, origin=state.units[unit].square, to=square)]


# ---- Boss Mode -------------------------------------------------------------------------------
@cache
def straight_path(origin: str, square: str) -> tuple[str, ...] | None:
    """The squares from `origin` (excluded) to `square`, 1 or 2 steps in one cardinal
    direction; None if `square` is not such a square."""
    here, there = BOARD.parse(origin), BOARD.parse(square)
    direction = BOARD.direction_between(here, there)
    steps = BOARD.distance_manhattan(here, there)
    if direction is None or direction.is_diagonal or not 1 <= steps <= 2:
        return None
    return tuple(str(sq) for sq in BOARD.ray(here, direction, steps))


@cache
def straight_squares(origin: str) -> tuple[str, ...]:
    """The squares 1 or 2 steps from `origin` in one cardinal direction (`straight_path`'s)."""
    return tuple(str(sq) for sq in BOARD.within(BOARD.parse(origin), 2)
                 if straight_path(origin, str(sq)) is not None)


def check_vein_move(state: Table, seat: str, unit: str, square: str) -> None:
    """Our reading: by the movement rules - over squares it could enter, past allies but
    not onto a unit; it stays Ready or exhausted as it was."""
    check_dv(state, seat, COST_MOVE, "moving a unit")
    u = own_unit(state, seat, unit)
    check_square(square)
    path = straight_path(u.square, square)
    if path is None:
        raise RuleViolation("roundtable.boss.dv-move", "up to 2 squares in one cardinal direction")
    for sq in path:  # allies (every player's units) may be passed, as in any move
        if entry_refusal(state, u, sq) or (sq == square and unit_at(state, sq)):
            raise RuleViolation("roundtable.boss.dv-move", f"{sq} is occupied or closed to {unit}")


def vein_move(state: Table, seat: str, unit: str, square: str) -> list[Event]:
    return [ev.DragonVeinSpent(rule="roundtable.boss.dv-move", seat=seat, dv=COST_MOVE),
            ev.UnitMoved(rule="roundtable.boss.dv-move", unit=unit, origin=state.units[unit].square, to=square)]


def check_vein_remove(state: Table, seat: str, unit: str) -> None:
    check_dv(state, seat, COST_REMOVE, "removing a unit")
    own_unit(state, seat, unit)


def vein_remove(state: Table, seat: str, unit: str) -> list[Event]:
    return [ev.DragonVeinSpent(rule="roundtable.boss.dv-remove", seat=seat, dv=COST_REMOVE),
            ev.UnitRemoved(rule="roundtable.boss.dv-remove", unit=unit)]
