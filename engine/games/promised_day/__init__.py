"""Fullmetal Alchemist: Brotherhood - The Promised Day: the co-op game of Central City.

1-4 players against the automated Homunculus turn (the system seat).
Rulebook: `../shared/rulebooks/promised-day.txt`; content (board, cards) is
stand-in data in `fixtures/promised_day/`.  The files follow docs/GAMES.md
("One shape: the files of a game").
"""

from .bots import BOTS
from .commands import COMMANDS
from .events import EVENTS
from .legal import legal_commands, prompts
from .picture import board_graph, board_picture
from .position import from_position, position
from .rulebook import RULES
from .rules import decide, outcome, system_command, to_act, turn
from .scores import scores as scores  # the replay's chart (docs/GAMES.md)
from .setup import options, seats, setup
from .state import evolve, initial_state
from .view import board_targets, describe, redact, render, scramble_hidden, view

ID = "promised_day"
TITLE = "Fullmetal Alchemist: Brotherhood - The Promised Day"
# 2: boss arrival, Move of 0, start order corrected (see the rule table).
# 3: Envy's tokens cite their own rule, our reading "as in an Appearance" (issue #22).
RULES_VERSION = "3"
PLAYER_COUNTS = (1, 2, 3, 4)
POSITION_VERSION = 1  # docs/positions/promised_day.md

__all__ = [
    "BOTS", "COMMANDS", "EVENTS", "ID", "PLAYER_COUNTS", "POSITION_VERSION", "RULES",
    "RULES_VERSION", "TITLE", "board_graph", "board_picture", "board_targets", "decide",
    "describe", "evolve", "from_position", "initial_state", "legal_commands", "options",
    "outcome", "position", "prompts", "redact", "render",
    "scramble_hidden", "seats", "setup", "system_command", "to_act", "turn", "view",
]
