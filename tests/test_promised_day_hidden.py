"""The Promised Day's hidden information (issue #25, item 4): no fact shows a
seat what it has not seen.

What the rulebook hides in this co-op game (section 3, "Set Up"): each
player's hand from the other players (a solo player's two hands lie open
before the one player), and the order of every face-down pile (the
characters' decks, the Mannequin Soldier cards, the Transmutation Bonus
deck, the Homunculus cards above the rounds).  Everything else lies open:
the board, the tiles (all laid face up; a face-down tile was seen face up),
the cards played into the circles, the discards, the Companion cards beside
a summary.

The audit replays whole games and, after every fact, lists what each seat
may not know yet: the cards in other seats' hands that its own view has
never shown, and the order of every face-down pile.  The fact as `redact`
gives it to that seat must contain none of them.
"""

from __future__ import annotations

import json

import pytest

from engine.core.game import find_game, register
from engine.core.selfplay import selfplay_one
from engine.core.store import open_store

register("promised_day", "engine.games.promised_day")
game = find_game("promised_day")


def memory():
    return open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})


def facts_of(store, gid) -> list:
    """The game's facts in order, each with the state after it."""
    found, state = [], game.initial_state()
    for row in store.rows(gid)[1:]:
        if row.kind == "Happened":
            fact = game.EVENTS[row.data["type"]].from_data(row.data["data"], row.data["rule"])
            state = game.evolve(state, fact)
            found.append((fact, state))
    return found


def piles(state) -> list[tuple[str, ...]]:
    """The face-down orders (two cards or more: one card has no order to give away)."""
    orders = [deck.cards for deck in state.decks.values()]
    orders += [tuple(c for c, _ in state.soldier_cards.cards), state.bonus.cards,
               tuple(c[1] for c in state.homunculus.cards)]
    return [order for order in orders if len(order) > 1]


def strings_in(value) -> list:
    """Every string, and every list of strings, in a fact's data."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list | tuple):
        inner = [s for v in value for s in strings_in(v)]
        names = [v if isinstance(v, str) else v[0] if isinstance(v, list | tuple) and v and
                 isinstance(v[0], str) else v[1] if isinstance(v, list | tuple) and len(v) > 1
                 and isinstance(v[1], str) else None for v in value]
        return inner + ([tuple(names)] if len(value) > 1 and all(names) else [])
    return []


def leaks(store, gid, redact=None) -> list[str]:
    """What any seat's redacted facts show it of what it has not seen."""
    redact = redact or game.redact
    seats = (*store.header(gid).seats, "")
    seen: dict[str, set[str]] = {seat: set() for seat in seats}
    found = []
    for fact, state in facts_of(store, gid):
        if state.phase == "over":
            break  # a finished game shows everything
        for seat in seats:
            view = game.view(state, seat)
            seen[seat] |= {card for ch in view["characters"].values() for card in ch.get("hand", {})}
            secret = {card for c in state.characters if state.seat_of[c] != seat
                      for card in state.hands[c].cards} - seen[seat]
            orders = piles(state)
            shown = strings_in(json.loads(json.dumps(redact(fact, seat))))
            for item in shown:
                if isinstance(item, str) and item in secret:
                    found.append(f"{seat or 'a spectator'} reads {item} in {fact.type}")
                if isinstance(item, tuple) and any(_within(item, order) for order in orders):
                    found.append(f"{seat or 'a spectator'} reads a pile's order in {fact.type}")
    return found


def _within(names: tuple, order: tuple) -> bool:
    """Do `names` (two or more) lie in `order` one after another?"""
    n = len(names)
    return any(order[i:i + n] == names for i in range(len(order) - n + 1))


@pytest.mark.parametrize("players, seed, options", [
    (1, 21, {}), (2, 22, {"difficulty": "hard"}), (3, 23, {"characters": "hawkeye,greed,al"}),
    (4, 24, {}),
])
def test_no_fact_shows_a_seat_another_seats_hand_or_a_piles_order(players, seed, options):
    store = memory()
    gid, _, _ = selfplay_one(store, "promised_day", seed, players, options, "random")
    assert leaks(store, gid) == []


def test_the_audit_sees_a_hand_and_an_order_when_redaction_lets_them_through():
    # A redaction that passes every fact whole: the audit finds the other seats' cards
    # (drawn into their hands) and the shuffled orders.
    store = memory()
    gid, _, _ = selfplay_one(store, "promised_day", 22, 2, {}, "random")
    found = leaks(store, gid, redact=lambda fact, seat: fact.to_data())
    assert any("reads al-" in leak or "reads ed-" in leak for leak in found)
    assert any("order in CharacterDeckShuffled" in leak for leak in found)
    assert any("order in HomunculusCardsDealt" in leak for leak in found)
    assert any("order in BonusDeckShuffled" in leak for leak in found)
    assert any("order in SoldierDeckShuffled" in leak for leak in found)
