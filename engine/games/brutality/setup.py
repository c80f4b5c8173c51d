"""Options and set-up ("Setup"): the board, the content in play, the starting
team and the relic deck (or the draft's stacks); the teams' alternating
choices follow as their commands (`choices.py`), or all at random with the
option start=random.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from engine.core.errors import BadOptions
from engine.core.events import Event

from . import content
from . import events as ev
from .choices import DRAFT_STACK, candidates, choose, chooser
from .state import SETUP_PHASES, SHARED, TEAMS, evolve, initial_state

# Setup options: where the rulebook is silent and players could reasonably
# disagree, the reading is an option (defaults first; see rulebook.py).
OPTIONS = {
    "board": tuple(sorted(content.boards())),
    "relics": ("deck", "draft"),             # draft: "Alternate Rule Set: Controlled Chaos"
    "first_turn_bonus": ("starting", "both"),
    "tank_in_chain": ("blocks", "pushed"),
    "start": ("choose", "random"),          # random: every setup choice drawn by the dice
}
DEFAULTS = {"board": "standard", "relics": "deck", "first_turn_bonus": "starting",
            "tank_in_chain": "blocks", "start": "choose"}


def options(players: int | None, raw: dict[str, str]) -> dict[str, Any]:
    """`board` (standard / ice-pit), `relics` (deck / draft), `first_turn_bonus`
    (starting / both), `tank_in_chain` (blocks / pushed), `start` (choose /
    random: the setup choices drawn at random, for demos and quick games)."""
    unknown = sorted(set(raw) - set(OPTIONS))
    if unknown:
        raise BadOptions(f"unknown option {unknown[0]!r} for brutality "
                         f"(known: {', '.join(sorted(OPTIONS))})")
    if players not in (None, 2, 4):
        raise BadOptions(f"--players: two teams of one player (2) or of two (4), not {players}")
    chosen = {**DEFAULTS, **raw}
    for key, value in chosen.items():
        if value not in OPTIONS[key]:
            raise BadOptions(f"option {key}={value!r}: one of {', '.join(OPTIONS[key])}")
    return {**chosen, "players": players or 2}


def seats(opts: dict[str, Any]) -> tuple[str, ...]:
    """A seat per team, or with four players one per hero ("north-1", "north-2", ...)."""
    if opts.get("players", 2) == 4:
        return tuple(f"{team}-{n}" for team in TEAMS for n in (1, 2))
    return TEAMS


def setup(opts: dict[str, Any], dice) -> list[Event]:
    facts = _setup_facts(opts, dice)
    if opts.get("start") == "random":
        facts += _random_choices(facts, dice)
    return facts


def _random_choices(facts: list[Event], dice) -> list[Event]:
    """Every setup choice made at random, team by team as the rules ask, up to
    the first turn (not in the rulebook: a quick start for demos and tests)."""
    ctx = SimpleNamespace(dice=dice)  # all a setup choice reads: the dice of a draft's end
    state = initial_state()
    for fact in facts:
        state = evolve(state, fact)
    chosen: list[Event] = []
    while state.phase in SETUP_PHASES:
        team = chooser(state)
        command = dice.choice(sorted(candidates(state, team), key=lambda c: c.notation()))
        for fact in choose(state, team, command, ctx):
            chosen.append(fact)
            state = evolve(state, fact)
    return chosen


def _setup_facts(opts: dict[str, Any], dice) -> list[Event]:
    board = content.boards()[opts["board"]]
    relics = content.relics()
    return [
        ev.GameConfigured(rule="brutality.setup.options", options=dict(opts)),
        ev.BoardLaidOut(rule=("brutality.board.ice-pit" if opts["board"] == "ice-pit"
                              else "brutality.setup.board"),
                        board=opts["board"], name=board["name"], width=board["width"],
                        height=board["height"], icicles=tuple(board["icicles"]),
                        starts={t: tuple(s) for t, s in board["starts"].items()}),
        ev.HeroSheetsListed(rule="brutality.setup.content", heroes=content.heroes()),
        ev.ArtifactsListed(rule="brutality.setup.content", artifacts=content.artifacts()),
        ev.RelicsListed(rule="brutality.setup.content", relics=relics),
        ev.StartingTeamChosen(rule="brutality.setup.start-team", team=dice.choice(TEAMS)),
        _draft_stacks(relics, dice) if opts["relics"] == "draft" else
        ev.RelicDeckShuffled(rule="brutality.setup.relic-deck", pile=SHARED,
                             order=tuple(dice.shuffled(content.relic_cards(relics)))),
    ]


def _draft_stacks(relics: dict, dice) -> ev.DraftStacksDealt:
    """Four face-down stacks of random cards, one per relic type; the rest go
    back in the box."""
    cards = content.relic_cards(relics)
    stacks = {}
    for kind in content.RELIC_TYPES:
        of_kind = [c for c in cards if relics[content.relic_of(c)]["type"] == kind]
        stacks[kind] = tuple(dice.shuffled(of_kind))[:DRAFT_STACK]
    return ev.DraftStacksDealt(rule="brutality.draft.stacks", stacks=stacks)
