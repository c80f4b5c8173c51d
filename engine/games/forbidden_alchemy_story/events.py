"""The facts of the story game, named in the rulebook's words where it has them:
here those of setup, the #1 story choice, turns and Event cards, and the end;
the facts of play are in `play_events.py`.

`EVENTS` lists them all, with the puzzle game's own facts
(`engine.games.forbidden_alchemy.events`), which the Alchemy puzzle played
inside a story uses as they are.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.core.events import Event, SecretRevealed, event_registry, fact
from engine.games.forbidden_alchemy import events as puzzle

from .play_events import PLAY_FACTS


# ---- setup ---------------------------------------------------------------------------------------
@fact
class MansionBuilt(Event):
    """The map: rooms (id, name, tile, spaces, edge spaces, hiding place) and links (a, b, kind)."""

    rooms: tuple
    links: tuple
    altar: str


@fact
class ItemsListed(Event):
    """The items that can come into play: (id, name, weapon type or "", kept when found, use)."""

    items: tuple


@fact
class StoryBegun(Event):
    """The story played, its Event cards in order, where investigators start, and who
    plays the keeper: "player" (a seat) or "system" (the game itself)."""

    story: str
    keeper: str
    name: str
    start: str
    events: tuple
    reveal_at: int


@fact
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


@fact
class TraitChosen(Event):
    """The investigator's Trait card: an attribute bonus (attribute, amount) or an item more."""

    seat: str
    trait: str
    name: str
    bonus: tuple
    item: str


@fact
class MonstersListed(Event):
    """Monster kinds: (kind, name, Combat deck, flying, horror rating)."""

    kinds: tuple


@fact
class MonsterTokensSlotted(Event):
    """Each figure's token, bottom and all: keeper-only information."""

    tokens: dict[str, Any]


@fact
class MonsterPlaced(Event):
    """A monster figure is put on the map."""

    monster: str
    space: str


@fact
class CombatCardsListed(Event):
    """The Combat cards' faces (public knowledge; only the decks' order is secret)."""

    cards: dict[str, Any]


@fact
class CombatDeckShuffled(Event):
    """A Combat deck in its new order, top first (an order nobody sees)."""

    deck: str
    order: tuple[str, ...]


@fact
class KeeperActionsListed(Event):
    """The Keeper Action cards in front of the keeper: (id, name, cost, effect, text)."""

    actions: tuple


@fact
class TraumaCardsListed(Event):
    """The Trauma cards' faces (public knowledge; the deck and hand are not)."""

    cards: dict[str, Any]


@fact
class SideEffectThreatsListed(Event):
    """The threat cost and effect of the Side Effect cards that have one."""

    threats: dict[str, Any]


@fact
class SideEffectsNowListed(Event):
    """What Side Effect cards do the moment they are drawn: {card: {who, effect}}; and
    what those kept in play do while they stay: {card: effect}."""

    effects: dict
    lasting: dict = field(default_factory=dict)


@fact
class TraumaDeckShuffled(Event):
    """The Trauma deck in its new order, top first (an order nobody sees)."""

    order: tuple[str, ...]


@fact
class TraumaCardsDealt(Event):
    """Trauma cards from the top of the deck into the keeper's hand (keeper-only)."""

    cards: tuple[str, ...]


@fact
class MythosCardsListed(Event):
    """The Mythos cards' faces (public knowledge; the deck and hand are not)."""

    cards: dict[str, Any]


@fact
class MythosDeckShuffled(Event):
    """The Mythos deck in its new order, top first (an order nobody sees)."""

    order: tuple[str, ...]


@fact
class MythosCardsDealt(Event):
    """Mythos cards from the top of the deck into the keeper's hand (keeper-only)."""

    cards: tuple[str, ...]


@fact
class TimePeriodMarkerPlaced(Event):
    """The Time Period marker lies on one of the Time Period cards."""

    period: str
    periods: tuple


@fact
class KeeperGuideRead(Event):
    """The objective cards the #1 story choice picks from, by choice (keeper-only)."""

    objectives: dict[str, Any]
    named: tuple


@fact
class TokensSupplied(Event):
    """How many of each token the expansion has: {"crawling-hand": 6, "mutation": 10}."""

    tokens: dict[str, int]


@fact
class LockCardsPlaced(Event):
    """Lock cards, face up, on rooms: room -> the item that opens it (Story 2, ours)."""

    locks: dict[str, str]


# ---- the #1 story choice and the objective -------------------------------------------------------
@fact
class StoryChoiceMade(Event):
    """The keeper's #1 story choice and the objective card it selects (keeper-only)."""

    step: int
    choice: str
    objective: dict[str, Any]


@fact
class ExplorationCardsPlaced(Event):
    """Face-down Exploration cards per room, top first (keeper-only)."""

    rooms: dict[str, Any]


@fact
class ObjectiveRevealed(Event):
    """The objective card is turned face up for everyone."""

    reveals = True
    choice: str
    objective: dict[str, Any]


# ---- turns and Event cards -----------------------------------------------------------------------
@fact
class InvestigatorTurnBegan(Event):
    """An investigator's turn: movement points to spend and one action."""

    seat: str
    moves: int


@fact
class TurnEnded(Event):
    """The seat ended its turn."""

    seat: str


@fact
class KeeperTurnBegan(Event):
    """The keeper gains threat and may use each Keeper Action once."""

    gained: int


@fact
class KeeperTurnEnded(Event):
    """The keeper ends his turn."""


@fact
class EventCardResolved(Event):
    """The next Event card is read at the end of the keeper's turn."""

    reveals = True
    number: int
    text: str


@fact
class NamedMonsterPlaced(Event):
    """An Event card brings in a named monster: its figure, name, extra health, reach."""

    monster: str
    name: str
    space: str
    bonus_health: int
    moves: int
    barred_by_locks: bool = False  # The Pet (Story 2 errata): never enters a locked room


@fact
class NamedMonsterAwaited(Event):
    """A revealed objective has the keeper place a named monster: where is his to choose,
    in one of `rooms` (Story 2 errata, Objective 1C: The Pet)."""

    monster: str
    name: str
    rooms: tuple


@fact
class SubjectTestMade(Event):
    """Story 3, Objective 1C: the card's test is called for (its results as the errata swaps them)."""

    seat: str
    test: str


# ---- the end -------------------------------------------------------------------------------------
@fact
class GameWon(Event):
    """The story ends: `winner` is "investigators" or "keeper"."""

    winner: str
    reason: str


@fact
class AllPlayersLost(Event):
    """The story ends with nobody winning."""

    reason: str


@fact
class EpilogueRead(Event):
    """The epilogue for the #1 story choice and the winner."""

    choice: str
    winner: str
    text: str


@fact
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
    CombatCardsListed,
    CombatDeckShuffled,
    KeeperActionsListed,
    TraumaCardsListed,
    SideEffectThreatsListed,
    SideEffectsNowListed,
    TraumaDeckShuffled,
    TraumaCardsDealt,
    MythosCardsListed,
    MythosDeckShuffled,
    MythosCardsDealt,
    TimePeriodMarkerPlaced,
    KeeperGuideRead,
    TokensSupplied,
    LockCardsPlaced,
    StoryChoiceMade,
    ExplorationCardsPlaced,
    ObjectiveRevealed,
    InvestigatorTurnBegan,
    TurnEnded,
    KeeperTurnBegan,
    KeeperTurnEnded,
    EventCardResolved,
    NamedMonsterPlaced,
    NamedMonsterAwaited,
    SubjectTestMade,
    GameWon,
    AllPlayersLost,
    EpilogueRead,
    NoEpilogue,
    *PLAY_FACTS,
    SecretRevealed,
    *PUZZLE_EVENTS,
)
