"""Completing an Alchemy puzzle: the test against the pieces correctly
placed, a Side Effect card when it fails ("Side Effect Cards"), and every
piece back under the pile.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.kit.rolls import d10_test, passed

from . import events as ev
from .actions import require_attempt
from .state import Puzzle

# The rule each outcome of the d10 test cites ("Completing an Alchemy Puzzle";
# the natural 1 and 10 are those of every test, "New Combat Card Tests").
OUTCOMES = {
    "pass": "forbidden_alchemy.test.pass",
    "fail": "forbidden_alchemy.test.fail",
    "natural-1": "forbidden_alchemy.test.natural-1",
    "natural-10": "forbidden_alchemy.test.natural-10",
}


def check_stop(state: Puzzle) -> None:
    require_attempt(state)


def stop_and_test(state: Puzzle, dice) -> list[Event]:
    """Stop (or run out), roll the d10 against the correct pieces, draw a Side
    Effect on a failure, and put every piece under the pile."""
    check_stop(state)
    correct = state.correct_pieces()
    roll = dice.d10()
    facts: list[Event] = [
        ev.PuzzleActionsStopped(rule="forbidden_alchemy.actions.stop", unused=state.actions),
        ev.DieRolled(rule="forbidden_alchemy.test.roll", die="d10", value=roll),
    ]
    outcome = d10_test(roll, correct)
    if passed(outcome):
        facts.append(ev.AlchemyTestPassed(rule=OUTCOMES[outcome], correct=correct, roll=roll))
    else:
        facts.append(ev.AlchemyTestFailed(rule=OUTCOMES[outcome], correct=correct, roll=roll))
        facts += draw_side_effect(state)
    used = tuple(slot for slot in state.placed if slot is not None) + state.discards
    facts.append(ev.PuzzlePiecesReturned(rule="forbidden_alchemy.cleanup.bottom", pieces=used))
    return facts


def draw_side_effect(state: Puzzle) -> list[Event]:
    """Draw until a card may stay with a lone investigator (content guarantees one);
    the card stays in play unless its text says to discard it."""
    facts: list[Event] = []
    for card in state.deck:
        card_id, title, text, multi, discard = card
        rule = "forbidden_alchemy.side-effect.draw" if facts else "forbidden_alchemy.test.side-effect"
        facts.append(ev.SideEffectDrawn(rule=rule, card=card_id, title=title, text=text,
                                        multi_investigator=multi, discard_immediately=discard))
        if multi and state.investigators == 1:
            facts.append(ev.SideEffectDiscarded(rule="forbidden_alchemy.side-effect.multi-investigator",
                                                card=card_id))
            continue
        if discard:
            facts.append(ev.SideEffectDiscarded(rule="forbidden_alchemy.side-effect.discard", card=card_id))
        else:
            facts.append(ev.SideEffectKept(rule="forbidden_alchemy.side-effect.stays", card=card_id))
        break
    return facts
