"""`duel`: a small TEST-ONLY game that exercises every piece of the engine
core (secret commands and their reveal, a prompt, a reaction window, the
system seat with a dice roll, a turn deadline, an upcast event version).
It is not listed for users; tests make it available with
`register("duel", "tests.games.duel")`, subprocesses with
`BOARDLOG_EXTRA_GAMES="duel=tests.games.duel"` and the repo root on
PYTHONPATH.

Two seats, red and blue, 10 life each; at most 5 rounds.  A round: both
choose a secret stance (attack/guard); red (odd rounds) or blue (even)
takes the first turn, the other the second: `strike` (2, +1 attacking,
-1 against a guard), then `aim head` (+1, the striker loses 1) or
`aim body`; then the defender may `parry` (heal 1) while the striker may
`end`.  Then the system's storm: a d6, 5-6 costs both 1 life.  0 life
loses; after round 5 more life wins.  Option `timer=N` gives each turn a
deadline of N seconds, enforced by the system seat.
"""

from .commands import COMMANDS
from .events import EVENTS, UPCASTERS
from .position import from_position, position
from .rules import (
    RULES,
    decide,
    legal_commands,
    options,
    outcome,
    prompts,
    seats,
    setup,
    system_command,
    to_act,
    turn,
)
from .state import evolve, initial_state
from .view import BOTS, describe, redact, render, scramble_hidden, view

ID = "duel"
TITLE = "Duel (test game)"
RULES_VERSION = "1"
POSITION_VERSION = 1
PLAYER_COUNTS = (2,)

__all__ = [
    "BOTS", "COMMANDS", "EVENTS", "ID", "PLAYER_COUNTS", "POSITION_VERSION", "RULES", "RULES_VERSION", "TITLE",
    "UPCASTERS", "decide", "describe", "evolve", "initial_state",
    "from_position", "legal_commands", "options", "outcome", "position", "prompts", "redact", "render", "scramble_hidden",
    "seats", "setup", "system_command", "to_act", "turn", "view",
]
