"""What is derived from a state of Anna's Roundtable: who stands where, the
terrain as DV Map Tiles leave it, the deployment zones, the boss tile's
squares and the colours its corners show, a unit's tags and stats, and
distances on the 6x6 map.

States never change, so what is derived from one stays true for it: the
lookups a turn asks many times are memoised per state with the kit's
`StateMemo` (`MEMO`), never stored by `evolve`.  Other modules keep their
own per-state values in `memo(state)` (the squares a unit can reach, the
answer of `legal_commands`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.kit.memo import StateMemo
from engine.kit.squaregrid import Direction, Square

from .content import BOARD
from .state import Summon, Table, Unit

MEMO = StateMemo()


def memo(state: Table) -> dict[str, Any]:
    """The state's own memo, for values other modules derive from it."""
    return MEMO.values(state)


# ---- the map -----------------------------------------------------------------------------------
@cache
def distance(a: str, b: str) -> int:
    """Orthogonal steps between two squares (ranges and MOV count this way)."""
    return BOARD.distance_manhattan(BOARD.parse(a), BOARD.parse(b))


@cache
def orthogonal_neighbours(square: str) -> tuple[str, ...]:
    return tuple(str(s) for s in BOARD.neighbours(BOARD.parse(square)))


@cache
def square_name(square: str) -> str:
    """The square's own name ("c3" -> "C3"); ValueError off the map or garbled."""
    return str(BOARD.parse(square))


@MEMO.memoised("occupied")
def occupied(state: Table) -> dict[str, Unit]:
    """Square -> the unit on it (shared: do not change it)."""
    return {u.square: u for u in state.units.values()}


def unit_at(state: Table, square: str) -> Unit | None:
    # The hot lookups read the memo directly: one call fewer than through `occupied`.
    found = MEMO.values(state).get("occupied")
    return (occupied(state) if found is None else found).get(square)


@MEMO.memoised("summons_at")
def summons_at(state: Table) -> dict[str, Summon]:
    """Boss Mode: square -> the minion or token on it (shared: do not change it)."""
    return {m.square: m for m in state.summons.values()}


def summon_at(state: Table, square: str) -> Summon | None:
    if not state.summons:
        return None
    found = MEMO.values(state).get("summons_at")
    return (summons_at(state) if found is None else found).get(square)


@MEMO.memoised("dv_tiles")
def dv_tiles(state: Table) -> dict[str, str]:
    """Square -> side up, for every DV Map Tile on the map (shared: do not change it)."""
    return {p.dv_tile: p.dv_side for p in state.players.values() if p.dv_tile}


def terrain_at(state: Table, square: str) -> str:
    """The terrain as it stands: a DV Map Tile covers what is printed."""
    found = MEMO.values(state).get("dv_tiles")
    return (dv_tiles(state) if found is None else found).get(square) or state.terrain[square]


@MEMO.memoised("zone_of")
def zone_of(state: Table) -> dict[str, str]:
    """Square -> the seat whose deployment zone it is (shared: do not change it)."""
    found: dict[str, str] = {}
    for seat, zone in state.zones.items():
        for square in zone:
            found.setdefault(square, seat)
    return found


def zone_owner(state: Table, square: str) -> str | None:
    found = MEMO.values(state).get("zone_of")
    return (zone_of(state) if found is None else found).get(square)


# ---- the boss tile (Boss Mode) -----------------------------------------------------------------
@cache
def corners_at(nw_square: str) -> dict[str, str]:
    """Corner direction -> square of the 2x2 boss tile with its NW corner on `nw_square`
    (shared: do not change it)."""
    if not nw_square:
        return {}
    nw = Square.parse(nw_square)
    return {"NW": str(nw), "NE": str(Square(nw.col + 1, nw.row)),
            "SE": str(Square(nw.col + 1, nw.row + 1)), "SW": str(Square(nw.col, nw.row + 1))}


def boss_squares(state: Table) -> dict[str, str]:
    """Corner direction -> square of the boss tile (empty outside Boss Mode)."""
    return corners_at(state.boss_square)


def on_boss_tile(state: Table, square: str) -> bool:
    return bool(state.boss_square) and square in corners_at(state.boss_square).values()


def distance_to_boss(state: Table, square: str) -> int:
    """Steps from `square` to the nearest square of the boss tile."""
    return min(distance(square, sq) for sq in corners_at(state.boss_square).values())


@MEMO.memoised("corner_colours")
def corner_colours(state: Table) -> dict[str, str]:
    """Corner direction -> the colour shown there now, after `rotation` quarter turns
    clockwise (shared: do not change it)."""
    printed = state.boss.get("corners", {})
    return {d: printed[Direction[d].rotate(-2 * state.rotation).name] for d in printed}


def corner_of(state: Table, colour: str) -> str:
    """The square of the corner showing `colour` now."""
    where = next(d for d, c in corner_colours(state).items() if c == colour)
    return boss_squares(state)[where]


# ---- units -------------------------------------------------------------------------------------
def tags(state: Table, unit: Unit) -> frozenset[str]:
    """The unit's tags: printed ones, and [Haste] when deployed with it (memoised per state)."""
    found = MEMO.values(state).get("tags")
    if found is None:
        found = MEMO.values(state)["tags"] = {}
    key = (unit.card, unit.haste)
    hit = found.get(key)
    if hit is None:
        printed = frozenset(state.cards[unit.card]["tags"])
        hit = found[key] = printed | {"Haste"} if unit.haste else printed
    return hit


def colour(state: Table, unit: Unit) -> str:
    return state.cards[unit.card]["colour"]


def stats(state: Table, unit: Unit) -> dict[str, int]:
    """ATK, SPD, DEF and range: the shapeshifted stats while it has its Shapestone."""
    card = state.cards[unit.card]
    source = card["ss"] if unit.shapestone and card["ss"] else card
    lo, hi = card["rng"]
    return {"atk": source["atk"], "spd": source["spd"], "def": source["def"], "lo": lo, "hi": hi}


def hp_left(state: Table, unit: Unit) -> int:
    return state.cards[unit.card]["hp"] - unit.damage


def allied(state: Table, a: Unit, b: Unit) -> bool:
    """Whether two player units are allies: the same player's, or in Boss Mode any two
    ("Clarifications": ally units include the units of all players)."""
    return state.mode == "boss" or a.owner == b.owner


# ---- summons (Boss Mode) -----------------------------------------------------------------------
def summon_kinds(state: Table) -> dict[str, dict[str, Any]]:
    """The boss board's summonable pieces by type (older records have none)."""
    return state.boss.get("summons", {})


def summon_info(state: Table, summon: Summon) -> dict[str, Any]:
    """A summon's piece as the boss board prints it: kind, name, and a minion's stats."""
    return summon_kinds(state)[summon.type]


def minion_hp(state: Table, m: Summon) -> int:
    return summon_info(state, m)["hp"] - m.damage
