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

from engine.core.commands import Command, CommandSet, command


@command
class Mulligan(Command):
    """Put back the cards you picked from your hand and draw as many again, before the first turn;
    with none picked, keep your hand.
    """

    verb = "mulligan"
    cards: tuple[str, ...]


@command
class Deploy(Command):
    """Deploy a unit card from your hand to a free unit slot (its colour's, any for a Gray unit)
    and a square of your deployment zone.
    """

    verb = "deploy"
    card: str
    slot: str
    square: str


@command
class HastyDeploy(Command):
    """Spend 3 DV to deploy a unit with [Haste]: it arrives Ready and may act this turn (besides
    your ordinary deploy).
    """

    verb = "hasty"
    card: str
    slot: str
    square: str


@command
class Move(Command):
    """Activate a Ready unit and move it up to its MOV squares (terrain permitting)."""

    verb = "move"
    unit: str
    square: str


@command
class Attack(Command):
    """Attack with your unit (activating it if needed): an enemy unit in range, or in Boss Mode a
    minion or a boss corner by its colour.
    """

    verb = "attack"
    unit: str
    target: str


@command
class Capture(Command):
    """Your unit captures the castle it stands on: you take the top VP card."""

    verb = "capture"
    unit: str


@command
class Work(Command):
    """Your unit works: gain 1 Anna Coin (1 DV in Boss Mode, or on the Pixel Art map's * square)."""

    verb = "work"
    unit: str


@command
class Retire(Command):
    """Pay 3 Anna Coins to retire your unit: it leaves the map and you gain 1 DV."""

    verb = "retire"
    unit: str


@command
class Assist(Command):
    """Use your unit's assist on an ally (Physic, Shove, Reposition, Grab or an assist skill);
    Reposition and Grab then name the square.
    """

    verb = "assist"
    unit: str
    target: str
    where: tuple[str, ...]


@command
class Special(Command):
    """Use your unit's Special Ability (it spends the Special Ability token), on a target where the
    ability takes one.
    """

    verb = "special"
    unit: str
    target: tuple[str, ...]


@command
class React(Command):
    """Use the reaction special of your attacked unit (or of the unit next to it that guards it)
    before the blows.
    """

    verb = "react"
    unit: str


@command
class Use(Command):
    """Play a shop card: an item (on its target), an attachment beneath one of your units, or a
    reaction while your unit is attacked.
    """

    verb = "use"
    card: str
    target: tuple[str, ...]


@command
class Pass(Command):
    """Let the attack go ahead without reacting (further); or, when an ally readied your unit, do
    not act with it.
    """

    verb = "pass"


@command
class Wait(Command):
    """End the activation of the unit that moved, without a unit action."""

    verb = "wait"
    unit: str


@command
class Discard(Command):
    """Discard a unit card from your hand and draw a new one."""

    verb = "discard"
    card: str


@command
class Shift(Command):
    """Pay 1 Anna Coin to shift your Gray unit to another unit slot."""

    verb = "shift"
    unit: str
    slot: str


@command
class Buy(Command):
    """Buy the face-down card in this slot of Anna's Shop, paying the cost on its back."""

    verb = "buy"
    slot: int


@command
class VeinTile(Command):
    """Spend 1 DV to place or move your DV Map Tile: the square, then the side that shows (plains
    or ruins).
    """

    verb = "vein-tile"
    square: str
    side: str


@command
class Bump(Command):
    """Spend 2 DV to BUMP a unit (any player's) one square."""

    verb = "bump"
    unit: str
    square: str


@command
class VeinMove(Command):
    """Spend 1 DV to move your unit up to 2 squares in a straight line."""

    verb = "vein-move"
    unit: str
    square: str


@command
class VeinRemove(Command):
    """Spend 2 DV to take your unit off the map."""

    verb = "vein-remove"
    unit: str


@command
class BossAction(Command):
    """Spend your unit's action on the boss board's own action (within its range of the boss tile)."""

    verb = "boss-action"
    unit: str
    target: tuple[str, ...]


@command
class Order(Command):
    """Choose the boss's next attack: the unit it attacks, the corner it attacks with, then the
    range.
    """

    verb = "order"
    unit: str
    colour: str
    range: int


@command
class Hit(Command):
    """Choose the unit the boss card's effect hits next."""

    verb = "hit"
    unit: str


@command
class BossStep(Command):
    """The boss's next step (the system plays it)."""

    verb = "boss"


@command
class EndTurn(Command):
    """End your turn."""

    verb = "end"


COMMANDS = CommandSet(Mulligan, Deploy, HastyDeploy, Move, Attack, Capture, Work, Retire, Assist,
                      Special, React, Use, Pass, Wait,
                      Discard, Shift, Buy, VeinTile, Bump, VeinMove, VeinRemove, BossAction, Order, Hit, BossStep,
                      EndTurn)
