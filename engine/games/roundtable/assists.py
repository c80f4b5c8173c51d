"""VII. Unit Tags, the Assist tags: Physic, Shove, Reposition, Grab.

Assists that move units follow the BUMP's limit (V. Unit Actions > Assist
Abilities): a unit only goes where it could enter by moving, never onto a
unit (Grab's swap excepted, where each unit takes the other's square).
"Ally" in 1 vs 1 means one of your own units, never the assisting unit.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.squaregrid import SquareGrid

from . import events as ev
from .combat import hp_left
from .content import BOARD
from .effects import apply
from .movement import distance, entry_refusal, orthogonal_neighbours
from .state import Table, Unit

R = "roundtable."
ASSIST_TAGS = ("Grab", "Reposition", "Shove", "Physic")
PHYSIC_RANGE, PHYSIC_HP = 2, 3


def is_ally(state: Table, unit: Unit, other: Unit) -> bool:
    """Your own units; in Boss Mode every player's units ("Ally units" clarification)."""
    return state.mode == "boss" or other.owner == unit.owner


def has_assist(state: Table, unit: Unit) -> bool:
    return assist_tag(state, unit) is not None or state.cards[unit.card]["skill"]["type"] == "assist"


def assist_tag(state: Table, unit: Unit) -> str | None:
    return next((t for t in ASSIST_TAGS if t in state.cards[unit.card]["tags"]), None)


def resolve(state: Table, unit: Unit, target: str, where: tuple[str, ...]) -> list[Event]:
    tag = assist_tag(state, unit)
    skill = state.cards[unit.card]["skill"]
    if tag is None and skill["type"] == "assist":
        if where:
            raise RuleViolation(R + "assist.square", f"{skill['name']} takes no square")
        return apply(state, unit.owner, unit, skill["effect"], target, R + "assist.skill")
    if tag is None:
        raise RuleViolation(R + "assist.none", f"{unit.card} has no assist ability")
    ally = state.units.get(target)
    if ally is None or not is_ally(state, unit, ally) or ally.card == unit.card:
        raise RuleViolation(R + "assist.ally", f"{target} is not another of your units on the map")
    wants_square = tag in ("Grab", "Reposition")
    if len(where) != int(wants_square):
        raise RuleViolation(R + "assist.square", f"[{tag}] takes {'one square' if wants_square else 'no square'}")
    if tag == "Physic":
        return _physic(state, unit, ally)
    if ally.square not in orthogonal_neighbours(unit.square):
        raise RuleViolation(R + "assist.adjacent", f"[{tag}] targets an ally next to {unit.card}")
    return {"Shove": lambda: _shove(state, unit, ally),
            "Reposition": lambda: _reposition(state, unit, ally, where[0]),
            "Grab": lambda: _grab(state, unit, ally, where[0])}[tag]()


def _physic(state: Table, unit: Unit, ally: Unit) -> list[Event]:
    if distance(unit.square, ally.square) > PHYSIC_RANGE:
        raise RuleViolation(R + "assist.physic", f"[Physic] reaches allies up to {PHYSIC_RANGE} squares away")
    restored = min(PHYSIC_HP, ally.damage)
    return [ev.HitPointsRestored(rule=R + "assist.physic", unit=unit.card, target=ally.card,
                                 restored=restored, hp=hp_left(state, ally) + restored)]


def _shove(state: Table, unit: Unit, ally: Unit) -> list[Event]:
    # One square further along the line from the shover through the ally.
    here, there = BOARD.parse(unit.square), BOARD.parse(ally.square)
    step = BOARD.step(there, SquareGrid.direction_between(here, there))
    to = None if step is None else str(step)
    if to is None:
        raise RuleViolation(R + "assist.enter", "the ally would be pushed off the map")
    _require_enter(state, ally, to)
    return [ev.UnitPlaced(rule=R + "assist.shove", unit=ally.card, origin=ally.square, to=to)]


def _reposition(state: Table, unit: Unit, ally: Unit, to: str) -> list[Event]:
    if to not in orthogonal_neighbours(unit.square):
        raise RuleViolation(R + "assist.reposition", f"[Reposition] puts the ally next to {unit.card}")
    _require_enter(state, ally, to)
    return [ev.UnitPlaced(rule=R + "assist.reposition", unit=ally.card, origin=ally.square, to=to)]


def _grab(state: Table, unit: Unit, ally: Unit, to: str) -> list[Event]:
    """`to` is where the grabbing unit goes: the ally's square (a swap) or
    another square next to it, the ally then taking its former square."""
    if to != ally.square:
        if to not in orthogonal_neighbours(unit.square):
            raise RuleViolation(R + "assist.grab", "[Grab] moves this unit one square (or swaps)")
        _require_enter(state, unit, to)
    else:
        refusal = entry_refusal(state, unit, to)
        if refusal:
            raise RuleViolation(R + "assist.enter", refusal[1])
    refusal = entry_refusal(state, ally, unit.square)
    if refusal:
        raise RuleViolation(R + "assist.enter", refusal[1])
    return [ev.UnitPlaced(rule=R + "assist.grab", unit=unit.card, origin=unit.square, to=to),
            ev.UnitPlaced(rule=R + "assist.grab", unit=ally.card, origin=ally.square,
                          to=unit.square)]


def _require_enter(state: Table, unit: Unit, to: str) -> None:
    if state.unit_at(to):
        raise RuleViolation(R + "assist.enter", f"{to} is occupied")
    refusal = entry_refusal(state, unit, to)
    if refusal:
        raise RuleViolation(R + "assist.enter", refusal[1])

