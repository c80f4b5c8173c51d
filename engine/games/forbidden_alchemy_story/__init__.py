"""Mansions of Madness: Forbidden Alchemy - the story game, investigators against the keeper.

1-4 investigators (`--players`) and the keeper, a seat of its own (or, with
the option keeper=system, played by the game itself on the system seat).  The
expansion's rules (Alchemy puzzles, from the objective or turned up by an
Exploration card; Side Effect cards; Combat cards, the new tests,
impassable borders, escaping for investigators and monsters, hiding with
Mists of Releh, byakhee secrecy, epilogues, the general and the three
stories' errata; Story 2's Seeds, time travel, Lock cards and The Pet; Side
Effect cards, Crawling Hand and Mutation tokens, Darkness, Trait, Obstacle and
replacement cards) on a small stand-in base game of our own, marked as ours
in the rule table.
Content is stand-in data in `fixtures/forbidden_alchemy_story/`; the
Alchemy puzzle is the `forbidden_alchemy` game's own rules and content.
"""

from engine.core.game import lazy_names

# Each name is loaded with its module when first asked for (a command imports
# only what it uses: engine/core/game.py, `lazy_names`).
lazy_names(__name__, {
    "bots": ("BOTS", "system_command"),
    "commands": ("COMMANDS",),
    "events": ("EVENTS",),
    "legal": ("legal_commands", "prompts"),
    "position": ("from_position", "position"),
    "rulebook": ("RULES",),
    "rules": ("decide", "outcome", "to_act", "turn"),
    "scores": ("scores",),  # the replay's chart (docs/GAMES.md)
    "setup": ("options", "seats", "setup"),
    "state": ("evolve", "initial_state"),
    "view": ("describe", "redact", "render", "scramble_hidden", "view"),
})

ID = "forbidden_alchemy_story"
TITLE = "Mansions of Madness: Forbidden Alchemy - the story game"
# 2: second pass - Alchemy puzzles turned up by Exploration cards, Side Effect cards
# act when drawn, Story 3 Objective 1C's swapped test, monsters escaping, errata items.
# 3: Story 2 (Lost in Time and Space): the Guest Bedroom, Seeds, the Time Period
# marker moving, Lock cards, The Pet; maps and monster kinds per story; every Side
# Effect card acts; Crawling Hand and Mutation tokens, Darkness, Trait and Obstacle
# cards, the replacement (R) cards; monster attacks by Combat card, evading monsters,
# items dropped by the eliminated.
# 4: second audit - escaping out of a monster's space evades it first; a byakhee's special
# attack that deals damage is examined (keeper, Keen Eye); a failed card puzzle's own
# effects come before the pieces go back; Leaden Limbs counts a run in its one space.
# 5: issue #22 - the Side Effect deck's four multi-investigator cards say to discard them
# (setup records the new texts); Story 3's Seed Cards errata: its map has the Guest
# Bedroom and each answer deals it a card, and the deals of Stories 2 and 3 cite the
# Seed Cards errata; Mutation tokens grow on monsters and corpses too (a killed monster
# leaves its corpse), and Writhing Growths counts those in the investigator's space.
RULES_VERSION = "5"
PLAYER_COUNTS = (1, 2, 3, 4)  # investigators; the keeper is one more seat
POSITION_VERSION = 1  # docs/positions/forbidden_alchemy_story.md
# The new-game form lists these (viewer/app.py); setup.options checks them.
OPTION_HELP = {
    "story": "1 Return of the Reanimator (default), 2 Lost in Time and Space or 3 Yellow Matter",
    "keeper": "player: the keeper is a seat of its own (default); system: the game plays the keeper",
    "characters": "the investigators, comma-separated, one per player: jenny-barnes, harvey-walters, "
    "michael-mcglen, mandy-thompson, darrell-simmins (default: in that order)",
    "traits": "a Trait card per investigator, comma-separated, of the two each offers "
    "(default: the first of each)",
}
# Setup options the conformance suite also starts from (Story 1 is the default).
SCENARIOS = {
    "story 2": {"story": "2"},
    "story 3": {"story": "3"},
    "keeper played by the game": {"keeper": "system"},
}

__all__ = [
    "BOTS",
    "COMMANDS",
    "EVENTS",
    "ID",
    "OPTION_HELP",
    "PLAYER_COUNTS",
    "POSITION_VERSION",
    "RULES",
    "RULES_VERSION",
    "SCENARIOS",
    "TITLE",
    "decide",
    "describe",
    "evolve",
    "from_position",
    "initial_state",
    "legal_commands",
    "options",
    "outcome",
    "position",
    "prompts",
    "redact",
    "render",
    "scores",
    "scramble_hidden",
    "seats",
    "setup",
    "system_command",
    "to_act",
    "turn",
    "view",
]
