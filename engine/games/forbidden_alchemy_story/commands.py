"""Commands of the story game, with their text notation.

Keeper:
    choose B                          the #1 story choice (secret until revealed)
    action creature-of-night byakhee-1 gh-mid
    action take-sample investigator-2
    action dark-summons byakhee-2 path-b
    action screech byakhee-1 investigator-1
    monster-attack maniac-1 investigator-1
    trauma trauma-2 investigator-1    play a Trauma card from the hand
    threat trauma-2                   spend threat on a card's threat effect
    mythos wrong-turn investigator-1 hall2-s   a Mythos card (a space: where Wrong Turn moves)
    place guest-a                     where a revealed objective's named monster goes (The Pet)
    end
Investigators:
    move hall1-w      run      explore      hide      escape      end
    use bandages                      use an item (spent once used)
    travel past                       move the Time Period marker (Story 2, in the rift room)
    plant                             plant the Seeds in your room (Story 2)
    attack maniac-1 revolver          (or `none`: no weapon)
    puzzle                            attempt the objective's Alchemy puzzle
    test dexterity                    answer an either/or test
    pick investigator-2               who in your room makes the next test
    answer yes                        answer a byakhee's question
    swap 2 3 / replace 4 / skill / stop   inside an Alchemy puzzle (the puzzle game's)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.commands import Command, CommandSet
from engine.games.forbidden_alchemy.commands import Replace, SpendSkillPoint, Stop, Swap


@dataclass(frozen=True)
class Choose(Command):
    """The keeper's #1 story choice: secret until the objective is revealed."""

    verb = "choose"
    secret = True
    choice: str


@dataclass(frozen=True)
class KeeperAction(Command):
    verb = "action"
    card: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class MonsterAttack(Command):
    verb = "monster-attack"
    monster: str
    target: str


@dataclass(frozen=True)
class PlayTrauma(Command):
    verb = "trauma"
    card: str
    target: str


@dataclass(frozen=True)
class PlayMythos(Command):
    verb = "mythos"
    card: str
    targets: tuple[str, ...]


@dataclass(frozen=True)
class UseThreatEffect(Command):
    verb = "threat"
    card: str


@dataclass(frozen=True)
class Place(Command):
    verb = "place"
    space: str


@dataclass(frozen=True)
class Travel(Command):
    verb = "travel"
    period: str


@dataclass(frozen=True)
class Plant(Command):
    verb = "plant"


@dataclass(frozen=True)
class End(Command):
    verb = "end"


@dataclass(frozen=True)
class Move(Command):
    verb = "move"
    space: str


@dataclass(frozen=True)
class Run(Command):
    verb = "run"


@dataclass(frozen=True)
class Explore(Command):
    verb = "explore"


@dataclass(frozen=True)
class Hide(Command):
    verb = "hide"


@dataclass(frozen=True)
class UseItem(Command):
    verb = "use"
    item: str


@dataclass(frozen=True)
class Escape(Command):
    verb = "escape"


@dataclass(frozen=True)
class Attack(Command):
    verb = "attack"
    monster: str
    item: str


@dataclass(frozen=True)
class AttemptPuzzle(Command):
    verb = "puzzle"


@dataclass(frozen=True)
class ChooseAttribute(Command):
    verb = "test"
    attribute: str


@dataclass(frozen=True)
class Pick(Command):
    verb = "pick"
    seat: str


@dataclass(frozen=True)
class Answer(Command):
    verb = "answer"
    answer: str


PUZZLE_COMMANDS = (Swap, Replace, SpendSkillPoint, Stop)

COMMANDS = CommandSet(
    Choose,
    KeeperAction,
    MonsterAttack,
    PlayTrauma,
    PlayMythos,
    UseThreatEffect,
    Place,
    End,
    Move,
    Travel,
    Plant,
    Run,
    Explore,
    Hide,
    UseItem,
    Escape,
    Attack,
    AttemptPuzzle,
    ChooseAttribute,
    Pick,
    Answer,
    *PUZZLE_COMMANDS,
)
