"""Mansions of Madness: Forbidden Alchemy - one Alchemy puzzle attempt, solo.

Rulebook sections "Alchemy Puzzles" and "Side Effect Cards"; content
(tiles, pieces, investigators, cards) is stand-in data in
`fixtures/forbidden_alchemy/`.  The story game plays its puzzles with
these rules (`forbidden_alchemy_story`).
"""

from engine.core.game import lazy_names

# Each name is loaded with its module when first asked for (a command imports
# only what it uses: engine/core/game.py, `lazy_names`).
lazy_names(__name__, {
    "bots": ("BOTS",),
    "commands": ("COMMANDS",),
    "events": ("EVENTS",),
    "legal": ("legal_commands",),
    "position": ("from_position", "position"),
    "rulebook": ("RULES",),
    "rules": ("decide", "outcome", "to_act", "turn"),
    "scores": ("scores",),  # the replay's chart (docs/GAMES.md)
    "setup": ("options", "seats", "setup"),
    "state": ("evolve", "initial_state"),
    "view": ("describe", "redact", "render", "scramble_hidden", "view"),
})

ID = "forbidden_alchemy"
TITLE = "Mansions of Madness: Forbidden Alchemy - Alchemy puzzle"
# 2: the four multi-investigator Side Effect cards' stand-in texts say to discard them,
# as their flag does (issue #22): setup records the deck with the new texts.
RULES_VERSION = "2"
PLAYER_COUNTS = (1, 2, 3, 4)  # investigators in the story; one of them attempts the puzzle
POSITION_VERSION = 1  # docs/positions/forbidden_alchemy.md
# The new-game form lists these (viewer/app.py); setup.options checks them.
OPTION_HELP = {
    "tile": "the setup tile: 10A or 10B (six edges) or 11A (eight edges); default 10A",
    "investigator": "who attempts the puzzle: jenny-barnes (default), harvey-walters, "
                    "michael-mcglen or mandy-thompson",
    "investigators": "how many investigators play the story, 1 to 4 (as --players); default 1",
}

__all__ = [
    "BOTS", "COMMANDS", "EVENTS", "ID", "OPTION_HELP", "PLAYER_COUNTS", "POSITION_VERSION", "RULES", "RULES_VERSION",
    "TITLE", "decide", "describe", "evolve", "from_position", "initial_state",
    "legal_commands", "options", "outcome", "position", "redact", "render", "scores",
    "scramble_hidden", "seats", "setup", "to_act", "turn", "view",
]
