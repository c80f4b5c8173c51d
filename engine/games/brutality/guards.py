"""Small guards shared by the rules of a team's turn."""

from __future__ import annotations

from engine.core.errors import RuleViolation

from .state import Battle, Hero


def own_hero(state: Battle, seat: str, hero_id: str) -> Hero:
    h = state.heroes.get(hero_id)
    if h is None or h.team != seat:
        raise RuleViolation("brutality.turn.own-hero", f"{hero_id!r} is not a hero of team {seat}")
    if h.dead:
        raise RuleViolation("brutality.death.removed", f"{hero_id} is dead")
    return h


def require_on_board(h: Hero, what: str) -> None:
    if h.buried:
        rule = "brutality.bury.no-ability" if what == "ability" else "brutality.bury.no-move"
        raise RuleViolation(rule, f"{h.id} is buried")
