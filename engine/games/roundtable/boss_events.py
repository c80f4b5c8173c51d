"""The facts of VIII. Boss Mode: the boss, its deck and tile, its turns step by
step, its HP bars and lives, its summons, the Boss Mode uses of DV and the
Dancer clarification.  `events.py` lists them with the other facts (`EVENTS`).
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, fact


@fact
class BossChosen(Event):
    """The boss faced: its board (corner colours as printed, HP bars, lives by player
    count, start-of-turn effects, plan) and its cards, copied from content."""

    boss: str
    board: dict[str, Any]
    lives: int
    schedule: tuple[str, ...]


@fact
class BossTilePlaced(Event):
    """The boss tile (2x2 squares) lies with its NW corner on `square`."""

    square: str


@fact
class BossDeckShuffled(Event):
    """The boss cards in a new order, top first (hidden)."""

    order: tuple[str, ...]


@fact
class BossCardDrawn(Event):
    """The top boss card becomes the current boss card (public)."""

    reveals = True
    card: str


@fact
class BossTurnStarted(Event):
    """The boss takes its turn; `asker` answers the questions it raises."""

    turn: int
    asker: str


@fact
class BossRolled(Event):
    """The movement die: `target` is the square on the current card's back for it."""

    value: int
    target: str


@fact
class BossMoved(Event):
    """The boss tile moves so that its NW corner is on `to`."""

    origin: str
    to: str


@fact
class BossAttacksQueued(Event):
    """Player units stand in the destination: the boss attacks them instead of moving."""

    units: tuple[str, ...]


@fact
class BossEffectQueued(Event):
    """The flipped boss card's effect hits several player units: the players choose the
    order in which they take it."""

    units: tuple[str, ...]


@fact
class BossEffectOrdered(Event):
    """The players let `unit` take the boss card's effect next."""

    unit: str


@fact
class BossAttackChosen(Event):
    """The boss attacks `unit` next, with its `colour` corner, at range `distance`."""

    unit: str
    colour: str
    distance: int


@fact
class BossStruck(Event):
    """A blow against one of the boss's HP bars (`colour`); `hp` is what is left of it."""

    unit: str
    colour: str
    blow: str
    atk: int
    defence: int
    damage: int
    hp: int
    modifiers: tuple[str, ...]


@fact
class BossLifeLost(Event):
    """Every HP bar is depleted: the boss loses a life and its damage is removed."""

    lives: int


@fact
class BossRestored(Event):
    """The boss restores HP to its bars: colour -> HP restored."""

    restored: dict[str, int]


@fact
class UnitsExhausted(Event):
    """These units are exhausted by a boss effect."""

    units: tuple[str, ...]


@fact
class BossCardFlipped(Event):
    """The current boss card is turned over, its effect executed, and discarded."""

    card: str
    name: str
    effect: dict[str, Any]


@fact
class BossDeckReshuffled(Event):
    """The boss deck ran out: the discarded boss cards form a new deck (hidden order)."""

    order: tuple[str, ...]


@fact
class BossRotated(Event):
    """The boss tile turns 90 degrees clockwise: quarter turns so far, and the colour
    now at each corner."""

    rotation: int
    corners: dict[str, str]


@fact
class BossTurnEnded(Event):
    """The boss's turn is over."""

    turn: int


@fact
class UnitRemoved(Event):
    """A player removes their own unit from the map (Boss Mode, 2 DV)."""

    unit: str


@fact
class SummonRolled(Event):
    """A summon's two dice: `x` counts columns from the left, `y` rows from the bottom;
    `square` is the square they name."""

    what: str
    x: int
    y: int
    square: str


@fact
class SummonPlaced(Event):
    """A minion or token (`kind`) of type `what` is placed on `square` as `summon`."""

    summon: str
    what: str
    kind: str
    square: str


@fact
class SummonLost(Event):
    """The boss cannot summon this piece now, and why (no supply left, no free square)."""

    what: str
    reason: str


@fact
class MinionDefeated(Event):
    """A minion reached 0 HP: it leaves the map and its piece goes back to the supply."""

    summon: str


@fact
class SummonsCleared(Event):
    """The boss tile moves onto these summons: they go back to the supply."""

    summons: tuple[str, ...]


@fact
class AllyInvited(Event):
    """Another player's unit was Readied in this turn: `seat` may move and act with it now."""

    seat: str
    unit: str


@fact
class AllyActionEnded(Event):
    """The invited player has acted with the unit (or declined): the turn goes on."""

    seat: str
    unit: str


@fact
class BossPlanDelayed(Event):
    """The boss action pushes the boss's plan back: it now completes after `plan_turns`."""

    unit: str
    turns: int
    plan_turns: int
