"""The facts of VIII. Boss Mode: the boss, its deck and tile, its turns step by
step, its HP bars and lives, its summons, the Boss Mode uses of DV and the
Dancer clarification.  `events.py` lists them with the other facts (`EVENTS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.events import Event


@dataclass(frozen=True, kw_only=True)
class BossChosen(Event):
    """The boss faced: its board (corner colours as printed, HP bars, lives by player
    count, start-of-turn effects, plan) and its cards, copied from content."""

    boss: str
    board: dict[str, Any]
    lives: int
    schedule: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BossTilePlaced(Event):
    """The boss tile (2x2 squares) lies with its NW corner on `square`."""

    square: str


@dataclass(frozen=True, kw_only=True)
class BossDeckShuffled(Event):
    """The boss cards in a new order, top first (hidden)."""

    order: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BossCardDrawn(Event):
    """The top boss card becomes the current boss card (public)."""

    reveals = True
    card: str


@dataclass(frozen=True, kw_only=True)
class BossTurnStarted(Event):
    """The boss takes its turn; `asker` answers the questions it raises."""

    turn: int
    asker: str


@dataclass(frozen=True, kw_only=True)
class BossRolled(Event):
    """The movement die: `target` is the square on the current card's back for it."""

    value: int
    target: str


@dataclass(frozen=True, kw_only=True)
class BossMoved(Event):
    """The boss tile moves so that its NW corner is on `to`."""

    origin: str
    to: str


@dataclass(frozen=True, kw_only=True)
class BossAttacksQueued(Event):
    """Player units stand in the destination: the boss attacks them instead of moving."""

    units: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BossEffectQueued(Event):
    """The flipped boss card's effect hits several player units: the players choose the
    order in which they take it."""

    units: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BossEffectOrdered(Event):
    """The players let `unit` take the boss card's effect next."""

    unit: str


@dataclass(frozen=True, kw_only=True)
class BossAttackChosen(Event):
    """The boss attacks `unit` next, with its `colour` corner, at range `distance`."""

    unit: str
    colour: str
    distance: int


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class BossLifeLost(Event):
    """Every HP bar is depleted: the boss loses a life and its damage is removed."""

    lives: int


@dataclass(frozen=True, kw_only=True)
class BossRestored(Event):
    """The boss restores HP to its bars: colour -> HP restored."""

    restored: dict[str, int]


@dataclass(frozen=True, kw_only=True)
class UnitsExhausted(Event):
    """These units are exhausted by a boss effect."""

    units: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BossCardFlipped(Event):
    """The current boss card is turned over, its effect executed, and discarded."""

    card: str
    name: str
    effect: dict[str, Any]


@dataclass(frozen=True, kw_only=True)
class BossDeckReshuffled(Event):
    """The boss deck ran out: the discarded boss cards form a new deck (hidden order)."""

    order: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class BossRotated(Event):
    """The boss tile turns 90 degrees clockwise: quarter turns so far, and the colour
    now at each corner."""

    rotation: int
    corners: dict[str, str]


@dataclass(frozen=True, kw_only=True)
class BossTurnEnded(Event):
    """The boss's turn is over."""

    turn: int


@dataclass(frozen=True, kw_only=True)
class UnitRemoved(Event):
    """A player removes their own unit from the map (Boss Mode, 2 DV)."""

    unit: str


@dataclass(frozen=True, kw_only=True)
class SummonRolled(Event):
    """A summon's two dice: `x` counts columns from the left, `y` rows from the bottom;
    `square` is the square they name."""

    what: str
    x: int
    y: int
    square: str


@dataclass(frozen=True, kw_only=True)
class SummonPlaced(Event):
    """A minion or token (`kind`) of type `what` is placed on `square` as `summon`."""

    summon: str
    what: str
    kind: str
    square: str


@dataclass(frozen=True, kw_only=True)
class SummonLost(Event):
    """The boss cannot summon this piece now, and why (no supply left, no free square)."""

    what: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class MinionDefeated(Event):
    """A minion reached 0 HP: it leaves the map and its piece goes back to the supply."""

    summon: str


@dataclass(frozen=True, kw_only=True)
class SummonsCleared(Event):
    """The boss tile moves onto these summons: they go back to the supply."""

    summons: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class AllyInvited(Event):
    """Another player's unit was Readied in this turn: `seat` may move and act with it now."""

    seat: str
    unit: str


@dataclass(frozen=True, kw_only=True)
class AllyActionEnded(Event):
    """The invited player has acted with the unit (or declined): the turn goes on."""

    seat: str
    unit: str


@dataclass(frozen=True, kw_only=True)
class BossPlanDelayed(Event):
    """The boss action pushes the boss's plan back: it now completes after `plan_turns`."""

    unit: str
    turns: int
    plan_turns: int
