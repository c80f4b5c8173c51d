"""The facts of the story game, named in the rulebook's words where it has them.

The Alchemy puzzle played inside the story uses the puzzle game's own facts
(`engine.games.forbidden_alchemy.events`), listed in `EVENTS` beside these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event, SecretRevealed, event_registry
from engine.games.forbidden_alchemy import events as puzzle


def _fact(cls):
    return dataclass(frozen=True, kw_only=True)(cls)


# ---- setup -----------------------------------------------------------------------------------
@_fact
class MansionBuilt(Event):
    """The map: rooms (id, name, tile, spaces, edge spaces, hiding place) and links (a, b, kind)."""

    rooms: tuple
    links: tuple
    altar: str


@_fact
class ItemsListed(Event):
    """The items that can come into play: (id, name, weapon type or "", kept when found, use)."""

    items: tuple


@_fact
class StoryBegun(Event):
    """The story played, its Event cards in order, where investigators start, and who
    plays the keeper: "player" (a seat) or "system" (the game itself)."""

    story: str
    keeper: str
    name: str
    start: str
    events: tuple
    reveal_at: int


@_fact
class InvestigatorJoined(Event):
    """An investigator takes a seat: attributes as (name, value) pairs, starting items."""

    seat: str
    investigator: str
    name: str
    attributes: tuple
    health: int
    sanity: int
    skill_points: int
    items: tuple
    space: str
    ability: str


@_fact
class TraitChosen(Event):
    """The investigator's Trait card: an attribute bonus (attribute, amount) or an item more."""

    seat: str
    trait: str
    name: str
    bonus: tuple
    item: str


@_fact
class MonstersListed(Event):
    """Monster kinds: (kind, name, Combat deck, flying, horror rating)."""

    kinds: tuple


@_fact
class MonsterTokensSlotted(Event):
    """Each figure's token, bottom and all: keeper-only information."""

    tokens: dict[str, Any]


@_fact
class NamedMonsterPlaced(Event):
    """An Event card brings in a named monster: its figure, name, extra health, reach."""

    monster: str
    name: str
    space: str
    bonus_health: int
    moves: int
    barred_by_locks: bool = False  # The Pet (Story 2 errata): never enters a locked room


@_fact
class NamedMonsterAwaited(Event):
    """A revealed objective has the keeper place a named monster: where is his to choose,
    in one of `rooms` (Story 2 errata, Objective 1C: The Pet)."""

    monster: str
    name: str
    rooms: tuple


@_fact
class MonsterPlaced(Event):
    """A monster figure is put on the map."""

    monster: str
    space: str


@_fact
class CombatCardsListed(Event):
    """The Combat cards' faces (public knowledge; only the decks' order is secret)."""

    cards: dict[str, Any]


@_fact
class CombatDeckShuffled(Event):
    """A Combat deck in its new order, top first (an order nobody sees)."""

    deck: str
    order: tuple[str, ...]


@_fact
class KeeperActionsListed(Event):
    """The Keeper Action cards in front of the keeper: (id, name, cost, effect, text)."""

    actions: tuple


@_fact
class TraumaCardsListed(Event):
    """The Trauma cards' faces (public knowledge; the deck and hand are not)."""

    cards: dict[str, Any]


@_fact
class SideEffectThreatsListed(Event):
    """The threat cost and effect of the Side Effect cards that have one."""

    threats: dict[str, Any]


@_fact
class TraumaDeckShuffled(Event):
    """The Trauma deck in its new order, top first (an order nobody sees)."""

    order: tuple[str, ...]


@_fact
class TraumaCardsDealt(Event):
    """Trauma cards from the top of the deck into the keeper's hand (keeper-only)."""

    cards: tuple[str, ...]


@_fact
class MythosCardsListed(Event):
    """The Mythos cards' faces (public knowledge; the deck and hand are not)."""

    cards: dict[str, Any]


@_fact
class MythosDeckShuffled(Event):
    """The Mythos deck in its new order, top first (an order nobody sees)."""

    order: tuple[str, ...]


@_fact
class MythosCardsDealt(Event):
    """Mythos cards from the top of the deck into the keeper's hand (keeper-only)."""

    cards: tuple[str, ...]


@_fact
class MythosPlayed(Event):
    """A Mythos card from the keeper's hand on an investigator."""

    reveals = True
    card: str
    seat: str
    cost: int


@_fact
class InvestigatorMovedByKeeper(Event):
    """A card let the keeper move the investigator."""

    seat: str
    origin: str
    to: str


@_fact
class MythosDiscarded(Event):
    """The Mythos card is discarded once resolved."""

    card: str


@_fact
class TimePeriodMarkerPlaced(Event):
    """The Time Period marker lies on one of the Time Period cards."""

    period: str
    periods: tuple


@_fact
class KeeperGuideRead(Event):
    """The objective cards the #1 story choice picks from, by choice (keeper-only)."""

    objectives: dict[str, Any]
    named: tuple


@_fact
class TokensSupplied(Event):
    """How many of each token the expansion has: {"crawling-hand": 6, "mutation": 10}."""

    tokens: dict[str, int]


@_fact
class RoomDarkened(Event):
    """A room goes Dark, a status effect for the rest of the story."""

    room: str


@_fact
class TokenPlaced(Event):
    """A Crawling Hand or Mutation token is put on an investigator."""

    token: str
    seat: str


@_fact
class CrawlingHandsDropped(Event):
    """As his turn begins the Crawling Hands on an investigator cost him movement, then drop."""

    seat: str
    count: int


@_fact
class LockCardsPlaced(Event):
    """Lock cards, face up, on rooms: room -> the item that opens it (Story 2, ours)."""

    locks: dict[str, str]


@_fact
class TimeTravelled(Event):
    """The Time Period marker moves to another Time Period card (Story 2, ours)."""

    seat: str
    origin: str
    to: str


@_fact
class SeedsPlanted(Event):
    """The Seeds card is spent and the Seeds marker placed in a room, in a Time Period."""

    seat: str
    card: str
    room: str
    period: str


# ---- the #1 story choice ---------------------------------------------------------------------
@_fact
class StoryChoiceMade(Event):
    """The keeper's #1 story choice and the objective card it selects (keeper-only)."""

    step: int
    choice: str
    objective: dict[str, Any]


@_fact
class ExplorationCardsPlaced(Event):
    """Face-down Exploration cards per room, top first (keeper-only)."""

    rooms: dict[str, Any]


@_fact
class ObjectiveRevealed(Event):
    """The objective card is turned face up for everyone."""

    reveals = True
    choice: str
    objective: dict[str, Any]


# ---- turns -----------------------------------------------------------------------------------
@_fact
class InvestigatorTurnBegan(Event):
    """An investigator's turn: movement points to spend and one action."""

    seat: str
    moves: int


@_fact
class TurnEnded(Event):
    """The seat ended its turn."""

    seat: str


@_fact
class KeeperTurnBegan(Event):
    """The keeper gains threat and may use each Keeper Action once."""

    gained: int


@_fact
class EventCardResolved(Event):
    """The next Event card is read at the end of the keeper's turn."""

    reveals = True
    number: int
    text: str


# ---- investigator actions --------------------------------------------------------------------
@_fact
class InvestigatorMoved(Event):
    """One space of movement."""

    seat: str
    origin: str
    to: str


@_fact
class InvestigatorRan(Event):
    """The action is spent on one more space of movement."""

    seat: str


@_fact
class InvestigatorHid(Event):
    """The investigator is hiding."""

    seat: str


@_fact
class MistsOfRelehCast(Event):
    """A hiding investigator casts Mists of Releh: this turn he may move and stay hidden."""

    seat: str
    spell: str


@_fact
class SpellCast(Event):
    """An investigator casts a spell he keeps (the action)."""

    seat: str
    spell: str


@_fact
class HidingEnded(Event):
    """The investigator is no longer hiding."""

    seat: str


@_fact
class ExplorationCardTaken(Event):
    """The top Exploration card of the room, taken by the investigator."""

    reveals = True
    seat: str
    room: str
    card: str


@_fact
class ItemUsed(Event):
    """The action is spent on an item, which is then discarded."""

    seat: str
    item: str


@_fact
class InvestigatorRecovered(Event):
    """Health or sanity comes back (never above the printed value)."""

    seat: str
    what: str
    amount: int


@_fact
class InvestigatorEscaped(Event):
    """The investigator crossed the room's outer edge and left the map."""

    seat: str
    space: str
    room: str


@_fact
class PuzzleAttemptBegun(Event):
    """The investigator spends the action on the objective's Alchemy puzzle."""

    seat: str
    tile: str


@_fact
class SideEffectsNowListed(Event):
    """What Side Effect cards do the moment they are drawn: {card: {who, effect}}; and
    what those kept in play do while they stay: {card: effect}."""

    effects: dict
    lasting: dict = field(default_factory=dict)


@_fact
class SideEffectTargetAsked(Event):
    """A Side Effect card has its drawer choose another investigator among `choices`."""

    seat: str
    card: str
    choices: tuple


@_fact
class SideEffectTargetChosen(Event):
    """The drawer's choice of the investigator the Side Effect card acts on."""

    seat: str
    card: str
    target: str


@_fact
class SkillPointGained(Event):
    """An investigator gains skill points."""

    seat: str
    amount: int


@_fact
class MaxHealthChanged(Event):
    """An investigator's maximum health changes (while a card stays in play)."""

    seat: str
    amount: int


@_fact
class ItemDiscarded(Event):
    """An investigator discards an item he holds."""

    seat: str
    item: str


@_fact
class ItemPassed(Event):
    """An item passes from one investigator to another."""

    seat: str
    to: str
    item: str


@_fact
class InvestigatorStunned(Event):
    """An investigator is stunned: he loses the action of his next turn (ours)."""

    seat: str


@_fact
class StunEnded(Event):
    """A stunned investigator's turn begins without its action; he is stunned no more."""

    seat: str


@_fact
class SubjectTestMade(Event):
    """Story 3, Objective 1C: the card's test is called for (its results as the errata swaps them)."""

    seat: str
    test: str


@_fact
class AlchemyCardRevealed(Event):
    """Exploring turns up a card that asks for an Alchemy puzzle: it is
    attempted at once, as part of the explore action."""

    reveals = True
    seat: str
    room: str
    card: str
    tile: str


@_fact
class AlchemyCardCleared(Event):
    """The Alchemy puzzle of an Exploration card was completed: the card is discarded."""

    seat: str
    room: str
    card: str


@_fact
class PuzzleAttemptEnded(Event):
    """The puzzle is put away; the investigator's turn goes on."""

    seat: str
    completed: bool


# ---- combat and tests ------------------------------------------------------------------------
@_fact
class AttackDeclared(Event):
    """An investigator attacks a monster with a weapon (or none)."""

    seat: str
    monster: str
    item: str
    weapon: str


@_fact
class CombatCardDrawn(Event):
    """The keeper draws the top Combat card of the monster's deck; `attack` is
    the attack type resolved ("" when the card lists none that matches)."""

    reveals = True
    deck: str
    card: str
    attack: str


@_fact
class MonsterCombatCardDrawn(Event):
    """The keeper draws a Combat card for a monster's attack; `resolved` is False when the
    card has no monster attack (it is discarded and another drawn)."""

    deck: str
    card: str
    monster: str
    resolved: bool


@_fact
class ObstacleCleared(Event):
    """Exploring, the investigator passes the Obstacle card's test: it is discarded."""

    seat: str
    room: str
    card: str


@_fact
class ObstacleHeld(Event):
    """Exploring, the investigator fails the Obstacle card's test: it stays on the room."""

    seat: str
    room: str
    card: str


@_fact
class EvadeFailed(Event):
    """Leaving a monster's space, the investigator did not evade it: his movement ends."""

    seat: str
    monster: str


@_fact
class CombatCardDiscarded(Event):
    """A Combat card goes to its deck's discards."""

    deck: str
    card: str


@_fact
class CombatDeckReshuffled(Event):
    """The discards shuffled back into an empty Combat deck (order unseen)."""

    deck: str
    order: tuple[str, ...]


@_fact
class AttributeChosen(Event):
    """For an either/or test, the investigator chose the attribute to test."""

    seat: str
    attribute: str


@_fact
class TesterChosen(Event):
    """The investigator chose who in the room makes the next test."""

    seat: str
    tester: str


@_fact
class TestModified(Event):
    """A conditional modifier applied before the roll."""

    seat: str
    condition: str
    count: int
    amount: int


@_fact
class TestMade(Event):
    """A d10 rolled against `number` (after modifiers): passed or not, and by which rule."""

    seat: str
    what: str
    number: int
    roll: int
    passed: bool


@_fact
class TestsTallied(Event):
    """Two tests made in order: the card's result for both, one or neither."""

    passed: int
    result: str


@_fact
class MonsterWounded(Event):
    """The monster suffers damage."""

    monster: str
    amount: int


@_fact
class MonsterTokenExamined(Event):
    """Everyone looks at the bottom of the monster's token."""

    reveals = True
    monster: str
    health: int
    damage: int


@_fact
class ByakheeTokenExamined(Event):
    """Only the keeper looks at the bottom of a byakhee's token (keeper-only values)."""

    monster: str
    health: int
    damage: int


@_fact
class KeenEyeLooked(Event):
    """Darrell Simmins looks at a byakhee's token bottom too (his seat and the keeper's only)."""

    seat: str
    monster: str
    health: int
    damage: int


@_fact
class MonsterKilled(Event):
    """The monster's damage reached its health: it leaves the map."""

    monster: str


@_fact
class AttackEnded(Event):
    """The attack is over."""

    seat: str


@_fact
class InvestigatorDamaged(Event):
    """The investigator suffers damage (health lost)."""

    seat: str
    amount: int


@_fact
class InvestigatorHorrified(Event):
    """The investigator suffers horror (sanity lost)."""

    seat: str
    amount: int


@_fact
class ItemsDropped(Event):
    """An eliminated investigator's items go on top of his room's Exploration cards."""

    seat: str
    room: str
    items: tuple


@_fact
class InvestigatorEliminated(Event):
    """Health or sanity gone: the investigator is out of the game."""

    seat: str
    reason: str


@_fact
class HorrorCheckMade(Event):
    """A monster and an investigator share a room: a horror check against it."""

    seat: str
    monster: str
    horror: int


# ---- the keeper's turn -----------------------------------------------------------------------
@_fact
class KeeperActionPlayed(Event):
    """The keeper spends threat on a Keeper Action card."""

    card: str
    cost: int


@_fact
class RoomSetOnFire(Event):
    """The room is on Fire (a status effect) for the rest of the story."""

    room: str


@_fact
class MonsterEscaped(Event):
    """A monster that must escape crossed the room's outer edge and left the map."""

    monster: str
    space: str
    room: str


@_fact
class MonsterMoved(Event):
    """A monster moves one space."""

    monster: str
    origin: str
    to: str


@_fact
class MonsterAttacked(Event):
    """A monster attacks an investigator in its space."""

    monster: str
    seat: str


@_fact
class ByakheeQuestionAsked(Event):
    """A byakhee's special attack: the question on its token, read aloud."""

    monster: str
    seat: str
    question: str


@_fact
class ByakheeAnswered(Event):
    """The answer given, and only the result that goes with it."""

    monster: str
    seat: str
    answer: str
    result: str


@_fact
class TraumaPlayed(Event):
    """A Trauma card from the keeper's hand onto an investigator."""

    reveals = True
    card: str
    seat: str
    cost: int


@_fact
class TraumaDiscarded(Event):
    """A Trauma card without a threat effect is discarded once resolved."""

    card: str


@_fact
class ThreatEffectUsed(Event):
    """The keeper spends threat on a card's threat effect."""

    card: str
    seat: str
    cost: int


@_fact
class KeeperTurnEnded(Event):
    """The keeper ends his turn."""


# ---- the end ---------------------------------------------------------------------------------
@_fact
class GameWon(Event):
    """The story ends: `winner` is "investigators" or "keeper"."""

    winner: str
    reason: str


@_fact
class AllPlayersLost(Event):
    """The story ends with nobody winning."""

    reason: str


@_fact
class EpilogueRead(Event):
    """The epilogue for the #1 story choice and the winner."""

    choice: str
    winner: str
    text: str


@_fact
class NoEpilogue(Event):
    """All players lost: there is no epilogue."""


# The puzzle game's facts, used as they are inside a story.
PUZZLE_EVENTS = tuple(puzzle.EVENTS.values())

EVENTS = event_registry(
    MansionBuilt,
    ItemsListed,
    StoryBegun,
    InvestigatorJoined,
    TraitChosen,
    MonstersListed,
    MonsterTokensSlotted,
    MonsterPlaced,
    NamedMonsterPlaced,
    NamedMonsterAwaited,
    LockCardsPlaced,
    TokensSupplied,
    RoomDarkened,
    TokenPlaced,
    CrawlingHandsDropped,
    TimeTravelled,
    SeedsPlanted,
    CombatCardsListed,
    CombatDeckShuffled,
    KeeperActionsListed,
    TraumaCardsListed,
    SideEffectThreatsListed,
    TraumaDeckShuffled,
    TraumaCardsDealt,
    MythosCardsListed,
    MythosDeckShuffled,
    MythosCardsDealt,
    MythosPlayed,
    InvestigatorMovedByKeeper,
    MythosDiscarded,
    TimePeriodMarkerPlaced,
    KeeperGuideRead,
    StoryChoiceMade,
    ExplorationCardsPlaced,
    ObjectiveRevealed,
    InvestigatorTurnBegan,
    TurnEnded,
    KeeperTurnBegan,
    EventCardResolved,
    InvestigatorMoved,
    InvestigatorRan,
    InvestigatorHid,
    ItemUsed,
    InvestigatorRecovered,
    HidingEnded,
    ExplorationCardTaken,
    InvestigatorEscaped,
    PuzzleAttemptBegun,
    PuzzleAttemptEnded,
    AlchemyCardRevealed,
    AlchemyCardCleared,
    SideEffectsNowListed,
    SideEffectTargetAsked,
    SideEffectTargetChosen,
    SkillPointGained,
    MaxHealthChanged,
    ItemDiscarded,
    ItemPassed,
    InvestigatorStunned,
    StunEnded,
    SubjectTestMade,
    MonsterEscaped,
    MistsOfRelehCast,
    SpellCast,
    AttackDeclared,
    CombatCardDrawn,
    MonsterCombatCardDrawn,
    EvadeFailed,
    ObstacleCleared,
    ObstacleHeld,
    CombatCardDiscarded,
    CombatDeckReshuffled,
    AttributeChosen,
    TesterChosen,
    TestModified,
    TestMade,
    TestsTallied,
    MonsterWounded,
    MonsterTokenExamined,
    ByakheeTokenExamined,
    KeenEyeLooked,
    MonsterKilled,
    AttackEnded,
    InvestigatorDamaged,
    InvestigatorHorrified,
    ItemsDropped,
    InvestigatorEliminated,
    HorrorCheckMade,
    KeeperActionPlayed,
    RoomSetOnFire,
    MonsterMoved,
    MonsterAttacked,
    ByakheeQuestionAsked,
    ByakheeAnswered,
    TraumaPlayed,
    TraumaDiscarded,
    ThreatEffectUsed,
    KeeperTurnEnded,
    GameWon,
    AllPlayersLost,
    EpilogueRead,
    NoEpilogue,
    SecretRevealed,
    *PUZZLE_EVENTS,
)
