"""Knockback ("Knockback" and its sections: Knockback of Multiple Heroes,
Corner Spaces, Blocked Movement), the displacements it leads to, and the
Corpse Parts tile that can be knocked back too.

Steps (see effects.py):

    ("knockback", hero, direction, spaces, knocker team, mode)
    ("displace", hero, team, rule, exclude...)  ask `team` where `hero` goes
    ("knock-tile", square, direction, spaces)

`mode` is "direct" (the effect's target), "chain" (a hero pushed along), or
either with "retry-" in front once the heroes in the way were pushed first.
"""

from __future__ import annotations

from engine.kit.resolution import Resolution
from engine.kit.squaregrid import Direction, Square

from . import events as ev
from .board import (
    HAZARD_RULE,
    HAZARDS,
    blocker_name,
    blocking,
    board_grid,
    footprint,
    footprint_at,
    has_tile,
    is_corner,
    is_tank,
    occupants,
    open_for,
    to_square,
)
from .effects import Ask, arrive, damage


def knockback(res: Resolution, hero_id: str, direction: str, spaces: int, knocker: str,
              mode: str):
    """One space of knockback; the next space follows as a step of its own."""
    h = res.state.heroes[hero_id]
    if not h.on_board or spaces <= 0:
        return ()
    if h.hung:
        res.add(ev.NooseRemoved(rule="brutality.status.noose.knockback", hero=hero_id, spent=0))
    d = Direction[direction]
    chained = mode.endswith("chain")
    before = footprint(res.state, h)
    here = to_square(h.square)
    nxt = _step(res.state, here, d)
    target = None if nxt is None else footprint_at(res.state, h, nxt)
    if target is None:
        if is_corner(res.state, h.square) or any(is_corner(res.state, sq) for sq in before):
            return _stopped(res, h, "a corner space: the hero remains",
                            "brutality.knockback.corner")
        if chained:
            return _no_room(res, h, knocker)
        return _stopped(res, h, "the board edge", "brutality.knockback.edge")
    new = [sq for sq in target if sq not in before]
    for sq in new:
        kind = blocking(res.state, sq)
        if kind:
            if chained:
                return _no_room(res, h, knocker)
            _stopped(res, h, f"{blocker_name(kind)} movement", "brutality.knockback.blocked")
            bump = HAZARDS[kind]["bump"]
            return damage(res, hero_id, bump, HAZARD_RULE[kind]) if bump else ()
    taken = occupants(res.state)
    others = sorted({taken[sq] for sq in new if sq in taken})
    if others:
        tanks = [o for o in others if is_tank(res.state, res.state.heroes[o])]
        if tanks and res.state.options.get("tank_in_chain", "blocks") == "blocks":
            if chained:
                return _no_room(res, h, knocker)
            return _stopped(res, h, "a tank blocks movement", "brutality.knockback.tank")
        if mode.startswith("retry"):
            if chained:
                return _no_room(res, h, knocker)
            return _stopped(res, h, "the hero in the way could not be moved",
                            "brutality.knockback.chain")
        pushes = tuple(("knockback", o, direction, 1, knocker, "chain") for o in others)
        return pushes + (("knockback", hero_id, direction, spaces, knocker, "retry-" + mode),)
    res.add(ev.KnockedBack(rule=("brutality.knockback.chain" if chained
                                 else "brutality.knockback.move"),
                           hero=hero_id, source=h.square, to=str(nxt), direction=direction))
    stop, steps = arrive(res, hero_id, before, "knock", knocker)
    if stop:
        return steps  # a Pike Trap stops the hero; a Catapult launches them instead
    if spaces > 1:
        return (("knockback", hero_id, direction, spaces - 1, knocker,
                 mode.removeprefix("retry-")),)
    return ()


def _step(state, square: Square, d: Direction) -> Square | None:
    return board_grid(state).step(square, d)


def _stopped(res: Resolution, h, why: str, rule: str):
    res.add(ev.KnockbackStopped(rule=rule, hero=h.id, square=h.square, why=why))
    return ()


def _no_room(res: Resolution, h, knocker: str):
    """"Knockback of Multiple Heroes": no open space in the push's direction for
    a hero pushed along; the knocker chooses another adjacent space."""
    choices = displace_choices(res.state, h)
    if not choices:
        return _stopped(res, h, "no open space around it", "brutality.knockback.no-room")
    return Ask(knocker, "displace", h.id, choices, "brutality.knockback.no-room")


def displace_choices(state, h, exclude: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Open spaces adjacent to a hero (diagonals too) where it could stand."""
    here = set(footprint(state, h))
    found = []
    for d in Direction:
        nxt = board_grid(state).step(to_square(h.square), d)
        spot = None if nxt is None else footprint_at(state, h, nxt)
        if spot and open_for(state, h, spot) and not (set(spot) & set(exclude)) \
                and set(spot) != here:
            found.append(str(nxt))
    return tuple(sorted(found))


def displace(res: Resolution, hero_id: str, team: str, rule: str, *exclude: str):
    """Ask `team` where a hero goes (an adjacent open space), as a step."""
    h = res.state.heroes[hero_id]
    if not h.on_board:
        return ()
    choices = displace_choices(res.state, h, exclude)
    if not choices:
        return _stopped(res, h, "no open space around it", "brutality.knockback.no-room")
    return Ask(team, "displace", hero_id, choices, rule)


def answer_displace(res: Resolution, hero_id: str, team: str, square: str,
                    rule: str = "") -> tuple:
    """The asked team put the hero on `square`: a knockback, unless the hero
    only steps aside for a jumper (then the noose stays on)."""
    h = res.state.heroes[hero_id]
    before = footprint(res.state, h)
    if h.hung and rule != "brutality.jump.blocked":
        res.add(ev.NooseRemoved(rule="brutality.status.noose.knockback", hero=hero_id, spent=0))
    res.add(ev.HeroDisplaced(rule="brutality.prompt.answer", hero=hero_id, source=h.square,
                             to=square, team=team))
    return arrive(res, hero_id, before, "knock", team)[1]


def knock_tile(res: Resolution, square: str, direction: str, spaces: int):
    """"Corpse Parts: Forced Movement": the tile is knocked back one space at a
    time.  Our reading: it stops before the edge, a blocking space, another
    hazard (hazards never stack) or a hero."""
    hazard = res.state.hazards.get(square)
    if hazard is None or spaces <= 0:
        return ()
    nxt = _step(res.state, to_square(square), Direction[direction])
    why = ("the board edge" if nxt is None else
           "another hazard" if has_tile(res.state, str(nxt)) else
           "a hero" if str(nxt) in occupants(res.state) else "")
    if why:
        res.add(ev.HazardStopped(rule="brutality.hazard.corpse-parts.knockback",
                                 kind=hazard.kind, square=square, why=why))
        return ()
    res.add(ev.HazardKnockedBack(rule="brutality.hazard.corpse-parts.knockback",
                                 kind=hazard.kind, source=square, to=str(nxt),
                                 direction=direction))
    return (("knock-tile", str(nxt), direction, spaces - 1),)


STEPS = {"knockback": knockback, "displace": displace, "knock-tile": knock_tile}
