"""The rules of an Alchemy puzzle attempt: setup, decide, legal commands.

Every check is a small guard that raises `RuleViolation` with the rule id
of `rulebook.py`; every fact carries the rule that produced it.
"""

from __future__ import annotations

from typing import Any

from engine.core.context import Context
from engine.core.dice import Dice
from engine.core.errors import BadOptions, RuleViolation
from engine.core.events import Event

from . import content
from . import events as ev
from .commands import Command, Replace, SpendSkillPoint, Stop, Swap
from .state import ACTIONS, Puzzle

SEAT = "investigator"
R = "forbidden_alchemy."
MAX_INVESTIGATORS = 4  # base game: up to five players, one of whom is the keeper


# ---- options and setup ----------------------------------------------------------------------
def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`tile`, `investigator`, and `investigators` (how many play the story;
    `--players` sets it).  Only one investigator attempts the puzzle."""
    c = content.load()
    known = {"tile", "investigator", "investigators"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for forbidden_alchemy (known: {', '.join(sorted(known))})")
    tile = raw.get("tile", "10A")
    if tile not in c.tiles:
        raise BadOptions(f"option tile={tile!r}: no such setup tile (have: {', '.join(sorted(c.tiles))})")
    who = raw.get("investigator", "jenny-barnes")
    if who not in c.investigators:
        raise BadOptions(f"option investigator={who!r}: unknown (have: {', '.join(sorted(c.investigators))})")
    count = raw.get("investigators", str(players) if players is not None else "1")
    if not count.isdigit() or not 1 <= int(count) <= MAX_INVESTIGATORS:
        raise BadOptions(f"option investigators={count!r} (or --players): must be 1..{MAX_INVESTIGATORS}")
    return {"tile": tile, "investigator": who, "investigators": int(count)}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    return (SEAT,)


def setup(opts: dict[str, Any], dice: Dice) -> list[Event]:
    """"Alchemy Puzzle Setup" steps 1-3, then the actions granted by Intellect."""
    c = content.load()
    tile, who = c.tiles[opts["tile"]], c.investigators[opts["investigator"]]
    pile = dice.shuffled(c.pieces)
    deck = dice.shuffled([card.to_data() for card in c.side_effects])
    facts: list[Event] = [
        ev.SetupTilePlaced(rule=R + "setup.tile", tile=tile.id, edges=tile.edges, adjacent=tile.adjacent),
        ev.InvestigatorAttempting(rule=R + "setup.investigator", investigator=who.id, name=who.name,
                                  intellect=who.intellect, luck=who.luck,
                                  skill_points=who.skill_points, investigators=opts["investigators"]),
        ev.PuzzlePiecesShuffled(rule=R + "setup.shuffle", pile=pile),
        ev.SideEffectDeckShuffled(rule=R + "setup.side-effect-deck", deck=tuple(deck)),
    ]
    facts += [ev.PuzzlePieceDealt(rule=R + "setup.deal", edge=edge, piece=piece, shape=shape)
              for edge, (piece, shape) in enumerate(pile[: len(tile.edges)], 1)]
    facts.append(ev.PuzzleActionsGranted(rule=R + "actions.intellect", actions=who.intellect))
    return facts


# ---- whose turn, and the end ---------------------------------------------------------------
def to_act(state: Puzzle) -> tuple[str, ...]:
    return (SEAT,) if state.phase == ACTIONS else ()


def outcome(state: Puzzle) -> str | None:
    if state.completed is None:
        return None
    verdict = "completed" if state.completed else "failed"
    return f"puzzle {verdict} (rolled {state.roll} against {state.correct} correct)"


# ---- deciding ------------------------------------------------------------------------------
def decide(state: Puzzle, seat: str, command: Command, ctx: Context) -> list[Event]:
    _require_attempt(state)
    dice = ctx.dice
    match command:
        case Swap(first, second):
            return _swap(state, first, second)
        case Replace(edge):
            return _replace(state, edge)
        case SpendSkillPoint():
            return _spend_skill_point(state)
        case Stop():
            return _stop_and_test(state, dice)
    raise RuleViolation("core.notation", f"forbidden_alchemy has no command {command.verb!r}")


def _swap(state: Puzzle, first: int, second: int) -> list[Event]:
    _require_edge(state, first)
    _require_edge(state, second)
    _require_actions(state, 1, "a swap")
    if frozenset((first, second)) not in state.adjacent:
        raise RuleViolation(R + "actions.adjacent", f"edges {first} and {second} do not touch on tile {state.tile}")
    return [ev.PiecesSwapped(rule=R + "actions.swap", first=first, second=second)]


def _replace(state: Puzzle, edge: int) -> list[Event]:
    _require_edge(state, edge)
    _require_actions(state, 2, "a replacement")
    if not state.pile:
        raise RuleViolation(R + "actions.pile-empty", "the pile of unused pieces is empty")
    piece, shape = state.pile[0]
    # The discard comes before the draw ("replace-order"): the choice is blind.
    return [
        ev.PuzzlePieceDiscarded(rule=R + "actions.replace-order", edge=edge, piece=state.placed[edge - 1][0]),
        ev.PuzzlePieceDrawn(rule=R + "actions.replace", edge=edge, piece=piece, shape=shape),
    ]


def _spend_skill_point(state: Puzzle) -> list[Event]:
    if state.actions == 0:
        raise RuleViolation(R + "actions.exhausted", "no puzzle actions are left: the test must be made now")
    if state.luck_added:
        raise RuleViolation(R + "skill.once", f"{state.name} has already added Luck to this puzzle")
    if state.skill_points < 1:
        raise RuleViolation(R + "skill.none-left", f"{state.name} has no skill point left")
    return [ev.SkillPointSpent(rule=R + "skill.luck", luck=state.luck)]


def _stop_and_test(state: Puzzle, dice: Dice) -> list[Event]:
    """Stop (or run out), roll the d10 against the correct pieces, draw a Side
    Effect on a failure, and put every piece under the pile."""
    correct = state.correct_pieces()
    roll = dice.d10()
    facts: list[Event] = [
        ev.PuzzleActionsStopped(rule=R + "actions.stop", unused=state.actions),
        ev.DieRolled(rule=R + "test.roll", die="d10", value=roll),
    ]
    passed, rule = _test_result(roll, correct)
    if passed:
        facts.append(ev.AlchemyTestPassed(rule=rule, correct=correct, roll=roll))
    else:
        facts.append(ev.AlchemyTestFailed(rule=rule, correct=correct, roll=roll))
        facts += _draw_side_effect(state)
    used = tuple(slot for slot in state.placed if slot is not None) + state.discards
    facts.append(ev.PuzzlePiecesReturned(rule=R + "cleanup.bottom", pieces=used))
    return facts


def _test_result(roll: int, correct: int) -> tuple[bool, str]:
    if roll == 1:
        return True, R + "test.natural-1"
    if roll == 10:
        return False, R + "test.natural-10"
    if roll <= correct:
        return True, R + "test.pass"
    return False, R + "test.fail"


def _draw_side_effect(state: Puzzle) -> list[Event]:
    """Draw until a card may stay with a lone investigator (content guarantees one)."""
    facts: list[Event] = []
    for card in state.deck:
        card_id, title, text, multi, discard = card
        facts.append(ev.SideEffectDrawn(rule=R + ("test.side-effect" if not facts else "side-effect.draw"),
                                        card=card_id, title=title, text=text,
                                        multi_investigator=multi, discard_immediately=discard))
        if multi and state.investigators == 1:
            facts.append(ev.SideEffectDiscarded(rule=R + "side-effect.multi-investigator", card=card_id))
            continue
        if discard:
            facts.append(ev.SideEffectDiscarded(rule=R + "side-effect.discard", card=card_id))
        else:
            facts.append(ev.SideEffectKept(rule=R + "side-effect.stays", card=card_id))
        break
    return facts


# ---- guards ---------------------------------------------------------------------------------
def _require_attempt(state: Puzzle) -> None:
    if state.phase != ACTIONS:
        raise RuleViolation(R + "actions.phase", "no Alchemy puzzle attempt is under way")


def _require_edge(state: Puzzle, edge: int) -> None:
    if not 1 <= edge <= len(state.edges):
        raise RuleViolation(R + "actions.edge", f"tile {state.tile} has edges 1..{len(state.edges)}, not {edge}")


def _require_actions(state: Puzzle, cost: int, what: str) -> None:
    if state.actions < cost:
        raise RuleViolation(R + "actions.not-enough",
                            f"{what} costs {cost} puzzle action(s); {state.actions} left")


# ---- legal commands -------------------------------------------------------------------------
def legal_commands(state: Puzzle, seat: str) -> list[Command]:
    if seat != SEAT or state.phase != ACTIONS:
        return []
    found: list[Command] = []
    if state.actions >= 1:
        found += [Swap(*sorted(pair)) for pair in sorted(tuple(sorted(p)) for p in state.adjacent)]
    if state.actions >= 2 and state.pile:
        found += [Replace(edge) for edge in range(1, len(state.edges) + 1)]
    if state.actions > 0 and not state.luck_added and state.skill_points > 0:
        found.append(SpendSkillPoint())
    found.append(Stop())
    return found
