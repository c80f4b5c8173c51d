"""The pieces of a story's state: frozen dataclasses for the mansion, the
investigators, the monsters, the cards and the resolution in progress, and
`Story`, the whole state; the helpers that change one investigator or one
monster.

`state.py` holds `initial_state` and `evolve`; the folds of setup, the story
and its turns are there, those of play in `play_folds.py`.  The Alchemy
puzzle inside a story is the puzzle game's own state
(`forbidden_alchemy.state.Puzzle`), kept in `alchemy` between attempts so
that the pile of pieces and the Side Effect deck carry over.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.core.events import evolved
from engine.core.frozen import frozen_dataclass
from engine.games.forbidden_alchemy import state as puzzle_state
from engine.kit.deck import Deck
from engine.kit.turns import TurnOrder

# Phases.
CHOOSE, INVESTIGATORS, KEEPER, OVER = "choose", "investigators", "keeper", "over"
KEEPER_SEAT = "keeper"
ACTIVE, ELIMINATED, ESCAPED = "active", "eliminated", "escaped"


@frozen_dataclass
class Item:
    name: str
    weapon: str  # the attack type it fights with; "" for clues and story items
    kept: bool  # False: an Exploration card of nothing, discarded when found
    use: tuple = ()  # (effect, amount) of an item spent by the "use an item" action
    puzzle: tuple = ()  # an Exploration card asking for an Alchemy puzzle: (tile, fail effects)
    obstacle: tuple = ()  # an Obstacle card: (the attribute tested to clear it,)


@frozen_dataclass
class MonsterKind:
    name: str
    deck: str  # the Combat deck drawn when it is attacked
    flying: bool
    horror: int


@frozen_dataclass
class KeeperActionCard:
    name: str
    cost: int
    effect: str
    text: str
    harm: tuple = ()  # ("damage" | "horror", amount) for a card whose effect is "harm"


@frozen_dataclass
class Question:
    """A byakhee's special attack waiting for the investigator's answer."""

    seat: str
    monster: str
    text: str


@frozen_dataclass
class Investigator:
    seat: str
    id: str
    name: str
    attributes: dict[str, int]
    health: int  # printed maximum
    sanity: int  # printed maximum
    skill_points: int
    space: str | None
    items: tuple[str, ...] = ()
    damage: int = 0  # damage suffered
    horror: int = 0  # horror suffered
    hidden: bool = False
    status: str = ACTIVE
    side_effects: tuple[str, ...] = ()
    ability: str = ""
    peeked: frozenset[str] = frozenset()  # byakhees whose token bottom this seat has seen
    tokens: tuple[str, ...] = ()  # Crawling Hand and Mutation tokens on him
    stunned: bool = False
    trait: str = ""

    @property
    def health_left(self) -> int:
        return self.health - self.damage

    @property
    def sanity_left(self) -> int:
        return self.sanity - self.horror


@frozen_dataclass
class Monster:
    id: str
    kind: str
    space: str | None = None  # None: not on the map
    wounds: int = 0
    examined: bool = False  # investigators have seen its token's bottom
    dead: bool = False
    name: str = ""  # a named monster's name
    bonus_health: int = 0  # a named monster's health beyond its token's
    moves: int = 1  # spaces it may move with Creature of Night
    escaped: bool = False  # crossed an outer edge to win: gone for good
    barred_by_locks: bool = False  # never enters a room with a Lock card (The Pet)
    mutations: int = 0  # Mutation tokens on it, or on its corpse once killed
    corpse: str | None = None  # killed: the space where its corpse lies (ours)


@frozen_dataclass
class Attack:
    """An investigator's attack being resolved, test by test."""

    seat: str
    monster: str
    weapon: str
    card: str = ""
    attack: dict[str, Any] = field(default_factory=dict)  # the attack type resolved
    results: tuple[bool, ...] = ()  # tests made so far
    attribute: str = ""  # either/or: the one chosen
    tester: str = ""  # who makes the next test


@frozen_dataclass
class Story:
    phase: str = CHOOSE
    # the map (static once built)
    rooms: dict[str, dict[str, Any]] = field(default_factory=dict)
    room_of: dict[str, str] = field(default_factory=dict)
    links: tuple[tuple[str, str, str], ...] = ()
    altar: str = ""
    fire: frozenset[str] = frozenset()  # rooms on Fire (a status effect)
    dark: frozenset[str] = frozenset()  # rooms in Darkness (a status effect)
    supply: dict[str, int] = field(default_factory=dict)  # tokens not in play, by kind
    items: dict[str, Item] = field(default_factory=dict)
    # the story
    story: str = ""
    story_name: str = ""
    keeper_by: str = "player"  # or "system": the game plays the keeper
    start: str = ""
    event_texts: tuple[str, ...] = ()
    reveal_at: int = 0
    events_resolved: int = 0
    choice: str = ""  # keeper-only until revealed
    choice_step: int = 0
    objective: dict[str, Any] | None = None  # keeper-only until revealed
    revealed: bool = False
    exploration: dict[str, tuple[str, ...]] = field(default_factory=dict)  # keeper-only
    objectives: dict[str, dict[str, Any]] = field(default_factory=dict)  # keeper-only
    named: tuple[dict[str, Any], ...] = ()  # keeper-only
    period: str = ""
    periods: tuple[tuple[str, str], ...] = ()
    locks: dict[str, str] = field(default_factory=dict)  # room -> the item opening its Lock card
    seeds: tuple[str, ...] = ()  # (room, period) once the Seeds marker is planted
    placing: tuple[str, ...] = ()  # (monster, room, ...): a named monster the keeper must place
    choosing: tuple[str, ...] = ()  # (seat, card, investigator, ...): a Side Effect's target asked
    # people and turns
    investigators: dict[str, Investigator] = field(default_factory=dict)
    turns: TurnOrder | None = None
    begun: str = ""  # the seat whose turn has begun
    moves: int = 0
    moved: int = 0  # spaces the seat in play has moved this turn (for a Side Effect's limit)
    acted: bool = False
    misted: str = ""  # the seat whose Mists of Releh lets it move hidden this turn
    # monsters
    kinds: dict[str, MonsterKind] = field(default_factory=dict)
    tokens: dict[str, dict[str, Any]] = field(default_factory=dict)  # keeper-only bottoms
    monsters: dict[str, Monster] = field(default_factory=dict)
    # cards
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)  # Combat card faces
    decks: dict[str, Deck] = field(default_factory=dict)
    actions: dict[str, KeeperActionCard] = field(default_factory=dict)
    trauma_cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    trauma: Deck = field(default_factory=lambda: Deck(name="Trauma deck"))
    hand: tuple[str, ...] = ()  # keeper-only
    trauma_in_play: dict[str, str] = field(default_factory=dict)  # card -> seat
    mythos_cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    mythos: Deck = field(default_factory=lambda: Deck(name="Mythos deck"))
    mythos_hand: tuple[str, ...] = ()  # keeper-only
    side_effect_threats: dict[str, dict[str, Any]] = field(default_factory=dict)
    side_effect_now: dict[str, dict[str, Any]] = field(default_factory=dict)
    side_effect_lasting: dict[str, tuple] = field(default_factory=dict)
    threat: int = 0
    used: frozenset[str] = frozenset()  # once-per-keeper-turn uses
    # what is being resolved
    attack: Attack | None = None
    question: Question | None = None
    alchemy: puzzle_state.Puzzle = field(default_factory=puzzle_state.initial_state)
    attempter: str | None = None
    puzzle_card: tuple[str, ...] = ()  # (room, card): the Exploration card that began the puzzle
    # the end
    winner: str | None = None
    result: str | None = None
    epilogue: str | None = None

    @property
    def current(self) -> str:
        return self.turns.current if self.turns else ""

    def active(self) -> list[Investigator]:
        return [i for i in self.investigators.values() if i.status == ACTIVE]

    def revealed_win(self) -> dict[str, Any]:
        """The investigators' win condition, once the objective is face up ({} before)."""
        return self.objective.get("win", {}) if self.revealed and self.objective else {}

    def on_map(self) -> list[Monster]:
        return [m for m in self.monsters.values() if m.space is not None]


def with_investigator(state: Story, seat: str, **changes) -> Story:
    """`state` with one investigator changed."""
    return evolved(
        state,
        investigators={**state.investigators, seat: evolved(state.investigators[seat], **changes)},
    )


def with_monster(state: Story, monster: str, **changes) -> Story:
    """`state` with one monster changed."""
    return evolved(
        state, monsters={**state.monsters, monster: evolved(state.monsters[monster], **changes)}
    )


def taken(cards: tuple, card: Any, where: str) -> tuple:
    """`cards` without the one a fact says was taken from them, wherever it lies
    (a fact means what it says); a fact naming a card not there is refused."""
    if card not in cards:
        raise ValueError(f"{card!r} is not among {where}: the fact names a card that is not there")
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]
