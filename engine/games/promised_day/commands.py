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
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.commands import Command, CommandSet


def _sorted_words(command: Command, words) -> None:
    """Targets are a multiset: one spelling per choice, sorted."""
    ordered = tuple(sorted(words))
    if ordered != words:
        object.__setattr__(command, "targets", ordered)


class _Words(Command):
    """A fast `notation` (legal_commands sorts thousands of them by it): the verb and
    the fields' words, exactly as `Command.notation` spells them."""

    def notation(self) -> str:
        return " ".join((self.verb, *self._words()))

    def _words(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Flip(Command):
    verb = "flip"
    area: int


@dataclass(frozen=True)
class Start(_Words):
    verb = "start"
    space: str

    def _words(self) -> tuple[str, ...]:
        return (self.space,)


@dataclass(frozen=True)
class Walk(_Words):
    verb = "walk"
    space: str

    def _words(self) -> tuple[str, ...]:
        return (self.space,)


@dataclass(frozen=True)
class Attack(_Words):
    verb = "attack"
    card: str
    targets: tuple[str, ...] = ()

    def __post_init__(self):
        _sorted_words(self, self.targets)

    def _words(self) -> tuple[str, ...]:
        return (self.card, *self.targets)


@dataclass(frozen=True)
class Alchemy(_Words):
    verb = "alchemy"
    first: str
    second: str
    targets: tuple[str, ...] = ()

    def __post_init__(self):
        if self.first > self.second:  # a pair: `alchemy b a` is `alchemy a b`
            first, second = self.second, self.first
            object.__setattr__(self, "first", first)
            object.__setattr__(self, "second", second)
        _sorted_words(self, self.targets)

    def _words(self) -> tuple[str, ...]:
        return (self.first, self.second, *self.targets)


@dataclass(frozen=True)
class Replenish(Command):
    verb = "replenish"


@dataclass(frozen=True)
class Move(_Words):
    verb = "move"
    space: str

    def _words(self) -> tuple[str, ...]:
        return (self.space,)


@dataclass(frozen=True)
class Complete(Command):
    verb = "complete"


@dataclass(frozen=True)
class Bonus(_Words):
    verb = "bonus"
    card: str
    args: tuple[str, ...] = ()

    def _words(self) -> tuple[str, ...]:
        return (self.card, *self.args)


@dataclass(frozen=True)
class Companion(_Words):
    verb = "companion"
    card: str
    args: tuple[str, ...] = ()

    def _words(self) -> tuple[str, ...]:
        return (self.card, *self.args)


@dataclass(frozen=True)
class End(Command):
    verb = "end"


@dataclass(frozen=True)
class Discard(Command):
    verb = "discard"
    card: str


@dataclass(frozen=True)
class Wound(Command):
    verb = "wound"
    character: str


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
@dataclass(frozen=True)
class Abilities(Command):
    verb = "abilities"


@dataclass(frozen=True)
class Reveal(Command):
    verb = "reveal"


@dataclass(frozen=True)
class March(Command):
    verb = "march"


@dataclass(frozen=True)
class Appearance(Command):
    verb = "appearance"


@dataclass(frozen=True)
class Check(Command):
    verb = "check"


COMMANDS = CommandSet(Flip, Start, Walk, Attack, Alchemy, Replenish, Move, Complete, Bonus, Companion,
                      End, Discard, Wound, Abilities, Reveal, March, Appearance, Check)
