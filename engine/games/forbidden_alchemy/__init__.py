"""Mansions of Madness: Forbidden Alchemy - one Alchemy puzzle attempt, solo.

Rulebook sections "Alchemy Puzzles" and "Side Effect Cards"; content
(tiles, pieces, investigators, cards) is stand-in data in
`fixtures/forbidden_alchemy/`.
"""

from .bots import BOTS
from .commands import COMMANDS
from .events import EVENTS
from .rulebook import RULES
from .rules import decide, legal_commands, options, outcome, seats, setup, to_act
from .scores import scores as scores  # the replay's chart (docs/GAMES.md)
from .state import evolve, initial_state
from .view import board_targets, describe, redact, render, scramble_hidden, turn, view

ID = "forbidden_alchemy"
TITLE = "Mansions of Madness: Forbidden Alchemy - Alchemy puzzle"
RULES_VERSION = "1"
PLAYER_COUNTS = (1, 2, 3, 4)  # investigators in the story; one of them attempts the puzzle

__all__ = [
    "BOTS", "COMMANDS", "EVENTS", "ID", "PLAYER_COUNTS", "board_targets", "RULES", "RULES_VERSION", "TITLE", "decide", "describe",
    "evolve", "initial_state", "legal_commands", "options", "outcome", "render", "scramble_hidden",
    "redact", "seats", "setup", "to_act", "turn", "view",
]
