"""The state of a game of Anna's Roundtable and `evolve`, the fold of its facts.

`evolve` holds no rules: every event already says what happened.  Static
data (unit cards, the map) arrives in setup facts and stays as plain dicts.
What is derived from a state (who stands where, the terrain under DV Map
Tiles, the boss tile's corners) is `board.py`'s, memoised per state.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from engine.core.events import Folds, evolved
from engine.core.frozen import frozen_dataclass
from engine.kit.deck import Deck
from engine.kit.turns import Schedule

from . import events as ev
from .lines import describe

# Phases of a game.
SETUP, MULLIGAN, PLAY, OVER = "setup", "mulligan", "play", "over"
HAND_SIZE = 6
BOSS = "boss"  # Boss Mode: `active` while the boss takes its turn (the system seat's)


@frozen_dataclass
class Player:
    """One player's board and hand."""

    hand: tuple[str, ...] = ()          # unit cards (hidden from the others)
    shop_hand: tuple[str, ...] = ()     # bought shop cards and Anna's Cheer (hidden)
    coins: int = 0
    dv: int = 0
    vp_cards: tuple[int, ...] = ()
    vp_tokens: int = 0
    dv_tile: str | None = None          # the square of this player's DV Map Tile
    dv_side: str = "plains"
    mulliganed: bool = False
    # Per-turn counters, reset when this player's turn starts.
    deployed: bool = False
    hasted: bool = False                # the [Haste] deploy of this turn is used
    captured: bool = False
    discards: int = 0
    losses: int = 0                     # units lost this turn (for the 2-DV rule)

    @property
    def vp(self) -> int:
        return sum(self.vp_cards) + self.vp_tokens


@frozen_dataclass
class Unit:
    """A deployed unit: its card id is its id on the map."""

    card: str
    owner: str
    slot: str
    square: str
    damage: int = 0
    exhausted: bool = True
    shapestone: bool = False
    special: bool = False               # its Special Ability token
    haste: bool = False
    attachment: str | None = None       # the shop card beneath it


@frozen_dataclass
class Summon:
    """A minion or token the boss summoned (Boss Mode); its id names its type and number."""

    id: str
    type: str                           # the boss board's minion or token id
    kind: str                           # "minion" (a boss unit) or "token" (no unit)
    square: str
    damage: int = 0


@frozen_dataclass
class Buff:
    """A stat bonus that lasts "until your next turn": it ends when `seat`'s turn starts."""

    unit: str
    stat: str
    n: int
    source: str
    seat: str


@frozen_dataclass
class Table:
    phase: str = SETUP
    seats: tuple[str, ...] = ()
    end: str = "vp-deck"
    rounds: int = 0
    bump: str = "orthogonal"                                  # option bump: orthogonal or any
    map: str = ""
    terrain: dict[str, str] = field(default_factory=dict)
    zones: dict[str, tuple[str, ...]] = field(default_factory=dict)
    work_dv: tuple[str, ...] = ()
    work_coin: tuple[str, ...] = ()
    cards: dict[str, Any] = field(default_factory=dict)       # unit cards by id
    # The unit deck, top first (hidden), and the unit discard pile (face up).
    deck: Deck = field(default_factory=lambda: Deck(name="unit deck"))
    players: dict[str, Player] = field(default_factory=dict)
    units: dict[str, Unit] = field(default_factory=dict)
    vp_deck: tuple[int, ...] = ()
    shop_cards: dict[str, Any] = field(default_factory=dict)
    # Anna's Shop deck (hidden) and the shop cards used or discarded.
    shop_deck: Deck = field(default_factory=lambda: Deck(name="shop deck"))
    shop: tuple[str | None, ...] = (None, None, None)         # face down (hidden)
    active: str = ""
    turn: int = 0
    activating: str | None = None                             # unit mid-activation
    pending: tuple[str, str, str] | None = None               # attack awaiting reactions:
    #                                                           (attacker, defender, asked seat)
    bonus: dict[str, tuple] = field(default_factory=dict)     # unit -> ((stat, n, source), ...)
    # Boss Mode
    mode: str = "1v1"
    schedule: Schedule | None = None                          # P1 -> Boss -> P2 -> Boss ...
    boss_id: str = ""                                         # the boss board's id (option boss)
    boss: dict[str, Any] = field(default_factory=dict)        # the boss board and its cards
    boss_square: str = ""                                     # the tile's NW corner square
    rotation: int = 0                                         # quarter turns clockwise
    boss_damage: dict[str, int] = field(default_factory=dict)  # colour -> damage on that bar
    lives: int = 0
    boss_deck: Deck = field(default_factory=lambda: Deck(name="boss deck"))  # hidden order
    boss_card: str = ""                                       # the current boss card
    boss_step: str = ""                                       # where the boss turn stands
    boss_queue: tuple[str, ...] = ()                          # units the boss will attack, or
                                                              # that await its card's effect
    boss_target: tuple[str, str, int] | None = None           # (unit, corner colour, range)
    boss_turns: int = 0
    asker: str = ""                                           # answers the boss turn's questions
    summons: dict[str, Summon] = field(default_factory=dict)  # minions and tokens by id
    plan_delay: int = 0                                       # boss turns added to its plan
    guest: tuple[str, str] | None = None                      # (seat, unit) readied by an ally
    buffs: tuple[Buff, ...] = ()                              # bonuses until a seat's next turn
    boss_news: tuple[str, ...] = ()                           # what the latest boss turn did, a
    #                                                           line per fact (for the players)
    result: str | None = None

    @property
    def discards(self) -> tuple[str, ...]:
        """The unit discard pile, the oldest card first."""
        return tuple(reversed(self.deck.discards))

    @property
    def shop_discards(self) -> tuple[str, ...]:
        """The shop cards used or discarded, the oldest first."""
        return tuple(reversed(self.shop_deck.discards))

    @property
    def boss_discards(self) -> tuple[str, ...]:
        """The flipped boss cards, the oldest first (the card just flipped last)."""
        return tuple(reversed(self.boss_deck.discards))

    def player(self, seat: str) -> Player:
        return self.players[seat]

    def opponent(self, seat: str) -> str:
        return next(s for s in self.seats if s != seat)

    @property
    def plan_turns(self) -> int:
        """The boss turns after which the boss completes its plan (with delays)."""
        return self.boss.get("plan_turns", 0) + self.plan_delay

    @property
    def round(self) -> int:
        if self.schedule is not None:
            return self.schedule.round
        return (self.turn + 1) // 2

    def bar_left(self, colour: str) -> int:
        """Boss Mode: the HP left on the boss's `colour` bar."""
        return self.boss["hp"][colour] - self.boss_damage.get(colour, 0)


def initial_state() -> Table:
    return Table()


_folds = Folds("roundtable")


def _register(folds: dict) -> None:
    """Folds that are one expression, as a table: fact class (or classes) -> fold."""
    for classes, fold in folds.items():
        _folds(*(classes if isinstance(classes, tuple) else (classes,)))(fold)


def evolve(state: Table, event) -> Table:
    """Apply one fact (no rules, no dice): the fold registered for its class.  A fact of a
    boss turn under way is also told in the boss's news (`boss_news`, which the boss's next
    turn starts anew): the players read there what the boss did."""
    after = _folds.evolve(state, event)
    if state.active == BOSS and state.boss_step and type(event) not in UNTOLD:
        return evolved(after, boss_news=after.boss_news + (describe(event),))
    return after


# Facts of a boss turn left out of its news: a hidden order or hand (only a count could be
# told), the next boss card (the boss's board shows it), and the end of a combat or turn.
UNTOLD = frozenset({ev.UnitDeckShuffled, ev.DiscardsReshuffled, ev.ShopDeckShuffled, ev.BossDeckShuffled,
                    ev.BossDeckReshuffled, ev.CardsDealt, ev.CardsDrawn, ev.ShopCardBought,
                    ev.ShopCardDealt, ev.BossCardDrawn, ev.CombatEnded, ev.BossTurnEnded})


def _player(state: Table, seat: str, **changes) -> Table:
    players = dict(state.players)
    players[seat] = evolved(players[seat], **changes)
    return evolved(state, players=players)


def _unit(state: Table, unit: str, **changes) -> Table:
    units = dict(state.units)
    units[unit] = evolved(units[unit], **changes)
    return evolved(state, units=units)


def _summon(state: Table, summon: str, **changes) -> Table:
    summons = dict(state.summons)
    summons[summon] = evolved(summons[summon], **changes)
    return evolved(state, summons=summons)


def _drawn(deck: Deck, cards: tuple[str, ...]) -> Deck:
    """The deck without its top cards, which must be those the fact names: a fact naming
    other cards is refused rather than taking whatever lies on top."""
    drawn, rest = deck.draw(len(cards))
    if drawn != tuple(cards):
        raise ValueError(f"the fact draws {', '.join(cards)} from the {deck.name}, but its top "
                         f"is {', '.join(drawn)}")
    return rest


def _without_unit(state: Table, unit: str) -> Table:
    """The unit card and any attachment beneath it go to their discard piles."""
    units = dict(state.units)
    gone = units.pop(unit)
    shop_deck = state.shop_deck.discard((gone.attachment,)) if gone.attachment else state.shop_deck
    buffs = tuple(b for b in state.buffs if b.unit != unit) if state.buffs else ()
    return evolved(state, units=units, deck=state.deck.discard((unit,)), shop_deck=shop_deck, buffs=buffs)


# ---- setup ---------------------------------------------------------------------------------------
_register({
    ev.UnitCardsListed: lambda s, e: evolved(s, cards=e.cards),
    ev.UnitDeckShuffled: lambda s, e: evolved(s, deck=Deck(e.order, name="unit deck")),
    ev.CheerGiven: lambda s, e: _player(s, e.seat, shop_hand=s.player(e.seat).shop_hand + (e.card,)),
    ev.VictoryPointDeckSorted: lambda s, e: evolved(s, vp_deck=e.cards),
    # Every player holds a tile off the map until placed.
    ev.DragonVeinTilesGiven: lambda s, e: s,
    ev.ShopCardsListed: lambda s, e: evolved(s, shop_cards=e.cards),
    ev.ShopDeckShuffled: lambda s, e: evolved(s, shop_deck=Deck(e.order, name="shop deck")),
})


@_folds(ev.GameConfigured)
def _(s: Table, e: ev.GameConfigured) -> Table:
    return evolved(s, phase=MULLIGAN, seats=e.seats, mode=e.mode, end=e.end, rounds=e.rounds,
                   bump=e.bump, players={seat: Player() for seat in e.seats})


@_folds(ev.MapLaidOut)
def _(s: Table, e: ev.MapLaidOut) -> Table:
    return evolved(s, map=e.map, terrain=e.terrain, zones=e.zones, work_dv=e.work_dv,
                   work_coin=e.work_coin)


@_folds(ev.CardsDealt)
@_folds(ev.CardsDrawn)
def _(s: Table, e) -> Table:
    s = evolved(s, deck=_drawn(s.deck, e.cards))
    return _player(s, e.seat, hand=s.player(e.seat).hand + e.cards)


@_folds(ev.ShopCardDealt)
def _(s: Table, e: ev.ShopCardDealt) -> Table:
    shop = list(s.shop)
    shop[e.slot - 1] = e.card
    return evolved(s, shop=tuple(shop), shop_deck=_drawn(s.shop_deck, (e.card,)))


@_folds(ev.MulliganTaken)
def _(s: Table, e: ev.MulliganTaken) -> Table:
    p = s.player(e.seat)
    kept = list(p.hand)
    for card in e.discarded:
        kept.remove(card)
    s = evolved(s, deck=s.deck.discard(e.discarded))
    return _player(s, e.seat, hand=tuple(kept), mulliganed=True)


# ---- turns ---------------------------------------------------------------------------------------
def _next_slot(s: Table) -> Table:
    """Boss Mode: the schedule moves on one slot (not before the first turn)."""
    if s.schedule is None or s.turn == 0:
        return s
    return evolved(s, schedule=s.schedule.advance())


@_folds(ev.TurnStarted)
def _(s: Table, e: ev.TurnStarted) -> Table:
    s = _next_slot(s)
    s = evolved(s, phase=PLAY, active=e.seat, turn=e.turn, activating=None, guest=None)
    for seat in s.seats:  # "lost a unit this turn" counts within the turn now starting
        s = _player(s, seat, losses=0)
    return _player(s, e.seat, deployed=False, hasted=False, captured=False, discards=0)


_register({
    ev.CoinsGained: lambda s, e: _player(s, e.seat, coins=s.player(e.seat).coins + e.coins),
    ev.CoinsSpent: lambda s, e: _player(s, e.seat, coins=s.player(e.seat).coins - e.coins),
    ev.TurnEnded: lambda s, e: evolved(s, activating=None),
    ev.GameEnded: lambda s, e: evolved(s, phase=OVER, result=e.result, activating=None),
})


@_folds(ev.UnitsReadied)
def _(s: Table, e: ev.UnitsReadied) -> Table:
    for unit in e.units:
        s = _unit(s, unit, exhausted=False)
    return s


# ---- cards ---------------------------------------------------------------------------------------
@_folds(ev.DiscardsReshuffled)
def _(s: Table, e: ev.DiscardsReshuffled) -> Table:
    # The shuffled discard pile goes under what is left (cards.reshuffle).
    return evolved(s, deck=s.deck.reshuffle(s.deck.cards + e.order))


@_folds(ev.CardDiscarded)
def _(s: Table, e: ev.CardDiscarded) -> Table:
    p = s.player(e.seat)
    hand = list(p.hand)
    hand.remove(e.card)
    s = evolved(s, deck=s.deck.discard((e.card,)))
    return _player(s, e.seat, hand=tuple(hand), discards=p.discards + 1)


@_folds(ev.ShopCardBought)
def _(s: Table, e: ev.ShopCardBought) -> Table:
    shop = list(s.shop)
    shop[e.slot - 1] = None
    s = evolved(s, shop=tuple(shop))
    return _player(s, e.seat, shop_hand=s.player(e.seat).shop_hand + (e.card,))


# ---- units ---------------------------------------------------------------------------------------
@_folds(ev.UnitDeployed)
def _(s: Table, e: ev.UnitDeployed) -> Table:
    p = s.player(e.seat)
    hand = list(p.hand)
    hand.remove(e.card)
    units = dict(s.units)
    units[e.card] = Unit(card=e.card, owner=e.seat, slot=e.slot, square=e.square,
                         exhausted=e.exhausted, shapestone=e.shapestone, special=e.special,
                         haste=e.haste)
    s = evolved(s, units=units)
    return _player(s, e.seat, hand=tuple(hand), deployed=p.deployed or not e.haste,
                   hasted=p.hasted or e.haste)


_register({
    ev.GrayUnitShifted: lambda s, e: _unit(s, e.unit, slot=e.slot),
    ev.UnitActivated: lambda s, e: evolved(_unit(s, e.unit, exhausted=True), activating=e.unit),
    ev.ActivationEnded: lambda s, e: evolved(s, activating=None),
    # An audit step: nothing changes until a blow lands.
    (ev.CombatStarted, ev.BlowSkipped): lambda s, e: s,
    ev.ShapestoneDiscarded: lambda s, e: _unit(s, e.unit, shapestone=False),
    ev.UnitRetired: lambda s, e: _without_unit(s, e.unit),
    ev.DragonVeinGained: lambda s, e: _player(s, e.seat, dv=s.player(e.seat).dv + e.dv),
    ev.DragonVeinSpent: lambda s, e: _player(s, e.seat, dv=s.player(e.seat).dv - e.dv),
    ev.DragonVeinTilePlaced: lambda s, e: _player(s, e.seat, dv_tile=e.square, dv_side=e.side),
    ev.HitPointsRestored: lambda s, e: _unit(s, e.target, damage=s.units[e.target].damage - e.restored),
    ev.SpecialUsed: lambda s, e: _unit(s, e.unit, special=False),
    ev.AttackDeclared: lambda s, e: evolved(s, pending=(e.attacker, e.defender, e.seat)),
    ev.ReactionsDeclined: lambda s, e: evolved(s, pending=None),
    ev.CombatEnded: lambda s, e: evolved(s, pending=None, bonus={}, boss_target=None),
})


@_folds(ev.VictoryPointTokensGained)
def _(s: Table, e: ev.VictoryPointTokensGained) -> Table:
    return _player(s, e.seat, vp_tokens=s.player(e.seat).vp_tokens + e.tokens)


@_folds(ev.UnitMoved)
@_folds(ev.UnitBumped)
@_folds(ev.UnitPlaced)
def _(s: Table, e) -> Table:
    if e.unit in s.summons:  # a minion pushed by an effect
        return _summon(s, e.unit, square=e.to)
    return _unit(s, e.unit, square=e.to)


@_folds(ev.Struck)
@_folds(ev.DamageDealt)
def _(s: Table, e) -> Table:
    if e.target in s.summons:  # a minion
        return _summon(s, e.target, damage=s.summons[e.target].damage + e.damage)
    return _unit(s, e.target, damage=s.units[e.target].damage + e.damage)


@_folds(ev.UnitDefeated)
def _(s: Table, e: ev.UnitDefeated) -> Table:
    s = _without_unit(s, e.unit)
    return _player(s, e.owner, losses=s.player(e.owner).losses + 1)


@_folds(ev.CastleCaptured)
def _(s: Table, e: ev.CastleCaptured) -> Table:
    p = s.player(e.seat)
    if not s.vp_deck or s.vp_deck[0] != e.vp:
        raise ValueError(f"the fact takes a {e.vp} VP card, but the VP deck's top is "
                         f"{s.vp_deck[0] if s.vp_deck else 'no card (it is empty)'}")
    s = evolved(s, vp_deck=s.vp_deck[1:])
    return _player(s, e.seat, vp_cards=p.vp_cards + (e.vp,), captured=True)


@_folds(ev.CombatBonusGranted)
def _(s: Table, e: ev.CombatBonusGranted) -> Table:
    added = tuple((stat, n, e.source) for stat, n in e.bonuses)
    return evolved(s, bonus={**s.bonus, e.unit: s.bonus.get(e.unit, ()) + added})


def _played(s: Table, seat: str, card: str) -> Table:
    hand = list(s.player(seat).shop_hand)
    hand.remove(card)
    return _player(s, seat, shop_hand=tuple(hand))


@_folds(ev.ShopCardUsed)
def _(s: Table, e: ev.ShopCardUsed) -> Table:
    s = _played(s, e.seat, e.card)
    return evolved(s, shop_deck=s.shop_deck.discard((e.card,)))


@_folds(ev.AttachmentPlaced)
def _(s: Table, e: ev.AttachmentPlaced) -> Table:
    s = _played(s, e.seat, e.card)
    if e.replaced:
        s = evolved(s, shop_deck=s.shop_deck.discard((e.replaced,)))
    return _unit(s, e.unit, attachment=e.card)


# ---- Boss Mode -----------------------------------------------------------------------------------
_register({
    ev.BossTilePlaced: lambda s, e: evolved(s, boss_square=e.square),
    ev.BossDeckShuffled: lambda s, e: evolved(s, boss_deck=Deck(e.order, name="boss deck")),
    ev.BossCardDrawn: lambda s, e: evolved(s, boss_card=e.card, boss_deck=_drawn(s.boss_deck, (e.card,))),
    ev.BossMoved: lambda s, e: evolved(s, boss_square=e.to),
    ev.BossAttacksQueued: lambda s, e: evolved(s, boss_queue=e.units, boss_step="attack"),
    ev.BossEffectQueued: lambda s, e: evolved(s, boss_queue=e.units, boss_step="effect"),
    ev.BossLifeLost: lambda s, e: evolved(s, lives=e.lives, boss_damage={c: 0 for c in s.boss_damage}),
    ev.BossRotated: lambda s, e: evolved(s, rotation=e.rotation),
    ev.BossTurnEnded: lambda s, e: evolved(s, boss_step="", boss_turns=s.boss_turns + 1),
    ev.UnitRemoved: lambda s, e: _without_unit(s, e.unit),
    ev.MinionDefeated: lambda s, e: evolved(s, summons={k: v for k, v in s.summons.items() if k != e.summon}),
    ev.AllyInvited: lambda s, e: evolved(s, guest=(e.seat, e.unit)),
    ev.AllyActionEnded: lambda s, e: evolved(s, guest=None, activating=None),
    ev.BuffsExpired: lambda s, e: evolved(s, buffs=tuple(b for b in s.buffs if b.seat != e.seat)),
    ev.BossPlanDelayed: lambda s, e: evolved(s, plan_delay=s.plan_delay + e.turns),
})


@_folds(ev.BossChosen)
def _(s: Table, e: ev.BossChosen) -> Table:
    return evolved(s, boss_id=e.boss, boss=e.board, lives=e.lives, schedule=Schedule(e.schedule),
                   boss_damage={c: 0 for c in e.board["hp"]})


@_folds(ev.BossDeckReshuffled)
def _(s: Table, e: ev.BossDeckReshuffled) -> Table:
    return evolved(s, boss_deck=s.boss_deck.reshuffle(s.boss_deck.cards + e.order))


@_folds(ev.BossRolled)
def _(s: Table, e: ev.BossRolled) -> Table:
    # A move (or attacks queued) follows in the same step.
    return evolved(s, boss_step="card")


@_folds(ev.BossStruck)
def _(s: Table, e: ev.BossStruck) -> Table:
    return evolved(s, boss_damage={**s.boss_damage, e.colour: s.boss_damage[e.colour] + e.damage})


@_folds(ev.BossRestored)
def _(s: Table, e: ev.BossRestored) -> Table:
    return evolved(s, boss_damage={c: d - e.restored.get(c, 0) for c, d in s.boss_damage.items()})


@_folds(ev.BossCardFlipped)
def _(s: Table, e: ev.BossCardFlipped) -> Table:
    return evolved(s, boss_card="", boss_deck=s.boss_deck.discard((e.card,)), boss_step="rotate")


@_folds(ev.SummonRolled)
@_folds(ev.SummonLost)
@_folds(ev.PickpocketRolled)
def _(s: Table, e) -> Table:
    # Audit steps: what the dice said, or why nothing came of it.
    return s


@_folds(ev.SummonPlaced)
def _(s: Table, e: ev.SummonPlaced) -> Table:
    placed = Summon(id=e.summon, type=e.what, kind=e.kind, square=e.square)
    return evolved(s, summons={**s.summons, e.summon: placed})


@_folds(ev.SummonsCleared)
def _(s: Table, e: ev.SummonsCleared) -> Table:
    return evolved(s, summons={k: v for k, v in s.summons.items() if k not in e.summons})


@_folds(ev.BuffGranted)
def _(s: Table, e: ev.BuffGranted) -> Table:
    return evolved(s, buffs=s.buffs + tuple(Buff(unit=e.unit, stat=stat, n=n, source=e.source, seat=e.seat)
                                            for stat, n in e.bonuses))


@_folds(ev.BossTurnStarted)
def _(s: Table, e: ev.BossTurnStarted) -> Table:
    s = _next_slot(s)
    return evolved(s, active=BOSS, turn=e.turn, boss_step="start", asker=e.asker, activating=None,
                   boss_news=())


@_folds(ev.BossAttackChosen)
def _(s: Table, e: ev.BossAttackChosen) -> Table:
    queue = tuple(u for u in s.boss_queue if u != e.unit)
    return evolved(s, boss_queue=queue, boss_step="attack" if queue else "card",
                   boss_target=(e.unit, e.colour, e.distance))


@_folds(ev.BossEffectOrdered)
def _(s: Table, e: ev.BossEffectOrdered) -> Table:
    queue = tuple(u for u in s.boss_queue if u != e.unit)
    return evolved(s, boss_queue=queue, boss_step="effect" if queue else "rotate")


@_folds(ev.UnitsExhausted)
def _(s: Table, e: ev.UnitsExhausted) -> Table:
    for unit in e.units:
        s = _unit(s, unit, exhausted=True)
    return s


