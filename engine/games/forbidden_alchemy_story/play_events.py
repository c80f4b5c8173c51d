"""The facts of play in the story game: what investigators do in their turn,
attacks and tests, harm, and what the keeper's cards and monsters do.

The facts of setup, the story choice, turns and the end are in `events.py`,
which lists every fact of the game in `EVENTS`.
"""

from __future__ import annotations

from engine.core.events import Event, fact

# Every fact of play, in the order written, for the registry in `events.py`.
PLAY_FACTS: list[type[Event]] = []


def _fact(cls):
    made = fact(cls)
    PLAY_FACTS.append(made)
    return made


# ---- moving, hiding, escaping --------------------------------------------------------------------
@_fact
class InvestigatorMoved(Event):
    """One space of movement."""

    seat: str
    origin: str
    to: str


@_fact
class EvadeFailed(Event):
    """Leaving a monster's space, the investigator did not evade it: his movement ends."""

    seat: str
    monster: str


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
class HidingEnded(Event):
    """The investigator is no longer hiding."""

    seat: str


@_fact
class InvestigatorEscaped(Event):
    """The investigator crossed the room's outer edge and left the map."""

    seat: str
    space: str
    room: str


# ---- exploring, items, Story 2 -------------------------------------------------------------------
@_fact
class ExplorationCardTaken(Event):
    """The top Exploration card of the room, taken by the investigator."""

    reveals = True
    seat: str
    room: str
    card: str


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
class ItemUsed(Event):
    """The action is spent on an item, which is then discarded."""

    seat: str
    item: str


@_fact
class SpellCast(Event):
    """An investigator casts a spell he keeps (the action)."""

    seat: str
    spell: str


@_fact
class InvestigatorRecovered(Event):
    """Health or sanity comes back (never above the printed value)."""

    seat: str
    what: str
    amount: int


@_fact
class ItemsDropped(Event):
    """An eliminated investigator's items go on top of his room's Exploration cards."""

    seat: str
    room: str
    items: tuple


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


# ---- Alchemy puzzles and Side Effect cards in a story --------------------------------------------
@_fact
class PuzzleAttemptBegun(Event):
    """The investigator spends the action on the objective's Alchemy puzzle."""

    seat: str
    tile: str


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


# ---- combat and tests ----------------------------------------------------------------------------
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
class HorrorCheckMade(Event):
    """A monster and an investigator share a room: a horror check against it."""

    seat: str
    monster: str
    horror: int


# ---- harm ----------------------------------------------------------------------------------------
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
class InvestigatorEliminated(Event):
    """Health or sanity gone: the investigator is out of the game."""

    seat: str
    reason: str


# ---- the keeper's cards and monsters -------------------------------------------------------------
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
class RoomDarkened(Event):
    """A room goes Dark, a status effect for the rest of the story."""

    room: str


@_fact
class TokenPlaced(Event):
    """A Crawling Hand or Mutation token is put on an investigator."""

    token: str
    seat: str


@_fact
class MutationTokenPlaced(Event):
    """A Mutation token is put on a monster on the map, or on the corpse of a killed one."""

    monster: str
    corpse: bool


@_fact
class CrawlingHandsDropped(Event):
    """As his turn begins the Crawling Hands on an investigator cost him movement, then drop."""

    seat: str
    count: int


@_fact
class MonsterMoved(Event):
    """A monster moves one space."""

    monster: str
    origin: str
    to: str


@_fact
class MonsterEscaped(Event):
    """A monster that must escape crossed the room's outer edge and left the map."""

    monster: str
    space: str
    room: str


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
