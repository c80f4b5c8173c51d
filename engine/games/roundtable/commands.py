"""Commands of Anna's Roundtable, with their text notation.

    mulligan [CARD...]          setup: discard up to 6 cards and draw back up (none: keep)
    deploy CARD SLOT SQUARE     deploy a unit card to a unit slot and a deployment square
    hasty CARD SLOT SQUARE      spend 3 DV: deploy a unit with [Haste]
    move UNIT SQUARE            activate a Ready unit and move it (up to MOV)
    attack UNIT TARGET          (activating UNIT if needed) attack the enemy unit TARGET
    capture UNIT                (activating UNIT if needed) capture the castle it stands on
    work UNIT                   (activating UNIT if needed) gain 1 Anna Coin
    retire UNIT                 (activating UNIT if needed) pay 3 coins: discard it, gain 1 DV
    assist UNIT TARGET [SQUARE] (activating UNIT if needed) use its assist tag on an ally:
                                Physic, Shove (no square), Reposition, Grab (where to)
    special UNIT [TARGET]       (activating UNIT if needed) use its Special Ability
    react UNIT                  use the attacked unit's reaction special (attack pending)
    use CARD [TARGET]           use a shop card: an item (its target), an attachment (the
                                unit it goes under), a reaction (while an attack is pending)
    pass                        react no further: the pending attack goes ahead
    wait UNIT                   end the activation of a moved unit without a unit action
    discard CARD                discard a unit card from hand (first free) and draw back up
    shift UNIT SLOT             pay 1 coin to move a Gray unit to another unit slot
    buy SLOT                    buy the face-down shop card in slot 1, 2 or 3
    vein-tile SQUARE SIDE       spend 1 DV: place or move your DV Map Tile (plains/ruins)
    bump UNIT SQUARE            spend 2 DV: BUMP any unit one square
    end                         end your turn

Boss Mode:
    attack UNIT COLOUR          attack the boss corner showing COLOUR
    vein-move UNIT SQUARE       spend 1 DV: move your unit up to 2 squares in a straight line
    vein-remove UNIT            spend 2 DV: remove your unit from the map
    boss-action UNIT [COLOUR]   (activating UNIT if needed) the boss board's own unit action
    pass                        (when an ally readied your unit) do not act with it
    order UNIT COLOUR RANGE     (when asked) the boss attacks UNIT next with that corner, at RANGE
    boss                        the system seat's next step of the boss turn
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.commands import Command, CommandSet


@dataclass(frozen=True)
class Mulligan(Command):
    verb = "mulligan"
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Deploy(Command):
    verb = "deploy"
    card: str
    slot: str
    square: str


@dataclass(frozen=True)
class HastyDeploy(Command):
    verb = "hasty"
    card: str
    slot: str
    square: str


@dataclass(frozen=True)
class Move(Command):
    verb = "move"
    unit: str
    square: str


@dataclass(frozen=True)
class Attack(Command):
    verb = "attack"
    unit: str
    target: str


@dataclass(frozen=True)
class Capture(Command):
    verb = "capture"
    unit: str


@dataclass(frozen=True)
class Work(Command):
    verb = "work"
    unit: str


@dataclass(frozen=True)
class Retire(Command):
    verb = "retire"
    unit: str


@dataclass(frozen=True)
class Assist(Command):
    verb = "assist"
    unit: str
    target: str
    where: tuple[str, ...]


@dataclass(frozen=True)
class Special(Command):
    verb = "special"
    unit: str
    target: tuple[str, ...]


@dataclass(frozen=True)
class React(Command):
    verb = "react"
    unit: str


@dataclass(frozen=True)
class Use(Command):
    verb = "use"
    card: str
    target: tuple[str, ...]


@dataclass(frozen=True)
class Pass(Command):
    verb = "pass"


@dataclass(frozen=True)
class Wait(Command):
    verb = "wait"
    unit: str


@dataclass(frozen=True)
class Discard(Command):
    verb = "discard"
    card: str


@dataclass(frozen=True)
class Shift(Command):
    verb = "shift"
    unit: str
    slot: str


@dataclass(frozen=True)
class Buy(Command):
    verb = "buy"
    slot: int


@dataclass(frozen=True)
class VeinTile(Command):
    verb = "vein-tile"
    square: str
    side: str


@dataclass(frozen=True)
class Bump(Command):
    verb = "bump"
    unit: str
    square: str


@dataclass(frozen=True)
class VeinMove(Command):
    verb = "vein-move"
    unit: str
    square: str


@dataclass(frozen=True)
class VeinRemove(Command):
    verb = "vein-remove"
    unit: str


@dataclass(frozen=True)
class BossAction(Command):
    verb = "boss-action"
    unit: str
    target: tuple[str, ...]


@dataclass(frozen=True)
class Order(Command):
    verb = "order"
    unit: str
    colour: str
    range: int


@dataclass(frozen=True)
class Hit(Command):
    """The players' choice of the unit that takes the boss card's effect next."""

    verb = "hit"
    unit: str


@dataclass(frozen=True)
class BossStep(Command):
    verb = "boss"


@dataclass(frozen=True)
class EndTurn(Command):
    verb = "end"


COMMANDS = CommandSet(Mulligan, Deploy, HastyDeploy, Move, Attack, Capture, Work, Retire, Assist,
                      Special, React, Use, Pass, Wait,
                      Discard, Shift, Buy, VeinTile, Bump, VeinMove, VeinRemove, BossAction, Order, Hit, BossStep,
                      EndTurn)
