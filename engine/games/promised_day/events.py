"""The facts of The Promised Day, named in the rulebook's words.

Every token that moves is one fact (`SoldierMoved`, `CharacterMoved`), so a
Homunculus turn can be stepped through one move at a time.  Facts that
show something face down set `reveals`.
"""

from __future__ import annotations

from engine.core.events import Event, event_registry, fact


# ---- set-up -------------------------------------------------------------------------------
@fact
class GameConfigured(Event):
    """The numbers this game is played with: player count, actions per character, round limit,
    the first "+2" round, the damage track size and the soldier tokens in the Stock."""

    players: int
    actions: int
    rounds: int
    plus_two_from: int
    damage_track: int
    stock: int
    difficulty: str
    empty_stock: str  # "at-once" or "when-needed": when an empty Stock is a defeat


@fact
class BoardLaid(Event):
    """The Central City board: Areas with their Spaces from the innermost outward
    ([space, spots] pairs), the lines between Spaces, and where a picture draws each Space."""

    areas: tuple[tuple[int, tuple[tuple[str, int], ...]], ...]
    lines: tuple[tuple[str, str], ...]
    positions: tuple[tuple[str, float, float], ...]


@fact
class TilesPlaced(Event):
    """The shuffled Transmutation Circle tiles, face up, one beside each Area: [area, tile, kind]."""

    tiles: tuple[tuple[int, str, str], ...]


@fact
class CharacterChosen(Event):
    """A character joins, played by `seat`, with its Character Summary; life starts at its top."""

    character: str
    seat: str
    name: str
    move: int
    life: int
    special: str
    effect: str


@fact
class CharacterDeckShuffled(Event):
    """A character's 16 cards shuffled face down, top first: [id, colour, damage, range, icon]."""

    character: str
    cards: tuple[tuple[str, str, int, int, str], ...]


@fact
class CardsDrawn(Event):
    """Cards from the top of a character's deck into its hand (seen by its own seat only)."""

    reveals = True
    character: str
    seat: str
    cards: tuple[str, ...]


@fact
class CompanionCardsTaken(Event):
    """Hawkeye or Greed & Ling Yao takes the bonus cards with the Companion icon:
    [id, name, effect]."""

    character: str
    cards: tuple[tuple[str, str, str], ...]


@fact
class BonusDeckShuffled(Event):
    """The Transmutation Bonus cards shuffled face down, top first: [id, name, effect]."""

    cards: tuple[tuple[str, str, str], ...]


@fact
class BonusRevealed(Event):
    """The top Transmutation Bonus card turned face up on the Round Board."""

    reveals = True
    card: str


@fact
class HomunculusCardsDealt(Event):
    """A Homunculus card face down above each round that has a Homunculus turn:
    [round, id, kind ("event"/"boss"), effect or boss, march areas, soldiers]."""

    cards: tuple[tuple[int, str, str, str, tuple[int, ...], int], ...]


@fact
class SoldierDeckShuffled(Event):
    """The Mannequin Soldier cards shuffled face down, top first: [id, [[n, area], ...]]."""

    cards: tuple[tuple[str, tuple[tuple[int, int], ...]], ...]


@fact
class BossesListed(Event):
    """The five Boss tiles: [boss, name, space, life, ability], for bosses arriving later."""

    bosses: tuple[tuple[str, str, str, int, str], ...]


# ---- tokens on the board ------------------------------------------------------------------
@fact
class BossArrived(Event):
    """A Boss token on a spot of its space, its tile beside the board, life at its top."""

    boss: str
    name: str
    space: str
    life: int
    ability: str


@fact
class SoldierCardFlipped(Event):
    """The top Mannequin Soldier card turned over: `place` is [[n, area], ...]."""

    reveals = True
    card: str
    place: tuple[tuple[int, int], ...]


@fact
class SoldierMoved(Event):
    """One Mannequin Soldier token moved: `source` and `target` are spaces,
    "stock" or "damage-track"."""

    source: str
    target: str


@fact
class CharacterPlaced(Event):
    """A character stands on its starting space."""

    character: str
    space: str


@fact
class CharacterMoved(Event):
    """A character moved `distance` spaces along the lines."""

    character: str
    source: str
    target: str
    distance: int


@fact
class CharacterDamaged(Event):
    """A character lost life; `life` is what remains."""

    character: str
    damage: int
    life: int


@fact
class CharacterHealed(Event):
    """A character recovered life; `life` is what it has now."""

    character: str
    healed: int
    life: int


@fact
class BossDamaged(Event):
    """A boss lost life; `life` is what remains."""

    boss: str
    damage: int
    life: int


@fact
class BossDefeated(Event):
    """A boss at 0 life: its token leaves the board and its tile is flipped over."""

    boss: str


# ---- rounds and turns ---------------------------------------------------------------------
@fact
class RoundBegan(Event):
    """A round starts; `order` is the characters' turn order from the Start Player."""

    round: int
    order: tuple[str, ...]


@fact
class HomunculusTurnBegan(Event):
    """The Homunculus turn of this round starts."""

    round: int


@fact
class HomunculusStepBegan(Event):
    """One of the five steps of the Homunculus turn starts."""

    step: str


@fact
class BossAbilityActivated(Event):
    """A boss on the board uses its ability."""

    boss: str
    ability: str


@fact
class HomunculusCardRevealed(Event):
    """The Homunculus card above this round turned face up."""

    reveals = True
    round: int
    card: str
    kind: str
    what: str
    march: tuple[int, ...]
    soldiers: int


@fact
class AreaMarched(Event):
    """The soldiers of an Area march one space outward (the moves follow)."""

    area: int


@fact
class QuestionAsked(Event):
    """An Event card leaves a choice to the players: `left` discards or damage to share out."""

    kind: str
    left: int


@fact
class QuestionAnswered(Event):
    """Part of the choice was made; `left` is what remains (0: settled)."""

    kind: str
    left: int


@fact
class TurnBegan(Event):
    """A character's turn starts with its basic movement; `actions` follow."""

    character: str
    actions: int


@fact
class ActionsBegan(Event):
    """Basic movement is over; the character's actions start."""

    character: str


@fact
class ActionTaken(Event):
    """The character spent one action on `action`; `left` remain."""

    character: str
    action: str
    left: int


@fact
class CardPlayed(Event):
    """A card from the hand into the Transmutation Circle space of `area`."""

    character: str
    card: str
    area: int


@fact
class CardDiscarded(Event):
    """A card from the hand onto its character's discards."""

    character: str
    card: str


@fact
class TileFlipped(Event):
    """A Transmutation Circle tile turned face down: that Reverse Transmutation Circle is done."""

    area: int
    tile: str


@fact
class BonusChosen(Event):
    """A Transmutation Bonus card was chosen (from the Round Board or a companion's pair)
    to be resolved now."""

    card: str
    by: str


@fact
class BonusDiscarded(Event):
    """A resolved Transmutation Bonus card went to the discards."""

    card: str


@fact
class BonusPlacedInCircle(Event):
    """Black Hayate went into the Transmutation Circle space of `area` as a card of any colour."""

    card: str
    area: int


@fact
class TurnEnded(Event):
    """The character's turn is over; `unused` actions were left."""

    character: str
    unused: int


@fact
class StartPlayerPassed(Event):
    """The Start Player marker goes to the next player to the left."""

    character: str


@fact
class RoundEnded(Event):
    """Every turn of the round is over."""

    round: int


@fact
class GameWon(Event):
    """The players win: every Transmutation Circle tile is face down."""

    reason: str


@fact
class GameLost(Event):
    """The players are defeated, at the instant the condition arose."""

    reason: str


EVENTS = event_registry(
    GameConfigured, BoardLaid, TilesPlaced, CharacterChosen, CharacterDeckShuffled, CardsDrawn,
    CompanionCardsTaken, BonusDeckShuffled, BonusRevealed, HomunculusCardsDealt,
    SoldierDeckShuffled, BossesListed, BossArrived, SoldierCardFlipped, SoldierMoved, CharacterPlaced,
    CharacterMoved, CharacterDamaged, CharacterHealed, BossDamaged, BossDefeated, RoundBegan,
    HomunculusTurnBegan, HomunculusStepBegan, BossAbilityActivated, HomunculusCardRevealed,
    AreaMarched, QuestionAsked, QuestionAnswered, TurnBegan, ActionsBegan, ActionTaken,
    CardPlayed, CardDiscarded, TileFlipped, BonusChosen, BonusDiscarded, BonusPlacedInCircle,
    TurnEnded, StartPlayerPassed, RoundEnded, GameWon, GameLost,
)
