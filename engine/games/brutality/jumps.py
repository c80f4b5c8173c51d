"""Jumping: the Catapult's launch and where a jumping hero lands.

A jump goes up to two spaces in any of the eight directions.  Spaces that
block movement cannot be jumped into or over (a Ruined Wall may be jumped
over: "Blocked Movement").  A hero who moved onto the Catapult chooses a
jump, and is offered only the landings it can take (`jump_refusal`); a hero
knocked onto it by an enemy is thrown where the enemy chooses, and that
forced jump comes down in the closest space before anything that blocks
it, as a knockback does.  Landing on a hero pushes them on ("Catapult");
landing on a hero in a corner lets the jumper choose an adjacent space
instead ("Corner Spaces").

Steps (see effects.py):

    ("catapult", hero, team, mode)          ask `team` where `hero` jumps
    ("jump", hero, landing, team, mode)     jump towards `landing`
    ("land", hero, anchor, team, mode, how) come down on `anchor`
`mode` is "move" (the hero moved in) or "knock" (an enemy knocked them in).
"""

from __future__ import annotations

from engine.kit.resolution import Resolution
from engine.kit.squaregrid import Direction, Square

from . import effects, knockback
from . import events as ev
from .board import (
    HAZARD_RULE,
    HAZARDS,
    blocker_name,
    blocking,
    board_grid,
    footprint,
    footprint_at,
    is_corner,
    is_tank,
    occupants,
    open_for,
    to_square,
)
from .effects import Ask, arrive, resolve_steps
from .state import Battle, evolve
from .turn import Refusal

JUMP = 2  # "Catapult": up to 2 spaces


def landings(state, h) -> tuple[str, ...]:
    """Every space a jump from the hero's place could aim at, on the board."""
    g, here = board_grid(state), to_square(h.square)
    found = []
    for d in Direction:
        for k in range(1, JUMP + 1):
            nxt = g.step(here, d, k)
            if nxt is not None and footprint_at(state, h, nxt):
                found.append(str(nxt))
    return tuple(sorted(found))


def catapult(res: Resolution, hero_id: str, team: str, mode: str):
    """Ask where the hero jumps: the landings the jump may aim at, and for a
    hero who moved in, staying put."""
    h = res.state.heroes[hero_id]
    if not h.on_board:
        return ()
    aims = tuple(sq for sq in landings(res.state, h)
                 if jump_refusal(res.state, h, sq, mode) is None)
    if mode == "move":
        return Ask(team, "jump-move", hero_id, aims + ("stay",), "brutality.hazard.catapult")
    if not aims:  # hemmed in on every side: the hero stays on the Catapult
        res.add(ev.JumpCutShort(rule="brutality.jump.blocked", hero=hero_id, square=h.square,
                                why="no space to come down on"))
        return ()
    return Ask(team, "jump-knock", hero_id, aims, "brutality.hazard.catapult.knockback")


def jump_refusal(state: Battle, h, landing: str, mode: str) -> Refusal | None:
    """Why a jump from the hero's Catapult may not aim at `landing` (None: it may).

    Either way it comes down only where it could stand: no blocking hazard and
    no tank there.  A jump the hero chooses (`mode` "move") is moreover never
    placed short: nothing on its way that cannot be jumped over, and a hero
    landed on must make room (our reading: the placing-short rule of "Blocked
    Movement" serves forced moves, so a chosen jump cannot be aimed where it
    would need it).  An enemy's throw (`mode` "knock") may be stopped on the
    way."""
    if landing not in landings(state, h):
        return Refusal("brutality.hazard.catapult", f"{landing!r}: a jump goes one or two "
                       "spaces in one of the eight directions, and stays on the board")
    here, there = to_square(h.square), to_square(landing)
    d = board_grid(state).direction_between(here, there)
    n = max(abs(there.col - here.col), abs(there.row - here.row))
    kind = _blocker(state, h, footprint_at(state, h, there), over=False)
    if kind:
        return Refusal("brutality.jump.blocked", f"{blocker_name(kind)} movement: no jump "
                       f"comes down on {landing}")
    if mode != "move":
        return None
    on_way = board_grid(state).step(here, d, 1)
    kind = _blocker(state, h, footprint_at(state, h, on_way), over=True) if n == 2 else None
    if kind:
        return Refusal("brutality.jump.blocked", f"{blocker_name(kind)} movement: no jump "
                       f"passes over {on_way}")
    if not _comes_down(state, h, landing):
        return Refusal("brutality.jump.blocked", f"the hero on {landing} could not make "
                       "room: the jump would come down short")
    return None


def _comes_down(state: Battle, h, landing: str) -> bool:
    """Does a chosen jump land where it is aimed?  Resolved on a copy up to its
    first question: the heroes landed on are hurt and pushed first, and if one
    of them cannot be moved out of the way the jumper would be placed short."""
    taken = occupants(state)
    if not any(taken.get(sq, h.id) != h.id for sq in footprint_at(state, h, to_square(landing))):
        return True  # nobody to push: the static checks said it all
    trial = Resolution(state, evolve)
    asked = resolve_steps(trial, (("jump", h.id, landing, h.team, "move"),), TRIAL_STEPS)
    if asked and asked[0].rule == "brutality.jump.blocked":  # a hero must step aside: short
        return False
    return not any(isinstance(f, ev.JumpCutShort)
                   or (isinstance(f, ev.HeroJumped) and f.hero == h.id and f.to != landing)
                   for f in trial.facts)


def _blocker(state, h, spots, over: bool) -> str | None:
    """What keeps the hero out of (or from jumping over) `spots`, if anything."""
    taken = occupants(state)
    for sq in spots:
        kind = blocking(state, sq)
        if kind and not (over and HAZARDS[kind]["jump_over"]):
            return kind
        other = taken.get(sq)
        if other and other != h.id and is_tank(state, state.heroes[other]):
            return "tank"
    return None


def jump(res: Resolution, hero_id: str, landing: str, team: str, mode: str):
    """Fly towards `landing`; stop short before anything that blocks."""
    s = res.state
    h = res.state.heroes[hero_id]
    here, there = to_square(h.square), to_square(landing)
    d = board_grid(s).direction_between(here, there)
    n = max(abs(there.col - here.col), abs(there.row - here.row))
    for k in range(1, n + 1):
        spots = footprint_at(s, h, board_grid(s).step(here, d, k))
        kind = _blocker(s, h, spots, over=k < n)
        if kind:
            short = board_grid(s).step(here, d, k - 1)
            res.add(ev.JumpCutShort(rule="brutality.jump.blocked", hero=hero_id, square=str(short),
                                    why=f"{blocker_name(kind)} the jump"))
            bump = HAZARDS.get(kind, {}).get("bump", 0)
            hurt = (("damage", hero_id, bump, HAZARD_RULE[kind]),) if bump else ()
            if k == 1:
                return hurt
            return hurt + (("land", hero_id, str(short), team, mode, "short"),)
    taken = occupants(s)
    under = sorted({taken[sq] for sq in footprint_at(s, h, there) if taken.get(sq, h.id) != h.id})
    if not under:
        return (("land", hero_id, landing, team, mode, "free"),)
    if any(is_corner(s, res.state.heroes[o].square) for o in under):
        choices = _near(s, h, there)
        if choices:
            return Ask(h.team, "land", hero_id, choices, "brutality.jump.corner")
        return (("land", hero_id, str(board_grid(s).step(here, d, n - 1)), team, mode, "short"),)
    steps: list[tuple] = []
    for o in under:
        friend = res.state.heroes[o].team == h.team
        if mode == "knock" and friend:
            steps.append(("damage", hero_id, 1, "brutality.hazard.catapult.land"))
        if mode == "knock" or not friend:
            steps.append(("damage", o, 1, "brutality.hazard.catapult.land"))
        steps.append(("knockback", o, d.name, 1, h.team, "chain"))
    return (*steps, ("land", hero_id, landing, team, mode, "onto"))


def _near(state, h, square: Square) -> tuple[str, ...]:
    """Open spaces adjacent to `square` where the jumper could come down."""
    found = []
    for nxt in board_grid(state).neighbours(square, diagonal=True):
        spots = footprint_at(state, h, nxt)
        if spots and open_for(state, h, spots):
            found.append(str(nxt))
    return tuple(sorted(found))


def land(res: Resolution, hero_id: str, anchor: str, team: str, mode: str, how: str):
    """Come down on `anchor`.  If a hero landed on could not be pushed away, come
    down in the closest space before it; a hero there steps aside to an
    adjacent space of their own team's choice ("Blocked Movement")."""
    s = res.state
    h = res.state.heroes[hero_id]
    if not h.on_board:
        return ()
    spots = footprint_at(s, h, to_square(anchor))
    taken = occupants(s)
    others = sorted({taken[sq] for sq in spots if taken.get(sq, h.id) != h.id})
    if others and how == "onto":
        here = to_square(h.square)
        d = board_grid(s).direction_between(here, to_square(anchor))
        back = board_grid(s).step(to_square(anchor), d.opposite)
        if back == here:
            res.add(ev.JumpCutShort(rule="brutality.jump.blocked", hero=hero_id, square=h.square,
                                    why="the hero landed on could not be moved"))
            return ()
        return (("land", hero_id, str(back), team, mode, "short"),)
    if others:
        asks = tuple(("displace", o, res.state.heroes[o].team, "brutality.jump.blocked", *spots)
                     for o in others)
        return (*asks, ("land", hero_id, anchor, team, mode, "cleared"))
    before = footprint(s, h)
    res.add(ev.HeroJumped(rule=("brutality.hazard.catapult" if mode == "move"
                                else "brutality.hazard.catapult.knockback"),
                          hero=hero_id, source=h.square, to=anchor))
    arrive(res, hero_id, before, "other")
    return ()


def answer_jump(res: Resolution, kind: str, hero_id: str, team: str, choice: str) -> tuple:
    """The answer to a "jump-..." or "land" question, as the steps that follow."""
    if kind == "land":
        return (("land", hero_id, choice, team, "move", "chosen"),)
    if choice == "stay":
        return ()
    return (("jump", hero_id, choice, team, kind.removeprefix("jump-")),)


STEPS = {"catapult": catapult, "jump": jump, "land": land}
# What a jump can set off before its first question: damage, pushes, landings.
TRIAL_STEPS = {**effects.STEPS, **knockback.STEPS, **STEPS}
