"""Fullmetal Alchemist: Brotherhood - The Promised Day: the co-op game of Central City.

1-4 players against the automated Homunculus turn (the system seat).
Rulebook: `../shared/rulebooks/promised-day.txt`; content (board, cards) is
stand-in data in `fixtures/promised_day/`.  The files follow docs/GAMES.md
("One shape: the files of a game").
"""

from engine.core.game import lazy_names

# `rules` imports the module `setup` as `from . import setup`: both stay
# eager, in this order, so that the name `setup` is the module while `rules`
# loads and the function afterwards.
from .rules import decide, outcome, system_command, to_act, turn
from .setup import options, seats, setup

# Each other name is loaded with its module when first asked for (a command
# imports only what it uses: engine/core/game.py, `lazy_names`).
lazy_names(__name__, {
    "bots": ("BOTS",),
    "commands": ("COMMANDS",),
    "events": ("EVENTS",),
    "legal": ("legal_commands", "prompts"),
    "position": ("from_position", "position"),
    "rulebook": ("RULES",),
    "scores": ("scores",),  # the replay's chart (docs/GAMES.md)
    "state": ("evolve", "initial_state"),
    "view": ("describe", "redact", "render", "scramble_hidden", "view"),
})

ID = "promised_day"
TITLE = "Fullmetal Alchemist: Brotherhood - The Promised Day"
# 2: boss arrival, Move of 0, start order corrected (see the rule table).
# 3: Envy's tokens cite their own rule, our reading "as in an Appearance" (issue #22).
RULES_VERSION = "3"
PLAYER_COUNTS = (1, 2, 3, 4)
POSITION_VERSION = 1  # docs/positions/promised_day.md
# The new-game form's line per option (the game has no turn timer: players talk it over).
OPTION_HELP = {
    "characters": "who plays, character ids separated by commas: two for 1 player, one per "
                  "player otherwise, among ed, al, mustang, hawkeye, greed, scar "
                  "(default: ed,al,mustang,scar, as many as needed)",
    "difficulty": "easy, normal or hard: 1, 2 or 3 Bosses on the board at set-up (default easy)",
    "empty_stock": "at-once or when-needed: an empty Stock loses the game as soon as it is "
                   "empty, or only when a soldier is needed from it (default at-once)",
}

__all__ = [
    "BOTS", "COMMANDS", "EVENTS", "ID", "OPTION_HELP", "PLAYER_COUNTS", "POSITION_VERSION",
    "RULES", "RULES_VERSION", "TITLE", "decide",
    "describe", "evolve", "from_position", "initial_state", "legal_commands", "options",
    "outcome", "position", "prompts", "redact", "render",
    "scramble_hidden", "seats", "setup", "system_command", "to_act", "turn", "view",
]
