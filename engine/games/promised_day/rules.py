"""The rules of The Promised Day: whose turn it is, `decide`, the system seat.

Set-up is `setup.py`, the Homunculus turn `homunculus.py`, the player turns
`actions.py`, `circle.py` and `bonus.py`; every fact carries the rule id of
`rulebook.py` that produced it.
"""

from __future__ import annotations

from engine.core.context import SYSTEM, Context
from engine.core.errors import RuleViolation

from . import actions as act
from . import bonus, circle, homunculus, setup, turns
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
)
from .state import HOMUNCULUS, OVER, PLAYERS, START, Game


# ---- whose turn, and the end --------------------------------------------------------------
def answering(state: Game) -> tuple[str, ...]:
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
        if setup.flip_due(state):
            return (state.seat_of[state.characters[0]],)
        # each player places its character, in any order; a solo player both, in turn
        waiting = [state.seat_of[c] for c in state.characters if c not in state.position]
        return tuple(dict.fromkeys(waiting))
    if state.phase == HOMUNCULUS:
        return answering(state) if state.pending else (SYSTEM,)
    if state.phase == PLAYERS:
        return (state.seat_of[state.current],) if state.current else ()
    return ()


def outcome(state: Game) -> str | None:
    return state.result


def turn(state: Game) -> int:
    """The round in progress (0 during set-up)."""
    return state.round


def system_command(state: Game, now) -> Command | None:
    if state.phase != HOMUNCULUS:
        return None
    step = homunculus.next_step(state)
    return COMMANDS.parse(step) if step else None


# ---- deciding -----------------------------------------------------------------------------
def decide(state: Game, seat: str, command: Command, ctx: Context) -> list:
    if state.phase == OVER:
        raise RuleViolation("core.game-over", f"the game is over: {state.result}")
    if command.verb in homunculus.STEPS:
        if seat != SYSTEM:
            raise RuleViolation("core.system", "the Homunculus turn is the system seat's")
        if state.phase != HOMUNCULUS:
            raise RuleViolation("promised_day.homunculus.order", "no Homunculus turn is under way")
        return homunculus.resolve_step(state, command.verb, ctx.dice)
    if seat == SYSTEM:
        raise RuleViolation("core.system", "the system seat only plays the Homunculus turn")
    match command:
        case Flip(area):
            return setup.flip(state, seat, area)
        case Start(space):
            return setup.start(state, seat, space)
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
            return circle.complete(state, seat)
        case Bonus(card, args):
            return bonus.bonus(state, seat, card, args)
        case Companion(card, args):
            return bonus.companion(state, seat, card, args)
        case End():
            return turns.end(state, seat)
        case Discard(card):
            return homunculus.discard(state, seat, card)
        case Wound(character):
            return homunculus.wound_answer(state, seat, character)
    raise RuleViolation("core.notation", f"promised_day has no command {command.verb!r}")
