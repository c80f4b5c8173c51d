"""III. Turn Actions > Deploying Units, with [Haste] for 3 DV (Dragon Vein
Abilities) and Boss Mode's player board (two slots, one unit per colour).

The guards come in two parts, `check_card` (the card, its slot and the
turn's deploys) and `check_square` (where it goes: `square_refusal`);
`decide` asks both, `legal_commands` the first once per card and slot and
the second once per square.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import events as ev
from . import turn
from .board import colour, on_boss_tile, summon_at, unit_at
from .cards import draw_up
from .content import SLOTS
from .state import Table, evolve
from .turn import check_dv

BOSS_SLOTS = ("1", "2")  # the Boss Mode side of a player board
COST_HASTE = 3


def slots(state: Table) -> tuple[str, ...]:
    """The unit slots of a player board in this mode."""
    return BOSS_SLOTS if state.mode == "boss" else SLOTS


def slots_for(state: Table, card: str) -> tuple[str, ...]:
    """The slots `card` may take by its colour: its own colour's in 1 vs 1 (a Gray unit's,
    any); either of Boss Mode's two."""
    printed = state.cards[card]["colour"]
    return slots(state) if state.mode == "boss" or printed == "gray" else (printed,)


def check_deploy(state: Table, seat: str, card: str, slot: str, square: str, haste: bool) -> None:
    check_card(state, seat, card, slot, haste)
    check_square(state, seat, square)


def check_card(state: Table, seat: str, card: str, slot: str, haste: bool) -> None:
    """The deploys left this turn, the card in hand, and the slot it may take."""
    check_deploys_left(state, seat, haste)
    if card not in state.player(seat).hand:
        raise RuleViolation("roundtable.deploy.in-hand", f"{card} is not a unit card in your hand")
    check_slot(state, seat, card, slot)


def check_slot(state: Table, seat: str, card: str, slot: str) -> None:
    """The slot `card` may take beside the units `seat` has deployed: its colour's, free,
    and no second Gray or Legendary unit (Boss Mode: no second unit of a colour)."""
    printed = state.cards[card]
    own = [u for u in state.units.values() if u.owner == seat]
    if slot not in slots(state):
        raise RuleViolation("roundtable.deploy.slots", f"unit slots are {', '.join(slots(state))}, not {slot!r}")
    if state.mode == "boss" and any(colour(state, u) == printed["colour"] for u in own):
        raise RuleViolation("roundtable.boss.deploy-colour", f"you already have a {printed['colour']} unit deployed")
    if slot not in slots_for(state, card):
        raise RuleViolation("roundtable.deploy.slot-colour",
                            f"{printed['name']} is {printed['colour']}: it goes in the {printed['colour']} slot")
    if any(u.slot == slot for u in own):
        raise RuleViolation("roundtable.deploy.slot-free", f"your {slot} unit slot is occupied")
    if printed["colour"] == "gray" and any(colour(state, u) == "gray" for u in own):
        raise RuleViolation("roundtable.deploy.one-gray", "you already have a Gray unit deployed")
    if printed["legendary"] and any(state.cards[u.card]["legendary"] for u in own):
        raise RuleViolation("roundtable.deploy.one-legendary", "you already have a Legendary unit deployed")


def check_deploys_left(state: Table, seat: str, haste: bool) -> None:
    """One ordinary deploy a turn, and one with [Haste] (for its DV)."""
    p = state.player(seat)
    if haste and p.hasted:
        raise RuleViolation("roundtable.dv.haste-once", "you have already deployed a unit with [Haste] this turn")
    if haste:
        check_dv(state, seat, COST_HASTE, "a deploy with [Haste]")
    elif p.deployed:
        raise RuleViolation("roundtable.deploy.once", "you have already deployed a unit this turn")


def check_square(state: Table, seat: str, square: str) -> None:
    refusal = square_refusal(state, seat, square)
    if refusal is not None:
        raise RuleViolation(*refusal)


def square_refusal(state: Table, seat: str, square: str) -> tuple[str, str] | None:
    """Why a unit may not be deployed on `square` (None: it may): an unoccupied square of
    the seat's own deployment zone."""
    refusal = turn.square_refusal(square)
    if refusal is not None:
        return refusal
    if square not in state.zones[seat]:
        return "roundtable.deploy.zone", f"{square} is not in your deployment zone"
    if unit_at(state, square) or on_boss_tile(state, square) or summon_at(state, square):
        return "roundtable.deploy.zone", f"{square} is occupied"
    return None


def deploy(state: Table, seat: str, card: str, slot: str, square: str, dice, haste: bool) -> list[Event]:
    """The unit arrives exhausted (Ready with [Haste]), with its Shapestone and Special
    Ability token; then its player draws back up to six."""
    printed = state.cards[card]
    res = Resolution(state, evolve, dice)
    if haste:
        res.add(ev.DragonVeinSpent(rule="roundtable.dv.haste", seat=seat, dv=COST_HASTE))
    res.add(ev.UnitDeployed(rule="roundtable.dv.haste" if haste else "roundtable.deploy.exhausted",
                            seat=seat, card=card, slot=slot, square=square, exhausted=not haste,
                            shapestone="Shapeshifter" in printed["tags"],
                            special=printed["skill"]["type"] in ("special", "reaction"), haste=haste))
    return res.facts + draw_up(res.state, seat, dice, "roundtable.deploy.draw")
