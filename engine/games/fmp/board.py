"""What the rules derive from a position: who stands where, what the tide
allows, fire zones and pontoon support.  Computed from the state (and
memoised per state), never stored by `evolve`.
"""

from __future__ import annotations

from functools import cache
from operator import attrgetter

from engine.kit.hexgrid import Hex
from engine.kit.memo import StateMemo

from . import content
from .content import MOUNTAIN, PLAIN, REEF, SEA, SWAMP
from .state import Planet, Unit

LOW, NORMAL, HIGH = "low", "normal", "high"
TIDES = (LOW, NORMAL, HIGH)

MARINE = frozenset({"motorboat", "barge"})
TERRAIN = frozenset({"tank", "heap", "crab", "weatherhen"})
# Fire range by destroyer ("Destroying elements > Mechanism"); a tank on a
# mountain reaches one hex further (see `fire_range`).
RANGE = {"tank": 2, "heap": 3, "motorboat": 2, "turret": 2}
MOUNTAIN_TANK_RANGE = 3

# "How tide affects the pieces": terrain -> tide -> (marine units may use it,
# terrain units may use it).  Sea is always marine, plain and mountain always land.
TIDE_TABLE = {
    REEF: {LOW: (False, True), NORMAL: (True, False), HIGH: (True, False)},
    SWAMP: {LOW: (False, True), NORMAL: (False, True), HIGH: (True, False)},
}
_ALWAYS = {SEA: (True, False), PLAIN: (False, True), MOUNTAIN: (False, True)}


def sector() -> content.Sector:
    return content.load()


def grid():
    return sector().grid


@cache
def hex_of(name: str) -> Hex:
    return sector().grid.parse(name)


@cache
def near(name: str) -> tuple[str, ...]:
    """The names of the hexes touching `name`, in the kit's order (N, NE, SE, S, SW, NW)."""
    return tuple(str(n) for n in grid().neighbours(hex_of(name)))


@cache
def terrain(name: str) -> str:
    return sector().terrain[hex_of(name)]


def tide_now(state: Planet) -> str:
    """The tide in force; turn 2 counts as normal ("Turn 2: Deployment")."""
    return state.tide or NORMAL


def allows(kind_of_ground: str, tide: str) -> tuple[bool, bool]:
    """(marine may use it, terrain units may use it) for this terrain at this tide."""
    return _ALWAYS.get(kind_of_ground) or TIDE_TABLE[kind_of_ground][tide]


@cache
def can_use(unit_kind: str, hex_name: str, tide: str, pontoon: bool = False) -> bool:
    """May a unit of this kind stand operational on the hex at this tide?"""
    if unit_kind == "heap" and terrain(hex_name) == MOUNTAIN:
        return False  # never, pontoon or not: a pontoon covers the hex, it stays a mountain
    if pontoon:  # a pontoon is used exactly like a plain, and only by terrain units
        return unit_kind in TERRAIN
    marine, land = allows(terrain(hex_name), tide)
    return marine if unit_kind in MARINE else land


@cache
def sometimes_usable(unit_kind: str, hex_name: str) -> bool:
    """Usable at some tide: a hex the unit may strand itself on voluntarily."""
    return any(can_use(unit_kind, hex_name, t) for t in TIDES)


def is_ground(hex_name: str, tide: str) -> bool:
    """Firm ground that can support a pontoon at this tide."""
    return allows(terrain(hex_name), tide)[1]


def sunken(hex_name: str, tide: str) -> bool:
    """A reef or swamp under water at this tide (nothing but a pontoon is loaded from it)."""
    t = terrain(hex_name)
    return t in (REEF, SWAMP) and not allows(t, tide)[1]


# ---- positions -------------------------------------------------------------------------------
# What is derived from a position is kept with that state object (states are
# immutable) by the kit's `StateMemo`, and freed with it.
MEMO = StateMemo()
memoised = MEMO.memoised


def memo(state: Planet) -> dict:
    """The position's own memo, for values other modules derive from it
    (they live and go with the position, like the ones here)."""
    return MEMO.values(state)


def forget() -> None:
    """Drop everything memoised (for measurements that want the cost afresh)."""
    MEMO.forget()


@memoised("occupants")
def occupants(state: Planet) -> dict[str, tuple[str, ...]]:
    """hex -> ids of the units standing on it (a barge on both its hexes,
    turrets on their pods, a pontoon with what stands on it)."""
    found: dict[str, list[str]] = {}
    for u in state.units.values():
        for h in (u.at, u.tail):
            if h:
                found.setdefault(h, []).append(u.id)
    return {h: tuple(sorted(ids)) for h, ids in found.items()}


@memoised("freighter_hexes")
def freighter_hexes(state: Planet) -> dict[str, str]:
    """hex -> colour of the landed Freighter covering it."""
    return {h: f.colour for f in state.freighters.values() if f.status == "landed" for h in f.hexes}


# The three lookups below are asked hundreds of times per position by
# `legal_commands`: they read the position's memo themselves rather than
# through one more call (`memoised`).
def pontoon_at(state: Planet, hex_name: str) -> Unit | None:
    found = MEMO.values(state).get("pontoons")
    return (found if found is not None else pontoon_table(state)).get(hex_name)


def standing_at(state: Planet, hex_name: str) -> Unit | None:
    """The unit on the hex other than a pontoon under it."""
    found = MEMO.values(state).get("standing")
    return (found if found is not None else standing_table(state)).get(hex_name)


@memoised("pontoons")
def pontoon_table(state: Planet) -> dict[str, Unit]:
    """hex -> the pontoon lying there."""
    return {u.at: u for u in state.units.values() if u.kind == "pontoon" and u.at}


@memoised("standing")
def standing_table(state: Planet) -> dict[str, Unit]:
    """hex -> the unit standing there, pontoons aside (the first by id, as `occupants` sorts)."""
    found: dict[str, Unit] = {}
    for h, ids in occupants(state).items():
        for uid in ids:
            if state.units[uid].kind != "pontoon":
                found[h] = state.units[uid]
                break
    return found


_NEVER_STUCK = ("pontoon", "turret")


def is_stuck(state: Planet, u: Unit) -> bool:
    """On the map on a hex the tide forbids it ("neutralised by the tide"):
    the hex it stands on, or a barge's other hex."""
    if not u.at or u.kind in _NEVER_STUCK:
        return False
    tide = state.tide or NORMAL  # `tide_now`, asked for every unit of every position
    return _held_by_tide(u.kind, u.at, u.tail, tide, pontoon_at(state, u.at) is not None)


@memoised("stuck")
def stuck_ids(state: Planet) -> frozenset[str]:
    """The ids of the units `is_stuck` holds, worked out once per position: a
    view asks about every unit on the map, and the destroyers about most of
    them (issue #24), each a lookup here instead of a pontoon lookup and two
    tide checks."""
    tide, pontoons = state.tide or NORMAL, pontoon_table(state)
    return frozenset(u.id for u in state.units.values()
                     if u.at and u.kind not in _NEVER_STUCK
                     and _held_by_tide(u.kind, u.at, u.tail, tide, u.at in pontoons))


def _held_by_tide(kind: str, at: str, tail: str, tide: str, on_pontoon: bool) -> bool:
    """The tide forbids the unit its hex, or a barge its other hex (`tail`)."""
    return not can_use(kind, at, tide, on_pontoon) or bool(tail) and not can_use(kind, tail, tide, on_pontoon)


def is_operational(state: Planet, u: Unit) -> bool:
    """Free to act: on the map, not carried, not stuck, not neutralised by
    fire, not left behind."""
    return bool(u.at) and not u.abandoned and u.id not in state.neutralised and not is_stuck(state, u)


def fire_range(state: Planet, u: Unit) -> int:
    return _range_of(u.kind, u.at)


@cache
def _range_of(kind: str, at: str) -> int:
    """A destroyer's fire range by its kind and hex (one lookup for every
    destroyer of every position, rather than a terrain check of each)."""
    if kind == "tank" and terrain(at) == MOUNTAIN:  # a pontoon under it changes nothing
        return MOUNTAIN_TANK_RANGE
    return RANGE[kind]


def destroyers(state: Planet, seat: str) -> list[Unit]:
    """The seat's destroyers that can fire now (turrets can never be neutralised)."""
    return _all_destroyers(state).get(seat, [])


@memoised("destroyers")
def _all_destroyers(state: Planet) -> dict[str, list[Unit]]:
    found: dict[str, list[Unit]] = {}
    # `is_operational` of each, the tide's part read from the position's stuck ids
    out, stuck = state.neutralised, stuck_ids(state)
    for u in sorted((u for u in state.units.values() if u.kind in RANGE), key=_by_id):
        if u.at and not u.abandoned and u.id not in out and u.id not in stuck:
            if u.kind != "turret" or state.freighters[u.colour].status == "landed":
                found.setdefault(state.controller(u), []).append(u)
    return found


_by_id = attrgetter("id")


def reach(state: Planet, u: Unit) -> frozenset[str]:
    """The hexes a destroyer's fire reaches from where it stands."""
    if state.units.get(u.id) is not u:  # a unit as it would stand (an assault's next hex)
        return _names_within(u.at, fire_range(state, u))
    reaches = _reaches(state)
    found = reaches.get(u.id)
    if found is None:
        found = reaches[u.id] = _names_within(u.at, fire_range(state, u))
    return found


@memoised("reaches")
def _reaches(state: Planet) -> dict[str, frozenset[str]]:
    """unit -> its reach, filled as asked (memoised per position)."""
    return {}


@cache
def _names_within(hex_name: str, k: int) -> frozenset[str]:
    return frozenset(str(h) for h in grid().within(hex_of(hex_name), k))


def in_range(state: Planet, u: Unit, hex_name: str) -> bool:
    return hex_name in reach(state, u)


# Fire zones are worked out on bit masks, one bit per hex of the map (Python
# integers): a position's zones take a few integer operations per destroyer
# instead of set operations on dozens of hex names, and a seat's zone is
# written out as names only when that seat's zone is asked for.
@cache
def _names_by_bit() -> tuple[str, ...]:
    """Every hex name, in the order of their bits."""
    return tuple(sorted(str(h) for h in sector().terrain))


@cache
def _bits() -> dict[str, int]:
    """hex name -> its bit."""
    return {name: 1 << i for i, name in enumerate(_names_by_bit())}


# The bits set in each value of a byte (reading a mask a byte at a time).
_BYTE_BITS = tuple(tuple(i for i in range(8) if value >> i & 1) for value in range(256))


@cache
def _zone_bits(kind: str, at: str) -> int:
    """The bits of the hexes a destroyer of this kind reaches from `at`: one
    lookup a destroyer of a position (its range and its reach at once)."""
    return _mask_within(at, _range_of(kind, at))


@cache
def _mask_within(hex_name: str, k: int) -> int:
    bits = _bits()
    mask = 0
    for name in _names_within(hex_name, k):
        mask |= bits[name]
    return mask


def names_of(mask: int) -> frozenset[str]:
    """The hexes whose bits are set in `mask`."""
    names, found = _names_by_bit(), []
    for i, byte in enumerate(mask.to_bytes((len(names) + 7) // 8, "little")):
        if byte:
            found += [names[8 * i + j] for j in _BYTE_BITS[byte]]
    return frozenset(found)


@memoised("cover masks")
def _cover_masks(state: Planet) -> dict[str, int]:
    """seat -> the bits of the hexes two or more of its destroyers reach:
    each destroyer's reach is met with what the seat's earlier ones reach."""
    cover: dict[str, int] = {}
    for seat in state.seats:
        once = twice = 0
        for u in destroyers(state, seat):
            zone = _zone_bits(u.kind, u.at)
            twice |= once & zone
            once |= zone
        cover[seat] = twice
    return cover


def covered_twice(state: Planet, seat: str, hex_name: str) -> bool:
    """Do two or more of `seat`'s destroyers reach the hex (its fire is
    unfavourable to the others there)?"""
    return bool(_cover_masks(state).get(seat, 0) & _bits()[hex_name])


def under_fire(state: Planet, hex_name: str, seat: str) -> bool:
    """"Under unfavourable fire" for `seat`: two destroyers of one opponent reach it.
    (Asked about every hex a unit might enter: it reads the memo itself.)"""
    zone = MEMO.values(state).get(("zone", seat))
    return hex_name in (zone if zone is not None else fire_zone(state, seat))


def fire_zone(state: Planet, seat: str) -> frozenset[str]:
    """Every hex under unfavourable fire for `seat` (memoised per position):
    those two destroyers of one opponent reach; for a name that is not a
    seat of the game, of any seat."""
    values = MEMO.values(state)
    zone = values.get(("zone", seat))
    if zone is None:
        zone = values[("zone", seat)] = names_of(zone_mask(state, seat))
    return zone


def zone_mask(state: Planet, seat: str) -> int:
    """The bits of the hexes under unfavourable fire for `seat` (a page shows a
    zone it has drawn before by this number alone, viewer/pictures/fmp.py)."""
    mask = 0
    for other, twice in _cover_masks(state).items():
        if other != seat:
            mask |= twice
    return mask


def hot_zones(state: Planet) -> dict[str, frozenset[str]]:
    """seat -> the hexes under unfavourable fire for it."""
    return {seat: fire_zone(state, seat) for seat in state.seats}


# ---- pontoons --------------------------------------------------------------------------------
def unsupported_pontoons(state: Planet, tide: str, without: frozenset[str] = frozenset()
                         ) -> tuple[str, ...]:
    """Pontoons on the map (but `without`) whose structure no longer touches
    firm ground at `tide`: a structure stands while one of its pontoons lies
    on or next to ground (or a Freighter)."""
    pontoons = {u.at: u.id for u in state.units.values()
                if u.kind == "pontoon" and u.at and u.id not in without}
    if not pontoons:
        return ()
    g = grid()
    fhexes = freighter_hexes(state)
    doomed = []
    for group in g.connected(hex_of(h) for h in pontoons):
        names = [str(h) for h in group]
        if not any(_touches_ground(n, tide, fhexes) for n in names):
            doomed += [pontoons[n] for n in names]
    return tuple(sorted(doomed))


def _touches_ground(name: str, tide: str, fhexes: dict[str, str]) -> bool:
    return any(is_ground(n, tide) or n in fhexes
               for n in [name, *(str(x) for x in grid().neighbours(hex_of(name)))])


def contents(state: Planet, uid: str) -> tuple[str, ...]:
    """Every unit a unit carries, recursively (not the ore)."""
    found: list[str] = []
    for item in state.units[uid].cargo:
        if item != "ore":
            found += [item, *contents(state, item)]
    return tuple(found)


# ---- what a Freighter holds ------------------------------------------------------------------
def load_of(state: Planet, colour: str) -> tuple[int, int]:
    """(ore, units) aboard a Freighter: what it carries, cargo of its
    transporters included, and each turret still on a pod."""
    f = state.freighters[colour]
    ore, units = f.ore, 0
    for u in state.units.values():
        if u.inside == colour:
            units += 1 + len(contents(state, u.id))
            ore += _ore_in(state, u.id)
        elif u.kind == "turret" and u.at in f.pods:
            units += 1
    return ore, units


def _ore_in(state: Planet, uid: str) -> int:
    u = state.units[uid]
    return sum(1 if item == "ore" else _ore_in(state, item) for item in u.cargo)


def broken_turrets(state: Planet, colour: str) -> int:
    f = state.freighters[colour]
    return 3 - sum(1 for u in state.units.values() if u.kind == "turret" and u.at in f.pods)
