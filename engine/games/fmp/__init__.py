"""Full Metal Planète: 2 to 4 Freighters mining a tidal planet for 25 turns.

Rulebook: `../shared/rulebooks/full-metal-planete.txt` with the tables the
scan lost (`full-metal-planete-gaps.md`).  The map is stand-in data in
`fixtures/fmp/map.toml`; hexes use the kit's hex grid and notation.

Modules, each importing only those above it (docs/GAMES.md, "One shape"):
`content` (the map), `rulebook` (the rule table), `events`, `commands`,
`state` (the fold), `board` (what is derived: tide effects, fire zones,
pontoon support, what a Freighter holds); the actions of a turn by
rulebook section: `units` (the guards they share), `pontoons`,
`transporters`, `weather_hen`, `deployment`, `freighter` (taking one),
`movement`, `destroyers` (fire, capture, neutralisation), `assault` (the
Theory of the Second Unit); `names` (names as a player types them); `setup`
(options and "Mission start"),
`rules` (`decide`, the landing, the tide phase, turns, the mission's end),
`legal`, `view`, `position` (the position format), `scores`, `bots`.
The board picture is the viewer's (`viewer/pictures/fmp.py`).
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
    "rules": ("clock", "decide", "outcome", "prompts", "system_command", "to_act", "turn"),
    "scores": ("scores",),  # the replay's chart (docs/GAMES.md)
    "setup": ("options", "seats", "setup"),
    "state": ("evolve", "initial_state"),
    "view": ("describe", "redact", "render", "scramble_hidden", "view"),
})

ID = "fmp"
TITLE = "Full Metal Planète"
RULES_VERSION = "5"  # 5: two tanks of a player never end up on neighbouring mountains by a retreat, a capture or the taking of a Freighter either, not only by a move, unload, laying or deployment (issue #22) (4: a Weather Hen lays aboard a transporter with room; nothing unloaded into a Freighter through a pod under unfavourable fire; the Heap never aboard a transporter on a mountain; a barge retreats keeping the hex beside its new one; a departing Freighter takes its turrets off the map (3: the Heap never on a pontoon over a mountain, where a tank keeps its mountain range; no neutralising from under unfavourable fire; a departed Freighter lets nothing out (2: simultaneous deployment, timed turns 1-2, no fire from under unfavourable fire, Weather Hen inoperative under fire)))
PLAYER_COUNTS = (2, 3, 4)
POSITION_VERSION = 1  # the shape of a position's sections (docs/positions/fmp.md)
DEFAULT_BOT = "greedy"  # demo games should look like play (issue #7: selfplay fmp is greedy by default)
# A game started from the viewer is played by people: the three-minute turn is on
# unless they say timer=off (bots, tests and the CLI keep the option's default, off).
PLAY_OPTIONS = {"timer": "on"}
# The new-game form's line per option.
OPTION_HELP = {
    "timer": "on (three minutes a turn: what a game started here gets unless you say timer=off), "
             "off (no clock: the default of bots and the command line) or a number of seconds a turn",
}

__all__ = [
    "BOTS", "COMMANDS", "DEFAULT_BOT", "EVENTS", "ID", "OPTION_HELP", "PLAYER_COUNTS", "PLAY_OPTIONS", "POSITION_VERSION", "RULES",
    "RULES_VERSION", "TITLE",
    "clock", "decide", "describe", "evolve", "from_position", "initial_state", "legal_commands",
    "options",
    "outcome", "position", "prompts", "redact", "render", "scramble_hidden", "seats", "setup", "system_command", "to_act",
    "turn", "view",
]
