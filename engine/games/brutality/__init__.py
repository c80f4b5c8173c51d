"""Brutality - two teams of two heroes, tactics with facing, knockback and hazards.

Rulebook: `../shared/rulebooks/brutality.txt`.  Content (hero sheets,
artifacts, relics, both boards) is stand-in data in `fixtures/brutality/`;
effects are a small vocabulary resolved one fact a step.

Modules, each importing only those above it: `content`, `rulebook`,
`events`, `commands`, `state` (the fold; seats and teams), `board` (what is
derived: footprints, occupancy, line of sight, reach, the hazard table),
`turn` (who may act now), `targeting` (who an ability or card may aim at),
`artifacts` (when an artifact may be used); the steps effects resolve in:
`effects` (damage, status, hazards entered), `knockback`, `burial`, `jumps`
(the Catapult), `relics` (cards and timing words); `resolution` (the queue
and the end of the game), `stack` (the effect stack and the windows to
answer), `phases` (phases 1, 2, 4, 5 and the end of the actions),
`movement` (Action: Move and the Ghost Knights), `abilities` (abilities and
artifacts used), `choices` (the setup choices and the draft), `setup`,
`rules` (decide, to_act, prompts, outcome), `legal`, `view`, `position`,
`scores`, `bots`.
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
    "rules": ("decide", "outcome", "prompts", "to_act", "turn"),
    "scores": ("scores",),  # the replay's chart (docs/GAMES.md)
    "setup": ("options", "seats", "setup"),
    "state": ("evolve", "initial_state", "same_side"),
    "view": ("describe", "redact", "render", "scramble_hidden", "view"),
})

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
# 5: issue #22 - a Catapult jump the player chooses is offered only where it can land: never
# onto or past a space that blocks movement (a Spiked Pillar, the icicles, a tank; a Ruined
# Wall is jumped over, not landed on) nor onto a hero who could not make room, so it is never
# placed short; an enemy's throw is offered only spaces the hero could stand on, and is still
# stopped short by a blocker on its way.
RULES_VERSION = "5"
PLAYER_COUNTS = (2, 4)
POSITION_VERSION = 1  # the shape of a position's sections (docs/positions/brutality.md)
# Setup options worth starting from (the conformance suite draws them).
SCENARIOS = {"ice-pit": {"board": "ice-pit", "tank_in_chain": "pushed"},
             "controlled-chaos": {"relics": "draft", "first_turn_bonus": "both"},
             "quick": {"start": "random"}}
# The new-game form's line per option (the game has no turn timer).
OPTION_HELP = {
    "board": "standard (8 by 6, the default) or ice-pit (the Gulthaen Ice Pit, ringed by "
             "icicle spikes)",
    "relics": "deck (one shared relic deck, the default) or draft (Controlled Chaos: each team "
              "drafts its own deck before the heroes are chosen)",
    "first_turn_bonus": "starting (the default: the fourth space of movement in the starting "
                        "team's first turn only) or both (each team's first turn)",
    "tank_in_chain": "blocks (the default: a hero knocked into a tank stops there) or pushed "
                     "(the tank is pushed along)",
    "start": "choose (the default: the teams pick heroes, corners, artifacts and hazards) or "
             "random (every setup choice drawn at random)",
}

__all__ = [
    "BOTS", "COMMANDS", "EVENTS", "ID", "OPTION_HELP", "PLAYER_COUNTS", "POSITION_VERSION",
    "RULES", "RULES_VERSION", "TITLE", "decide", "describe", "evolve", "from_position",
    "initial_state", "legal_commands", "options", "outcome", "position", "prompts", "redact",
    "render", "same_side", "scramble_hidden", "seats", "setup", "to_act", "turn", "view",
]
