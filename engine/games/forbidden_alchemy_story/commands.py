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

from engine.core.commands import Command, CommandSet, command
from engine.games.forbidden_alchemy.commands import Replace, SpendSkillPoint, Stop, Swap


@command
class Choose(Command):
    """Make the #1 story choice: the objective card the story is played with, secret until it is revealed."""

    verb = "choose"
    secret = True
    choice: str


@command
class KeeperAction(Command):
    """Play a Keeper Action card for its threat, naming what it acts on (a monster and its way, a room, an investigator)."""

    verb = "action"
    card: str
    targets: tuple[str, ...]


@command
class MonsterAttack(Command):
    """A monster attacks an investigator in its space who is not hiding (each monster once in a keeper turn)."""

    verb = "monster-attack"
    monster: str
    target: str


@command
class PlayTrauma(Command):
    """Play a Trauma card from your hand on an investigator who has suffered damage (physical) or horror (insanity)."""

    verb = "trauma"
    card: str
    target: str


@command
class PlayMythos(Command):
    """Play a Mythos card from your hand on an investigator, who makes its test (after a Wrong Turn, name where he goes)."""

    verb = "mythos"
    card: str
    targets: tuple[str, ...]


@command
class UseThreatEffect(Command):
    """Spend threat on a Trauma or Side Effect card in play for its threat effect (once in each keeper turn)."""

    verb = "threat"
    card: str


@command
class Place(Command):
    """Place the named monster the revealed objective brings, in a space of a room holding an investigator."""

    verb = "place"
    space: str


@command
class Travel(Command):
    """Travel in time: move the Time Period marker to another Time Period card (your action, in the rift room)."""

    verb = "travel"
    period: str


@command
class Plant(Command):
    """Plant the Seeds you hold in the objective's room (your action)."""

    verb = "plant"


@command
class End(Command):
    """End your turn."""

    verb = "end"


@command
class Move(Command):
    """Move to a space next to yours across a door or an open boundary (one of your moves)."""

    verb = "move"
    space: str


@command
class Run(Command):
    """Run: your action buys one more move this turn."""

    verb = "run"


@command
class Explore(Command):
    """Explore your room: take its top Exploration card (your action)."""

    verb = "explore"


@command
class Hide(Command):
    """Hide in a room with a place to hide (your action): no monster may attack you while you hide."""

    verb = "hide"


@command
class UseItem(Command):
    """Use an item or cast a spell you hold (your action)."""

    verb = "use"
    item: str


@command
class Escape(Command):
    """Escape from the house across the outer edge of your space, as the revealed objective calls for."""

    verb = "escape"


@command
class Attack(Command):
    """Attack a monster with a weapon you hold, or with none (your action): a Combat card says what you test."""

    verb = "attack"
    monster: str
    item: str


@command
class AttemptPuzzle(Command):
    """Attempt the objective's Alchemy puzzle, holding its clue (your action)."""

    verb = "puzzle"


@command
class ChooseAttribute(Command):
    """Choose the attribute you test where the Combat card offers two."""

    verb = "test"
    attribute: str


@command
class Pick(Command):
    """Choose an investigator: who in your room makes the next test, or whom your Side Effect card acts on."""

    verb = "pick"
    seat: str


@command
class Answer(Command):
    """Answer the byakhee's question: yes or no."""

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
