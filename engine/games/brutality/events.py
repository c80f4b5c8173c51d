"""The facts of a game of Brutality, named in the rulebook's words.

Every push, every point of damage and every status change is its own
fact, so an auditor can follow a knockback chain one space at a time.
Squares are in the kit's notation (`D4`, row 1 the north team's edge);
facings are the absolute directions "N" or "S".
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event, event_registry, fact


# ---- setup ---------------------------------------------------------------------------------
@fact
class GameConfigured(Event):
    """The readings chosen for this game where the rulebook is silent (setup options)."""

    options: dict[str, Any]


@fact
class BoardLaidOut(Event):
    """The board side in play: its size, icicle spaces and each team's starting corners."""

    board: str
    name: str
    width: int
    height: int
    icicles: tuple[str, ...]
    starts: dict[str, tuple[str, ...]]


@fact
class HeroSheetsListed(Event):
    """The hero sheets of this game (stand-in content), copied so that replay never rereads files."""

    heroes: dict[str, Any]


@fact
class ArtifactsListed(Event):
    """The artifact cards of this game (stand-in content)."""

    artifacts: dict[str, Any]


@fact
class RelicsListed(Event):
    """The relic cards of this game (stand-in content)."""

    relics: dict[str, Any]


@fact
class StartingTeamChosen(Event):
    """The team that takes the first turn, chosen at random; it also leads every setup choice."""

    team: str


@fact
class RelicDeckShuffled(Event):
    """A relic deck in its new order, top first (hidden from every team): the
    shared deck, or a team's own in Controlled Chaos (`pile`)."""

    pile: str
    order: tuple[str, ...]


@fact
class DraftStacksDealt(Event):
    """Controlled Chaos: four face-down stacks, one per relic type (hidden)."""

    stacks: dict[str, tuple[str, ...]]


@fact
class DraftStackOpened(Event):
    """A team chose the relic type to draft next; its stack is open to both teams."""

    reveals = True
    team: str
    relic_type: str
    cards: tuple[str, ...]


@fact
class RelicDrafted(Event):
    """A team took a relic card from the open stack into its own relic deck."""

    team: str
    card: str


@fact
class HeroChosen(Event):
    """A team took a hero and their sheet."""

    team: str
    hero: str


@fact
class HealthSet(Event):
    """A hero's Health was marked at the top of their track."""

    hero: str
    health: int


@fact
class HeroPlaced(Event):
    """A hero's miniature stands on a starting corner (its leftmost space), facing the enemy edge."""

    hero: str
    square: str
    facing: str


@fact
class ArtifactChosen(Event):
    """A hero took an artifact card, face up."""

    hero: str
    artifact: str


@fact
class HazardPlaced(Event):
    """A hazard tile lies on a space; `tokens` counts the turns left of a timed one
    (0: permanent); `owner` is the hero who placed it ("" for a team's setup hazard)."""

    kind: str
    square: str
    team: str
    owner: str
    tokens: int


# ---- the team turn ---------------------------------------------------------------------------
@fact
class TurnBegan(Event):
    """A team's turn began (phase 1 follows at once)."""

    team: str
    turn: int


@fact
class CooldownAdvanced(Event):
    """A cooldown token moved down to the next lower skull."""

    hero: str
    artifact: str
    cooldown: int


@fact
class ArtifactFlippedUp(Event):
    """The token was on the "1" skull: it came off and the artifact is face up again."""

    hero: str
    artifact: str


@fact
class RelicsDrawn(Event):
    """Relic cards from the deck into a team's hand (hidden from the other team)."""

    reveals = True
    team: str
    cards: tuple[str, ...]


@fact
class RelicDeckReshuffled(Event):
    """A pile's discarded relics became its new deck, in this order (hidden)."""

    pile: str
    order: tuple[str, ...]


@fact
class MoveActionTaken(Event):
    """A hero used their Move action and has `spaces` of movement to spend this turn."""

    hero: str
    spaces: int


@fact
class HeroMoved(Event):
    """A hero moved one space by their compass, spending one movement."""

    hero: str
    source: str
    to: str


@fact
class HeroTurned(Event):
    """A hero turned around, spending one movement."""

    hero: str
    facing: str


@fact
class BleedRemoved(Event):
    """Bleed tiles came off a hero's sheet; `bleed` is what is left and `spent`
    the movement it cost (0 when an effect removed them)."""

    hero: str
    bleed: int
    spent: int


@fact
class NooseRemoved(Event):
    """The noose tile came off a hero's sheet; `spent` is the movement it cost
    (0 when knockback, burial or an effect removed it)."""

    hero: str
    spent: int


@fact
class HeroUnburied(Event):
    """A buried hero's gravestone came off and their miniature stands on its space again."""

    hero: str
    square: str


@fact
class AbilityUsed(Event):
    """A hero used an ability of their sheet (one action) on `target` (a space, or "" for none)."""

    hero: str
    ability: str
    target: str


@fact
class ArtifactUsed(Event):
    """A hero used their artifact (no action) on `target` (a space, or "" for none)."""

    hero: str
    artifact: str
    target: str


@fact
class ArtifactFlippedDown(Event):
    """A used artifact was flipped face down with a cooldown token on the "3" skull."""

    hero: str
    artifact: str
    cooldown: int


@fact
class DamageTaken(Event):
    """A hero lost Health; `health` is what is left."""

    hero: str
    amount: int
    health: int


@fact
class HeroHealed(Event):
    """A hero regained Health (never above the top of the track); `health` is what is left."""

    hero: str
    amount: int
    health: int


@fact
class KnockedBack(Event):
    """A hero was knocked one space towards `direction`."""

    hero: str
    source: str
    to: str
    direction: str


@fact
class KnockbackStopped(Event):
    """A knockback did not move the hero: `why` says what stopped it."""

    hero: str
    square: str
    why: str


@fact
class HeroDisplaced(Event):
    """A hero with no room to go was put on an adjacent space chosen by `team`."""

    hero: str
    source: str
    to: str
    team: str


@fact
class HeroTravelled(Event):
    """An ability carried a hero one space in a straight line (no movement spent)."""

    hero: str
    source: str
    to: str


@fact
class BleedTaken(Event):
    """Bleed tiles on a hero's sheet; `bleed` is the total now."""

    hero: str
    amount: int
    bleed: int


@fact
class HeroHung(Event):
    """A noose tile on a hero's sheet."""

    hero: str


@fact
class HeroBuried(Event):
    """A hero's miniature left the board; a gravestone lies on `square`."""

    hero: str
    square: str


@fact
class HeroDied(Event):
    """A hero reached 0 Health: their figure left the board and their artifact is unusable."""

    hero: str


@fact
class HazardRemoved(Event):
    """A hazard tile left the board (`why`: its time ran out, a Ghost Knight struck...)."""

    kind: str
    square: str
    why: str


@fact
class HazardTokenRemoved(Event):
    """Phase 1: a timed hazard lost one cooldown token; `tokens` are left."""

    square: str
    kind: str
    tokens: int


@fact
class HeroJumped(Event):
    """A hero jumped (from a Catapult) and came down on `to`."""

    hero: str
    source: str
    to: str


@fact
class JumpCutShort(Event):
    """A jump ended early, in `square`: `why` says what blocked it."""

    hero: str
    square: str
    why: str


@fact
class KnightMoved(Event):
    """A Ghost Knight moved one space (no action, two spaces a turn at most)."""

    source: str
    to: str


@fact
class HazardKnockedBack(Event):
    """A hazard tile that can be knocked back moved one space towards `direction`."""

    kind: str
    source: str
    to: str
    direction: str


@fact
class HazardStopped(Event):
    """A knockback did not move the hazard tile: `why` says what stopped it."""

    kind: str
    square: str
    why: str


@fact
class QuestionAsked(Event):
    """Resolution waits for `team` to choose (`kind`) among `choices`; `rest` is what
    remains to resolve afterwards."""

    team: str
    kind: str
    hero: str
    choices: tuple[str, ...]
    rest: tuple


@fact
class QuestionAnswered(Event):
    """The asked team chose `choice`; resolution goes on."""

    team: str
    choice: str


@fact
class RelicPlayed(Event):
    """A team played a relic card from its hand on `target` ("" for none); it goes to
    the discards unless it stays in play until it triggers (`kept`)."""

    team: str
    card: str
    target: tuple[str, ...]
    kept: bool


@fact
class WardRaised(Event):
    """A "next time" card waits in play over a hero."""

    hero: str
    card: str


@fact
class DamagePrevented(Event):
    """The ward over a hero took the damage instead; its card is discarded."""

    hero: str
    card: str
    amount: int


@fact
class MovementGranted(Event):
    """A hero gets extra spaces with their Move action this turn."""

    hero: str
    spaces: int


@fact
class HeroGrounded(Event):
    """A hero cannot take the Move action this turn."""

    hero: str


@fact
class HeroRevived(Event):
    """A dead hero came back to the board with `health`."""

    hero: str
    square: str
    facing: str
    health: int


@fact
class HellFireCalled(Event):
    """Hell Fire will burst out on `squares` at the end of the opponent's next turn."""

    team: str
    squares: tuple[str, ...]
    turns: int


@fact
class HellFireLit(Event):
    """Called Hell Fire burst out (the fires follow as HazardPlaced)."""

    team: str
    squares: tuple[str, ...]


@fact
class RelicStolen(Event):
    """A relic card went from one team's hand to the other's (hidden from spectators)."""

    reveals = True
    team: str
    victim: str
    card: str


@fact
class EffectDeclared(Event):
    """An ability, artifact or relic was declared and waits on the effect stack;
    `steps` are its effects as declared, and `awaiting` the team that may
    respond now ("" when no one can: the stack resolves at once)."""

    team: str
    source: str
    what: str
    target: tuple[str, ...]
    steps: tuple
    awaiting: str


@fact
class ResponsePassed(Event):
    """The team that could respond declined: the stack resolves, last declared first."""

    team: str


@fact
class EffectResolved(Event):
    """The top of the effect stack resolves now (its facts follow)."""

    team: str
    source: str
    what: str


@fact
class ActionsEnded(Event):
    """The team declared the end of its actions; before phase 4 the "End of..."
    cards may be played, first by `window`'s team.  `discard` are the relic
    cards it named for phase 4."""

    team: str
    discard: tuple[str, ...]
    window: str


@fact
class EndWindowPassed(Event):
    """A team is done with its "End of..." cards; `window` is the next team to
    have its chance ("" when phase 4 follows)."""

    team: str
    window: str


@fact
class RelicsDiscarded(Event):
    """A team discarded relic cards from its hand at the end of its actions (phase 4)."""

    team: str
    cards: tuple[str, ...]


@fact
class TurnEnded(Event):
    """A team's turn is over, end-of-turn effects included."""

    team: str


@fact
class GameWon(Event):
    """Both enemy heroes are dead."""

    team: str


@fact
class GameDrawn(Event):
    """The last heroes of both teams died in the same resolution."""

    why: str


EVENTS = event_registry(
    GameConfigured, BoardLaidOut, HeroSheetsListed, ArtifactsListed, RelicsListed,
    StartingTeamChosen, RelicDeckShuffled, DraftStacksDealt, DraftStackOpened, RelicDrafted,
    HeroChosen, HealthSet, HeroPlaced, ArtifactChosen,
    HazardPlaced, TurnBegan, CooldownAdvanced, ArtifactFlippedUp, RelicsDrawn,
    RelicDeckReshuffled, MoveActionTaken, HeroMoved, HeroTurned, BleedRemoved, NooseRemoved,
    HeroUnburied, AbilityUsed, ArtifactUsed, ArtifactFlippedDown, DamageTaken, HeroHealed,
    KnockedBack, KnockbackStopped, HeroDisplaced, HeroTravelled, BleedTaken, HeroHung,
    HeroBuried, HeroDied, HazardRemoved, HazardTokenRemoved, HeroJumped, JumpCutShort, KnightMoved,
    HazardKnockedBack, HazardStopped, RelicPlayed, WardRaised, DamagePrevented, MovementGranted,
    HeroGrounded, HeroRevived, HellFireCalled, HellFireLit, RelicStolen, EffectDeclared, ResponsePassed,
    EffectResolved, ActionsEnded, EndWindowPassed, QuestionAsked, QuestionAnswered, RelicsDiscarded, TurnEnded,
    GameWon, GameDrawn,
)
