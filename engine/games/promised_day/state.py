"""The state of a game of The Promised Day and `evolve`, the fold of its facts.

`evolve` holds no rules: every fact already says what happened.  Dicts are
copied shallowly per change; static board data comes from `BoardLaid`.
Decks and hands are the kit's `Deck` and `Hand`: a character's deck keeps
its discards, the Mannequin Soldier deck its flipped cards, the bonus deck
its resolved cards and the Homunculus cards (face down above their rounds,
the next round's on top) those already revealed.

A fact that draws, flips or reveals a card names it, and the fold takes
exactly that card: it must be the one on top (the one above the round, for
a Homunculus card), or the fact does not fit the game and the fold refuses
it (`ValueError`), so a record cannot draw one card while saying another.
"""

from __future__ import annotations

from dataclasses import field

from engine.core.events import Folds, evolved
from engine.core.frozen import frozen_dataclass
from engine.kit.deck import Deck, Hand

from . import events as ev

# Phases of a game.
SETUP, START, HOMUNCULUS, PLAYERS, OVER = "setup", "start", "homunculus", "players", "over"
DAMAGE_TRACK, STOCK = "damage-track", "stock"

SOLDIER_DECK = "Mannequin Soldier deck"
BONUS_DECK = "Transmutation Bonus deck"
HOMUNCULUS_CARDS = "Homunculus cards of the Round Board"


@frozen_dataclass
class Boss:
    name: str
    space: str
    life: int
    ability: str


@frozen_dataclass
class Game:
    phase: str = SETUP
    players: int = 0
    actions_per_turn: int = 0
    round_limit: int = 7
    plus_two_from: int = 4
    track_size: int = 7
    difficulty: str = ""
    empty_stock: str = "at-once"
    # the board (static, from BoardLaid)
    areas: dict[int, tuple[str, ...]] = field(default_factory=dict)   # innermost first
    spots: dict[str, int] = field(default_factory=dict)
    area_of: dict[str, int] = field(default_factory=dict)
    lines: tuple[tuple[str, str], ...] = ()
    positions: dict[str, tuple[float, float]] = field(default_factory=dict)  # for pictures
    # tiles and Transmutation Circle spaces
    tiles: dict[int, tuple[str, str, bool]] = field(default_factory=dict)  # area: (tile, kind, face up)
    circles: dict[int, tuple[str, ...]] = field(default_factory=dict)      # area: cards played
    # characters
    characters: tuple[str, ...] = ()                # seat order (clockwise)
    seat_of: dict[str, str] = field(default_factory=dict)
    summary: dict[str, tuple[str, int, int, str, str]] = field(default_factory=dict)
    life: dict[str, int] = field(default_factory=dict)
    position: dict[str, str] = field(default_factory=dict)
    decks: dict[str, Deck] = field(default_factory=dict)    # hidden order; discards are open
    hands: dict[str, Hand] = field(default_factory=dict)    # hidden from the other seats
    cards: dict[str, tuple[str, int, int, str]] = field(default_factory=dict)  # colour, dmg, rng, icon
    # enemies
    soldiers: dict[str, int] = field(default_factory=dict)
    stock: int = 0
    damage_track: int = 0
    bosses: dict[str, Boss] = field(default_factory=dict)
    boss_info: dict[str, tuple[str, str, int, str]] = field(default_factory=dict)  # name, space..
    defeated: tuple[str, ...] = ()
    soldier_cards: Deck = Deck(name=SOLDIER_DECK)       # (id, place); hidden order, flipped open
    homunculus: Deck = Deck(name=HOMUNCULUS_CARDS)     # (round, id, kind, what, march, soldiers)
    revealed: tuple | None = None                      # this round's Homunculus card
    # Transmutation Bonus cards
    bonus_names: dict[str, tuple[str, str]] = field(default_factory=dict)  # id: (name, effect)
    bonus: Deck = Deck(name=BONUS_DECK)                # hidden order; resolved cards discarded
    bonus_offer: tuple[str, ...] = ()                  # face up on the Round Board
    companions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # rounds and turns
    round: int = 0
    start: str = ""                                    # holder of the Start Player marker
    order: tuple[str, ...] = ()
    current: str = ""
    moved: bool = False                                # basic movement done
    actions_left: int = 0
    step: str = ""                                     # Homunculus step in progress
    pending: tuple[str, int] | None = None             # (question kind, left)
    result: str | None = None

    def soldiers_in(self, space: str) -> int:
        return self.soldiers.get(space, 0)

    def bosses_in(self, space: str) -> tuple[str, ...]:
        return tuple(sorted(b for b, boss in self.bosses.items() if boss.space == space))

    def free_spots(self, space: str) -> int:
        return self.spots[space] - self.soldiers_in(space) - len(self.bosses_in(space))

    def has_enemy(self, space: str) -> bool:
        return self.soldiers_in(space) > 0 or bool(self.bosses_in(space))


def initial_state() -> Game:
    return Game()


_folds = Folds("promised_day")


def evolve(state: Game, event) -> Game:
    """Apply one fact (no rules, no dice): the fold registered for its class."""
    return _folds.evolve(state, event)


def _set(mapping: dict, key, value) -> dict:
    return {**mapping, key: value}


def take_top(deck: Deck, named: tuple) -> tuple[tuple, Deck]:
    """The cards a fact names, which must be the top of `deck`, and the deck without them."""
    drawn, rest = deck.draw(len(named))
    if drawn != named:
        raise ValueError(f"the fact names {list(named)} but the top of the {deck.name} "
                         f"is {list(drawn)}")
    return drawn, rest


@_folds(ev.GameConfigured)
def _(s: Game, e: ev.GameConfigured) -> Game:
    return evolved(s, phase=START, players=e.players, actions_per_turn=e.actions, round_limit=e.rounds,
                   plus_two_from=e.plus_two_from, track_size=e.damage_track, stock=e.stock,
                   difficulty=e.difficulty, empty_stock=e.empty_stock)


@_folds(ev.BoardLaid)
def _(s: Game, e: ev.BoardLaid) -> Game:
    areas = {n: tuple(space for space, _ in spaces) for n, spaces in e.areas}
    spots = {space: spots for _, spaces in e.areas for space, spots in spaces}
    area_of = {space: n for n, spaces in areas.items() for space in spaces}
    return evolved(s, areas=areas, spots=spots, area_of=area_of, lines=e.lines,
                   positions={space: (x, y) for space, x, y in e.positions},
                   circles={n: () for n in areas})


@_folds(ev.TilesPlaced)
def _(s: Game, e: ev.TilesPlaced) -> Game:
    return evolved(s, tiles={area: (tile, kind, True) for area, tile, kind in e.tiles})


@_folds(ev.CharacterChosen)
def _(s: Game, e: ev.CharacterChosen) -> Game:
    c = e.character
    return evolved(s, characters=s.characters + (c,), seat_of=_set(s.seat_of, c, e.seat),
                   summary=_set(s.summary, c, (e.name, e.move, e.life, e.special, e.effect)),
                   life=_set(s.life, c, e.life), hands=_set(s.hands, c, Hand()),
                   companions=_set(s.companions, c, ()))


@_folds(ev.CharacterDeckShuffled)
def _(s: Game, e: ev.CharacterDeckShuffled) -> Game:
    cards = dict(s.cards)
    for card, colour, damage, rng, icon in e.cards:
        cards[card] = (colour, damage, rng, icon)
    deck = Deck(tuple(c[0] for c in e.cards), name=f"deck of {e.character}")
    return evolved(s, cards=cards, decks=_set(s.decks, e.character, deck))


@_folds(ev.CardsDrawn)
def _(s: Game, e: ev.CardsDrawn) -> Game:
    c = e.character
    drawn, deck = take_top(s.decks[c], e.cards)
    return evolved(s, decks=_set(s.decks, c, deck), hands=_set(s.hands, c, s.hands[c].add(drawn)))


@_folds(ev.CompanionCardsTaken)
def _(s: Game, e: ev.CompanionCardsTaken) -> Game:
    names = dict(s.bonus_names)
    for card, name, effect in e.cards:
        names[card] = (name, effect)
    return evolved(s, bonus_names=names,
                   companions=_set(s.companions, e.character, tuple(c[0] for c in e.cards)))


@_folds(ev.BonusDeckShuffled)
def _(s: Game, e: ev.BonusDeckShuffled) -> Game:
    names = dict(s.bonus_names)
    for card, name, effect in e.cards:
        names[card] = (name, effect)
    return evolved(s, bonus_names=names, bonus=Deck(tuple(c[0] for c in e.cards), name=BONUS_DECK))


@_folds(ev.BonusRevealed)
def _(s: Game, e: ev.BonusRevealed) -> Game:
    drawn, deck = take_top(s.bonus, (e.card,))
    return evolved(s, bonus=deck, bonus_offer=s.bonus_offer + drawn)


@_folds(ev.HomunculusCardsDealt)
def _(s: Game, e: ev.HomunculusCardsDealt) -> Game:
    return evolved(s, homunculus=Deck(e.cards, name=HOMUNCULUS_CARDS))


@_folds(ev.SoldierDeckShuffled)
def _(s: Game, e: ev.SoldierDeckShuffled) -> Game:
    return evolved(s, soldier_cards=Deck(e.cards, name=SOLDIER_DECK))


@_folds(ev.BossesListed)
def _(s: Game, e: ev.BossesListed) -> Game:
    return evolved(s, boss_info={b: (name, space, life, ability)
                                 for b, name, space, life, ability in e.bosses})


@_folds(ev.BossArrived)
def _(s: Game, e: ev.BossArrived) -> Game:
    return evolved(s, bosses=_set(s.bosses, e.boss, Boss(e.name, e.space, e.life, e.ability)))


@_folds(ev.SoldierCardFlipped)
def _(s: Game, e: ev.SoldierCardFlipped) -> Game:
    drawn, deck = take_top(s.soldier_cards, ((e.card, e.place),))
    return evolved(s, soldier_cards=deck.discard(drawn))


@_folds(ev.SoldierMoved)
def _(s: Game, e: ev.SoldierMoved) -> Game:
    soldiers, stock, track = dict(s.soldiers), s.stock, s.damage_track
    for where, delta in ((e.source, -1), (e.target, 1)):
        if where == STOCK:
            stock += delta
        elif where == DAMAGE_TRACK:
            track += delta
        else:
            soldiers[where] = soldiers.get(where, 0) + delta
            if not soldiers[where]:
                del soldiers[where]
    return evolved(s, soldiers=soldiers, stock=stock, damage_track=track)


@_folds(ev.CharacterPlaced)
def _(s: Game, e: ev.CharacterPlaced) -> Game:
    return evolved(s, position=_set(s.position, e.character, e.space))


@_folds(ev.CharacterMoved)
def _(s: Game, e: ev.CharacterMoved) -> Game:
    return evolved(s, position=_set(s.position, e.character, e.target))


@_folds(ev.CharacterDamaged)
def _(s: Game, e: ev.CharacterDamaged) -> Game:
    return evolved(s, life=_set(s.life, e.character, e.life))


@_folds(ev.CharacterHealed)
def _(s: Game, e: ev.CharacterHealed) -> Game:
    return evolved(s, life=_set(s.life, e.character, e.life))


@_folds(ev.BossDamaged)
def _(s: Game, e: ev.BossDamaged) -> Game:
    boss = s.bosses[e.boss]
    return evolved(s, bosses=_set(s.bosses, e.boss, Boss(boss.name, boss.space, e.life,
                                                         boss.ability)))


@_folds(ev.BossDefeated)
def _(s: Game, e: ev.BossDefeated) -> Game:
    bosses = dict(s.bosses)
    del bosses[e.boss]
    return evolved(s, bosses=bosses, defeated=s.defeated + (e.boss,))


@_folds(ev.RoundBegan)
def _(s: Game, e: ev.RoundBegan) -> Game:
    return evolved(s, round=e.round, order=e.order, start=e.order[0], revealed=None)


@_folds(ev.HomunculusTurnBegan)
def _(s: Game, e: ev.HomunculusTurnBegan) -> Game:
    return evolved(s, phase=HOMUNCULUS, step="", current="")


@_folds(ev.HomunculusStepBegan)
def _(s: Game, e: ev.HomunculusStepBegan) -> Game:
    return evolved(s, step=e.step)


@_folds(ev.BossAbilityActivated)
def _(s: Game, e: ev.BossAbilityActivated) -> Game:
    return s


@_folds(ev.HomunculusCardRevealed)
def _(s: Game, e: ev.HomunculusCardRevealed) -> Game:
    """The card above the fact's round, which must be the card the fact shows."""
    card = next((c for c in s.homunculus.cards if c[0] == e.round), None)
    said = (e.round, e.card, e.kind, e.what, e.march, e.soldiers)
    if card != said:
        raise ValueError(f"the fact reveals {list(said)} but the Homunculus card above round "
                         f"{e.round} is {list(card) if card else 'none'}")
    return evolved(s, revealed=card, homunculus=s.homunculus.remove(card).discard((card,)))


@_folds(ev.AreaMarched)
def _(s: Game, e: ev.AreaMarched) -> Game:
    return s


@_folds(ev.QuestionAsked)
def _(s: Game, e: ev.QuestionAsked) -> Game:
    return evolved(s, pending=(e.kind, e.left))


@_folds(ev.QuestionAnswered)
def _(s: Game, e: ev.QuestionAnswered) -> Game:
    return evolved(s, pending=(e.kind, e.left) if e.left else None)


@_folds(ev.TurnBegan)
def _(s: Game, e: ev.TurnBegan) -> Game:
    return evolved(s, phase=PLAYERS, current=e.character, moved=False, actions_left=e.actions,
                   step="")


@_folds(ev.ActionsBegan)
def _(s: Game, e: ev.ActionsBegan) -> Game:
    return evolved(s, moved=True)


@_folds(ev.ActionTaken)
def _(s: Game, e: ev.ActionTaken) -> Game:
    return evolved(s, actions_left=e.left)


@_folds(ev.CardPlayed)
def _(s: Game, e: ev.CardPlayed) -> Game:
    return evolved(s, hands=_set(s.hands, e.character, s.hands[e.character].play(e.card)),
                   circles=_set(s.circles, e.area, s.circles[e.area] + (e.card,)))


@_folds(ev.CardDiscarded)
def _(s: Game, e: ev.CardDiscarded) -> Game:
    c = e.character
    return evolved(s, hands=_set(s.hands, c, s.hands[c].play(e.card)),
                   decks=_set(s.decks, c, s.decks[c].discard((e.card,))))


@_folds(ev.TileFlipped)
def _(s: Game, e: ev.TileFlipped) -> Game:
    tile, kind, _ = s.tiles[e.area]
    return evolved(s, tiles=_set(s.tiles, e.area, (tile, kind, False)))


@_folds(ev.BonusChosen)
def _(s: Game, e: ev.BonusChosen) -> Game:
    if e.card in s.bonus_offer:
        return evolved(s, bonus_offer=tuple(c for c in s.bonus_offer if c != e.card))
    companions = {c: tuple(b for b in cards if b != e.card) for c, cards in s.companions.items()}
    return evolved(s, companions=companions)


@_folds(ev.BonusDiscarded)
def _(s: Game, e: ev.BonusDiscarded) -> Game:
    return evolved(s, bonus=s.bonus.discard((e.card,)))


@_folds(ev.BonusPlacedInCircle)
def _(s: Game, e: ev.BonusPlacedInCircle) -> Game:
    return evolved(s, circles=_set(s.circles, e.area, s.circles[e.area] + (e.card,)))


@_folds(ev.TurnEnded)
def _(s: Game, e: ev.TurnEnded) -> Game:
    return evolved(s, actions_left=0)


@_folds(ev.StartPlayerPassed)
def _(s: Game, e: ev.StartPlayerPassed) -> Game:
    return evolved(s, start=e.character)


@_folds(ev.RoundEnded)
def _(s: Game, e: ev.RoundEnded) -> Game:
    return evolved(s, current="")


@_folds(ev.GameWon)
def _(s: Game, e: ev.GameWon) -> Game:
    return evolved(s, phase=OVER, result=f"victory: {e.reason}", pending=None)


@_folds(ev.GameLost)
def _(s: Game, e: ev.GameLost) -> Game:
    return evolved(s, phase=OVER, result=f"defeat: {e.reason}", pending=None)
