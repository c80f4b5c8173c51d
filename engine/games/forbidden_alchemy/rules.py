"""The rules of an Alchemy puzzle attempt: `decide` as a `match` over the
commands, each calling the guards and facts of `actions.py` and
`completion.py`; whose turn it is and how the attempt ended.
"""

from __future__ import annotations

from engine.core.context import Context
from engine.core.errors import RuleViolation
from engine.core.events import Event

from .actions import replace, spend_skill_point, swap
from .commands import Command, Replace, SpendSkillPoint, Stop, Swap
from .completion import stop_and_test
from .state import ACTIONS, SEAT, Puzzle


def decide(state: Puzzle, seat: str, command: Command, ctx: Context) -> list[Event]:
    match command:
        case Swap(first, second):
            return swap(state, first, second)
        case Replace(edge):
            return replace(state, edge)
        case SpendSkillPoint():
            return spend_skill_point(state)
        case Stop():
            return stop_and_test(state, ctx.dice)
    raise RuleViolation("core.notation", f"forbidden_alchemy has no command {command.verb!r}")


def to_act(state: Puzzle) -> tuple[str, ...]:
    return (SEAT,) if state.phase == ACTIONS else ()


def outcome(state: Puzzle) -> str | None:
    if state.completed is None:
        return None
    verdict = "completed" if state.completed else "failed"
    return f"puzzle {verdict} (rolled {state.roll} against {state.correct} correct)"


def turn(state: Puzzle) -> int:
    """One attempt is one turn: setup is turn 0, the attempt turn 1."""
    return 0 if not state.tile else 1
