"""A character's turn (section 5, "Player Turns"): basic movement, then the
actions Attack, Alchemy/Alkahestry, Replenish and Move.  Each command has its
guard (`check_...`, raising `RuleViolation` with the rule it breaks), which
`decide` and `legal_commands` both call, and its resolution.
"""

from __future__ import annotations

from collections import Counter

from engine.core.errors import RuleViolation

from . import events as ev
from .board import Bucket, capacities, distances, full_points, listed, target_space, within
from .bosses import damage_boss
from .characters import draw
from .end import Resolution
from .soldiers import remove_soldier
from .state import Game
from .turns import after_action, require_actions, require_turn, take_action


# ---- guards shared by the actions ---------------------------------------------------------
def require_space(state: Game, space: str) -> None:
    if space not in state.spots:
        raise RuleViolation("promised_day.move.space", f"there is no space {space!r} on the board "
                                                       f"(the spaces: {listed(state.spots)})")


def require_reach(state: Game, character: str, space: str, rule: str) -> int:
    """The distance to `space`, within the character's move ("Movement Rules")."""
    require_space(state, space)
    reach = state.summary[character][1]
    distance = distances(state, state.position[character]).get(space)
    if distance is None or distance > reach:
        raise RuleViolation(rule, f"{space} is beyond {character}'s move of {reach}")
    return distance


def require_in_hand(state: Game, character: str, card: str) -> None:
    if card not in state.hands[character]:
        raise RuleViolation("promised_day.attack.card-in-hand",
                            f"{card} is not in {character}'s hand (it holds: "
                            f"{listed(set(state.hands[character].cards))})")


def check_targets(state: Game, targets: tuple[str, ...], buckets: list[Bucket]) -> None:
    """Targets must lie in the damaged spaces, take no more than they can, and use
    all the damage the targets allow."""
    counts = Counter(targets)
    for word, n in counts.items():
        space = target_space(state, word)
        if space is None:
            raise RuleViolation("promised_day.attack.target",
                                f"{word!r} is neither a space nor a boss on the board "
                                f"(the bosses: {listed(state.bosses)})")
        if not any(space in spaces for _, spaces in buckets):
            raise RuleViolation("promised_day.attack.range", f"{word} is out of range")
        cap = state.bosses[word].life if word in state.bosses else state.soldiers_in(word)
        if n > cap:
            raise RuleViolation("promised_day.attack.target", f"{word} can take {cap} damage, not {n}")
    for damage, spaces in buckets:
        used = sum(n for w, n in counts.items() if target_space(state, w) in spaces)
        must = full_points(capacities(state, spaces), damage)
        if used > damage:
            raise RuleViolation("promised_day.attack.damage", f"only {damage} damage there, not {used}")
        if used != must:
            raise RuleViolation("promised_day.attack.all-damage",
                                f"{must} damage must be dealt there, not {used}")


def deal(res: Resolution, targets: tuple[str, ...], rule: str) -> None:
    """One point per target word: a space loses a soldier, a boss a point of life."""
    for word in sorted(set(targets), key=targets.index):
        count = targets.count(word)
        if word in res.state.bosses:
            damage_boss(res, word, count, rule)
        else:
            for _ in range(count):
                remove_soldier(res, word, rule)


# ---- 1. Basic Movement --------------------------------------------------------------------
def check_walk(state: Game, seat: str, space: str) -> tuple[str, int]:
    """The character and the distance of its basic movement to `space`."""
    character = require_turn(state, seat)
    if state.moved:
        raise RuleViolation("promised_day.move.basic-once", "basic movement is over for this turn")
    return character, require_reach(state, character, space, "promised_day.move.basic")


def walk(state: Game, seat: str, space: str) -> list:
    character, distance = check_walk(state, seat, space)
    res = Resolution(state)
    if distance:
        res.add(ev.CharacterMoved(rule="promised_day.move.basic", character=character,
                                  source=state.position[character], target=space,
                                  distance=distance))
    res.add(ev.ActionsBegan(rule="promised_day.turn.actions", character=character))
    return res.facts


# ---- 2. Action: Attack --------------------------------------------------------------------
def check_attack_card(state: Game, seat: str, card: str) -> str:
    """The character attacking with `card`: its turn, its actions, its hand."""
    character = require_actions(state, seat)
    require_in_hand(state, character, card)
    return character


def attack_reach(state: Game, character: str, card: str) -> list[Bucket]:
    """Where the card's damage may go: its damage within its range."""
    _, damage, reach, _ = state.cards[card]
    return [(damage, within(state, state.position[character], reach))]


def attack(state: Game, seat: str, card: str, targets: tuple[str, ...]) -> list:
    character = check_attack_card(state, seat, card)
    check_targets(state, targets, attack_reach(state, character, card))
    res = take_action(state, character, "attack", "promised_day.action.attack")
    res.add(ev.CardPlayed(rule="promised_day.attack.card-to-circle", character=character,
                          card=card, area=state.area_of[state.position[character]]))
    deal(res, targets, "promised_day.attack.damage")
    return after_action(res)


# ---- 2. Action: Alchemy / Alkahestry (section 7, Character Actions) ------------------------
def special_buckets(state: Game, character: str) -> list[Bucket]:
    """Where a character's Alchemy/Alkahestry deals its damage (section 7)."""
    here = state.position[character]
    ring = sorted(s for s, d in distances(state, here).items() if d == 1)
    same_area = [s for s in state.areas[state.area_of[here]] if s != here]
    return {
        "ed-alchemy": lambda: [(3, frozenset({here}))] + [(1, frozenset({s})) for s in ring],
        "al-alchemy": lambda: [(3, within(state, here, 3))],
        "mustang-alchemy": lambda: [(2, frozenset({here}))] + [(1, frozenset({s}))
                                                                for s in same_area],
        "scar-alkahestry": lambda: [(4, frozenset({here}))],
    }[state.summary[character][4]]()


# The rule each character's Alchemy/Alkahestry cites for its damage.
SPECIAL_RULES = {"ed-alchemy": "promised_day.alchemy.ed-alchemy",
                 "al-alchemy": "promised_day.alchemy.al-alchemy",
                 "mustang-alchemy": "promised_day.alchemy.mustang-alchemy",
                 "scar-alkahestry": "promised_day.alchemy.scar-alkahestry"}


def paired(state: Game, first: str, second: str) -> bool:
    icon = state.cards[first][3]
    return first != second and bool(icon) and icon == state.cards[second][3]


def check_alchemist(state: Game, seat: str) -> str:
    """The character whose turn it is, if it has Alchemy or Alkahestry."""
    character = require_actions(state, seat)
    if not state.summary[character][4]:
        raise RuleViolation("promised_day.alchemy.who", f"{character} has no Alchemy or Alkahestry")
    return character


def check_pair(state: Game, character: str, first: str, second: str) -> None:
    require_in_hand(state, character, first)
    require_in_hand(state, character, second)
    if not paired(state, first, second):
        raise RuleViolation("promised_day.alchemy.paired",
                            f"{first} and {second} do not have paired icons")


def alchemy(state: Game, seat: str, first: str, second: str, targets: tuple[str, ...]) -> list:
    character = check_alchemist(state, seat)
    check_pair(state, character, first, second)
    check_targets(state, targets, special_buckets(state, character))
    res = take_action(state, character, "alchemy", "promised_day.action.alchemy")
    area = state.area_of[state.position[character]]
    for card in (first, second):
        res.add(ev.CardPlayed(rule="promised_day.alchemy.cards-to-circle", character=character,
                              card=card, area=area))
    deal(res, targets, SPECIAL_RULES[state.summary[character][4]])
    return after_action(res)


# ---- 2. Action: Replenish, Move -----------------------------------------------------------
def check_replenish(state: Game, seat: str) -> str:
    character = require_actions(state, seat)
    if not state.decks[character].cards:
        raise RuleViolation("promised_day.action.replenish-empty", f"{character}'s deck is empty")
    return character


def replenish(state: Game, seat: str) -> list:
    character = check_replenish(state, seat)
    res = take_action(state, character, "replenish", "promised_day.action.replenish")
    draw(res, character, 1, "promised_day.action.replenish")
    return after_action(res)


def check_move(state: Game, seat: str, space: str) -> tuple[str, int]:
    """The character and the distance of its Move action to `space`."""
    character = require_actions(state, seat)
    return character, require_reach(state, character, space, "promised_day.action.move")


def move(state: Game, seat: str, space: str) -> list:
    character, distance = check_move(state, seat, space)
    res = take_action(state, character, "move", "promised_day.action.move")
    if distance:  # like basic movement, a Move may stay where it is
        res.add(ev.CharacterMoved(rule="promised_day.action.move", character=character,
                                  source=state.position[character], target=space,
                                  distance=distance))
    return after_action(res)
