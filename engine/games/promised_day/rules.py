"""The rules of The Promised Day: options, set-up, whose turn, decide, legal commands.

The Homunculus turn is `homunculus.py`, the player turns `actions.py`; every
fact carries the rule id of `rulebook.py` that produced it.
"""

from __future__ import annotations

import weakref
from functools import lru_cache
from typing import Any

from engine.core.context import SYSTEM, Context
from engine.core.errors import BadOptions, RuleViolation
from engine.core.prompts import Prompt

from . import actions as act
from . import content
from . import events as ev
from .board import bucket_choices, within
from .commands import (
    COMMANDS,
    Alchemy,
    Attack,
    Bonus,
    Command,
    Companion,
    Complete,
    Discard,
    End,
    Flip,
    Move,
    Replenish,
    Start,
    Walk,
    Wound,
    ordered_alchemy,
    ordered_attack,
)
from .homunculus import STEPS, boss_arrives, next_step, resolve_step
from .resolve import R, Resolution, draw, soldiers_appear
from .state import HOMUNCULUS, OVER, PLAYERS, START, Game

SEATS = ("red", "blue", "yellow", "green")  # the Character Life marker colours
ACTIONS = {1: 4, 2: 4, 3: 3, 4: 2}          # actions per character, by number of players
DEFAULT_CHARACTERS = ("ed", "al", "mustang", "scar")
DIFFICULTIES = ("easy", "normal", "hard")
EMPTY_STOCK = ("at-once", "when-needed")  # when an empty Stock is a defeat (a reading; option)
HAND = 4


# ---- options and set-up -------------------------------------------------------------------
def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`characters` (comma-separated ids: two in a solo game, one per player
    otherwise), `difficulty` (easy, normal, hard: bosses at set-up) and
    `empty_stock` (at-once, when-needed: when an empty Stock is a defeat)."""
    c = content.load()
    known = {"characters", "difficulty", "empty_stock"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for promised_day "
                         f"(known: {', '.join(sorted(known))})")
    players = 2 if players is None else players
    if players not in ACTIONS:
        raise BadOptions(f"--players {players}: The Promised Day is for 1-4 players")
    need = 2 if players <= 2 else players
    chosen = tuple(raw["characters"].split(",")) if "characters" in raw \
        else DEFAULT_CHARACTERS[:need]
    if len(chosen) != need or len(set(chosen)) != need:
        raise BadOptions(f"option characters: {need} different characters for {players} player(s)")
    for ch in chosen:
        if ch not in c.characters:
            raise BadOptions(f"option characters: unknown {ch!r} "
                             f"(have: {', '.join(sorted(c.characters))})")
    difficulty = raw.get("difficulty", "easy")
    if difficulty not in DIFFICULTIES:
        raise BadOptions(f"option difficulty={difficulty!r}: one of {', '.join(DIFFICULTIES)}")
    empty_stock = raw.get("empty_stock", "at-once")
    if empty_stock not in EMPTY_STOCK:
        raise BadOptions(f"option empty_stock={empty_stock!r}: one of {', '.join(EMPTY_STOCK)}")
    return {"players": players, "characters": list(chosen), "difficulty": difficulty,
            "empty_stock": empty_stock}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return SEATS[:opts["players"]]


def _seat_of_character(opts: dict[str, Any], i: int) -> str:
    return SEATS[0] if opts["players"] == 1 else SEATS[i]


def setup(opts: dict[str, Any], dice) -> list:
    """Section 3, in the rulebook's order, then the starting soldiers."""
    c = content.load()
    players = opts["players"]
    res = Resolution(Game())
    res.add(ev.GameConfigured(rule=R + "setup.numbers", players=players, actions=ACTIONS[players],
                              rounds=c.rounds, plus_two_from=c.plus_two_from,
                              damage_track=c.damage_track, stock=c.soldier_tokens,
                              difficulty=opts["difficulty"],
                              empty_stock=opts.get("empty_stock", "at-once")),
            ev.BoardLaid(rule=R + "setup.board", areas=c.areas, lines=c.lines,
                         positions=c.positions))
    tiles = dice.shuffled(c.tiles)
    res.add(ev.TilesPlaced(rule=R + "setup.tiles", tiles=tuple(
        (area, tile, kind) for (area, _), (tile, kind) in zip(c.areas, tiles, strict=True))))
    for i, cid in enumerate(opts["characters"]):
        ch = c.characters[cid]
        res.add(ev.CharacterChosen(rule=R + "setup.character", character=cid,
                                   seat=_seat_of_character(opts, i), name=ch.name, move=ch.move,
                                   life=ch.life, special=ch.special, effect=ch.effect))
        if ch.special == "companion":
            res.add(ev.CompanionCardsTaken(rule=R + "setup.companion", character=cid, cards=tuple(
                b[:3] for b in c.bonus if b[3] == cid)))
    bonus = [b[:3] for b in c.bonus if b[3] not in opts["characters"]]
    res.add(ev.BonusDeckShuffled(rule=R + "setup.bonus", cards=tuple(dice.shuffled(bonus))))
    for _ in range(3):
        res.add(ev.BonusRevealed(rule=R + "setup.bonus", card=res.state.bonus_deck[0]))
    _setup_bosses(res, c, opts["difficulty"], dice)
    res.add(ev.SoldierDeckShuffled(rule=R + "setup.soldier-deck",
                                   cards=tuple(dice.shuffled(c.soldier_cards))))
    soldiers_appear(res, dice, 4 if players <= 2 else 9, R + "setup.soldiers")
    for cid in opts["characters"]:
        cards = dice.shuffled([card.to_data() for card in c.characters[cid].cards])
        res.add(ev.CharacterDeckShuffled(rule=R + "setup.deck", character=cid, cards=tuple(cards)))
        draw(res, cid, HAND, R + "setup.hand")
    return res.facts


def _setup_bosses(res: Resolution, c, difficulty: str, dice) -> None:
    """Bosses by difficulty arrive at once; the other Boss cards are shuffled with the
    Event cards and one goes face down above each round from the 2nd (our reading:
    the rulebook does not say which Homunculus cards go on the Round Board)."""
    res.add(ev.BossesListed(rule=R + "setup.bosses", bosses=tuple(
        (b.id, b.name, b.space, b.life, b.ability) for b in c.bosses.values())))
    bosses = dice.shuffled(sorted(c.bosses))
    n = c.difficulty[difficulty]
    for boss in bosses[:n]:
        boss_arrives(res, boss, R + "setup.bosses")
    cards = [(b, "boss", b, c.bosses[b].march, c.bosses[b].soldiers) for b in bosses[n:]]
    cards += [(e, "event", effect, march, soldiers) for e, effect, march, soldiers in c.events]
    order = dice.shuffled(cards)
    res.add(ev.HomunculusCardsDealt(rule=R + "setup.round-board", cards=tuple(
        (rnd, *card) for rnd, card in zip(range(2, c.rounds + 1), order, strict=False))))


# ---- whose turn, and the end --------------------------------------------------------------
def _answering(state: Game) -> tuple[str, ...]:
    """Seats that may answer an Event card's question, the Start Player's first."""
    kind = state.pending[0]
    found: list[str] = []
    for c in state.order:
        seat = state.seat_of[c]
        if seat not in found and (kind == "wound" or any(
                state.hands[x] for x in state.characters if state.seat_of[x] == seat)):
            found.append(seat)
    return tuple(found)


def to_act(state: Game) -> tuple[str, ...]:
    if state.phase == START:
        if len(state.decks) < len(state.characters) or not state.characters:
            return ()  # a step inside the set-up facts: nobody acts yet
        if act.flip_due(state):
            return (state.seat_of[state.characters[0]],)
        # each player places its character, in any order; a solo player both, in turn
        waiting = [state.seat_of[c] for c in state.characters if c not in state.position]
        return tuple(dict.fromkeys(waiting))
    if state.phase == HOMUNCULUS:
        return _answering(state) if state.pending else (SYSTEM,)
    if state.phase == PLAYERS:
        return (state.seat_of[state.current],) if state.current else ()
    return ()


def outcome(state: Game) -> str | None:
    return state.result


def system_command(state: Game, now) -> Command | None:
    if state.phase != HOMUNCULUS:
        return None
    step = next_step(state)
    return COMMANDS.parse(step) if step else None


def prompts(state: Game) -> tuple[Prompt, ...]:
    if state.phase == OVER or state.pending is None:
        return ()
    kind, left = state.pending
    questions = {
        "discard": (f"discuss and decide who discards {left} more card(s)", R + "event.discard"),
        "wound": (f"discuss and decide who takes {left} more damage", R + "event.wound"),
        "bonus": ("choose and resolve a face-up Transmutation Bonus card", R + "bonus.choose"),
    }
    question, rule = questions[kind]
    return tuple(Prompt(seat, question, rule,
                        tuple(c.notation() for c in legal_commands(state, seat)))
                 for seat in to_act(state))


# ---- deciding -----------------------------------------------------------------------------
def decide(state: Game, seat: str, command: Command, ctx: Context) -> list:
    if state.phase == OVER:
        raise RuleViolation("core.game-over", f"the game is over: {state.result}")
    if command.verb in STEPS:
        if seat != SYSTEM:
            raise RuleViolation("core.system", "the Homunculus turn is the system seat's")
        if state.phase != HOMUNCULUS:
            raise RuleViolation(R + "homunculus.order", "no Homunculus turn is under way")
        return resolve_step(state, command.verb, ctx.dice)
    if seat == SYSTEM:
        raise RuleViolation("core.system", "the system seat only plays the Homunculus turn")
    match command:
        case Flip(area):
            return act.flip(state, seat, area)
        case Start(space):
            return act.start(state, seat, space)
        case Walk(space):
            return act.walk(state, seat, space)
        case Attack(card, targets):
            return act.attack(state, seat, card, targets)
        case Alchemy(first, second, targets):
            return act.alchemy(state, seat, first, second, targets)
        case Replenish():
            return act.replenish(state, seat)
        case Move(space):
            return act.move(state, seat, space)
        case Complete():
            return act.complete(state, seat)
        case Bonus(card, args):
            return act.bonus(state, seat, card, args)
        case Companion(card, args):
            return act.companion(state, seat, card, args)
        case End():
            return act.end(state, seat)
        case Discard(card):
            return act.discard(state, seat, card)
        case Wound(character):
            return act.wound_answer(state, seat, character)
    raise RuleViolation("core.notation", f"promised_day has no command {command.verb!r}")


# ---- legal commands -----------------------------------------------------------------------
_LEGAL: dict[tuple[int, str], tuple[weakref.ref, tuple[Command, ...]]] = {}


def legal_commands(state: Game, seat: str) -> list[Command]:
    """Memoised per state (states are immutable): the play page, prompts, bots and
    `decide`'s callers ask the same position several times."""
    key = (id(state), seat)
    hit = _LEGAL.get(key)
    if hit is not None and hit[0]() is state:
        return list(hit[1])
    found = tuple(_legal_commands(state, seat))
    if len(_LEGAL) >= 64:
        _LEGAL.clear()
    _LEGAL[key] = (weakref.ref(state), found)
    return list(found)


def _legal_commands(state: Game, seat: str) -> list[Command]:
    if seat == SYSTEM or seat not in to_act(state):
        return []
    if state.phase == START and act.flip_due(state):
        found: list[Command] = [Flip(area) for area in act.flippable(state)]
    elif state.phase == START:
        taken = set(state.position.values())
        found = [Start(sp) for sp in state.spots if sp not in taken]
    elif state.phase == HOMUNCULUS:
        found = _answers(state, seat)
    else:
        return _turn_commands(state, state.current)  # already in notation order
    return sorted(found, key=_notation)


def _notation(command: Command) -> str:
    return command.notation()


@lru_cache(maxsize=1024)
def _attacks(card: str, choices: tuple[tuple[str, ...], ...]) -> tuple[Command, ...]:
    """A card's attacks, in notation order (the choices are sorted)."""
    return tuple(ordered_attack(card, targets) for targets in choices)


@lru_cache(maxsize=1024)
def _alchemies(pairs: tuple[tuple[str, str], ...], choices: tuple[tuple[str, ...], ...]
               ) -> tuple[Command, ...]:
    """Every pair with every sharing out of the damage, in notation order."""
    return tuple(ordered_alchemy(a, b, targets) for a, b in pairs for targets in choices)


def _answers(state: Game, seat: str) -> list[Command]:
    mine = [c for c in state.characters if state.seat_of[c] == seat]
    if state.pending[0] == "discard":
        return [Discard(card) for c in mine for card in sorted(set(state.hands[c]))]
    return [Wound(c) for c in mine]


def _turn_commands(s: Game, character: str) -> list[Command]:
    here = s.position[character]
    reach = within(s, here, s.summary[character][1])
    if s.pending is not None:  # a Transmutation Bonus to choose
        return sorted((Bonus(card, args) for card in s.bonus_offer
                       for args in act.bonus_options(s, s.bonus_names[card][1])), key=_notation)
    if not s.moved:
        return sorted((Walk(sp) for sp in reach), key=_notation)
    # The many attacks and alchemies come memoised and sorted (by card, then targets: the
    # notation's order); the few others are sorted here, and the verbs put them in order.
    big: dict[str, list[Command]] = {"attack": []}
    hand = sorted(set(s.hands[character]))
    reach_of = {}
    for card in hand:
        _, damage, rng, _ = s.cards[card]
        if (damage, rng) not in reach_of:
            reach_of[damage, rng] = bucket_choices(s, [(damage, within(s, here, rng))])
        big["attack"] += _attacks(card, reach_of[damage, rng])
    if s.summary[character][4]:
        pairs = tuple((a, b) for i, a in enumerate(hand) for b in hand[i + 1:]
                      if act.paired(s, a, b))
        if pairs:
            big["alchemy"] = list(_alchemies(pairs, bucket_choices(
                s, act.special_buckets(s, character))))
    found: list[Command] = [End()]
    if s.decks[character]:
        found.append(Replenish())
    found += [Move(sp) for sp in reach]
    area = s.area_of[here]
    tile, kind, face_up = s.tiles[area]
    if s.summary[character][3] != "companion" and face_up \
            and act.circle_met(s, kind, s.circles[area]):
        found.append(Complete())
    for card in s.companions.get(character, ()):
        found += [Companion(card, args) for args in act.bonus_options(s, s.bonus_names[card][1])]
    small: dict[str, list[Command]] = {}
    for command in found:
        small.setdefault(command.verb, []).append(command)
    ordered: list[Command] = []
    for verb in sorted(set(small) | set(big)):
        ordered += big[verb] if verb in big else sorted(small[verb], key=_notation)
    return ordered
