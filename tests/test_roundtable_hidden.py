"""Hidden information in `roundtable` (issue #25, item 4): what a seat may not see
stays out of its facts, and a card shown from a hidden hand is never taken back.

Hands (unit cards and shop cards), the orders of the unit, shop and boss decks and
the face-down shop slots are hidden; `redact` hides them in every fact.  A card that
leaves a hidden hand face up (deployed, discarded, a shop card played or attached)
has been seen: the fact that shows it is a commit point, so undo cannot put it back
into the hand the other seats have just looked into.
"""

from __future__ import annotations

import pytest

from engine.core import position as positions
from engine.core.errors import RuleViolation
from engine.core.game import find_game, register
from engine.core.store import open_store
from engine.games.roundtable import events as ev

register("roundtable", "engine.games.roundtable")
game = find_game("roundtable")
OPTIONS = {"mode": "1v1", "map": "default", "first_game": False, "end": "vp-deck", "rounds": 20,
           "players": 2, "bump": "orthogonal"}


def started_from(**sections):
    """A stored game started from a position (the unit deck empty unless given, so that
    nothing is drawn after a card is played: only the card itself is shown)."""
    store = open_store(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    position = {"format": "boardlog-position", "game": "roundtable", "version": 1,
                "options": OPTIONS, "deck": [], **sections}
    return store, store.create("roundtable", position=positions.text_of(position))


def undo_is_refused(store, gid, seat):
    with pytest.raises(RuleViolation) as refused:
        store.undo(gid, seat)
    assert refused.value.rule == "core.undo.commit-point"


# ---- a card shown from a hidden hand stays shown ---------------------------------------------------
def test_a_deployed_unit_card_cannot_go_back_into_the_hand():
    store, gid = started_from(players={"p1": {"hand": ["thief", "archer"]}})
    store.issue(gid, "p1", "deploy thief red C6")
    assert "thief" in store.live(gid).session.state.units  # p2 has seen the Thief come out of p1's hand
    undo_is_refused(store, gid, "p1")


def test_an_item_played_from_the_shop_hand_cannot_go_back():
    store, gid = started_from(players={"p1": {"shop_hand": ["vulnerary-1"]}},
                              units={"axe-fighter": {"owner": "p1", "square": "C3", "hp": 4}})
    store.issue(gid, "p1", "use vulnerary-1 axe-fighter")
    undo_is_refused(store, gid, "p1")


def test_an_attachment_placed_from_the_shop_hand_cannot_go_back():
    store, gid = started_from(players={"p1": {"shop_hand": ["dragon-shield-1"]}},
                              units={"axe-fighter": {"owner": "p1", "square": "C3"}})
    store.issue(gid, "p1", "use dragon-shield-1 axe-fighter")
    undo_is_refused(store, gid, "p1")


def test_a_reaction_card_played_in_the_window_cannot_go_back():
    store, gid = started_from(players={"p2": {"shop_hand": ["miracle-charm-1"]}},
                              units={"axe-fighter": {"owner": "p1", "square": "C3"},
                                     "thief": {"owner": "p2", "square": "C2"}})
    store.issue(gid, "p1", "attack axe-fighter thief")
    store.issue(gid, "p2", "use miracle-charm-1")
    undo_is_refused(store, gid, "p2")


def test_every_fact_that_shows_a_card_from_a_hidden_hand_is_a_commit_point():
    shown = (ev.UnitDeployed, ev.CardDiscarded, ev.ShopCardUsed, ev.AttachmentPlaced,
             ev.CardsDealt, ev.CardsDrawn, ev.ShopCardBought)
    assert all(cls.reveals for cls in shown)
    # A mulligan's discards are shown too, but it always draws after them (the deck, or the
    # discard pile it has just filled): its draw is the commit point; keeping shows nothing.
    assert not ev.MulliganTaken.reveals


# ---- what redact hides ------------------------------------------------------------------------------
def test_redact_hides_hands_deck_orders_and_the_face_down_shop_from_other_seats():
    facts = game.setup(game.options(2, {}), __import__("engine.core.dice", fromlist=["Dice"]).Dice(3, 1))
    for fact in facts:
        for seat, sees in (("p1", fact.to_data().get("seat") == "p1"), ("", False)):
            data = game.redact(fact, seat)
            if type(fact).__name__ in ("UnitDeckShuffled", "ShopDeckShuffled"):
                assert data["order"] == {"hidden": len(fact.order)}
            if isinstance(fact, ev.CardsDealt) and not sees:
                assert data["cards"] == {"hidden": 6}
            if isinstance(fact, ev.ShopCardDealt):
                assert data["card"] == {"hidden": 1} and data["cost"] == fact.cost
    boss = game.setup(game.options(3, {}), __import__("engine.core.dice", fromlist=["Dice"]).Dice(3, 1))
    shuffled = next(f for f in boss if isinstance(f, ev.BossDeckShuffled))
    assert game.redact(shuffled, "p2")["order"] == {"hidden": len(shuffled.order)}


def test_the_cards_of_the_game_are_named_to_a_seat_only_where_it_meets_them():
    # The setup facts copy the content's card lists for replay; while the game runs a seat
    # reads no card id there (it meets each card in its hand, on the map, in a discard pile),
    # so that the leak check can follow every card from a hidden place (tests/test_leaks.py).
    from engine.core.dice import Dice

    for players in (2, 3):
        for fact in game.setup(game.options(players, {}), Dice(3, 1)):
            data = game.redact(fact, "p1")
            if isinstance(fact, (ev.UnitCardsListed, ev.ShopCardsListed)):
                assert data["cards"] == {"listed": len(fact.cards)} and game.redact(fact, None) == fact.to_data()
            if isinstance(fact, ev.BossChosen):
                assert data["board"]["cards"] == {"listed": len(fact.board["cards"])}
                assert data["board"]["hp"] == fact.board["hp"]  # the board itself stays public


def test_everyone_knows_who_holds_anna_s_cheer():
    # I. Game Setup (2): the second player is given Anna's Cheer in front of everyone; it
    # leaves that hand only when played, face up.  The other shop cards stay hidden.
    import random

    state = game.from_position({"players": {"p2": {"shop_hand": ["annas-cheer", "vulnerary-1"]}}})
    shown = game.view(state, "p1")["players"]["p2"]
    assert shown["shop_hand_known"] == ["annas-cheer"] and shown["shop_hand"] is None
    scrambled = game.scramble_hidden(state, "p1", random.Random(1))
    assert "annas-cheer" in scrambled.player("p2").shop_hand
