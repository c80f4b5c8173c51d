"""Unit cards in hand: the mulligan (I. Game Setup, step 2), drawing back up
to six, and discarding (III. Turn Actions > General Turn Actions; once a
turn in Boss Mode).
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event
from engine.kit.resolution import Resolution

from . import events as ev
from .state import HAND_SIZE, MULLIGAN, Table, evolve
from .turn import check_coins, start_turn


def mulligan_turn(state: Table) -> str | None:
    """The seat whose mulligan comes next (first player first), if any."""
    return next((s for s in state.seats if not state.player(s).mulliganed), None)


def check_mulligan(state: Table, seat: str, cards: tuple[str, ...]) -> None:
    if state.phase != MULLIGAN:
        raise RuleViolation("roundtable.setup.mulligan-once", "the mulligan is taken once, during setup")
    waiting = mulligan_turn(state)
    if waiting != seat:
        raise RuleViolation("core.turn", f"it is {waiting}'s turn to keep or mulligan")
    hand = list(state.player(seat).hand)
    for card in cards:
        if card not in hand:
            raise RuleViolation("roundtable.setup.mulligan-cards", f"{card} is not (or no longer) in your hand")
        hand.remove(card)


def mulligan(state: Table, seat: str, cards: tuple[str, ...], dice) -> list[Event]:
    """Discard, draw back up to six; the last mulligan starts the first turn."""
    res = Resolution(state, evolve, dice)
    res.add(ev.MulliganTaken(rule="roundtable.setup.mulligan", seat=seat, discarded=cards))
    facts = res.facts + draw_up(res.state, seat, dice, "roundtable.setup.mulligan")
    if all(state.player(s).mulliganed for s in state.seats if s != seat):
        facts += start_turn(state, state.seats[0], 1)
    return facts


def draw_up(state: Table, seat: str, dice, rule: str) -> list[Event]:
    """Draw back up to 6; an empty deck takes the shuffled discard pile (our reading)."""
    need = HAND_SIZE - len(state.player(seat).hand)
    if need <= 0:
        return []
    facts: list[Event] = []
    deck = state.deck.cards
    if len(deck) < need and state.discards:
        order = tuple(dice.shuffled(state.discards))
        facts.append(ev.DiscardsReshuffled(rule="roundtable.cards.reshuffle", order=order))
        deck = deck + order
    if deck[:need]:
        facts.append(ev.CardsDrawn(rule=rule, seat=seat, cards=deck[:need]))
    return facts


def check_discard(state: Table, seat: str, card: str) -> None:
    p = state.player(seat)
    if card not in p.hand:
        raise RuleViolation("roundtable.discard.in-hand", f"{card} is not a unit card in your hand")
    if p.discards and state.mode == "boss":
        raise RuleViolation("roundtable.boss.discard-once", "one discard per turn in Boss Mode")
    if p.discards:
        check_coins(state, seat, 1, "a second discard this turn")


def discard(state: Table, seat: str, card: str, dice) -> list[Event]:
    """The first discard of a turn is free, every further one costs a coin; then draw up."""
    p = state.player(seat)
    res = Resolution(state, evolve, dice)
    if p.discards:
        res.add(ev.CoinsSpent(rule="roundtable.discard.cost", seat=seat, coins=1))
    res.add(ev.CardDiscarded(rule="roundtable.discard.cost" if p.discards else "roundtable.discard.first-free",
                             seat=seat, card=card))
    return res.facts + draw_up(res.state, seat, dice, "roundtable.discard.draw")
