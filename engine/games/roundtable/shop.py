"""III. Turn Actions > General Turn Actions: Anna's Shop (buying a face-down
card, using items and attachments; reaction cards are `attacks.py`'s) and
shifting a Gray unit to another slot.  None of it exists in Boss Mode.
"""

from __future__ import annotations

from typing import Any

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import effects
from . import events as ev
from .board import colour
from .content import SLOTS
from .state import Table, Unit, evolve
from .turn import check_coins, own_unit

COST_SHIFT = 1


# ---- buying ----------------------------------------------------------------------------------
def check_buy(state: Table, seat: str, slot: int) -> None:
    if not 1 <= slot <= len(state.shop) or state.shop[slot - 1] is None:
        raise RuleViolation("roundtable.shop.slot", f"Anna's Shop has no card in slot {slot}")
    check_coins(state, seat, state.shop_cards[state.shop[slot - 1]]["cost"], "this shop card")


def buy(state: Table, seat: str, slot: int) -> list[Event]:
    """The card goes to the buyer's hand; the next card of the shop deck takes its slot."""
    card = state.shop[slot - 1]
    cost = state.shop_cards[card]["cost"]
    facts: list[Event] = [ev.CoinsSpent(rule="roundtable.shop.cost", seat=seat, coins=cost),
                          ev.ShopCardBought(rule="roundtable.shop.buy", seat=seat, slot=slot, card=card,
                                            cost=cost)]
    if state.shop_deck:
        new = state.shop_deck.cards[0]
        facts.append(ev.ShopCardDealt(rule="roundtable.shop.refill", slot=slot, card=new,
                                      cost=state.shop_cards[new]["cost"]))
    return facts


# ---- using a card from hand ------------------------------------------------------------------
def shop_card(state: Table, seat: str, card: str) -> dict[str, Any]:
    """A shop card in `seat`'s hand, as its content says."""
    if card not in state.player(seat).shop_hand:
        raise RuleViolation("roundtable.shop.in-hand", f"{card} is not a shop card in your hand")
    return state.shop_cards[card]


def check_use(state: Table, seat: str, card: str, target: tuple[str, ...]) -> None:
    """An item on its target, or an attachment under one of your units; a reaction card
    waits for its condition."""
    info = shop_card(state, seat, card)
    if info["kind"] == "reaction":
        raise RuleViolation("roundtable.reaction.condition", f"{info['name']} waits for its condition")
    if info["kind"] == "attachment":
        unit = state.units.get(effects.one_target(target) or "")
        if unit is None or unit.owner != seat:
            raise RuleViolation("roundtable.shop.attachment", "an attachment goes under one of your deployed units")
        return
    effects.check(state, seat, None, info["effect"], effects.one_target(target))


def use(state: Table, seat: str, card: str, target: tuple[str, ...]) -> list[Event]:
    info = state.shop_cards[card]
    if info["kind"] == "attachment":
        unit = state.units[target[0]]
        return [ev.AttachmentPlaced(rule="roundtable.shop.attachment", seat=seat, card=card,
                                    name=info["name"], unit=unit.card, replaced=unit.attachment or "")]
    res = Resolution(state, evolve)
    res.add(ev.ShopCardUsed(rule="roundtable.shop.item", seat=seat, card=card, name=info["name"]))
    return res.facts + effects.apply(res.state, seat, None, info["effect"], effects.one_target(target),
                                     "roundtable.shop.item")


# ---- shifting a Gray unit --------------------------------------------------------------------
def check_shift(state: Table, seat: str, unit: str, slot: str) -> None:
    u = own_unit(state, seat, unit)
    check_gray(state, u)
    if slot not in SLOTS or slot == u.slot or any(
            o.slot == slot for o in state.units.values() if o.owner == seat):
        raise RuleViolation("roundtable.shift.slot-free", f"the {slot} slot is not another unoccupied unit slot")
    check_coins(state, seat, COST_SHIFT, "shifting a Gray unit")


def check_gray(state: Table, u: Unit) -> None:
    if colour(state, u) != "gray":
        raise RuleViolation("roundtable.shift.gray", "only a Gray unit can change unit slots")


def shift(state: Table, seat: str, unit: str, slot: str) -> list[Event]:
    return [ev.CoinsSpent(rule="roundtable.shift.cost", seat=seat, coins=COST_SHIFT),
            ev.GrayUnitShifted(rule="roundtable.shift.cost", unit=unit, slot=slot)]
