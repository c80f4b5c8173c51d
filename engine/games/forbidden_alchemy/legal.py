"""What the investigator may do now: every candidate command that the guards
`decide` calls accept (`actions.py`, `completion.py`)."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import RuleViolation

from .actions import check_replace, check_skill_point, check_swap
from .commands import Command, Replace, SpendSkillPoint, Stop, Swap
from .completion import check_stop
from .rules import to_act
from .state import Puzzle


def allowed(guard: Callable[..., object], *args) -> bool:
    """Does the guard accept these arguments?"""
    try:
        guard(*args)
    except RuleViolation:
        return False
    return True


def legal_commands(state: Puzzle, seat: str) -> list[Command]:
    if seat not in to_act(state):
        return []
    pairs = sorted(tuple(sorted(pair)) for pair in state.adjacent)
    return [
        *(Swap(a, b) for a, b in pairs if allowed(check_swap, state, a, b)),
        *(Replace(edge) for edge in range(1, len(state.edges) + 1) if allowed(check_replace, state, edge)),
        *([SpendSkillPoint()] if allowed(check_skill_point, state) else []),
        *([Stop()] if allowed(check_stop, state) else []),
    ]
