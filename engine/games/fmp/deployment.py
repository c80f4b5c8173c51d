"""Turn 2, the deployment ("First turns > Turn 2: Deployment"): units leave
their Freighter for its landing zone, all players at once, transporters
loaded first if their players wish."""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import board as b
from . import events as ev
from .state import Planet
from .transporters import CAPACITY, stow
from .units import adjacent, blocked, check_heap_ground, check_mountain_pair, own_unit, parse_hex


def deploy(state: Planet, seat: str, uid: str, hexes: tuple[str, ...]) -> list[Event]:
    u = own_unit(state, seat, uid)
    if u.inside != seat or u.kind == "turret":
        raise RuleViolation("fmp.deploy.unit", f"{uid} is not waiting in the {seat} Freighter")
    want = 2 if u.kind == "barge" else 1
    if len(hexes) != want:
        raise RuleViolation("fmp.deploy.barge", f"{uid} is deployed on {want} hex(es)")
    hexes = tuple(parse_hex(h) for h in hexes)
    if want == 2 and not adjacent(*hexes):
        raise RuleViolation("fmp.deploy.barge", "a barge's two hexes touch each other")
    sector = b.sector()
    zone = sector.zone[b.hex_of(state.freighters[seat].centre)]
    for h in hexes:
        problem = deploy_problem(state, seat, u.kind, h)
        if problem:
            raise RuleViolation(problem[0], f"{uid}: {problem[1]}")
        if u.cargo:  # a crab deployed loaded with the Heap: never on a mountain
            check_heap_ground(state, u.kind, h, uid)
    if u.kind in b.MARINE | {"pontoon"} and not any(on_coast(zone, h) for h in hexes):
        raise RuleViolation("fmp.deploy.coast", f"{uid} must touch the coast of zone {zone}")
    return [ev.UnitDeployed(rule="fmp.deploy.place", unit=uid, to=hexes[-1],
                            tail=hexes[0] if want == 2 else "")]


def deploy_problem(state: Planet, seat: str, kind: str, h: str) -> tuple[str, str] | None:
    """Why a unit of `kind` may not be deployed on `h` by `seat` (rule, words), or None.
    The coast (for the pontoon and marine units) is checked on the unit's hexes."""
    zone = b.sector().zone[b.hex_of(state.freighters[seat].centre)]
    if b.sector().zone.get(b.hex_of(h)) != zone:
        return "fmp.deploy.zone", f"{h} is outside landing zone {zone}"
    why = blocked(state, h)
    if why:
        return "fmp.deploy.occupied", f"{h}: {why}"
    if b.under_fire(state, h, seat):  # a unit is never placed under unfavourable fire
        return "fmp.move.fire", f"{h} is under unfavourable fire for {seat}"
    pontoon = b.pontoon_at(state, h) is not None
    if kind == "pontoon":
        if pontoon:
            return "fmp.deploy.occupied", f"{h}: a pontoon lies there already"
    elif not b.can_use(kind, h, b.NORMAL, pontoon):
        return "fmp.deploy.terrain", f"a {kind} cannot stand on {h} ({b.terrain(h)}) at normal tide"
    if kind == "tank":
        try:
            check_mountain_pair(state, seat, "", h)
        except RuleViolation as e:
            return "fmp.move.mountain-tanks", e.reason
    return None


def on_coast(zone: str, h: str) -> bool:
    return b.hex_of(h) in b.sector().coast(zone)


def stow_for_deployment(state: Planet, seat: str, tid: str, item: str) -> list[Event]:
    """Turn 2: "transporters can be deployed loaded": load inside the Freighter."""
    t = own_unit(state, seat, tid)
    if t.kind not in CAPACITY or t.inside != seat:
        raise RuleViolation("fmp.deploy.loaded", f"{tid} is not a transporter waiting in the Freighter")
    return stow(state, seat, t, item)
