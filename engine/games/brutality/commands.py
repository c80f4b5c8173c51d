"""Commands of Brutality, with their text notation.

Controlled Chaos (setup option relics=draft), before the heroes:
    stack TYPE                 open the relic stack of a type to draft it next
    draft CARD                 take a card of the open stack into your team's deck

Setup (each in alternating team order, the starting team first):
    pick HERO                  take a hero and their sheet
    place HERO SQUARE          put a hero's miniature on an empty starting corner of your edge
    equip HERO ARTIFACT        give one of your heroes an artifact card
    hazard KIND SQUARE         place your team's hazard outside both starting rows

Your team's turn (phase 3, actions in any order between your heroes):
    move HERO SQUARE           one space by the compass (the first one takes the Move action)
    turn HERO                  face the other way (one movement)
    unbleed HERO               spend one movement to remove a bleed tile
    unhang HERO                spend one movement to remove the noose
    unbury HERO                spend one movement to come out of your grave
    use HERO ABILITY [TARGET]  use an ability (one action): TARGET is a hero or a space
    artifact HERO [TARGET]     use the hero's artifact (no action; also in the enemy turn
                               when its timing allows)
    relic CARD [TARGET...]     play a relic card from your team's hand (no action; when
                               its timing word allows, in either team's turn)
    knight FROM TO             move a Ghost Knight of your team one space (two a turn)
    end [CARD...]              end the actions, discarding these relic cards (phases 4 and 5)

Declared effects wait on the effect stack while the other team may respond:
    pass                       do not respond: the stack resolves, last declared first

A question in the middle of a resolution:
    answer CHOICE              the space a pushed or jumping hero goes to, or `stay`

Names are taken as the page shows them, in any case (issue #21): a space
`a3`, a card `Hell-Fire-2`, a hero by its id or by a word of its name that
names it alone or by the two letters on its token (`move rangoth A3`,
`use Ra hellbrand trajan`), an ability or an artifact by its id or such a
word (`use demon-king roar`), a hazard by its kind or the word the picture
labels it with (`hazard fire C3`).  The command keeps the id, so the record
always spells it one way.
"""

from __future__ import annotations

import re
from functools import cache

from engine.core.commands import Command, CommandSet, command

from . import content

# Words of names that name nothing by themselves.
_NOT_NAMES = frozenset({"the", "and", "of", "call"})
# The hazards as the picture labels them (viewer/pictures/brutality.py).
HAZARD_LABELS = {"icicles": "icicle-spikes", "pillar": "spiked-pillar", "pikes": "pike-trap",
                 "fire": "relentless-fire", "wall": "ruined-wall", "corpse": "corpse-parts",
                 "knight": "ghost-knight"}
_SQUARE = re.compile(r"[a-z]{1,2}\d{1,2}")


def token_label(name: str) -> str:
    """The two letters a hero's token shows ("Rangoth, The Demon King" -> "Ra")."""
    return name.removeprefix("The ")[:2]


def _by_words(named: list[tuple[str, str]], labels: bool = False) -> dict[str, str]:
    """{word: id}: every id, and each word of a name (three letters or more)
    that belongs to that one name alone; with `labels`, each token's two
    letters that no other token shows."""
    owners: dict[str, set[str]] = {}
    for ident, name in named:
        words = set(re.findall(r"[a-z][a-z']{2,}", name.lower())) - _NOT_NAMES
        words |= {w.replace("'", "") for w in words}
        if labels:
            words.add(token_label(name).lower())
        for word in words:
            owners.setdefault(word, set()).add(ident)
    found = {word: next(iter(ids)) for word, ids in owners.items() if len(ids) == 1}
    found.update({ident: ident for ident, _ in named})  # an id is always itself
    return found


@cache
def _heroes() -> dict[str, str]:
    return _by_words([(h, s["name"]) for h, s in content.heroes().items()], labels=True)


@cache
def _abilities() -> dict[str, str]:
    return _by_words([(a, x["name"]) for s in content.heroes().values()
                      for a, x in s["abilities"].items()])


@cache
def _artifacts() -> dict[str, str]:
    return _by_words([(a, x["name"]) for a, x in content.artifacts().items()])


def hero_name(word: str) -> str:
    """A hero as the notation spells it: its id."""
    word = word.lower()
    return _heroes().get(word, word)


def square_name(word: str) -> str:
    """A space as the notation spells it (`a3` -> `A3`); other words lower-case."""
    low = word.lower()
    return low.upper() if _SQUARE.fullmatch(low) else low


def target_name(word: str) -> str:
    """A target: a hero (its id) or a space."""
    low = word.lower()
    return square_name(low) if _SQUARE.fullmatch(low) else hero_name(low)


def _fix(command: Command, **how) -> None:
    """Spell each named field as the notation does (a frozen dataclass: set in place)."""
    for name, fn in how.items():
        value = getattr(command, name)
        fixed = tuple(map(fn, value)) if isinstance(value, tuple) else fn(value)
        if fixed != value:
            object.__setattr__(command, name, fixed)


def _lower(word: str) -> str:
    return word.lower()


@command
class OpenStack(Command):
    """Open a face-down relic stack (blessing, curse, op or utility) to draft it next (Controlled Chaos)."""

    verb = "stack"
    relic_type: str

    def __post_init__(self):
        _fix(self, relic_type=_lower)


@command
class Draft(Command):
    """Take a card of the open relic stack into your team's own deck (Controlled Chaos)."""

    verb = "draft"
    card: str

    def __post_init__(self):
        _fix(self, card=_lower)


@command
class Pick(Command):
    """Choose a hero for your team, with their sheet."""

    verb = "pick"
    hero: str

    def __post_init__(self):
        _fix(self, hero=hero_name)


@command
class Place(Command):
    """Put one of your heroes on an empty starting corner of your edge, facing the enemy."""

    verb = "place"
    hero: str
    square: str

    def __post_init__(self):
        _fix(self, hero=hero_name, square=square_name)


@command
class Equip(Command):
    """Give one of your heroes an artifact card (one each)."""

    verb = "equip"
    hero: str
    artifact: str

    def __post_init__(self):
        _fix(self, hero=hero_name, artifact=lambda w: _artifacts().get(w.lower(), w.lower()))


@command
class PlaceHazard(Command):
    """Place your team's hazard tile on an empty space outside both starting rows."""

    verb = "hazard"
    kind: str
    square: str

    def __post_init__(self):
        _fix(self, kind=lambda w: HAZARD_LABELS.get(w.lower(), w.lower()), square=square_name)


@command
class Move(Command):
    """Move a hero one space along their compass (the first step takes the Move action)."""

    verb = "move"
    hero: str
    square: str

    def __post_init__(self):
        _fix(self, hero=hero_name, square=square_name)


@command
class TurnAround(Command):
    """Turn a hero to face the other way (one space of movement)."""

    verb = "turn"
    hero: str

    def __post_init__(self):
        _fix(self, hero=hero_name)


@command
class Unbleed(Command):
    """Spend one space of a hero's movement to remove a bleed tile."""

    verb = "unbleed"
    hero: str

    def __post_init__(self):
        _fix(self, hero=hero_name)


@command
class Unhang(Command):
    """Spend one space of a hero's movement to throw off the noose."""

    verb = "unhang"
    hero: str

    def __post_init__(self):
        _fix(self, hero=hero_name)


@command
class Unbury(Command):
    """Spend one space of a buried hero's movement to climb out of the grave."""

    verb = "unbury"
    hero: str

    def __post_init__(self):
        _fix(self, hero=hero_name)


@command
class UseAbility(Command):
    """Use one of a hero's abilities (an action) on a hero or a space in its range and sight."""

    verb = "use"
    hero: str
    ability: str
    target: tuple[str, ...] = ()

    def __post_init__(self):
        _fix(self, hero=hero_name, ability=lambda w: _abilities().get(w.lower(), w.lower()),
             target=target_name)


@command
class UseArtifact(Command):
    """Use a hero's face-up artifact card (no action); it then cools down for three turns."""

    verb = "artifact"
    hero: str
    target: tuple[str, ...] = ()

    def __post_init__(self):
        _fix(self, hero=hero_name, target=target_name)


@command
class PlayRelic(Command):
    """Play a relic card from your team's hand when its timing allows (no action), on its target."""

    verb = "relic"
    card: str
    target: tuple[str, ...] = ()

    def __post_init__(self):
        _fix(self, card=_lower, target=target_name)


@command
class MoveKnight(Command):
    """Move one of your team's Ghost Knights one space (each moves two spaces a turn at most)."""

    verb = "knight"
    source: str
    to: str

    def __post_init__(self):
        _fix(self, source=square_name, to=square_name)


@command
class EndActions(Command):
    """End your team's actions, naming the relic cards to discard at the end of the turn.

    The cards named for phase 4 come from the team's hidden hand: until they
    are discarded face up (after the "End of..." windows), the other team reads
    the command as a secret one."""

    verb = "end"
    secret = True
    discard: tuple[str, ...] = ()

    def __post_init__(self):
        _fix(self, discard=_lower)
        if list(self.discard) != sorted(self.discard):  # a set of cards: one spelling
            object.__setattr__(self, "discard", tuple(sorted(self.discard)))


@command
class Pass(Command):
    """Let the declared effects resolve (or close your "End of..." window) without playing anything."""

    verb = "pass"


@command
class Answer(Command):
    """Answer the question: the space the hero goes to (or stay, to stay on the Catapult)."""

    verb = "answer"
    choice: str

    def __post_init__(self):
        _fix(self, choice=square_name)


COMMANDS = CommandSet(OpenStack, Draft, Pick, Place, Equip, PlaceHazard, Move, TurnAround, Unbleed, Unhang, Unbury,
                      UseAbility, UseArtifact, PlayRelic, MoveKnight, EndActions, Pass, Answer)
