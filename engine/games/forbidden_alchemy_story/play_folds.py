"""The folds of the facts of play (`play_events.py`, and the puzzle game's
own facts played inside a story): no rules, every fact says what happened.
`state.py` gathers them into `evolve`'s table.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.events import evolved
from engine.games.forbidden_alchemy import events as pev
from engine.games.forbidden_alchemy import state as puzzle_state

from . import events as ev
from . import play_events as play
from .pieces import (
    ELIMINATED,
    ESCAPED,
    Attack,
    Question,
    Story,
    taken,
    with_investigator,
    with_monster,
)

# (fact classes, fold) for `state.py` to register.
PLAY_FOLDS: list[tuple[tuple[type, ...], Callable]] = []


def _folds(*classes: type) -> Callable:
    def keep(fold: Callable) -> Callable:
        PLAY_FOLDS.append((classes, fold))
        return fold

    return keep


@_folds(play.RoomDarkened)
def _(s: Story, e) -> Story:
    return evolved(s, dark=s.dark | {e.room})


@_folds(play.TokenPlaced)
def _(s: Story, e) -> Story:
    s = evolved(s, supply={**s.supply, e.token: s.supply[e.token] - 1})
    return with_investigator(s, e.seat, tokens=s.investigators[e.seat].tokens + (e.token,))


@_folds(play.MutationTokenPlaced)
def _(s: Story, e) -> Story:
    if e.corpse != s.monsters[e.monster].dead:
        raise ValueError(f"the fact puts a Mutation token on {e.monster} as a corpse={e.corpse}")
    s = evolved(s, supply={**s.supply, "mutation": s.supply["mutation"] - 1})
    return with_monster(s, e.monster, mutations=s.monsters[e.monster].mutations + 1)


@_folds(play.CrawlingHandsDropped)
def _(s: Story, e) -> Story:
    kept = tuple(t for t in s.investigators[e.seat].tokens if t != "crawling-hand")
    s = evolved(s, supply={**s.supply, "crawling-hand": s.supply["crawling-hand"] + e.count})
    return with_investigator(s, e.seat, tokens=kept)


@_folds(play.TimeTravelled)
def _(s: Story, e) -> Story:
    return evolved(s, period=e.to, acted=True)


@_folds(play.SeedsPlanted)
def _(s: Story, e) -> Story:
    items = list(s.investigators[e.seat].items)
    items.remove(e.card)
    return evolved(
        with_investigator(s, e.seat, items=tuple(items)), seeds=(e.room, e.period), acted=True
    )


@_folds(play.MythosPlayed)
def _(s: Story, e) -> Story:
    hand = list(s.mythos_hand)
    hand.remove(e.card)
    return evolved(s, mythos_hand=tuple(hand), threat=s.threat - e.cost)


@_folds(play.InvestigatorMovedByKeeper)
def _(s: Story, e) -> Story:
    return with_investigator(s, e.seat, space=e.to, hidden=False)


@_folds(play.MythosDiscarded)
def _(s: Story, e) -> Story:
    return evolved(s, mythos=s.mythos.discard((e.card,)))


@_folds(play.InvestigatorMoved)
def _(s: Story, e) -> Story:
    moved = s.moved + (e.seat == s.current)
    return evolved(with_investigator(s, e.seat, space=e.to), moves=s.moves - 1, moved=moved)


@_folds(play.InvestigatorRan)
def _(s: Story, e) -> Story:
    return evolved(s, moves=s.moves + 1, acted=True)


@_folds(play.InvestigatorHid)
def _(s: Story, e) -> Story:
    return evolved(with_investigator(s, e.seat, hidden=True), acted=True)


@_folds(play.SpellCast)
def _(s: Story, e) -> Story:
    return evolved(s, acted=True)


@_folds(play.MistsOfRelehCast)
def _(s: Story, e) -> Story:
    return evolved(s, acted=True, misted=e.seat)


@_folds(play.HidingEnded)
def _(s: Story, e) -> Story:
    return with_investigator(s, e.seat, hidden=False)


@_folds(play.ExplorationCardTaken)
def _(s: Story, e) -> Story:
    inv = s.investigators[e.seat]
    s = evolved(s, exploration=_explored(s, e.room, e.card), acted=True)
    return with_investigator(s, e.seat, items=inv.items + (e.card,)) if s.items[e.card].kept else s


def _explored(s: Story, room: str, card: str) -> dict[str, tuple[str, ...]]:
    """The Exploration cards without the one a fact took from `room`."""
    where = f"the Exploration cards of {room}"
    return {**s.exploration, room: taken(s.exploration.get(room, ()), card, where)}


@_folds(play.ItemUsed)
def _(s: Story, e) -> Story:
    items = list(s.investigators[e.seat].items)
    items.remove(e.item)
    return evolved(with_investigator(s, e.seat, items=tuple(items)), acted=True)


@_folds(play.InvestigatorRecovered)
def _(s: Story, e) -> Story:
    inv = s.investigators[e.seat]
    if e.what == "health":
        return with_investigator(s, e.seat, damage=inv.damage - e.amount)
    return with_investigator(s, e.seat, horror=inv.horror - e.amount)


@_folds(play.InvestigatorEscaped)
def _(s: Story, e) -> Story:
    s = evolved(s, moves=s.moves - 1)
    return _leave(with_investigator(s, e.seat, status=ESCAPED, space=None, hidden=False), e.seat)


@_folds(play.ItemsDropped)
def _(s: Story, e) -> Story:
    stack = tuple(e.items) + s.exploration.get(e.room, ())
    return with_investigator(
        evolved(s, exploration={**s.exploration, e.room: stack}), e.seat, items=()
    )


@_folds(play.InvestigatorEliminated)
def _(s: Story, e) -> Story:
    return _leave(with_investigator(s, e.seat, status=ELIMINATED, space=None, hidden=False), e.seat)


def _leave(s: Story, seat: str) -> Story:
    """A seat leaves the turn order; if it was in play, the next seat is (the
    rules then begin that seat's turn with a fact of its own)."""
    return evolved(s, turns=s.turns.remove(seat)) if s.turns and seat in s.turns.seats else s


@_folds(play.InvestigatorDamaged)
def _(s: Story, e) -> Story:
    return with_investigator(s, e.seat, damage=s.investigators[e.seat].damage + e.amount)


@_folds(play.InvestigatorHorrified)
def _(s: Story, e) -> Story:
    return with_investigator(s, e.seat, horror=s.investigators[e.seat].horror + e.amount)


@_folds(play.PuzzleAttemptBegun)
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


@_folds(play.PuzzleAttemptEnded)
def _(s: Story, e) -> Story:
    return evolved(s, attempter=None, puzzle_card=())


@_folds(play.SideEffectTargetAsked)
def _(s: Story, e) -> Story:
    return evolved(s, choosing=(e.seat, e.card, *e.choices))


@_folds(play.SideEffectTargetChosen)
def _(s: Story, e) -> Story:
    return evolved(s, choosing=())


@_folds(play.SkillPointGained)
def _(s: Story, e) -> Story:
    return with_investigator(
        s, e.seat, skill_points=s.investigators[e.seat].skill_points + e.amount
    )


@_folds(play.MaxHealthChanged)
def _(s: Story, e) -> Story:
    return with_investigator(s, e.seat, health=s.investigators[e.seat].health + e.amount)


@_folds(play.ItemDiscarded)
def _(s: Story, e) -> Story:
    items = list(s.investigators[e.seat].items)
    items.remove(e.item)
    return with_investigator(s, e.seat, items=tuple(items))


@_folds(play.ItemPassed)
def _(s: Story, e) -> Story:
    items = list(s.investigators[e.seat].items)
    items.remove(e.item)
    s = with_investigator(s, e.seat, items=tuple(items))
    return with_investigator(s, e.to, items=s.investigators[e.to].items + (e.item,))


@_folds(play.InvestigatorStunned)
def _(s: Story, e) -> Story:
    return with_investigator(s, e.seat, stunned=True)


@_folds(play.StunEnded)
def _(s: Story, e) -> Story:
    return evolved(with_investigator(s, e.seat, stunned=False), acted=True)


@_folds(play.AlchemyCardRevealed)
def _(s: Story, e) -> Story:
    return evolved(s, puzzle_card=(e.room, e.card), acted=True)


@_folds(play.ObstacleHeld)
def _(s: Story, e) -> Story:
    return evolved(s, acted=True)


@_folds(play.ObstacleCleared)
def _(s: Story, e) -> Story:
    return evolved(s, exploration=_explored(s, e.room, e.card), acted=True)


@_folds(play.AlchemyCardCleared)
def _(s: Story, e) -> Story:
    return evolved(s, exploration=_explored(s, e.room, e.card))


@_folds(play.AttackDeclared)
def _(s: Story, e) -> Story:
    return evolved(s, attack=Attack(e.seat, e.monster, e.weapon), acted=True)


@_folds(play.CombatCardDrawn)
def _(s: Story, e) -> Story:
    s = evolved(s, decks={**s.decks, e.deck: s.decks[e.deck].remove(e.card)})
    if not e.attack:
        return s
    attack = next(a for a in s.cards[e.card]["attacks"] if a["type"] == e.attack)
    return evolved(s, attack=evolved(s.attack, card=e.card, attack=attack))


@_folds(play.EvadeFailed)
def _(s: Story, e) -> Story:
    return evolved(s, moves=0)


@_folds(play.MonsterCombatCardDrawn)
def _(s: Story, e) -> Story:
    return evolved(s, decks={**s.decks, e.deck: s.decks[e.deck].remove(e.card)})


@_folds(play.CombatCardDiscarded)
def _(s: Story, e) -> Story:
    return evolved(s, decks={**s.decks, e.deck: s.decks[e.deck].discard((e.card,))})


@_folds(play.CombatDeckReshuffled)
def _(s: Story, e) -> Story:
    return evolved(s, decks={**s.decks, e.deck: s.decks[e.deck].reshuffle(e.order)})


@_folds(play.AttributeChosen)
def _(s: Story, e) -> Story:
    return evolved(s, attack=evolved(s.attack, attribute=e.attribute))


@_folds(play.TesterChosen)
def _(s: Story, e) -> Story:
    return evolved(s, attack=evolved(s.attack, tester=e.tester))


@_folds(play.TestModified, play.TestsTallied, play.HorrorCheckMade, play.ByakheeTokenExamined)
def _(s: Story, e) -> Story:
    return s


@_folds(play.TestMade)
def _(s: Story, e) -> Story:
    if s.attack is None:
        return s
    return evolved(
        s, attack=evolved(s.attack, results=s.attack.results + (e.passed,), attribute="", tester="")
    )


@_folds(play.MonsterWounded)
def _(s: Story, e) -> Story:
    return with_monster(s, e.monster, wounds=s.monsters[e.monster].wounds + e.amount)


@_folds(play.MonsterTokenExamined)
def _(s: Story, e) -> Story:
    return with_monster(s, e.monster, examined=True)


@_folds(play.KeenEyeLooked)
def _(s: Story, e) -> Story:
    return with_investigator(s, e.seat, peeked=s.investigators[e.seat].peeked | {e.monster})


@_folds(play.MonsterKilled)
def _(s: Story, e) -> Story:
    # Its figure leaves the map; its corpse stays where it fell (ours), tokens and all.
    return with_monster(s, e.monster, space=None, dead=True, corpse=s.monsters[e.monster].space)


@_folds(play.AttackEnded)
def _(s: Story, e) -> Story:
    return evolved(s, attack=None)


@_folds(play.KeeperActionPlayed)
def _(s: Story, e) -> Story:
    return evolved(s, threat=s.threat - e.cost, used=s.used | {e.card})


@_folds(play.RoomSetOnFire)
def _(s: Story, e) -> Story:
    return evolved(s, fire=s.fire | {e.room})


@_folds(play.MonsterEscaped)
def _(s: Story, e) -> Story:
    return with_monster(s, e.monster, space=None, escaped=True)


@_folds(play.MonsterMoved)
def _(s: Story, e) -> Story:
    return with_monster(s, e.monster, space=e.to)


@_folds(play.MonsterAttacked)
def _(s: Story, e) -> Story:
    return evolved(s, used=s.used | {"attack:" + e.monster})


@_folds(play.ByakheeQuestionAsked)
def _(s: Story, e) -> Story:
    return evolved(s, question=Question(e.seat, e.monster, e.question))


@_folds(play.ByakheeAnswered)
def _(s: Story, e) -> Story:
    return evolved(s, question=None)


@_folds(play.TraumaPlayed)
def _(s: Story, e) -> Story:
    hand = list(s.hand)
    hand.remove(e.card)
    return evolved(
        s,
        hand=tuple(hand),
        threat=s.threat - e.cost,
        trauma_in_play={**s.trauma_in_play, e.card: e.seat},
    )


@_folds(play.TraumaDiscarded)
def _(s: Story, e) -> Story:
    in_play = {c: seat for c, seat in s.trauma_in_play.items() if c != e.card}
    return evolved(s, trauma_in_play=in_play, trauma=s.trauma.discard((e.card,)))


@_folds(play.ThreatEffectUsed)
def _(s: Story, e) -> Story:
    return evolved(s, threat=s.threat - e.cost, used=s.used | {"threat:" + e.card})


def _puzzle_fact(s: Story, e) -> Story:
    s = evolved(s, alchemy=puzzle_state.evolve(s.alchemy, e))
    if isinstance(e, pev.SkillPointSpent) and s.attempter:
        s = with_investigator(
            s, s.attempter, skill_points=s.investigators[s.attempter].skill_points - 1
        )
    if isinstance(e, pev.SideEffectKept) and s.attempter:
        inv = s.investigators[s.attempter]
        s = with_investigator(s, s.attempter, side_effects=inv.side_effects + (e.card,))
    return s


_folds(*ev.PUZZLE_EVENTS)(_puzzle_fact)
