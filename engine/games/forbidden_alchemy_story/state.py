"""The state of a story and `evolve`, the fold of its facts (no rules here).

The Alchemy puzzle inside a story is the puzzle game's own state
(`forbidden_alchemy.state.Puzzle`), kept in `alchemy` between attempts so
that the pile of pieces and the Side Effect deck carry over; its facts are
folded by that game's `evolve`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Folds, SecretRevealed, evolved
from engine.games.forbidden_alchemy import events as pev
from engine.games.forbidden_alchemy import state as puzzle_state
from engine.kit.deck import Deck
from engine.kit.turns import TurnOrder

from . import events as ev

# Phases.
CHOOSE, INVESTIGATORS, KEEPER, OVER = "choose", "investigators", "keeper", "over"
KEEPER_SEAT = "keeper"
ACTIVE, ELIMINATED, ESCAPED = "active", "eliminated", "escaped"


@dataclass(frozen=True)
class Item:
    name: str
    weapon: str  # the attack type it fights with; "" for clues and story items
    kept: bool  # False: an Exploration card of nothing, discarded when found
    use: tuple = ()  # (effect, amount) of an item spent by the "use an item" action
    puzzle: tuple = ()  # an Exploration card asking for an Alchemy puzzle: (tile, fail effects)
    obstacle: tuple = ()  # an Obstacle card: (the attribute tested to clear it,)


@dataclass(frozen=True)
class MonsterKind:
    name: str
    deck: str  # the Combat deck drawn when it is attacked
    flying: bool
    horror: int


@dataclass(frozen=True)
class KeeperActionCard:
    name: str
    cost: int
    effect: str
    text: str
    harm: tuple = ()  # ("damage" | "horror", amount) for a card whose effect is "harm"


@dataclass(frozen=True)
class Question:
    """A byakhee's special attack waiting for the investigator's answer."""

    seat: str
    monster: str
    text: str


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


def initial_state() -> Story:
    return Story()


_folds = Folds("forbidden_alchemy_story")


def evolve(state: Story, event) -> Story:
    """Apply one fact (no rules, no dice): the fold registered for its class."""
    return _folds.evolve(state, event)


def _inv(state: Story, seat: str, **changes) -> Story:
    return evolved(
        state,
        investigators={**state.investigators, seat: evolved(state.investigators[seat], **changes)},
    )


def _monster(state: Story, monster: str, **changes) -> Story:
    return evolved(
        state, monsters={**state.monsters, monster: evolved(state.monsters[monster], **changes)}
    )


# ---- setup -----------------------------------------------------------------------------------
@_folds(ev.MansionBuilt)
def _(s: Story, e) -> Story:
    rooms = {
        r[0]: {
            "name": r[1],
            "tile": r[2],
            "spaces": tuple(r[3]),
            "edge": tuple(r[4]),
            "hiding": r[5],
            "hallway": r[6],
            "rift": r[7] if len(r) > 7 else False,
        }
        for r in e.rooms
    }
    room_of = {space: room for room, r in rooms.items() for space in r["spaces"]}
    return evolved(
        s, rooms=rooms, room_of=room_of, links=tuple(tuple(x) for x in e.links), altar=e.altar
    )


@_folds(ev.ItemsListed)
def _(s: Story, e) -> Story:
    return evolved(s, items={i[0]: Item(*i[1:]) for i in e.items})


@_folds(ev.StoryBegun)
def _(s: Story, e) -> Story:
    return evolved(
        s,
        keeper_by=e.keeper,
        story=e.story,
        story_name=e.name,
        start=e.start,
        event_texts=e.events,
        reveal_at=e.reveal_at,
    )


@_folds(ev.InvestigatorJoined)
def _(s: Story, e) -> Story:
    inv = Investigator(
        e.seat,
        e.investigator,
        e.name,
        dict(e.attributes),
        e.health,
        e.sanity,
        e.skill_points,
        e.space,
        tuple(e.items),
        ability=e.ability,
    )
    return evolved(s, investigators={**s.investigators, e.seat: inv})


@_folds(ev.TraitChosen)
def _(s: Story, e) -> Story:
    inv = s.investigators[e.seat]
    attributes = dict(inv.attributes)
    if e.bonus:
        attributes[e.bonus[0]] += e.bonus[1]
    items = inv.items + ((e.item,) if e.item else ())
    return _inv(s, e.seat, attributes=attributes, items=items, trait=e.name)


@_folds(ev.MonstersListed)
def _(s: Story, e) -> Story:
    kinds = {k[0]: MonsterKind(*k[1:]) for k in e.kinds}
    return evolved(s, kinds=kinds)


@_folds(ev.MonsterTokensSlotted)
def _(s: Story, e) -> Story:
    monsters = {m: Monster(m, t["kind"]) for m, t in e.tokens.items()}
    return evolved(s, tokens=dict(e.tokens), monsters=monsters)


@_folds(ev.MonsterPlaced)
def _(s: Story, e) -> Story:
    return _monster(s, e.monster, space=e.space)


@_folds(ev.NamedMonsterPlaced)
def _(s: Story, e) -> Story:
    s = evolved(s, placing=())
    return _monster(
        s,
        e.monster,
        space=e.space,
        name=e.name,
        bonus_health=e.bonus_health,
        moves=e.moves,
        barred_by_locks=e.barred_by_locks,
    )


@_folds(ev.NamedMonsterAwaited)
def _(s: Story, e) -> Story:
    return evolved(s, placing=(e.monster, *e.rooms))


@_folds(ev.TokensSupplied)
def _(s: Story, e) -> Story:
    return evolved(s, supply=dict(e.tokens))


@_folds(ev.RoomDarkened)
def _(s: Story, e) -> Story:
    return evolved(s, dark=s.dark | {e.room})


@_folds(ev.TokenPlaced)
def _(s: Story, e) -> Story:
    s = evolved(s, supply={**s.supply, e.token: s.supply[e.token] - 1})
    return _inv(s, e.seat, tokens=s.investigators[e.seat].tokens + (e.token,))


@_folds(ev.CrawlingHandsDropped)
def _(s: Story, e) -> Story:
    kept = tuple(t for t in s.investigators[e.seat].tokens if t != "crawling-hand")
    s = evolved(s, supply={**s.supply, "crawling-hand": s.supply["crawling-hand"] + e.count})
    return _inv(s, e.seat, tokens=kept)


@_folds(ev.LockCardsPlaced)
def _(s: Story, e) -> Story:
    return evolved(s, locks=dict(e.locks))


@_folds(ev.TimeTravelled)
def _(s: Story, e) -> Story:
    return evolved(s, period=e.to, acted=True)


@_folds(ev.SeedsPlanted)
def _(s: Story, e) -> Story:
    items = list(s.investigators[e.seat].items)
    items.remove(e.card)
    return evolved(_inv(s, e.seat, items=tuple(items)), seeds=(e.room, e.period), acted=True)


@_folds(ev.CombatCardsListed)
def _(s: Story, e) -> Story:
    return evolved(s, cards=dict(e.cards))


@_folds(ev.CombatDeckShuffled)
def _(s: Story, e) -> Story:
    return evolved(s, decks={**s.decks, e.deck: Deck(e.order, name=f"{e.deck} Combat deck")})


@_folds(ev.KeeperActionsListed)
def _(s: Story, e) -> Story:
    return evolved(s, actions={a[0]: KeeperActionCard(*a[1:]) for a in e.actions})


@_folds(ev.TraumaCardsListed)
def _(s: Story, e) -> Story:
    return evolved(s, trauma_cards=dict(e.cards))


@_folds(ev.SideEffectThreatsListed)
def _(s: Story, e) -> Story:
    return evolved(s, side_effect_threats=dict(e.threats))


@_folds(ev.TraumaDeckShuffled)
def _(s: Story, e) -> Story:
    return evolved(s, trauma=Deck(e.order, name="Trauma deck"))


@_folds(ev.TraumaCardsDealt)
def _(s: Story, e) -> Story:
    _, deck = s.trauma.draw(len(e.cards))
    return evolved(s, trauma=deck, hand=s.hand + tuple(e.cards))


@_folds(ev.MythosCardsListed)
def _(s: Story, e) -> Story:
    return evolved(s, mythos_cards=dict(e.cards))


@_folds(ev.MythosDeckShuffled)
def _(s: Story, e) -> Story:
    return evolved(s, mythos=Deck(e.order, name="Mythos deck"))


@_folds(ev.MythosCardsDealt)
def _(s: Story, e) -> Story:
    _, deck = s.mythos.draw(len(e.cards))
    return evolved(s, mythos=deck, mythos_hand=s.mythos_hand + tuple(e.cards))


@_folds(ev.MythosPlayed)
def _(s: Story, e) -> Story:
    hand = list(s.mythos_hand)
    hand.remove(e.card)
    return evolved(s, mythos_hand=tuple(hand), threat=s.threat - e.cost)


@_folds(ev.InvestigatorMovedByKeeper)
def _(s: Story, e) -> Story:
    return _inv(s, e.seat, space=e.to, hidden=False)


@_folds(ev.MythosDiscarded)
def _(s: Story, e) -> Story:
    return evolved(s, mythos=s.mythos.discard((e.card,)))


@_folds(ev.TimePeriodMarkerPlaced)
def _(s: Story, e) -> Story:
    return evolved(s, period=e.period, periods=tuple(tuple(p) for p in e.periods))


# ---- story choice and objective --------------------------------------------------------------
@_folds(ev.KeeperGuideRead)
def _(s: Story, e) -> Story:
    return evolved(s, objectives=dict(e.objectives), named=tuple(e.named))


@_folds(ev.StoryChoiceMade)
def _(s: Story, e) -> Story:
    return evolved(s, choice=e.choice, choice_step=e.step, objective=dict(e.objective))


@_folds(ev.ExplorationCardsPlaced)
def _(s: Story, e) -> Story:
    return evolved(s, exploration={r: tuple(c) for r, c in e.rooms.items()})


@_folds(ev.ObjectiveRevealed)
def _(s: Story, e) -> Story:
    return evolved(s, revealed=True)


@_folds(SecretRevealed)
def _(s: Story, e) -> Story:
    return s


# ---- turns -----------------------------------------------------------------------------------
@_folds(ev.InvestigatorTurnBegan)
def _(s: Story, e) -> Story:
    turns = s.turns or TurnOrder((*sorted(s.investigators), KEEPER_SEAT))
    if e.seat not in turns.seats:
        raise ValueError(f"{e.seat} takes a turn but is not in the turn order {turns.seats}")
    while turns.current != e.seat:  # the first turn of all, or a test's offstage turn
        turns = turns.advance()
    return evolved(
        s,
        phase=INVESTIGATORS,
        turns=turns,
        begun=e.seat,
        moves=e.moves,
        moved=0,
        acted=False,
        misted="",
    )


@_folds(ev.TurnEnded)
def _(s: Story, e) -> Story:
    return evolved(s, turns=s.turns.advance(), moves=0, acted=False)


@_folds(ev.KeeperTurnBegan)
def _(s: Story, e) -> Story:
    return evolved(s, phase=KEEPER, begun=KEEPER_SEAT, threat=s.threat + e.gained, used=frozenset())


@_folds(ev.KeeperTurnEnded)
def _(s: Story, e) -> Story:
    return evolved(s, turns=s.turns.advance(), used=frozenset())


@_folds(ev.EventCardResolved)
def _(s: Story, e) -> Story:
    return evolved(s, events_resolved=e.number)


# ---- investigators ---------------------------------------------------------------------------
@_folds(ev.InvestigatorMoved)
def _(s: Story, e) -> Story:
    moved = s.moved + (e.seat == s.current)
    return evolved(_inv(s, e.seat, space=e.to), moves=s.moves - 1, moved=moved)


@_folds(ev.InvestigatorRan)
def _(s: Story, e) -> Story:
    return evolved(s, moves=s.moves + 1, acted=True)


@_folds(ev.InvestigatorHid)
def _(s: Story, e) -> Story:
    return evolved(_inv(s, e.seat, hidden=True), acted=True)


@_folds(ev.SpellCast)
def _(s: Story, e) -> Story:
    return evolved(s, acted=True)


@_folds(ev.MistsOfRelehCast)
def _(s: Story, e) -> Story:
    return evolved(s, acted=True, misted=e.seat)


@_folds(ev.HidingEnded)
def _(s: Story, e) -> Story:
    return _inv(s, e.seat, hidden=False)


@_folds(ev.ExplorationCardTaken)
def _(s: Story, e) -> Story:
    inv = s.investigators[e.seat]
    s = evolved(s, exploration={**s.exploration, e.room: s.exploration[e.room][1:]}, acted=True)
    return _inv(s, e.seat, items=inv.items + (e.card,)) if s.items[e.card].kept else s


@_folds(ev.ItemUsed)
def _(s: Story, e) -> Story:
    items = list(s.investigators[e.seat].items)
    items.remove(e.item)
    return evolved(_inv(s, e.seat, items=tuple(items)), acted=True)


@_folds(ev.InvestigatorRecovered)
def _(s: Story, e) -> Story:
    inv = s.investigators[e.seat]
    if e.what == "health":
        return _inv(s, e.seat, damage=inv.damage - e.amount)
    return _inv(s, e.seat, horror=inv.horror - e.amount)


@_folds(ev.InvestigatorEscaped)
def _(s: Story, e) -> Story:
    s = evolved(s, moves=s.moves - 1)
    return _leave(_inv(s, e.seat, status=ESCAPED, space=None, hidden=False), e.seat)


@_folds(ev.ItemsDropped)
def _(s: Story, e) -> Story:
    stack = tuple(e.items) + s.exploration.get(e.room, ())
    return _inv(evolved(s, exploration={**s.exploration, e.room: stack}), e.seat, items=())


@_folds(ev.InvestigatorEliminated)
def _(s: Story, e) -> Story:
    return _leave(_inv(s, e.seat, status=ELIMINATED, space=None, hidden=False), e.seat)


def _leave(s: Story, seat: str) -> Story:
    """A seat leaves the turn order; if it was in play, the next seat is (the
    rules then begin that seat's turn with a fact of its own)."""
    return evolved(s, turns=s.turns.remove(seat)) if s.turns and seat in s.turns.seats else s


@_folds(ev.InvestigatorDamaged)
def _(s: Story, e) -> Story:
    return _inv(s, e.seat, damage=s.investigators[e.seat].damage + e.amount)


@_folds(ev.InvestigatorHorrified)
def _(s: Story, e) -> Story:
    return _inv(s, e.seat, horror=s.investigators[e.seat].horror + e.amount)


@_folds(ev.PuzzleAttemptBegun)
def _(s: Story, e) -> Story:
    # A fresh attempt: nothing of the last one's test or Luck carries over.
    alchemy = evolved(
        s.alchemy,
        luck_added=False,
        discards=(),
        roll=None,
        correct=None,
        completed=None,
        drawn=None,
    )
    return evolved(s, attempter=e.seat, acted=True, alchemy=alchemy)


@_folds(ev.PuzzleAttemptEnded)
def _(s: Story, e) -> Story:
    return evolved(s, attempter=None, puzzle_card=())


@_folds(ev.SideEffectsNowListed)
def _(s: Story, e) -> Story:
    lasting = {card: tuple(x) for card, x in e.lasting.items()}
    return evolved(s, side_effect_now=dict(e.effects), side_effect_lasting=lasting)


@_folds(ev.SideEffectTargetAsked)
def _(s: Story, e) -> Story:
    return evolved(s, choosing=(e.seat, e.card, *e.choices))


@_folds(ev.SideEffectTargetChosen)
def _(s: Story, e) -> Story:
    return evolved(s, choosing=())


@_folds(ev.SkillPointGained)
def _(s: Story, e) -> Story:
    return _inv(s, e.seat, skill_points=s.investigators[e.seat].skill_points + e.amount)


@_folds(ev.MaxHealthChanged)
def _(s: Story, e) -> Story:
    return _inv(s, e.seat, health=s.investigators[e.seat].health + e.amount)


@_folds(ev.ItemDiscarded)
def _(s: Story, e) -> Story:
    items = list(s.investigators[e.seat].items)
    items.remove(e.item)
    return _inv(s, e.seat, items=tuple(items))


@_folds(ev.ItemPassed)
def _(s: Story, e) -> Story:
    items = list(s.investigators[e.seat].items)
    items.remove(e.item)
    s = _inv(s, e.seat, items=tuple(items))
    return _inv(s, e.to, items=s.investigators[e.to].items + (e.item,))


@_folds(ev.InvestigatorStunned)
def _(s: Story, e) -> Story:
    return _inv(s, e.seat, stunned=True)


@_folds(ev.StunEnded)
def _(s: Story, e) -> Story:
    return evolved(_inv(s, e.seat, stunned=False), acted=True)


@_folds(ev.SubjectTestMade)
def _(s: Story, e) -> Story:
    return s


@_folds(ev.AlchemyCardRevealed)
def _(s: Story, e) -> Story:
    return evolved(s, puzzle_card=(e.room, e.card), acted=True)


@_folds(ev.ObstacleHeld)
def _(s: Story, e) -> Story:
    return evolved(s, acted=True)


@_folds(ev.ObstacleCleared)
def _(s: Story, e) -> Story:
    cards = list(s.exploration[e.room])
    cards.remove(e.card)
    return evolved(s, exploration={**s.exploration, e.room: tuple(cards)}, acted=True)


@_folds(ev.AlchemyCardCleared)
def _(s: Story, e) -> Story:
    cards = list(s.exploration[e.room])
    cards.remove(e.card)
    return evolved(s, exploration={**s.exploration, e.room: tuple(cards)})


# ---- combat ----------------------------------------------------------------------------------
@_folds(ev.AttackDeclared)
def _(s: Story, e) -> Story:
    return evolved(s, attack=Attack(e.seat, e.monster, e.weapon), acted=True)


@_folds(ev.CombatCardDrawn)
def _(s: Story, e) -> Story:
    _, deck = s.decks[e.deck].draw(1)
    s = evolved(s, decks={**s.decks, e.deck: deck})
    if not e.attack:
        return s
    attack = next(a for a in s.cards[e.card]["attacks"] if a["type"] == e.attack)
    return evolved(s, attack=evolved(s.attack, card=e.card, attack=attack))


@_folds(ev.EvadeFailed)
def _(s: Story, e) -> Story:
    return evolved(s, moves=0)


@_folds(ev.MonsterCombatCardDrawn)
def _(s: Story, e) -> Story:
    _, deck = s.decks[e.deck].draw(1)
    return evolved(s, decks={**s.decks, e.deck: deck})


@_folds(ev.CombatCardDiscarded)
def _(s: Story, e) -> Story:
    return evolved(s, decks={**s.decks, e.deck: s.decks[e.deck].discard((e.card,))})


@_folds(ev.CombatDeckReshuffled)
def _(s: Story, e) -> Story:
    return evolved(s, decks={**s.decks, e.deck: s.decks[e.deck].reshuffle(e.order)})


@_folds(ev.AttributeChosen)
def _(s: Story, e) -> Story:
    return evolved(s, attack=evolved(s.attack, attribute=e.attribute))


@_folds(ev.TesterChosen)
def _(s: Story, e) -> Story:
    return evolved(s, attack=evolved(s.attack, tester=e.tester))


@_folds(ev.TestModified, ev.TestsTallied, ev.HorrorCheckMade, ev.ByakheeTokenExamined)
def _(s: Story, e) -> Story:
    return s


@_folds(ev.TestMade)
def _(s: Story, e) -> Story:
    if s.attack is None:
        return s
    return evolved(
        s, attack=evolved(s.attack, results=s.attack.results + (e.passed,), attribute="", tester="")
    )


@_folds(ev.MonsterWounded)
def _(s: Story, e) -> Story:
    return _monster(s, e.monster, wounds=s.monsters[e.monster].wounds + e.amount)


@_folds(ev.MonsterTokenExamined)
def _(s: Story, e) -> Story:
    return _monster(s, e.monster, examined=True)


@_folds(ev.KeenEyeLooked)
def _(s: Story, e) -> Story:
    return _inv(s, e.seat, peeked=s.investigators[e.seat].peeked | {e.monster})


@_folds(ev.MonsterKilled)
def _(s: Story, e) -> Story:
    return _monster(s, e.monster, space=None, dead=True)


@_folds(ev.AttackEnded)
def _(s: Story, e) -> Story:
    return evolved(s, attack=None)


# ---- the keeper ------------------------------------------------------------------------------
@_folds(ev.KeeperActionPlayed)
def _(s: Story, e) -> Story:
    return evolved(s, threat=s.threat - e.cost, used=s.used | {e.card})


@_folds(ev.RoomSetOnFire)
def _(s: Story, e) -> Story:
    return evolved(s, fire=s.fire | {e.room})


@_folds(ev.MonsterEscaped)
def _(s: Story, e) -> Story:
    return _monster(s, e.monster, space=None, escaped=True)


@_folds(ev.MonsterMoved)
def _(s: Story, e) -> Story:
    return _monster(s, e.monster, space=e.to)


@_folds(ev.MonsterAttacked)
def _(s: Story, e) -> Story:
    return evolved(s, used=s.used | {"attack:" + e.monster})


@_folds(ev.ByakheeQuestionAsked)
def _(s: Story, e) -> Story:
    return evolved(s, question=Question(e.seat, e.monster, e.question))


@_folds(ev.ByakheeAnswered)
def _(s: Story, e) -> Story:
    return evolved(s, question=None)


@_folds(ev.TraumaPlayed)
def _(s: Story, e) -> Story:
    hand = list(s.hand)
    hand.remove(e.card)
    return evolved(
        s,
        hand=tuple(hand),
        threat=s.threat - e.cost,
        trauma_in_play={**s.trauma_in_play, e.card: e.seat},
    )


@_folds(ev.TraumaDiscarded)
def _(s: Story, e) -> Story:
    in_play = {c: seat for c, seat in s.trauma_in_play.items() if c != e.card}
    return evolved(s, trauma_in_play=in_play, trauma=s.trauma.discard((e.card,)))


@_folds(ev.ThreatEffectUsed)
def _(s: Story, e) -> Story:
    return evolved(s, threat=s.threat - e.cost, used=s.used | {"threat:" + e.card})


@_folds(ev.GameWon)
def _(s: Story, e) -> Story:
    return evolved(
        s,
        phase=OVER,
        winner=e.winner,
        result=f"{_wins(e.winner)}: {e.reason}",
        attack=None,
        question=None,
        attempter=None,
    )


@_folds(ev.AllPlayersLost)
def _(s: Story, e) -> Story:
    return evolved(
        s,
        phase=OVER,
        winner="nobody",
        result=f"all players lose: {e.reason}",
        attack=None,
        question=None,
        attempter=None,
    )


@_folds(ev.EpilogueRead)
def _(s: Story, e) -> Story:
    return evolved(s, epilogue=e.text)


@_folds(ev.NoEpilogue)
def _(s: Story, e) -> Story:
    return s


# ---- the puzzle game's facts -----------------------------------------------------------------
def _puzzle_fact(s: Story, e) -> Story:
    s = evolved(s, alchemy=puzzle_state.evolve(s.alchemy, e))
    if isinstance(e, pev.SkillPointSpent) and s.attempter:
        s = _inv(s, s.attempter, skill_points=s.investigators[s.attempter].skill_points - 1)
    if isinstance(e, pev.SideEffectKept) and s.attempter:
        inv = s.investigators[s.attempter]
        s = _inv(s, s.attempter, side_effects=inv.side_effects + (e.card,))
    return s


_folds(*ev.PUZZLE_EVENTS)(_puzzle_fact)


def _wins(winner: str) -> str:
    return "the investigators win" if winner == "investigators" else "the keeper wins"
