"""The Transmutation Bonus cards (section 7, "Transmutation Bonus Card
Effects"): one chosen from the Round Board after a Reverse Transmutation
Circle, or used by Hawkeye or Greed & Ling Yao with the Companion action.

Each effect lists every way to resolve it (`bonus_options`, as argument
words): the command must name one of them, and `legal_commands` offers
exactly them.
"""

from __future__ import annotations

from itertools import product

from engine.core.errors import RuleViolation

from . import events as ev
from .actions import deal
from .board import allocations, capacities, distances, full_points, listed
from .characters import draw, heal
from .end import Resolution
from .state import DAMAGE_TRACK, STOCK, Game
from .turns import after_action, require_actions, require_turn, take_action

# The rule each effect (content names it) cites.
EFFECT_RULES = {
    "heal-two": "promised_day.bonus.heal-two", "draw-two": "promised_day.bonus.draw-two",
    "relocate": "promised_day.bonus.relocate", "boss-damage": "promised_day.bonus.boss-damage",
    "one-per-area": "promised_day.bonus.one-per-area",
    "draw-and-heal": "promised_day.bonus.draw-and-heal",
    "clear-track-two": "promised_day.bonus.clear-track-two",
    "three-in-area": "promised_day.bonus.three-in-area",
    "remove-two": "promised_day.bonus.remove-two", "wild-card": "promised_day.bonus.wild-card",
}


def _wounded(state: Game) -> dict[str, int]:
    return {c: state.summary[c][2] - state.life[c] for c in state.characters
            if state.life[c] < state.summary[c][2]}


def _with_deck(state: Game) -> dict[str, int]:
    return {c: len(state.decks[c]) for c in state.characters if state.decks[c].cards}


def _soldier_caps(state: Game, spaces) -> dict[str, int]:
    return capacities(state, frozenset(spaces), bosses=False)


def _multiset(caps: dict[str, int], most: int) -> list[tuple[str, ...]]:
    return allocations(caps, full_points(caps, most))


def bonus_options(state: Game, effect: str) -> list[tuple[str, ...]]:
    """Every way to resolve a bonus effect, as argument words."""
    s = state
    if effect == "heal-two":
        return _multiset(_wounded(s), 2)
    if effect == "draw-two":
        return _multiset(_with_deck(s), 2)
    if effect == "relocate":
        return [(c, sp) for c in s.characters for sp in sorted(s.spots) if sp != s.position[c]]
    if effect == "boss-damage":
        return _multiset({b: min(2, boss.life) for b, boss in s.bosses.items()}, 2)
    if effect == "one-per-area":
        per_area = [[sp for sp in spaces if s.soldiers_in(sp)] for spaces in s.areas.values()]
        return sorted({tuple(sorted(pick)) for pick in product(*[a for a in per_area if a])})
    if effect == "draw-and-heal":
        return [(d, h) for d in (sorted(_with_deck(s)) or ["none"])
                for h in (sorted(_wounded(s)) or ["none"])]
    if effect == "clear-track-two":
        return [()]
    if effect == "three-in-area":
        found = {choice for spaces in s.areas.values()
                 for choice in _multiset(_soldier_caps(s, spaces), 3)}
        return sorted(found - {()}) or [()]
    if effect == "remove-two":
        return _multiset(_soldier_caps(s, s.spots), 2)
    return [(str(area),) for area in sorted(s.areas)]  # "wild-card"


def options_of(state: Game, card: str) -> list[tuple[str, ...]]:
    """Every way to resolve the bonus card `card`."""
    return bonus_options(state, state.bonus_names[card][1])


def require_bonus_args(state: Game, card: str, args: tuple[str, ...]) -> None:
    """One spelling per choice: multisets of targets are written sorted."""
    choices = options_of(state, card)
    if args not in choices:
        raise RuleViolation(EFFECT_RULES[state.bonus_names[card][1]],
                            f"{card} cannot be resolved with {' '.join(args) or 'nothing'} "
                            f"(for instance: {' '.join(choices[0]) or 'nothing'})")


def _resolve(res: Resolution, card: str, args: tuple[str, ...]) -> None:
    effect = res.state.bonus_names[card][1]
    rule = EFFECT_RULES[effect]
    if effect == "heal-two":
        for c in sorted(set(args)):
            heal(res, c, args.count(c), rule)
    elif effect == "draw-two":
        for c in sorted(set(args)):
            draw(res, c, args.count(c), rule)
    elif effect == "relocate":
        c, space = args
        res.add(ev.CharacterMoved(rule=rule, character=c, source=res.state.position[c],
                                  target=space,
                                  distance=distances(res.state, res.state.position[c])[space]))
    elif effect in ("boss-damage", "one-per-area", "three-in-area", "remove-two"):
        deal(res, args, rule)
    elif effect == "draw-and-heal":
        drawer, healed = args
        if drawer != "none":
            draw(res, drawer, 1, rule)
        if healed != "none":
            heal(res, healed, 1, rule)
    elif effect == "clear-track-two":
        for _ in range(min(2, res.state.damage_track)):
            res.add(ev.SoldierMoved(rule=rule, source=DAMAGE_TRACK, target=STOCK))
    if effect == "wild-card":
        res.add(ev.BonusPlacedInCircle(rule=rule, card=card, area=int(args[0])))
    else:
        res.add(ev.BonusDiscarded(rule="promised_day.bonus.discard", card=card))


# ---- a bonus card from the Round Board, after a Reverse Transmutation Circle ---------------
def check_bonus(state: Game, seat: str, card: str) -> str:
    """The character choosing `card` from the Round Board."""
    character = require_turn(state, seat)
    if state.pending is None or state.pending[0] != "bonus":
        raise RuleViolation("promised_day.bonus.choose", "no Transmutation Bonus is to be chosen now")
    if card not in state.bonus_offer:
        raise RuleViolation("promised_day.bonus.choose", f"{card} is not face up on the Round Board "
                                                         f"(face up: {listed(state.bonus_offer)})")
    return character


def bonus(state: Game, seat: str, card: str, args: tuple[str, ...]) -> list:
    character = check_bonus(state, seat, card)
    require_bonus_args(state, card, args)
    res = Resolution(state)
    res.add(ev.QuestionAnswered(rule="promised_day.bonus.choose", kind="bonus", left=0),
            ev.BonusChosen(rule="promised_day.bonus.choose", card=card, by=character))
    _resolve(res, card, args)
    if res.state.bonus.cards:
        res.add(ev.BonusRevealed(rule="promised_day.bonus.reveal-new", card=res.state.bonus.cards[0]))
    return after_action(res)


# ---- 2. Action: Companion (Hawkeye, Greed & Ling Yao) --------------------------------------
def check_companion(state: Game, seat: str, card: str) -> str:
    """The character using its own Companion card `card`."""
    character = require_actions(state, seat)
    if state.summary[character][3] != "companion":
        raise RuleViolation("promised_day.companion.who", f"{character} has no Companion action")
    if card not in state.companions[character]:
        raise RuleViolation("promised_day.companion.card",
                            f"{card} is not beside {character}'s summary "
                            f"(beside it: {listed(state.companions[character])})")
    return character


def companion(state: Game, seat: str, card: str, args: tuple[str, ...]) -> list:
    character = check_companion(state, seat, card)
    require_bonus_args(state, card, args)
    res = take_action(state, character, "companion", "promised_day.action.companion")
    res.add(ev.BonusChosen(rule="promised_day.action.companion", card=card, by=character))
    _resolve(res, card, args)
    return after_action(res)
