"""Units: the guards every action of a turn shares.

Who a unit obeys, the points an action costs, hex names, what stands in the
way, the Heap and mountains ("Destroying elements > Mechanism": never on a
mountain, even carried), the pair of tanks on neighbouring mountains, and a
neutralising destroyer that stays put.  Each guard raises `RuleViolation`
with its literal rule id.
"""

from __future__ import annotations

from functools import cache

from engine.core.errors import RuleViolation

from . import board as b
from .content import MOUNTAIN
from .state import Planet, Unit


def own_unit(state: Planet, seat: str, uid: str) -> Unit:
    u = state.units.get(uid)
    if u is None:
        raise RuleViolation("fmp.unit.unknown", f"there is no unit {uid!r} on the planet")
    if state.controller(u) != seat or u.abandoned:
        raise RuleViolation("fmp.unit.own", f"{uid} does not obey {seat}")
    return u


def require_ap(state: Planet, cost: int, what: str) -> None:
    if state.ap < cost:
        raise RuleViolation("fmp.ap.not-enough", f"{what} costs {cost} action point(s); {state.ap} left")


def parse_hex(name: str) -> str:
    found = _canonical(name)
    if isinstance(found, ValueError):
        raise RuleViolation("fmp.map.hex", str(found))
    return found


@cache
def _canonical(name: str) -> str | ValueError:
    try:
        return str(b.grid().parse(name))
    except ValueError as e:
        return e


def hexes_of(u: Unit) -> tuple[str, ...]:
    return tuple(h for h in (u.at, u.tail) if h)


@cache
def adjacent(a: str, c: str) -> bool:
    return b.grid().distance(b.hex_of(a), b.hex_of(c)) == 1


def touching(u: Unit, hex_name: str) -> bool:
    return any(adjacent(h, hex_name) for h in hexes_of(u))


def carries_heap(state: Planet, u: Unit) -> bool:
    if u.kind == "heap":
        return True
    # most units carry nothing: no need to walk their contents (every step asks)
    return bool(u.cargo) and any(state.units[x].kind == "heap" for x in b.contents(state, u.id))


def blocked(state: Planet, hex_name: str, mover: str = "") -> str | None:
    """Why a unit may not stand on the hex (None: it may, pontoon or not)."""
    if hex_name in b.freighter_hexes(state):
        return "a Freighter stands there"
    if hex_name in state.ore:
        return "ore lies there (ore is an obstacle)"
    other = b.standing_at(state, hex_name)
    if other is not None and other.id != mover:
        return f"{other.id} stands there"
    return None


def check_heap_ground(state: Planet, kind: str, to: str, item: str = "") -> None:
    """"Destroying elements > Mechanism": the Heap never goes on a mountain,
    even transported, so neither the Heap nor a unit carrying it is put down
    there, on the ground or aboard a transporter standing there."""
    heap = kind == "heap" or (item in state.units and carries_heap(state, state.units[item]))
    if heap and b.terrain(to) == MOUNTAIN:
        raise RuleViolation("fmp.move.heap-mountain", "the Heap never goes on a mountain, even carried")


def check_mountain_pair(state: Planet, seat: str, uid: str, h: str) -> None:
    """A tank coming to stand on `h` for `seat` (moved, unloaded, laid,
    deployed, retreating, or captured where it stands) must not make a pair
    of the seat's tanks on touching mountains (our reading of the rule:
    `fmp.move.mountain-tanks`)."""
    if b.terrain(h) != MOUNTAIN:
        return
    for other in _mountain_tanks(state, seat):
        if other.id != uid and adjacent(other.at, h):
            raise RuleViolation("fmp.move.mountain-tanks",
                                f"a tank on {h} would stand on a mountain next to {other.id}'s mountain")


def mountain_pair(state: Planet, seat: str) -> tuple[Unit, Unit] | None:
    """Two of the seat's tanks on touching mountains, if any: what a change
    of control that brings several tanks at once must not leave (taking a
    Freighter), and what no position may hold."""
    tanks = _mountain_tanks(state, seat)
    return next(((a, c) for i, a in enumerate(tanks) for c in tanks[i + 1:] if adjacent(a.at, c.at)), None)


def _mountain_tanks(state: Planet, seat: str) -> list[Unit]:
    """The seat's tanks standing on mountains, in the order of the units
    (memoised with the position: every tank step and laying asks)."""
    memo = b.memo(state)
    found = memo.get(("mountain tanks", seat))
    if found is None:
        found = memo[("mountain tanks", seat)] = [
            u for u in state.units.values() if u.kind == "tank" and u.at
            and state.controller(u) == seat and b.terrain(u.at) == MOUNTAIN]
    return found


def check_holder(state: Planet, seat: str, uid: str) -> None:
    for held in state.holding.get(uid, ()):
        if held in state.units and state.controller(state.units[held]) != seat and held in state.neutralised:
            raise RuleViolation("fmp.neutralise.stay", f"{uid} holds {held} neutralised: it stays put this turn")

