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
    answer CHOICE              e.g. the space a pushed hero with no room goes to
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.commands import Command, CommandSet


@dataclass(frozen=True)
class OpenStack(Command):
    verb = "stack"
    relic_type: str


@dataclass(frozen=True)
class Draft(Command):
    verb = "draft"
    card: str


@dataclass(frozen=True)
class Pick(Command):
    verb = "pick"
    hero: str


@dataclass(frozen=True)
class Place(Command):
    verb = "place"
    hero: str
    square: str


@dataclass(frozen=True)
class Equip(Command):
    verb = "equip"
    hero: str
    artifact: str


@dataclass(frozen=True)
class PlaceHazard(Command):
    verb = "hazard"
    kind: str
    square: str


@dataclass(frozen=True)
class Move(Command):
    verb = "move"
    hero: str
    square: str


@dataclass(frozen=True)
class TurnAround(Command):
    verb = "turn"
    hero: str


@dataclass(frozen=True)
class Unbleed(Command):
    verb = "unbleed"
    hero: str


@dataclass(frozen=True)
class Unhang(Command):
    verb = "unhang"
    hero: str


@dataclass(frozen=True)
class Unbury(Command):
    verb = "unbury"
    hero: str


@dataclass(frozen=True)
class UseAbility(Command):
    verb = "use"
    hero: str
    ability: str
    target: tuple[str, ...] = ()


@dataclass(frozen=True)
class UseArtifact(Command):
    verb = "artifact"
    hero: str
    target: tuple[str, ...] = ()


@dataclass(frozen=True)
class PlayRelic(Command):
    verb = "relic"
    card: str
    target: tuple[str, ...] = ()


@dataclass(frozen=True)
class MoveKnight(Command):
    verb = "knight"
    source: str
    to: str


@dataclass(frozen=True)
class EndActions(Command):
    """The cards named for phase 4 come from the team's hidden hand: until they
    are discarded face up (after the "End of..." windows), the other team reads
    the command as a secret one."""

    verb = "end"
    secret = True
    discard: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pass(Command):
    verb = "pass"


@dataclass(frozen=True)
class Answer(Command):
    verb = "answer"
    choice: str


COMMANDS = CommandSet(OpenStack, Draft, Pick, Place, Equip, PlaceHazard, Move, TurnAround, Unbleed, Unhang, Unbury,
                      UseAbility, UseArtifact, PlayRelic, MoveKnight, EndActions, Pass, Answer)
