"""Movement ("Units > Movement", and "The tides"): a unit goes hex by hex,
a barge steps or pivots, units leave and enter their Freighter through a
pod, a neutralised unit retreats one hex ("Destroyers > Retreat and
neutralization"), and after a Freighter is taken its units leave enemy
fire first ("Capturing the Freighter").
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import board as b
from . import events as ev
from .content import MOUNTAIN
from .freighter import can_take, take_freighter
from .state import Planet, Unit, evolve
from .units import (
    adjacent,
    blocked,
    carries_heap,
    check_holder,
    check_mountain_pair,
    hexes_of,
    own_unit,
    parse_hex,
    require_ap,
    touching,
)

MOVABLE = frozenset({"barge", "crab", "weatherhen", "motorboat", "tank", "heap"})

def move(state: Planet, seat: str, uid: str, path: tuple[str, ...], second_unit: bool = False
         ) -> list[Event]:
    """Move hex by hex; `second_unit`: the last hex may be under unfavourable
    fire (the Theory of the Second Unit, see `assault`).  A barge's path may
    name one of its own two hexes before the next hex: it pivots around that
    hex (`move barge G11 F10`: G11 stays, the other end swings to F10)."""
    u = own_unit(state, seat, uid)
    if u.kind not in MOVABLE:
        raise RuleViolation("fmp.move.inert", f"{uid} cannot move by itself")
    if not path:
        raise RuleViolation("fmp.move.path", "a move names at least one hex")
    path = tuple(parse_hex(h) for h in path)
    if u.carrier:
        raise RuleViolation("fmp.move.carried", f"{uid} is carried (neutralised): unload it first")
    tide = b.tide_now(state)
    if u.inside:
        heads, cost, start = _leave_freighter(state, u, path)
    else:
        if b.is_stuck(state, u):
            raise RuleViolation("fmp.tide.neutralised", f"{uid} is neutralised by the tide")
        if uid in state.neutralised:
            return _retreat(state, seat, u, path)
        check_holder(state, seat, uid)
        heads, cost, start = hexes_of(u), 0, 0
    into, stranded, around = "", False, ""
    tail = heads[1] if u.kind == "barge" else ""
    for i in range(start, len(path)):
        h, last = path[i], i == len(path) - 1
        if u.kind == "barge" and h in heads and not last and not around:
            around = h  # "around h": the barge keeps h and swings its other end (free by itself)
            continue
        # A barge keeps its front hex when the new hex touches it, unless a pivot hex was named.
        pivot = next((x for x in heads if adjacent(x, h) and x != h and x == (around or x)), None)
        around = ""
        if pivot is None or h in heads:
            raise RuleViolation("fmp.move.path", f"{h} does not touch {uid}'s position")
        cost += 1
        f = b.freighter_hexes(state).get(h)
        if f is not None and last and h in state.freighters[f].pods and (
                state.freighters[f].controller == seat or can_take(state, u, f)):
            into = f  # through a pod into the Freighter (1 point, a barge whole)
            break
        stranded = check_step(state, seat, u, h, tide, last, fire_ok=second_unit and last)
        heads = (h, pivot) if u.kind == "barge" else (h,)
        tail = pivot if u.kind == "barge" else ""
    require_ap(state, cost, f"moving {uid} {len(path)} hex(es)")
    if not into and u.kind == "tank":
        check_mountain_pair(state, seat, uid, path[-1])
    facts: list[Event] = [ev.UnitMoved(
        rule="fmp.move.strand" if stranded else "fmp.move.enter" if into else "fmp.move.step",
        unit=uid, path=path, tail=tail, into=into, cost=cost, stranded=stranded)]
    if into and state.freighters[into].controller != seat:
        facts += take_freighter(state, seat, uid, into, evolve(state, facts[0]))
    return facts


def _leave_freighter(state: Planet, u: Unit, path: tuple[str, ...]) -> tuple[tuple[str, ...], int, int]:
    """Out through a pod: the first hex touches a pod; a barge takes its two
    hexes at once for one point."""
    f = state.freighters[u.inside]
    if f.status != "landed":
        raise RuleViolation("fmp.move.exit", f"the {f.colour} Freighter is no longer on the planet: "
                                             f"{u.id} stays aboard")
    if not any(adjacent(p, path[0]) for p in f.pods) or path[0] in f.hexes:
        raise RuleViolation("fmp.move.exit", f"{u.id} leaves the Freighter through a pod, to a hex next to it")
    seat, tide = f.controller, b.tide_now(state)
    if u.kind != "barge":
        check_step(state, seat, u, path[0], tide, len(path) == 1)
        return (path[0],), 1, 1
    if len(path) < 2 or not adjacent(path[0], path[1]):
        raise RuleViolation("fmp.move.exit", "a barge leaves the Freighter onto two touching hexes")
    for h in path[:2]:
        check_step(state, seat, u, h, tide, last=False)
    return (path[1], path[0]), 1, 2


def check_step(state: Planet, seat: str, u: Unit, h: str, tide: str, last: bool,
                fire_ok: bool = False) -> bool:
    """May `u` enter `h` now?  True when it strands itself there."""
    why = blocked(state, h, u.id)
    if why:
        raise RuleViolation("fmp.move.ore" if h in state.ore else "fmp.move.occupied", f"{h}: {why}")
    pontoon = b.pontoon_at(state, h) is not None
    if pontoon and u.kind in b.MARINE:
        raise RuleViolation("fmp.move.pontoon", f"{u.id} cannot sail onto the pontoon on {h}")
    if carries_heap(state, u) and b.terrain(h) == MOUNTAIN:
        raise RuleViolation("fmp.move.heap-mountain", f"the Heap never goes on a mountain ({h})")
    if not fire_ok and b.under_fire(state, h, seat):
        raise RuleViolation("fmp.move.fire", f"{h} is under unfavourable fire for {seat}")
    if b.can_use(u.kind, h, tide, pontoon):
        return False
    if last and b.sometimes_usable(u.kind, h) and not pontoon:
        return True  # voluntary stranding: stops on the first unusable hex, neutralised
    raise RuleViolation("fmp.move.terrain", f"{u.id} cannot go on {h} ({b.terrain(h)}) at {tide} tide")


def _retreat(state: Planet, seat: str, u: Unit, path: tuple[str, ...]) -> list[Event]:
    """"Retreat": a unit neutralised by fire may move one hex, to a free hex
    out of the fire zone; otherwise it can do nothing."""
    if len(path) != 1 or not touching(u, path[0]) or path[0] in hexes_of(u):
        raise RuleViolation("fmp.neutralise.retreat", f"{u.id} is neutralised: it may only retreat one hex")
    h = path[0]
    if b.under_fire(state, h, seat):
        raise RuleViolation("fmp.neutralise.retreat", f"{u.id} may only retreat out of the fire zone")
    check_step(state, seat, u, h, b.tide_now(state), last=False)
    if u.kind == "tank":
        check_mountain_pair(state, seat, u.id, h)
    require_ap(state, 1, "a retreat")
    # A barge steps forward (its front enters h, the back follows) or backward
    # (its back enters h): it keeps the one of its hexes that touches h, as in `move`.
    tail = (u.at if adjacent(u.at, h) else u.tail) if u.kind == "barge" else ""
    return [ev.UnitMoved(rule="fmp.neutralise.retreat", unit=u.id, path=(h,), tail=tail, into="", cost=1,
                         stranded=False)]


def require_evacuation(state: Planet, command_unit: str | None) -> None:
    """After taking a Freighter, its units under enemy fire move out first."""
    if state.evacuation and command_unit not in state.evacuation:
        raise RuleViolation("fmp.freighter.evacuate", "first move the captured units out of enemy fire: "
                                                      + ", ".join(state.evacuation))


def secure(state: Planet, seat: str) -> list[Event]:
    """The captured units that cannot get out of enemy fire are neutralised."""
    if not state.evacuation:
        raise RuleViolation("fmp.freighter.evacuate", "no captured unit waits to leave enemy fire")
    for uid in state.evacuation:
        u = state.units[uid]
        for h in sorted({str(n) for x in hexes_of(u) for n in b.grid().neighbours(b.hex_of(x))}):
            try:
                move(state, seat, uid, (h,))
            except RuleViolation:
                continue
            raise RuleViolation("fmp.freighter.evacuate", f"{uid} can still get out of fire (to {h})")
    return [ev.UnitNeutralised(rule="fmp.freighter.evacuate", unit=uid, seat=_holder_of(state, uid, seat),
                               holders=()) for uid in state.evacuation]


def _holder_of(state: Planet, uid: str, seat: str) -> str:
    u = state.units[uid]
    return next((other for other in state.seats if other != seat
                 and any(b.covered_twice(state, other, h) for h in hexes_of(u))), "")
