"""The rules of Anna's Roundtable: options, setup, decide, legal commands.

Every check is a small guard raising `RuleViolation(rule id, plain words)`
with an id of `rulebook.py`; every fact carries the rule that produced it.
Movement is in `movement.py`, combat in `combat.py`, the assist tags in
`assists.py`, skill and card effects in `effects.py`; Boss Mode's boss turns
in `boss.py` and its summons in `summons.py`.
"""

from __future__ import annotations

from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from engine.core.commands import Command
from engine.core.context import SYSTEM, Context
from engine.core.errors import BadOptions, RuleViolation
from engine.core.events import Event
from engine.core.prompts import Prompt

from . import assists, boss, combat, content, effects, summons
from . import events as ev
from .boss import BOSS
from .commands import (
    Assist,
    Attack,
    BossAction,
    BossStep,
    Bump,
    Buy,
    Capture,
    Deploy,
    Discard,
    EndTurn,
    HastyDeploy,
    Hit,
    Move,
    Mulligan,
    Order,
    Pass,
    React,
    Retire,
    Shift,
    Special,
    Use,
    VeinMove,
    VeinRemove,
    VeinTile,
    Wait,
    Work,
)
from .content import BOARD, SLOTS
from .movement import distance, entry_refusal, orthogonal_neighbours, reachable
from .state import HAND_SIZE, MULLIGAN, PLAY, Table, Unit, derived, evolve

R = "roundtable."
SEATS = ("p1", "p2", "p3", "p4")  # p1 takes the first turn (the rulebook lets the table pick)
BOSS_SLOTS = ("1", "2")  # the Boss Mode side of a player board
ENDS = ("vp-deck", "rounds")
SIDES = ("plains", "ruins")
BUMPS = ("orthogonal", "any")  # option bump: the four orthogonal neighbours, or all eight
COST_BUMP, COST_HASTE, COST_RETIRE = 2, 3, 3
PICKPOCKET_ROLL = 4


# ---- options and setup ---------------------------------------------------------------------------
def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`mode` (1v1, or boss with 2-4 players: the default for 3 or 4 or with `boss`), `boss`, `map`,
    `first_game` (yes/no), `end` (vp-deck/rounds), `rounds` (0: no limit), `bump`
    (orthogonal/any)."""
    known = {"map", "first_game", "end", "rounds", "mode", "boss", "bump"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for roundtable (known: {', '.join(sorted(known))})")
    mode = raw.get("mode", "boss" if players in (3, 4) or "boss" in raw else "1v1")
    if mode not in ("1v1", "boss"):
        raise BadOptions(f"option mode={mode!r}: 1v1 or boss")
    if mode == "boss":
        return _boss_options(players, raw)
    if players not in (None, 2):
        raise BadOptions(f"--players: the 1 vs 1 game is for 2 players, not {players}")
    if raw.get("map") == "boss" or "boss" in raw:
        raise BadOptions("the boss and the Boss Mode map belong to mode=boss")
    chosen = raw.get("map", "default")
    if chosen not in content.maps():
        raise BadOptions(f"option map={chosen!r}: unknown (have: {', '.join(sorted(content.maps()))})")
    first = raw.get("first_game", "no")
    if first not in ("yes", "no"):
        raise BadOptions(f"option first_game={first!r}: yes or no")
    end = raw.get("end", "vp-deck")
    if end not in ENDS:
        raise BadOptions(f"option end={end!r}: one of {', '.join(ENDS)}")
    rounds = raw.get("rounds", "20")
    if not rounds.isdigit() or (end == "rounds" and int(rounds) == 0):
        raise BadOptions(f"option rounds={rounds!r}: a whole number (0: no limit; not 0 with end=rounds)")
    bump = raw.get("bump", "orthogonal")
    if bump not in BUMPS:
        raise BadOptions(f"option bump={bump!r}: one of {', '.join(BUMPS)}")
    return {"mode": mode, "map": chosen, "first_game": first == "yes", "end": end,
            "rounds": int(rounds), "players": 2, "bump": bump}


def _boss_options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    count = 2 if players is None else players
    if count not in (2, 3, 4):
        raise BadOptions(f"--players: Boss Mode is for 2 to 4 players, not {count}")
    extra = sorted(set(raw) & {"first_game", "end", "rounds", "bump"})
    if extra or raw.get("map", "boss") != "boss":
        raise BadOptions(f"option {(extra or ['map'])[0]!r} is for the 1 vs 1 game; Boss Mode plays on its flat map")
    chosen = raw.get("boss", "grima")
    if chosen not in content.bosses():
        raise BadOptions(f"option boss={chosen!r}: unknown (have: {', '.join(sorted(content.bosses()))})")
    return {"mode": "boss", "boss": chosen, "map": "boss", "players": count}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return SEATS[:opts.get("players", 2)]


def setup(opts: dict[str, Any], dice) -> list[Event]:
    """I. Game Setup, steps 1-7 (VIII. Boss Mode > Setup for a boss); the mulligans
    follow as commands."""
    if opts["mode"] == "boss":
        return _boss_setup(opts, dice)
    duel = SEATS[:2]
    board = content.maps()[opts["map"]]
    cards = content.units()
    deck = tuple(dice.shuffled(sorted(cards)))
    vp = content.vp_cards()
    if opts["first_game"]:
        vp = vp[:-2]
    shop_cards = content.shop_cards()
    shop_deck = tuple(dice.shuffled(sorted(shop_cards)))
    cheer = content.cheer()
    facts: list[Event] = [
        ev.GameConfigured(rule=R + "setup.players", seats=duel, mode="1v1", end=opts["end"],
                          rounds=opts["rounds"], bump=opts.get("bump", "orthogonal")),
        ev.MapLaidOut(rule=R + "setup.map", map=opts["map"], name=board["name"],
                      terrain=board["terrain"],
                      zones={seat: tuple(board["zones"][n]) for seat, n in zip(duel, "12", strict=True)},
                      work_dv=tuple(board["work_dv"]), work_coin=tuple(board["work_coin"])),
        ev.UnitCardsListed(rule=R + "setup.unit-deck", cards=cards),
        ev.UnitDeckShuffled(rule=R + "setup.unit-deck", order=deck),
    ]
    for i, seat in enumerate(duel):
        facts.append(ev.CardsDealt(rule=R + "setup.deal", seat=seat,
                                   cards=deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]))
    facts += [
        ev.CheerGiven(rule=R + "setup.cheer", seat=duel[1], card=cheer["id"], name=cheer["name"],
                      kind=cheer["kind"]),
        ev.VictoryPointDeckSorted(rule=R + ("setup.first-game" if opts["first_game"]
                                            else "setup.vp-deck"), cards=vp),
        ev.DragonVeinTilesGiven(rule=R + "setup.dv-tile", seats=duel),
        ev.ShopCardsListed(rule=R + "setup.shop", cards={**shop_cards, cheer["id"]: cheer}),
        ev.ShopDeckShuffled(rule=R + "setup.shop", order=shop_deck),
    ]
    facts += [ev.ShopCardDealt(rule=R + "setup.shop", slot=i + 1, card=card,
                               cost=shop_cards[card]["cost"]) for i, card in enumerate(shop_deck[:3])]
    return facts


def _boss_setup(opts: dict[str, Any], dice) -> list[Event]:
    """Boss Mode: no shop, coins, VP cards or DV Map Tiles; the hands as in 1 vs 1 (our
    reading: the rulebook's Boss Mode setup leaves them as they are)."""
    players = seats(opts)
    board = content.maps()["boss"]
    cards = content.units()
    deck = tuple(dice.shuffled(sorted(cards)))
    facts: list[Event] = [
        ev.GameConfigured(rule=R + "boss.setup", seats=players, mode="boss", end="boss", rounds=0),
        ev.MapLaidOut(rule=R + "boss.setup", map="boss", name=board["name"], terrain=board["terrain"],
                      zones={seat: tuple(board["zones"][str(i)]) for i, seat in enumerate(players, 1)},
                      work_dv=(), work_coin=()),
        ev.UnitCardsListed(rule=R + "setup.unit-deck", cards=cards),
        ev.UnitDeckShuffled(rule=R + "setup.unit-deck", order=deck),
    ]
    for i, seat in enumerate(players):
        facts.append(ev.CardsDealt(rule=R + "setup.deal", seat=seat,
                                   cards=deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]))
    return facts + boss.setup_facts(opts, players, content.bosses()[opts["boss"]], dice)


# ---- whose turn, and the end ---------------------------------------------------------------------
def to_act(state: Table) -> tuple[str, ...]:
    if state.result is not None:
        return ()
    if state.phase == MULLIGAN:
        waiting = [s for s in state.seats if not state.player(s).mulliganed]
        return (waiting[0],) if waiting else ()
    if state.pending is not None:
        asked = state.pending[2]
        return (asked, *_other_reacting_seats(state))
    if state.guest is not None:
        return (state.guest[0],)
    if state.phase == PLAY and state.active == BOSS:
        return (state.asker,) if len(_boss_choices(state)) > 1 else (SYSTEM,)
    if state.phase == PLAY:
        return (state.active,)
    return ()


def _boss_choices(state: Table) -> list[Command]:
    """What the players may choose at this step of a boss turn: its next attack ("Step 2B"),
    or the next unit its card's effect hits ("Step 3"); nothing at the other steps."""
    if state.boss_step == "attack":
        return [Order(*c) for c in boss.attack_choices(state)]
    if state.boss_step == "effect":
        return [Hit(u) for u in boss.effect_choices(state)]
    return []


def system_command(state: Table, now) -> Command | None:
    """The boss's turns: one step at a time; a choice only when the players have none."""
    if state.result is not None or state.phase != PLAY or state.active != BOSS or state.pending:
        return None
    if state.boss_step in ("attack", "effect"):
        choices = _boss_choices(state)
        return choices[0] if len(choices) == 1 else None
    return BossStep()


def outcome(state: Table) -> str | None:
    return state.result


# ---- deciding ------------------------------------------------------------------------------------
def decide(state: Table, seat: str, command: Command, ctx: Context) -> list[Event]:
    if state.result is not None:
        raise RuleViolation("core.game-over", f"the game is over: {state.result}")
    if isinstance(command, Mulligan):
        return _mulligan(state, seat, command.cards, ctx.dice)
    if state.pending is not None:
        return _reaction(state, seat, command, ctx.dice)
    if state.phase == PLAY and state.active == BOSS:
        return _boss_turn(state, seat, command, ctx.dice)
    if state.guest is not None:
        return _guest(state, seat, command, ctx.dice)
    if isinstance(command, (BossStep, Order, Hit)) or seat == SYSTEM:
        raise RuleViolation("core.system", "no boss turn is under way")
    if isinstance(command, (React, Pass)):
        raise RuleViolation(R + "reaction.condition", "no attack is waiting for reactions")
    _require_turn(state, seat)
    _require_mode(state, command)
    return _turn_action(state, seat, command, ctx.dice)


def _turn_action(state: Table, seat: str, command: Command, dice) -> list[Event]:
    match command:
        case Attack(unit, target):
            return _attack(state, seat, unit, target, dice)
        case BossAction(unit, target):
            return _boss_action(state, seat, unit, target)
        case Capture(unit):
            return _capture(state, seat, unit)
        case Work(unit):
            return _work(state, seat, unit)
        case Retire(unit):
            return _retire(state, seat, unit)
        case Assist(unit, target, where):
            return _assist(state, seat, unit, target, where)
        case Special(unit, target):
            return _special(state, seat, unit, target)
        case Wait(unit):
            return _wait(state, unit)
    _require_no_activation(state)
    match command:
        case Deploy(card, slot, square):
            return _deploy(state, seat, card, slot, square, dice, haste=False)
        case HastyDeploy(card, slot, square):
            return _deploy(state, seat, card, slot, square, dice, haste=True)
        case Move(unit, square):
            return _move(state, seat, unit, square)
        case Discard(card):
            return _discard(state, seat, card, dice)
        case Shift(unit, slot):
            return _shift(state, seat, unit, slot)
        case Buy(slot):
            return _buy(state, seat, slot)
        case Use(card, target):
            return _use(state, seat, card, target)
        case VeinTile(square, side):
            return _vein_tile(state, seat, square, side)
        case Bump(unit, square):
            return _bump(state, seat, unit, square)
        case VeinMove(unit, square):
            return _vein_move(state, seat, unit, square)
        case VeinRemove(unit):
            return _vein_remove(state, seat, unit)
        case EndTurn():
            return _end_turn(state, seat)
    raise RuleViolation("core.notation", f"roundtable has no command {command.verb!r}")


GUEST_ACTIONS = (Move, Attack, Special, Assist, Work, Wait, BossAction)


def _guest(state: Table, seat: str, command: Command, dice) -> list[Event]:
    """"Clarifications" (Dancers): another player readied `seat`'s unit in their turn; `seat`
    moves and acts with that unit at once (or passes), then the turn goes on."""
    owner, unit = state.guest
    if seat != owner:
        raise RuleViolation(R + "boss.dancer", f"{owner} may first move and act with {unit}")
    done = ev.AllyActionEnded(rule=R + "boss.dancer", seat=owner, unit=unit)
    if isinstance(command, Pass) and state.activating is None:
        return [done]
    if not isinstance(command, GUEST_ACTIONS) or command.unit != unit:
        raise RuleViolation(R + "boss.dancer", f"only {unit} may act now (or pass)")
    _require_mode(state, command)
    facts = _turn_action(state, seat, command, dice)
    if any(isinstance(f, ev.ActivationEnded) for f in facts):
        facts.append(done)
    return facts


def _boss_turn(state: Table, seat: str, command: Command, dice) -> list[Event]:
    match command:
        case BossStep() if seat == SYSTEM:
            facts = boss.step(state, dice)
            if state.boss_step == "rotate" and not any(isinstance(f, ev.GameEnded) for f in facts):
                after = _fold(state, facts)
                facts += _start_turn(after, boss.next_after(after), state.turn + 1)
            return facts
        case Order(unit, colour, rng) if seat in (SYSTEM, state.asker) and state.boss_step == "attack":
            return boss.boss_attack(state, seat, unit, colour, rng)
        case Hit(unit) if seat in (SYSTEM, state.asker) and state.boss_step == "effect":
            return boss.effect_order(state, seat, unit, dice)
    raise RuleViolation("core.turn", "it is the boss's turn")


def _fold(state: Table, facts: list[Event]) -> Table:
    for fact in facts:
        state = evolve(state, fact)
    return state


# ---- setup: the mulligan -------------------------------------------------------------------------
def _mulligan(state: Table, seat: str, cards: tuple[str, ...], dice) -> list[Event]:
    if state.phase != MULLIGAN:
        raise RuleViolation(R + "setup.mulligan-once", "the mulligan is taken once, during setup")
    if to_act(state) != (seat,):
        raise RuleViolation("core.turn", f"it is {to_act(state)[0]}'s turn to keep or mulligan")
    hand = list(state.player(seat).hand)
    for card in cards:
        if card not in hand:
            raise RuleViolation(R + "setup.mulligan-cards", f"{card} is not (or no longer) in your hand")
        hand.remove(card)
    facts: list[Event] = [ev.MulliganTaken(rule=R + "setup.mulligan", seat=seat, discarded=cards)]
    facts += _draw_up(_fold(state, facts), seat, dice, R + "setup.mulligan")
    if all(state.player(s).mulliganed for s in state.seats if s != seat):
        facts += _start_turn(state, state.seats[0], 1)
    return facts


# ---- turns ---------------------------------------------------------------------------------------
def _start_turn(state: Table, seat: str, turn: int) -> list[Event]:
    exhausted = tuple(sorted(u.card for u in state.units.values()
                             if u.owner == seat and u.exhausted))
    if state.mode == "boss":
        income: Event = ev.DragonVeinGained(rule=R + "boss.start-dv", seat=seat, dv=1)
    else:
        income = ev.CoinsGained(rule=R + "turn.start-coin", seat=seat, coins=1)
    facts: list[Event] = [
        ev.TurnStarted(rule=R + ("boss.turn-order" if state.mode == "boss" else "turn.order"),
                       seat=seat, turn=turn),
        income,
        ev.UnitsReadied(rule=R + "turn.start-ready", seat=seat, units=exhausted),
    ]
    lapsed = tuple(sorted({b.unit for b in state.buffs if b.seat == seat}))
    if lapsed:
        facts.append(ev.BuffsExpired(rule=R + "effect.until-next-turn", seat=seat, units=lapsed))
    return facts


def _end_turn(state: Table, seat: str) -> list[Event]:
    facts: list[Event] = [ev.TurnEnded(rule=R + "turn.end", seat=seat)]
    if state.mode == "boss":
        upcoming = boss.next_after(state)
        if upcoming == BOSS:
            return facts + boss.start_turn(state)
        return facts + _start_turn(state, upcoming, state.turn + 1)
    if state.rounds and state.turn >= 2 * state.rounds:
        return facts + [_game_ended(state, R + "end.rounds")]
    return facts + _start_turn(state, state.opponent(seat), state.turn + 1)


def _game_ended(state: Table, rule: str) -> ev.GameEnded:
    """Most VP (cards and tokens) wins; then more VP tokens; else a draw."""
    scores = {s: state.player(s).vp for s in state.seats}

    def standing(seat: str) -> tuple[int, int]:
        return scores[seat], state.player(seat).vp_tokens

    top, other = sorted(state.seats, key=standing, reverse=True)
    if standing(top) == standing(other):
        result = f"draw, {scores[top]} VP each"
    else:
        result = f"{top} wins, {scores[top]} VP to {scores[other]}"
    return ev.GameEnded(rule=rule, result=result, scores=scores)


# ---- drawing -------------------------------------------------------------------------------------
def _draw_up(state: Table, seat: str, dice, rule: str) -> list[Event]:
    """Draw back up to 6; an empty deck takes the shuffled discard pile (our reading)."""
    need = HAND_SIZE - len(state.player(seat).hand)
    if need <= 0:
        return []
    facts: list[Event] = []
    deck = state.deck
    if len(deck) < need and state.discards:
        order = tuple(dice.shuffled(state.discards))
        facts.append(ev.DiscardsReshuffled(rule=R + "cards.reshuffle", order=order))
        deck = deck + order
    if deck[:need]:
        facts.append(ev.CardsDrawn(rule=rule, seat=seat, cards=deck[:need]))
    return facts


# ---- deploying -----------------------------------------------------------------------------------
def _deploy(state: Table, seat: str, card: str, slot: str, square: str, dice, haste: bool):
    _check_deploy(state, seat, card, slot, square, haste)
    printed = state.cards[card]
    facts: list[Event] = []
    if haste:
        facts.append(ev.DragonVeinSpent(rule=R + "dv.haste", seat=seat, dv=COST_HASTE))
    facts.append(ev.UnitDeployed(rule=R + ("dv.haste" if haste else "deploy.exhausted"), seat=seat,
                                 card=card, slot=slot, square=square, exhausted=not haste,
                                 shapestone="Shapeshifter" in printed["tags"],
                                 special=printed["skill"]["type"] in ("special", "reaction"),
                                 haste=haste))
    return facts + _draw_up(_fold(state, facts), seat, dice, R + "deploy.draw")


def _check_deploy(state: Table, seat: str, card: str, slot: str, square: str, haste: bool) -> None:
    """The guards of a deploy (legal_commands asks them directly: a deploy's facts draw cards)."""
    p = state.player(seat)
    if haste and p.hasted:
        raise RuleViolation(R + "dv.haste-once", "you have already deployed a unit with [Haste] this turn")
    if haste:
        _require_dv(state, seat, COST_HASTE, "a deploy with [Haste]")
    elif p.deployed:
        raise RuleViolation(R + "deploy.once", "you have already deployed a unit this turn")
    if card not in p.hand:
        raise RuleViolation(R + "deploy.in-hand", f"{card} is not a unit card in your hand")
    printed = state.cards[card]
    own = [u for u in state.units.values() if u.owner == seat]
    slots = BOSS_SLOTS if state.mode == "boss" else SLOTS
    if slot not in slots:
        raise RuleViolation(R + "deploy.slots", f"unit slots are {', '.join(slots)}, not {slot!r}")
    if state.mode == "boss" and any(_colour(state, u) == printed["colour"] for u in own):
        raise RuleViolation(R + "boss.deploy-colour", f"you already have a {printed['colour']} unit deployed")
    if state.mode != "boss" and printed["colour"] != "gray" and slot != printed["colour"]:
        raise RuleViolation(R + "deploy.slot-colour",
                            f"{printed['name']} is {printed['colour']}: it goes in the {printed['colour']} slot")
    if any(u.slot == slot for u in own):
        raise RuleViolation(R + "deploy.slot-free", f"your {slot} unit slot is occupied")
    if printed["colour"] == "gray" and any(_colour(state, u) == "gray" for u in own):
        raise RuleViolation(R + "deploy.one-gray", "you already have a Gray unit deployed")
    if printed["legendary"] and any(state.cards[u.card]["legendary"] for u in own):
        raise RuleViolation(R + "deploy.one-legendary", "you already have a Legendary unit deployed")
    _require_square(square)
    if square not in state.zones[seat]:
        raise RuleViolation(R + "deploy.zone", f"{square} is not in your deployment zone")
    if not _free_to_deploy(state, square):
        raise RuleViolation(R + "deploy.zone", f"{square} is occupied")


def _free_to_deploy(state: Table, square: str) -> bool:
    return not (state.unit_at(square) or square in state.boss_squares().values() or state.summon_at(square))


def _deploy_squares(state: Table, seat: str) -> list[str]:
    """The squares of `seat`'s zone a unit may be deployed on now."""
    return [sq for sq in state.zones[seat] if _free_to_deploy(state, sq)]


def _colour(state: Table, unit: Unit) -> str:
    return state.cards[unit.card]["colour"]


# ---- activating: move, then one unit action -----------------------------------------------------
def _move(state: Table, seat: str, unit: str, square: str) -> list[Event]:
    u = _ready_unit(state, seat, unit)
    _require_square(square)
    reach = reachable(state, u, state.cards[unit]["mov"])
    if square not in reach:
        _refuse_move(state, u, square)
    return [ev.UnitActivated(rule=R + "activate.ready", unit=unit),
            ev.UnitMoved(rule=R + "move.mov", unit=unit, origin=u.square, to=square)]


def _refuse_move(state: Table, u: Unit, square: str) -> None:
    if square == u.square:
        raise RuleViolation(R + "move.stay", "to act without moving, give the unit action directly")
    if state.unit_at(square):
        raise RuleViolation(R + "move.no-end-on-unit", f"{square} is occupied")
    refusal = entry_refusal(state, u, square)
    if refusal:
        raise RuleViolation(*refusal)
    if distance(u.square, square) > state.cards[u.card]["mov"]:
        raise RuleViolation(R + "move.mov", f"{square} is beyond MOV {state.cards[u.card]['mov']}")
    raise RuleViolation(R + "move.blocked", f"no path to {square}: enemy units or terrain are in the way")


def _activation(state: Table, seat: str, unit: str) -> list[Event]:
    """Nothing if `unit` is the one being activated; else activating it now (no move)."""
    if state.activating == unit:
        return []
    _require_no_activation(state)
    _ready_unit(state, seat, unit)
    return [ev.UnitActivated(rule=R + "activate.ready", unit=unit)]


def _done(unit: str) -> ev.ActivationEnded:
    return ev.ActivationEnded(rule=R + "activate.one-action", unit=unit)


def _check_attack(state: Table, seat: str, unit: str, target: str) -> None:
    """The guards of an attack (legal_commands asks them without fighting it out)."""
    _activation(state, seat, unit)
    if state.mode == "boss" and target in state.summons:
        return summons.check_attack(state, state.units[unit], target)
    if state.mode == "boss":
        return boss.check_attack(state, state.units[unit], target)
    defender = state.units.get(target)
    if defender is None or defender.owner == seat:
        raise RuleViolation(R + "attack.enemy", f"{target} is not an enemy unit on the map")
    attacker = state.units[unit]
    dist = distance(attacker.square, defender.square)
    if not combat.in_range(state, attacker, dist):
        raise RuleViolation(R + "attack.range", f"{target} is {dist} away; {unit}'s range is "
                                                f"{'-'.join(map(str, sorted(set(state.cards[unit]['rng']))))}")


def _attack(state: Table, seat: str, unit: str, target: str, dice) -> list[Event]:
    _check_attack(state, seat, unit, target)
    facts = _activation(state, seat, unit)
    if state.mode == "boss" and target in state.summons:
        facts += summons.attack(_fold(state, facts), state.units[unit], target)
        return facts + _pickpocket(state, seat, unit, dice, facts) + [_done(unit)]
    if state.mode == "boss":
        facts += boss.attack(_fold(state, facts), state.units[unit], target)
        return facts + _pickpocket(state, seat, unit, dice, facts) + [_done(unit)]
    defender = state.units[target]
    after = _fold(state, facts)
    if _may_react(after, defender):
        return facts + [ev.AttackDeclared(rule=R + "reaction.window", attacker=unit, defender=target,
                                          seat=defender.owner)]
    facts += combat.resolve(after, unit, target)
    return facts + _pickpocket(state, seat, unit, dice, facts) + [_done(unit)]


def _pickpocket(state: Table, seat: str, unit: str, dice, combat_facts: list[Event]) -> list[Event]:
    """[Pickpocket] (stand-in tag, see rulebook.py): after its attack, if it survived, a die
    roll of 4 or more pockets an extra Anna Coin; in Boss Mode a single DV, no roll
    ("Clarifications")."""
    if "Pickpocket" not in state.cards[unit]["tags"] or any(
            isinstance(f, ev.UnitDefeated) and f.unit == unit for f in combat_facts):
        return []
    if state.mode == "boss":
        return [ev.DragonVeinGained(rule=R + "boss.pickpocket", seat=seat, dv=1)]
    value = dice.d6()
    facts: list[Event] = [ev.PickpocketRolled(rule=R + "tag.pickpocket", unit=unit, value=value)]
    if value >= PICKPOCKET_ROLL:
        facts.append(ev.CoinsGained(rule=R + "tag.pickpocket", seat=seat, coins=1))
    return facts


def _boss_action(state: Table, seat: str, unit: str, target: tuple[str, ...]) -> list[Event]:
    """"On Player Turns" (Boss Specific Action): what the boss board offers (stand-in data)."""
    facts = _activation(state, seat, unit)
    action = state.boss.get("action")
    if action is None:
        raise RuleViolation(R + "boss.action", "this boss has no boss action")
    u = state.units[unit]
    reach = min(distance(u.square, sq) for sq in state.boss_squares().values())
    if reach > action["range"]:
        raise RuleViolation(R + "boss.action", f"{action['name']} needs a unit within {action['range']} "
                                               f"of the boss tile ({unit} is {reach} away)")
    if action["do"] == "delay":
        if target:
            raise RuleViolation(R + "boss.action", f"{action['name']} takes no target")
        if state.plan_delay + action["turns"] > action.get("most", action["turns"]):
            raise RuleViolation(R + "boss.action", f"the plan is already pushed back {state.plan_delay} "
                                                   f"turn(s), the most {action['name']} allows")
        facts.append(ev.BossPlanDelayed(rule=R + "boss.action", unit=unit, turns=action["turns"],
                                        plan_turns=state.plan_turns + action["turns"]))
    else:
        colour = _one(target)
        facts += boss.damage_bar(state, u, colour or "", {"amount": action["amount"],
                                                          "non_lethal": action.get("non_lethal", False)},
                                 R + "boss.action")
    return facts + [_done(unit)]


# ---- reactions (II. Card Breakdown: Special; III. Use a Shop Card: Reaction) --------------------
def _may_react(state: Table, defender: Unit) -> bool:
    """The defender's player is asked whenever a reaction could be possible from
    what everyone sees: a reaction special with its token, or any shop card in hand
    (so asking does not betray which cards the hand holds)."""
    return bool(state.player(defender.owner).shop_hand) or bool(effects.reactors(state, defender))


def _other_reacting_seats(state: Table) -> tuple[str, ...]:
    """Boss Mode: players other than the attacked unit's whose units may react to the
    attack (an "ally-attacked" reaction next to it: all players' units are allies)."""
    asked = state.pending[2]
    found = {u.owner for u in effects.reactors(state, state.units[state.pending[1]])}
    return tuple(sorted(found - {asked}))


def _reaction(state: Table, seat: str, command: Command, dice) -> list[Event]:
    attacker, defender, asked = state.pending
    unit = state.units[defender]
    if seat != asked and not (isinstance(command, React) and seat in _other_reacting_seats(state)):
        raise RuleViolation("core.turn", f"the attack on {defender} waits for {asked}'s reactions")
    match command:
        case React(name):
            if name not in {u.card for u in effects.reactors(state, unit) if u.owner == seat}:
                raise RuleViolation(R + "reaction.condition",
                                    f"{name} has no reaction special usable now (the attacked unit's, "
                                    f"or an adjacent ally's that guards it)")
            skill = state.cards[name]["skill"]
            rule = R + ("reaction.special" if name == defender else "reaction.ally-attacked")
            return [ev.SpecialUsed(rule=rule, unit=name, skill=skill["name"]),
                    ev.CombatBonusGranted(rule=rule, unit=defender, source=skill["name"],
                                          bonuses=effects.bonuses(skill["effect"]))]
        case Use(card, ()):
            info = _shop_card(state, seat, card)
            if info["kind"] != "reaction" or info["trigger"] != "attacked":
                raise RuleViolation(R + "reaction.condition", f"{info['name']} cannot be played now")
            return [ev.ShopCardUsed(rule=R + "reaction.card", seat=seat, card=card, name=info["name"]),
                    ev.CombatBonusGranted(rule=R + "reaction.card", unit=defender, source=info["name"],
                                          bonuses=effects.bonuses(info["effect"]))]
        case Pass():
            facts: list[Event] = [ev.ReactionsDeclined(rule=R + "reaction.pass", seat=seat)]
            after = _fold(state, facts)
            if state.boss_target is not None:  # the boss's attack in its turn
                _, colour, dist = state.boss_target
                return facts + boss.strike_unit(after, defender, colour, dist)
            facts += combat.resolve(after, attacker, defender)
            return facts + _pickpocket(state, state.active, attacker, dice, facts) + [_done(attacker)]
    raise RuleViolation(R + "reaction.window", f"the attack on {defender} waits for {asked}'s reactions")


def _shop_card(state: Table, seat: str, card: str) -> dict:
    if card not in state.player(seat).shop_hand:
        raise RuleViolation(R + "shop.in-hand", f"{card} is not a shop card in your hand")
    return state.shop_cards[card]


# ---- specials and shop cards ------------------------------------------------------------------------
def _special(state: Table, seat: str, unit: str, target: tuple[str, ...]) -> list[Event]:
    facts = _activation(state, seat, unit)
    skill = state.cards[unit]["skill"]
    if skill["type"] != "special":
        raise RuleViolation(R + "special.none", f"{unit} has no Special Ability to use as its action")
    if not state.units[unit].special:
        raise RuleViolation(R + "special.token", f"{unit} has used its Special Ability token")
    facts.append(ev.SpecialUsed(rule=R + "special.token", unit=unit, skill=skill["name"]))
    facts += effects.apply(_fold(state, facts), seat, state.units[unit], skill["effect"],
                           _one(target), R + "special.effect")
    return facts + [_done(unit)]


def _one(target: tuple[str, ...]) -> str | None:
    if len(target) > 1:
        raise RuleViolation(R + "effect.target", "name at most one target")
    return target[0] if target else None


def _use(state: Table, seat: str, card: str, target: tuple[str, ...]) -> list[Event]:
    info = _shop_card(state, seat, card)
    if info["kind"] == "reaction":
        raise RuleViolation(R + "reaction.condition", f"{info['name']} waits for its condition")
    if info["kind"] == "attachment":
        unit = state.units.get(_one(target) or "")
        if unit is None or unit.owner != seat:
            raise RuleViolation(R + "shop.attachment", "an attachment goes under one of your deployed units")
        return [ev.AttachmentPlaced(rule=R + "shop.attachment", seat=seat, card=card,
                                    name=info["name"], unit=unit.card,
                                    replaced=unit.attachment or "")]
    facts: list[Event] = [ev.ShopCardUsed(rule=R + "shop.item", seat=seat, card=card, name=info["name"])]
    return facts + effects.apply(_fold(state, facts), seat, None, info["effect"], _one(target),
                                 R + "shop.item")


def _capture(state: Table, seat: str, unit: str) -> list[Event]:
    facts = _activation(state, seat, unit)
    _check_capture(state, seat, unit)
    square = state.units[unit].square
    facts += [
        ev.CastleCaptured(rule=R + "capture.vp", unit=unit, seat=seat, square=square,
                          vp=state.vp_deck[0]),
        ev.DragonVeinGained(rule=R + "capture.dv", seat=state.opponent(seat), dv=1),
        _done(unit),
    ]
    if state.end == "vp-deck" and len(state.vp_deck) == 1:
        facts.append(_game_ended(_fold(state, facts), R + "end.vp-deck"))
    return facts


def _check_capture(state: Table, seat: str, unit: str) -> None:
    """The guards of a capture, once the unit may act (legal_commands asks them alone)."""
    square = state.units[unit].square
    if state.terrain[square] != "castle":
        raise RuleViolation(R + "capture.castle", f"{square} is not a castle tile")
    if square in state.dv_tiles():
        raise RuleViolation(R + "capture.dv-tile", f"a DV Map Tile covers the castle on {square}")
    if state.player(seat).captured:
        raise RuleViolation(R + "capture.once", "you have already captured this turn")
    if not state.vp_deck:
        raise RuleViolation(R + "capture.vp-deck", "the VP card deck is empty")


def _work(state: Table, seat: str, unit: str) -> list[Event]:
    facts = _activation(state, seat, unit)
    square = state.units[unit].square
    if state.mode == "boss":
        return facts + [ev.DragonVeinGained(rule=R + "boss.work", seat=seat, dv=1), _done(unit)]
    # A DV Map Tile's Plains side leaves the square no special properties ("DV Map Tiles"),
    # so a special Work square it covers pays as any other.
    special = square not in state.dv_tiles()
    covered = not special and (square in state.work_dv or square in state.work_coin)
    if special and square in state.work_dv:
        facts.append(ev.DragonVeinGained(rule=R + "work.pixel-dv", seat=seat, dv=1))
    else:
        facts.append(ev.CoinsGained(rule=R + ("work.dv-tile" if covered else "work.coin"), seat=seat,
                                    coins=1))
    if special and square in state.work_coin:
        facts.append(ev.CoinsGained(rule=R + "work.pixel-coin", seat=seat, coins=1))
    return facts + [_done(unit)]


def _retire(state: Table, seat: str, unit: str) -> list[Event]:
    facts = _activation(state, seat, unit)
    _check_retire(state, seat, unit)
    return facts + [
        ev.CoinsSpent(rule=R + "retire.cost", seat=seat, coins=COST_RETIRE),
        ev.UnitRetired(rule=R + "retire.discard", unit=unit),
        ev.DragonVeinGained(rule=R + "retire.dv", seat=seat, dv=1),
        _done(unit),
    ]


def _check_retire(state: Table, seat: str, unit: str) -> None:
    _require_coins(state, seat, COST_RETIRE, "retiring a unit")


def _assist(state: Table, seat: str, unit: str, target: str, where: tuple[str, ...]):
    facts = _activation(state, seat, unit)
    for square in where:
        _require_square(square)
    return facts + assists.resolve(state, state.units[unit], target, where) + [_done(unit)]


def _wait(state: Table, unit: str) -> list[Event]:
    if state.activating != unit:
        raise RuleViolation(R + "activate.wait", f"{unit} is not a unit that has just moved")
    return [_done(unit)]


# ---- other turn actions --------------------------------------------------------------------------
def _discard(state: Table, seat: str, card: str, dice) -> list[Event]:
    _check_discard(state, seat, card)
    p = state.player(seat)
    facts: list[Event] = []
    if p.discards:
        facts.append(ev.CoinsSpent(rule=R + "discard.cost", seat=seat, coins=1))
    facts.append(ev.CardDiscarded(rule=R + ("discard.cost" if p.discards else "discard.first-free"),
                                  seat=seat, card=card))
    return facts + _draw_up(_fold(state, facts), seat, dice, R + "discard.draw")


def _check_discard(state: Table, seat: str, card: str) -> None:
    p = state.player(seat)
    if card not in p.hand:
        raise RuleViolation(R + "discard.in-hand", f"{card} is not a unit card in your hand")
    if p.discards and state.mode == "boss":
        raise RuleViolation(R + "boss.discard-once", "one discard per turn in Boss Mode")
    if p.discards:
        _require_coins(state, seat, 1, "a second discard this turn")


def _shift(state: Table, seat: str, unit: str, slot: str) -> list[Event]:
    _check_shift(state, seat, unit, slot)
    return [ev.CoinsSpent(rule=R + "shift.cost", seat=seat, coins=1),
            ev.GrayUnitShifted(rule=R + "shift.cost", unit=unit, slot=slot)]


def _check_shift(state: Table, seat: str, unit: str, slot: str) -> None:
    u = _own_unit(state, seat, unit)
    if _colour(state, u) != "gray":
        raise RuleViolation(R + "shift.gray", "only a Gray unit can change unit slots")
    if slot not in SLOTS or slot == u.slot or any(
            o.slot == slot for o in state.units.values() if o.owner == seat):
        raise RuleViolation(R + "shift.slot-free", f"the {slot} slot is not another unoccupied unit slot")
    _require_coins(state, seat, 1, "shifting a Gray unit")


def _buy(state: Table, seat: str, slot: int) -> list[Event]:
    _check_buy(state, seat, slot)
    card = state.shop[slot - 1]
    cost = state.shop_cards[card]["cost"]
    facts: list[Event] = [ev.CoinsSpent(rule=R + "shop.cost", seat=seat, coins=cost),
                          ev.ShopCardBought(rule=R + "shop.buy", seat=seat, slot=slot, card=card,
                                            cost=cost)]
    if state.shop_deck:
        new = state.shop_deck[0]
        facts.append(ev.ShopCardDealt(rule=R + "shop.refill", slot=slot, card=new,
                                      cost=state.shop_cards[new]["cost"]))
    return facts


def _check_buy(state: Table, seat: str, slot: int) -> None:
    if not 1 <= slot <= len(state.shop) or state.shop[slot - 1] is None:
        raise RuleViolation(R + "shop.slot", f"Anna's Shop has no card in slot {slot}")
    _require_coins(state, seat, state.shop_cards[state.shop[slot - 1]]["cost"], "this shop card")


def _vein_tile(state: Table, seat: str, square: str, side: str) -> list[Event]:
    _check_vein_tile(state, seat, square, side)
    return [ev.DragonVeinSpent(rule=R + "dv.tile", seat=seat, dv=1),
            ev.DragonVeinTilePlaced(rule=R + "dv.tile", seat=seat, square=square, side=side)]


def _check_vein_tile(state: Table, seat: str, square: str, side: str) -> None:
    _require_dv(state, seat, 1, "placing your DV Map Tile")
    if side not in SIDES:
        raise RuleViolation(R + "dv.tile-side", f"a DV Map Tile shows plains or ruins, not {side!r}")
    _require_square(square)
    p = state.player(seat)
    if state.zone_owner(square):
        raise RuleViolation(R + "dv.tile-deployment", f"{square} is a deployment tile")
    if state.unit_at(square):
        raise RuleViolation(R + "dv.tile-unit", f"a unit stands on {square}")
    if square in state.dv_tiles() and square != p.dv_tile:
        raise RuleViolation(R + "dv.tile-other", f"another DV Map Tile lies on {square}")
    if p.dv_tile and state.unit_at(p.dv_tile):
        raise RuleViolation(R + "dv.tile-pinned", f"a unit stands on your DV Map Tile ({p.dv_tile})")
    if p.dv_tile == square and p.dv_side == side:
        raise RuleViolation(R + "dv.tile-same", f"your DV Map Tile already lies on {square}, {side} up")


def _bump(state: Table, seat: str, unit: str, square: str) -> list[Event]:
    _check_bump(state, seat, unit, square)
    return [ev.DragonVeinSpent(rule=R + "dv.bump", seat=seat, dv=COST_BUMP),
            ev.UnitBumped(rule=R + "dv.bump", unit=unit, origin=state.units[unit].square, to=square)]


def _check_bump(state: Table, seat: str, unit: str, square: str) -> None:
    _require_dv(state, seat, COST_BUMP, "a BUMP")
    u = state.units.get(unit)
    if u is None:
        raise RuleViolation(R + "dv.bump", f"{unit} is not a unit on the map")
    _require_square(square)
    if square not in bump_squares(u.square, state.bump):
        raise RuleViolation(R + "dv.bump-step", f"a BUMP moves {unit} one square "
                                                f"({'never diagonally' if state.bump == 'orthogonal' else 'any way'})")
    if state.unit_at(square):
        raise RuleViolation(R + "dv.bump-enter", f"{square} is occupied")
    refusal = entry_refusal(state, u, square)
    if refusal:
        raise RuleViolation(R + "dv.bump-enter", refusal[1])


def _vein_move(state: Table, seat: str, unit: str, square: str) -> list[Event]:
    """Boss Mode, 1 DV: one of your units moves up to 2 squares in one cardinal direction
    (our reading: by the movement rules - over squares it could enter, past allies but not
    onto a unit; it stays Ready or exhausted as it was)."""
    _check_vein_move(state, seat, unit, square)
    return [ev.DragonVeinSpent(rule=R + "boss.dv-move", seat=seat, dv=1),
            ev.UnitMoved(rule=R + "boss.dv-move", unit=unit, origin=state.units[unit].square, to=square)]


def _check_vein_move(state: Table, seat: str, unit: str, square: str) -> None:
    _require_dv(state, seat, 1, "moving a unit")
    u = _own_unit(state, seat, unit)
    _require_square(square)
    path = _straight_path(u.square, square)
    if path is None:
        raise RuleViolation(R + "boss.dv-move", "up to 2 squares in one cardinal direction")
    for sq in path:  # allies (every player's units) may be passed, as in any move
        if entry_refusal(state, u, sq) or (sq == square and state.unit_at(sq)):
            raise RuleViolation(R + "boss.dv-move", f"{sq} is occupied or closed to {unit}")


@cache
def _straight_path(origin: str, square: str) -> tuple[str, ...] | None:
    """The squares from `origin` (excluded) to `square`, 1 or 2 steps in one cardinal
    direction; None if `square` is not such a square."""
    here, there = BOARD.parse(origin), BOARD.parse(square)
    direction = BOARD.direction_between(here, there)
    steps = BOARD.distance_manhattan(here, there)
    if direction is None or direction.is_diagonal or not 1 <= steps <= 2:
        return None
    return tuple(str(sq) for sq in BOARD.ray(here, direction, steps))


@cache
def bump_squares(square: str, bump: str) -> tuple[str, ...]:
    """Where a BUMP may move the unit on `square`: one square orthogonally (option
    bump=orthogonal, our reading), or to any of the eight squares around it (bump=any)."""
    if bump == "orthogonal":
        return orthogonal_neighbours(square)
    return tuple(str(s) for s in BOARD.neighbours(BOARD.parse(square), diagonal=True))


@cache
def _in_line(a: str, b: str) -> bool:
    here, there = BOARD.parse(a), BOARD.parse(b)
    return here != there and (here.col == there.col or here.row == there.row)


def _vein_remove(state: Table, seat: str, unit: str) -> list[Event]:
    _require_dv(state, seat, 2, "removing a unit")
    _own_unit(state, seat, unit)
    return [ev.DragonVeinSpent(rule=R + "boss.dv-remove", seat=seat, dv=2),
            ev.UnitRemoved(rule=R + "boss.dv-remove", unit=unit)]


# ---- guards --------------------------------------------------------------------------------------
def _require_turn(state: Table, seat: str) -> None:
    if state.phase != PLAY:
        raise RuleViolation(R + "setup.mulligan", "setup is not over: each player keeps or mulligans first")
    if seat != state.active:
        raise RuleViolation("core.turn", f"it is {state.active}'s turn")


ONLY_1V1 = {"capture": "boss.no-capture", "retire": "boss.no-capture", "shift": "boss.no-shop",
            "buy": "boss.no-shop", "use": "boss.no-shop", "vein-tile": "boss.dv-uses",
            "bump": "boss.dv-uses"}
ONLY_BOSS = ("vein-move", "vein-remove", "boss-action")


def _require_mode(state: Table, command: Command) -> None:
    """Boss Mode changes which actions exist ("Boss Mode Basics", "On Player Turns")."""
    if state.mode == "boss" and command.verb in ONLY_1V1:
        raise RuleViolation(R + ONLY_1V1[command.verb], f"there is no {command.verb} in Boss Mode")
    if state.mode != "boss" and command.verb == "boss-action":
        raise RuleViolation(R + "boss.action", "boss actions belong to Boss Mode")
    if state.mode != "boss" and command.verb in ONLY_BOSS:
        raise RuleViolation(R + "dv.tile", f"{command.verb} is a Boss Mode way to spend DV")


def _require_no_activation(state: Table) -> None:
    if state.activating is not None:
        raise RuleViolation(R + "turn.complete-action",
                            f"{state.activating} is mid-activation: finish its unit action (or wait) first")


def _own_unit(state: Table, seat: str, unit: str) -> Unit:
    u = state.units.get(unit)
    if u is None or u.owner != seat:
        raise RuleViolation(R + "activate.own", f"{unit} is not one of your units on the map")
    return u


def _ready_unit(state: Table, seat: str, unit: str) -> Unit:
    u = _own_unit(state, seat, unit)
    if u.exhausted:
        raise RuleViolation(R + "activate.ready", f"{unit} is exhausted")
    return u


@cache
def _square_name(square: str) -> str:
    """The square's own name ("c3" -> "C3"); ValueError off the map or garbled."""
    return str(BOARD.parse(square))


def _require_square(square: str) -> None:
    try:
        named = _square_name(square)
    except ValueError as e:
        raise RuleViolation(R + "map.square", str(e)) from None
    if named != square:
        raise RuleViolation(R + "map.square", f"write the square as {named}, not {square!r}")


def _require_coins(state: Table, seat: str, n: int, what: str) -> None:
    if state.player(seat).coins < n:
        raise RuleViolation(R + "coins.not-enough", f"{what} costs {n} Anna Coin(s); you have "
                                                    f"{state.player(seat).coins}")


def _require_dv(state: Table, seat: str, n: int, what: str) -> None:
    if state.player(seat).dv < n:
        raise RuleViolation(R + "dv.not-enough", f"{what} costs {n} DV; you have {state.player(seat).dv}")


# ---- legal commands ------------------------------------------------------------------------------
class _CheckDice:
    """Dice for trying a command out: any shuffle keeps its order."""

    used = False

    def shuffled(self, items):
        return tuple(items)

    def roll(self, sides):
        return 1

    def d6(self):
        return 1


def _legal(state: Table, seat: str, command: Command) -> bool:
    try:
        decide(state, seat, command, Context(_CheckDice(), None))  # type: ignore[arg-type]
    except RuleViolation:
        return False
    return True


def _guards(state: Table, seat: str, command: Command, memo: dict) -> bool:
    """Whether a command passes its guards, asked without building its facts: for the
    many deploys and DV Map Tile placements of a busy turn.  Only for candidates of a
    player's own turn with no unit mid-activation, where `decide` would ask exactly these.
    Deploys are offered on `_deploy_squares` only, where every square check passes: the
    rest of the guards depend on the card, slot and [Haste] alone, asked once (`memo`)."""
    match command:
        case Deploy() | HastyDeploy():
            key = (command.verb, command.card, command.slot)
            if key not in memo:
                memo[key] = _passes(_check_deploy, state, seat, command.card, command.slot,
                                    command.square, isinstance(command, HastyDeploy))
            return memo[key]
        case VeinTile(square, side):
            return _passes(_check_vein_tile, state, seat, square, side)
        case Bump(unit, square):
            return _passes(_check_bump, state, seat, unit, square)
        case Attack(unit, target):
            return _passes(_check_attack, state, seat, unit, target)
        case VeinMove(unit, square):
            return _passes(_check_vein_move, state, seat, unit, square)
        case Discard(card):
            return _passes(_check_discard, state, seat, card)
        case Capture() | Work() | Retire() | Shift() | Buy():
            return _passes(_check_plain_action, state, seat, command)
        case EndTurn():
            return True  # no unit mid-activation here: ending the turn is always allowed
    return _legal(state, seat, command)


def _check_plain_action(state: Table, seat: str, command: Command) -> None:
    """What `decide` asks of a capture, work, retire, shift or buy before building its
    facts (with no unit mid-activation): the mode, the unit's activation, the action's guards."""
    _require_mode(state, command)
    match command:
        case Capture(unit):
            _activation(state, seat, unit)
            _check_capture(state, seat, unit)
        case Work(unit):
            _activation(state, seat, unit)
        case Retire(unit):
            _activation(state, seat, unit)
            _check_retire(state, seat, unit)
        case Shift(unit, slot):
            _check_shift(state, seat, unit, slot)
        case Buy(slot):
            _check_buy(state, seat, slot)


def _passes(check, *args) -> bool:
    try:
        check(*args)
    except RuleViolation:
        return False
    return True


@lru_cache(maxsize=8192)
def _notation(command: Command) -> str:
    return command.notation()


def legal_commands(state: Table, seat: str) -> list[Command]:
    """The commands `seat` may give now, memoised per state (a play page asks again for
    its prompts; states never change, so neither does the answer)."""
    memo = derived(state).legal
    if seat not in memo:
        memo[seat] = tuple(_legal_commands(state, seat))
    return list(memo[seat])


def _legal_commands(state: Table, seat: str) -> list[Command]:
    if seat not in to_act(state):
        return []
    if state.phase == MULLIGAN:
        hand = state.player(seat).hand
        return sorted((Mulligan(tuple(c)) for n in range(len(hand) + 1)
                       for c in combinations(hand, n)), key=lambda c: c.notation())
    if state.active == BOSS and state.phase == PLAY and state.pending is None:
        return _boss_choices(state) if seat == state.asker else []
    if state.pending is not None:
        defender = state.pending[1]
        tries = [React(u.card) for u in effects.reactors(state, state.units[defender]) if u.owner == seat]
        if seat == state.pending[2]:
            tries += [Pass()] + [Use(c, ()) for c in state.player(seat).shop_hand]
        found = [c for c in dict.fromkeys(tries) if _legal(state, seat, c)]
        return sorted(found, key=lambda c: c.notation())
    if state.activating is not None and state.activating not in state.units:
        return []  # between the facts of a command whose unit fell: no position to act from
    # Moves come from `reachable`, the very check `_move` makes, and DV Map Tile placements
    # and BUMPs from the squares `_check_vein_tile` and `_check_bump` allow, deploys from the
    # card and slot pairs `_check_deploy` passed (`_deploys`): no need to try them again.
    candidates = dict.fromkeys(_candidates(state, seat))  # once each
    if state.guest is not None or state.activating is not None:
        found = [c for c in candidates if isinstance(c, Move) or _legal(state, seat, c)]
    else:
        memo: dict = {}
        found = [c for c in candidates
                 if isinstance(c, TRUSTED) or _guards(state, seat, c, memo)]
    return sorted(found, key=_notation)


TRUSTED = (Move, VeinTile, Bump, Deploy, HastyDeploy)  # pruned candidates that are all legal


def _candidates(state: Table, seat: str, prune: bool = True):
    """Every command worth trying now (`_legal` keeps those the rules allow)."""
    if state.guest is not None:
        yield from _guest_candidates(state, prune)
        return
    if state.mode == "boss":
        yield from _boss_candidates(state, seat, prune)
        return
    if state.activating is not None:
        yield from _unit_actions(state, state.units[state.activating], prune)
        yield Wait(state.activating)
        return
    p = state.player(seat)
    yield EndTurn()
    own = [u for u in state.units.values() if u.owner == seat]
    for unit in own:
        if not unit.exhausted:
            for square in reachable(state, unit, state.cards[unit.card]["mov"]):
                yield Move(unit.card, square)
            yield from _unit_actions(state, unit, prune)
        if not prune or _colour(state, unit) == "gray":  # `_check_shift` refuses the others
            for slot in SLOTS:
                yield Shift(unit.card, slot)
    free = _deploy_squares(state, seat)
    for card in dict.fromkeys(p.hand):
        yield Discard(card)
        colour = state.cards[card]["colour"]
        for slot in SLOTS if colour == "gray" else (colour,):
            yield from _deploys(state, seat, card, slot, free, prune)
    for slot in range(1, len(state.shop) + 1):
        yield Buy(slot)
    for card in dict.fromkeys(p.shop_hand):
        info = state.shop_cards[card]
        if info["kind"] == "reaction":
            continue  # never outside an attack's reaction window (`_use` refuses it)
        wanted = None if info["kind"] == "attachment" else effects.target_kind(info["effect"])
        if info["kind"] == "item" and wanted is None:
            yield Use(card, ())
        else:  # an attachment or an item for one of your units (in 1 vs 1, allies are your own)
            for unit in state.units.values():
                if unit.owner == seat or wanted == "enemy":
                    yield Use(card, (unit.card,))
    pinned = p.dv_tile is not None and state.unit_at(p.dv_tile) is not None
    if p.dv >= 1 and not (prune and pinned):
        # With `prune`, exactly the placements `_check_vein_tile` allows (legal_commands
        # takes them without asking again): free squares outside the deployment zones, not
        # another tile's, and never the tile back exactly as it lies.
        taken = set(state.occupied()) | (set(state.dv_tiles()) - {p.dv_tile})
        zones = derived(state).zone_of
        for square in state.terrain:
            if square not in taken and square not in zones:
                for side in SIDES:
                    if not (prune and square == p.dv_tile and side == p.dv_side):
                        yield VeinTile(square, side)
    if p.dv >= COST_BUMP:
        # With `prune`, exactly the BUMPs `_check_bump` allows (legal_commands takes them
        # without asking again): a free neighbouring square the unit could enter.
        for unit in state.units.values():
            for square in bump_squares(unit.square, state.bump):
                if not prune or (state.unit_at(square) is None
                                 and entry_refusal(state, unit, square) is None):
                    yield Bump(unit.card, square)


def _guest_candidates(state: Table, prune: bool):
    unit = state.units[state.guest[1]]
    if state.activating is None:
        yield Pass()
        for square in reachable(state, unit, state.cards[unit.card]["mov"]):
            yield Move(unit.card, square)
    else:
        yield Wait(unit.card)
    yield from _unit_actions(state, unit, prune)


def _boss_candidates(state: Table, seat: str, prune: bool):
    if state.activating is not None:
        yield from _unit_actions(state, state.units[state.activating], prune)
        yield Wait(state.activating)
        return
    p = state.player(seat)
    yield EndTurn()
    for unit in [u for u in state.units.values() if u.owner == seat]:
        if not unit.exhausted:
            for square in reachable(state, unit, state.cards[unit.card]["mov"]):
                yield Move(unit.card, square)
            yield from _unit_actions(state, unit, prune)
        if p.dv >= 1:  # straight lines only: the only ones `_vein_move` allows
            for square in BOARD.within(BOARD.parse(unit.square), 2):
                if _in_line(unit.square, str(square)):
                    yield VeinMove(unit.card, str(square))
        if p.dv >= 2:
            yield VeinRemove(unit.card)
    free = _deploy_squares(state, seat)
    for card in dict.fromkeys(p.hand):
        yield Discard(card)
        for slot in BOSS_SLOTS:
            yield from _deploys(state, seat, card, slot, free, prune)


def _deploys(state: Table, seat: str, card: str, slot: str, free: list[str], prune: bool):
    """Deploys of `card` to `slot` on the free squares of the zone; with `prune`, none when
    the card and slot fail the guards (every free square passes the square's own)."""
    p = state.player(seat)
    for cls, allowed in ((Deploy, not p.deployed), (HastyDeploy, p.dv >= COST_HASTE and not p.hasted)):
        if not allowed or not free or (prune and not _passes(
                _check_deploy, state, seat, card, slot, free[0], cls is HastyDeploy)):
            continue
        for square in free:
            yield cls(card, slot, square)


def _unit_actions(state: Table, unit: Unit, prune: bool = True):
    """The unit actions worth trying; with `prune`, without those `decide` refuses anyway
    for the skill's or assist's kind of target (a test checks the two agree)."""
    for command in _every_unit_action(state, unit):
        if not prune or _worth_trying(state, unit, command):
            yield command


ENEMY_EFFECTS, NO_TARGET_EFFECTS = ("damage", "push"), ("gain", "rally")


def _worth_trying(state: Table, unit: Unit, command: Command) -> bool:
    match command:
        case Special(_, target):
            skill = state.cards[unit.card]["skill"]
            if skill["type"] != "special":
                return False
            kind = skill["effect"]["do"]
            named = target[0] if len(target) == 1 else None
            if kind in NO_TARGET_EFFECTS:
                return not target
            if kind == "damage-area":
                return not target or named in state.boss.get("hp", {})
            if len(target) != 1:
                return False
            if kind in ENEMY_EFFECTS:
                if state.mode == "boss":
                    return named in state.summons or (kind == "damage" and named in state.boss["hp"])
                return (named in state.units and state.units[named].owner != unit.owner
                        and _in_reach(state, unit, named, skill["effect"]))
            return named in state.units and named != unit.card and _in_reach(
                state, unit, named, skill["effect"])
        case Assist(_, target, where):
            tag = assists.assist_tag(state, unit)
            if tag is None:
                return not where
            if len(where) != int(tag in ("Grab", "Reposition")):
                return False
            return tag == "Physic" or state.units[target].square in orthogonal_neighbours(unit.square)
        case BossAction(_, target):
            return len(target) == int(state.boss["action"]["do"] != "delay")
        case Attack(_, target):  # in Boss Mode every player unit is an ally, never a target
            return state.mode != "boss" or target not in state.units
        case Capture() | Retire():  # neither exists in Boss Mode (`_require_mode`)
            return state.mode != "boss"
    return True


def _in_reach(state: Table, unit: Unit, target: str, effect: dict) -> bool:
    """Whether the unit `target` is within the effect's range of `unit` (effects.apply
    refuses a unit target beyond it)."""
    return "range" not in effect or distance(unit.square, state.units[target].square) <= effect["range"]


def _every_unit_action(state: Table, unit: Unit):
    if state.mode == "boss":
        for target in [*state.boss["hp"], *(m.id for m in state.summons.values() if m.kind == "minion")]:
            yield Attack(unit.card, target)
            if unit.special:
                yield Special(unit.card, (target,))
        if state.boss.get("action"):
            yield BossAction(unit.card, ())
            for colour in state.boss["hp"]:
                yield BossAction(unit.card, (colour,))
    for other in state.units.values():
        if other.owner != unit.owner:
            yield Attack(unit.card, other.card)
    yield Capture(unit.card)
    if unit.special:
        yield Special(unit.card, ())
        for other in state.units.values():
            yield Special(unit.card, (other.card,))
    if assists.has_assist(state, unit):
        for ally in state.units.values():
            if assists.is_ally(state, unit, ally) and ally.card != unit.card:
                yield Assist(unit.card, ally.card, ())
                for square in orthogonal_neighbours(unit.square) + (ally.square,):
                    yield Assist(unit.card, ally.card, (square,))
    yield Work(unit.card)
    yield Retire(unit.card)


def prompts(state: Table) -> tuple[Prompt, ...]:
    """While an attack waits for reactions, its defender's player is asked; in a boss
    turn, the players choose the boss's next attack when there is a choice."""
    if state.result is None and state.active == BOSS and state.pending is None:
        choices = _boss_choices(state)
        if len(choices) > 1 and state.boss_step == "attack":
            return (Prompt(state.asker, "choose the boss's next attack: unit, corner, range",
                           R + "boss.attack-choice", tuple(c.notation() for c in choices)),)
        if len(choices) > 1:
            return (Prompt(state.asker, "choose the unit the boss card's effect hits next",
                           R + "boss.card-order", tuple(c.notation() for c in choices)),)
    if state.pending is None and state.guest is not None:
        seat, unit = state.guest
        return (Prompt(seat, f"an ally readied {unit}: move and act with it now, or pass",
                       R + "boss.dancer", tuple(c.notation() for c in legal_commands(state, seat))),)
    if state.pending is None:
        return ()
    attacker, defender, seat = state.pending
    # Prompts are shown to every seat: the shop cards the asked player could play
    # stay out of the choices (legal_commands lists them for that seat alone).
    choices = tuple(c.notation() for c in legal_commands(state, seat) if not isinstance(c, Use))
    others = tuple(Prompt(other, f"{attacker} attacks {defender}: your unit next to it may react",
                          R + "reaction.ally-attacked",
                          tuple(c.notation() for c in legal_commands(state, other)))
                   for other in _other_reacting_seats(state))
    return (Prompt(seat, f"{attacker} attacks {defender}: react (special or shop card), or pass",
                   R + "reaction.window", choices), *others)
