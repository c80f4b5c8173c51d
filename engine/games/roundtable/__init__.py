"""Anna's Roundtable - the fan-made Fire Emblem board game, 1 vs 1.

Rulebook: `../shared/rulebooks/annas-roundtable.txt`.  Content (unit
cards, maps, VP cards, shop cards) is stand-in data in `fixtures/roundtable/`.

1 vs 1: setup with the mulligan, the turn structure, deploying (also with
[Haste] for 3 DV), moving with the terrain table, attacking and the whole of
combat, unit death, capturing, work, retire, discards, shifting a Gray unit,
buying and using shop cards (items, attachments, reactions), the DV Map
Tile and BUMP, the assist tags, unit skills (passives, assists, specials,
reaction specials) through the effect primitives of `effects.py`, and our
end rule.

Boss Mode (`boss.py`, 2-4 players): the boss schedule, player turns with
the Boss Mode DV uses, attacking boss corners, lives, and the boss's turns
as system steps (start effects and summons, roll, move or attacks chosen by
the players, card - its effect on several units in the order the players
choose -, rotation), reaction specials against the boss's attacks;
summons (`summons.py`): minions and tokens placed by two dice, the boss's
reference card for a taken square, fighting minions; the clarifications
(an ally's unit Readied by a Dancer acts at once, [Pickpocket], "until your
next turn", area effects hit the boss once, the boss always outnumbers you,
moving enemies never moves the boss, "all units you control") and the boss
board's own unit action.

Modules, bottom to top (each imports only those before it in this list):
`content` (the stand-in content and its vocabulary), `rulebook`,
`boss_events` and `events` (the facts), `lines` (a fact in one line),
`commands`, `state` (the fold; it keeps the lines of the boss's latest turn),
`board` (what is derived from a state, memoised per state), then the
rulebook's topics: `movement`, `damage` (damage and Unit Death), `combat`,
`summons`, `effects`, `assists`, `boss`, `turn`, `cards`, `deploy`,
`dragon_vein`, `shop`, `attacks`, `actions`; then `names` (names as a player
types them), `setup`, `rules` (`decide` = the names spelled, the guards of
`check`, then the facts of `resolve`), `legal`
(candidates asked of that same `check`; `prompts`), `view`,
`position_checks` and `position` (the position format), `scores`, `bots`.
"""

from engine.core.game import lazy_names

# `rules` and `deploy` import the module `turn` as `from . import turn`, and
# the game's `turn` is view.py's: both stay eager, in this order, so that the
# name `turn` is the module while `rules` loads and the function afterwards.
from .rules import decide, outcome, system_command, to_act
from .view import describe, redact, render, scramble_hidden, turn, view

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
    "setup": ("options", "seats", "setup"),
    "state": ("evolve", "initial_state"),
})

ID = "roundtable"
TITLE = "Anna's Roundtable"
RULES_VERSION = "4"  # 4: non-lethal damage never deals a boss HP bar's last point, from an area
# effect too (no stand-in area effect is non-lethal; a held-back blow cites
# roundtable.boss.non-lethal); a card shown from a hidden hand (deployed, discarded, a shop card
# played or attached) is a commit point (roundtable-4 re-recorded: its deploys with nothing
# left to draw now are)
# 3: the players order a boss card's effect on several units; option bump
# 2: Boss Mode allies (pass, zones, ally passives); one [Haste] deploy a turn
PLAYER_COUNTS = (2, 3, 4)  # 3 and 4: Boss Mode
POSITION_VERSION = 1  # the shape of a position's sections (docs/positions/roundtable.md)
# The new-game form's line per option (the game has no turn timer: players talk it over).
OPTION_HELP = {
    "mode": "1v1 (two players against each other) or boss (2 to 4 players against a boss the "
            "system plays); default 1v1 for 2 players, boss for 3 or 4",
    "boss": "Boss Mode's boss: grima or medeus (default grima)",
    "map": "1 vs 1: default, pixel-art or nohr-hoshido (default default)",
    "first_game": "1 vs 1: yes leaves the two 8-point VP cards out (default no)",
    "end": "1 vs 1: vp-deck (the game ends when the VP deck runs out, or at the round limit) or "
           "rounds (only at the round limit); default vp-deck",
    "rounds": "1 vs 1: the round limit, a whole number (0: none, not with end=rounds; default 20)",
    "bump": "1 vs 1: orthogonal or any (a BUMP moves a unit to one of its 4 or 8 neighbours; "
            "default orthogonal)",
}
# Option sets worth exercising at every player count (the conformance suite draws from them).
SCENARIOS = {"boss mode": {"mode": "boss"}, "medeus": {"boss": "medeus"}}

__all__ = [
    "BOTS", "COMMANDS", "EVENTS", "ID", "OPTION_HELP", "PLAYER_COUNTS", "POSITION_VERSION", "RULES", "RULES_VERSION",
    "SCENARIOS", "TITLE",
    "decide", "describe", "evolve", "from_position", "initial_state", "legal_commands",
    "options", "outcome", "position", "prompts", "redact", "render", "scramble_hidden", "seats", "setup", "to_act",
    "system_command", "turn", "view",
]
