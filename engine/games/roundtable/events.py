"""The facts of Anna's Roundtable, named in the rulebook's words.

Squares are in the kit's notation ("D4", row 1 at the top, the second
player's edge).  Fields that hold hidden things (hands, deck orders,
face-down shop cards) are redacted by `view.redact`.  Boss Mode's own
facts are in `boss_events.py`; `EVENTS` lists them all.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, event_registry, fact

from .boss_events import (
    AllyActionEnded,
    AllyInvited,
    BossAttackChosen,
    BossAttacksQueued,
    BossCardDrawn,
    BossCardFlipped,
    BossChosen,
    BossDeckReshuffled,
    BossDeckShuffled,
    BossEffectOrdered,
    BossEffectQueued,
    BossLifeLost,
    BossMoved,
    BossPlanDelayed,
    BossRestored,
    BossRolled,
    BossRotated,
    BossStruck,
    BossTilePlaced,
    BossTurnEnded,
    BossTurnStarted,
    MinionDefeated,
    SummonLost,
    SummonPlaced,
    SummonRolled,
    SummonsCleared,
    UnitRemoved,
    UnitsExhausted,
)


# ---- setup (I. Game Setup) --------------------------------------------------------------------
@fact
class GameConfigured(Event):
    """The players in turn order (the first player first), the mode (1v1 or boss)
    and our end-of-game rule (1 vs 1)."""

    seats: tuple[str, ...]
    mode: str
    end: str
    rounds: int
    bump: str = "orthogonal"  # which squares a BUMP may move a unit to (option bump)


@fact
class MapLaidOut(Event):
    """The 6x6 map: terrain by square, each player's deployment zone, and the
    Pixel Art map's special Work squares."""

    map: str
    name: str
    terrain: dict[str, str]
    zones: dict[str, tuple[str, ...]]
    work_dv: tuple[str, ...]
    work_coin: tuple[str, ...]


@fact
class UnitCardsListed(Event):
    """The unit cards of this game and their printed stats (copied from content)."""

    cards: dict[str, Any]


@fact
class UnitDeckShuffled(Event):
    """The unit deck in its new order, top first (hidden)."""

    order: tuple[str, ...]


@fact
class CardsDealt(Event):
    """Unit cards dealt from the top of the deck into `seat`'s hand (hidden from others)."""

    reveals = True
    seat: str
    cards: tuple[str, ...]


@fact
class CheerGiven(Event):
    """The second player receives the card "Anna's Cheer" (public)."""

    seat: str
    card: str
    name: str
    kind: str


@fact
class VictoryPointDeckSorted(Event):
    """The VP cards face up, smallest on top."""

    cards: tuple[int, ...]


@fact
class DragonVeinTilesGiven(Event):
    """Each player receives one DV Map Tile, off the map for now."""

    seats: tuple[str, ...]


@fact
class ShopCardsListed(Event):
    """Anna's Shop cards of this game: name, kind and the cost on the back."""

    cards: dict[str, Any]


@fact
class ShopDeckShuffled(Event):
    """Anna's Shop deck in its new order, top first (hidden)."""

    order: tuple[str, ...]


@fact
class ShopCardDealt(Event):
    """The top shop card, dealt face down to shop slot `slot`: only its cost shows."""

    slot: int
    card: str
    cost: int


@fact
class MulliganTaken(Event):
    """`seat` discards these cards (maybe none) once during setup, face up; drawing
    back up to 6 follows as `CardsDrawn`.  Not a commit point itself: a mulligan that
    discards always draws (from the deck, or the discard pile it has just filled), and
    keeping shows nothing."""

    seat: str
    discarded: tuple[str, ...]


# ---- turns (III. Turn Actions) -------------------------------------------------------------------
@fact
class TurnStarted(Event):
    """`seat`'s turn `turn` (counted over both players) begins."""

    seat: str
    turn: int


@fact
class CoinsGained(Event):
    """`seat` gains Anna Coins."""

    seat: str
    coins: int


@fact
class CoinsSpent(Event):
    """`seat` pays Anna Coins."""

    seat: str
    coins: int


@fact
class UnitsReadied(Event):
    """`seat`'s exhausted units are Ready again."""

    seat: str
    units: tuple[str, ...]


@fact
class TurnEnded(Event):
    """`seat` ends its turn."""

    seat: str


@fact
class GameEnded(Event):
    """The game is over: `result` in words, each player's VP total."""

    result: str
    scores: dict[str, int]


# ---- cards ---------------------------------------------------------------------------------------
@fact
class CardsDrawn(Event):
    """`seat` draws back up to 6 unit cards (hidden from others)."""

    reveals = True
    seat: str
    cards: tuple[str, ...]


@fact
class DiscardsReshuffled(Event):
    """The unit discard pile, shuffled into a new unit deck (hidden order)."""

    order: tuple[str, ...]


@fact
class CardDiscarded(Event):
    """`seat` discards a unit card from hand, face up (shown: a commit point)."""

    reveals = True
    seat: str
    card: str


@fact
class ShopCardBought(Event):
    """`seat` paid for the card in shop slot `slot` and took it into hand (hidden from others)."""

    reveals = True
    seat: str
    slot: int
    card: str
    cost: int


# ---- units on the map ---------------------------------------------------------------------------
@fact
class UnitDeployed(Event):
    """Unit card `card` goes to `seat`'s `slot`, its meeple to `square`; exhausted
    unless it has [Haste]; with a Shapestone token if a [Shapeshifter], with a
    Special Ability token if its skill is a special.  The card came from a hidden hand:
    a commit point."""

    reveals = True
    seat: str
    card: str
    slot: str
    square: str
    exhausted: bool
    shapestone: bool
    special: bool
    haste: bool


@fact
class GrayUnitShifted(Event):
    """A deployed Gray unit changes to another unit slot."""

    unit: str
    slot: str


@fact
class UnitActivated(Event):
    """A Ready unit is activated and exhausted."""

    unit: str


@fact
class UnitMoved(Event):
    """The activated unit moves along orthogonal steps to `to`."""

    unit: str
    origin: str
    to: str


@fact
class ActivationEnded(Event):
    """The activated unit has taken its unit action, or none."""

    unit: str


@fact
class CombatStarted(Event):
    """`attacker` attacks `defender` from `distance` squares away."""

    attacker: str
    defender: str
    distance: int


@fact
class Struck(Event):
    """One blow of a combat (`blow`: attack, counter or follow-up): the ATK
    and DEF that applied, the damage dealt and the target's HP left."""

    unit: str
    target: str
    blow: str
    atk: int
    defence: int
    damage: int
    hp: int
    modifiers: tuple[str, ...]


@fact
class BlowSkipped(Event):
    """A counter or follow-up attack that does not happen, and why."""

    unit: str
    blow: str
    reason: str


@fact
class ShapestoneDiscarded(Event):
    """The unit's Shapestone token is discarded after combat."""

    unit: str


@fact
class UnitDefeated(Event):
    """The unit reached 0 HP: its card goes to the discard pile, its meeple off the map."""

    unit: str
    owner: str


@fact
class VictoryPointTokensGained(Event):
    """`seat` gains VP tokens for defeating a unit."""

    seat: str
    tokens: int


@fact
class DragonVeinGained(Event):
    """`seat` gains Dragon Vein crystals."""

    seat: str
    dv: int


@fact
class DragonVeinSpent(Event):
    """`seat` spends Dragon Vein crystals."""

    seat: str
    dv: int


@fact
class CastleCaptured(Event):
    """The unit on a castle captures it: its player takes the top VP card."""

    unit: str
    seat: str
    square: str
    vp: int


@fact
class UnitRetired(Event):
    """The unit leaves play by its own action: card discarded, no VP for anyone."""

    unit: str


@fact
class DragonVeinTilePlaced(Event):
    """`seat`'s DV Map Tile is placed (or moved) on `square`, `side` up."""

    seat: str
    square: str
    side: str


@fact
class UnitBumped(Event):
    """A unit is BUMPed one square."""

    unit: str
    origin: str
    to: str


@fact
class HitPointsRestored(Event):
    """An assist restores HP to `target` (never above its printed HP)."""

    unit: str
    target: str
    restored: int
    hp: int


@fact
class UnitPlaced(Event):
    """An assist moves `unit` from `origin` to `to` (not a move of its own)."""

    unit: str
    origin: str
    to: str


@fact
class DamageDealt(Event):
    """An effect deals damage directly (not a blow of combat)."""

    unit: str
    target: str
    damage: int
    hp: int


@fact
class SpecialUsed(Event):
    """The unit uses its Special Ability and discards its Special Ability token."""

    unit: str
    skill: str


@fact
class AttackDeclared(Event):
    """An attack waits while the defender's player may react (a reaction special or card)."""

    attacker: str
    defender: str
    seat: str


@fact
class CombatBonusGranted(Event):
    """A reaction gives `unit` stat bonuses for the combat at hand: [stat, n] pairs."""

    unit: str
    source: str
    bonuses: tuple[tuple[str, int], ...]


@fact
class ReactionsDeclined(Event):
    """The defender's player reacts no further: the combat goes ahead."""

    seat: str


@fact
class CombatEnded(Event):
    """The combat is over; bonuses for it lapse."""

    attacker: str
    defender: str


@fact
class ShopCardUsed(Event):
    """`seat` plays a shop card from hand (item or reaction), face up: it is discarded
    (shown from a hidden hand: a commit point)."""

    reveals = True
    seat: str
    card: str
    name: str


@fact
class AttachmentPlaced(Event):
    """An attachment goes beneath the unit, face up (shown from a hidden hand: a commit
    point); `replaced` (if any) is discarded."""

    reveals = True
    seat: str
    card: str
    name: str
    unit: str
    replaced: str




@fact
class BuffGranted(Event):
    """`unit` gains stat bonuses ([stat, n] pairs) until `seat`'s next turn starts."""

    unit: str
    source: str
    bonuses: tuple[tuple[str, int], ...]
    seat: str


@fact
class BuffsExpired(Event):
    """`seat`'s turn starts: the bonuses it gave "until your next turn" end."""

    seat: str
    units: tuple[str, ...]


@fact
class PickpocketRolled(Event):
    """A [Pickpocket] unit attacked: the die decides whether it pockets a coin."""

    unit: str
    value: int


EVENTS = event_registry(
    SummonRolled, SummonPlaced, SummonLost, MinionDefeated, SummonsCleared, AllyInvited,
    AllyActionEnded, BuffGranted, BuffsExpired, BossPlanDelayed, PickpocketRolled,
    BossChosen, BossTilePlaced, BossDeckShuffled, BossCardDrawn, BossTurnStarted, BossRolled,
    BossMoved, BossAttacksQueued, BossAttackChosen, BossEffectQueued, BossEffectOrdered, BossStruck, BossLifeLost, BossRestored,
    UnitsExhausted, BossCardFlipped, BossDeckReshuffled, BossRotated, BossTurnEnded, UnitRemoved,
    HitPointsRestored, UnitPlaced, DamageDealt, SpecialUsed, AttackDeclared, CombatBonusGranted,
    ReactionsDeclined, CombatEnded, ShopCardUsed, AttachmentPlaced,
    GameConfigured, MapLaidOut, UnitCardsListed, UnitDeckShuffled, CardsDealt, CheerGiven,
    VictoryPointDeckSorted, DragonVeinTilesGiven, ShopCardsListed, ShopDeckShuffled,
    ShopCardDealt, MulliganTaken, TurnStarted, CoinsGained, CoinsSpent, UnitsReadied, TurnEnded,
    GameEnded, CardsDrawn, DiscardsReshuffled, CardDiscarded, ShopCardBought, UnitDeployed,
    GrayUnitShifted, UnitActivated, UnitMoved, ActivationEnded, CombatStarted, Struck,
    BlowSkipped, ShapestoneDiscarded, UnitDefeated, VictoryPointTokensGained, DragonVeinGained,
    DragonVeinSpent, CastleCaptured, UnitRetired, DragonVeinTilePlaced, UnitBumped,
)
