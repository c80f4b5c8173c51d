"""Who is offered a chance to answer: the one rule behind every window.

A team's relic hand is hidden from the other team, so whether the game
waits for a team (a declared effect on the stack, the "End of..." window,
a reaction in the enemy's turn) must not depend on which cards it holds:
the waiting is seen by both teams.  As at a real table, the team is asked
whenever it might have an answer by what everyone can see (it holds a card:
the size of a hand is public; or one of its face-up artifacts could be
used now) and says "pass" when it has nothing.  A team with no card and no
usable artifact is skipped, which gives nothing away.  Rulebook
"Simultaneous Effects" and "Effect Timing"; `rulebook.py`, `stack.declare`.
"""

from __future__ import annotations

from . import artifacts
from .state import Battle


def offered(state: Battle, team: str) -> bool:
    """Does `team` get the chance to answer now?  Public facts only.

    `state` is the position as the team would be asked in it (with
    `responder` or `window` set to the team where that matters): an artifact
    answers a declared effect but is no "End of..." card."""
    return bool(state.hands.get(team)) or bool(artifacts.commands(state, team))
