"""Burial: the Grave Keeper's Buried Alive and rising from the grave
("Hazards > Gravestones").

Steps (see effects.py):

    ("bury-path", hero, direction, spaces)   ("unbury", hero, square)
"""

from __future__ import annotations

from engine.kit.resolution import Resolution
from engine.kit.squaregrid import Direction

from . import events as ev
from .board import (
    HAZARD_RULE,
    HAZARDS,
    blocking,
    board_grid,
    footprint,
    graves,
    occupants,
    to_square,
)
from .effects import arrive, damage


def bury_path(res: Resolution, hero_id: str, direction: str, spaces: int):
    """"Buried Alive" (as printed): the Grave Keeper travels in a straight line,
    burying each enemy whose space he enters (1 damage each); a blocking
    hazard or a friend stops him in the space before (our reading)."""
    heroes = res.state.heroes
    gk = heroes[hero_id]
    if not gk.on_board:
        return ()
    if spaces <= 0:
        stand = [b for b in graves(res.state).get(gk.square, ()) if heroes[b].team != gk.team]
        for buried in stand:
            damage(res, buried, 1, "brutality.ability.buried-alive.stand")
        return ()
    nxt = board_grid(res.state).step(to_square(gk.square), Direction[direction])
    kind = None if nxt is None else blocking(res.state, str(nxt))
    if nxt is None or kind:
        # A Spiked Pillar (or the icicles) that blocks his travel hurts him.
        bump = HAZARDS[kind]["bump"] if kind else 0
        if bump:
            damage(res, hero_id, bump, HAZARD_RULE[kind])
        return (("bury-path", hero_id, direction, 0),)
    there = occupants(res.state).get(str(nxt))
    if there is not None and heroes[there].team == gk.team:
        return (("bury-path", hero_id, direction, 0),)
    if there is not None:
        bury(res, there, str(nxt))
    before = footprint(res.state, gk)
    res.add(ev.HeroTravelled(rule="brutality.ability.buried-alive", hero=hero_id,
                             source=gk.square, to=str(nxt)))
    arrive(res, hero_id, before, "other")
    return (("bury-path", hero_id, direction, spaces - 1),)


def bury(res: Resolution, hero_id: str, square: str) -> None:
    h = res.state.heroes[hero_id]
    res.add(ev.HeroBuried(rule="brutality.bury.take", hero=hero_id, square=square))
    if h.hung:
        res.add(ev.NooseRemoved(rule="brutality.bury.noose", hero=hero_id, spent=0))
    damage(res, hero_id, 1, "brutality.ability.buried-alive")


def unbury(res: Resolution, hero_id: str, square: str):
    h = res.state.heroes[hero_id]
    if h.buried and not h.dead:
        res.add(ev.HeroUnburied(rule="brutality.bury.unbury", hero=hero_id, square=square))
        arrive(res, hero_id, (), "other")
    return ()


STEPS = {"bury-path": bury_path, "unbury": unbury}
