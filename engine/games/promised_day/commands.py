"""Commands of The Promised Day, with their text notation.

Players (the seat of the character whose turn it is):

    flip 3                    with 1-2 players: turn one of the two "3 + 2" tiles face down
    start 2a                  place the character due on its starting space (set-up)
    walk 1b                   basic movement to a space within reach (`walk` to its own: stay)
    attack ed-05 1b wrath     play a card; one damage per target word, a space for one of its
                              soldiers, a boss id for the boss
    alchemy ed-01 ed-02 1a 1a wrath 2a
                              two cards with paired icons, then the targets of the character's
                              Alchemy/Alkahestry
    replenish                 draw a card
    move 2a                   move as an action
    complete                  the Reverse Transmutation Circle of the character's Area
    bonus may-chang 1a 3b     resolve a face-up Transmutation Bonus card (after `complete`)
    companion fu wrath wrath  Hawkeye / Greed & Ling Yao use one of their bonus cards
    end                       end the turn, leaving the remaining actions unused
    discard ed-07             give up a card to an Event card (any seat, "discuss and decide")
    wound ed                  take one of an Event card's damage (the character's own seat)

System (the Homunculus turn): `abilities`, `reveal`, `march`, `appearance`, `check`.

Names are taken as the picture shows them, in any case: a space `1A`, a card
`AL-04`, a character, boss or bonus card by its id or by a word of its name
that names it alone (`wound Edward`, `attack al-03 Kimblee`, `bonus Curtis ...`).
The command keeps the id, so the record always spells it one way.
"""

from __future__ import annotations

import re
from functools import cache

from engine.core.commands import Command, CommandSet, command

from . import content

_NOT_NAMES = frozenset({"and", "mrs", "the"})  # words of names that name nothing by themselves


@cache
def _names() -> dict[str, str]:
    """Every word that names one character, boss or bonus card alone, lower-case, to its id."""
    c = content.load()
    named = [(ch.id, ch.name) for ch in c.characters.values()]
    named += [(b.id, b.name) for b in c.bosses.values()] + [(b[0], b[1]) for b in c.bonus]
    owners: dict[str, set[str]] = {}
    for ident, name in named:
        for word in re.findall(r"[a-z]{3,}", name.lower()):
            if word not in _NOT_NAMES:
                owners.setdefault(word, set()).add(ident)
    found = {word: ids.pop() for word, ids in owners.items() if len(ids) == 1}  # "elric": two
    found.update({ident: ident for ident, _ in named})
    return found


def canonical(word: str) -> str:
    """A word as the notation spells it: lower-case, a name turned into its id."""
    word = word.lower()
    return _names().get(word, word)


def _canonical_fields(command: Command, *fields: str) -> None:
    for name in fields:
        value = getattr(command, name)
        fixed = tuple(map(canonical, value)) if isinstance(value, tuple) else canonical(value)
        if fixed != value:
            object.__setattr__(command, name, fixed)


def _sorted_words(command: Command, words) -> None:
    """Targets are a multiset: one spelling per choice, sorted."""
    ordered = tuple(sorted(map(canonical, words)))
    if ordered != words:
        object.__setattr__(command, "targets", ordered)


class _Words(Command):
    """A fast `notation` (legal_commands sorts thousands of them by it): the verb and
    the fields' words, exactly as `Command.notation` spells them."""

    def notation(self) -> str:
        return " ".join((self.verb, *self._words()))

    def _words(self) -> tuple[str, ...]:
        return ()


@command
class Flip(Command):
    """Turn one of the two "3 + 2" tiles face down before the game (1-2 players): name its Area.

    The team then plays for the other four tiles."""

    verb = "flip"
    area: int


@command
class Start(_Words):
    """Place your character on its starting space (set-up): a space no other character has taken."""

    verb = "start"
    space: str

    def __post_init__(self):
        _canonical_fields(self, "space")

    def _words(self) -> tuple[str, ...]:
        return (self.space,)


@command
class Walk(_Words):
    """Basic movement before the actions: go up to your character's Move along the lines (its own space: stay)."""

    verb = "walk"
    space: str

    def __post_init__(self):
        _canonical_fields(self, "space")

    def _words(self) -> tuple[str, ...]:
        return (self.space,)


@command
class Attack(_Words):
    """Play a card into your Area's circle and deal its damage in its range: a space per soldier hit, a boss per damage to it.

    One target word per point of damage; all the damage the targets in range can
    take must be dealt."""

    verb = "attack"
    card: str
    targets: tuple[str, ...] = ()

    def __post_init__(self):
        _canonical_fields(self, "card")
        _sorted_words(self, self.targets)

    def _words(self) -> tuple[str, ...]:
        return (self.card, *self.targets)


@command
class Alchemy(_Words):
    """Play two cards with the same paired icon for your Alchemy or Alkahestry: a space per soldier hit, a boss per damage to it.

    Ed, Al, Mustang and Scar only; the damage is the character summary's."""

    verb = "alchemy"
    first: str
    second: str
    targets: tuple[str, ...] = ()

    def __post_init__(self):
        _canonical_fields(self, "first", "second")
        if self.first > self.second:  # a pair: `alchemy b a` is `alchemy a b`
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)
        _sorted_words(self, self.targets)

    def _words(self) -> tuple[str, ...]:
        return (self.first, self.second, *self.targets)


@command
class Replenish(Command):
    """Draw a card from your deck into your hand (an action)."""

    verb = "replenish"


@command
class Move(_Words):
    """Move again as an action, up to your character's Move along the lines."""

    verb = "move"
    space: str

    def __post_init__(self):
        _canonical_fields(self, "space")

    def _words(self) -> tuple[str, ...]:
        return (self.space,)


@command
class Complete(Command):
    """Complete the Reverse Transmutation Circle of your Area: its tile goes face down, then you choose a Transmutation Bonus card."""

    verb = "complete"


@command
class Bonus(_Words):
    """Resolve a face-up Transmutation Bonus card, then what it acts on: characters, spaces, bosses or an Area."""

    verb = "bonus"
    card: str
    args: tuple[str, ...] = ()

    def __post_init__(self):
        _canonical_fields(self, "card", "args")

    def _words(self) -> tuple[str, ...]:
        return (self.card, *self.args)


@command
class Companion(_Words):
    """Use a Companion card beside your summary (Hawkeye, Greed & Ling Yao), then what it acts on; it is discarded."""

    verb = "companion"
    card: str
    args: tuple[str, ...] = ()

    def __post_init__(self):
        _canonical_fields(self, "card", "args")

    def _words(self) -> tuple[str, ...]:
        return (self.card, *self.args)


@command
class End(Command):
    """End your turn, leaving the remaining actions unused."""

    verb = "end"


@command
class Discard(Command):
    """Discard a card of your hand for the Event card (the players discuss and decide who)."""

    verb = "discard"
    card: str

    def __post_init__(self):
        _canonical_fields(self, "card")


@command
class Wound(Command):
    """Your character takes one damage of the Event card (the players discuss and decide who)."""

    verb = "wound"
    character: str

    def __post_init__(self):
        _canonical_fields(self, "character")


def ordered_attack(card: str, targets: tuple[str, ...]) -> Attack:
    """An Attack whose targets are already sorted (their one spelling), built without
    re-checking: `legal_commands` builds them by the thousand."""
    command = object.__new__(Attack)
    words = command.__dict__
    words["card"], words["targets"] = card, targets
    return command


def ordered_alchemy(first: str, second: str, targets: tuple[str, ...]) -> Alchemy:
    """An Alchemy with `first` < `second` and sorted targets, built without re-checking."""
    command = object.__new__(Alchemy)
    words = command.__dict__
    words["first"], words["second"], words["targets"] = first, second, targets
    return command


# ---- the system seat's steps of the Homunculus turn ---------------------------------------
@command
class Abilities(Command):
    """Homunculus turn, step 1: every boss on the board uses its ability, by ascending Area."""

    verb = "abilities"


@command
class Reveal(Command):
    """Homunculus turn, step 2: the Homunculus card of the round is turned up (an Event, or a Boss arriving)."""

    verb = "reveal"


@command
class March(Command):
    """Homunculus turn, step 3: the soldiers of the card's Areas march outward."""

    verb = "march"


@command
class Appearance(Command):
    """Homunculus turn, step 4: new soldiers appear from the centre."""

    verb = "appearance"


@command
class Check(Command):
    """Homunculus turn, step 5: one damage to each character sharing a space with a soldier or a boss."""

    verb = "check"


COMMANDS = CommandSet(Flip, Start, Walk, Attack, Alchemy, Replenish, Move, Complete, Bonus, Companion,
                      End, Discard, Wound, Abilities, Reveal, March, Appearance, Check)
