"""The state of a game of Brutality and `evolve`, the fold of its facts.

`evolve` holds no rules: every event already says what happened.  The
effect stack is the core's `EffectStack`: an effect declared is pushed,
one resolved is popped ("Simultaneous Effects").

Seats: two players (a team each), or four (a team of two, one hero each,
"north-1", "north-2", ...).  The rules work by team; `team_of` and
`team_seats` turn seats into teams and back at the edge.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.core.events import Folds, evolved
from engine.core.frozen import frozen_dataclass
from engine.core.prompts import EffectStack
from engine.kit.deck import Deck, Hand

from . import content
from . import events as ev

# Phases of the game: the setup choices in order, then the team turns.
CHOOSE_HEROES, PLACE_HEROES = "choose-heroes", "place-heroes"
CHOOSE_ARTIFACTS, PLACE_HAZARDS = "choose-artifacts", "place-hazards"
SETUP_PHASES = ("draft", CHOOSE_HEROES, PLACE_HEROES, CHOOSE_ARTIFACTS, PLACE_HAZARDS)
ACTIONS, OVER = "actions", "over"
DRAFT = "draft"    # Controlled Chaos, before the heroes are chosen
SHARED = "shared"  # the one relic pile of the standard game
TEAMS = ("north", "south")
HEROES_PER_TEAM = 2
HAND_LIMIT = 3  # "Relic Cards": a team holds three relic cards at most
COOLDOWN = 3    # "Cooldown": a used artifact's token starts on the "3" skull


def relic_deck(pile: str, order) -> Deck:
    """A relic draw pile in this order, top first, with no discards."""
    return Deck(tuple(order), name=f"{pile} relic deck")


def other(team: str) -> str:
    return TEAMS[1 - TEAMS.index(team)]


def team_of(seat: str | None) -> str | None:
    """The team a seat plays for ("north-2" -> "north")."""
    return seat if not seat else seat.split("-")[0]


def same_side(seat: str | None, other: str | None) -> bool:
    """Do two seats play for the same team?  With four players "north-1" and
    "north-2" share the team's relic hand, so a secret command of one (the cards
    named for phase 4) is shown to the other (the game contract's `same_side`)."""
    return team_of(seat) in TEAMS and team_of(seat) == team_of(other)


@frozen_dataclass
class Hero:
    """One hero in play.  `square` is the leftmost space the miniature covers;
    while buried it is the gravestone's space, and None once dead."""

    id: str
    team: str
    health: int
    square: str | None = None
    facing: str = "S"
    bleed: int = 0
    hung: bool = False
    buried: bool = False
    artifact: str | None = None
    cooldown: int = 0  # 0: face up; 3, 2, 1: face down, the token on that skull
    dead: bool = False

    @property
    def on_board(self) -> bool:
        return self.square is not None and not self.buried and not self.dead


@frozen_dataclass
class Hazard:
    """A hazard tile: `tokens` is the number of turns left for a timed one (0: permanent)."""

    kind: str
    team: str = ""
    tokens: int = 0
    owner: str = ""  # the hero who placed it (Ghost Knights leave with the Conjurer)
    moved: int = 0   # spaces a Ghost Knight has moved this turn


@frozen_dataclass
class Battle:
    phase: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    board: dict[str, Any] = field(default_factory=dict)
    sheets: dict[str, Any] = field(default_factory=dict)      # hero sheets by id
    artifact_cards: dict[str, Any] = field(default_factory=dict)
    relic_cards: dict[str, Any] = field(default_factory=dict)
    start_team: str = ""
    heroes: dict[str, Hero] = field(default_factory=dict)     # in the order chosen
    hazards: dict[str, Hazard] = field(default_factory=dict)  # by space
    turn: int = 0
    active: str = ""
    acted: dict[str, tuple[str, ...]] = field(default_factory=dict)  # actions used this turn
    movement: dict[str, int] = field(default_factory=dict)     # movement left this turn
    # The relic piles (the shared one, or each team's drafted one): the order of
    # a draw pile is hidden, its discards are public.
    relic_decks: dict[str, Deck] = field(default_factory=dict)
    draft_stacks: dict[str, tuple[str, ...]] = field(default_factory=dict)    # Controlled Chaos
    draft_open: str = ""                                       # the relic type being drafted
    drafted: dict[str, tuple[str, ...]] = field(default_factory=dict)
    hands: dict[str, Hand] = field(default_factory=dict)       # each team's relic cards
    wards: dict[str, str] = field(default_factory=dict)        # hero -> "next time" card
    haste: dict[str, int] = field(default_factory=dict)        # extra movement this turn
    grounded: tuple[str, ...] = ()                             # no Move action this turn
    hell_fire: tuple[tuple, ...] = ()                          # (team, squares, turns) called
    pushes: tuple[tuple[str, str, str], ...] = ()  # (hero, from, to) forced moves of the
    # latest action or declared effect (cleared when the next one starts), for the picture
    stack: EffectStack = EffectStack()  # of (team, source, what, steps)
    responder: str = ""            # the team that may respond to the stack now
    closing: tuple[str, ...] | None = None  # actions ended: the discards named for phase 4
    window: str = ""               # the team whose "End of..." window is open
    question: tuple | None = None  # (team, kind, hero, choices)
    rest: tuple = ()               # effects left to resolve once the question is answered
    asked_rule: str = ""           # the rule that asked the question
    winner: str | None = None

    def pile(self, team: str) -> str:
        """The relic pile a team draws from: the shared one, or its own drafted deck."""
        return team if self.drafted else SHARED

    def owner_pile(self, card: str) -> str:
        """The pile a card is discarded to: in Controlled Chaos, its drafter's
        (a stolen card goes back to its owner's discards)."""
        return next((t for t, cards in self.drafted.items() if card in cards), SHARED)

    def discard(self, cards) -> dict[str, Deck]:
        """The relic piles with `cards` discarded, each onto its owner's pile."""
        piles = dict(self.relic_decks)
        for card in cards:
            pile = self.owner_pile(card)
            piles[pile] = piles.get(pile, relic_deck(pile, ())).discard((card,))
        return piles

    def hand(self, team: str) -> tuple[str, ...]:
        """The relic cards `team` holds, in the order they came."""
        held = self.hands.get(team)
        return () if held is None else held.cards

    def held(self, team: str) -> Hand:
        """`team`'s relic hand (three cards at most: "Relic Cards")."""
        return self.hands.get(team) or Hand(limit=HAND_LIMIT)

    def team_heroes(self, team: str) -> list[Hero]:
        return [h for h in self.heroes.values() if h.team == team]

    def alive(self, team: str) -> list[Hero]:
        return [h for h in self.heroes.values() if h.team == team and not h.dead]

    def team_seats(self, team: str) -> tuple[str, ...]:
        """The seats that play for `team`: its own, or with four players its two."""
        return (f"{team}-1", f"{team}-2") if self.options.get("players") == 4 else (team,)


def initial_state() -> Battle:
    return Battle()


_folds = Folds("brutality")


def evolve(state: Battle, event) -> Battle:
    """Apply one fact (no rules, no dice): the fold registered for its class."""
    return _folds.evolve(state, event)


def _hero(state: Battle, hero_id: str, **changes: Any) -> Battle:
    heroes = dict(state.heroes)
    heroes[hero_id] = evolved(heroes[hero_id], **changes)
    return evolved(state, heroes=heroes)


# ---- setup ---------------------------------------------------------------------------------
@_folds(ev.GameConfigured)
def _(state, e):
    phase = DRAFT if e.options.get("relics") == "draft" else CHOOSE_HEROES
    return evolved(state, options=dict(e.options), phase=phase)


@_folds(ev.BoardLaidOut)
def _(state, e):
    # A board is one of the content's sides, as laid out: everything drawn
    # or searched is sized by it, so a record naming another size is not a
    # game of ours and does not fold (issue #25: nothing sized without a bound).
    known = content.boards().get(e.board)
    if known is None or (known["width"], known["height"]) != (e.width, e.height):
        raise ValueError(f"BoardLaidOut: {str(e.board)[:30]!r} of {str(e.width)[:12]} x {str(e.height)[:12]} "
                         f"squares is not a board of the game's content")
    board = {"id": e.board, "name": e.name, "width": e.width, "height": e.height,
             "starts": {team: tuple(sq) for team, sq in e.starts.items()}}
    hazards = {sq: Hazard("icicle-spikes") for sq in e.icicles}
    return evolved(state, board=board, hazards=hazards)


@_folds(ev.HeroSheetsListed)
def _(state, e):
    return evolved(state, sheets=e.heroes)


@_folds(ev.ArtifactsListed)
def _(state, e):
    return evolved(state, artifact_cards=e.artifacts)


@_folds(ev.RelicsListed)
def _(state, e):
    return evolved(state, relic_cards=e.relics)


@_folds(ev.StartingTeamChosen)
def _(state, e):
    return evolved(state, start_team=e.team)


@_folds(ev.RelicDeckShuffled)
def _(state, e):
    return evolved(state, relic_decks={**state.relic_decks, e.pile: relic_deck(e.pile, e.order)})


@_folds(ev.RelicDeckReshuffled)
def _(state, e):
    deck = state.relic_decks[e.pile].reshuffle(e.order)  # refused unless the same cards
    return evolved(state, relic_decks={**state.relic_decks, e.pile: deck})


@_folds(ev.DraftStacksDealt)
def _(state, e):
    return evolved(state, draft_stacks={t: tuple(c) for t, c in e.stacks.items()})


@_folds(ev.DraftStackOpened)
def _(state, e):
    return evolved(state, draft_open=e.relic_type)


@_folds(ev.RelicDrafted)
def _(state, e):
    stacks = dict(state.draft_stacks)
    left = list(stacks[state.draft_open])
    left.remove(e.card)
    stacks[state.draft_open] = tuple(left)
    drafted = {**state.drafted, e.team: state.drafted.get(e.team, ()) + (e.card,)}
    done = not left
    if done:
        del stacks[state.draft_open]
    phase = CHOOSE_HEROES if done and not stacks else state.phase
    return evolved(state, draft_stacks=stacks, drafted=drafted, phase=phase,
                   draft_open="" if done else state.draft_open)


@_folds(ev.HeroChosen)
def _(state, e):
    heroes = dict(state.heroes)
    heroes[e.hero] = Hero(e.hero, e.team, health=0)
    phase = PLACE_HEROES if len(heroes) == 2 * HEROES_PER_TEAM else state.phase
    return evolved(state, heroes=heroes, phase=phase)


@_folds(ev.HealthSet)
def _(state, e):
    return _hero(state, e.hero, health=e.health)


@_folds(ev.HeroPlaced)
def _(state, e):
    state = _hero(state, e.hero, square=e.square, facing=e.facing)
    if all(h.square for h in state.heroes.values()):
        state = evolved(state, phase=CHOOSE_ARTIFACTS)
    return state


@_folds(ev.ArtifactChosen)
def _(state, e):
    state = _hero(state, e.hero, artifact=e.artifact)
    if all(h.artifact for h in state.heroes.values()):
        state = evolved(state, phase=PLACE_HAZARDS)
    return state


@_folds(ev.HazardPlaced)
def _(state, e):
    hazards = dict(state.hazards)
    hazards[e.square] = Hazard(e.kind, e.team, e.tokens, e.owner)
    return evolved(state, hazards=hazards)


# ---- the team turn ---------------------------------------------------------------------------
@_folds(ev.TurnBegan)
def _(state, e):
    hazards = {sq: evolved(hz, moved=0) if hz.moved else hz for sq, hz in state.hazards.items()}
    return evolved(state, phase=ACTIONS, active=e.team, turn=e.turn, acted={}, movement={},
                   hazards=hazards, haste={}, grounded=(), pushes=(), closing=None, window="")


@_folds(ev.CooldownAdvanced)
def _(state, e):
    return _hero(state, e.hero, cooldown=e.cooldown)


@_folds(ev.ArtifactFlippedUp)
def _(state, e):
    return _hero(state, e.hero, cooldown=0)


@_folds(ev.RelicsDrawn)
def _(state, e):
    pile = state.pile(e.team)
    deck = state.relic_decks[pile]
    for card in e.cards:  # the fact names the cards (the top ones, as the rules drew them)
        deck = deck.remove(card)
    return evolved(state, relic_decks={**state.relic_decks, pile: deck},
                   hands={**state.hands, e.team: state.held(e.team).add(e.cards)})


@_folds(ev.MoveActionTaken)
def _(state, e):
    acted = dict(state.acted)
    acted[e.hero] = acted.get(e.hero, ()) + ("move",)
    movement = dict(state.movement)
    movement[e.hero] = e.spaces
    return evolved(state, acted=acted, movement=movement)


def _spend(state: Battle, hero: str, spaces: int = 1) -> Battle:
    if not spaces:
        return state
    movement = dict(state.movement)
    movement[hero] -= spaces
    return evolved(state, movement=movement)


@_folds(ev.HeroMoved)
def _(state, e):
    return _hero(_spend(evolved(state, pushes=()), e.hero), e.hero, square=e.to)


@_folds(ev.HeroTurned)
def _(state, e):
    return _hero(_spend(state, e.hero), e.hero, facing=e.facing)


@_folds(ev.BleedRemoved)
def _(state, e):
    return _hero(_spend(state, e.hero, e.spent), e.hero, bleed=e.bleed)


@_folds(ev.NooseRemoved)
def _(state, e):
    return _hero(_spend(state, e.hero, e.spent), e.hero, hung=False)


@_folds(ev.HeroUnburied)
def _(state, e):
    return _hero(_spend(state, e.hero), e.hero, buried=False, square=e.square)


@_folds(ev.AbilityUsed)
def _(state, e):
    state = evolved(state, pushes=())
    acted = dict(state.acted)
    acted[e.hero] = acted.get(e.hero, ()) + (e.ability,)
    return evolved(state, acted=acted)


@_folds(ev.ArtifactUsed)
def _(state, e):
    return evolved(state, pushes=())  # the flip that follows is the change


@_folds(ev.ArtifactFlippedDown)
def _(state, e):
    return _hero(state, e.hero, cooldown=e.cooldown)


@_folds(ev.DamageTaken)
@_folds(ev.HeroHealed)
def _(state, e):
    return _hero(state, e.hero, health=e.health)


@_folds(ev.KnockedBack)
@_folds(ev.HeroJumped)
@_folds(ev.HeroDisplaced)
def _(state, e):
    state = evolved(state, pushes=state.pushes + ((e.hero, e.source, e.to),))
    return _hero(state, e.hero, square=e.to)


@_folds(ev.HeroTravelled)
def _(state, e):
    return _hero(state, e.hero, square=e.to)


@_folds(ev.KnockbackStopped)
def _(state, e):
    return state


@_folds(ev.BleedTaken)
def _(state, e):
    return _hero(state, e.hero, bleed=e.bleed)


@_folds(ev.HeroHung)
def _(state, e):
    return _hero(state, e.hero, hung=True)


@_folds(ev.HeroBuried)
def _(state, e):
    return _hero(state, e.hero, buried=True, square=e.square)


@_folds(ev.HeroDied)
def _(state, e):
    state = _hero(state, e.hero, dead=True, square=None, buried=False, hung=False, bleed=0)
    if e.hero in state.wards:  # a ward over a dead hero has nothing left to guard
        wards = dict(state.wards)
        state = evolved(state, wards=wards, relic_decks=state.discard((wards.pop(e.hero),)))
    return state


@_folds(ev.HazardRemoved)
def _(state, e):
    hazards = dict(state.hazards)
    del hazards[e.square]
    return evolved(state, hazards=hazards)


@_folds(ev.HazardTokenRemoved)
def _(state, e):
    hazards = dict(state.hazards)
    hazards[e.square] = evolved(hazards[e.square], tokens=e.tokens)
    return evolved(state, hazards=hazards)


@_folds(ev.KnightMoved)
def _(state, e):
    state = evolved(state, pushes=())
    hazards = dict(state.hazards)
    knight = hazards.pop(e.source)
    hazards[e.to] = evolved(knight, moved=knight.moved + 1)
    return evolved(state, hazards=hazards)


@_folds(ev.HazardKnockedBack)
def _(state, e):
    hazards = dict(state.hazards)
    hazards[e.to] = hazards.pop(e.source)
    return evolved(state, hazards=hazards)


@_folds(ev.HazardStopped)
@_folds(ev.JumpCutShort)
def _(state, e):
    return state


@_folds(ev.QuestionAsked)
def _(state, e):
    return evolved(state, question=(e.team, e.kind, e.hero, tuple(e.choices)), rest=tuple(e.rest),
                   asked_rule=e.rule)


@_folds(ev.QuestionAnswered)
def _(state, e):
    return evolved(state, question=None, rest=(), asked_rule="")


@_folds(ev.RelicPlayed)
def _(state, e):
    state = evolved(state, pushes=())
    hands = {**state.hands, e.team: state.held(e.team).play(e.card)}
    decks = state.relic_decks if e.kept else state.discard((e.card,))
    return evolved(state, hands=hands, relic_decks=decks)


@_folds(ev.WardRaised)
def _(state, e):
    return evolved(state, wards={**state.wards, e.hero: e.card})


@_folds(ev.DamagePrevented)
def _(state, e):
    wards = dict(state.wards)
    del wards[e.hero]
    return evolved(state, wards=wards, relic_decks=state.discard((e.card,)))


@_folds(ev.MovementGranted)
def _(state, e):
    return evolved(state, haste={**state.haste, e.hero: state.haste.get(e.hero, 0) + e.spaces})


@_folds(ev.HeroGrounded)
def _(state, e):
    return evolved(state, grounded=state.grounded + (e.hero,))


@_folds(ev.HeroRevived)
def _(state, e):
    return _hero(state, e.hero, dead=False, square=e.square, facing=e.facing, health=e.health)


@_folds(ev.HellFireCalled)
def _(state, e):
    return evolved(state, hell_fire=state.hell_fire + ((e.team, tuple(e.squares), e.turns),))


@_folds(ev.HellFireLit)
def _(state, e):
    rest = tuple(h for h in state.hell_fire if (h[0], tuple(h[1])) != (e.team, tuple(e.squares)))
    return evolved(state, hell_fire=rest)


@_folds(ev.RelicStolen)
def _(state, e):
    hands = {**state.hands, e.victim: state.held(e.victim).play(e.card),
             e.team: state.held(e.team).add((e.card,))}
    return evolved(state, hands=hands)


@_folds(ev.EffectDeclared)
def _(state, e):
    entry = (e.team, e.source, e.what, tuple(e.steps))
    return evolved(state, stack=state.stack.push(entry), responder=e.awaiting)


@_folds(ev.ResponsePassed)
def _(state, e):
    return evolved(state, responder="", pushes=())


@_folds(ev.EffectResolved)
def _(state, e):
    return evolved(state, stack=state.stack.pop()[1], responder="")


@_folds(ev.ActionsEnded)
def _(state, e):
    return evolved(state, closing=tuple(e.discard), window=e.window)


@_folds(ev.EndWindowPassed)
def _(state, e):
    return evolved(state, window=e.window)


@_folds(ev.RelicsDiscarded)
def _(state, e):
    held = state.held(e.team)
    for card in e.cards:
        held = held.play(card)
    return evolved(state, hands={**state.hands, e.team: held}, relic_decks=state.discard(e.cards))


@_folds(ev.TurnEnded)
def _(state, e):
    return evolved(state, acted={}, movement={})


@_folds(ev.GameWon)
def _(state, e):
    return evolved(state, phase=OVER, winner=e.team)


@_folds(ev.GameDrawn)
def _(state, e):
    return evolved(state, phase=OVER, winner="draw")
