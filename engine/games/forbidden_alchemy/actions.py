"""Puzzle actions ("Attempting an Alchemy Puzzle", "Other Alchemy Puzzle
Rules"): a guard for each rule an action must meet, and the facts of each
action.  `decide` and `legal_commands` call the same guards.
"""

from __future__ import annotations

from engine.core.errors import RuleViolation
from engine.core.events import Event

from . import events as ev
from .state import ACTIONS, Puzzle

SWAP_COST, REPLACE_COST = 1, 2


# ---- guards ---------------------------------------------------------------------------------
def require_attempt(state: Puzzle) -> None:
    if state.phase != ACTIONS:
        raise RuleViolation("forbidden_alchemy.actions.phase", "no Alchemy puzzle attempt is under way")


def require_edge(state: Puzzle, edge: int) -> None:
    if not 1 <= edge <= len(state.edges):
        raise RuleViolation("forbidden_alchemy.actions.edge",
                            f"tile {state.tile} has edges 1..{len(state.edges)}, not {edge}")


def require_actions(state: Puzzle, cost: int, what: str) -> None:
    if state.actions < cost:
        raise RuleViolation("forbidden_alchemy.actions.not-enough",
                            f"{what} costs {cost} puzzle action(s); {state.actions} left")


def check_swap(state: Puzzle, first: int, second: int) -> None:
    require_attempt(state)
    require_edge(state, first)
    require_edge(state, second)
    require_actions(state, SWAP_COST, "a swap")
    if frozenset((first, second)) not in state.adjacent:
        raise RuleViolation("forbidden_alchemy.actions.adjacent",
                            f"edges {first} and {second} do not touch on tile {state.tile}")


def check_replace(state: Puzzle, edge: int) -> None:
    require_attempt(state)
    require_edge(state, edge)
    require_actions(state, REPLACE_COST, "a replacement")
    if not state.pile:
        raise RuleViolation("forbidden_alchemy.actions.pile-empty", "the pile of unused pieces is empty")


def check_skill_point(state: Puzzle) -> None:
    require_attempt(state)
    if state.actions == 0:
        raise RuleViolation("forbidden_alchemy.actions.exhausted",
                            "no puzzle actions are left: the test must be made now")
    if state.luck_added:
        raise RuleViolation("forbidden_alchemy.skill.once", f"{state.name} has already added Luck to this puzzle")
    if state.skill_points < 1:
        raise RuleViolation("forbidden_alchemy.skill.none-left", f"{state.name} has no skill point left")


# ---- the actions ----------------------------------------------------------------------------
def swap(state: Puzzle, first: int, second: int) -> list[Event]:
    check_swap(state, first, second)
    return [ev.PiecesSwapped(rule="forbidden_alchemy.actions.swap", first=first, second=second)]


def replace(state: Puzzle, edge: int) -> list[Event]:
    check_replace(state, edge)
    piece, shape = state.pile[0]
    # The discard comes before the draw ("replace-order"): the choice is blind.
    return [
        ev.PuzzlePieceDiscarded(rule="forbidden_alchemy.actions.replace-order", edge=edge,
                                piece=state.placed[edge - 1][0]),
        ev.PuzzlePieceDrawn(rule="forbidden_alchemy.actions.replace", edge=edge, piece=piece, shape=shape),
    ]


def spend_skill_point(state: Puzzle) -> list[Event]:
    check_skill_point(state)
    return [ev.SkillPointSpent(rule="forbidden_alchemy.skill.luck", luck=state.luck)]
