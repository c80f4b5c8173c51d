"""Transporters: loading and unloading ("Transporters", gaps file:
"Transporters and cargo"), a crab rearranging a barge's cargo, stowing
inside a Freighter, and the Freighter itself used as a transporter ("The
Freighter > Entering and leaving the Freighter").
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import board as b
from . import events as ev
from .content import MOUNTAIN, SEA
from .pontoons import collapse, pontoon_supported
from .state import ORE, Planet, Unit
from .units import (
    adjacent,
    blocked,
    check_heap_ground,
    check_holder,
    check_mountain_pair,
    hexes_of,
    own_unit,
    parse_hex,
    require_ap,
    touching,
)

# "Transporters and cargo" (gaps file): slots, and what each may carry.
CAPACITY = {"barge": 4, "crab": 2, "weatherhen": 1}
CARRIES = {"barge": frozenset({ORE, "tank", "heap", "pontoon", "crab", "weatherhen"}),
           "crab": frozenset({ORE, "tank", "heap", "pontoon"}),
           "weatherhen": frozenset({ORE})}
SLOTS = {ORE: 1, "tank": 1, "heap": 1, "pontoon": 1, "crab": 2, "weatherhen": 2}

def transporter(state: Planet, seat: str, tid: str, inside_ok: bool = False) -> Unit:
    t = own_unit(state, seat, tid)
    if t.kind not in CAPACITY:
        raise RuleViolation("fmp.load.transporter", f"{tid} is not a transporter")
    if inside_ok and t.inside:
        return t
    if not t.at or not b.is_operational(state, t):
        raise RuleViolation("fmp.load.neutralised", f"{tid} is neutralised and cannot load or unload")
    if t.kind == "weatherhen" and b.under_fire(state, t.at, seat):
        raise RuleViolation("fmp.hen.inoperative", f"{tid} stands under unfavourable fire: it can do nothing")
    return t


def _room(state: Planet, t: Unit, kind: str) -> None:
    if kind not in CARRIES[t.kind]:
        raise RuleViolation("fmp.load.kind", f"a {t.kind} cannot carry a {kind}")
    need, used = SLOTS[kind], slots_used(state, t)
    if used + need > CAPACITY[t.kind]:
        raise RuleViolation("fmp.load.slots", f"{t.id} has {CAPACITY[t.kind] - used} free slot(s); "
                                              f"a {kind} takes {need}")


def slots_used(state: Planet, t: Unit) -> int:
    return sum(SLOTS[ORE if x == ORE else state.units[x].kind] for x in t.cargo)


def load(state: Planet, seat: str, tid: str, item: str) -> list[Event]:
    if tid in state.freighters:
        return _freighter_load(state, seat, tid, item)
    if _crab_on_barge(state, seat, tid):
        return _crab_takes(state, seat, state.units[tid], item)
    t = transporter(state, seat, tid, inside_ok=True)
    if t.inside:
        return stow(state, seat, t, item)
    if item in state.units:
        x = state.units[item]
        if x.id == t.id or not x.at or x.kind == "turret":
            raise RuleViolation("fmp.load.kind", f"{item} cannot be loaded")
        if x.kind != "pontoon" and state.controller(x) != seat:
            raise RuleViolation("fmp.load.own", f"{item} is not {seat}'s (only pontoons are neutral)")
        check_holder(state, seat, item)  # a neutralising destroyer is not carried away either
        kind, origin = x.kind, x.at
        if kind == "pontoon" and b.standing_at(state, origin) is not None:
            raise RuleViolation("fmp.load.occupied", f"something stands on the pontoon {item}")
    else:
        origin = parse_hex(item)
        if origin not in state.ore:
            raise RuleViolation("fmp.load.kind", f"no unit {item!r} and no ore on {origin}")
        kind = ORE
    if kind not in CARRIES[t.kind]:
        raise RuleViolation("fmp.load.kind", f"a {t.kind} cannot carry a {kind}")
    if not touching(t, origin):
        raise RuleViolation("fmp.load.adjacent", f"{origin} does not touch {tid}")
    if kind != "pontoon" and _on_sunken(state, origin):
        raise RuleViolation("fmp.load.sunken", f"{origin} is under water: only a pontoon is loaded from it")
    if b.under_fire(state, origin, seat):
        raise RuleViolation("fmp.load.fire", f"{origin} is under unfavourable fire for {seat}")
    if kind == "heap" and b.terrain(t.at) == MOUNTAIN:
        raise RuleViolation("fmp.move.heap-mountain", "the Heap never goes on a mountain, even carried")
    _room(state, t, kind)
    require_ap(state, 1, "loading")
    facts: list[Event] = [ev.CargoLoaded(rule="fmp.load.cost", transporter=tid,
                                         item=item if kind != ORE else ORE, origin=origin, cost=1)]
    if kind == "pontoon":
        facts += collapse(state, without=frozenset({item}))
    return facts


def unload(state: Planet, seat: str, tid: str, item: str, to: str) -> list[Event]:
    if tid in state.freighters:
        return _freighter_unload(state, seat, tid, item, to)
    if _crab_on_barge(state, seat, tid):
        return _crab_gives(state, seat, state.units[tid], item, to)
    t = transporter(state, seat, tid, inside_ok=True)
    to = parse_hex(to)
    if item not in t.cargo:
        raise RuleViolation("fmp.unload.cargo", f"{tid} does not carry {item!r}")
    kind = ORE if item == ORE else state.units[item].kind
    if t.inside:
        _landed_around(state, t)
        if to not in state.freighters[t.inside].hexes:
            raise RuleViolation("fmp.freighter.stow", f"inside the Freighter {tid} unloads into it: "
                                                      f"name one of its hexes, not {to}")
        return [ev.CargoUnloaded(rule="fmp.freighter.stow", transporter=tid, item=item, to=to,
                                 into=t.inside, onto="", cost=0)]
    if not touching(t, to) or to in hexes_of(t):
        raise RuleViolation("fmp.unload.adjacent", f"{to} does not touch {tid}")
    require_ap(state, 1, "unloading")
    f = b.freighter_hexes(state).get(to)
    if f is not None:
        if to not in state.freighters[f].pods or state.freighters[f].controller != seat:
            raise RuleViolation("fmp.unload.freighter", f"{to} is not a pod of a Freighter {seat} controls")
        # "Transporters": nothing is unloaded to a hex under unfavourable fire, a pod
        # included (a unit may still move in through such a pod: `move.enter`).
        if b.under_fire(state, to, seat):
            raise RuleViolation("fmp.unload.fire", f"{to} is under unfavourable fire for {seat}")
        return [ev.CargoUnloaded(rule="fmp.unload.freighter", transporter=tid, item=item, to=to,
                                 into=f, onto="", cost=1)]
    other = aboard_at(state, seat, kind, to, item)
    if other is not None:
        return [ev.CargoUnloaded(rule="fmp.unload.transporter", transporter=tid, item=item, to=to,
                                 into="", onto=other.id, cost=1)]
    return [ev.CargoUnloaded(rule=check_drop(state, seat, kind, to, item), transporter=tid, item=item,
                             to=to, into="", onto="", cost=1)]


def _crab_on_barge(state: Planet, seat: str, tid: str) -> bool:
    t = state.units.get(tid)
    return bool(t and t.kind == "crab" and t.carrier and state.units[t.carrier].kind == "barge"
                and state.controller(t) == seat)


def _crab_takes(state: Planet, seat: str, crab: Unit, item: str) -> list[Event]:
    """A crab on a barge takes an item of the barge's cargo: no cost."""
    barge = state.units[crab.carrier]
    if item not in barge.cargo or item == crab.id:
        raise RuleViolation("fmp.load.barge-crab", f"{barge.id} carries no {item!r} for {crab.id}")
    _room(state, crab, ORE if item == ORE else state.units[item].kind)
    return [ev.CargoLoaded(rule="fmp.load.barge-crab", transporter=crab.id, item=item,
                           origin=barge.id, cost=0)]


def _crab_gives(state: Planet, seat: str, crab: Unit, item: str, to: str) -> list[Event]:
    """A crab on a barge puts an item of its cargo on the barge: no cost."""
    barge = state.units[crab.carrier]
    if item not in crab.cargo:
        raise RuleViolation("fmp.unload.cargo", f"{crab.id} does not carry {item!r}")
    if parse_hex(to) not in hexes_of(barge):
        raise RuleViolation("fmp.load.barge-crab", f"{crab.id} sits on {barge.id}: it unloads onto "
                                                   "the barge's own hexes")
    kind = ORE if item == ORE else state.units[item].kind
    need = SLOTS[kind]
    if slots_used(state, barge) + need > CAPACITY["barge"]:
        raise RuleViolation("fmp.load.slots", f"{barge.id} has no room for a {kind}")
    return [ev.CargoUnloaded(rule="fmp.load.barge-crab", transporter=crab.id, item=item, to=parse_hex(to),
                             into="", onto=barge.id, cost=0)]


def stow(state: Planet, seat: str, t: Unit, item: str) -> list[Event]:
    """Inside the Freighter a transporter loads what is in there for free, so
    that it may leave loaded (and be deployed loaded at turn 2)."""
    x = state.units.get(item)
    if x is None or x.inside != t.inside or x.id == t.id or x.kind == "turret":
        raise RuleViolation("fmp.freighter.stow", f"{item} is not in the Freighter with {t.id}")
    _landed_around(state, t)
    _room(state, t, x.kind)
    return [ev.CargoLoaded(rule="fmp.freighter.stow", transporter=t.id, item=item, origin="", cost=0)]


def _landed_around(state: Planet, t: Unit) -> None:
    """What a Freighter that took off holds is what it scores: it no longer changes."""
    if state.freighters[t.inside].status != "landed":
        raise RuleViolation("fmp.freighter.stow", f"the {t.inside} Freighter has left the planet")


def _own_freighter(state: Planet, seat: str, colour: str):
    f = state.freighters[colour]
    if f.controller != seat or f.status != "landed":
        raise RuleViolation("fmp.unit.own", f"the {colour} Freighter does not obey {seat}")
    return f


def _at_a_pod(f, h: str) -> None:
    if h in f.hexes or not any(adjacent(p, h) for p in f.pods):
        raise RuleViolation("fmp.load.adjacent", f"{h} does not touch a pod of the {f.colour} Freighter")


def _freighter_load(state: Planet, seat: str, colour: str, item: str) -> list[Event]:
    """The Freighter as a transporter: it takes in a unit, a pontoon or ore
    from a hex next to a pod (one point)."""
    f = _own_freighter(state, seat, colour)
    if item in state.units:
        x = state.units[item]
        if not x.at or x.kind == "turret" or x.kind in b.MARINE:
            raise RuleViolation("fmp.load.kind", f"{item} cannot be loaded (marine units sail in)")
        if x.kind != "pontoon" and state.controller(x) != seat:
            raise RuleViolation("fmp.load.own", f"{item} is not {seat}'s (only pontoons are neutral)")
        check_holder(state, seat, item)
        if x.kind == "pontoon" and b.standing_at(state, x.at) is not None:
            raise RuleViolation("fmp.load.occupied", f"something stands on the pontoon {item}")
        kind, origin = x.kind, x.at
    else:
        origin = parse_hex(item)
        if origin not in state.ore:
            raise RuleViolation("fmp.load.kind", f"no unit {item!r} and no ore on {origin}")
        kind = ORE
    _at_a_pod(f, origin)
    if kind != "pontoon" and _on_sunken(state, origin):
        raise RuleViolation("fmp.load.sunken", f"{origin} is under water: only a pontoon is loaded from it")
    if b.under_fire(state, origin, seat):
        raise RuleViolation("fmp.load.fire", f"{origin} is under unfavourable fire for {seat}")
    require_ap(state, 1, "loading")
    facts: list[Event] = [ev.CargoLoaded(rule="fmp.freighter.load", transporter=colour,
                                         item=ORE if kind == ORE else item, origin=origin, cost=1)]
    if kind == "pontoon":
        facts += collapse(state, without=frozenset({item}))
    return facts


def _freighter_unload(state: Planet, seat: str, colour: str, item: str, to: str) -> list[Event]:
    """The Freighter lays a unit or a pontoon it holds on a hex next to a pod
    (one point); ore put in a Freighter never comes out."""
    f = _own_freighter(state, seat, colour)
    x = state.units.get(item)
    if x is None or x.inside != colour or x.kind == "turret":
        raise RuleViolation("fmp.unload.cargo", f"the {colour} Freighter holds no {item!r} to lay "
                                                "(its ore never leaves it)")
    to = parse_hex(to)
    rule, onto = check_lay(state, seat, f, x, to)
    return [ev.CargoUnloaded(rule=rule, transporter=colour, item=item, to=to, into="", onto=onto, cost=1)]


def check_lay(state: Planet, seat: str, f, x: Unit, to: str) -> tuple[str, str]:
    """May Freighter `f` (the seat's, landed) lay `x`, which it holds, on
    `to`?  The rule it follows and the transporter it lands on, if any.
    `legal_commands` asks this once per kind of unit and hex."""
    _at_a_pod(f, to)
    if x.kind in b.MARINE:
        raise RuleViolation("fmp.move.exit", "marine units leave the Freighter by sailing out")
    require_ap(state, 1, "unloading")
    other = aboard_at(state, seat, x.kind, to, x.id)
    if other is not None:
        return "fmp.unload.transporter", other.id
    check_drop(state, seat, x.kind, to, x.id)
    return "fmp.freighter.unload", ""


def aboard_at(state: Planet, seat: str, kind: str, to: str, item: str = "") -> Unit | None:
    """The seat's transporter standing on `to`, which takes what is put down
    there (unloaded, laid by a Freighter or built by a Weather Hen), or None
    when there is none and the thing goes on the ground (`check_drop`).
    Aboard still means on that hex: never under unfavourable fire, never the
    Heap on a mountain; and only with room for it."""
    other = b.standing_at(state, to)
    if other is None or other.kind not in CAPACITY or state.controller(other) != seat:
        return None
    if b.under_fire(state, to, seat):
        raise RuleViolation("fmp.unload.fire", f"{to} is under unfavourable fire for {seat}")
    check_heap_ground(state, kind, to, item)
    _room(state, other, kind)
    return other


def check_drop(state: Planet, seat: str, kind: str, to: str, item: str = "") -> str:
    """May a `kind` (the unit `item`, if any) be put down on `to` (unloaded or
    laid)?  The rule it follows."""
    if b.under_fire(state, to, seat):
        raise RuleViolation("fmp.unload.fire", f"{to} is under unfavourable fire for {seat}")
    if b.terrain(to) == SEA and kind != "pontoon" and b.pontoon_at(state, to) is None:
        raise RuleViolation("fmp.unload.sea", "nothing is unloaded in open sea (but a pontoon)")
    why = blocked(state, to) or (kind == "pontoon" and b.pontoon_at(state, to) and "a pontoon lies there")
    if why:
        raise RuleViolation("fmp.unload.occupied", f"{to}: {why}")
    check_heap_ground(state, kind, to, item)
    if kind == "tank":
        check_mountain_pair(state, seat, item, to)
    if kind == "pontoon" and not pontoon_supported(state, to):
        raise RuleViolation("fmp.pontoon.ground", f"a pontoon on {to} would touch no ground")
    sunk = kind not in (ORE, "pontoon") and _on_sunken(state, to)
    return "fmp.unload.sunken" if sunk else "fmp.unload.cost"


def _on_sunken(state: Planet, h: str) -> bool:
    """A reef or swamp under water with no pontoon over it (a pontoon is a plain)."""
    return b.sunken(h, b.tide_now(state)) and b.pontoon_at(state, h) is None
