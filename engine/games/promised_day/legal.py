"""`legal_commands` (and the prompts that list them): every real choice a seat has now.

Candidates come from the position (the spaces within a character's move,
every card in a hand, the pairs with matching icons, every face-up bonus
card, ...) and are kept only if the guards `decide` calls for that command
accept them (`check_walk`, `check_complete`, ...).  The guard every action
shares (`require_actions`: the turn, no bonus waiting, the basic movement
over) is asked once per position, then each action's own guards
(`require_reach` for a Move, `require_in_hand` for an attack's card, ...).
The targets of an attack or an Alchemy are too many to try one by one:
they are generated from the same capacities and the same "all the damage
the targets allow" that `check_targets` holds a command to
(`board.bucket_choices`), once the guards of the card or the pair have
passed; a bonus card's arguments are its `bonus_options`, the very list
`require_bonus_args` checks against.  `tests/test_promised_day_play.py`
checks the result against `decide` on random positions.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.core.context import SYSTEM
from engine.core.errors import RuleViolation
from engine.core.prompts import Prompt
from engine.kit.memo import StateMemo

from .actions import (
    attack_reach,
    check_alchemist,
    check_pair,
    check_replenish,
    check_walk,
    paired,
    require_in_hand,
    require_reach,
    special_buckets,
)
from .board import bucket_choices, within
from .bonus import check_bonus, check_companion, options_of
from .circle import check_complete
from .commands import (
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
from .homunculus import check_discard, check_wound
from .rules import to_act
from .setup import check_flip, check_start, flip_due
from .state import HOMUNCULUS, OVER, START, Game
from .turns import require_actions

MEMO = StateMemo()


def allowed(guard: Callable[..., object], *args) -> bool:
    """Does the guard accept these arguments?"""
    try:
        guard(*args)
    except RuleViolation:
        return False
    return True


def legal_commands(state: Game, seat: str) -> list[Command]:
    """Memoised per state (states are immutable): the play page, prompts, bots and
    `decide`'s callers ask the same position several times."""
    memo = MEMO.values(state)
    found = memo.get(seat)
    if found is None:
        found = memo[seat] = tuple(_legal(state, seat))
    return list(found)


def prompts(state: Game) -> tuple[Prompt, ...]:
    """An Event card's question, or the bonus to choose, put to the seats that may answer,
    each with its own legal answers."""
    if state.phase == OVER or state.pending is None:
        return ()
    kind, left = state.pending
    questions = {
        "discard": (f"The Event card takes {left} more card(s) from your hands: who discards "
                    "which card? (You discuss and decide.)", "promised_day.event.discard"),
        "wound": (f"The Event card deals {left} more damage: which character takes it? "
                  "(You discuss and decide.)", "promised_day.event.wound"),
        "bonus": ("Which face-up Transmutation Bonus card do you resolve, and on what?",
                  "promised_day.bonus.choose"),
    }
    question, rule = questions[kind]
    return tuple(Prompt(seat, question, rule,
                        tuple(c.notation() for c in legal_commands(state, seat)))
                 for seat in to_act(state))


def _legal(state: Game, seat: str) -> list[Command]:
    if seat == SYSTEM or seat not in to_act(state):
        return []
    s = state
    if s.phase == START and flip_due(s):
        found: list[Command] = [Flip(a) for a in sorted(s.tiles) if allowed(check_flip, s, seat, a)]
    elif s.phase == START:
        found = [Start(sp) for sp in s.spots if allowed(check_start, s, seat, sp)]
    elif s.phase == HOMUNCULUS:
        found = _answers(s, seat)
    else:
        return _turn_commands(s, seat)  # already in notation order
    return sorted(found, key=_notation)


def _notation(command: Command) -> str:
    return command.notation()


def _answers(s: Game, seat: str) -> list[Command]:
    if s.pending[0] == "discard":
        return [Discard(card) for c in s.characters for card in sorted(set(s.hands[c].cards))
                if allowed(check_discard, s, seat, card)]
    return [Wound(c) for c in s.characters if allowed(check_wound, s, seat, c)]


@lru_cache(maxsize=1024)
def _attacks(card: str, choices: tuple[tuple[str, ...], ...]) -> tuple[Command, ...]:
    """A card's attacks, in notation order (the choices are sorted)."""
    return tuple(ordered_attack(card, targets) for targets in choices)


@lru_cache(maxsize=1024)
def _alchemies(pairs: tuple[tuple[str, str], ...], choices: tuple[tuple[str, ...], ...]
               ) -> tuple[Command, ...]:
    """Every pair with every sharing out of the damage, in notation order."""
    return tuple(ordered_alchemy(a, b, targets) for a, b in pairs for targets in choices)


def _turn_commands(s: Game, seat: str) -> list[Command]:
    """A character's choices, in notation order: the verbs alphabetically (alchemy,
    attack, companion, complete, end, move, replenish), each verb's commands sorted."""
    if s.pending is not None:  # a Transmutation Bonus to choose
        return sorted((Bonus(card, args) for card in s.bonus_offer
                       if allowed(check_bonus, s, seat, card) for args in options_of(s, card)),
                      key=_notation)
    character = s.current
    # Moving candidates: the spaces within the character's move, each then asked of the guard.
    reach = sorted(within(s, s.position[character], s.summary[character][1]))
    if not s.moved:
        return [Walk(sp) for sp in reach if allowed(check_walk, s, seat, sp)]
    # Every action passes require_actions first (the turn, no bonus waiting, basic movement
    # over): asked once here, then each action's own guards.
    if not allowed(require_actions, s, seat):
        return []
    ordered: list[Command] = []
    if allowed(check_alchemist, s, seat):
        hand = sorted(set(s.hands[character].cards))
        pairs = tuple((a, b) for i, a in enumerate(hand) for b in hand[i + 1:]
                      if paired(s, a, b) and allowed(check_pair, s, character, a, b))
        if pairs:  # memoised and sorted (by pair, then targets: the notation's order)
            ordered += _alchemies(pairs, bucket_choices(s, special_buckets(s, character)))
    ordered += _attack_commands(s, character)
    ordered += sorted((Companion(card, args) for card in s.companions.get(character, ())
                       if allowed(check_companion, s, seat, card)
                       for args in options_of(s, card)), key=_notation)
    if allowed(check_complete, s, seat):
        ordered.append(Complete())
    ordered.append(End())  # its guard is require_actions, asked above
    ordered += [Move(sp) for sp in reach
                if allowed(require_reach, s, character, sp, "promised_day.action.move")]
    if allowed(check_replenish, s, seat):
        ordered.append(Replenish())
    return ordered


def _attack_commands(s: Game, character: str) -> list[Command]:
    """Every card of the hand against every sharing out of its damage in its range (memoised
    and sorted, by card then targets: the notation's order)."""
    found: list[Command] = []
    choices_of: dict[tuple[int, int], list[tuple[str, ...]]] = {}
    for card in sorted(set(s.hands[character].cards)):
        if not allowed(require_in_hand, s, character, card):
            continue
        _, damage, reach, _ = s.cards[card]
        if (damage, reach) not in choices_of:
            choices_of[damage, reach] = bucket_choices(s, attack_reach(s, character, card))
        found += _attacks(card, tuple(choices_of[damage, reach]))
    return found
