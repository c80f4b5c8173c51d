"""The kit's decks, hands, turn orders and rounds."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.kit.deck import Deck, Hand, shuffled
from engine.kit.testing import LoadedDice
from engine.kit.turns import Rounds, Schedule, TurnOrder

cards = st.lists(st.sampled_from("abcdefgh"), max_size=8).map(tuple)


# ---- decks -------------------------------------------------------------------------------------
@given(cards, st.integers(0, 8))
def test_drawing_then_putting_back_on_top_restores_the_deck(pile, n):
    deck = Deck(pile, name="Event deck")
    drawn, rest = deck.draw_upto(n)
    assert drawn == pile[:n] == deck.peek(n) and rest.cards == pile[n:]
    assert rest.put_top(drawn) == deck
    if n <= len(pile):
        assert deck.draw(n) == (drawn, rest)
    else:
        with pytest.raises(ValueError, match=f"cannot draw {n} cards from the Event deck"):
            deck.draw(n)


@given(cards, cards)
def test_put_bottom_keeps_the_order_given(pile, more):
    deck = Deck(pile).put_bottom(more)
    assert deck.cards == pile + more and len(deck) == len(pile) + len(more)


def test_a_deck_accepts_lists_but_holds_tuples():
    deck = Deck(["a", "b"], ["c"])
    assert deck.cards == ("a", "b") and deck.discards == ("c",)
    assert hash(deck) == hash(Deck(("a", "b"), ("c",)))


def test_remove_takes_one_copy_or_names_the_deck():
    deck = Deck(("a", "b", "a"), name="Mannequin Soldier deck")
    assert deck.remove("a").cards == ("b", "a")
    with pytest.raises(ValueError, match="'z' is not in the Mannequin Soldier deck"):
        deck.remove("z")


def test_discards_pile_up_with_the_last_on_top():
    deck = Deck(("a",)).discard(["b", "c"]).discard(["d"])
    assert deck.discards == ("d", "c", "b")


def test_reshuffle_gathers_both_piles_in_the_order_drawn_by_the_caller():
    deck = Deck(("a", "b"), discards=("c",), name="Bonus deck")
    dice = LoadedDice(orders=[("c", "a", "b")])
    order = shuffled(deck.cards + deck.discards, dice)
    assert dice.used and order == ("c", "a", "b")
    assert deck.reshuffle(order) == Deck(("c", "a", "b"), (), "Bonus deck")
    with pytest.raises(ValueError, match="exactly its 2 cards and 1 discards"):
        deck.reshuffle(("a", "b"))


def test_shuffled_asks_any_dice_with_a_shuffled_method():
    class Reversing:
        def shuffled(self, items):
            return tuple(reversed(items))

    assert shuffled(iter("abc"), Reversing()) == ("c", "b", "a")


def test_a_hand_tracks_its_limit():
    hand = Hand(limit=3).add(["a", "b"])
    assert (len(hand), hand.room, hand.excess) == (2, 1, 0)
    hand = hand.add(["c", "d"])
    assert (hand.room, hand.excess) == (0, 1)
    assert hand.play("b").cards == ("a", "c", "d") and "b" in hand
    with pytest.raises(ValueError, match="'z' is not in the hand"):
        hand.play("z")
    assert Hand(("a",)).room is None and Hand(("a",)).excess == 0


# ---- turns -------------------------------------------------------------------------------------
@given(st.lists(st.sampled_from(["P1", "P2", "Boss"]), min_size=1, max_size=5), st.integers(0, 30))
def test_a_schedule_wraps_into_new_rounds(slots, steps):
    s = Schedule(tuple(slots))
    for _ in range(steps):
        s = s.advance()
    assert s.round == 1 + steps // len(slots) and s.index == steps % len(slots)
    assert s.current == slots[steps % len(slots)]


def test_boss_mode_puts_the_boss_between_the_players():
    # Anna's Roundtable, Boss Mode: P1 -> Boss -> P2 -> Boss, then P1 again.
    s = Schedule(("P1", "Boss", "P2", "Boss"))
    seen = []
    for _ in range(5):
        seen.append((s.round, s.current))
        s = s.advance()
    assert seen == [(1, "P1"), (1, "Boss"), (1, "P2"), (1, "Boss"), (2, "P1")]
    with pytest.raises(ValueError):
        Schedule(())
    with pytest.raises(ValueError):
        Schedule(("a",), index=1)


def test_a_turn_order_names_each_seat_once():
    with pytest.raises(ValueError, match="appears twice"):
        TurnOrder(("a", "b", "a"))
    with pytest.raises(ValueError, match="'z' is not in the turn order"):
        TurnOrder(("a",)).starting_from("z")


@given(st.permutations(["a", "b", "c", "d"]), st.sampled_from("abcd"))
def test_starting_from_keeps_the_cyclic_order(seats, start):
    order = TurnOrder(tuple(seats)).starting_from(start)
    seen = []
    for _ in range(4):
        seen.append(order.current)
        order = order.advance()
    assert seen[0] == start and sorted(seen) == ["a", "b", "c", "d"]
    i = seats.index(start)
    assert seen == seats[i:] + seats[:i] and order.round == 2


def test_removing_seats():
    order = TurnOrder(("a", "b", "c"), index=1)  # b in play
    assert order.remove("a") == TurnOrder(("b", "c"), index=0)
    assert order.remove("b") == TurnOrder(("a", "c"), index=1)  # c is next
    assert order.remove("c") == TurnOrder(("a", "b"), index=1)
    # Removing the last seat of the round while it is in play starts the next round.
    last = TurnOrder(("a", "b", "c"), index=2, round=3)
    assert last.remove("c") == TurnOrder(("a", "b"), index=0, round=4)
    with pytest.raises(ValueError, match="last seat"):
        TurnOrder(("a",)).remove("a")


def test_rounds_count_to_a_limit_that_can_be_extended():
    # The Promised Day lasts 7 rounds; "+2" applies from the 4th round onwards.
    r = Rounds(7)
    assert (r.number, r.remaining, r.is_last, r.reached(4)) == (1, 7, False, False)
    for _ in range(3):
        r = r.advance()
    assert r.reached(4) and r.remaining == 4
    r = Rounds(7, number=7)
    assert r.is_last and not r.is_over and r.advance().is_over
    assert r.extend(2).remaining == 3 and not r.extend(2).is_last
    with pytest.raises(ValueError, match="ended after round 7"):
        r.advance().advance()
