"""Brutality - two teams of two heroes, tactics with facing, knockback and hazards.

Rulebook: `../shared/rulebooks/brutality.txt`.  Content (hero sheets,
artifacts, relics, both boards) is stand-in data in `fixtures/brutality/`;
effects are a small vocabulary resolved in `effects.py`, one fact a step.

Modules: `setup` (options, setup, the alternating choices and the
Controlled Chaos draft), `rules` (whose move, decide, legal commands, the
effect stack), `windows` (who is offered a chance to answer: public facts
only), `artifacts` (when an artifact may be used), `movement`, `targeting`,
`phases` (phases 1, 2, 4, 5), `effects` (damage, status, knockback and its
chains, burial, Ghost Knights, Corpse Parts), `jumps` (the Catapult),
`relics` (cards and timing words),
`board` (geometry and the hazard table), `view`, `bots`.

Four players play a team of two, one hero each (`players`).

Not shipped here (files the lead owns): registration, recorded demo games,
the bench entry.
"""

from .bots import BOTS
from .commands import COMMANDS
from .events import EVENTS
from .players import decide, legal_commands, team_seats, to_act
from .rulebook import RULES
from .rules import outcome
from .scores import scores as scores  # the replay's chart (docs/GAMES.md)
from .setup import options, seats, setup
from .state import evolve, initial_state
from .view import board_targets, describe, redact, render, scramble_hidden, turn, view

ID = "brutality"
TITLE = "Brutality"
# 2: second pass - exact line of sight (corner touches do not block), enemy abilities reach
# buried heroes, a Spiked Pillar stopping Buried Alive hurts, a jumper's step-aside keeps the
# noose, the Ice Pit's corners are inside the icicles.
# 3: second audit - a two-space hero traces line of sight from either of its spaces, a
# gravestone is a hazard tile (nothing is summoned, moved, knocked or lit onto it), Hell
# Fire is lit before the end-of-turn damage of the turn it starts in.
# 4: hidden-hand audit - the effect stack's wait, the "End of..." windows and the enemy's
# place in `to_act` rest on public facts only (a team holding any relic card, or a usable
# face-up artifact, is offered the chance and may pass), never on which cards it holds.
RULES_VERSION = "4"
PLAYER_COUNTS = (2, 4)
# Setup options worth starting from (the conformance suite draws them).
SCENARIOS = {"ice-pit": {"board": "ice-pit", "tank_in_chain": "pushed"},
             "controlled-chaos": {"relics": "draft", "first_turn_bonus": "both"},
             "quick": {"start": "random"}}


def prompts(state):
    """The question a resolution waits on, if any."""
    from engine.core.prompts import Prompt
    if not state.question:
        return ()
    team, kind, hero, choices = state.question
    question = {"displace": f"choose the adjacent space {hero} goes to",
                "jump-move": f"{hero} is on a Catapult: choose where to jump, or stay",
                "jump-knock": f"{hero} was knocked onto a Catapult: choose where they jump",
                "land": f"{hero} jumped onto a hero in a corner: choose where to land"}[kind]
    return tuple(Prompt(seat, question, "brutality.prompt.answer",
                        tuple(f"answer {c}" for c in choices)) for seat in team_seats(state, team))


__all__ = [
    "BOTS", "COMMANDS", "EVENTS", "ID", "PLAYER_COUNTS", "RULES", "RULES_VERSION", "TITLE",
    "board_targets", "decide", "describe", "evolve", "initial_state", "legal_commands",
    "options", "outcome", "prompts", "redact", "render", "scramble_hidden", "seats", "setup",
    "to_act", "turn", "view",
]
