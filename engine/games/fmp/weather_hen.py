"""The Weather Hen builds ("Weather Hen > Manufacturing units"): from the
ore it carries, a tank, crab or pontoon of the reserve, laid as a
transporter unloads.  (Its forecasts are the tide phase's: `rules.py`.)"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import board as b
from . import events as ev
from .state import ORE, Planet, Unit
from .transporters import aboard_at, check_drop, transporter
from .units import own_unit, parse_hex, require_ap, touching

BUILDABLE = ("tank", "crab", "pontoon")
BUILDS_PER_TURN = 2

def build(state: Planet, seat: str, hid: str, kind: str, to: str) -> list[Event]:
    """A Weather Hen turns the ore it carries into a unit from the reserve,
    laid on a hex next to it like an unloaded item (one point): on the
    ground, or aboard one of the player's transporters standing there."""
    hen = check_builder(state, seat, hid, kind)
    to = parse_hex(to)
    onto = check_build_at(state, seat, hen, kind, to)
    uid = f"{hen.colour}-{kind}-r{state.built + 1}"
    facts: list[Event] = [ev.UnitBuilt(rule="fmp.hen.build", hen=hid, kind=kind, unit=uid, to=to, cost=1)]
    if onto:  # laid aboard: the transporter holds it (the point was paid for the laying)
        facts.append(ev.CargoLoaded(rule="fmp.unload.transporter", transporter=onto, item=uid, origin=to,
                                    cost=0))
    return facts


def check_builder(state: Planet, seat: str, hid: str, kind: str) -> Unit:
    """May the seat's Weather Hen `hid` build a `kind` now (wherever it lays
    it)?  The Hen.  `legal_commands` asks this once per Hen and kind."""
    if own_unit(state, seat, hid).kind != "weatherhen":
        raise RuleViolation("fmp.hen.builder", f"only a Weather Hen builds, not {hid}")
    hen = transporter(state, seat, hid)
    if kind not in BUILDABLE:
        raise RuleViolation("fmp.hen.kind", f"a Weather Hen builds tanks, crabs or pontoons, not {kind!r}")
    if ORE not in hen.cargo:
        raise RuleViolation("fmp.hen.ore", f"{hid} carries no ore to build with: load one first")
    if state.reserve.get(kind, 0) < 1:
        raise RuleViolation("fmp.hen.reserve", f"the reserve holds no {kind} any more")
    done = state.builds.get(hid, ())
    if len(done) >= BUILDS_PER_TURN or (kind in done and kind != "tank"):
        raise RuleViolation("fmp.hen.twice", f"{hid} has built {', '.join(done)} this turn: at most two, "
                                             "never two crabs or two pontoons")
    return hen


def check_build_at(state: Planet, seat: str, hen: Unit, kind: str, to: str) -> str:
    """May the Hen (passed by `check_builder`) lay the new `kind` on `to`?
    The transporter it is laid aboard, if any ("" on the ground).  "Weather
    Hen > Manufacturing units": the Hen lays as a transporter unloads, so
    also onto a hex holding one of the player's transporters with room."""
    if not touching(hen, to):
        raise RuleViolation("fmp.unload.adjacent", f"{to} does not touch {hen.id}")
    if to in b.freighter_hexes(state):
        raise RuleViolation("fmp.unload.occupied", f"{to}: a Freighter stands there")
    other = aboard_at(state, seat, kind, to)
    if other is None:
        check_drop(state, seat, kind, to)
    require_ap(state, 1, "laying a new unit")
    return other.id if other is not None else ""
