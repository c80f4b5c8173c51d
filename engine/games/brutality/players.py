"""Seats: two players (a team each), or four (a team of two, one hero each).

"Choose Heroes": if a team has two players, each plays one hero.  Our
reading of who does what then: a team's first chosen hero is its player 1's
("north-1"), the second its player 2's; a player chooses, places, equips,
moves and uses the abilities and artifact of their own hero (and the Ghost
Knights it called); team decisions (the hazard, the draft, relic cards,
answers, passing and ending the turn) may be made by either player of the
team, and both see the team's relic hand.  The rules work by team: this
module turns a player's seat into a team at the edge.
"""

from __future__ import annotations

from engine.core.commands import Command
from engine.core.errors import RuleViolation

from . import rules
from .commands import MoveKnight, Pick
from .state import Battle
from .view import team_of


def _four(state: Battle) -> bool:
    return state.options.get("players") == 4


def team_seats(state: Battle, team: str) -> tuple[str, ...]:
    return (f"{team}-1", f"{team}-2") if _four(state) else (team,)


def controller(state: Battle, hero_id: str) -> str:
    """The seat that plays a hero: its team's, or with four players the team's
    player 1 for its first chosen hero and player 2 for the second."""
    hero = state.heroes[hero_id]
    if not _four(state):
        return hero.team
    order = [h.id for h in state.team_heroes(hero.team)]
    return f"{hero.team}-{order.index(hero_id) + 1}"


def controls(state: Battle, seat: str, command: Command) -> bool:
    """May this player issue `command` for their team?"""
    if not _four(state):
        return True
    team = team_of(seat)
    if isinstance(command, Pick):
        return seat == f"{team}-{len(state.team_heroes(team)) + 1}"
    hero = getattr(command, "hero", None)
    if isinstance(command, MoveKnight):
        knight = state.hazards.get(command.source)
        hero = knight.owner if knight else None
    if hero in state.heroes:
        return controller(state, hero) == seat
    return True


def decide(state: Battle, seat: str, command: Command, ctx) -> list:
    if not controls(state, seat, command):
        raise RuleViolation("brutality.players.hero", "with four players, each plays their own hero "
                            "(the team's first chosen hero is player 1's)")
    return rules.decide(state, team_of(seat), command, ctx)


def legal_commands(state: Battle, seat: str) -> list[Command]:
    return [c for c in rules.legal_commands(state, team_of(seat)) if controls(state, seat, c)]


def to_act(state: Battle) -> tuple[str, ...]:
    return tuple(seat for team in rules.to_act(state) for seat in team_seats(state, team))
