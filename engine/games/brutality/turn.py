"""Who may act now ("Your Team's Turn", "Choose Heroes"): the guards that
every command of a team's turn passes first.

Each guard gives the `Refusal` that refuses the command, or None; `decide`
raises it and `legal_commands` keeps only what passes, so both ask the same
question.

With four players a team has two ("north-1", "north-2").  Our reading of who
does what then ("Choose Heroes": each plays one hero): a team's first chosen
hero is its player 1's, the second its player 2's; a player chooses, places,
equips, moves and uses the abilities and artifact of their own hero (and
the Ghost Knights it called); team decisions (the hazard, the draft, relic
cards, answers, passing and ending the turn) may be made by either player
of the team, and both see the team's relic hand.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.commands import Command
from engine.core.errors import RuleViolation

from .commands import MoveKnight, Pick
from .state import ACTIONS, Battle, Hero, team_of


class Refusal(NamedTuple):
    """Why a command is refused: the rule it breaks and plain words.  Every
    guard gives one (cheap to make: `legal_commands` asks the guards about
    every candidate) or None; `decide` raises it as a `RuleViolation`."""

    rule: str
    reason: str

    def error(self) -> RuleViolation:
        return RuleViolation(self.rule, self.reason)


def actions_refusal(state: Battle) -> Refusal | None:
    """Turn commands wait for the action phase, and for any question asked."""
    if state.phase != ACTIONS:
        return Refusal("brutality.turn.phases", "the teams are still setting up")
    if state.question:
        team, _, hero, _ = state.question
        return Refusal("core.prompt", f"waiting for {team} to answer a question about {hero}")
    return None


def turn_refusal(state: Battle, team: str) -> Refusal | None:
    """Moving, abilities, knights and ending the actions: the active team's, in
    its action phase, before it ends its actions."""
    refusal = actions_refusal(state)
    if refusal:
        return refusal
    if team != state.active:
        return Refusal("brutality.turn.active", f"it is {state.active}'s turn")
    if state.closing is not None:
        return Refusal("brutality.timing.end", "the team has ended its actions: only "
                       "\"End of...\" cards until phase 4")
    return None


def heroes_named(state: Battle, team: str) -> str:
    """A team's heroes as a refusal offers them: "demon-king (Rangoth, The Demon King), ..."."""
    return ", ".join(f"{h.id} ({state.sheets.get(h.id, {}).get('name', h.id)})"
                     for h in state.team_heroes(team)) or "none yet"


def not_yours(state: Battle, team: str, hero_id: str) -> str:
    return f"{hero_id!r} is not a hero of team {team} (its heroes: {heroes_named(state, team)})"


def own_hero(state: Battle, team: str, hero_id: str) -> Hero:
    """The team's own living hero called `hero_id` (else refused)."""
    h = state.heroes.get(hero_id)
    if h is None or h.team != team:
        raise RuleViolation("brutality.turn.own-hero", not_yours(state, team, hero_id))
    if h.dead:
        raise RuleViolation("brutality.death.removed", f"{hero_id} is dead")
    return h


def on_board_refusal(h: Hero, what: str) -> Refusal | None:
    """A buried hero neither moves nor uses abilities ("Gravestones")."""
    if not h.buried:
        return None
    rule = "brutality.bury.no-ability" if what == "ability" else "brutality.bury.no-move"
    return Refusal(rule, f"{h.id} is buried")


# ---- a team of two players ---------------------------------------------------------------------
def controller(state: Battle, hero_id: str) -> str:
    """The seat that plays a hero: its team's, or with four players the team's
    player 1 for its first chosen hero and player 2 for the second."""
    hero = state.heroes[hero_id]
    if state.options.get("players") != 4:
        return hero.team
    order = [h.id for h in state.team_heroes(hero.team)]
    return f"{hero.team}-{order.index(hero_id) + 1}"


def seat_refusal(state: Battle, seat: str, command: Command) -> Refusal | None:
    """With four players, each player acts for their own hero (and its knights)."""
    if state.options.get("players") != 4:
        return None
    team = team_of(seat)
    if isinstance(command, Pick):
        mine = seat == f"{team}-{len(state.team_heroes(team)) + 1}"
    else:
        hero = getattr(command, "hero", None)
        if isinstance(command, MoveKnight):
            knight = state.hazards.get(command.source)
            hero = knight.owner if knight else None
        mine = hero not in state.heroes or controller(state, hero) == seat
    if mine:
        return None
    return Refusal("brutality.players.hero", "with four players, each plays their own "
                   "hero (the team's first chosen hero is player 1's)")
