"""Mansions of Madness: Forbidden Alchemy - the story game, investigators against the keeper.

1-4 investigators (`--players`) and the keeper, a seat of its own (or, with
the option keeper=system, played by the game itself on the system seat).  The
expansion's rules (Combat cards, the new tests, impassable borders,
escaping, hiding, byakhee secrecy, epilogues, the Story 1 and 3 errata) on a
small stand-in base game of our own, marked as ours in the rule table.
Content is stand-in data in `fixtures/forbidden_alchemy_story/`; the
Alchemy puzzle is the `forbidden_alchemy` game's own rules and content.
"""

from .bots import BOTS
from .commands import COMMANDS
from .events import EVENTS
from .rulebook import RULES
from .rules import (
    decide,
    legal_commands,
    options,
    outcome,
    prompts,
    seats,
    setup,
    system_command,
    to_act,
)
from .state import evolve, initial_state
from .view import board_targets, describe, redact, render, scramble_hidden, turn, view

ID = "forbidden_alchemy_story"
TITLE = "Mansions of Madness: Forbidden Alchemy - the story game"
RULES_VERSION = "1"
PLAYER_COUNTS = (1, 2, 3, 4)  # investigators; the keeper is one more seat
# Setup options the conformance suite also starts from (Story 1 is the default).
SCENARIOS = {"story 3": {"story": "3"}, "keeper played by the game": {"keeper": "system"}}

__all__ = [
    "BOTS",
    "COMMANDS",
    "EVENTS",
    "ID",
    "PLAYER_COUNTS",
    "RULES",
    "RULES_VERSION",
    "SCENARIOS",
    "TITLE",
    "board_targets",
    "decide",
    "describe",
    "evolve",
    "initial_state",
    "legal_commands",
    "options",
    "outcome",
    "prompts",
    "redact",
    "render",
    "scramble_hidden",
    "seats",
    "setup",
    "system_command",
    "to_act",
    "turn",
    "view",
]
