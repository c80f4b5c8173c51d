"""Destroyers ("Destroyers"): two of a player's destroyers fire at a hex
together, capture a unit they touch, or hold an enemy unit under their
fire and neutralise it; units their owner's fire no longer holds are freed.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import board as b
from . import events as ev
from .pontoons import collapse
from .state import Planet, Unit, evolve
from .units import check_mountain_pair, hexes_of, own_unit, parse_hex, require_ap, touching


def pair(state: Planet, seat: str, first: str, second: str) -> tuple[Unit, Unit]:
    if first == second:
        raise RuleViolation("fmp.fire.pair", "it always takes two different destroyers")
    ready = _ready(state, seat)
    for uid in (first, second):
        own_unit(state, seat, uid)
        if state.units[uid].kind not in b.RANGE:
            raise RuleViolation("fmp.fire.destroyer", f"{uid} is not a destroyer")
        if uid not in ready:
            raise RuleViolation("fmp.fire.neutralised", f"{uid} is neutralised or off the map")
    return ready[first], ready[second]


def _ready(state: Planet, seat: str) -> dict[str, Unit]:
    """The seat's destroyers that can fire, by id (memoised with the position:
    `legal_commands` asks about every pair of them)."""
    memo = b.memo(state)
    found = memo.get(("ready", seat))
    if found is None:
        found = memo[("ready", seat)] = {u.id: u for u in b.destroyers(state, seat)}
    return found


def fire(state: Planet, seat: str, first: str, second: str, target: str, assaulting: str = ""
         ) -> list[Event]:
    """Two destroyers fire at a hex; `assaulting`: the second unit of an
    assault, which fires from inside the fire zone it entered."""
    target, units = check_fire(state, seat, first, second, target, assaulting)
    res = Resolution(state, evolve)
    res.add(ev.TargetDestroyed(rule="fmp.fire.destroy", shooters=(first, second), target=target, units=units,
                               ore=target in state.ore, cost=2))
    pontoons = frozenset(x for x in units if state.units[x].kind == "pontoon")
    if pontoons:  # what was cut off is worked out on the board as it stood (the shot's pontoons left out)
        res.add(*collapse(state, without=pontoons))
    res.add(*released(res.state, seat))
    return res.facts


def check_fire(state: Planet, seat: str, first: str, second: str, target: str, assaulting: str = ""
               ) -> tuple[str, tuple[str, ...]]:
    """The guards of a shot: (the target hex, what stands on it) or why not."""
    shooters = pair(state, seat, first, second)
    target = parse_hex(target)
    for d in shooters:
        check_shooter(state, seat, d, assaulting)
        if not b.in_range(state, d, target):
            raise RuleViolation("fmp.fire.range", f"{target} is out of {d.id}'s range "
                                                  f"({b.fire_range(state, d)})")
    units = check_target(state, seat, target)
    require_ap(state, 2, "firing")
    return target, units


def check_shooter(state: Planet, seat: str, d: Unit, assaulting: str = "") -> None:
    """One destroyer of a shot, whatever the target: shots left, and out of
    unfavourable fire unless it is the assault's second unit.  (Split from
    `check_fire` so that `legal` asks once per destroyer, not per target.)"""
    if state.shots.get(d.id, 0) >= 2:
        raise RuleViolation("fmp.fire.ammo", f"{d.id} has fired twice this turn")
    if d.id != assaulting:
        may_shoot(state, seat, d)


def check_target(state: Planet, seat: str, target: str) -> tuple[str, ...]:
    """What a shot of `seat` at the hex `target` destroys, whoever fires, or
    why it may not be shot at (asked once per hex by `legal`)."""
    units = b.occupants(state).get(target, ())
    fh = b.freighter_hexes(state)
    if target in fh and not any(state.units[x].kind == "turret" for x in units):
        raise RuleViolation("fmp.fire.freighter", "a Freighter and its cargo cannot be destroyed")
    if not units and target not in state.ore:
        raise RuleViolation("fmp.fire.nothing", f"there is nothing to destroy on {target}")
    mine = [x for x in units if state.units[x].kind != "pontoon" and state.controller(state.units[x]) == seat]
    if mine:
        raise RuleViolation("fmp.fire.own", f"{seat}'s destroyers cannot destroy {mine[0]}")
    return units


def may_shoot(state: Planet, seat: str, d: Unit) -> None:
    """A destroyer under unfavourable fire neither fires nor holds a unit under
    its fire: only turrets do (and an assault's second unit, see `fire`)."""
    if d.kind != "turret" and b.under_fire(state, d.at, seat):
        raise RuleViolation("fmp.fire.under-fire", f"{d.id} stands under unfavourable fire: it cannot "
                                                   "fire (only turrets and an assault's second unit do)")


def held(state: Planet, uid: str, by: str) -> bool:
    """Is the unit still within reach of two destroyers of `by`, the seat that neutralised it?"""
    u = state.units[uid]
    return any(b.covered_twice(state, by, h) for h in hexes_of(u))


def released(state: Planet, seat: str) -> list[Event]:
    """Units of `seat` that other destroyers have just freed: the fire that
    neutralised them no longer holds them."""
    return [ev.UnitFreed(rule="fmp.neutralise.freed", unit=uid)
            for uid, by in sorted(state.neutralised.items())
            if uid in state.units and state.controller(state.units[uid]) == seat and not held(state, uid, by)]


def capture(state: Planet, seat: str, first: str, second: str, target: str) -> list[Event]:
    captors = pair(state, seat, first, second)
    x = state.units.get(target)
    if x is None or not x.at or x.kind in ("pontoon", "turret") or state.controller(x) == seat:
        raise RuleViolation("fmp.capture.target", f"{target} is not an enemy unit on the map that can be captured")
    for d in captors:
        if not touching(x, d.at):
            raise RuleViolation("fmp.capture.contact", f"{d.id} is not in contact with {target}")
    for h in (captors[0].at, captors[1].at, *hexes_of(x)):
        if b.under_fire(state, h, seat):
            raise RuleViolation("fmp.capture.fire", f"{h} is under unfavourable fire for {seat}")
    if x.kind == "tank":  # it now stands where it is for `seat`
        check_mountain_pair(state, seat, x.id, x.at)
    require_ap(state, 1, "a capture")
    return [ev.UnitCaptured(rule="fmp.capture.colour", captors=(first, second), unit=target,
                            cargo=b.contents(state, target), colour=captors[0].colour, cost=1)]


def neutralise(state: Planet, seat: str, first: str, second: str, target: str) -> list[Event]:
    """Two destroyers holding an enemy unit in their fire turn it over (no cost)."""
    holders = pair(state, seat, first, second)
    x = state.units.get(target)
    if x is None or not x.at or x.kind in ("pontoon", "turret") or state.controller(x) == seat:
        raise RuleViolation("fmp.neutralise.target", f"{target} is not an enemy unit that can be neutralised")
    if target in state.neutralised:
        raise RuleViolation("fmp.neutralise.target", f"{target} is neutralised already")
    for d in holders:
        may_shoot(state, seat, d)
        if not any(b.in_range(state, d, h) for h in hexes_of(x)):
            raise RuleViolation("fmp.fire.range", f"{target} is out of {d.id}'s range")
    return [ev.UnitNeutralised(rule="fmp.neutralise.hold", unit=target, seat=seat, holders=(first, second))]
