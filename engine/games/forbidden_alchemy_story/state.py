"""The state of a story and `evolve`, the fold of its facts (no rules here).

The state's pieces are the frozen dataclasses of `pieces.py`.  Here are the
folds of setup, the #1 story choice, turns and the end; those of play are in
`play_folds.py`, gathered into the same table.
"""

from __future__ import annotations

from engine.core.events import Folds, SecretRevealed, evolved
from engine.kit.deck import Deck
from engine.kit.turns import TurnOrder

from . import events as ev
from .pieces import (
    INVESTIGATORS,
    KEEPER,
    KEEPER_SEAT,
    OVER,
    Investigator,
    Item,
    KeeperActionCard,
    Monster,
    MonsterKind,
    Story,
    with_investigator,
    with_monster,
)
from .play_folds import PLAY_FOLDS


def initial_state() -> Story:
    return Story()


_folds = Folds("forbidden_alchemy_story")
for _classes, _fold in PLAY_FOLDS:
    _folds(*_classes)(_fold)


def evolve(state: Story, event) -> Story:
    """Apply one fact (no rules, no dice): the fold registered for its class."""
    return _folds.evolve(state, event)


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
    return with_investigator(s, e.seat, attributes=attributes, items=items, trait=e.name)


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
    return with_monster(s, e.monster, space=e.space)


@_folds(ev.NamedMonsterPlaced)
def _(s: Story, e) -> Story:
    s = evolved(s, placing=())
    return with_monster(
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


@_folds(ev.LockCardsPlaced)
def _(s: Story, e) -> Story:
    return evolved(s, locks=dict(e.locks))


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
    return evolved(s, trauma=_dealt(s.trauma, e.cards), hand=s.hand + tuple(e.cards))


@_folds(ev.MythosCardsListed)
def _(s: Story, e) -> Story:
    return evolved(s, mythos_cards=dict(e.cards))


@_folds(ev.MythosDeckShuffled)
def _(s: Story, e) -> Story:
    return evolved(s, mythos=Deck(e.order, name="Mythos deck"))


@_folds(ev.MythosCardsDealt)
def _(s: Story, e) -> Story:
    return evolved(s, mythos=_dealt(s.mythos, e.cards), mythos_hand=s.mythos_hand + tuple(e.cards))


def _dealt(deck: Deck, cards: tuple[str, ...]) -> Deck:
    """The deck without the cards a fact dealt from it (each must be there)."""
    for card in cards:
        deck = deck.remove(card)
    return deck


@_folds(ev.TimePeriodMarkerPlaced)
def _(s: Story, e) -> Story:
    return evolved(s, period=e.period, periods=tuple(tuple(p) for p in e.periods))


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


@_folds(ev.SideEffectsNowListed)
def _(s: Story, e) -> Story:
    lasting = {card: tuple(x) for card, x in e.lasting.items()}
    return evolved(s, side_effect_now=dict(e.effects), side_effect_lasting=lasting)


@_folds(ev.SubjectTestMade)
def _(s: Story, e) -> Story:
    return s


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


def _wins(winner: str) -> str:
    return "the investigators win" if winner == "investigators" else "the keeper wins"
