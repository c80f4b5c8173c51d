"""Decks and hands of cards, as immutable values.

Cards are whatever ids a game uses (strings, tuples): the kit never looks
inside them.  The kit never shuffles by itself either: randomness comes
from the caller's dice, and the caller records the order it drew in an
event (`DeckShuffled(order)`), so replay only ever calls `reshuffle(order)`.

>>> deck = Deck(("a", "b", "c"), name="Side Effect deck")
>>> drawn, deck = deck.draw(2)
>>> drawn, deck.cards
(('a', 'b'), ('c',))
>>> deck.draw(2)
Traceback (most recent call last):
...
ValueError: cannot draw 2 cards from the Side Effect deck: 1 left
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

Card = Hashable


class ShufflingDice(Protocol):
    def shuffled(self, items: Sequence) -> tuple: ...


def shuffled(cards: Iterable[Card], dice: ShufflingDice) -> tuple[Card, ...]:
    """A new order of `cards` drawn from `dice` (record it in an event)."""
    return tuple(dice.shuffled(tuple(cards)))


@dataclass(frozen=True)
class Deck:
    """A draw pile (`cards`, top first) and its discard pile (`discards`,
    the most recently discarded first)."""

    cards: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = ()
    name: str = "deck"  # for error messages: "the Side Effect deck"

    def __post_init__(self) -> None:
        # Accept lists from callers but hold tuples, so a Deck is hashable and frozen all through.
        object.__setattr__(self, "cards", tuple(self.cards))
        object.__setattr__(self, "discards", tuple(self.discards))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: Card) -> bool:
        return card in self.cards

    def draw(self, n: int = 1) -> tuple[tuple[Card, ...], Deck]:
        """The top `n` cards and the deck without them; ValueError if fewer are left."""
        if n > len(self.cards):
            raise ValueError(f"cannot draw {n} cards from the {self.name}: {len(self.cards)} left")
        return self.draw_upto(n)

    def draw_upto(self, n: int) -> tuple[tuple[Card, ...], Deck]:
        """The top `n` cards, or all that are left, and the deck without them."""
        if n < 0:
            raise ValueError(f"cannot draw {n} cards from the {self.name}")
        return self.cards[:n], _with(self, cards=self.cards[n:])

    def peek(self, n: int = 1) -> tuple[Card, ...]:
        """The top `n` cards (fewer if the deck is shorter), left in place."""
        return self.cards[:n]

    def put_top(self, cards: Iterable[Card]) -> Deck:
        """`cards` on top, the first of them becoming the top card."""
        return _with(self, cards=tuple(cards) + self.cards)

    def put_bottom(self, cards: Iterable[Card]) -> Deck:
        """`cards` under the deck, the last of them becoming the bottom card."""
        return _with(self, cards=self.cards + tuple(cards))

    def remove(self, card: Card) -> Deck:
        """The deck without one copy of `card` (a search); ValueError if absent."""
        if card not in self.cards:
            raise ValueError(f"{card!r} is not in the {self.name}")
        i = self.cards.index(card)
        return _with(self, cards=self.cards[:i] + self.cards[i + 1:])

    def discard(self, cards: Iterable[Card]) -> Deck:
        """`cards` onto the discard pile, one after another (the last on top)."""
        return _with(self, discards=tuple(reversed(tuple(cards))) + self.discards)

    def reshuffle(self, order: Iterable[Card]) -> Deck:
        """The draw and discard piles gathered into one draw pile in `order`.

        `order` is the new order, drawn by the caller (for instance
        `shuffled(deck.cards + deck.discards, dice)`) and recorded in an event;
        it must hold exactly the cards of both piles.
        """
        order = tuple(order)
        if Counter(order) != Counter(self.cards + self.discards):
            raise ValueError(
                f"a new order for the {self.name} must hold exactly its {len(self.cards)} "
                f"cards and {len(self.discards)} discards, not {order!r}"
            )
        return _with(self, cards=tuple(order), discards=())


@dataclass(frozen=True)
class Hand:
    """Cards held by one player, in the order they came; `limit` is the hand
    size the rules allow (None: no limit)."""

    cards: tuple[Card, ...] = ()
    limit: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: Card) -> bool:
        return card in self.cards

    def add(self, cards: Iterable[Card]) -> Hand:
        """The hand with `cards` added; it may go over the limit (see `excess`),
        since most rules let a player draw first and discard down afterwards."""
        return _with(self, cards=self.cards + tuple(cards))

    def play(self, card: Card) -> Hand:
        """The hand without one copy of `card`; ValueError if it is not held."""
        if card not in self.cards:
            raise ValueError(f"{card!r} is not in the hand ({', '.join(map(str, self.cards))})")
        i = self.cards.index(card)
        return _with(self, cards=self.cards[:i] + self.cards[i + 1:])

    @property
    def excess(self) -> int:
        """How many cards over the limit the hand holds (0 when within it).

        >>> Hand(("a", "b", "c"), limit=2).excess
        1
        """
        return 0 if self.limit is None else max(0, len(self.cards) - self.limit)

    @property
    def room(self) -> int | None:
        """How many more cards fit under the limit (None: no limit)."""
        return None if self.limit is None else max(0, self.limit - len(self.cards))


def _with(value, **changes):
    """A copy of a deck or a hand with some fields changed (tuples already),
    without running its __init__ again: decks change on the events a game's
    fold applies, and dataclasses.replace made that fold a tenth slower."""
    new = object.__new__(type(value))
    object.__setattr__(new, "__dict__", {**value.__dict__, **changes})
    return new
