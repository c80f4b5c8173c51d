"""VII. Unit Tags, the Assist tags: Physic, Shove, Reposition, Grab; and a unit
whose skill is an Assist (II. Card Breakdown (6)).

Assists that move units follow the BUMP's limit (V. Unit Actions > Assist
Abilities): a unit only goes where it could enter by moving, never onto a
unit (Grab's swap excepted, where each unit takes the other's square).
"Ally" in 1 vs 1 means one of your own units, never the assisting unit.
`check` holds the guards (what `decide` and `legal_commands` both ask),
`resolve` the facts of an assist that passed them.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.squaregrid import SquareGrid

from . import effects
from . import events as ev
from .board import allied, distance, hp_left, orthogonal_neighbours, unit_at
from .content import BOARD
from .movement import entry_refusal
from .state import Table, Unit

ASSIST_TAGS = ("Grab", "Reposition", "Shove", "Physic")
PHYSIC_RANGE, PHYSIC_HP = 2, 3


def check_has_assist(state: Table, unit: Unit) -> None:
    """The unit has an assist ability: an assist tag, or an Assist skill."""
    if assist_tag(state, unit) is None and state.cards[unit.card]["skill"]["type"] != "assist":
        raise RuleViolation("roundtable.assist.none", f"{unit.card} has no assist ability")


def assist_tag(state: Table, unit: Unit) -> str | None:
    return next((t for t in ASSIST_TAGS if t in state.cards[unit.card]["tags"]), None)


def takes_square(state: Table, unit: Unit) -> bool:
    """Grab and Reposition name the square their move ends on; the other assists none."""
    return assist_tag(state, unit) in ("Grab", "Reposition")


def check(state: Table, unit: Unit, target: str, where: tuple[str, ...]) -> None:
    """Whether `unit` may assist `target`, its move (Grab, Reposition) ending on `where`."""
    check_has_assist(state, unit)
    tag = assist_tag(state, unit)
    if tag is None:  # an Assist skill
        skill = state.cards[unit.card]["skill"]
        if where:
            raise RuleViolation("roundtable.assist.square", f"{skill['name']} takes no square")
        return effects.check(state, unit.owner, unit, skill["effect"], target)
    ally = state.units.get(target)
    if ally is None or not allied(state, unit, ally) or ally.card == unit.card:
        raise RuleViolation("roundtable.assist.ally", f"{target} is not another of your units on the map")
    wants_square = takes_square(state, unit)
    if len(where) != int(wants_square):
        raise RuleViolation("roundtable.assist.square",
                            f"[{tag}] takes {'one square' if wants_square else 'no square'}")
    if tag == "Physic":
        if distance(unit.square, ally.square) > PHYSIC_RANGE:
            raise RuleViolation("roundtable.assist.physic",
                                f"[Physic] reaches allies up to {PHYSIC_RANGE} squares away")
        return None
    if ally.square not in orthogonal_neighbours(unit.square):
        raise RuleViolation("roundtable.assist.adjacent", f"[{tag}] targets an ally next to {unit.card}")
    if tag == "Shove":
        _require_enter(state, ally, _shoved_to(unit, ally))
    elif tag == "Reposition":
        if where[0] not in orthogonal_neighbours(unit.square):
            raise RuleViolation("roundtable.assist.reposition", f"[Reposition] puts the ally next to {unit.card}")
        _require_enter(state, ally, where[0])
    else:
        _check_grab(state, unit, ally, where[0])
    return None


def _shoved_to(unit: Unit, ally: Unit) -> str:
    """One square further along the line from the shover through the ally."""
    here, there = BOARD.parse(unit.square), BOARD.parse(ally.square)
    step = BOARD.step(there, SquareGrid.direction_between(here, there))
    if step is None:
        raise RuleViolation("roundtable.assist.enter", "the ally would be pushed off the map")
    return str(step)


def _check_grab(state: Table, unit: Unit, ally: Unit, to: str) -> None:
    """`to` is where the grabbing unit goes: the ally's square (a swap) or
    another square next to it, the ally then taking its former square."""
    if to != ally.square:
        if to not in orthogonal_neighbours(unit.square):
            raise RuleViolation("roundtable.assist.grab", "[Grab] moves this unit one square (or swaps)")
        _require_enter(state, unit, to)
    else:
        refusal = entry_refusal(state, unit, to)
        if refusal:
            raise RuleViolation("roundtable.assist.enter", refusal[1])
    refusal = entry_refusal(state, ally, unit.square)
    if refusal:
        raise RuleViolation("roundtable.assist.enter", refusal[1])


def _require_enter(state: Table, unit: Unit, to: str) -> None:
    if unit_at(state, to):
        raise RuleViolation("roundtable.assist.enter", f"{to} is occupied")
    refusal = entry_refusal(state, unit, to)
    if refusal:
        raise RuleViolation("roundtable.assist.enter", refusal[1])


def resolve(state: Table, unit: Unit, target: str, where: tuple[str, ...]) -> list[Event]:
    """The facts of an assist that passed `check`."""
    tag = assist_tag(state, unit)
    if tag is None:
        skill = state.cards[unit.card]["skill"]
        return effects.apply(state, unit.owner, unit, skill["effect"], target, "roundtable.assist.skill")
    ally = state.units[target]
    if tag == "Physic":
        restored = min(PHYSIC_HP, ally.damage)
        return [ev.HitPointsRestored(rule="roundtable.assist.physic", unit=unit.card, target=ally.card,
                                     restored=restored, hp=hp_left(state, ally) + restored)]
    if tag == "Shove":
        return [ev.UnitPlaced(rule="roundtable.assist.shove", unit=ally.card, origin=ally.square,
                              to=_shoved_to(unit, ally))]
    if tag == "Reposition":
        return [ev.UnitPlaced(rule="roundtable.assist.reposition", unit=ally.card, origin=ally.square,
                              to=where[0])]
    return [ev.UnitPlaced(rule="roundtable.assist.grab", unit=unit.card, origin=unit.square, to=where[0]),
            ev.UnitPlaced(rule="roundtable.assist.grab", unit=ally.card, origin=ally.square,
                          to=unit.square)]
